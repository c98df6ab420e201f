import Testing
@testable import CanvasCore

/// `hit(at:)` with level of detail on looks each candidate up in the
/// published answer (its positions, checked by id) instead of hashing every
/// drawn id: order edits renumber the positions, so presses between inserts,
/// removals and reorders must still follow the one hit rule exactly.
@Suite("Hit testing with clusters published, through order edits")
struct HitAfterOrderEditsTests {
    /// The rule by brute force over what is published (as HitClustersTests has it).
    private func expected(_ engine: CanvasEngine, _ point: Point) -> Hit? {
        let update = engine.published!
        let slop = CanvasEngine.hitSlop
        let probe = Rect(x: point.x - slop, y: point.y - slop, width: 2 * slop, height: 2 * slop)
        let drawn = Set(update.visible)
        let items = engine.items.ids.filter { drawn.contains($0) }.compactMap { id in engine.frame(of: id).map { (id, $0) } }
        let meeting = items.filter { SpatialIndex.isIndexable($0.1) && $0.1.intersects(probe) }
        if let hit = meeting.last(where: { $0.1.contains(point) }) ?? meeting.last { return .item(hit.0) }
        if let cluster = update.clusters.last(where: { $0.bounds.contains(point) })
            ?? update.clusters.last(where: { $0.bounds.intersects(probe) }) {
            return .cluster(cluster)
        }
        return nil
    }

    @Test("presses between inserts, removals, reorders and moves follow the rule over what is published", arguments: [7 as UInt64, 19])
    func pressesThroughOrderEdits(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let card = { (random: inout SplitMix64) -> Rect in
            let side = random.below(3) == 0 ? random.uniform(150, 600) : random.uniform(5, 60)
            return Rect(x: random.uniform(0, 8000), y: random.uniform(0, 6000), width: side, height: side * random.uniform(0.5, 1.5))
        }
        let frames = (0..<600).map { _ in card(&random) }
        let engine = try freeEngine(frames, viewport: Size(width: 800, height: 600))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.01))
        try engine.setZoom(0.15)
        try engine.setLevelOfDetail(DetailSettings())
        var nextID: UInt64 = 10_000
        var presses = 0
        for round in 0..<150 {
            let ids = engine.items.ids
            let pick = ids[random.below(ids.count)]
            switch random.below(5) {
            case 0:
                try engine.insert([NewItem(id: nextID, frame: card(&random))], before: pick)
                nextID += 1
            case 1 where ids.count > 200:
                try engine.remove([pick])
            case 2:
                try engine.bringToFront([pick])
            case 3:
                try engine.sendToBack([pick])
            default:
                let frame = try #require(engine.frame(of: pick))
                try engine.move(pick, to: Point(x: frame.x + random.uniform(-300, 300), y: frame.y + random.uniform(-300, 300)))
            }
            let update = try #require(engine.published)
            let view = engine.viewport.visibleRect
            for _ in 0..<6 {
                // Half on a drawn item, half anywhere on screen.
                var point = Point(x: view.x + random.uniform(0, view.width), y: view.y + random.uniform(0, view.height))
                if random.below(2) == 0, !update.visible.isEmpty,
                   let frame = engine.frame(of: update.visible[random.below(update.visible.count)]) {
                    let z = engine.zoom.rect(frame)
                    point = Point(x: z.x + random.uniform(0, z.width), y: z.y + random.uniform(0, z.height))
                }
                let hit = engine.hit(at: point), brute = expected(engine, point)
                switch (hit, brute) {
                case (.cluster(let a), .cluster(let b)):
                    #expect(a.id == b.id && a.bounds == b.bounds && a.count == b.count, "round \(round)")
                default:
                    #expect(hit == brute, "round \(round): press at \(point)")
                }
                presses += 1
            }
        }
        #expect(presses == 900)
    }
}
