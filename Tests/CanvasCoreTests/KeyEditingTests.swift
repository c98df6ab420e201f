import Testing
@testable import CanvasCore

/// Keys meet the select tool: arrows nudge the selection on a free canvas,
/// delete removes it, each one undo step; otherwise keys scroll.
@Suite("Keys that edit: nudge, delete, and the scrolling they replace")
struct KeyEditingTests {
    private func board() throws -> CanvasEngine {
        let engine = try freeEngine([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 100, y: 0, width: 50, height: 50),
                                     Rect(x: -300, y: 2000, width: 50, height: 50)])
        engine.setTool(.select)
        try engine.select(id: 2)
        return engine
    }

    @Test("Arrows nudge the selection by 1, 10 with shift; undo puts it back")
    func arrowsNudge() throws {
        let engine = try board()
        let offset = engine.viewport.offset
        try engine.key(.right, time: 0)
        try engine.key(.down, modifiers: .shift, time: 10)
        #expect(engine.frame(of: 2) == Rect(x: 101, y: 10, width: 50, height: 50))
        #expect(engine.viewport.offset == offset, "a nudge does not scroll")
        #expect(engine.motionPhase == .idle)
        try engine.undo()
        #expect(engine.frame(of: 2) == Rect(x: 101, y: 0, width: 50, height: 50))
    }

    @Test("Delete removes the selection, one undo step; with nothing selected it does nothing")
    func deleteRemoves() throws {
        let engine = try board()
        try engine.key(.delete, time: 0)
        #expect(engine.frame(of: 2) == nil)
        try engine.key(.delete, time: 5)
        #expect(engine.items.count == 2)
        try engine.undo()
        #expect(engine.frame(of: 2) == Rect(x: 100, y: 0, width: 50, height: 50))
        #expect(engine.isSelected(2))
    }

    @Test("With the pan tool, or nothing selected, arrows scroll; home and end reach the items' edges on an unbounded canvas")
    func arrowsScroll() throws {
        let engine = try board()
        engine.setTool(.pan)
        let start = engine.viewport.offset
        try engine.key(.down, time: 0)
        _ = try engine.tick(at: 400)
        #expect(engine.viewport.offset.y == start.y + WheelEvent.lineHeight)
        #expect(engine.frame(of: 2)?.y == 0)
        try engine.key(.end, time: 500)
        _ = try engine.tick(at: 900)
        let bounds = engine.contentBounds
        #expect(engine.viewport.offset.y == bounds.y + bounds.height - engine.viewport.size.height)
        try engine.key(.home, time: 1000)
        _ = try engine.tick(at: 1400)
        #expect(engine.viewport.offset.y == bounds.y)
        #expect(engine.viewport.offset.x.isFinite)
    }

    @Test("A nudge that fails changes nothing, the clock included")
    func failedNudgeChangesNothing() throws {
        let engine = try board()
        try engine.key(.left, time: 100)
        #expect(throws: CanvasError.self) { try engine.key(.left, time: 50) }
        #expect(engine.clock == 100)
        #expect(engine.frame(of: 2)?.x == 99)
    }
}
