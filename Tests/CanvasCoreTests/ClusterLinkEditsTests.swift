import Testing
@testable import CanvasCore

/// Cluster-link counts through item and link edits (issues 20 and 24): an
/// insert or removal of items or links, anywhere, its undo and redo, between
/// drags and zooms across levels, keeps the counts (`ClusterLinkLevels`, by
/// slot) without counting every link again, and every published answer is
/// the brute force's (`PublishedLinksTests.expected`); every level, caught
/// up, holds what a fresh count of the links at the frames gives.
@Suite("Cluster links through item and link edits")
struct ClusterLinkEditsTests {
    let published = PublishedLinksTests()

    /// Each level's pairs, the sides sorted: what a count holds, in a form to compare.
    func pairs(_ counts: ClusterLinkLevels) -> [[CachedPairKey: [Double]]] {
        counts.levels.map { level in
            var result: [CachedPairKey: [Double]] = [:]
            for (cell, entries) in level.pairs {
                for entry in entries {
                    let key = CachedPairKey(cell: cell, otherCell: entry.cell, item: entry.item)
                    #expect(result[key] == nil, "a pair held twice")
                    result[key] = entry.sides.values
                }
            }
            return result
        }
    }

    /// Every level of the engine's counts, brought up to the frames, against a fresh count of every link.
    func checkEveryLevel(_ engine: CanvasEngine, _ what: String) throws {
        var counts = try #require(engine.builtClusterLinks, "\(what): no counts")
        let culling = engine.linkCulling
        let ids = engine.resolvedIDs
        for i in counts.levels.indices {
            counts.catchUp(i, frames: engine.placement.frames, links: engine.links, id: { ids.id(ofSlot: $0) },
                           slot: engine.resolvedSlot(of:), touching: { culling.positions(touchingItemAt: ids.position(ofSlot: $0)) })
        }
        var fresh = ClusterLinkLevels(inputs: counts.inputs, builds: 0)
        fresh.count(frames: engine.placement.frames, links: engine.links, slot: engine.resolvedSlot(of:))
        let held = pairs(counts), counted = pairs(fresh)
        for i in held.indices where held[i] != counted[i] {
            let differ = Set(held[i].keys).union(counted[i].keys).filter { held[i][$0] != counted[i][$0] }
            Issue.record("\(what): level \(i) holds \(held[i].count) pairs, a fresh count \(counted[i].count); differing \(differ.prefix(3).map { ($0, held[i][$0] ?? [], counted[i][$0] ?? []) })")
            return
        }
    }

    @Test("item inserts and removals anywhere, link inserts and removals, drags, undo, redo and zooms: the brute force's cluster links and visible links, every level a fresh count's, and nothing counted afresh")
    func editsFollowClusterLinks() throws {
        var sawClusterLinks = 0, sawSteps = 0, sawEdits = 0
        let axes: [ZoomAxis] = [.both, .horizontal, .vertical]
        for seed in UInt64(30)...35 {
            var (engine, rng) = try published.board(300, seed: seed)
            try engine.setZoomSettings(ZoomSettings(axis: axes[Int(seed % 3)], minimum: 0.01, maximum: 4))
            try engine.setLevelOfDetail(DetailSettings(minSize: 8, cell: 32))
            _ = try engine.setZoom(0.3)
            _ = engine.setViewportOffset(Point(x: -50, y: -50))
            var nextID: UInt64 = 1_000_000
            func randomItem() -> UInt64 { engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)] }
            func newFrame() -> Rect {
                // Tiny cards in the crowded corner mostly (they cluster), some large ones anywhere.
                Bool.random(using: &rng)
                    ? Rect(x: .random(in: 0...500, using: &rng), y: .random(in: 0...500, using: &rng),
                           width: .random(in: 4...20, using: &rng), height: .random(in: 4...20, using: &rng))
                    : Rect(x: .random(in: -3000...3000, using: &rng), y: .random(in: -3000...3000, using: &rng),
                           width: .random(in: 10...200, using: &rng), height: .random(in: 10...120, using: &rng))
            }
            func newLinks(_ count: Int) -> [Link] {
                (0..<count).compactMap { _ in
                    let a = randomItem(), b = randomItem()
                    guard a != b else { return nil }
                    nextID += 1
                    return Link(id: nextID, source: a, target: b, style: .straight)
                }
            }
            func check(_ what: String) throws {
                let (visible, clusterLinks) = published.expected(engine)
                #expect(engine.visibleLinks == visible, "seed \(seed) \(what)")
                #expect(engine.clusterLinks == clusterLinks, "seed \(seed) \(what)")
                if !clusterLinks.isEmpty { sawClusterLinks += 1 }
                try checkEveryLevel(engine, "seed \(seed) \(what)")
            }
            try check("at first")
            let builds = try #require(engine.builtClusterLinks?.builds)
            for step in 0..<80 {
                var what = ""
                switch Int.random(in: 0..<13, using: &rng) {
                case 0:
                    // One item, anywhere in the order (at the end too), linked next step maybe.
                    let before: UInt64? = Int.random(in: 0..<4, using: &rng) == 0 ? nil : randomItem()
                    nextID += 1
                    _ = try engine.insert([NewItem(id: nextID, frame: newFrame())], before: before)
                    what = "insert \(nextID)"
                case 1:
                    let items = (0..<Int.random(in: 2...12, using: &rng)).map { _ -> NewItem in
                        nextID += 1
                        return NewItem(id: nextID, frame: newFrame())
                    }
                    _ = try engine.insert(items, before: randomItem())
                    what = "insert \(items.count)"
                case 2:
                    _ = try engine.remove([randomItem()])
                    what = "remove one"
                case 3:
                    let ids = Array(Set((0..<Int.random(in: 2...20, using: &rng)).map { _ in randomItem() }))
                    _ = try engine.remove(ids)
                    what = "remove \(ids.count)"
                case 4:
                    let links = newLinks(Int.random(in: 1...15, using: &rng))
                    let before = Bool.random(using: &rng) ? engine.links.links.randomElement(using: &rng)?.id : nil
                    if !links.isEmpty { _ = try engine.insertLinks(links, before: before) }
                    what = "insert \(links.count) links"
                case 5:
                    let ids = Array(Set((0..<Int.random(in: 1...15, using: &rng)).compactMap { _ in engine.links.links.randomElement(using: &rng)?.id }))
                    if !ids.isEmpty { _ = try engine.removeLinks(ids) }
                    what = "remove \(ids.count) links"
                case 6:
                    // A batch: items in, links to them, some removed: one undo step.
                    try engine.batch { () throws(CanvasError) in
                        nextID += 1
                        let id = nextID
                        _ = try engine.insert([NewItem(id: id, frame: newFrame())], before: randomItem())
                        nextID += 1
                        _ = try engine.insertLinks([Link(id: nextID, source: id, target: randomItem() == id ? engine.items.ids[0] : randomItem())])
                        _ = try engine.remove([randomItem()])
                    }
                    what = "batch"
                case 7:
                    if engine.canUndo { _ = try engine.undo() }
                    what = "undo"
                case 8:
                    if engine.canRedo { _ = try engine.redo() }
                    what = "redo"
                case 9:
                    // A drag of a few cards, some far across cells.
                    let reach: Double = Bool.random(using: &rng) ? 40 : 1500
                    var moves: [(id: UInt64, origin: Point)] = []
                    for _ in 0..<Int.random(in: 1...5, using: &rng) {
                        let id = randomItem()
                        let frame = try #require(engine.frame(of: id))
                        if moves.contains(where: { $0.id == id }) { continue }
                        moves.append((id, Point(x: frame.x + .random(in: -reach...reach, using: &rng), y: frame.y + .random(in: -reach...reach, using: &rng))))
                    }
                    _ = try engine.move(moves)
                    what = "drag"
                case 10, 11:
                    let factor = [0.7, 1 / 0.7, 0.5, 2, 0.25, 4][Int.random(in: 0..<6, using: &rng)]
                    _ = try engine.setZoom(engine.zoom.scale * factor)
                    what = "zoom"
                default:
                    _ = engine.setViewportOffset(Point(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng)))
                    what = "scroll"
                }
                if what != "zoom" && what != "scroll" && what != "drag" { sawEdits += 1 }
                sawSteps += 1
                try check("step \(step) (\(what)) at \(engine.zoom.scale)")
            }
            #expect(engine.builtClusterLinks?.builds == builds, "seed \(seed): an edit counted every link again")
        }
        #expect(sawClusterLinks > 200 && sawEdits > 150, "the seeds exercised too little: \(sawClusterLinks) of \(sawSteps) steps with cluster links, \(sawEdits) edits")
    }
}

@Suite("The links touching removed items")
struct LinksTouchingTests {
    @Test("positions(touching:) finds what a scan of every link finds, for one id and for sets of every size")
    func againstScan() throws {
        var rng = SplitMix64(seed: 41)
        for round in 0..<40 {
            let items = Int.random(in: 2...3000, using: &rng)
            var links: [Link] = []
            for i in 0..<Int.random(in: 1...4000, using: &rng) {
                let a = UInt64.random(in: 1...UInt64(items), using: &rng)
                var b = UInt64.random(in: 1...UInt64(items), using: &rng)
                if b == a { b = a == 1 ? 2 : a - 1 }
                links.append(Link(id: UInt64(i) * 7 + 3, source: a * 1_000_003, target: b * 1_000_003))
            }
            let table = try LinkTable(links)
            let ids = Set((0..<Int.random(in: 1...(round % 4 == 0 ? 1 : 600), using: &rng)).map { _ in
                UInt64.random(in: 1...UInt64(items), using: &rng) * 1_000_003
            })
            let scan = (0..<links.count).filter { ids.contains(links[$0].source) || ids.contains(links[$0].target) }
            #expect(table.positions(touching: ids) == scan, "round \(round): \(ids.count) ids")
        }
    }
}
