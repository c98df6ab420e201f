/// Estimates a pointer's velocity from its recent samples, as Flutter's
/// VelocityTracker: a least-squares fit of a quadratic to each coordinate
/// over the samples of the last 100 ms, read as the slope at the newest
/// sample. A gap of more than 40 ms between samples means the pointer
/// stopped, so older samples are ignored, and a release more than 40 ms
/// after the newest sample has no velocity (a pointer that rested does not
/// fling). With only two samples in reach the fit is a straight line.
///
/// A fixed ring of 20 samples: nothing is allocated per event.
package struct VelocityTracker: Hashable, Sendable {
    public static let horizon = 100.0
    public static let stopGap = 40.0
    static let capacity = 20

    struct Sample: Hashable, Sendable {
        var time: Double
        var x: Double
        var y: Double
    }

    private var samples = [Sample](repeating: Sample(time: 0, x: 0, y: 0), count: capacity)
    private var newest = -1
    private var count = 0

    public init() {}

    public mutating func add(_ point: Point, at time: Double) {
        newest = (newest + 1) % Self.capacity
        samples[newest] = Sample(time: time, x: point.x, y: point.y)
        count = min(count + 1, Self.capacity)
    }

    public mutating func reset() { count = 0 }

    /// The time of the newest sample, if any.
    public var newestTime: Double? { count > 0 ? samples[newest].time : nil }

    /// Points per millisecond at the newest sample; zero with fewer than two
    /// usable samples, or when `releasedAt` is more than `stopGap` after it.
    public func velocity(releasedAt release: Double? = nil) -> Point {
        guard count > 0 else { return .zero }
        let last = samples[newest]
        if let release, release - last.time > Self.stopGap { return .zero }
        // Newest first, relative to the newest sample.
        var times: [Double] = [], xs: [Double] = [], ys: [Double] = []
        times.reserveCapacity(count)
        var previous = last.time
        for step in 0..<count {
            let sample = samples[(newest - step + Self.capacity) % Self.capacity]
            let age = last.time - sample.time
            if age > Self.horizon || previous - sample.time > Self.stopGap { break }
            previous = sample.time
            times.append(-age)
            xs.append(sample.x - last.x)
            ys.append(sample.y - last.y)
        }
        guard let vx = Self.slope(times, xs), let vy = Self.slope(times, ys) else { return .zero }
        return Point(x: vx, y: vy)
    }

    /// The slope at τ = 0 of the least-squares quadratic through (τ, v), or
    /// of the line when a quadratic is not determined; nil when neither is.
    static func slope(_ times: [Double], _ values: [Double]) -> Double? {
        guard times.count >= 2 else { return nil }
        var s = [Double](repeating: 0, count: 5)  // Σ τ^k, k = 0...4
        var r = [Double](repeating: 0, count: 3)  // Σ v τ^k, k = 0...2
        for (tau, value) in zip(times, values) {
            var p = 1.0
            for k in 0..<5 {
                s[k] += p
                if k < 3 { r[k] += value * p }
                p *= tau
            }
        }
        if times.count >= 3 {
            // Normal equations for v = c0 + c1 τ + c2 τ², solved by Cramer's rule for c1.
            let m = [[s[0], s[1], s[2]], [s[1], s[2], s[3]], [s[2], s[3], s[4]]]
            let det = determinant(m)
            let scale = s[4] * s[2] * s[0]
            if abs(det) > 1e-9 * max(scale, 1) {
                var m1 = m
                for row in 0..<3 { m1[row][1] = r[row] }
                return determinant(m1) / det
            }
        }
        // A line: v = c0 + c1 τ.
        let det = s[0] * s[2] - s[1] * s[1]
        guard abs(det) > 1e-12 * max(s[0] * s[2], 1) else { return nil }
        return (s[0] * r[1] - s[1] * r[0]) / det
    }

    private static func determinant(_ m: [[Double]]) -> Double {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    }
}
