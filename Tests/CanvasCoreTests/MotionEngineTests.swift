import Glibc
import Testing
@testable import CanvasCore

/// 1000 × 1000 content of 100-point tiles in a 200 × 100 viewport at (0, 0).
private func canvas(_ settings: (inout MotionSettings) -> Void = { _ in }) throws -> CanvasEngine {
    let engine = try tileCanvas()
    var motion = MotionSettings()
    settings(&motion)
    try engine.setMotionSettings(motion)
    return engine
}

/// A steady drag from `from` by `by` over `steps` moves 16 ms apart, starting at `t`.
private func drag(_ engine: CanvasEngine, from: Point, by: Point, steps: Int = 10, t: Double = 0) throws -> Double {
    try engine.pointerDown(at: from, time: t)
    for step in 1...steps {
        let share = Double(step) / Double(steps)
        try engine.pointerMove(to: Point(x: from.x + by.x * share, y: from.y + by.y * share), time: t + Double(step) * 16)
    }
    return t + Double(steps) * 16
}

@Suite("Motion through the engine: drag, fling, bounce, wheel, crown, keys, animations")
struct MotionEngineTests {
    @Test("Past the slop, the content point first touched stays under the pointer")
    func dragKeepsTheTouchedPoint() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 300, y: 300))
        try engine.pointerDown(at: Point(x: 100, y: 50), time: 0)
        try engine.pointerMove(to: Point(x: 95, y: 48), time: 10)  // inside the slop
        #expect(engine.viewport.offset == Point(x: 300, y: 300))
        #expect(engine.motionPhase == .idle)
        try engine.pointerMove(to: Point(x: 60, y: 30), time: 20)
        expectClose(engine.viewport.offset, Point(x: 340, y: 320))
        #expect(engine.motionPhase == .dragging && engine.isMoving)
        #expect(engine.published?.isMoving == true)
    }

    @Test("Pan axes: horizontal, vertical, and the directional lock")
    func panAxes() throws {
        let horizontal = try canvas { $0.panAxis = .horizontal }
        horizontal.setViewportOffset(Point(x: 300, y: 300))
        _ = try drag(horizontal, from: Point(x: 100, y: 50), by: Point(x: -40, y: -30))
        expectClose(horizontal.viewport.offset, Point(x: 340, y: 300))

        let locked = try canvas { $0.panAxis = .locked }
        locked.setViewportOffset(Point(x: 300, y: 300))
        _ = try drag(locked, from: Point(x: 100, y: 50), by: Point(x: 3, y: -40))
        expectClose(locked.viewport.offset, Point(x: 300, y: 340))
        let diagonal = try canvas { $0.panAxis = .locked }
        diagonal.setViewportOffset(Point(x: 300, y: 300))
        _ = try drag(diagonal, from: Point(x: 100, y: 50), by: Point(x: -30, y: -30))
        expectClose(diagonal.viewport.offset, Point(x: 330, y: 330))
    }

    @Test("A fling decelerates by the formula at every tick and reports its projected end")
    func flingFollowsTheFormula() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 300, y: 300))
        try engine.fling(velocity: Point(x: 0.5, y: -0.2), time: 1000)
        let d = DecelerationRate.normal
        let end = try #require(engine.projectedEnd)
        expectClose(end, Point(x: 300 - 0.5 / log(d), y: 300 + 0.2 / log(d)), tolerance: 1e-9)
        var t = 1000.0
        while true {
            t += 16
            let result = try engine.tick(at: t)
            let e = t - 1000
            let expected = Point(x: 300 + 0.5 * (pow(d, e) - 1) / log(d), y: 300 - 0.2 * (pow(d, e) - 1) / log(d))
            expectClose(engine.viewport.offset, expected, tolerance: 1e-9, "offset at \(t)")
            if !result.isActive { break }
            #expect(result.phase == .decelerating && result.moved)
            #expect(t < 10_000)
        }
        #expect(engine.motionPhase == .idle && !engine.isMoving)
        #expect(abs(0.5 * pow(d, t - 1000)) < 0.05)
    }

    @Test("Fast deceleration stops sooner than normal")
    func fastDeceleration() throws {
        func restTime(_ rate: Double) throws -> Double {
            let engine = try canvas { $0.deceleration = rate }
            engine.setViewportOffset(Point(x: 100, y: 100))
            try engine.fling(velocity: Point(x: 1, y: 0), time: 0)
            var t = 0.0
            while try engine.tick(at: t).isActive { t += 16 }
            return t
        }
        #expect(try restTime(DecelerationRate.fast) < restTime(DecelerationRate.normal))
    }

    @Test("A drag past an edge shows the rubber band; released, it springs back without crossing")
    func rubberBandAndSpringBack() throws {
        let engine = try canvas()
        let end = try drag(engine, from: Point(x: 100, y: 50), by: Point(x: 0, y: 60))
        // 60 − slop-free: the raw offset is −60 on y.
        expectClose(engine.viewport.offset.y, -RubberBand.offset(60, dimension: 100), tolerance: 1e-9)
        try engine.pointerUp(at: Point(x: 100, y: 110), time: end + 50)  // rested: no fling
        #expect(engine.motionPhase == .bouncing)
        var t = end + 50
        while try engine.tick(at: t).isActive {
            #expect(engine.viewport.offset.y <= 0)
            t += 16
        }
        #expect(engine.viewport.offset.y == 0)
        #expect(t - end - 50 <= 800)
    }

    @Test("Bounce never: the drag stops at the edge and a fling's velocity dies there")
    func bounceNever() throws {
        let engine = try canvas { $0.bounce = .never }
        _ = try drag(engine, from: Point(x: 100, y: 50), by: Point(x: 0, y: 60))
        #expect(engine.viewport.offset.y == 0)
        try engine.pointerCancel(at: .zero, time: 200)
        engine.setViewportOffset(Point(x: 0, y: 850))
        try engine.fling(velocity: Point(x: 0, y: 3), time: 300)
        var t = 300.0
        while try engine.tick(at: t).isActive {
            #expect(engine.viewport.offset.y <= 900)
            t += 16
        }
        #expect(engine.viewport.offset.y == 900)
    }

    @Test("Bounce based on size: an axis whose content fits does not move; always: it rubber-bands")
    func bounceBasedOnSize() throws {
        // 10 items in one row: 1000 wide, 100 tall, in a 200 × 100 viewport: y cannot scroll.
        for (bounce, moves) in [(Bounce.basedOnSize, false), (.automatic, false), (.always, true)] {
            let engine = try tileCanvas(count: 10, columns: 10)
            var settings = MotionSettings()
            settings.bounce = bounce
            try engine.setMotionSettings(settings)
            _ = try drag(engine, from: Point(x: 100, y: 50), by: Point(x: 0, y: 40))
            #expect((engine.viewport.offset.y != 0) == moves, "\(bounce)")
        }
    }

    @Test("A fling into an edge bounces past it and back, never settling beyond")
    func flingIntoAnEdge() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 0, y: 850))
        try engine.fling(velocity: Point(x: 0, y: 3), time: 0)
        var t = 0.0, sawBounce = false, peak = 0.0
        while try engine.tick(at: t).isActive {
            if engine.motionPhase == .bouncing { sawBounce = true }
            peak = max(peak, engine.viewport.offset.y)
            t += 16
        }
        #expect(sawBounce && peak > 900)
        #expect(engine.viewport.offset.y == 900)
    }

    @Test("A release after a steady drag flings with the drag's velocity; after a rest it does not")
    func releaseVelocity() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 300, y: 300))
        let end = try drag(engine, from: Point(x: 150, y: 50), by: Point(x: -80, y: 0))
        try engine.pointerUp(at: Point(x: 70, y: 50), time: end)
        #expect(engine.motionPhase == .decelerating)
        expectClose(engine.motionVelocity, Point(x: 0.5, y: 0), tolerance: 1e-9)

        let rested = try canvas()
        rested.setViewportOffset(Point(x: 300, y: 300))
        let stop = try drag(rested, from: Point(x: 150, y: 50), by: Point(x: -80, y: 0))
        try rested.pointerUp(at: Point(x: 70, y: 50), time: stop + 100)
        #expect(rested.motionPhase == .idle)
    }

    @Test("A pointer down catches a fling where it is")
    func downCatchesAFling() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 300, y: 300))
        try engine.fling(velocity: Point(x: 1, y: 0), time: 0)
        _ = try engine.tick(at: 100)
        let caught = engine.viewport.offset
        try engine.pointerDown(at: Point(x: 10, y: 10), time: 116)
        _ = try engine.tick(at: 500)
        #expect(engine.viewport.offset == caught)
        #expect(engine.motionPhase == .idle)
    }

    @Test("Scroll disabled: drags, flings, wheel, crown and keys leave the offset; scroll-to still moves it")
    func scrollDisabled() throws {
        let engine = try canvas { $0.isScrollEnabled = false }
        engine.setViewportOffset(Point(x: 100, y: 100))
        _ = try drag(engine, from: Point(x: 100, y: 50), by: Point(x: -50, y: -40))
        try engine.pointerUp(at: Point(x: 50, y: 10), time: 200)
        try engine.fling(velocity: Point(x: 1, y: 1), time: 210)
        try engine.wheel(WheelEvent(delta: Point(x: 10, y: 10), pointer: .zero, time: 220))
        try engine.crown(delta: 30, time: 230)
        try engine.key(.down, time: 240)
        _ = try engine.tick(at: 1000)
        #expect(engine.viewport.offset == Point(x: 100, y: 100))
        engine.scroll(toPoint: Point(x: 500, y: 500), anchor: .topLeading)
        #expect(engine.viewport.offset == Point(x: 500, y: 500))
        try engine.scroll(toPoint: Point(x: 200, y: 200), anchor: .topLeading, duration: 100, at: 1000)
        _ = try engine.tick(at: 1100)
        #expect(engine.viewport.offset == Point(x: 200, y: 200))
    }

    @Test("Wheel: pixels, lines, pages, shift turns vertical into horizontal")
    func wheelScrolls() throws {
        let engine = try canvas()
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: 30), pointer: .zero, time: 0))
        #expect(engine.viewport.offset == Point(x: 0, y: 30))
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: 2), mode: .line, pointer: .zero, time: 1))
        #expect(engine.viewport.offset == Point(x: 0, y: 30 + 2 * WheelEvent.lineHeight))
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: 1), mode: .page, pointer: .zero, time: 2))
        expectClose(engine.viewport.offset.y, 110 + 85)
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: 50), modifiers: .shift, pointer: .zero, time: 3))
        expectClose(engine.viewport.offset, Point(x: 50, y: 195))
    }

    @Test("Ctrl-wheel zooms about the pointer: k′ = k · 2^(−dy · f · 10), d3-zoom's defaultWheelDelta with ctrl", arguments: [
        (WheelEvent.Mode.pixel, -10.0, 0.002), (.line, -0.3, 0.05), (.page, -0.1, 1), (.pixel, 12, 0.002),
    ])
    func wheelZoom(mode: WheelEvent.Mode, dy: Double, f: Double) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.1, maximum: 10))
        engine.setViewportOffset(Point(x: 300, y: 300))
        let pointer = Point(x: 50, y: 40)
        let under = Point(x: (300 + 50) / engine.zoomScale, y: (300 + 40) / engine.zoomScale)
        try engine.wheel(WheelEvent(delta: Point(x: 0, y: dy), mode: mode, modifiers: .ctrl, pointer: pointer, time: 0))
        let k = pow(2, -dy * f * 10)
        expectClose(engine.zoomScale, k, tolerance: 1e-12)
        expectClose(engine.viewport.offset, Point(x: under.x * k - pointer.x, y: under.y * k - pointer.y), tolerance: 1e-9)
    }

    @Test("The crown scrolls along its axis and flings on when the turning pauses")
    func crown() throws {
        let engine = try canvas()
        for step in 0..<6 { try engine.crown(delta: 8, time: Double(step) * 16) }
        expectClose(engine.viewport.offset.y, 48)
        #expect(engine.motionPhase == .dragging)
        _ = try engine.tick(at: 80 + 41)
        #expect(engine.motionPhase == .decelerating)
        expectClose(engine.motionVelocity.y, 0.5, tolerance: 1e-9)
        var t = 121.0
        while try engine.tick(at: t).isActive { t += 16 }
        #expect(engine.viewport.offset.y > 48)
    }

    @Test("Keys scroll by lines and pages, animated, ending exactly on the target")
    func keys() throws {
        let engine = try canvas()
        try engine.key(.down, time: 0)
        #expect(engine.motionPhase == .animating)
        _ = try engine.tick(at: 150)
        #expect(engine.viewport.offset.y > 0 && engine.viewport.offset.y < 40)
        try engine.key(.down, time: 150)  // goes on from the first one's target
        _ = try engine.tick(at: 450)
        #expect(engine.viewport.offset.y == 80)
        #expect(try engine.tick(at: 460).isActive == false)
        try engine.key(.end, time: 500)
        _ = try engine.tick(at: 800)
        #expect(engine.viewport.offset.y == 900)
        try engine.key(.pageUp, time: 900)
        _ = try engine.tick(at: 1200)
        expectClose(engine.viewport.offset.y, 900 - 85)
        try engine.key(.home, time: 1300)
        try engine.key(.right, time: 1300)
        _ = try engine.tick(at: 1600)
        #expect(engine.viewport.offset == Point(x: 40, y: 0))
    }

    @Test("An animated scroll-to ends exactly on the clamped target; new input stops it where it is")
    func animatedScrollTo() throws {
        let engine = try canvas()
        try engine.scroll(toPoint: Point(x: 2000, y: 500), anchor: .topLeading, duration: nil, at: 0)
        _ = try engine.tick(at: ScrollAnimation.defaultDuration)
        #expect(engine.viewport.offset == Point(x: 800, y: 500))
        try engine.scroll(toPoint: Point(x: 0, y: 0), anchor: .topLeading, duration: 400, at: 400)
        _ = try engine.tick(at: 600)
        let midway = engine.viewport.offset
        #expect(midway.x > 0 && midway.x < 800)
        try engine.wheel(WheelEvent(delta: .zero, pointer: .zero, time: 610))
        _ = try engine.tick(at: 900)
        #expect(engine.viewport.offset == midway)
        #expect(engine.motionPhase == .idle)
    }

    @Test("Zoom to fit: scale = clamp(min((W − 2p) / Rw, (H − 2p) / Rh)), centred")
    func zoomToFit() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.01, maximum: 10))
        try engine.zoomToFit(padding: 10)
        expectClose(engine.zoomScale, min((200 - 20) / 1000.0, (100 - 20) / 1000.0), tolerance: 1e-12)
        try engine.zoomToFit(region: Rect(x: 8, y: 8, width: 16, height: 16), padding: 0)
        // The region was given zoomed (at 0.08): 200 × 200 unzoomed, from (100, 100).
        expectClose(engine.zoomScale, min(200 / 200.0, 100 / 200.0), tolerance: 1e-12)
        let view = engine.viewport.visibleRect
        expectClose(Point(x: (view.x + view.width / 2) / engine.zoomScale, y: (view.y + view.height / 2) / engine.zoomScale),
                    Point(x: 200, y: 200), tolerance: 1e-9)
        // A one-axis zoom uses one ratio.
        let horizontal = try tileCanvas()
        try horizontal.setZoomSettings(zoomSettings(minimum: 0.01))
        try horizontal.zoomToFit(padding: 0)
        expectClose(horizontal.zoomScale, 0.2, tolerance: 1e-12)
    }

    @Test("Animated zoom to fit follows the smooth path and ends exactly on the target")
    func animatedZoomToFit() throws {
        let engine = try tileCanvas(count: 10_000, columns: 100)
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001, maximum: 10))
        engine.setViewportOffset(.zero)
        let far = Rect(x: 9000, y: 9000, width: 200, height: 100)
        try engine.zoomToFit(region: far, padding: 0, animated: true, at: 0)
        #expect(engine.motionPhase == .animating)
        guard case .zoom(let animation) = engine.motion.activity else { Issue.record("no animation"); return }
        expectClose(animation.duration, min(animation.path.duration, SmoothZoomPath.defaultDurationCap))
        var minimum = Double.infinity
        var t = 0.0
        while try engine.tick(at: t).isActive {
            minimum = min(minimum, engine.zoomScale)
            t += 16
        }
        #expect(minimum < 0.5, "zoomed out on the way")
        #expect(engine.zoomScale == 1)
        expectClose(engine.viewport.offset, Point(x: 9000, y: 9000), tolerance: 1e-9)
    }

    @Test("Measuring waits during a fling and runs after it")
    func measuringDeferredDuringFling() throws {
        let engine = try canvas()
        engine.setSizing(.measured(estimate: Size(width: 100, height: 100)))
        try engine.setMeasure({ _, _, _ throws(CanvasError) in Size(width: 50, height: 50) }, chunkSize: 10)
        try engine.fling(velocity: Point(x: 0, y: 1), time: 0)
        #expect(try engine.step() == .deferred)
        var t = 0.0
        while try engine.tick(at: t).isActive { t += 16 }
        #expect(try engine.step() != .deferred)
    }

    @Test("Indicators show while moving and fade out after, over the documented time")
    func indicatorsFade() throws {
        let engine = try canvas()
        #expect(engine.indicators.vertical?.opacity == 0)
        try engine.fling(velocity: Point(x: 0, y: 0.5), time: 0)
        #expect(engine.indicators.vertical?.opacity == 1)
        var t = 0.0
        while try engine.tick(at: t).isActive { t += 16 }
        let stopped = t
        let fading = try engine.tick(at: stopped + ScrollIndicators.fadeDuration / 2)
        #expect(fading.isFading)
        expectClose(try #require(engine.indicators.vertical).opacity, 0.5, tolerance: 1e-9)
        _ = try engine.tick(at: stopped + ScrollIndicators.fadeDuration)
        #expect(engine.indicators.vertical?.opacity == 0)
        var hidden = engine.motionSettings
        hidden.indicators = .hidden
        try engine.setMotionSettings(hidden)
        try engine.fling(velocity: Point(x: 0, y: 0.5), time: 5000)
        #expect(engine.indicators.vertical?.opacity == 0)
    }

    @Test("Bad input: times that go back, non-finite numbers, a move with no down; nothing changes")
    func badInput() throws {
        let engine = try canvas()
        try engine.pointerDown(at: Point(x: 10, y: 10), time: 100)
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: 20, y: 20), time: 99) }
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: .nan, y: 20), time: 120) }
        #expect(throws: CanvasError.self) { try engine.tick(at: .infinity) }
        #expect(engine.clock == 100)
        try engine.pointerUp(at: Point(x: 10, y: 10), time: 130)
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: 20, y: 20), time: 140) }
        #expect(throws: CanvasError.self) { try engine.fling(velocity: Point(x: .infinity, y: 0), time: 150) }
        var settings = MotionSettings()
        settings.deceleration = 1
        #expect(throws: CanvasError.self) { try engine.setMotionSettings(settings) }
        #expect(engine.motionSettings.deceleration == DecelerationRate.normal)
    }
}

@Suite("Motion meets the host's own calls")
struct MotionInterruptionTests {
    @Test("Setting the offset or the zoom stops a fling where the host put it")
    func hostCallsStopAFling() throws {
        let engine = try canvas()
        engine.setViewportOffset(Point(x: 300, y: 300))
        try engine.fling(velocity: Point(x: 1, y: 0), time: 0)
        _ = try engine.tick(at: 50)
        engine.setViewportOffset(Point(x: 100, y: 100))
        #expect(engine.motionPhase == .idle)
        _ = try engine.tick(at: 100)
        #expect(engine.viewport.offset == Point(x: 100, y: 100))

        try engine.fling(velocity: Point(x: 1, y: 0), time: 200)
        try engine.setZoom(2)
        #expect(engine.motionPhase == .idle)
        let zoomed = engine.viewport.offset
        _ = try engine.tick(at: 300)
        #expect(engine.viewport.offset == zoomed)
    }

    @Test("A drag goes on from where the host scrolled it")
    func dragRebases() throws {
        let engine = try canvas()
        try engine.pointerDown(at: Point(x: 100, y: 50), time: 0)
        try engine.pointerMove(to: Point(x: 60, y: 50), time: 16)
        expectClose(engine.viewport.offset.x, 40)
        engine.setViewportOffset(Point(x: 500, y: 0))
        try engine.pointerMove(to: Point(x: 50, y: 50), time: 32)
        expectClose(engine.viewport.offset.x, 510)
    }
}
