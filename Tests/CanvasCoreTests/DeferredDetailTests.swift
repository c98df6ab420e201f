import Testing
@testable import CanvasCore

/// Moves the level-of-detail pyramid takes late (CanvasEngine+DeferredDetail.swift,
/// issue 20): a drag step at a zoom where every item is large leaves the
/// pyramid alone, and every answer (published, fresh, after any edit, at
/// any zoom) is the one the eager path and the brute force give.
@Suite("Level of detail with deferred moves")
struct DeferredDetailTests {
    /// Sides 8 … ~800 (large at zoom 1 and 0.75 for min_size 4, some small
    /// at 0.25 and below), in a few blobs.
    private func frame(_ random: inout SplitMix64, _ blob: (Double, Double)) -> Rect {
        let side = Swift.min(800, Swift.max(8, random.uniform(3, 30) * random.uniform(3, 30)))
        let aspect = random.uniform(0.5, 2)
        return Rect(x: (blob.0 + random.uniform(-2500, 2500)).rounded(), y: (blob.1 + random.uniform(-2500, 2500)).rounded(),
                    width: Swift.max(8, (side * aspect.squareRoot()).rounded()),
                    height: Swift.max(8, (side / aspect.squareRoot()).rounded()))
    }

    private let settings = DetailSettings(minSize: 4, cell: 16)

    private func makeEngine(_ frames: [Rect], defers: Bool) throws -> CanvasEngine {
        let engine = CanvasEngine()
        engine.defersDetailMoves = defers
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(frames.count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.0005))
        try engine.setLevelOfDetail(settings)
        // Levels and merged grids at zooms where some items are small.
        for scale in [0.25, 16.0 / 1024, 16.0 / 8192, 1] { try engine.setZoom(scale) }
        try engine.setSnap(SnapSettings(grid: nil, items: true, gaps: true))
        engine.setTool(.select)
        return engine
    }

    /// The published and a fresh answer against the brute force.
    /// `check` for the late engine, with the same fresh query made of the
    /// eager one (a query builds what it needs: both must have asked the same).
    private func check(_ engine: CanvasEngine, _ eager: CanvasEngine, _ note: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(engine, note, sourceLocation: sourceLocation)
        _ = try eager.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
    }

    private func check(_ engine: CanvasEngine, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frames = engine.resolution.frames, ids = engine.resolvedIDs
        let brute = bruteDetail(frames, engine.viewport.cullingRect, zoom: engine.zoom, minSize: settings.minSize, cell: settings.cell)
        let bruteIDs = brute.items.map { ids[$0] }
        let bruteClusters = brute.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) }
        #expect(engine.published?.visible == bruteIDs, "published items, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.clusters == bruteClusters, "published clusters, \(note)", sourceLocation: sourceLocation)
        let fresh = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
        #expect(fresh.items.map(\.id) == bruteIDs, "fresh items, \(note)", sourceLocation: sourceLocation)
        #expect(fresh.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: $0.id) } == bruteClusters,
                "fresh clusters, \(note)", sourceLocation: sourceLocation)
    }

    /// The pyramids' contents once settled (as DetailBatchedMovesTests
    /// compares them), but for the centres' box: the eager path widens it
    /// over every step's frames, the late one over the last only; both hold
    /// every centre, which is all the box promises.
    private func expectSamePyramid(_ late: CanvasEngine, _ eager: CanvasEngine, _ note: String,
                                   sourceLocation: SourceLocation = #_sourceLocation) {
        guard let a = late.builtDetail, let b = eager.builtDetail else {
            #expect((late.builtDetail == nil) == (eager.builtDetail == nil), "both built, \(note)", sourceLocation: sourceLocation)
            return
        }
        #expect(late.detailStore?.pending.isEmpty == true, "settled by the read, \(note)", sourceLocation: sourceLocation)
        // Class ids are the order classes were met in: a resize taken with
        // waiting moves may meet them in another order. Compared by class.
        func classes(_ p: DetailPyramid) -> [String: String] {
            var result: [String: String] = [:]
            for (id, c) in p.sizeClasses.enumerated() where p.classCounts[id] > 0 {
                result["\(c.x),\(c.y)"] = "\(p.classCounts[id]) \(p.classSides[id])"
            }
            return result
        }
        func merged(_ p: DetailPyramid) -> [String: [CellContents]] {
            var result: [String: [CellContents]] = [:]
            for (key, small) in p.merged {
                let names = small.classes.indices.filter { small.classes[$0] }.map { "\(p.sizeClasses[$0].x),\(p.sizeClasses[$0].y)" }
                var cells: [CellContents] = []
                small.cells.visitAll { row, column, group in cells.append(CellContents(row: row, column: column, group: group)) }
                result["\(key.x),\(key.y): \(names.sorted())"] = cells
            }
            return result
        }
        #expect(a.count == b.count, "count, \(note)", sourceLocation: sourceLocation)
        #expect(classes(a) == classes(b), "classes, \(note)", sourceLocation: sourceLocation)
        #expect(Set(a.builtLevels) == Set(b.builtLevels), "levels, \(note)", sourceLocation: sourceLocation)
        for key in b.builtLevels {
            let x = levelContents(a, key), y = levelContents(b, key)
            #expect(x == y, "level \(key), \(note): \(firstDifference(x, y))", sourceLocation: sourceLocation)
        }
        #expect(merged(a) == merged(b), "merged grids, \(note)", sourceLocation: sourceLocation)
        #expect((a.members == nil) == (b.members == nil), "member grids built, \(note)", sourceLocation: sourceLocation)
        if a.members != nil && b.members != nil {
            #expect(classContents(a) == classContents(b), "member grids, \(note)", sourceLocation: sourceLocation)
        }
    }

    /// The first class whose cells differ, and the first cell that does.
    private func firstDifference(_ x: [String: [CellContents]], _ y: [String: [CellContents]]) -> String {
        for name in Set(x.keys).union(y.keys).sorted() where x[name] != y[name] {
            let a = x[name] ?? [], b = y[name] ?? []
            let cell = zip(a, b).first { $0.0 != $0.1 }
            return "class \(name): \(a.count) vs \(b.count) cells; \(cell.map { "\($0.0) vs \($0.1)" } ?? "")"
        }
        return "none"
    }

    @Test("Drags, nudges, moves, undo, redo, inserts, removals and resizes at zooms either side of all-large: answers exact, pyramid as the eager path's",
          arguments: [3 as UInt64, 17, 90])
    func againstEagerAndBrute(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let blobs = (0..<4).map { _ in (random.uniform(-12_000, 12_000), random.uniform(-9_000, 9_000)) }
        let count = 1200
        let frames = (0..<count).map { _ in frame(&random, blobs[random.below(blobs.count)]) }
        let late = try makeEngine(frames, defers: true), eager = try makeEngine(frames, defers: false)
        var nextID = UInt64(count) + 1
        // Zoom 1 and 0.75: every item large (moves wait); 0.25 and below: some small (they go in).
        let scales = [1, 0.75, 1, 0.25, 1, 16.0 / 1024]
        for round in 0..<12 {
            let scale = scales[round % scales.count]
            let blob = blobs[random.below(blobs.count)]
            let note = "seed \(seed), round \(round), zoom \(scale)"
            let ids = late.items.ids.map { $0 }
            let chosen = (0..<(50 + random.below(250))).map { _ in ids[random.below(ids.count)] }
            let offsets = (0..<6).map { _ in Point(x: random.uniform(-12, 12), y: random.uniform(-12, 12)) }
            let cancel = round % 5 == 4
            for engine in [late, eager] {
                try engine.setZoom(scale)
                engine.setViewportOffset(Point(x: blob.0 * scale - 320, y: blob.1 * scale - 200))
                engine.clearSelection()
                for id in chosen { try engine.select(id: id) }
            }
            // A drag from an item shown on its own (the same one in both).
            let pressed = (late.published?.visible ?? []).lazy.map { id in
                let frame = late.frame(of: id)!
                return Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            }.first { late.hitTest(at: $0) != nil }
            if let start = pressed {
                for engine in [late, eager] { engine.beginSelectGesture(at: start, shift: true) }
                var at = start
                for (step, offset) in offsets.enumerated() {
                    at = Point(x: at.x + offset.x, y: at.y + offset.y)
                    for engine in [late, eager] { engine.updateSelectGesture(to: at, snapping: step % 3 != 2) }
                    #expect(late.guides == eager.guides, "guides, \(note), step \(step)")
                    #expect(late.resolution.frames == eager.resolution.frames, "frames, \(note), step \(step)")
                    try check(late, eager, "\(note), drag step \(step)")
                }
                for engine in [late, eager] { if cancel { engine.cancelSelectGesture() } else { engine.endSelectGesture() } }
                try check(late, eager, "\(note), drop")
            }
            let some = Array(Set((0..<30).map { _ in ids[random.below(ids.count)] }))
            let targets = some.map { ($0, Point(x: blob.0 + random.uniform(-2000, 2000), y: blob.1 + random.uniform(-2000, 2000))) }
            let sizes = some.prefix(8).map { ($0, Size(width: random.uniform(1, 40).rounded(), height: random.uniform(1, 40).rounded())) }
            let before = ids[random.below(ids.count)]
            let removed = Array(Set((0..<15).map { _ in ids[random.below(ids.count)] }))
            let inserted = (0..<12).map { k in NewItem(id: nextID + UInt64(k), frame: frame(&random, blob)) }
            nextID += 12
            for engine in [late, eager] {
                try engine.nudge(.right, shift: true)
                try engine.move(targets)
                try engine.key(.left, modifiers: [], time: Double(round) * 1000)  // a nudge inside a transaction
            }
            try check(late, eager, "\(note), nudges and moves")
            for engine in [late, eager] {
                try engine.undo()
                try engine.undo()
            }
            try check(late, eager, "\(note), undone")
            for engine in [late, eager] { try engine.redo() }
            try check(late, eager, "\(note), redone")
            if round % 3 == 1 {
                for engine in [late, eager] { try engine.insert(inserted, before: before) }
                try check(late, eager, "\(note), inserted")
                for engine in [late, eager] { try engine.remove(removed.filter { $0 != before }) }
                try check(late, eager, "\(note), removed")
                for engine in [late, eager] { try engine.undo() }
                try check(late, eager, "\(note), removal undone")
            }
            if round % 4 == 2 {
                for engine in [late, eager] { try engine.resize(sizes) }
                try check(late, eager, "\(note), resized")
            }
            #expect(late.published == eager.published, "published, \(note)")
            if round % 2 == 1 { expectSamePyramid(late, eager, note) }
        }
        // Every level, both ways.
        for scale in [1, 0.25, 16.0 / 1024, 16.0 / 8192] {
            for engine in [late, eager] { try engine.setZoom(scale) }
            try check(late, eager, "seed \(seed), end, zoom \(scale)")
            #expect(late.published == eager.published, "seed \(seed), end, zoom \(scale)")
        }
        expectSamePyramid(late, eager, "seed \(seed), end")
    }

    @Test("A drag at a zoom where every item is large leaves the pyramid as it was at the press; the drop's read settles it")
    func dragLeavesPyramid() throws {
        var random = SplitMix64(seed: 7)
        let blob = (0.0, 0.0)
        let frames = (0..<800).map { _ in frame(&random, blob) }
        let engine = try makeEngine(frames, defers: true)
        engine.setViewportOffset(Point(x: -320, y: -200))
        let visible = engine.published?.visible ?? []
        try #require(visible.count > 20)
        for id in visible.prefix(20) { try engine.select(id: id) }
        let pressed = visible.prefix(20).lazy.map { id in
            let frame = engine.frame(of: id)!
            return Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        }.first { engine.hitTest(at: $0).map { engine.selected.contains($0) } ?? false }
        let start = try #require(pressed)
        engine.beginSelectGesture(at: start)
        let atPress = try #require(engine.detailStore?.pyramid)
        for step in 1...5 {
            engine.updateSelectGesture(to: Point(x: start.x + Double(step) * 7, y: start.y + Double(step) * 5), snapping: false)
            try check(engine, "step \(step)")
        }
        #expect(engine.detailStore?.pyramid == atPress, "the drag's steps left the pyramid alone")
        #expect(engine.detailStore?.pending.count == 20, "one waiting move per dragged card")
        engine.endSelectGesture()
        try engine.setZoom(0.25)  // some items small here: the query reads the levels
        #expect(engine.detailStore?.pending.isEmpty == true, "settled by a query that reads the levels")
        try check(engine, "zoomed out after the drop")
    }
}
