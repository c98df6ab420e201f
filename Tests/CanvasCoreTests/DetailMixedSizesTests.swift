import Testing
@testable import CanvasCore

/// Level of detail on mixed sizes (issue 20 and issue 21 item 8): fresh and
/// published answers against the brute force (`bruteDetail`), after edits
/// that take items across `minSize`, at zooms on both sides of every level;
/// and items of one size classed alike wherever they stand.
@Suite("Level of detail on mixed sizes, fresh and published")
struct DetailMixedSizesTests {
    private func freeCanvas(_ frames: [Rect]) throws -> CanvasEngine {
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(frames.count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 640, height: 400))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.0005))
        return engine
    }

    /// Log-normal-ish sides 1 … 1600 and aspect 0.3 … 3, in a few blobs.
    private func mixed(_ random: inout SplitMix64, count: Int) -> [Rect] {
        let blobs = (0..<6).map { _ in (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000)) }
        return (0..<count).map { _ in
            let side = min(1600, max(1, 160 * pow2(random.uniform(-6, 3.3))))
            let aspect = pow2(random.uniform(-1.7, 1.6))
            let (bx, by) = blobs[Int(random.next() % 6)]
            return Rect(x: (bx + random.uniform(-3000, 3000)).rounded(), y: (by + random.uniform(-3000, 3000)).rounded(),
                        width: max(1, (side * aspect.squareRoot()).rounded()), height: max(1, (side / aspect.squareRoot()).rounded()))
        }
    }

    /// 2^x to the nearest quarter step (no Foundation here).
    private func pow2(_ x: Double) -> Double {
        let steps = Int((x * 4).rounded())
        var result = 1.0
        for _ in 0..<abs(steps) { result = steps > 0 ? result * 1.189207115002721 : result / 1.189207115002721 }
        return result
    }

    /// The published answer (visible ids, clusters) and a fresh query, both
    /// against the brute force over the culling rectangle.
    private func checkPublished(_ engine: CanvasEngine, settings: DetailSettings, _ note: String,
                                sourceLocation: SourceLocation = #_sourceLocation) throws {
        let frames = engine.resolution.frames, ids = engine.resolvedIDs
        let culling = engine.viewport.cullingRect
        let brute = bruteDetail(frames, culling, zoom: engine.zoom, minSize: settings.minSize, cell: settings.cell)
        let bruteIDs = brute.items.map { ids[$0] }
        let bruteClusters = brute.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) }
        let fresh = try engine.levelOfDetail(minSize: settings.minSize, cell: settings.cell)
        #expect(fresh.items.map(\.id) == bruteIDs, "fresh items, \(note)", sourceLocation: sourceLocation)
        #expect(fresh.clusters == bruteClusters, "fresh clusters, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.visible == bruteIDs, "published items, \(note)", sourceLocation: sourceLocation)
        #expect(engine.published?.clusters == bruteClusters, "published clusters, \(note)", sourceLocation: sourceLocation)
    }

    @Test("Published and fresh answers follow edits across min_size", arguments: [5 as UInt64, 23, 71])
    func editsAcrossMinSize(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = try freeCanvas(mixed(&random, count: 1500))
        let settings = DetailSettings(minSize: 2, cell: 16)
        try engine.setLevelOfDetail(settings)
        try engine.setZoom(0.02)
        engine.setViewportOffset(Point(x: -300, y: -200))
        try checkPublished(engine, settings: settings, "seed \(seed), before edits")
        var nextID: UInt64 = 1501
        for step in 0..<150 {
            let ids = (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] }
            let id = ids[Int(random.next() % UInt64(ids.count))]
            // At 0.02 a side of 100 is 2 points: sides either side of it.
            let side = random.next() % 2 == 0 ? random.uniform(20, 99) : random.uniform(100, 400)
            let near = Point(x: random.uniform(-16_000, 16_000), y: random.uniform(-10_000, 10_000))
            switch step % 5 {
            case 0, 1: try engine.setFrame(id, to: Rect(x: near.x.rounded(), y: near.y.rounded(), width: side.rounded(), height: side.rounded()))
            case 2: try engine.move(id, to: near)
            case 3:
                try engine.insert([NewItem(id: nextID, frame: Rect(x: near.x.rounded(), y: near.y.rounded(),
                                                                     width: side.rounded(), height: side.rounded()))])
                nextID += 1
            default:
                if random.next() % 2 == 0 { try engine.undo() } else { try engine.remove([id]) }
            }
            try checkPublished(engine, settings: settings, "seed \(seed), step \(step)")
        }
    }

    @Test("Fresh and published answers on both sides of every level's zoom", arguments: [2 as UInt64, 13])
    func bothSidesOfEveryLevel(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = try freeCanvas(mixed(&random, count: 2000))
        let settings = DetailSettings(minSize: 3, cell: 16)
        try engine.setLevelOfDetail(settings)
        // Level k starts at the scale 16 / 2^k: just below and just above each.
        for k in 3...14 {
            let start = 16 / Double(sign: .plus, exponent: k, significand: 1)
            for scale in [start * 0.999, start, start * 1.001] where scale >= 0.0005 && scale <= 5 {
                try engine.setZoom(scale)
                engine.setViewportOffset(Point(x: random.uniform(-20_000, 20_000) * scale, y: random.uniform(-15_000, 15_000) * scale))
                try checkPublished(engine, settings: settings, "seed \(seed), scale \(scale)")
            }
        }
    }

    @Test("Items of one size are classed alike wherever they stand")
    func oneSizeAlike() throws {
        var random = SplitMix64(seed: 9)
        // Sides of 20 at offsets with every fraction: at 0.1 they are 2
        // points however their rounded zoomed edges fall.
        let frames = (0..<400).map { _ in
            Rect(x: random.uniform(-500, 500), y: random.uniform(-500, 500), width: 20, height: 20)
        }
        let engine = try freeCanvas(frames)
        for (scale, large) in [(0.1, true), (0.0999, false), (0.1001, true), (0.05, false)] {
            try engine.setZoom(scale)
            engine.setViewportOffset(Point(x: -200, y: -200))
            let answer = try engine.levelOfDetail(in: Rect(x: -1000, y: -1000, width: 2000, height: 2000), minSize: 2, cell: 16)
            let clustered = answer.clusters.map(\.count).reduce(0, +)
            #expect(large ? (answer.items.count == 400 && clustered == 0) : (answer.items.isEmpty && clustered == 400),
                    "scale \(scale): \(answer.items.count) large, \(clustered) clustered")
        }
    }
}
