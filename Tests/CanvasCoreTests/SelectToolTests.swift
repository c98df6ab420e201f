import Testing
@testable import CanvasCore

@Suite("Select tool, drag, nudge and focus")
struct SelectToolTests {
    func threeInARow() throws -> CanvasEngine {
        let engine = try freeEngine([rect(0, 0, 50, 50), rect(100, 0, 50, 50), rect(200, 0, 50, 50)], viewport: size(400, 300))
        engine.setViewportOffset(.zero)  // it opens centred on the items
        engine.setTool(.select)
        try engine.setSnap(SnapSettings(grid: nil, items: false, gaps: false))
        return engine
    }

    @Test("a press on an item selects it; a drag past the threshold moves it; the move is one undo step")
    func dragMoves() throws {
        let engine = try threeInARow()
        #expect(engine.beginSelectGesture(at: point(10, 10)) == .item(1))
        #expect(engine.selection == [1])
        engine.updateSelectGesture(to: point(12, 10))  // under the 3 point threshold
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        engine.updateSelectGesture(to: point(30, 40))
        #expect(engine.isDraggingSelection)
        #expect(engine.frame(of: 1) == rect(20, 30, 50, 50))
        engine.endSelectGesture()
        #expect(engine.frame(of: 1) == rect(20, 30, 50, 50))
        try engine.undo()
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        #expect(engine.selection == [])
        try engine.redo()
        #expect(engine.frame(of: 1) == rect(20, 30, 50, 50))
        #expect(engine.selection == [1])
    }

    @Test("cancel puts frames and selection back, and leaves no undo step")
    func cancel() throws {
        let engine = try threeInARow()
        try engine.select(id: 3)
        engine.beginSelectGesture(at: point(110, 10))
        engine.updateSelectGesture(to: point(160, 60))
        #expect(engine.frame(of: 2) == rect(150, 50, 50, 50))
        engine.cancelSelectGesture()
        #expect(engine.frame(of: 2) == rect(100, 0, 50, 50))
        #expect(engine.selection == [3])
        #expect(!engine.canUndo)
        #expect(engine.query(rect(150, 50, 10, 10)).isEmpty)
    }

    @Test("the selection follows the pointer in content coordinates at any zoom")
    func zoomedDrag() throws {
        let engine = try threeInARow()
        try engine.setZoom(2)
        // Item 2 is at (200, 0) zoomed; press inside it and move 40 screen points.
        engine.beginSelectGesture(at: point(210, 10))
        engine.updateSelectGesture(to: point(250, 10))
        engine.endSelectGesture()
        try engine.setZoom(1)
        #expect(engine.frame(of: 2) == rect(120, 0, 50, 50))
    }

    @Test("shift adds on press, toggles off on release; a drag moves the whole selection")
    func shiftAndMulti() throws {
        let engine = try threeInARow()
        engine.beginSelectGesture(at: point(10, 10))
        engine.endSelectGesture()
        engine.beginSelectGesture(at: point(110, 10), shift: true)
        engine.endSelectGesture()
        #expect(engine.selection == [1, 2])
        engine.beginSelectGesture(at: point(110, 10), shift: true)
        engine.endSelectGesture()
        #expect(engine.selection == [1])
        engine.beginSelectGesture(at: point(110, 10), shift: true)
        engine.updateSelectGesture(to: point(110, 110))
        engine.endSelectGesture()
        #expect(engine.frame(of: 1) == rect(0, 100, 50, 50))
        #expect(engine.frame(of: 2) == rect(100, 100, 50, 50))
        #expect(engine.frame(of: 3) == rect(200, 0, 50, 50))
    }

    @Test("a press on empty space draws a marquee that replaces the selection, or adds with shift")
    func marquee() throws {
        let engine = try threeInARow()
        try engine.select(id: 3)
        #expect(engine.beginSelectGesture(at: point(-10, 60)) == .emptySpace)
        #expect(engine.selection == [])
        engine.updateSelectGesture(to: point(120, 20))
        #expect(engine.marqueeRect == rect(-10, 20, 130, 40))
        #expect(engine.selection == [1, 2])
        engine.endSelectGesture()
        #expect(engine.marqueeRect == nil)
        engine.beginSelectGesture(at: point(240, 60), shift: true)
        engine.updateSelectGesture(to: point(210, 40))
        engine.endSelectGesture()
        #expect(engine.selection == [1, 2, 3])
    }

    @Test("a drag snaps to a neighbour's edge with a guide, not with snapping off")
    func dragSnaps() throws {
        let engine = try threeInARow()
        try engine.setSnap(SnapSettings(items: true, gaps: false, threshold: 8))
        engine.beginSelectGesture(at: point(10, 10))
        // Moving item 1 to x = 45, y = 100: its right edge (95) is 5 from item 2's left edge (100).
        engine.updateSelectGesture(to: point(55, 110))
        #expect(engine.frame(of: 1) == rect(50, 100, 50, 50))
        #expect(engine.guides.contains(Guide(x1: 100, y1: 0, x2: 100, y2: 150, kind: .edge)))
        engine.updateSelectGesture(to: point(55, 110), snapping: false)
        #expect(engine.frame(of: 1) == rect(45, 100, 50, 50))
        #expect(engine.guides.isEmpty)
        engine.endSelectGesture()
        #expect(engine.guides.isEmpty)
    }

    @Test("auto-pan scrolls on each tick near the edge and the dragged items come along")
    func autoPan() throws {
        let engine = try threeInARow()
        engine.beginSelectGesture(at: point(10, 10))
        engine.updateSelectGesture(to: point(390, 150))  // 10 points from the right edge
        let before = engine.frame(of: 1)!
        let update = engine.autoPan(pointer: point(390, 150), elapsed: 100)
        #expect(update != nil)
        let speed = AutoPan.maxSpeed * 0.75
        #expect(engine.viewport.offset == point(speed * 100, 0))
        #expect(engine.frame(of: 1) == rect(before.x + speed * 100, before.y, 50, 50))
        #expect(engine.autoPan(pointer: point(200, 150), elapsed: 100) == nil)
        engine.endSelectGesture()
        try engine.undo()
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
    }

    @Test("pointer events route to the select tool: press, drag, ticks near the edge auto-pan, release is one step")
    func pointerRouting() throws {
        let engine = try threeInARow()
        // The viewport shows content from (0, 0); item 1 is under viewport point (10, 10).
        try engine.pointerDown(at: point(10, 10), time: 0, modifiers: [])
        #expect(engine.selection == [1])
        try engine.pointerMove(to: point(200, 150), time: 16)
        #expect(engine.frame(of: 1) == rect(190, 140, 50, 50))
        #expect(engine.viewport.offset == .zero)  // the select tool does not pan
        try engine.pointerMove(to: point(390, 150), time: 32)  // 10 points from the right edge
        _ = try engine.tick(at: 40)  // ticks scroll by the time since the last tick (or the press)
        let offset = engine.viewport.offset, before = engine.frame(of: 1)!
        #expect(offset == point(AutoPan.maxSpeed * 0.75 * 40, 0))
        _ = try engine.tick(at: 140)
        let step = AutoPan.maxSpeed * 0.75 * 100
        #expect(engine.viewport.offset == point(offset.x + step, 0))
        #expect(engine.frame(of: 1) == rect(before.x + step, before.y, 50, 50))
        try engine.pointerUp(at: point(390, 150), time: 140)
        #expect(!engine.isSelectGestureActive)
        try engine.undo()
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        // Shift at the press adds; a press on empty space with the pan tool pans as before.
        try engine.pointerDown(at: point(110 - engine.viewport.offset.x, 10), time: 200, modifiers: [.shift])
        try engine.pointerUp(at: point(110 - engine.viewport.offset.x, 10), time: 210)
        #expect(engine.selection == [2])
        engine.setTool(.pan)
        try engine.pointerDown(at: point(10, 10), time: 300, modifiers: [])
        #expect(!engine.isSelectGestureActive)
        try engine.pointerUp(at: point(10, 10), time: 310)
    }

    @Test("nudge: 1 point, 10 with shift, a grid step with grid snapping; each one undo step")
    func nudge() throws {
        let engine = try threeInARow()
        try engine.select(id: 1)
        try engine.select(id: 2)
        try engine.nudge(.right)
        #expect(engine.frame(of: 1) == rect(1, 0, 50, 50))
        try engine.nudge(.down, shift: true)
        #expect(engine.frame(of: 2) == rect(101, 10, 50, 50))
        try engine.setSnap(SnapSettings(grid: 25))
        try engine.nudge(.left)
        #expect(engine.frame(of: 1) == rect(-24, 10, 50, 50))
        for _ in 0..<3 { try engine.undo() }
        #expect(engine.frame(of: 1) == rect(0, 0, 50, 50))
        #expect(engine.frame(of: 2) == rect(100, 0, 50, 50))
    }

    @Test("focus moves on a grid follow the rows and columns, and scroll into view")
    func focusGrid() throws {
        var frames: [Rect] = []
        for row in 0..<10 { for column in 0..<10 { frames.append(rect(Double(column) * 100, Double(row) * 100, 80, 80)) } }
        let engine = try freeEngine(frames, viewport: size(250, 250))
        try engine.focus(1)
        #expect(engine.focusNext(.right) == 2)
        #expect(engine.focusNext(.down) == 12)
        #expect(engine.focusNext(.left) == 11)
        #expect(engine.focusNext(.left) == nil)
        #expect(engine.focusedID == 11)
        for _ in 0..<9 { engine.focusNext(.down) }
        #expect(engine.focusedID == 91)
        #expect(engine.viewport.visibleRect.minY <= 900 && engine.viewport.visibleRect.maxY >= 980)
    }

    @Test("focus on scattered items matches the rule applied to every item", arguments: [21, 22, 23] as [UInt64])
    func focusScattered(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let frames = (0..<400).map { _ in Rect(x: rng.uniform(-5000, 5000), y: rng.uniform(-5000, 5000), width: rng.uniform(5, 60), height: rng.uniform(5, 60)) }
        let engine = try freeEngine(frames)
        for _ in 0..<60 {
            let from = UInt64(rng.below(400) + 1)
            let direction = FocusDirection.allCases[rng.below(4)]
            try engine.focus(from)
            let origin = frames[Int(from) - 1]
            var best: (Double, UInt64)?
            for (index, frame) in frames.enumerated() where index != Int(from) - 1 {
                guard let score = FocusRule.score(from: origin, to: frame, direction: direction) else { continue }
                if best == nil || score < best!.0 { best = (score, UInt64(index + 1)) }
            }
            #expect(engine.focusNext(direction) == best?.1)
        }
    }
}
