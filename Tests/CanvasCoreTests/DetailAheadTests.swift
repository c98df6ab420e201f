import Testing
@testable import CanvasCore

/// Levels built ahead (issue 20: no zoom change reads every frame): the
/// first level-of-detail query builds every level a zoom between the
/// settings' limits can ask for, and every answer after it, at zooms on both
/// sides of every level, is the brute force's, with nothing more built.
@Suite("Level of detail built ahead at the first query")
struct DetailAheadTests {
    /// Sides 1 … 1600 (log-uniform-ish), aspect 0.3 … 3, in a few blobs and
    /// a sparse background.
    private func mixed(_ random: inout SplitMix64, count: Int) -> [Rect] {
        let blobs = (0..<5).map { _ in (random.uniform(-30_000, 30_000), random.uniform(-20_000, 20_000)) }
        return (0..<count).map { index in
            let side = Double(1 << (random.next() % 11)) * random.uniform(1, 1.9)
            let aspect = random.uniform(0.3, 3)
            let (bx, by) = index % 10 == 0 ? (random.uniform(-40_000, 40_000), random.uniform(-30_000, 30_000))
                                           : blobs[Int(random.next() % 5)]
            return Rect(x: (bx + random.uniform(-2000, 2000)).rounded(), y: (by + random.uniform(-2000, 2000)).rounded(),
                        width: max(1, (side * aspect.squareRoot()).rounded()), height: max(1, (side / aspect.squareRoot()).rounded()))
        }
    }

    /// What a pyramid holds, level by level: the classes and their cells.
    private func contents(_ pyramid: DetailPyramid) -> [DetailPyramid.LevelKey: [DetailPyramid.SizeClass: [DetailPyramid.Cells.Row]]] {
        var result: [DetailPyramid.LevelKey: [DetailPyramid.SizeClass: [DetailPyramid.Cells.Row]]] = [:]
        for (key, grids) in pyramid.levels {
            for id in grids.indices {
                guard let grid = grids[id] else { continue }
                result[key, default: [:]][pyramid.sizeClasses[id]] = grid.rows.keys.sorted().map { grid.rows[$0]! }
            }
        }
        return result
    }

    /// The zooms just inside either end of every level from `high` down to `low`.
    private func zoomsAcrossLevels(from high: Double, to low: Double, cell: Double) -> [Double] {
        var zooms: [Double] = []
        var k = DetailPyramid.levelExponent(cell: cell, scale: high)
        while cell / DetailPyramid.power(k) >= low {
            let start = cell / DetailPyramid.power(k)  // the level's smallest scale
            zooms += [start, start * 1.0001, (start * 2).nextDown, start * 1.9999].filter { $0 >= low && $0 <= high }
            k += 1
        }
        return zooms
    }

    @Test("the first query builds what every zoom out needs; answers on both sides of every level are the brute force's",
          arguments: [(3 as UInt64, ZoomAxis.both), (17, .both), (29, .horizontal)])
    func zoomOutAfterOpen(seed: UInt64, axis: ZoomAxis) throws {
        var random = SplitMix64(seed: seed)
        let frames = mixed(&random, count: 4000)
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(frames.count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: axis, minimum: 0.002, maximum: 4))
        try engine.setZoom(1)
        let settings = DetailSettings(minSize: 8, cell: 16)
        _ = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
        let built = try #require(engine.builtDetail)
        let levels = Set(built.builtLevels)
        #expect(levels.count > 5, "levels built at the first query")
        #expect(built.members != nil, "member grids built at the first query on mixed sizes")
        let resolved = engine.resolution.frames
        for zoom in zoomsAcrossLevels(from: 4, to: 0.002, cell: settings.cell) {
            try engine.setZoom(zoom)
            let transform = engine.zoom
            let center = Point(x: random.uniform(-30_000, 30_000) * zoom, y: random.uniform(-20_000, 20_000) * zoom)
            for rect in [Rect(x: center.x - 320, y: center.y - 200, width: 640, height: 400), engine.viewport.cullingRect] {
                let answer = engine.detailPositions(rect, minSize: settings.minSize, cell: settings.cell)
                let brute = bruteDetail(resolved, rect, zoom: transform, minSize: settings.minSize, cell: settings.cell)
                #expect(answer.items == brute.items, "items at \(zoom), seed \(seed)")
                #expect(answer.clusters == brute.clusters, "clusters at \(zoom), seed \(seed)")
            }
        }
        #expect(Set(engine.builtDetail?.builtLevels ?? []) == levels, "zooming only looked levels up, seed \(seed)")
        // The levels' grids hold nothing but what a build from the frames would (no more classes either).
        let after = try #require(engine.builtDetail)
        #expect(contents(after) == contents(built), "no class added to a level, seed \(seed)")
    }

    @Test("levels merged upward from each class's finest level equal each level built from the frames", arguments: [5 as UInt64, 41])
    func aheadEqualsDirect(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let frames = mixed(&random, count: 3000)
        for axis in [ZoomAxis.both, .horizontal] {
            var ahead = DetailPyramid(frames: frames, within: Rect(x: -45_000, y: -35_000, width: 90_000, height: 70_000))
            frames.withUnsafeBufferPointer {
                ahead.buildAhead($0, finest: ZoomTransform(scale: 2, axis: axis), coarsest: ZoomTransform(scale: 0.001, axis: axis),
                                 minSize: 8, cell: 16)
            }
            #expect(ahead.builtLevels.count > 5)
            var direct = DetailPyramid(frames: frames)
            for key in ahead.builtLevels {
                direct.buildLevel(key, classes: ahead.builtClasses(at: key), frames: frames)
            }
            #expect(contents(ahead) == contents(direct), "seed \(seed), \(axis)")
            // Every class is at every level from its finest needed one up.
            let plan = ahead.aheadPlan(finest: ZoomTransform(scale: 2, axis: axis), coarsest: ZoomTransform(scale: 0.001, axis: axis),
                                       minSize: 8, cell: 16)
            for id in ahead.sizeClasses.indices {
                guard let finest = plan.finest[id] else { continue }
                for k in finest...Swift.max(finest, plan.top) {
                    #expect(ahead.grid(plan.key(k), id) != nil, "class \(ahead.sizeClasses[id]) at step \(k)")
                }
                if finest > plan.steps!.lowerBound {
                    #expect(ahead.grid(plan.key(finest - 1), id) == nil, "class \(ahead.sizeClasses[id]) not below its finest")
                }
            }
        }
    }

    @Test("coarsening a grid by one or more doublings merges cells as the brute force does")
    func coarsenedMatchesBrute() {
        var random = SplitMix64(seed: 8)
        var cells = SparseCells<Int>()
        var brute: [Int: [Int: Int]] = [:]
        for _ in 0..<4000 {
            let row = Int(random.next() % 200) - 100, column = Int(random.next() % 300) - 150
            let value = Int(random.next() % 1000)
            cells.update(row: row, column: column, make: { 0 }, isEmpty: { _ in false }) { $0 += value }
            brute[row, default: [:]][column, default: 0] += value
        }
        for (dx, dy) in [(1, 1), (1, 0), (0, 1), (2, 2), (3, 1), (0, 0)] {
            let coarse = cells.coarsened(by: dx, dy) { $0 += $1 }
            var expected: [Int: [Int: Int]] = [:]
            for (row, columns) in brute {
                for (column, value) in columns { expected[row >> dy, default: [:]][column >> dx, default: 0] += value }
            }
            var got: [Int: [Int: Int]] = [:]
            coarse.visitAll { row, column, value in got[row, default: [:]][column] = value }
            #expect(got == expected, "by \(dx), \(dy)")
            #expect(coarse.cellCount == expected.values.map(\.count).reduce(0, +))
            for row in coarse.rows.values { #expect(row.columns == row.columns.sorted() && Set(row.columns).count == row.columns.count) }
        }
    }

    @Test("sides kept in single precision, rounded outward: answers and edited levels stay exact for sides no float holds",
          arguments: [2 as UInt64, 19])
    func roundedSides(seed: UInt64) {
        #expect(MemoryLayout<DetailPyramid.Group>.stride == 64, "a group's size (it was 80 bytes)")
        var random = SplitMix64(seed: seed)
        // Sides of 7.9 … 8.1 points at zoom 1 (minSize 8) that single
        // precision cannot hold, one just above Float's range, and a few
        // subnormal ones: every cell mixes small and large items of a class.
        var frames = (0..<2500).map { _ in
            Rect(x: random.uniform(-3000, 3000), y: random.uniform(-2000, 2000),
                 width: 8 + random.uniform(-0.1, 0.1), height: 8 + random.uniform(-0.1, 0.1))
        }
        frames[7] = Rect(x: -1.75e38, y: 0, width: 3.5e38, height: 9)
        frames[8] = Rect(x: 10, y: 10, width: 1e-310, height: 8.05)
        let bounds = Rect(x: -1e39, y: -4000, width: 2e39, height: 8000)
        for zoom in [ZoomTransform(scale: 1, axis: .both), ZoomTransform(scale: 0.99, axis: .both), ZoomTransform(scale: 1.01, axis: .horizontal)] {
            var pyramid = DetailPyramid(frames: frames, within: bounds)
            let rect = zoom.rect(Rect(x: -1000, y: -700, width: 2000, height: 1400))
            checkDetail(pyramid.query(rect, zoom: zoom, minSize: 8, cell: 16, frames: frames), frames, rect, zoom: zoom, minSize: 8, cell: 16)
            // Moves that take items of the group's extreme sides out and in again.
            var moved = frames
            for _ in 0..<300 {
                let position = Int(random.next() % UInt64(moved.count))
                let old = moved[position]
                let new = Rect(x: random.uniform(-3000, 3000), y: random.uniform(-2000, 2000),
                               width: 8 + random.uniform(-0.1, 0.1), height: old.height)
                moved[position] = new
                pyramid.update(position: position, from: old, to: new, frames: moved)
            }
            checkDetail(pyramid.query(rect, zoom: zoom, minSize: 8, cell: 16, frames: moved), moved, rect, zoom: zoom, minSize: 8, cell: 16)
            var rebuilt = DetailPyramid(frames: moved)
            for key in pyramid.builtLevels { rebuilt.buildLevel(key, classes: pyramid.builtClasses(at: key), frames: moved) }
            // (A class whose items all left keeps an empty grid; a rebuild has none.)
            #expect(contents(pyramid).mapValues { $0.filter { !$0.value.isEmpty } } == contents(rebuilt),
                    "levels after the moves, \(zoom)")
        }
    }
}
