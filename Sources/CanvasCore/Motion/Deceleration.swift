/// How quickly a fling slows down: the share of its velocity left after
/// each millisecond, as UIScrollView's deceleration rate.
public enum DecelerationRate {
    /// UIScrollView's `.normal`: a long glide.
    public static let normal = 0.998
    /// UIScrollView's `.fast`: stops quickly.
    public static let fast = 0.99
}

/// A fling slowing down under friction on one axis: exact at any time, so a
/// frame at any `t` asks it directly instead of integrating step by step.
///
///     x(t) = x0 + v · (d^(t − t0) − 1) / ln d,    v(t) = v · d^(t − t0)
///
/// `d` is the deceleration rate per millisecond, `v` points per millisecond.
/// The motion is over once the speed is below `minimumSpeed`.
package struct FrictionSimulation: Hashable, Sendable {
    /// Below this speed (points per millisecond, 10 pt/s) a fling is over.
    public static let minimumSpeed = 0.01

    public var start: Double
    public var origin: Double
    public var initialVelocity: Double
    public var rate: Double

    public init(origin: Double, velocity: Double, rate: Double, start: Double) {
        self.origin = origin
        self.initialVelocity = velocity
        self.rate = rate
        self.start = start
    }

    private var logRate: Double { logarithm(rate) }

    private func elapsed(_ t: Double) -> Double { max(0, t - start) }

    public func position(at t: Double) -> Double {
        origin + initialVelocity * (power(rate, elapsed(t)) - 1) / logRate
    }

    public func velocity(at t: Double) -> Double {
        initialVelocity * power(rate, elapsed(t))
    }

    /// Where friction alone would bring it to rest: x0 − v / ln d.
    public var projectedEnd: Double { origin - initialVelocity / logRate }

    /// When the speed falls to `minimumSpeed` (the start, for a slower fling).
    public var stopTime: Double {
        let speed = abs(initialVelocity)
        guard speed > Self.minimumSpeed else { return start }
        return start + logarithm(Self.minimumSpeed / speed) / logRate
    }

    public func isDone(at t: Double) -> Bool { t >= stopTime }

    /// When the position reaches `target` before the motion is over, or nil.
    func time(reaching target: Double) -> Double? {
        let end = position(at: stopTime)
        guard min(origin, end) <= target, target <= max(origin, end), initialVelocity != 0 else { return nil }
        // Solve x0 + v (d^e − 1) / ln d = target for e.
        let share = 1 + (target - origin) * logRate / initialVelocity
        guard share > 0 else { return nil }
        return start + max(0, logarithm(share) / logRate)
    }
}
