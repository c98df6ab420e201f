import Testing
@testable import CanvasCore

// Issue 21, item 6: finite motion input left infinite or NaN state behind a
// success: two wheel events or crown turns of 1e308, a fling of 1e308, a
// drag to ±1e308, an animated zoom to fit of a 1e10-point region with limits
// 1e-10…10. Each input is refused now (naming it) or, for a fling's
// velocity, saturated; the state stays finite.
@Suite("Motion input keeps the state finite")
struct FiniteMotionTests {
    func canvas() throws -> CanvasEngine {
        try freeEngine([Rect(x: 0, y: 0, width: 10, height: 10)], viewport: Size(width: 100, height: 100))
    }

    func expectFinite(_ engine: CanvasEngine, _ comment: Comment) {
        #expect(engine.viewport.offset.isFinite && engine.motionVelocity.isFinite && engine.zoomScale.isFinite, comment)
        #expect(engine.projectedEnd?.isFinite ?? true, comment)
        #expect(engine.motionIsFinite, comment)
    }

    @Test("A second wheel event of 1e308 is refused, naming the delta; nothing changes")
    func wheel() throws {
        let engine = try canvas()
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: 1e308), pointer: .zero, time: 0))
        let offset = engine.viewport.offset
        #expect(throws: CanvasError.self) { try engine.wheel(WheelEvent(delta: Point(x: 0, y: 1e308), pointer: .zero, time: 1)) }
        do { try engine.wheel(WheelEvent(delta: Point(x: 0, y: 1e308), pointer: .zero, time: 1)) } catch {
            #expect(error.kind == .nonFinite && error.message.hasPrefix("wheel delta (0.0, 1e+308)"))
        }
        #expect(engine.viewport.offset == offset && engine.clock == 0)
        expectFinite(engine, "wheel")
    }

    @Test("Crown turns of 1e308 are refused before the offset or the turn's velocity overflows")
    func crown() throws {
        let engine = try canvas()
        try engine.crown(delta: 1e308, time: 0)
        #expect(throws: CanvasError.self) { try engine.crown(delta: 1e308, time: 1) }
        #expect(throws: CanvasError.self) { try engine.crown(delta: -1e308, time: 1) }
        expectFinite(engine, "crown")
        _ = try engine.tick(at: 100)
        expectFinite(engine, "crown release")
    }

    @Test("A fling of 1e308 goes at the fastest fling; every tick stays finite")
    func fling() throws {
        let engine = try canvas()
        try engine.fling(velocity: Point(x: 1e308, y: -1e308), time: 0)
        #expect(engine.motionVelocity == Point(x: CanvasEngine.maximumFlingSpeed, y: -CanvasEngine.maximumFlingSpeed))
        for t in [0.0, 1, 100, 1e4, 1e7] {
            _ = try engine.tick(at: t)
            expectFinite(engine, "fling at \(t)")
        }
        var settings = MotionSettings()
        settings.deceleration = .leastNonzeroMagnitude  // 5e-324
        try engine.setMotionSettings(settings)
        try engine.fling(velocity: Point(x: 1e308, y: 1), time: 1e7)
        for t in [1e7, 1e7 + 1e-300, 1e7 + 1] {
            _ = try engine.tick(at: t)
            expectFinite(engine, "fling under 5e-324 at \(t)")
        }
    }

    @Test("A drag to ±1e308 is refused where its velocity would overflow; the pointer can still go up")
    func drag() throws {
        let engine = try canvas()
        try engine.pointerDown(at: .zero, time: 0)
        try engine.pointerMove(to: Point(x: 1e300, y: 0), time: 1)
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: 1e308, y: 0), time: 2) }
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: -1e308, y: 0), time: 2) }
        expectFinite(engine, "drag")
        try engine.pointerUp(at: Point(x: 1e300, y: 0), time: 2)
        expectFinite(engine, "release")
        _ = try engine.tick(at: 50)
        expectFinite(engine, "after the release")
    }

    @Test("An animated zoom to fit of a 1e10-point region is refused or stays finite at every tick; at once it works")
    func zoomToFit() throws {
        let engine = try canvas()
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 1e-10, maximum: 10))
        let region = Rect(x: 0, y: 0, width: 1e10, height: 1e10)
        // The smooth path once ended in NaN here behind success. Refusing it
        // (nothing changes) and playing it finite are both whole answers.
        var refused = false
        do { try engine.zoomToFit(region: region, animated: true, at: 0) } catch { refused = true }
        if refused { #expect(engine.zoomScale == 1 && engine.motionPhase == .idle) }
        for t in stride(from: 0.0, through: 2000, by: 25) {
            _ = try engine.tick(at: t)
            expectFinite(engine, "animated fit at \(t) ms")
        }
        if !refused { expectClose(engine.zoomScale, 1e-8, tolerance: 1e-20, "the animated fit's end") }
        let fresh = try canvas()
        try fresh.setZoomSettings(zoomSettings(axis: .both, minimum: 1e-10, maximum: 10))
        try fresh.zoomToFit(region: region, animated: false, at: 0)
        expectClose(fresh.zoomScale, 1e-8, tolerance: 1e-20, "the fit at once")
        expectFinite(fresh, "zoom at once")
    }
}
