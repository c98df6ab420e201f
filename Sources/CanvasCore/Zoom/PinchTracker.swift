/// The state of one pinch in flight.
///
/// The zoom is derived from the gesture, never accumulated across it: the
/// zoom when the pinch began and the recognizer's scale then are kept, and
/// each update proposes start × (scale / baseline)^speed. Nothing is ever
/// written back into the recognizer, so a step that snapping rounds back to
/// the current zoom loses nothing: the finger movement behind it still
/// counts towards the next update. (Rebasing the recognizer before such a
/// step is what wedged a slow pinch on a stop in SwiftGridView 1.0.)
package struct PinchTracker: Hashable, Sendable {
    /// The zoom the proposals are relative to.
    public private(set) var start: Double
    /// The recognizer scale that corresponds to `start`.
    public private(set) var baseline: Double
    /// The zoom as of this pinch's last step; a different current zoom means
    /// someone changed it underneath the pinch.
    public private(set) var lastSeen: Double

    public init(zoom: Double, recognizerScale: Double) {
        start = zoom
        baseline = recognizerScale
        lastSeen = zoom
    }

    /// The zoom this recognizer scale asks for, after clamping and snapping.
    /// Rebases first when the zoom was changed underneath the pinch.
    public mutating func propose(recognizerScale: Double, currentZoom: Double, settings: ZoomSettings) -> Double {
        if currentZoom != lastSeen {
            start = currentZoom
            baseline = recognizerScale
            lastSeen = currentZoom
        }
        let raw = start * power(recognizerScale / baseline, settings.speed)
        return settings.snap(settings.clamp(raw))
    }

    /// Records the zoom a step left in place.
    public mutating func settle(at zoom: Double) {
        lastSeen = zoom
    }
}
