/// How a canvas zooms: limits, damping, stops, and which axes follow.
public struct ZoomSettings: Hashable, Sendable {
    public var axis: ZoomAxis = .horizontal
    public var minimum: Double = 0.35
    public var maximum: Double = 5
    /// An exponent: a pinch of ratio r zooms by r^speed, so pinching by k
    /// and by 1/k give reciprocal results and both ends stay reachable.
    public var speed: Double = 1
    /// Scales a pinch settles on; empty means no snapping.
    public var stops: [Double] = []
    public var isPinchEnabled = true
    /// Whether a hit-test selection may happen while a pinch is in flight.
    public var allowsSelectionDuringZoom = false

    public init(
        axis: ZoomAxis = .horizontal, minimum: Double = 0.35, maximum: Double = 5, speed: Double = 1,
        stops: [Double] = [], isPinchEnabled: Bool = true, allowsSelectionDuringZoom: Bool = false
    ) {
        self.axis = axis
        self.minimum = minimum
        self.maximum = maximum
        self.speed = speed
        self.stops = stops
        self.isPinchEnabled = isPinchEnabled
        self.allowsSelectionDuringZoom = allowsSelectionDuringZoom
    }

    /// min(max(scale, minimum), maximum): past a limit the zoom rests at the
    /// limit; it is never discarded.
    public func clamp(_ scale: Double) -> Double {
        min(max(scale, minimum), maximum)
    }

    /// The stop nearest to `scale` among those inside [minimum, maximum]; on
    /// a tie the stop listed first wins. Without usable stops, `scale`.
    public func snap(_ scale: Double) -> Double {
        var best: Double?
        var bestDistance = Double.infinity
        for stop in stops where stop >= minimum && stop <= maximum {
            let distance = abs(stop - scale)
            if distance < bestDistance {
                best = stop
                bestDistance = distance
            }
        }
        return best ?? scale
    }

    /// Checks the settings hold together.
    /// - Throws: `CanvasError` naming the first bad value.
    public func validate() throws(CanvasError) {
        for (name, value) in [("minimum", minimum), ("maximum", maximum), ("speed", speed)] {
            guard value.isFinite else { throw CanvasError(.nonFinite, "zoom \(name) is not finite") }
            guard value > 0 else { throw CanvasError(.invalidArgument, "zoom \(name) must be positive, got \(value)") }
        }
        guard minimum <= maximum else {
            throw CanvasError(.invalidArgument, "zoom minimum \(minimum) is above the maximum \(maximum)")
        }
        for stop in stops {
            guard stop.isFinite, stop > 0 else {
                throw CanvasError(.invalidArgument, "zoom stop \(stop) must be a positive number")
            }
        }
    }
}
