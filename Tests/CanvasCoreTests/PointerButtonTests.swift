import Testing
@testable import CanvasCore

/// Issue 22.7: with the select tool the primary button selects and drags;
/// middle and secondary pan, and so does primary while space is held.
@Suite("Pointer buttons and the space key")
struct PointerButtonTests {
    func board() throws -> CanvasEngine {
        let engine = try freeEngine([rect(0, 0, 50, 50), rect(100, 0, 50, 50), rect(200, 0, 50, 50)], viewport: size(400, 300))
        engine.setViewportOffset(.zero)
        engine.setTool(.select)
        try engine.setSnap(SnapSettings(grid: nil, items: false, gaps: false))
        return engine
    }

    /// A press on item 1 dragged 50 points right and released.
    func drag(_ engine: CanvasEngine, button: PointerButton) throws {
        try engine.pointerDown(at: point(10, 10), time: 0, button: button)
        try engine.pointerMove(to: point(35, 10), time: 16)
        try engine.pointerMove(to: point(60, 10), time: 32)
        try engine.pointerUp(at: point(60, 10), time: 200)  // rested: no fling
    }

    @Test("primary drags the item under it")
    func primaryDrags() throws {
        let engine = try board()
        try drag(engine, button: .primary)
        #expect(engine.frame(of: 1) == rect(50, 0, 50, 50))
        #expect(engine.viewport.offset == .zero)
        #expect(engine.selection == [1])
    }

    @Test("middle and secondary pan, leaving frames and selection", arguments: [PointerButton.middle, .secondary])
    func otherButtonsPan(button: PointerButton) throws {
        let engine = try board()
        try drag(engine, button: button)
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        #expect(engine.viewport.offset == point(-50, 0))
        #expect(engine.selection.isEmpty)
        #expect(!engine.canUndo)
    }

    @Test("space held pans with primary; the route holds to the up; released, primary selects again")
    func spacePans() throws {
        let engine = try board()
        engine.setKey(.space, down: true)
        #expect(engine.isKeyHeld(.space))
        try engine.pointerDown(at: point(10, 10), time: 0)
        engine.setKey(.space, down: false)
        try engine.pointerMove(to: point(35, 10), time: 16)
        try engine.pointerMove(to: point(60, 10), time: 32)
        try engine.pointerUp(at: point(60, 10), time: 200)
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        #expect(engine.viewport.offset == point(-50, 0))
        try engine.pointerDown(at: point(160, 10), time: 300)  // content (110, 10): item 2
        try engine.pointerUp(at: point(160, 10), time: 310)
        #expect(engine.selection == [2])
    }
}
