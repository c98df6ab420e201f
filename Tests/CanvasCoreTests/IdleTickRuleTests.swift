import Testing
@testable import CanvasCore

@Suite("Idle tick rule")
struct IdleTickRuleTests {
    @Test("idle ticks publish nothing; the ticks of a fling publish; once it settles, ticks publish nothing again")
    func idleAndMoving() throws {
        let frames = (0..<400).map { rect(Double($0 % 20) * 100, Double($0 / 20) * 100, 80, 80) }
        let engine = try freeEngine(frames, viewport: size(400, 300))
        engine.setViewportOffset(point(200, 200))
        let count = engine.publishCount
        for step in 1...5 {
            let result = try engine.tick(at: Double(step) * 16)
            #expect(!result.published && !result.moved)
        }
        #expect(engine.publishCount == count)
        #expect(!engine.isClampOrPublishPending)
        try engine.fling(velocity: point(2, 1.5), time: 100)
        var published = 0, time = 100.0
        for _ in 0..<10 {
            time += 16
            let result = try engine.tick(at: time)
            #expect(result.moved)
            if result.published { published += 1 }
        }
        #expect(published > 0)
        #expect(engine.publishCount > count)
        #expect(engine.published?.visible == bruteQuery(Array(1...400), frames, engine.viewport.cullingRect))
        // Until it settles, then idle again.
        var guardSteps = 0
        while try engine.tick(at: time).isActive && guardSteps < 2000 { time += 16; guardSteps += 1 }
        let settled = engine.publishCount
        for _ in 0..<5 {
            time += 16
            #expect(!(try engine.tick(at: time)).published)
        }
        #expect(engine.publishCount == settled)
    }

    @Test("a tick publishes exactly when viewportChanged would: the one rule")
    func oneRule() throws {
        let frames = (0..<100).map { rect(Double($0) * 50, 0, 40, 40) }
        let engine = try freeEngine(frames, viewport: size(400, 300))
        #expect(!engine.isClampOrPublishPending)
        #expect(engine.viewportChanged() == nil)
        // An input of the answer changed behind the publish: the tick must publish.
        engine.viewport.offset = point(500, 0)
        #expect(engine.isClampOrPublishPending)
        #expect((try engine.tick(at: 16)).published)
        #expect(!engine.isClampOrPublishPending)
        #expect(!(try engine.tick(at: 32)).published)
    }
}
