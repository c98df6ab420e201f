import Testing
@testable import CanvasCore

@Suite("Free canvas and edits")
struct FreeCanvasTests {
    @Test("a free canvas keeps world coordinates: nothing normalized, mirrored or anchored")
    func worldCoordinates() throws {
        let engine = CanvasEngine()
        engine.options = ResolveOptions(margins: Insets(all: 20), direction: .rightToLeft)
        try engine.setItemFrames([rect(-100, -50, 40, 30), rect(200, 10, 20, 20)], ids: [7, 9])
        try engine.resolve()
        #expect(engine.frames == [rect(-100, -50, 40, 30), rect(200, 10, 20, 20)])
        #expect(engine.contentBounds == rect(-100, -50, 320, 80))
        #expect(engine.contentSize == size(360, 120))
        try engine.setZoom(2)
        #expect(engine.frame(of: 7) == rect(-200, -100, 80, 60))  // a free canvas zooms both axes by default
    }

    @Test("unbounded scrolling goes anywhere; content scrolling stays over the frames plus margins")
    func scrollExtent() throws {
        let engine = try freeEngine([rect(-100, -100, 50, 50), rect(500, 300, 50, 50)], viewport: size(200, 100))
        engine.setViewportOffset(point(-5000, 7000))
        #expect(engine.viewport.offset == point(-5000, 7000))
        #expect(engine.scrollBounds == .unbounded)
        engine.setScrollExtent(.content)
        #expect(engine.scrollBounds == ScrollBounds(minX: -100, maxX: 350, minY: -100, maxY: 250))
        #expect(engine.viewport.offset == point(-100, 250))
        // A laid-out canvas keeps today's clamp.
        let flow = CanvasEngine()
        try flow.setItems(sizes: [size(10, 10)])
        try flow.resolve()
        try flow.setViewportSize(size(100, 100))
        #expect(flow.scrollBounds == ScrollBounds(minX: 0, maxX: 0, minY: 0, maxY: 0))
    }

    @Test("randomized edits match a brute-force model: frames, order, queries, visible diffs, selection; undo returns every step", arguments: [11, 12] as [UInt64])
    func randomizedAgainstModel(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        var ids = Array(UInt64(1)...200)
        var frames = ids.map { _ in randomFrame(&rng, spread: 1500) }
        let engine = try freeEngine(frames, viewport: size(600, 500))
        engine.setViewportOffset(point(-300, -250))
        var visible = Set(engine.published?.visible ?? [])
        var nextID: UInt64 = 1000
        var states: [([UInt64], [Rect], [UInt64])] = [(ids, frames, engine.selection)]
        for round in 0..<300 {
            let pick = { (rng: inout SplitMix64) in ids[rng.below(ids.count)] }
            var update: VisibleUpdate?
            switch rng.below(7) {
            case 0:
                let id = pick(&rng), to = point(rng.uniform(-1500, 1500), rng.uniform(-1500, 1500))
                update = try engine.move(id, to: to)
                let at = ids.firstIndex(of: id)!
                frames[at].x = to.x
                frames[at].y = to.y
            case 1:
                let id = pick(&rng), frame = randomFrame(&rng, spread: 1500)
                update = try engine.setFrame(id, to: frame)
                frames[ids.firstIndex(of: id)!] = frame
            case 2:
                let before: UInt64? = rng.below(2) == 0 ? pick(&rng) : nil
                let new = (0..<rng.below(3) + 1).map { _ in NewItem(id: { nextID += 1; return nextID }(), frame: randomFrame(&rng, spread: 1500)) }
                update = try engine.insert(new, before: before)
                let at = before.map { ids.firstIndex(of: $0)! } ?? ids.count
                ids.insert(contentsOf: new.map(\.id), at: at)
                frames.insert(contentsOf: new.map(\.frame), at: at)
            case 3 where ids.count > 20:
                let gone = Array(Set((0..<3).map { _ in pick(&rng) }))
                update = try engine.remove(gone)
                for id in gone {
                    let at = ids.firstIndex(of: id)!
                    ids.remove(at: at)
                    frames.remove(at: at)
                }
            case 4:
                let moved = Array(Set((0..<3).map { _ in pick(&rng) }))
                let front = rng.below(2) == 0
                update = front ? try engine.bringToFront(moved) : try engine.sendToBack(moved)
                let set = Set(moved)
                let kept = zip(ids, frames).filter { !set.contains($0.0) }
                let taken = zip(ids, frames).filter { set.contains($0.0) }
                let order = front ? kept + taken : taken + kept
                ids = order.map(\.0)
                frames = order.map(\.1)
            case 5:
                let r = Rect(x: rng.uniform(-1500, 1500), y: rng.uniform(-1500, 1500), width: 400, height: 400)
                let op = SelectionOp.allCases[rng.below(4)]
                let mode = MarqueeMode.allCases[rng.below(2)]
                var expected = Set(engine.selection)
                let found = Set(zip(ids, frames).filter { id, f in
                    SpatialIndex.isIndexable(f) && f.intersects(r)
                        && (mode == .intersect || (f.minX >= r.minX && f.maxX <= r.maxX && f.minY >= r.minY && f.maxY <= r.maxY))
                }.map(\.0))
                switch op {
                case .replace: expected = found
                case .add: expected.formUnion(found)
                case .subtract: expected.subtract(found)
                case .toggle: expected.formSymmetricDifference(found)
                }
                engine.selectRect(r, mode: mode, op: op)
                #expect(Set(engine.selection) == expected, "round \(round): selection")
                continue
            default:
                let id = pick(&rng), s = size(rng.uniform(0, 200), rng.uniform(1, 200))
                update = try engine.resize([(id, s)])
                let at = ids.firstIndex(of: id)!
                frames[at] = Rect(origin: frames[at].origin, size: s)
            }
            #expect(engine.resolvedIDs == ids, "round \(round): order")
            #expect(engine.frames == frames, "round \(round): frames")
            // Grown one union at a time, the far edges may differ by an ulp.
            let modelBounds = try Resolver.clusterBounds(of: frames)
            #expect(rectsClose(engine.contentBounds, modelBounds, tolerance: 1e-9), "round \(round): bounds \(engine.contentBounds) vs \(modelBounds)")
            let probe = Rect(x: rng.uniform(-1600, 1600), y: rng.uniform(-1600, 1600), width: rng.uniform(1, 700), height: rng.uniform(1, 700))
            #expect(engine.query(probe).map { ids[$0] } == bruteQuery(ids, frames, probe), "round \(round): query")
            let nowVisible = bruteQuery(ids, frames, engine.viewport.cullingRect)
            if let update {
                #expect(update.visible == nowVisible, "round \(round): visible")
                #expect(Set(update.appeared) == Set(nowVisible).subtracting(visible), "round \(round): appeared")
                #expect(Set(update.disappeared) == visible.subtracting(nowVisible), "round \(round): disappeared")
            } else {
                #expect(Set(nowVisible) == visible, "round \(round): no update, yet the visible set changed")
            }
            visible = Set(nowVisible)
            #expect(Set(engine.selection).isSubset(of: Set(ids)))
            states.append((ids, frames, engine.selection))
        }
        // Undo everything the history still holds, then redo it.
        let steps = engine.editing.history.undoSteps.count
        for back in 1...steps {
            try engine.undo()
            let (i, f, _) = states[states.count - 1 - back]
            _ = (i, f)
        }
        #expect(throws: CanvasError.self) { try engine.undo() }
        for _ in 0..<steps { try engine.redo() }
        #expect(engine.resolvedIDs == ids)
        #expect(engine.frames == frames)
        #expect(engine.query(rect(-3000, -3000, 6000, 6000)).map { ids[$0] } == bruteQuery(ids, frames, rect(-3000, -3000, 6000, 6000)))
    }

    @Test("undo restores frames, order and selection exactly, step by step")
    func undoExact() throws {
        let engine = try freeEngine([rect(0, 0, 10, 10), rect(20, 0, 10, 10), rect(40, 0, 10, 10)])
        try engine.select(id: 2)
        let start = (engine.frames, engine.resolvedIDs, engine.selection)
        try engine.move(2, to: point(100, 100))
        try engine.bringToFront([1])
        try engine.remove([2])
        #expect(engine.selection == [])
        try engine.insert([NewItem(id: 9, frame: rect(-5, -5, 1, 1))], before: 3)
        #expect(engine.resolvedIDs == [9, 3, 1])
        for _ in 0..<4 { try engine.undo() }
        #expect(engine.frames == start.0)
        #expect(engine.resolvedIDs == start.1)
        #expect(engine.selection == start.2)
        try engine.redo()
        #expect(engine.frame(of: 2) == rect(100, 100, 10, 10))
        // A new edit clears the redo side.
        try engine.move(1, to: point(1, 1))
        expectCanvasError(.invalidArgument, messageContains: ["nothing to redo"]) { try engine.redo() }
    }

    @Test("removing the selection is one step, and undo brings the items and the selection back")
    func removeSelection() throws {
        let engine = try freeEngine([rect(0, 0, 10, 10), rect(20, 0, 10, 10), rect(40, 0, 10, 10)])
        try engine.select(id: 1)
        try engine.select(id: 3)
        try engine.removeSelection()
        #expect(engine.resolvedIDs == [2])
        #expect(try engine.removeSelection() == nil)
        try engine.undo()
        #expect(engine.resolvedIDs == [1, 2, 3])
        #expect(engine.selection == [1, 3])
    }

    @Test("the history is bounded")
    func bounded() throws {
        let engine = try freeEngine([rect(0, 0, 10, 10)])
        engine.historyLimit = 3
        for step in 1...5 { try engine.move(1, to: point(Double(step), 0)) }
        for _ in 0..<3 { try engine.undo() }
        #expect(engine.frame(of: 1) == rect(2, 0, 10, 10))
        #expect(!engine.canUndo)
    }

    @Test("bad edits throw and change nothing")
    func badEdits() throws {
        let engine = try freeEngine([rect(0, 0, 10, 10), rect(20, 0, 10, 10)])
        let before = (engine.frames, engine.resolvedIDs, engine.canUndo)
        expectCanvasError(.notFound, messageContains: ["id 5"]) { try engine.move([(1, point(5, 5)), (5, point(0, 0))]) }
        expectCanvasError(.invalidArgument, messageContains: ["twice"]) { try engine.remove([1, 1]) }
        expectCanvasError(.invalidArgument, messageContains: ["already"]) { try engine.insert([NewItem(id: 2, frame: .zero)]) }
        expectCanvasError(.invalidArgument, messageContains: ["duplicate"]) { try engine.insert([NewItem(id: 3, frame: .zero), NewItem(id: 3, frame: .zero)]) }
        expectCanvasError(.notFound, messageContains: ["before id 8"]) { try engine.insert([NewItem(id: 3, frame: .zero)], before: 8) }
        expectCanvasError(.nonFinite) { try engine.setFrame(1, to: rect(.nan, 0, 1, 1)) }
        expectCanvasError(.nonFinite) { try engine.move(1, to: point(0, .infinity)) }
        expectCanvasError(.invalidArgument, messageContains: ["negative"]) { try engine.resize([(1, size(-1, 1))]) }
        expectCanvasError(.invalidArgument, messageContains: ["nothing to undo"]) { try engine.undo() }
        #expect(engine.frames == before.0)
        #expect(engine.resolvedIDs == before.1)
        #expect(engine.canUndo == before.2)
    }

    @Test("a batch applies whole, as one undo step; one failing half-way leaves the engine as it was")
    func batches() throws {
        let engine = try freeEngine([rect(0, 0, 10, 10), rect(20, 0, 10, 10)])
        try engine.batch { () throws(CanvasError) in
            try engine.move(1, to: point(50, 50))
            try engine.insert([NewItem(id: 3, frame: rect(5, 5, 5, 5))])
        }
        #expect(engine.resolvedIDs == [1, 2, 3])
        let after = engine.frames
        expectCanvasError(.notFound) {
            try engine.batch { () throws(CanvasError) in
                try engine.remove([3])
                try engine.move(2, to: point(7, 7))
                try engine.move(42, to: point(0, 0))
            }
        }
        #expect(engine.frames == after)
        #expect(engine.resolvedIDs == [1, 2, 3])
        #expect(engine.query(rect(0, 0, 100, 100)).count == 3)
        try engine.undo()
        #expect(engine.resolvedIDs == [1, 2])
        #expect(engine.frame(of: 1) == rect(0, 0, 10, 10))
        expectCanvasError(.invalidArgument, messageContains: ["no batch"]) { try engine.commitBatch() }
        try engine.beginBatch()
        expectCanvasError(.invalidArgument, messageContains: ["already open"]) { try engine.beginBatch() }
        engine.rollbackBatch()
    }

    @Test("on a flow canvas an edit edits the item list and lays out again")
    func flowEdits() throws {
        let engine = CanvasEngine()
        engine.setLayout(FlowLayout(horizontalSpacing: 0, verticalSpacing: 0, maxWidth: 100))
        try engine.setItems(sizes: [size(40, 10), size(40, 10), size(40, 10)])
        try engine.resolve()
        try engine.insert([NewItem(id: 9, frame: rect(0, 0, 40, 10))], before: 1)
        #expect(engine.resolvedIDs == [9, 1, 2, 3])
        #expect(engine.frame(of: 9) == rect(0, 0, 40, 10))
        try engine.resize([(9, size(90, 10))])
        #expect(engine.frame(of: 1) == rect(0, 10, 40, 10))
        expectCanvasError(.invalidArgument, messageContains: ["free"]) { try engine.move(1, to: point(0, 0)) }
        try engine.undo()
        try engine.undo()
        #expect(engine.resolvedIDs == [1, 2, 3])
    }
}
