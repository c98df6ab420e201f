import Testing
@testable import CanvasCore

// Issue 21, items 3 and 4: a new item list on a free canvas kept the old
// free index, so every query before the next resolve trapped on an id that
// was gone (and setItems itself at a zoom other than 1); a batch left open
// across a new item list trapped on its rollback or commit.
@Suite("A new item list leaves nothing over the old one")
struct ItemListReplacementTests {
    @Test("Every query before the next resolve answers from the last resolution, then from the new items")
    func queriesBeforeResolve() throws {
        var rng = SplitMix64(seed: 21_3)
        for round in 0..<40 {
            let old = (0..<(1 + rng.below(30))).map { _ in randomFrame(&rng, spread: 500) }
            let engine = try freeEngine(old)
            _ = try engine.setLevelOfDetail(DetailSettings())
            if round % 2 == 0 { try engine.setZoom(2) }
            try engine.select(id: 1)
            try engine.focus(1)
            let newCount = rng.below(20)
            let newIDs = (0..<newCount).map { UInt64(1000 + $0 + (round % 3 == 0 ? -999 : 0)) }
            let newFrames = (0..<newCount).map { _ in randomFrame(&rng, spread: 500) }
            if round % 4 == 1 {
                try engine.setItems(sizes: newFrames.map(\.size), ids: newIDs)
            } else {
                try engine.setItemFrames(newFrames, ids: newIDs)
            }
            #expect(engine.zoomScale == 1)
            let probe = Rect(x: rng.uniform(-600, 0), y: rng.uniform(-600, 0), width: 700, height: 700)
            let oldIDs = (1...UInt64(old.count)).map { $0 }
            #expect(engine.query(probe).map { engine.resolvedIDs[$0] } == bruteQuery(oldIDs, old, probe))
            _ = engine.hitTest(at: Point(x: old[0].x + 0.5, y: old[0].y + 0.5))
            engine.selectRect(probe)
            #expect(engine.selection.allSatisfy { newIDs.contains($0) })
            _ = engine.focusNext(.right)
            _ = try engine.setViewport(size: Size(width: 300, height: 200), x: 5, y: 5)
            _ = try engine.tick(at: 1)
            _ = try engine.levelOfDetail()
            if let first = newIDs.first { _ = try? engine.scroll(toID: first, anchor: .center) }
            try engine.resolve()
            // Items set by size keep the frames their ids had (new ids at the origin).
            if round % 4 != 1 { #expect(engine.frames == newFrames) }
            #expect(engine.resolvedIDs.elementsEqual(newIDs))
            #expect(engine.query(probe).map { engine.resolvedIDs[$0] } == bruteQuery(newIDs, engine.frames, probe))
            try engine.insert([NewItem(id: 5000, frame: Rect(x: 0, y: 0, width: 5, height: 5))])
            try engine.undo()
        }
    }

    @Test("A new item list inside a batch is refused; the batch stays open and whole")
    func itemsInsideBatch() throws {
        let engine = try freeEngine([Rect(x: 0, y: 0, width: 10, height: 10), Rect(x: 20, y: 0, width: 10, height: 10)])
        try engine.beginBatch()
        try engine.move(1, to: Point(x: 50, y: 50))
        #expect(throws: CanvasError(.invalidArgument, "cannot replace the items while a batch is open: commit or roll it back first")) {
            try engine.setItems(sizes: [Size(width: 5, height: 5)], ids: [7])
        }
        #expect(throws: CanvasError.self) { try engine.setItemFrames([Rect(x: 0, y: 0, width: 1, height: 1)], ids: [7]) }
        #expect(engine.items.ids == [1, 2] && engine.isBatchOpen)
        engine.rollbackBatch()
        #expect(engine.frame(of: 1) == Rect(x: 0, y: 0, width: 10, height: 10))
        try engine.beginBatch()
        try engine.move(2, to: Point(x: 5, y: 5))
        #expect(throws: CanvasError.self) { try engine.setItemFrames([Rect(x: 0, y: 0, width: 1, height: 1)], ids: [7]) }
        try engine.commitBatch()
        try engine.undo()
        #expect(engine.frame(of: 2) == Rect(x: 20, y: 0, width: 10, height: 10))
    }
}
