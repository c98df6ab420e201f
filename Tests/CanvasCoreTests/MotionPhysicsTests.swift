import Glibc
import Testing
@testable import CanvasCore

@Suite("Motion physics: each value against its formula")
struct MotionPhysicsTests {
    @Test("Deceleration follows x0 + v (d^t − 1) / ln d at any time", arguments: [
        (0.998, 2.0), (0.99, -1.5), (0.95, 0.4),
    ])
    func frictionFormula(rate: Double, velocity: Double) {
        let friction = FrictionSimulation(origin: 100, velocity: velocity, rate: rate, start: 50)
        for t in stride(from: 50.0, through: 3000, by: 137) {
            let e = t - 50
            expectClose(friction.position(at: t), 100 + velocity * (pow(rate, e) - 1) / log(rate), tolerance: 1e-9, "x(\(t))")
            expectClose(friction.velocity(at: t), velocity * pow(rate, e), tolerance: 1e-12, "v(\(t))")
        }
        expectClose(friction.projectedEnd, 100 - velocity / log(rate), tolerance: 1e-9, "projected end")
    }

    @Test("A fling is over once its speed is below the minimum, and not before")
    func frictionStops() {
        let friction = FrictionSimulation(origin: 0, velocity: 3, rate: DecelerationRate.normal, start: 0)
        let stop = friction.stopTime
        expectClose(abs(friction.velocity(at: stop)), FrictionSimulation.minimumSpeed, tolerance: 1e-12)
        #expect(!friction.isDone(at: stop - 1))
        #expect(friction.isDone(at: stop))
        #expect(FrictionSimulation.minimumSpeed <= 0.05)
        let slow = FrictionSimulation(origin: 0, velocity: 0.005, rate: DecelerationRate.normal, start: 10)
        #expect(slow.isDone(at: 10))
    }

    @Test("The rubber band is r(u) = (1 − 1 / (u · 0.55 / D + 1)) · D, and its inverse undoes it")
    func rubberBand() {
        for dimension in [100.0, 480, 1024] {
            for u in [0.0, 1, 10, 55, 200, 1000, 1e6] {
                let r = RubberBand.offset(u, dimension: dimension)
                expectClose(r, (1 - 1 / (u * 0.55 / dimension + 1)) * dimension, tolerance: 1e-9, "r(\(u))")
                #expect(r <= u && r < dimension)
                if u > 0 && u < 1e5 {
                    expectClose(RubberBand.overshoot(showing: r, dimension: dimension), u, tolerance: 1e-6 * u, "u(r(\(u)))")
                }
            }
        }
    }

    @Test("A spring back never crosses the edge and never oscillates", arguments: [
        (200.0, 0.0), (200.0, -5.0), (50.0, 2.0), (0.0, 3.0), (120.0, -0.1),
    ])
    func springNeverCrosses(overshoot: Double, velocity: Double) {
        // Past the upper edge at 1000 by `overshoot`, moving at `velocity`.
        let spring = SpringBack(from: 1000 + overshoot, velocity: velocity, edge: 1000, outward: 1, start: 0)
        var previous = spring.position(at: 0)
        var turned = false
        for t in stride(from: 1.0, through: 3000, by: 1) {
            let x = spring.position(at: t)
            #expect(x >= 1000, "crossed the edge at \(t): \(x)")
            if x > previous + 1e-12 { #expect(!turned, "oscillated at \(t)") } else if x < previous { turned = true }
            previous = x
        }
        // The lower edge mirrors it.
        let lower = SpringBack(from: -overshoot, velocity: -velocity, edge: 0, outward: -1, start: 0)
        for t in stride(from: 0.0, through: 3000, by: 7) { #expect(lower.position(at: t) <= 0) }
    }

    @Test("Released 200 points past an edge, within 0.5 pt of it by 800 ms")
    func springSettles() {
        let spring = SpringBack(from: 1200, velocity: 0, edge: 1000, outward: 1, start: 0)
        #expect(spring.position(at: 800) - 1000 <= 0.5)
        let motion = AxisMotion(position: 1200, velocity: 0, start: 0,
                                range: ScrollRange(lower: 0, upper: 1000), bounces: true, rate: DecelerationRate.normal)
        #expect(motion.position(at: 800) - 1000 <= 0.5)
        #expect(motion.isBouncing(at: 10))
        #expect(motion.position(at: 5000) == 1000)
        #expect(motion.isDone(at: 5000))
    }

    @Test("A fling into an edge hands over to the spring there, with the friction's velocity")
    func flingIntoEdge() throws {
        let range = ScrollRange(lower: 0, upper: 500)
        let motion = AxisMotion(position: 400, velocity: 2, start: 0, range: range, bounces: true, rate: DecelerationRate.normal)
        let handover = try #require(motion.handover)
        let friction = FrictionSimulation(origin: 400, velocity: 2, rate: DecelerationRate.normal, start: 0)
        expectClose(friction.position(at: handover.time), 500, tolerance: 1e-6, "reaches the edge at the handover")
        for t in stride(from: 0.0, to: handover.time, by: 5) {
            expectClose(motion.position(at: t), friction.position(at: t), tolerance: 1e-9)
        }
        #expect(motion.position(at: handover.time + 50) > 500)  // past the edge, springing
        #expect(motion.isBouncing(at: handover.time + 50))
        #expect(motion.position(at: handover.time + 5000) == 500)

        let hard = AxisMotion(position: 400, velocity: 2, start: 0, range: range, bounces: false, rate: DecelerationRate.normal)
        for t in stride(from: 0.0, through: 5000, by: 3) { #expect(hard.position(at: t) <= 500) }
        #expect(hard.position(at: handover.time + 1) == 500)
        #expect(hard.velocity(at: handover.time + 1) == 0)
    }

    @Test("Velocity from a steady drag is its speed; a rest before release is none")
    func velocityTracker() {
        var tracker = VelocityTracker()
        for step in 0...10 { tracker.add(Point(x: 3 * Double(step) * 16, y: -0.5 * Double(step) * 16), at: Double(step) * 16) }
        expectClose(tracker.velocity(releasedAt: 160), Point(x: 3, y: -0.5), tolerance: 1e-9)
        #expect(tracker.velocity(releasedAt: 160 + 41) == .zero)
        // Accelerating: the quadratic fit reads the slope at the newest sample.
        var speeding = VelocityTracker()
        for step in 0...6 { let t = Double(step) * 10; speeding.add(Point(x: 0.01 * t * t, y: 0), at: t) }
        expectClose(speeding.velocity().x, 0.02 * 60, tolerance: 1e-9)
        // A pause of more than 40 ms between samples cuts off the older ones.
        var paused = VelocityTracker()
        paused.add(Point(x: 0, y: 0), at: 0)
        paused.add(Point(x: 100, y: 0), at: 10)
        paused.add(Point(x: 100, y: 0), at: 60)
        paused.add(Point(x: 101, y: 0), at: 70)
        expectClose(paused.velocity().x, 0.1, tolerance: 1e-9)
        // One sample, or none: no velocity.
        var lone = VelocityTracker()
        #expect(lone.velocity() == .zero)
        lone.add(Point(x: 5, y: 5), at: 0)
        #expect(lone.velocity() == .zero)
    }

    @Test("The smooth zoom path ends on its targets and zooms out over a long distance")
    func smoothZoomPath() {
        let from = ZoomView(center: Point(x: 0, y: 0), width: 100)
        let to = ZoomView(center: Point(x: 10_000, y: 0), width: 100)
        let path = SmoothZoomPath(from: from, to: to)
        #expect(path.view(at: 0).center.x == 0)
        expectClose(path.view(at: 0).width, 100, tolerance: 1e-9)
        #expect(path.view(at: 1) == to)
        #expect(path.view(at: 0.5).width > 1000, "a long pan zooms out on the way")
        expectClose(path.view(at: 0.5).center.x, 5000, tolerance: 1e-6, "symmetric: halfway at half time")
        expectClose(path.duration, path.length * 1000, tolerance: 1e-9)
        // d3-interpolate's interpolateZoom, restated: S = (r1 − r0) / ρ.
        let rho = sqrt(2.0), d1 = 10_000.0, w = 100.0
        let b0 = (rho * rho * rho * rho * d1 * d1) / (2 * w * rho * rho * d1)
        let b1 = -b0
        let s = (log(sqrt(b1 * b1 + 1) - b1) - log(sqrt(b0 * b0 + 1) - b0)) / rho
        expectClose(path.length, s, tolerance: 1e-9)
        // Same centre: a pure zoom, S = ln(w1 / w0) / ρ.
        let zoomOnly = SmoothZoomPath(from: from, to: ZoomView(center: .zero, width: 400))
        expectClose(zoomOnly.length, log(4) / rho, tolerance: 1e-12)
        expectClose(zoomOnly.view(at: 0.5).width, 200, tolerance: 1e-9)
    }

    @Test("Scroll indicators: thumb length and position by the formula, shorter past an edge")
    func indicators() throws {
        let ranges = (x: ScrollRange(content: 1000, viewport: 200), y: ScrollRange(content: 1000, viewport: 100))
        let shown = ScrollIndicators.layout(size: Size(width: 200, height: 100), offset: Point(x: 400, y: 0),
                                            x: ranges.x, y: ranges.y, opacity: 1)
        let h = try #require(shown.horizontal), v = try #require(shown.vertical)
        let trackX = 200 - 2 * ScrollIndicators.inset - (ScrollIndicators.thickness + ScrollIndicators.inset)
        expectClose(h.track.width, trackX)
        expectClose(h.thumb.width, max(36, trackX * 200 / 1000))
        expectClose(h.thumb.x - h.track.x, (trackX - h.thumb.width) * 400 / 800)
        expectClose(v.thumb.y - v.track.y, 0)
        expectClose(v.thumb.height, max(36, v.track.height * 100 / 1000))
        #expect(h.track.maxY == 100 - ScrollIndicators.inset && v.track.maxX == 200 - ScrollIndicators.inset)
        // Pulled 20 points past the trailing edge: shorter, at the end.
        let pulled = ScrollIndicators.layout(size: Size(width: 200, height: 100), offset: Point(x: 820, y: 0),
                                             x: ranges.x, y: ranges.y, opacity: 1)
        let p = try #require(pulled.horizontal)
        expectClose(p.thumb.width, h.thumb.width - 20)
        expectClose(p.thumb.maxX, p.track.maxX)
        // An axis that cannot scroll has no indicator.
        let fits = ScrollIndicators.layout(size: Size(width: 200, height: 100), offset: .zero,
                                           x: ScrollRange(content: 150, viewport: 200), y: ranges.y, opacity: 1)
        #expect(fits.horizontal == nil && fits.vertical != nil)
    }
}
