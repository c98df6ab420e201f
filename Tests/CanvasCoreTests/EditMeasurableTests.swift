import Testing
@testable import CanvasCore

// Issue 21, item 7: edits took frames that overflow (an insert at x = 1e308
// of width 1e308 gave an infinite content size; two items moved to ±1.6e308
// collapsed the content bounds to 0 × 0), where resolve() refuses the same
// frames as too far apart to measure. Edits refuse them now, whole.
@Suite("Edits refuse frames too far apart to measure")
struct EditMeasurableTests {
    func twoItems() throws -> CanvasEngine {
        try freeEngine([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)])
    }

    @Test("Insert, move, resize, set frame and nudge past the finite range are refused; nothing changes")
    func eachEdit() throws {
        let engine = try twoItems()
        let frames = engine.frames, size = engine.contentSize, bounds = engine.contentBounds
        #expect(throws: CanvasError(.nonFinite, "cannot insert id 9: its frame {x=1e+308, y=0.0, width=1e+308, height=1.0} would place the items too far apart to measure ({x=0.0, y=0.0, width=inf, height=10.0})")) {
            try engine.insert([NewItem(id: 9, frame: Rect(x: 1e308, y: 0, width: 1e308, height: 1))])
        }
        try engine.move(1, to: Point(x: -1.6e308, y: 0))
        #expect(throws: CanvasError.self) { try engine.move(2, to: Point(x: 1.6e308, y: 0)) }
        #expect(engine.contentBounds.width > 1e308 && engine.contentBounds.isFinite)
        try engine.undo()
        #expect(throws: CanvasError.self) { try engine.move([(1, Point(x: -1.6e308, y: 0)), (2, Point(x: 1.6e308, y: 0))]) }
        try engine.move(2, to: Point(x: 1e308, y: 0))
        #expect(throws: CanvasError.self) { try engine.resize([(2, Size(width: 1e308, height: 1))]) }
        try engine.undo()
        // A nudge by a grid step of 1e308 from 1e308.
        try engine.move(2, to: Point(x: 1e308, y: 0))
        try engine.setSnap(SnapSettings(grid: 1e308))
        try engine.select(id: 2)
        #expect(throws: CanvasError.self) { try engine.nudge(.right) }
        try engine.setSnap(SnapSettings())
        try engine.undo()
        #expect(engine.frames == frames && engine.contentSize == size && engine.contentBounds == bounds)
        // Moving the far item back while moving the other out is measurable.
        try engine.move(1, to: Point(x: 1.6e308, y: 0))
        try engine.move([(1, Point(x: 0, y: 0)), (2, Point(x: -1.6e308, y: 0))])
        #expect(engine.contentBounds.isFinite && engine.contentBounds.width > 1e308)
    }

    @Test("A drag that would take the selection past the finite range is refused; the drag goes on")
    func drag() throws {
        let engine = try twoItems()
        try engine.move(2, to: Point(x: -1e308, y: 0))
        engine.setViewportOffset(.zero)  // a free canvas opens centred on its items
        engine.setTool(.select)
        try engine.pointerDown(at: Point(x: 5, y: 5), time: 0)
        try engine.pointerMove(to: Point(x: 50, y: 5), time: 1)
        let moved = engine.frames
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: 1e308, y: 5), time: 2) }
        #expect(throws: CanvasError.self) { try engine.pointerMove(to: Point(x: 1.7e308, y: 5), time: 2) }
        #expect(engine.frames == moved && engine.contentBounds.isFinite)
        try engine.pointerUp(at: Point(x: 60, y: 5), time: 3)
        #expect(engine.frame(of: 1)?.x == 55)
    }

    @Test("Random far edits are accepted exactly when resolve() could measure the result")
    func againstResolve() throws {
        var rng = SplitMix64(seed: 21_7)
        let far = [0, 1e300, 8e307, 1.6e308, 1.79e308]
        for _ in 0..<300 {
            let engine = try freeEngine((0..<4).map { _ in randomFrame(&rng) })
            for _ in 0..<6 {
                let before = engine.frames
                let id = UInt64(1 + rng.below(4))
                let x = far[rng.below(far.count)] * (rng.below(2) == 0 ? 1 : -1)
                let width = rng.below(3) == 0 ? far[rng.below(far.count)] : 10
                var after = before
                let position = engine.items.index(of: id)!
                after[position] = Rect(x: x, y: after[position].y, width: width, height: after[position].height)
                let measurable = (try? Resolver.clusterBounds(of: after)) != nil
                    && ((try? Resolver.clusterBounds(of: after)).map { ($0.width + 0).isFinite } ?? false)
                do {
                    try engine.setFrame(id, to: after[position])
                    #expect(measurable)
                    #expect(engine.frames == after)
                } catch {
                    #expect(!measurable)
                    #expect(engine.frames == before)
                }
                #expect(engine.contentSize.isFinite && engine.contentBounds.isFinite)
            }
        }
    }
}
