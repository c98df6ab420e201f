/// An animated scroll from one offset to another over a duration, eased in
/// and out (cubic), ending exactly on the target.
package struct ScrollAnimation: Hashable, Sendable {
    /// The duration of an animated scroll, page or key press, in milliseconds.
    public static let defaultDuration = 300.0

    public var from: Point
    public var to: Point
    public var start: Double
    public var duration: Double

    public init(from: Point, to: Point, start: Double, duration: Double) {
        self.from = from
        self.to = to
        self.start = start
        self.duration = max(0, duration)
    }

    /// The share of the way done at `t`, from 0 to 1.
    func progress(at t: Double) -> Double {
        guard duration > 0 else { return 1 }
        return min(max((t - start) / duration, 0), 1)
    }

    public func offset(at t: Double) -> Point {
        let u = progress(at: t)
        if u >= 1 { return to }
        let e = Self.ease(u)
        return Point(x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e)
    }

    public func velocity(at t: Double) -> Point {
        let u = progress(at: t)
        guard u > 0, u < 1, duration > 0 else { return .zero }
        let rate = Self.easeSlope(u) / duration
        return Point(x: (to.x - from.x) * rate, y: (to.y - from.y) * rate)
    }

    public func isDone(at t: Double) -> Bool { progress(at: t) >= 1 }

    /// Cubic ease in and out.
    static func ease(_ u: Double) -> Double {
        u < 0.5 ? 4 * u * u * u : 1 - 4 * (1 - u) * (1 - u) * (1 - u)
    }

    static func easeSlope(_ u: Double) -> Double {
        u < 0.5 ? 12 * u * u : 12 * (1 - u) * (1 - u)
    }
}
