/// A pinch recognizer that behaves as UIKit's does, for hosts that only
/// have finger positions (a terminal, a game loop) and for tests.
///
/// Its `scale` is the ratio of the current finger spread to the spread when
/// the gesture began, cumulative across updates. Writing `scale` rebases the
/// reference spread so the current spread reads as the value written, which
/// is what assigning `recognizer.scale = 1` does in UIKit.
package struct PinchRecognizerModel: Sendable {
    public private(set) var phase: PinchPhase?
    private var referenceSpread = 1.0
    private var referenceScale = 1.0
    private var currentSpread = 1.0
    public private(set) var location = Point.zero
    public private(set) var touches = 0

    public init() {}

    /// The ratio since the gesture began (or since `scale` was last written).
    public var scale: Double {
        get { referenceScale * currentSpread / referenceSpread }
        set {
            referenceScale = newValue
            referenceSpread = currentSpread
        }
    }

    /// Fingers went down (or moved) at these points, in viewport coordinates.
    /// The first report with two or more fingers begins the gesture; later
    /// ones change it. Returns the event a host would receive.
    ///
    /// The scale follows the spread of the fingers on the screen, and when
    /// their number changes (a third finger lands, one lifts, or a pinch
    /// down to one finger gets its second back) the spread is measured over
    /// a different set: the reference is rebased then, so the scale carries
    /// on from where it was and a finger landing or lifting never zooms by
    /// itself. Only movement after the change counts.
    public mutating func move(to fingers: [Point]) -> PinchEvent? {
        let previousTouches = touches
        touches = fingers.count
        guard fingers.count >= 2 else { return nil }
        let spread = max(Self.spread(fingers), 1e-9)
        location = Self.centroid(fingers)
        if phase == nil || phase == .ended || phase == .cancelled || phase == .failed {
            phase = .began
            currentSpread = spread
            referenceSpread = spread
            referenceScale = 1
        } else {
            if fingers.count != previousTouches {
                referenceScale = scale
                referenceSpread = spread
            }
            currentSpread = spread
            phase = .changed
        }
        return event
    }

    /// The fingers lifted (or the system took the gesture).
    public mutating func end(_ phase: PinchPhase = .ended) -> PinchEvent? {
        guard self.phase == .began || self.phase == .changed else { return nil }
        self.phase = phase
        return event
    }

    /// The current state as an event.
    public var event: PinchEvent {
        PinchEvent(phase: phase ?? .failed, scale: scale, touches: touches, location: location)
    }

    /// The mean distance of the fingers from their centroid.
    static func spread(_ fingers: [Point]) -> Double {
        let center = centroid(fingers)
        var total = 0.0
        for finger in fingers {
            let dx = finger.x - center.x, dy = finger.y - center.y
            total += (dx * dx + dy * dy).squareRoot()
        }
        return total / Double(fingers.count)
    }

    static func centroid(_ fingers: [Point]) -> Point {
        var x = 0.0, y = 0.0
        for finger in fingers {
            x += finger.x
            y += finger.y
        }
        return Point(x: x / Double(fingers.count), y: y / Double(fingers.count))
    }
}
