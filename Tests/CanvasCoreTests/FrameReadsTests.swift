@testable import CanvasCore
import Testing

// What a host reads every frame: the selection's version moves with the
// selection (and comes back with the rest after a failed transaction), and
// the running animation's end time.

@Suite("Frame reads")
struct FrameReadsTests {
    @Test("The selection's version moves with every change of the selection, and a failed call puts it back")
    func selectionVersion() throws {
        let engine = try freeEngine([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 100, y: 0, width: 50, height: 50)])
        var version = engine.selectionVersion
        try engine.select(id: 1)
        #expect(engine.selectionVersion != version)
        version = engine.selectionVersion
        _ = try engine.move([(id: 2, origin: Point(x: 200, y: 0))])
        #expect(engine.selectionVersion == version)
        _ = try engine.remove([1])
        #expect(engine.selectionVersion != version)
        version = engine.selectionVersion
        _ = try engine.undo()
        #expect(engine.selectionVersion != version && engine.selection == [1])
        version = engine.selectionVersion
        #expect(throws: CanvasError.self) {
            try engine.transaction { () throws(CanvasError) -> Void in
                engine.clearSelection()
                throw CanvasError(.callbackFailed, "the host's callback failed")
            }
        }
        #expect(engine.selectionVersion == version && engine.selection == [1])
    }

    @Test("An animated scroll ends at its start plus its duration; nothing else has an end")
    func animationEnd() throws {
        let engine = try freeEngine([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 2000, y: 0, width: 50, height: 50)])
        #expect(engine.animationEndTime == nil)
        try engine.scroll(toID: 2, anchor: .center, duration: 250, at: 100)
        #expect(engine.animationEndTime == 350)
        _ = try engine.tick(at: 400)
        #expect(engine.animationEndTime == nil)
    }
}
