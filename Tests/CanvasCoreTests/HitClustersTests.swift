import Testing
@testable import CanvasCore

/// Hit testing over the published level of detail (issue 22 item 6): a press
/// over a cluster hits the cluster, never an item drawn inside it, and the
/// select tool agrees with `hit(at:)` on every press. Checked against a
/// brute force over the published update, on random boards.
@Suite("Hit testing with clusters published")
struct HitClustersTests {
    /// A free canvas of mixed cards (most small at this zoom), level of detail on.
    private func board(seed: UInt64, zoom: Double) throws -> CanvasEngine {
        var random = SplitMix64(seed: seed)
        let frames = (0..<800).map { _ in
            let side = random.below(4) == 0 ? random.uniform(150, 600) : random.uniform(5, 60)
            return Rect(x: random.uniform(0, 8000), y: random.uniform(0, 6000), width: side, height: side * random.uniform(0.5, 1.5))
        }
        let engine = try freeEngine(frames, viewport: Size(width: 800, height: 600))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.01))
        try engine.setZoom(zoom)
        try engine.setLevelOfDetail(DetailSettings())
        engine.setTool(.select)
        return engine
    }

    /// The rule by brute force over what is published: drawn items (topmost
    /// containing, then topmost within the slop), then clusters likewise.
    private func expected(_ engine: CanvasEngine, _ point: Point) -> Hit? {
        let update = try! #require(engine.published)
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

    @Test("Every press: the tool's choice is hit's answer, and no press takes an item not published", arguments: [5 as UInt64, 23, 71])
    func toolAgreesWithHit(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 1000)
        for zoom in [0.08, 0.15, 0.3] {
            let engine = try board(seed: seed, zoom: zoom)
            engine.setViewportOffset(Point(x: random.uniform(0, 400), y: random.uniform(0, 300)))
            let update = try #require(engine.published)
            #expect(!update.clusters.isEmpty)
            let view = engine.viewport.visibleRect
            var clusterPresses = 0
            for press in 0..<300 {
                // Half the presses aim at a cluster's bounds or an item drawn inside one.
                let point: Point
                if press % 2 == 0, let cluster = update.clusters.randomElement(using: &random) {
                    let b = cluster.bounds
                    point = Point(x: b.x + random.uniform(0, max(b.width, 1)), y: b.y + random.uniform(0, max(b.height, 1)))
                } else {
                    point = Point(x: view.x + random.uniform(0, view.width), y: view.y + random.uniform(0, view.height))
                }
                let hit = engine.hit(at: point)
                let brute = expected(engine, point)
                switch (hit, brute) {
                case (.cluster(let a), .cluster(let b)):
                    #expect(a.id == b.id && a.bounds == b.bounds && a.count == b.count)
                    clusterPresses += 1
                default:
                    #expect(hit == brute, "press at \(point), zoom \(zoom)")
                }
                if case .item(let id) = hit { #expect(update.visible.contains(id)) }
                // hit_test answers the item, nil over a cluster.
                let item: UInt64? = if case .item(let id) = hit { id } else { nil }
                #expect(engine.hitTest(at: point) == item)
                // The tool takes what hit takes; over a cluster a marquee starts.
                let before = engine.selection
                let pressed = engine.beginSelectGesture(at: point)
                #expect(pressed == (item.map(CanvasEngine.SelectPress.item) ?? .emptySpace))
                if item == nil {
                    engine.updateSelectGesture(to: Point(x: point.x + 20, y: point.y + 20))
                    #expect(engine.marqueeRect != nil)
                    #expect(!engine.isDraggingSelection)
                }
                engine.cancelSelectGesture()
                #expect(engine.selection == before)
            }
            #expect(clusterPresses > 30)
        }
    }

    /// The selected count by brute force: selected small items whose centre
    /// shares the cell of the cluster's first item.
    private func bruteSelected(_ engine: CanvasEngine, _ cluster: LevelOfDetail.Cluster) -> Int {
        let settings = DetailSettings()
        let s = engine.zoom.scale
        func exponent() -> Int {
            var k = -60
            while Double(sign: .plus, exponent: k, significand: 1) * s < settings.cell { k += 1 }
            return k
        }
        let side = Double(sign: .plus, exponent: exponent(), significand: 1)
        func cell(_ f: Rect) -> [Int] { [Int(((f.x + f.width / 2) / side).rounded(.down)), Int(((f.y + f.height / 2) / side).rounded(.down))] }
        let home = cell(engine.unzoomedFrame(of: cluster.id))
        return engine.selection.filter { id in
            let f = engine.unzoomedFrame(of: id)
            return !(f.width * s >= settings.minSize && f.height * s >= settings.minSize) && cell(f) == home
        }.count
    }

    @Test("Clusters carry how many of their items are selected, as the selection is now", arguments: [2 as UInt64, 41])
    func selectedCounts(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let engine = try board(seed: seed, zoom: 0.1)
        let ids = engine.items.ids
        for round in 0..<4 {
            engine.clearSelection()
            for id in ids where random.below(round + 2) == 0 { try engine.select(id: id) }
            let clusters = engine.publishedClusters
            #expect(clusters.count == engine.published?.clusters.count)
            #expect(clusters.map(\.selected).reduce(0, +) > 0)
            for cluster in clusters {
                #expect(cluster.selected == bruteSelected(engine, cluster))
                #expect(cluster.selected <= cluster.count)
            }
            // The same counts in a query's answer, and in a hit cluster.
            let lod = try engine.levelOfDetail()
            #expect(lod.clusters.map(\.selected) == clusters.map(\.selected))
            if let first = clusters.first, case .cluster(let hit) = engine.hit(at: Point(x: first.bounds.midX, y: first.bounds.midY)) {
                #expect(hit.selected == bruteSelected(engine, hit))
            }
            // Read again after moves of selected items (each publishes): the counts follow, not a stale read.
            for id in engine.selection.prefix(20) {
                try engine.move(id, to: Point(x: random.uniform(0, 8000), y: random.uniform(0, 6000)))
            }
            for cluster in engine.publishedClusters { #expect(cluster.selected == bruteSelected(engine, cluster)) }
            // A failed transaction leaves the published update and the counts as they were.
            let before = engine.publishedClusters
            _ = try? engine.transaction { () throws(CanvasError) in
                for id in engine.selection.prefix(20) { try engine.move(id, to: Point(x: 10, y: 10)) }
                _ = engine.publishedClusters
                throw CanvasError(.invalidArgument, "rolled back")
            }
            #expect(engine.publishedClusters == before)
        }
    }
}

private extension CanvasEngine {
    func unzoomedFrame(of id: UInt64) -> Rect { resolution.frames[resolvedPosition(of: id)!] }
}

private extension Rect {
    var midX: Double { x + width / 2 }
    var midY: Double { y + height / 2 }
}
