import Testing
@testable import CanvasCore

/// Level of detail through group edits on a free canvas (issue 20's review
/// finding): inserting or removing many items at once, a reorder, and their
/// undo and redo keep the built pyramid and edit it in place, where they
/// used to let it go (so the next frame rebuilt it, an O(*n*) stall); and
/// its answers, fresh and published, stay those of the brute force.
@Suite("Level of detail after group edits")
struct DetailGroupEditsTests {
    /// Sides 1 … ~1600 and aspects 0.3 … 3, in a few blobs: many size classes.
    private func mixed(_ random: inout SplitMix64, count: Int) -> [Rect] {
        let blobs = (0..<5).map { _ in (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000)) }
        return (0..<count).map { _ in mixedFrame(&random, blobs[Int(random.next() % 5)]) }
    }

    private func mixedFrame(_ random: inout SplitMix64, _ blob: (Double, Double)) -> Rect {
        let side = Swift.min(1600, Swift.max(1, random.uniform(1, 40) * random.uniform(1, 40)))
        let aspect = random.uniform(0.3, 3)
        return Rect(x: (blob.0 + random.uniform(-3000, 3000)).rounded(), y: (blob.1 + random.uniform(-3000, 3000)).rounded(),
                    width: Swift.max(1, (side * aspect.squareRoot()).rounded()),
                    height: Swift.max(1, (side / aspect.squareRoot()).rounded()))
    }

    private func check(_ engine: CanvasEngine, _ settings: DetailSettings, _ note: String,
                       sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frames = engine.resolution.frames, ids = engine.resolvedIDs
        let brute = bruteDetail(frames, engine.viewport.cullingRect, zoom: engine.zoom, minSize: settings.minSize, cell: settings.cell)
        let bruteIDs = brute.items.map { ids[$0] }
        let bruteClusters = brute.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) }
        let fresh = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
        #expect(fresh.items.map(\.id) == bruteIDs, "fresh items, \(note)", sourceLocation: sourceLocation)
        #expect(fresh.clusters == bruteClusters, "fresh clusters, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.visible == bruteIDs, "published items, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.clusters == bruteClusters, "published clusters, \(note)", sourceLocation: sourceLocation)
    }

    @Test("Group inserts, removals, reorders, undo and redo keep the pyramid exact", arguments: [4 as UInt64, 31, 77])
    func groupEditsKeepThePyramid(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = CanvasEngine()
        engine.setLayoutFree()
        let count = 1200
        try engine.setItemFrames(mixed(&random, count: count), ids: (1...UInt64(count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.0005))
        let settings = DetailSettings(minSize: 4, cell: 16)
        try engine.setLevelOfDetail(settings)
        // Zooms on both sides of a few levels (level k starts at 16 / 2^k),
        // so that the pyramid holds fine levels and coarse ones.
        let scales = [16.0 / 64 * 1.001, 16.0 / 64 * 0.999, 16.0 / 1024 * 1.001, 16.0 / 1024 * 0.999, 16.0 / 16_384]
        for scale in scales { try engine.setZoom(scale) }
        var nextID = UInt64(count) + 1
        for step in 0..<36 {
            let ids = (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] }
            func someIDs(_ n: Int) -> [UInt64] {
                var picked = Set<UInt64>()
                while picked.count < n { picked.insert(ids[Int(random.next() % UInt64(ids.count))]) }
                return Array(picked)
            }
            let levelsBefore = Set(engine.builtDetail?.builtLevels ?? [])
            switch step % 6 {
            case 0:
                let blob = (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000))
                let before = random.next() % 3 == 0 ? nil : ids[Int(random.next() % UInt64(ids.count))]
                let new = (0..<(2 + Int(random.next() % 40))).map { offset in
                    NewItem(id: nextID + UInt64(offset), frame: mixedFrame(&random, blob))
                }
                nextID += UInt64(new.count)
                try engine.insert(new, before: before)
            case 1: try engine.remove(someIDs(2 + Int(random.next() % 60)))
            case 2: try engine.bringToFront(someIDs(2 + Int(random.next() % 30)))
            case 3: try engine.sendToBack(someIDs(2 + Int(random.next() % 30)))
            case 4: try engine.undo()
            default: try engine.redo()
            }
            // Edited in place: every level built before is still there.
            #expect(levelsBefore.isSubset(of: Set(engine.builtDetail?.builtLevels ?? [])),
                    "seed \(seed), step \(step): the pyramid was let go")
            try check(engine, settings, "seed \(seed), step \(step)")
            if step % 6 == 5 {
                for scale in scales {
                    try engine.setZoom(scale)
                    engine.setViewportOffset(Point(x: random.uniform(-20_000, 20_000) * scale,
                                                   y: random.uniform(-15_000, 15_000) * scale))
                    try check(engine, settings, "seed \(seed), step \(step), scale \(scale)")
                }
            }
        }
    }

    @Test("The batch renumbering: positions after the edit, one pass for many")
    func batchRenumbering() {
        // Inserted at 1, 2 and 5 of the result: old 0 stays, old 1 → 3, old 2 → 4, old 3 → 6.
        let starts = [1, 2, 5].enumerated().map { $1 - $0 }  // 1, 1, 3
        #expect((0..<4).map { $0 + DetailPyramid.countBelow($0 + 1, in: starts) } == [0, 3, 4, 6])
        // Removed 1 and 3: old 2 → 1, old 4 → 2.
        #expect([0, 2, 4].map { $0 - DetailPyramid.countBelow($0, in: [1, 3]) } == [0, 1, 2])
    }
}
