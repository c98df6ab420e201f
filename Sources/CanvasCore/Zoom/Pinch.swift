/// The phases of a pinch, as a gesture recognizer reports them.
public enum PinchPhase: String, Sendable {
    case began, changed, ended, cancelled, failed
}

/// One report from a pinch recognizer.
public struct PinchEvent: Hashable, Sendable {
    public var phase: PinchPhase
    /// The recognizer's scale: a ratio since the gesture began (1 at the start).
    public var scale: Double
    /// Fingers on the surface.
    public var touches: Int
    /// Where the fingers are, in viewport coordinates.
    public var location: Point

    public init(phase: PinchPhase, scale: Double = 1, touches: Int = 2, location: Point = .zero) {
        self.phase = phase
        self.scale = scale
        self.touches = touches
        self.location = location
    }
}

/// What a zoom change tells the host, so it can scale what it draws
/// inside items (a font size, say).
public enum ZoomEvent: Hashable, Sendable {
    case willBegin
    case didChange(scale: Double)
    case didEnd(scale: Double)
}
