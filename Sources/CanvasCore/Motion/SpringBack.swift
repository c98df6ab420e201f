/// Content springing back to an edge it was pulled or flung past: a
/// critically damped spring, so it never oscillates, on one axis.
///
/// With y the distance past the edge (positive outwards),
/// y(t) = (A + B·e) · exp(−ω·e), e = t − t0, A = y0, B = v0 + ω·A.
/// An inward start velocity is limited to −ω·A, which keeps B ≥ 0: y then
/// never changes sign, so the content never crosses the edge.
/// ω = 0.0125 per ms settles a 200-point overshoot released at rest to
/// within 0.1 pt after 800 ms.
package struct SpringBack: Hashable, Sendable {
    /// The spring's rate ω, per millisecond.
    public static let stiffness = 0.0125
    /// Closer than this to the edge, and heading in, the spring is done.
    public static let restDistance = 0.05

    public var edge: Double
    /// +1 when past the upper edge, −1 when past the lower one.
    public var outward: Double
    public var start: Double
    var a: Double
    var b: Double

    /// A spring from `position` (on or past `edge`, on the `outward` side)
    /// moving at `velocity`, released at `start`.
    public init(from position: Double, velocity: Double, edge: Double, outward: Double, start: Double) {
        self.edge = edge
        self.outward = outward
        self.start = start
        let omega = Self.stiffness
        a = max(0, (position - edge) * outward)
        let v0 = max(velocity * outward, -omega * a)
        b = v0 + omega * a
    }

    private func elapsed(_ t: Double) -> Double { max(0, t - start) }

    /// How far past the edge the content is at `t` (never negative).
    public func overshoot(at t: Double) -> Double {
        let e = elapsed(t)
        return (a + b * e) * exponential(-Self.stiffness * e)
    }

    public func position(at t: Double) -> Double { edge + outward * overshoot(at: t) }

    public func velocity(at t: Double) -> Double {
        let e = elapsed(t)
        let omega = Self.stiffness
        return outward * (b - omega * (a + b * e)) * exponential(-omega * e)
    }

    /// Heading back and within `restDistance` of the edge.
    public func isDone(at t: Double) -> Bool {
        overshoot(at: t) < Self.restDistance && velocity(at: t) * outward <= 0
    }
}
