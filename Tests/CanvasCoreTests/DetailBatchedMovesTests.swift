import Testing
@testable import CanvasCore

/// The batched pyramid update for many moves at once (issue 20: a drag step
/// of 1,000 cards updated the pyramid 1,000 times, and merged every merged
/// level's cells twice per card): it must leave the state the one-by-one
/// path leaves, and answers, fresh and published, equal to the brute force.
@Suite("Level of detail after batched moves")
struct DetailBatchedMovesTests {
    /// Sides 1 … ~1600, aspects 0.3 … 3, in a few blobs (many size classes);
    /// a few frames that take no part.
    private func mixedFrame(_ random: inout SplitMix64, _ blob: (Double, Double)) -> Rect {
        if random.below(60) == 0 { return Rect(x: blob.0, y: blob.1, width: 0, height: 12) }
        let side = Swift.min(1600, Swift.max(1, random.uniform(1, 40) * random.uniform(1, 40)))
        let aspect = random.uniform(0.3, 3)
        return Rect(x: (blob.0 + random.uniform(-3000, 3000)).rounded(), y: (blob.1 + random.uniform(-3000, 3000)).rounded(),
                    width: Swift.max(1, (side * aspect.squareRoot()).rounded()),
                    height: Swift.max(1, (side / aspect.squareRoot()).rounded()))
    }

    private func blobs(_ random: inout SplitMix64) -> [(Double, Double)] {
        (0..<5).map { _ in (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000)) }
    }

    /// Zooms on both sides of a few levels (with cell 16, level k starts at 16 / 2^k).
    private let scales = [16.0 / 64 * 1.001, 16.0 / 64 * 0.999, 16.0 / 1024 * 1.001, 16.0 / 1024 * 0.999, 16.0 / 16_384]

    /// A new frame for a moved item: a drag's common offset, or anywhere,
    /// sometimes resized (across min_size at the zooms above), sometimes
    /// out of the pyramid (no area) or back into it.
    private func moved(_ frame: Rect, _ random: inout SplitMix64, offset: (Double, Double), _ blob: (Double, Double)) -> Rect {
        switch random.below(10) {
        case 0: return mixedFrame(&random, blob)
        case 1:
            var new = frame
            new.width = frame.width > 0 ? (frame.width * random.uniform(0.2, 5)).rounded() + 1 : 40
            new.height = (frame.height * random.uniform(0.2, 5)).rounded() + 1
            return new
        case 2: return Rect(x: frame.x, y: frame.y, width: 0, height: frame.height)
        default: return Rect(x: frame.x + offset.0, y: frame.y + offset.1, width: frame.width, height: frame.height)
        }
    }

    /// What the batch must leave as the one-by-one path does: every built
    /// level's and merged grid's cells, the counts and the classes.
    private func expectSameState(_ batch: DetailPyramid, _ single: DetailPyramid, _ note: String,
                                 sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(batch.count == single.count, "count, \(note)", sourceLocation: sourceLocation)
        #expect(batch.sizeClasses == single.sizeClasses, "classes, \(note)", sourceLocation: sourceLocation)
        #expect(batch.classCounts == single.classCounts, "class counts, \(note)", sourceLocation: sourceLocation)
        #expect(batch.classSides == single.classSides, "class sides, \(note)", sourceLocation: sourceLocation)
        #expect(batch.centres == single.centres, "centres, \(note)", sourceLocation: sourceLocation)
        #expect(Set(batch.builtLevels) == Set(single.builtLevels), "levels, \(note)", sourceLocation: sourceLocation)
        for key in single.builtLevels {
            #expect(levelContents(batch, key) == levelContents(single, key), "level \(key), \(note)", sourceLocation: sourceLocation)
        }
        #expect(batch.merged == single.merged, "merged grids, \(note)", sourceLocation: sourceLocation)
        if batch.members != nil && single.members != nil {
            #expect(classContents(batch) == classContents(single), "member grids, \(note)", sourceLocation: sourceLocation)
        }
    }

    @Test("A batch of moves leaves the pyramid one-by-one moves leave, and the brute force's answers",
          arguments: [5 as UInt64, 23, 61])
    func batchMatchesOneByOne(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let centres = blobs(&random)
        var frames = (0..<1500).map { _ in mixedFrame(&random, centres[random.below(centres.count)]) }
        var single = DetailPyramid(frames: frames)
        // Levels and merged grids at zooms on both sides of each level.
        let view = Rect(x: 0, y: 0, width: 640, height: 400)
        for scale in scales {
            for axis in [ZoomAxis.both, .horizontal] {
                let zoom = ZoomTransform(scale: scale, axis: axis)
                let rect = Rect(x: centres[0].0 * scale - 320, y: centres[0].1 * (axis == .both ? scale : 1) - 200,
                                width: view.width, height: view.height)
                _ = single.query(rect, zoom: zoom, minSize: 4, cell: 16, frames: frames)
            }
        }
        #expect(!single.merged.isEmpty, "the scene builds merged grids")
        var batch = single
        var singleFrames = frames
        for step in 0..<40 {
            // Distinct positions, as one drag step moves them; every fifth
            // batch also moves some of them again.
            var picked = Set<Int>()
            let size = step % 7 == 0 ? 1 : 2 + random.below(step % 3 == 0 ? 400 : 60)
            while picked.count < size { picked.insert(random.below(frames.count)) }
            let offset = (random.uniform(-300, 300).rounded(), random.uniform(-300, 300).rounded())
            let blob = centres[random.below(centres.count)]
            var moves: [DetailPyramid.Move] = []
            for position in picked {
                let to = moved(frames[position], &random, offset: offset, blob)
                moves.append(DetailPyramid.Move(position: position, from: frames[position], to: to))
                frames[position] = to
            }
            if step % 5 == 4 {
                for position in picked.prefix(10) {
                    let to = moved(frames[position], &random, offset: offset, blob)
                    moves.append(DetailPyramid.Move(position: position, from: frames[position], to: to))
                    frames[position] = to
                }
            }
            for move in moves {
                singleFrames[move.position] = move.to
                single.update(position: move.position, from: move.from, to: move.to, frames: singleFrames)
            }
            batch.update(moves: moves, frames: frames)
            expectSameState(batch, single, "seed \(seed), step \(step)")
            // Queries at zooms either side of each level, on both.
            if step % 8 == 7 {
                for scale in scales {
                    let zoom = ZoomTransform(scale: scale, axis: .both)
                    for _ in 0..<3 {
                        let blob = centres[random.below(centres.count)]
                        let rect = Rect(x: (blob.0 + random.uniform(-4000, 4000)) * scale - 320,
                                        y: (blob.1 + random.uniform(-4000, 4000)) * scale - 200, width: 640, height: 400)
                        let answer = batch.query(rect, zoom: zoom, minSize: 4, cell: 16, frames: frames)
                        #expect(answer == single.query(rect, zoom: zoom, minSize: 4, cell: 16, frames: frames),
                                "seed \(seed), step \(step), scale \(scale)")
                        checkDetail(answer, frames, rect, zoom: zoom, minSize: 4, cell: 16)
                    }
                }
            }
        }
    }

    @Test("Before the first query, a batch only widens the centres' bounds, as one by one")
    func uncounted() {
        let frames = (0..<20).map { Rect(x: Double($0) * 30, y: 0, width: 20, height: 20) }
        var single = DetailPyramid(frames: frames, within: Rect(x: 0, y: 0, width: 600, height: 20))
        var batch = single
        let moves = [DetailPyramid.Move(position: 3, from: frames[3], to: Rect(x: 9000, y: 9000, width: 20, height: 20)),
                     DetailPyramid.Move(position: 4, from: frames[4], to: Rect(x: -9000, y: 5, width: 0, height: 20))]
        var after = frames
        for move in moves {
            after[move.position] = move.to
            single.update(position: move.position, from: move.from, to: move.to, frames: after)
        }
        batch.update(moves: moves, frames: after)
        #expect(batch == single)
    }

    /// Fresh and published answers against the brute force.
    private func check(_ engine: CanvasEngine, _ settings: DetailSettings, _ note: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
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

    @Test("Drags of a selection with snapping, nudges, multi-moves, resizes, undo and redo keep the answers exact",
          arguments: [8 as UInt64, 44])
    func engineGroupMoves(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let centres = blobs(&random)
        let count = 1500
        let frames = (0..<count).map { _ in mixedFrame(&random, centres[random.below(centres.count)]) }
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.0005))
        let settings = DetailSettings(minSize: 4, cell: 16)
        try engine.setLevelOfDetail(settings)
        for scale in scales { try engine.setZoom(scale) }
        try engine.setSnap(SnapSettings(grid: nil, items: true, gaps: true))
        engine.setTool(.select)
        let ids = (1...UInt64(count)).map { $0 }
        for round in 0..<4 {
            let scale = scales[round % 2 == 0 ? 0 : 1]
            try engine.setZoom(scale)
            let blob = centres[random.below(centres.count)]
            engine.setViewportOffset(Point(x: blob.0 * scale - 320, y: blob.1 * scale - 200))
            engine.clearSelection()
            for _ in 0..<(100 + random.below(300)) { try engine.select(id: ids[random.below(count)]) }
            // Press on an item shown on its own (a press over a cluster draws a marquee).
            let pressed = (engine.published?.visible ?? []).lazy.map { id in
                let frame = engine.frame(of: id)!  // zoomed
                return Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
            }.first { engine.hitTest(at: $0) != nil }
            let start = try #require(pressed, "seed \(seed), round \(round): an item to press on")
            guard case .item = engine.beginSelectGesture(at: start, shift: true) else {
                Issue.record("seed \(seed), round \(round): the press missed")
                continue
            }
            #expect(engine.builtDetail.map { !$0.merged.isEmpty } == true, "seed \(seed), round \(round): merged grids to keep")
            for move in 1...6 {
                let to = Point(x: start.x + Double(move) * random.uniform(-9, 9), y: start.y + Double(move) * random.uniform(-9, 9))
                engine.updateSelectGesture(to: to, snapping: move % 3 != 0)
                try check(engine, settings, "seed \(seed), round \(round), drag move \(move)")
            }
            #expect(engine.isDraggingSelection, "seed \(seed), round \(round): the selection moved")
            if round == 3 {
                engine.cancelSelectGesture()
                try check(engine, settings, "seed \(seed), round \(round), cancelled")
                continue
            }
            engine.endSelectGesture()
            try engine.nudge(.right, shift: true)
            try check(engine, settings, "seed \(seed), round \(round), nudge")
            let some = (0..<40).map { _ in ids[random.below(count)] }
            let distinct = Array(Set(some))
            try engine.move(distinct.map { ($0, Point(x: blob.0 + random.uniform(-2000, 2000), y: blob.1 + random.uniform(-2000, 2000))) })
            try check(engine, settings, "seed \(seed), round \(round), move")
            // Resized across min_size at this zoom (4 points: 4 / scale content points).
            try engine.resize(distinct.prefix(20).map { ($0, Size(width: (random.uniform(0.5, 2) * 4 / scale).rounded(),
                                                                   height: (random.uniform(0.5, 2) * 4 / scale).rounded())) })
            try check(engine, settings, "seed \(seed), round \(round), resize")
            for _ in 0..<4 {
                try engine.undo()
                try check(engine, settings, "seed \(seed), round \(round), undo")
            }
            for _ in 0..<4 {
                try engine.redo()
                try check(engine, settings, "seed \(seed), round \(round), redo")
            }
            // One undo step of a batch that moves an item twice.
            let twice = ids[random.below(count)]
            try engine.batch { () throws(CanvasError) in
                try engine.move([(twice, Point(x: blob.0, y: blob.1))])
                try engine.move(distinct.map { ($0, Point(x: blob.0 + random.uniform(-900, 900), y: blob.1)) })
                try engine.move([(twice, Point(x: blob.0 + 50, y: blob.1 - 50))])
            }
            try check(engine, settings, "seed \(seed), round \(round), batch")
            try engine.undo()
            try check(engine, settings, "seed \(seed), round \(round), batch undone")
            try engine.redo()
            try check(engine, settings, "seed \(seed), round \(round), batch redone")
        }
        // Every level the edits went through, at zooms either side of it.
        for scale in scales {
            try engine.setZoom(scale)
            let blob = centres[random.below(centres.count)]
            engine.setViewportOffset(Point(x: blob.0 * scale - 320, y: blob.1 * scale - 200))
            try check(engine, settings, "seed \(seed), scale \(scale)")
        }
    }
}
