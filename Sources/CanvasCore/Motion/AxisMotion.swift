/// A released or flung viewport on one axis, as Flutter's
/// BouncingScrollSimulation: friction while inside the range; past an edge,
/// a spring back to it (or, when the axis does not bounce, a stop at the
/// edge, where the velocity dies). Answers position and velocity at any time.
package struct AxisMotion: Hashable, Sendable {
    public enum Stage: Hashable, Sendable {
        case friction(FrictionSimulation)
        case spring(SpringBack)
        case rest(Double)
    }

    /// A later stage and the time it takes over.
    public struct Handover: Hashable, Sendable {
        public var time: Double
        public var stage: Stage
    }

    public private(set) var first: Stage
    public private(set) var handover: Handover?

    /// Motion from `position` at `velocity` (points per millisecond) at `start`.
    public init(position: Double, velocity: Double, start: Double, range: ScrollRange, bounces: Bool, rate: Double) {
        let (distance, outward, edge) = range.overshoot(position)
        if distance > 0 {
            // Released past an edge: spring back (the range holds it there when it cannot bounce).
            first = bounces
                ? .spring(SpringBack(from: position, velocity: velocity, edge: edge, outward: outward, start: start))
                : .rest(edge)
            return
        }
        let friction = FrictionSimulation(origin: position, velocity: velocity, rate: rate, start: start)
        first = .friction(friction)
        let wall = velocity > 0 ? range.upper : range.lower
        guard wall.isFinite, let hit = friction.time(reaching: wall), velocity != 0 else { return }
        let next: Stage = bounces
            ? .spring(SpringBack(from: wall, velocity: friction.velocity(at: hit), edge: wall,
                                 outward: velocity > 0 ? 1 : -1, start: hit))
            : .rest(wall)
        handover = Handover(time: hit, stage: next)
    }

    /// At rest where it is.
    public static func resting(at position: Double) -> AxisMotion {
        AxisMotion(position: position, velocity: 0, start: 0, range: .unbounded, bounces: false, rate: DecelerationRate.normal)
    }

    public func stage(at t: Double) -> Stage {
        if let handover, t >= handover.time { return handover.stage }
        return first
    }

    public func position(at t: Double) -> Double {
        switch stage(at: t) {
        case .friction(let friction): friction.position(at: t)
        case .spring(let spring): spring.isDone(at: t) ? spring.edge : spring.position(at: t)
        case .rest(let position): position
        }
    }

    public func velocity(at t: Double) -> Double {
        switch stage(at: t) {
        case .friction(let friction): friction.isDone(at: t) ? 0 : friction.velocity(at: t)
        case .spring(let spring): spring.isDone(at: t) ? 0 : spring.velocity(at: t)
        case .rest: 0
        }
    }

    public func isDone(at t: Double) -> Bool {
        switch stage(at: t) {
        case .friction(let friction): friction.isDone(at: t)
        case .spring(let spring): spring.isDone(at: t)
        case .rest: true
        }
    }

    /// True while springing back from past an edge.
    public func isBouncing(at t: Double) -> Bool {
        if case .spring(let spring) = stage(at: t) { return !spring.isDone(at: t) }
        return false
    }

    /// Where friction alone would stop this motion: `FrictionSimulation.projectedEnd`.
    public var projectedEnd: Double? {
        if case .friction(let friction) = first { return friction.projectedEnd }
        return nil
    }
}
