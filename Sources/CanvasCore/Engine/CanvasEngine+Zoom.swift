/// Zoom: settings, direct changes, the pinch, the two-finger tap.
///
/// A zoom step changes only `zoomScale` and the offset: the resolution and
/// the index are unzoomed, so its cost follows what is visible.
extension CanvasEngine {
    /// Replaces the zoom settings. Narrowing the limits brings the zoom back
    /// inside them; changing the axis re-applies the current scale to the
    /// new axes.
    /// - Throws: `CanvasError` for settings that do not hold together; nothing changes.
    @discardableResult
    public func setZoomSettings(_ settings: ZoomSettings) throws(CanvasError) -> [ZoomEvent] {
        try settings.validate()
        let axisChanged = settings.axis != zoomSettings.axis
        zoomSettings = settings
        let events = setZoomUnchecked(settings.clamp(zoomScale), anchor: viewportCenter)
        if axisChanged && events.isEmpty { viewportChanged() }
        return events
    }

    /// Sets the zoom directly: clamped, not snapped, anchored at the
    /// middle of the window. Reports the change, or nothing when unchanged.
    /// - Throws: `CanvasError.nonFinite` or `.invalidArgument` for a non-positive scale.
    @discardableResult
    public func setZoom(_ scale: Double) throws(CanvasError) -> [ZoomEvent] {
        guard scale.isFinite else { throw CanvasError(.nonFinite, "zoom scale is not finite") }
        guard scale > 0 else { throw CanvasError(.invalidArgument, "zoom scale must be positive, got \(scale)") }
        return setZoomUnchecked(zoomSettings.clamp(scale), anchor: viewportCenter)
    }

    /// The two-finger tap: back to 1 (clamped); nothing when already there.
    @discardableResult
    public func twoFingerTap() -> [ZoomEvent] {
        setZoomUnchecked(zoomSettings.clamp(1), anchor: viewportCenter)
    }

    /// True from a pinch's `began` until its end, cancel or failure.
    public var isPinching: Bool { pinch != nil }

    /// Feeds one recognizer event. See `PinchTracker` for why the zoom is
    /// derived from the gesture's start instead of accumulated.
    /// - Returns: what to tell the host, in order.
    public func handlePinch(_ event: PinchEvent) -> [ZoomEvent] {
        switch event.phase {
        case .began:
            guard zoomSettings.isPinchEnabled else { return [] }
            stopMotion()
            let baseline = event.scale.isFinite && event.scale > 0 ? event.scale : 1
            pinch = PinchTracker(zoom: zoomScale, recognizerScale: baseline)
            return [.willBegin]
        case .changed:
            guard var tracker = pinch, zoomSettings.isPinchEnabled,
                  event.touches >= 2, event.scale.isFinite, event.scale > 0 else { return [] }
            let proposed = tracker.propose(recognizerScale: event.scale, currentZoom: zoomScale, settings: zoomSettings)
            let location = event.location.isFinite ? event.location : viewportCenter
            let events = setZoomUnchecked(proposed, anchor: location)
            tracker.settle(at: zoomScale)
            pinch = tracker
            return events
        case .ended, .cancelled, .failed:
            guard pinch != nil else { return [] }
            pinch = nil
            return [.didEnd(scale: zoomScale)]
        }
    }

    /// For hosts with only finger positions: runs the engine's own
    /// UIKit-faithful recognizer and feeds its events to `handlePinch`.
    /// Fewer than two fingers end a pinch in progress.
    public func handleTouches(_ fingers: [Point]) -> [ZoomEvent] {
        if let event = recognizer.move(to: fingers) {
            return handlePinch(event)
        }
        guard let end = recognizer.end(.ended) else { return [] }
        return handlePinch(end)
    }

    var viewportCenter: Point {
        Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
    }

    /// Applies a zoom already clamped (and snapped, for pinches), keeping
    /// the content point under `anchor` (viewport coordinates) still on each
    /// zoomed axis; the offset is then clamped. Unzoomed axes keep theirs.
    @discardableResult
    func setZoomUnchecked(_ scale: Double, anchor: Point?) -> [ZoomEvent] {
        guard scale != zoomScale else { return [] }
        // A fling's or an animation's offsets are in the old zoom's points.
        stopMotion()
        var offset = viewport.offset
        if let anchor {
            let ratio = scale / zoomScale
            if zoomSettings.axis.zoomsX { offset.x = (offset.x + anchor.x) * ratio - anchor.x }
            if zoomSettings.axis.zoomsY { offset.y = (offset.y + anchor.y) * ratio - anchor.y }
        }
        let events = applyZoom(scale, offset: offset)
        rebaseDrag()
        viewportChanged()
        return events
    }

    /// Sets the scale and the offset together without publishing, for the
    /// callers that publish once after (zoom to fit and its animation).
    func applyZoom(_ scale: Double, offset: Point) -> [ZoomEvent] {
        viewport.offset = offset
        guard scale != zoomScale else { return [] }
        zoomScale = scale
        return [.didChange(scale: scale)]
    }
}
