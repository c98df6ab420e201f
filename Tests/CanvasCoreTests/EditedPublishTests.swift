import Testing
@testable import CanvasCore

/// The publish after an insert or a removal on a free canvas comes from the
/// published list, not a query (`CanvasEngine+EditedPublish.swift`): each
/// update must still be what a fresh query and an id diff give.
@Suite("Publishing after inserts and removals")
struct EditedPublishTests {
    /// Checks `update` (nil: nothing published) against the brute force
    /// over the model, given what was visible before the edit.
    /// With level of detail on (`detail`), the model is a fresh
    /// level-of-detail query: the items it shows one by one and its clusters.
    func check(_ engine: CanvasEngine, _ update: VisibleUpdate?, before: [UInt64],
               ids: [UInt64], frames: [Rect], detail: DetailSettings? = nil, _ what: String) {
        var now = bruteQuery(ids, frames, engine.viewport.cullingRect)
        if let detail {
            let fresh = try! engine.levelOfDetail(minSize: detail.minSize, cell: detail.cell)
            now = fresh.items.map(\.id)
            #expect(engine.published?.clusters.map(\.count) == fresh.clusters.map(\.count), "\(what): clusters")
        }
        #expect(engine.published?.visible == now, "\(what): visible")
        let nowSet = Set(now), beforeSet = Set(before)
        if let update {
            #expect(update.appeared == now.filter { !beforeSet.contains($0) }, "\(what): appeared")
            #expect(update.disappeared == before.filter { !nowSet.contains($0) }, "\(what): disappeared")
        } else {
            #expect(now == before, "\(what): nothing published, yet the visible list changed")
        }
    }

    @Test("one insert or removal anywhere, undone and redone: every update is the query's, diffed by id",
          arguments: [(11, false), (12, true), (13, false), (14, true)] as [(UInt64, Bool)])
    func randomized(seed: UInt64, explicitIDs: Bool) throws {
        try play(seed: seed, explicitIDs: explicitIDs, detail: nil)
    }

    /// Level of detail on with every item large at zoom 1 (its answer is
    /// the culling query's, so the edited publish applies), and now and
    /// then a speck inserted that makes a class small (then it does not).
    @Test("with level of detail on at zoom 1, the same: every update is a fresh level-of-detail answer's, diffed by id",
          arguments: [(21, false), (22, true), (23, false)] as [(UInt64, Bool)])
    func randomizedWithDetail(seed: UInt64, explicitIDs: Bool) throws {
        try play(seed: seed, explicitIDs: explicitIDs, detail: DetailSettings(minSize: 1, cell: 16))
    }

    func play(seed: UInt64, explicitIDs: Bool, detail: DetailSettings?) throws {
        var rng = SplitMix64(seed: seed)
        var ids: [UInt64] = explicitIDs ? (0..<400).map { $0 * 7 + 3 } : Array(1...400)
        var frames = ids.map { _ in randomFrame(&rng, spread: 1200) }
        let engine = try freeEngine(frames, ids: explicitIDs ? ids : nil, viewport: size(900, 700))
        if let detail { try engine.setLevelOfDetail(detail) }
        engine.setViewportOffset(Point(x: -450, y: -350))
        var nextID: UInt64 = 50_000
        for round in 0..<150 {
            let before = engine.published?.visible ?? []
            let update: VisibleUpdate?
            switch rng.below(6) {
            case 0:
                // One card, often a visible one.
                let visible = engine.published?.visible ?? []
                let id = !visible.isEmpty && rng.below(2) == 0 ? visible[rng.below(visible.count)] : ids[rng.below(ids.count)]
                update = try engine.remove([id])
                let at = ids.firstIndex(of: id)!
                ids.remove(at: at)
                frames.remove(at: at)
            case 1:
                let gone = Array(Set((0..<(2 + rng.below(30))).map { _ in ids[rng.below(ids.count)] }))
                update = try engine.remove(gone)
                let set = Set(gone)
                let kept = zip(ids, frames).filter { !set.contains($0.0) }
                ids = kept.map(\.0)
                frames = kept.map(\.1)
            case 2, 3:
                let new = (0..<(1 + rng.below(rng.below(2) == 0 ? 1 : 30))).map { _ in
                    nextID += 1
                    let speck = detail != nil && rng.below(25) == 0
                    let frame = randomFrame(&rng, spread: 1200)
                    return NewItem(id: nextID, frame: speck ? Rect(x: frame.x, y: frame.y, width: 0.5, height: 0.5) : frame)
                }
                let before: UInt64? = rng.below(4) == 0 ? nil : ids[rng.below(ids.count)]
                update = try engine.insert(new, before: before)
                let at = before.map { ids.firstIndex(of: $0)! } ?? ids.count
                ids.insert(contentsOf: new.map(\.id), at: at)
                frames.insert(contentsOf: new.map(\.frame), at: at)
            case 4:
                // Undo, then redo: the model is the engine's own before and after.
                guard engine.canUndo else { continue }
                let (idsNow, framesNow) = (ids, frames)
                let undone = try engine.undo()
                (ids, frames) = (Array(engine.resolvedIDs), engine.resolution.frames)
                check(engine, undone, before: before, ids: ids, frames: frames, detail: detail, "round \(round) undo")
                let visibleUndone = engine.published?.visible ?? []
                let redone = try engine.redo()
                #expect(Array(engine.resolvedIDs) == idsNow && engine.resolution.frames == framesNow, "round \(round): redo")
                (ids, frames) = (idsNow, framesNow)
                update = redone
                check(engine, update, before: visibleUndone, ids: ids, frames: frames, detail: detail, "round \(round) redo")
                continue
            default:
                // A pan now and then, so the visible list is not always the first one's.
                update = engine.setViewportOffset(Point(x: rng.uniform(-1500, 700), y: rng.uniform(-1500, 700)))
            }
            check(engine, update, before: before, ids: ids, frames: frames, detail: detail, "round \(round)")
        }
    }
}
