/// The offsets the viewport may rest at on one axis: `lower...upper`, with
/// either end infinite for a canvas that scrolls without bounds.
public struct ScrollRange: Hashable, Sendable {
    public var lower: Double
    public var upper: Double

    public init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = max(lower, upper)
    }

    /// [0, max(0, content − viewport)]: the offsets that keep the viewport on the content.
    public init(content: Double, viewport: Double) {
        self.init(lower: 0, upper: max(0, content - viewport))
    }

    public static let unbounded = ScrollRange(lower: -.infinity, upper: .infinity)

    public func clamp(_ offset: Double) -> Double { min(max(offset, lower), upper) }

    /// True when there is somewhere to scroll to: the content is larger than the viewport.
    public var canScroll: Bool { upper > lower }

    /// How far `offset` is past the nearer edge (0 inside), and on which side.
    func overshoot(_ offset: Double) -> (distance: Double, outward: Double, edge: Double) {
        if offset < lower { return (lower - offset, -1, lower) }
        if offset > upper { return (offset - upper, 1, upper) }
        return (0, 0, offset)
    }

    /// A drag's raw offset as shown: inside, itself; past an edge, the edge
    /// plus the rubber band (or the edge alone when the axis does not bounce).
    func banded(_ raw: Double, bounces: Bool, dimension: Double) -> Double {
        let (distance, outward, edge) = overshoot(raw)
        guard distance > 0 else { return raw }
        return bounces ? edge + outward * RubberBand.offset(distance, dimension: dimension) : edge
    }

    /// The raw offset a drag would need to show `shown` (the inverse of `banded`).
    func unbanded(_ shown: Double, dimension: Double) -> Double {
        let (distance, outward, edge) = overshoot(shown)
        guard distance > 0 else { return shown }
        return edge + outward * RubberBand.overshoot(showing: distance, dimension: dimension)
    }
}
