import Testing
@testable import CanvasCore

/// Level of detail numbered by slot (issue 20): an insert or a removal
/// anywhere in the order touches only its own items' cells, where it used
/// to renumber every built level (69 ms for one card at a million); the
/// first of a cell stays the first in data order through order labels,
/// and when an insertion point's labels run out they are given again.
@Suite("Level of detail numbered by slot")
struct DetailSlotEditsTests {
    private func mixed(_ random: inout SplitMix64, count: Int) -> [Rect] {
        let blobs = (0..<4).map { _ in (random.uniform(-8000, 8000), random.uniform(-6000, 6000)) }
        return (0..<count).map { _ in frame(&random, blobs[Int(random.next() % 4)]) }
    }

    private func frame(_ random: inout SplitMix64, _ blob: (Double, Double)) -> Rect {
        let side = Swift.min(900, Swift.max(1, random.uniform(1, 30) * random.uniform(1, 30)))
        return Rect(x: (blob.0 + random.uniform(-2000, 2000)).rounded(), y: (blob.1 + random.uniform(-2000, 2000)).rounded(),
                    width: Swift.max(1, side.rounded()), height: Swift.max(1, (side * random.uniform(0.4, 2)).rounded()))
    }

    /// Every built level's groups as stored (labels and all), by level, class and cell.
    private func stored(_ pyramid: DetailPyramid) -> [String: DetailPyramid.Group] {
        var result: [String: DetailPyramid.Group] = [:]
        for key in pyramid.builtLevels {
            for sizeClass in pyramid.builtClasses(at: key) {
                pyramid.grid(key, pyramid.classIDs[sizeClass]!)!.visitAll { row, column, group in
                    result["\(key.x),\(key.y) \(sizeClass.x),\(sizeClass.y) \(row),\(column)"] = group
                }
            }
        }
        return result
    }

    private func check(_ engine: CanvasEngine, _ settings: DetailSettings, _ note: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frames = engine.resolution.frames, ids = engine.resolvedIDs
        let brute = bruteDetail(frames, engine.viewport.cullingRect, zoom: engine.zoom, minSize: settings.minSize, cell: settings.cell)
        let bruteIDs = brute.items.map { ids[$0] }
        let bruteClusters = brute.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) }
        let fresh = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
        #expect(fresh.items.map(\.id) == bruteIDs, "fresh items, \(note)", sourceLocation: sourceLocation)
        // The brute force counts no selected items.
        let unselected = fresh.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: $0.id) }
        #expect(unselected == bruteClusters, "fresh clusters, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.visible == bruteIDs, "published items, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.clusters == bruteClusters, "published clusters, \(note)", sourceLocation: sourceLocation)
    }

    private func openBoard(_ random: inout SplitMix64, count: Int) throws -> (CanvasEngine, DetailSettings, [Double]) {
        let engine = CanvasEngine()
        try engine.setItemFrames(mixed(&random, count: count), ids: (1...UInt64(count)).map { $0 * 3 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        let settings = DetailSettings(minSize: 4, cell: 16)
        try engine.setLevelOfDetail(settings)
        let scales = [16.0 / 32 * 0.999, 16.0 / 256 * 1.001, 16.0 / 2048 * 0.999, 0.001]
        for scale in scales { try engine.setZoom(scale) }
        try engine.setZoom(16.0 / 256 * 1.001)
        return (engine, settings, scales)
    }

    @Test("an insert and a removal in the middle leave every cell they do not enter as stored, labels included")
    func editsTouchOnlyTheirCells() throws {
        var random = SplitMix64(seed: 5)
        let (engine, _, _) = try openBoard(&random, count: 1500)
        // A first removal makes the order the slots' own no longer.
        try engine.remove([engine.resolvedIDs[700]])
        let before = stored(engine.builtDetail!)
        let new = Rect(x: 50_000, y: 50_000, width: 12, height: 9)  // far from everything: cells of its own
        try engine.insert([NewItem(id: 1, frame: new)], before: engine.resolvedIDs[300])
        let after = stored(engine.builtDetail!)
        let far = before.filter { after[$0.key] != nil }
        #expect(far.count > 100)
        #expect(far.allSatisfy { after[$0.key] == $0.value }, "a group away from the insert changed")
        try engine.remove([1])
        #expect(stored(engine.builtDetail!) == before)
    }

    @Test("inserts and removals anywhere, one by one and in groups, at one spot until its labels run out, with undo and redo, stay exact",
          arguments: [3 as UInt64, 19, 40])
    func editsAnywhere(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let (engine, settings, scales) = try openBoard(&random, count: 1200)
        var nextID: UInt64 = 10_000
        let spacing = engine.builtDetail?.labels.spacing
        // Single inserts go before this item, each between the last one and it.
        let anchor = engine.resolvedIDs[600]
        for step in 0..<80 {
            let ids = (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] }.filter { $0 != anchor }
            let frames = engine.resolution.frames, idsBefore = engine.resolvedIDs
            if step % 7 == 0 { try engine.focus(ids[Int(random.next() % UInt64(ids.count))]) }
            if step % 5 == 3 {
                // The selection to delete, chosen before the state undo must restore is taken.
                var picked = Set<UInt64>()
                let n = 1 + Int(random.next() % 50)
                while picked.count < n { picked.insert(ids[Int(random.next() % UInt64(ids.count))]) }
                engine.clearSelection()
                for id in picked { try engine.select(id: id) }
                try engine.focus(Array(picked)[0])
            }
            let selection = Set(engine.selection), focus = engine.focusedID
            let answer = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
            switch step % 5 {
            case 0, 1:
                // Many single inserts before one item: its gap of labels runs out.
                let blob = (random.uniform(-8000, 8000), random.uniform(-6000, 6000))
                try engine.insert([NewItem(id: nextID, frame: frame(&random, blob))], before: anchor)
                nextID += 1
            case 2:
                let n = 1 + Int(random.next() % 40)
                let start = Int(random.next() % UInt64(ids.count))
                try engine.insert((0..<n).map { NewItem(id: nextID + UInt64($0), frame: frame(&random, (0, 0))) },
                                  before: random.next() % 4 == 0 ? nil : ids[start])
                nextID += UInt64(n)
            case 3:
                try engine.removeSelection()
            default:
                try engine.remove([ids[Int(random.next() % UInt64(ids.count))]])
            }
            try check(engine, settings, "seed \(seed), step \(step)")
            if step % 3 == 0 {
                let editedFrames = engine.resolution.frames, editedIDs = engine.resolvedIDs
                let edited = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
                try engine.undo()
                #expect(engine.resolution.frames == frames && engine.resolvedIDs == idsBefore, "undo order, step \(step)")
                #expect(Set(engine.selection) == selection && engine.focusedID == focus, "undo selection, step \(step)")
                #expect(try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell) == answer, "undo answer, step \(step)")
                try check(engine, settings, "seed \(seed), step \(step), undone")
                try engine.redo()
                #expect(engine.resolution.frames == editedFrames && engine.resolvedIDs == editedIDs, "redo order, step \(step)")
                #expect(try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell) == edited, "redo answer, step \(step)")
            }
            if step % 20 == 19 {
                for scale in scales {
                    try engine.setZoom(scale)
                    engine.setViewportOffset(Point(x: random.uniform(-8000, 8000) * scale, y: random.uniform(-6000, 6000) * scale))
                    try check(engine, settings, "seed \(seed), step \(step), scale \(scale)")
                }
                try engine.setZoom(16.0 / 256 * 1.001)
            }
        }
        // The single inserts at one spot ran its labels out: they were given again.
        #expect(engine.builtDetail?.labels.spacing != spacing)
        // And a pyramid built afresh over the same frames agrees everywhere.
        let fresh = CanvasEngine()
        try fresh.setItemFrames(engine.resolution.frames, ids: (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] })
        try fresh.resolve()
        try fresh.setViewportSize(Size(width: 640, height: 400))
        try fresh.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        for scale in scales {
            try engine.setZoom(scale)
            try fresh.setZoom(scale)
            let offset = Point(x: random.uniform(-8000, 8000) * scale, y: random.uniform(-6000, 6000) * scale)
            engine.setViewportOffset(offset)
            fresh.setViewportOffset(offset)
            #expect(try engine.levelOfDetail(minSize: 4, cell: 16) == fresh.levelOfDetail(minSize: 4, cell: 16), "scale \(scale)")
        }
    }

    /// Once every level takes the edits it has not read yet: each built
    /// level equals a rebuild, and queries at `zooms` answer as the brute force.
    private func expectSettledAsRebuilt(_ pyramid: inout DetailPyramid, _ board: DetailSlotBoard, zooms: [ZoomTransform],
                                        _ random: inout SplitMix64, sourceLocation: SourceLocation = #_sourceLocation) {
        pyramid.settle(frames: board.frames)
        let rebuilt = board.rebuilt(like: pyramid, members: pyramid.members != nil)
        for key in pyramid.builtLevels {
            #expect(levelContents(pyramid, key) == levelContents(rebuilt, key), "level \(key)", sourceLocation: sourceLocation)
        }
        let frames = board.positional
        for zoom in zooms {
            for _ in 0..<6 {
                let rect = Rect(x: random.uniform(-600, 600), y: random.uniform(-600, 600), width: 640, height: 400)
                let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: 3, cell: 16, frames: board.frames))
                checkDetail(answer, frames, rect, zoom: zoom, minSize: 3, cell: 16)
            }
        }
    }

    @Test("the pyramid's labels: single inserts at one spot run the gap out and relabel; it equals a rebuild throughout")
    func relabelMatchesRebuild() {
        var random = SplitMix64(seed: 8)
        var board = DetailSlotBoard(mixed(&random, count: 400))
        var pyramid = DetailPyramid(frames: board.frames)
        let zooms = [ZoomTransform(scale: 0.05, axis: .both), ZoomTransform(scale: 0.4, axis: .both), ZoomTransform(scale: 0.01, axis: .vertical)]
        for zoom in zooms { _ = pyramid.query(Rect(x: 0, y: 0, width: 300, height: 300), zoom: zoom, minSize: 3, cell: 16, frames: board.frames) }
        let spacing = pyramid.labels.spacing
        for step in 0..<120 {
            switch step % 4 {
            case 0, 1: board.insert(frame(&random, (0, 0)), at: 17, into: &pyramid)
            case 2: board.insert((0..<5).map { _ in frame(&random, (100, 100)) }, at: [0, 1, 2, 9, 10], into: &pyramid)
            default: board.remove(at: [3, 17, 18, 200].filter { $0 < board.order.count }, from: &pyramid)
            }
        }
        #expect(pyramid.labels.spacing != spacing)
        expectSettledAsRebuilt(&pyramid, board, zooms: zooms, &random)
    }

    @Test("a removed slot put back keeps its order key only where it still ascends: a new card given the same key in its gap makes it take a fresh one")
    func putBackKeys() {
        var random = SplitMix64(seed: 9)
        var board = DetailSlotBoard(mixed(&random, count: 400))
        var pyramid = DetailPyramid(frames: board.frames)
        let zooms = [ZoomTransform(scale: 0.05, axis: .both), ZoomTransform(scale: 0.4, axis: .both)]
        for zoom in zooms { _ = pyramid.query(Rect(x: 0, y: 0, width: 300, height: 300), zoom: zoom, minSize: 3, cell: 16, frames: board.frames) }
        func keysAscend(_ note: String) {
            let keys = board.order.map { pyramid.labels.key($0) }
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 }, "keys ascend in data order, \(note)")
        }
        for round in 0..<12 {
            let at = 20 + 25 * round
            let removed = board.order[at]
            let oldKey = pyramid.labels.key(removed)
            // Back where it was: it keeps its key.
            board.remove(at: [at], from: &pyramid)
            board.insert([frame(&random, (0, 0))], at: [at], slots: [removed], into: &pyramid)
            #expect(pyramid.labels.key(removed) == oldKey, "round \(round): kept")
            keysAscend("round \(round), put back")
            // Out again; a new card in its gap takes the middle key, which is
            // its old one; then it comes back beside the new card, before or after.
            board.remove(at: [at], from: &pyramid)
            board.insert([frame(&random, (0, 0))], at: [at], slots: [nil], into: &pyramid)
            board.insert([frame(&random, (0, 0))], at: [at + round % 2], slots: [removed], into: &pyramid)
            keysAscend("round \(round), beside a new card")
        }
        expectSettledAsRebuilt(&pyramid, board, zooms: zooms, &random)
    }

}
