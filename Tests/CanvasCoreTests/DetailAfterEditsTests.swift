import Testing
@testable import CanvasCore

/// Level of detail on a free canvas that is edited in place: the pyramid
/// follows each edit (`updateDetail`), and its answers equal those of a
/// canvas built fresh from the same frames.
@Suite("Level of detail after free-canvas edits")
struct DetailAfterEditsTests {
    private func freeCanvas(_ frames: [Rect], ids: [UInt64]) throws -> CanvasEngine {
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: ids)
        try engine.resolve()
        try engine.setViewportSize(Size(width: 800, height: 600))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        try engine.setZoom(0.02)
        return engine
    }

    /// The engine's frames and ids in data order, for a fresh copy.
    private func snapshot(_ engine: CanvasEngine) -> ([Rect], [UInt64]) {
        (engine.resolution.frames, (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] })
    }

    @Test("Moves, inserts and removes keep the clusters a fresh build gives", arguments: [3 as UInt64, 17, 99])
    func editsMatchAFreshBuild(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        func uniform(_ range: Double) -> Double { Double(random.next() % 1_000_000) / 1_000_000 * range }
        let count = 600
        let frames = (0..<count).map { _ in
            Rect(x: uniform(40_000) - 20_000, y: uniform(30_000) - 15_000, width: 20 + uniform(200), height: 20 + uniform(150))
        }
        let engine = try freeCanvas(frames, ids: (1...UInt64(count)).map { $0 })
        let region = Rect(x: -500, y: -400, width: 1000, height: 800)
        _ = try engine.levelOfDetail(in: region)  // builds the pyramid, so the edits update it
        var nextID = UInt64(count) + 1
        for step in 0..<200 {
            let ids = snapshot(engine).1
            switch step % 3 {
            case 0:
                let id = ids[Int(random.next() % UInt64(ids.count))]
                try engine.move(id, to: Point(x: uniform(40_000) - 20_000, y: uniform(30_000) - 15_000))
            case 1:
                let before = random.next() % 2 == 0 ? ids[Int(random.next() % UInt64(ids.count))] : nil
                try engine.insert([NewItem(id: nextID, frame: Rect(x: uniform(40_000) - 20_000, y: uniform(30_000) - 15_000,
                                                                     width: 10 + uniform(300), height: 10 + uniform(300)))],
                                  before: before)
                nextID += 1
            default:
                try engine.remove([ids[Int(random.next() % UInt64(ids.count))]])
            }
            if step % 20 == 19 {
                let (now, nowIDs) = snapshot(engine)
                let fresh = try freeCanvas(now, ids: nowIDs)
                fresh.setViewportOffset(engine.viewport.offset)
                for (minSize, cell) in [(2.0, 16.0), (5.0, 40.0)] {
                    #expect(try engine.levelOfDetail(in: region, minSize: minSize, cell: cell)
                            == fresh.levelOfDetail(in: region, minSize: minSize, cell: cell), "seed \(seed), step \(step)")
                }
            }
        }
    }

    @Test("Setting new frames drops the pyramid: the next query answers for the new frames")
    func newFramesRebuild() throws {
        let old = (0..<50).map { Rect(x: Double($0) * 30, y: 0, width: 20, height: 20) }
        let engine = try freeCanvas(old, ids: (1...50).map { $0 })
        let region = Rect(x: -100, y: -100, width: 200, height: 200)
        let before = try engine.levelOfDetail(in: region)
        let moved = old.map { Rect(x: $0.x, y: 5000, width: 20, height: 20) }
        try engine.setItemFrames(moved, ids: (1...50).map { $0 })
        try engine.resolve()
        try engine.setZoom(0.02)  // new items reset the zoom
        let fresh = try freeCanvas(moved, ids: (1...50).map { $0 })
        fresh.setViewportOffset(engine.viewport.offset)
        let after = try engine.levelOfDetail(in: region)
        #expect(after == (try fresh.levelOfDetail(in: region)))
        #expect(after != before)
    }
}
