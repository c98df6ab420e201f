import Testing
@testable import CanvasCore

/// Links in the published update (visible, appeared, disappeared) and the
/// level of detail's cluster links, against brute forces written from the
/// rules in CanvasEngine+PublishedLinks.swift: every link and item scanned,
/// no index.
@Suite("Links in the published update")
struct PublishedLinksTests {
    /// A free board of small and large cards, each linked to one or two others.
    func board(_ count: Int, seed: UInt64) throws -> (CanvasEngine, SplitMix64) {
        var rng = SplitMix64(seed: seed)
        let engine = CanvasEngine()
        // The second half tiny and crowded, so clusters hold linked cards (links inside one cluster too).
        let frames = (0..<count).map { i in
            i < count / 2
                ? Rect(x: .random(in: -3000...3000, using: &rng), y: .random(in: -3000...3000, using: &rng),
                       width: .random(in: 10...200, using: &rng), height: .random(in: 10...120, using: &rng))
                : Rect(x: .random(in: 0...500, using: &rng), y: .random(in: 0...500, using: &rng),
                       width: .random(in: 4...20, using: &rng), height: .random(in: 4...20, using: &rng))
        }
        try engine.setItemFrames(frames)
        engine.setLayoutFree()
        _ = try engine.resolve()
        var links: [Link] = []
        let styles: [LinkStyle] = [.straight, .step, .curve]
        for i in 0..<count {
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                // Near neighbours mostly (clusters hold both ends), some far.
                var j = Bool.random(using: &rng) ? (i + Int.random(in: 1...5, using: &rng)) % count : Int.random(in: 0..<count, using: &rng)
                if j == i { j = (i + 1) % count }
                links.append(Link(id: UInt64(links.count) + 100, source: UInt64(i + 1), target: UInt64(j + 1),
                                  style: styles.randomElement(using: &rng)!))
            }
        }
        try engine.setLinks(links)
        _ = try engine.setViewportSize(Size(width: 800, height: 600))
        return (engine, rng)
    }

    /// Whether the link's culling bounds, zoomed, meet `rect` (routed from scratch).
    func meets(_ engine: CanvasEngine, _ link: Link, _ rect: Rect) -> Bool {
        guard let s = engine.resolvedPosition(of: link.source), let t = engine.resolvedPosition(of: link.target) else { return false }
        let route = LinkRouter(direction: engine.options.direction).route(link, from: engine.resolution.frames[s], to: engine.resolution.frames[t])
        let b = CanvasEngine.cullingBounds(of: route), zoom = engine.zoom
        let x0 = zoom.position(b.minX, axis: .horizontal), x1 = zoom.position(b.maxX, axis: .horizontal)
        let y0 = zoom.position(b.minY, axis: .vertical), y1 = zoom.position(b.maxY, axis: .vertical)
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersects(rect)
    }

    enum Drawn: Hashable { case item(UInt64), cluster(UInt64) }

    /// What each item is drawn as in the published update, by the rules:
    /// one by one when in `visible`, else in the published cluster whose
    /// representative's cell holds its centre when it is small. Also
    /// checks each cluster's count against the members found so.
    func drawn(_ engine: CanvasEngine) -> [UInt64: Drawn] {
        let update = engine.published!
        var result: [UInt64: Drawn] = [:]
        for id in update.visible { result[id] = .item(id) }
        guard let settings = engine.detailSettings else { return result }
        let zoom = engine.zoom
        let key = DetailPyramid.levelKey(cell: settings.cell, zoom: zoom)
        let w = DetailPyramid.power(key.x), h = DetailPyramid.power(key.y)
        func cell(_ f: Rect) -> [Double] { [((f.y + f.height / 2) / h).rounded(.down), ((f.x + f.width / 2) / w).rounded(.down)] }
        var clusterAt: [[Double]: LevelOfDetail.Cluster] = [:]
        for cluster in update.clusters { clusterAt[cell(engine.resolution.frames[engine.resolvedPosition(of: cluster.id)!])] = cluster }
        var members: [UInt64: Int] = [:]
        for (position, frame) in engine.resolution.frames.enumerated() {
            let id = engine.resolvedIDs[position]
            guard result[id] == nil, frame.width > 0, frame.height > 0 else { continue }
            let small = frame.width * (zoom.scalesX ? zoom.scale : 1) < settings.minSize
                || frame.height * (zoom.scalesY ? zoom.scale : 1) < settings.minSize
            if small, let cluster = clusterAt[cell(frame)] {
                result[id] = .cluster(cluster.id)
                members[cluster.id, default: 0] += 1
            }
        }
        for cluster in update.clusters { #expect(members[cluster.id] == cluster.count, "cluster \(cluster.id)") }
        return result
    }

    /// The visible links and cluster links the published update should carry.
    func expected(_ engine: CanvasEngine) -> ([UInt64], [ClusterLink]) {
        let rect = engine.viewport.cullingRect
        let lod = engine.detailSettings != nil
        let drawn = drawn(engine)
        var visible: [UInt64] = [], pairs: [[UInt64]: Int] = [:]
        for link in engine.links.links {
            // Level of detail off: by the route; on: by what the ends are drawn as.
            guard lod else {
                if meets(engine, link, rect) { visible.append(link.id) }
                continue
            }
            guard let a = drawn[link.source], let b = drawn[link.target] else { continue }
            switch (a, b) {
            case (.item, .item): visible.append(link.id)
            case (.cluster(let x), .cluster(let y)) where x == y: continue
            default:
                func key(_ d: Drawn) -> [UInt64] {
                    switch d { case .item(let id): [id, 1]; case .cluster(let id): [id, 2] }
                }
                let (p, q) = (key(a), key(b))
                pairs[p.lexicographicallyPrecedes(q) ? p + q : q + p, default: 0] += 1
            }
        }
        let clusterLinks = pairs.keys.sorted { $0.lexicographicallyPrecedes($1) }.map { k in
            ClusterLink(from: k[0], fromKind: k[1] == 1 ? .item : .cluster, to: k[2], toKind: k[3] == 1 ? .item : .cluster,
                        count: pairs[k]!)
        }
        return (visible, clusterLinks)
    }

    @Test("published links, their diff and cluster links match brute forces over random boards, edits and zooms")
    func againstBruteForce() throws {
        var sawClusterLinks = false, sawDiff = false
        for seed in UInt64(1)...3 {
            var (engine, rng) = try board(400, seed: seed)
            var previous = engine.published?.visibleLinks ?? []
            var count = engine.publishCount
            for step in 0..<60 {
                switch Int.random(in: 0..<9, using: &rng) {
                case 0, 1:
                    _ = engine.setViewportOffset(Point(x: .random(in: -3500...3000, using: &rng), y: .random(in: -3500...3000, using: &rng)))
                case 2:
                    let id = engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)]
                    try engine.move(id, to: Point(x: .random(in: -3000...3000, using: &rng), y: .random(in: -3000...3000, using: &rng)))
                case 3:
                    if let link = engine.links.links.randomElement(using: &rng) { try engine.removeLinks([link.id]) }
                case 4:
                    let ids = engine.items.ids
                    let a = ids[Int.random(in: 0..<ids.count, using: &rng)], b = ids[Int.random(in: 0..<ids.count, using: &rng)]
                    if a != b { try engine.insertLinks([Link(id: UInt64.random(in: 10_000...UInt64.max, using: &rng), source: a, target: b)]) }
                case 5:
                    _ = try engine.setZoom(.random(in: 0.05...2, using: &rng))
                case 6:
                    try engine.setLevelOfDetail(engine.detailSettings == nil ? DetailSettings(minSize: 8, cell: 32) : nil)
                case 7:
                    if engine.canUndo { try engine.undo() }
                default:
                    try engine.remove([engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)]])
                }
                let update = try #require(engine.published)
                let (visible, clusterLinks) = expected(engine)
                #expect(update.visibleLinks == visible, "seed \(seed) step \(step)")
                #expect(engine.visibleLinks == visible)
                #expect(update.clusterLinks == clusterLinks, "seed \(seed) step \(step)")
                if engine.detailSettings == nil { #expect(update.clusterLinks.isEmpty) }
                sawClusterLinks = sawClusterLinks || !clusterLinks.isEmpty
                if engine.publishCount != count {
                    count = engine.publishCount
                    let now = Set(visible), before = Set(previous)
                    #expect(update.appearedLinks == visible.filter { !before.contains($0) }, "seed \(seed) step \(step)")
                    #expect(update.disappearedLinks == previous.filter { !now.contains($0) }, "seed \(seed) step \(step)")
                    sawDiff = sawDiff || !update.appearedLinks.isEmpty || !update.disappearedLinks.isEmpty
                } else {
                    #expect(visible == previous, "seed \(seed) step \(step): links changed without a publish")
                }
                previous = visible
            }
        }
        #expect(sawClusterLinks && sawDiff, "the seeds exercised nothing")
    }

    @Test("a drag with level of detail on moves the cluster links' counts: they match the brute force, and nothing is counted afresh")
    func dragFollowsClusterLinks() throws {
        var sawClusterLinks = false
        for seed in UInt64(4)...6 {
            var (engine, rng) = try board(400, seed: seed)
            try engine.setLevelOfDetail(DetailSettings(minSize: 8, cell: 32))
            _ = try engine.setZoom(0.3)
            _ = engine.setViewportOffset(Point(x: -100, y: -100))
            #expect(engine.clusterLinks == expected(engine).1, "seed \(seed)")
            let builds = try #require(engine.builtClusterLinks?.builds)
            for step in 0..<40 {
                // Tiny cards (the board's second half, crowded into clusters) and large ones, a step
                // each; every fifth the leftmost, which leaves the board's bounds to settle.
                let leftmost = engine.items.ids.min { engine.frame(of: $0)!.x < engine.frame(of: $1)!.x }!
                let id = step % 5 == 0 ? leftmost : engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)]
                let frame = try #require(engine.frame(of: id))
                _ = try engine.move([(id, Point(x: frame.x + .random(in: -60...60, using: &rng), y: frame.y + .random(in: -60...60, using: &rng)))])
                _ = engine.setViewportOffset(Point(x: -100 + Double(step % 2), y: -100))  // a publish either way
                let (visible, clusterLinks) = expected(engine)
                #expect(engine.visibleLinks == visible, "seed \(seed) step \(step)")
                #expect(engine.clusterLinks == clusterLinks, "seed \(seed) step \(step)")
                sawClusterLinks = sawClusterLinks || !clusterLinks.isEmpty
            }
            #expect(engine.builtClusterLinks?.builds == builds, "seed \(seed): the drag counted every link again")
        }
        #expect(sawClusterLinks, "the seeds exercised nothing")
    }

    @Test("a zoom out across every level and back in finds every level's cluster links: they match the brute force, and a zoom back is not counted afresh")
    func zoomBackFindsKeptLevels() throws {
        var sawClusterLinks = false
        let zooms = (0..<7).map { 1 / Double(1 << $0) }  // one level each
        for seed in UInt64(7)...9 {
            var (engine, rng) = try board(400, seed: seed)
            try engine.setLevelOfDetail(DetailSettings(minSize: 8, cell: 32))
            _ = engine.setViewportOffset(Point(x: -100, y: -100))
            func check(_ what: String) {
                let (visible, clusterLinks) = expected(engine)
                #expect(engine.visibleLinks == visible, "seed \(seed) \(what)")
                #expect(engine.clusterLinks == clusterLinks, "seed \(seed) \(what)")
                sawClusterLinks = sawClusterLinks || !clusterLinks.isEmpty
            }
            // Out, stepping back in and out again across each level.
            for (i, zoom) in zooms.enumerated() {
                _ = try engine.setZoom(zoom)
                check("out at \(zoom)")
                guard i > 0 else { continue }
                let builds = try #require(engine.builtClusterLinks?.builds)
                _ = try engine.setZoom(zooms[i - 1])
                check("back in at \(zooms[i - 1])")
                _ = try engine.setZoom(zoom)
                check("out again at \(zoom)")
                #expect(engine.builtClusterLinks?.builds == builds, "seed \(seed) at \(zoom): a zoom back counted every link again")
            }
            // A drag at the coarsest level (far, across cells) is caught up with by each level as a
            // zoom reaches it (a drag frame pays for one level): back in, nothing is counted afresh.
            let builds = try #require(engine.builtClusterLinks?.builds)
            for _ in 0..<10 {
                let id = engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)]
                let frame = try #require(engine.frame(of: id))
                _ = try engine.move([(id, Point(x: frame.x + .random(in: -1500...1500, using: &rng), y: frame.y + .random(in: -1500...1500, using: &rng)))])
                check("dragged \(id)")
            }
            for zoom in zooms.reversed().dropFirst() {
                _ = try engine.setZoom(zoom)
                check("in at \(zoom)")
            }
            #expect(engine.builtClusterLinks?.builds == builds, "seed \(seed): a zoom after a drag counted every link again")
        }
        #expect(sawClusterLinks, "the seeds exercised nothing")
    }

    @Test("cluster links at every zoom step, out and in, on each zoom axis, between drags and edits: the brute force's, and no zoom step or drag counts every link again")
    func zoomStepsNeverRecount() throws {
        var sawClusterLinks = 0, sawSteps = 0
        let axes: [ZoomAxis] = [.both, .horizontal, .vertical]
        for seed in UInt64(10)...15 {
            var (engine, rng) = try board(300, seed: seed)
            let axis = axes[Int(seed % 3)]
            try engine.setZoomSettings(ZoomSettings(axis: axis, minimum: 0.01, maximum: 4))
            try engine.setLevelOfDetail(DetailSettings(minSize: 8, cell: 32))
            _ = engine.setViewportOffset(Point(x: -50, y: -50))
            func check(_ what: String) {
                let (visible, clusterLinks) = expected(engine)
                #expect(engine.visibleLinks == visible, "seed \(seed) \(what)")
                #expect(engine.clusterLinks == clusterLinks, "seed \(seed) \(what)")
                if !clusterLinks.isEmpty { sawClusterLinks += 1 }
            }
            check("at first")
            var builds = try #require(engine.builtClusterLinks?.builds)
            for step in 0..<70 {
                var counts = true  // whether the step may count every link again (none may now)
                switch Int.random(in: 0..<10, using: &rng) {
                case 0...3:
                    // A wheel tick out or in, or a jump anywhere within the limits.
                    let factor = [0.7, 1 / 0.7, 0.5, 2][Int.random(in: 0..<4, using: &rng)]
                    _ = try engine.setZoom(engine.zoom.scale * factor)
                    counts = false
                case 4:
                    _ = try engine.setZoom((0..<Int.random(in: 0...33, using: &rng)).reduce(4.0) { scale, _ in scale * 0.83 })
                    counts = false
                case 5...7:
                    // A drag of a few cards, some far across cells.
                    let reach: Double = Bool.random(using: &rng) ? 40 : 1500
                    var moves: [(id: UInt64, origin: Point)] = []
                    for _ in 0..<Int.random(in: 1...6, using: &rng) {
                        let id = engine.items.ids[Int.random(in: 0..<engine.items.count, using: &rng)]
                        let frame = try #require(engine.frame(of: id))
                        if moves.contains(where: { $0.id == id }) { continue }
                        moves.append((id, Point(x: frame.x + .random(in: -reach...reach, using: &rng), y: frame.y + .random(in: -reach...reach, using: &rng))))
                    }
                    _ = try engine.move(moves)
                    counts = false
                case 8:
                    _ = engine.setViewportOffset(Point(x: .random(in: -200...200, using: &rng), y: .random(in: -200...200, using: &rng)))
                    counts = false
                default:
                    // An edit of the links: followed too (ClusterLinkEditsTests has the rest).
                    if let link = engine.links.links.randomElement(using: &rng) { try engine.removeLinks([link.id]) }
                    counts = false
                }
                check("step \(step) at \(engine.zoom.scale)")
                sawSteps += 1
                let now = try #require(engine.builtClusterLinks?.builds)
                if !counts { #expect(now == builds, "seed \(seed) step \(step): a zoom step or a drag counted every link again") }
                builds = now
            }
        }
        #expect(sawClusterLinks > 100, "the seeds exercised too little: \(sawClusterLinks) of \(sawSteps) steps with cluster links")
    }

    @Test("a link edit publishes; an idle tick does not")
    func editPublishesIdleTickDoesNot() throws {
        let engine = CanvasEngine()
        try engine.setItemFrames([Rect(x: 0, y: 0, width: 50, height: 50), Rect(x: 200, y: 0, width: 50, height: 50)])
        engine.setLayoutFree()
        _ = try engine.resolve()
        _ = try engine.setViewportSize(Size(width: 800, height: 600))
        var count = engine.publishCount
        try engine.insertLinks([Link(id: 9, source: 1, target: 2)])
        #expect(engine.publishCount == count + 1)
        #expect(engine.published?.visibleLinks == [9] && engine.published?.appearedLinks == [9])
        count = engine.publishCount
        #expect(engine.isPublishCurrent(engine.publishInputs))
        #expect(try engine.tick(at: 1000).published == false)
        #expect(engine.publishCount == count)
        // A moved end takes the link out of view: published at once.
        try engine.move(2, to: Point(x: 5000, y: 5000))
        try engine.move(1, to: Point(x: 5300, y: 5000))
        #expect(engine.published?.visibleLinks == [] && engine.published?.disappearedLinks == [9])
        // Item 1 back home: the long link from it crosses the view again.
        try engine.undo()
        #expect(engine.published?.visibleLinks == [9] && engine.published?.appearedLinks == [9])
        try engine.setLinks([])
        #expect(engine.published?.visibleLinks == [] && engine.published?.disappearedLinks == [9])
    }
}
