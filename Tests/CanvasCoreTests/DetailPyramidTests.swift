import Testing
@testable import CanvasCore


// MARK: - The brute force, written from DetailPyramid's rules

/// The smallest k with 2^k · scale ≥ cell, by counting.
func bruteExponent(_ cell: Double, _ scale: Double) -> Int {
    var k = -80
    while Double(sign: .plus, exponent: k, significand: 1) * scale < cell { k += 1 }
    return k
}

struct BruteCluster: Equatable {
    var count = 0
    var first = Int.max
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    /// The union of the zoomed frames, for the within-a-point check.
    var zoomedUnion: Rect?
}

func bruteDetail(
    _ frames: [Rect], _ rect: Rect, zoom: ZoomTransform, minSize: Double, cell: Double
) -> (items: [Int], clusters: [DetailPyramid.Cluster], unions: [Rect]) {
    let sx = zoom.scale != 1 && zoom.axis.zoomsX ? zoom.scale : 1
    let sy = zoom.scale != 1 && zoom.axis.zoomsY ? zoom.scale : 1
    let w = Double(sign: .plus, exponent: bruteExponent(cell, sx), significand: 1)
    let h = Double(sign: .plus, exponent: bruteExponent(cell, sy), significand: 1)
    let u = zoom.unzoomed(rect)
    var items: [Int] = []
    var cells: [[Int]: BruteCluster] = [:]
    for (position, frame) in frames.enumerated() where frame.isFinite && frame.width > 0 && frame.height > 0 {
        let zoomed = zoom.rect(frame)
        if frame.width * sx >= minSize && frame.height * sy >= minSize {
            if zoomed.intersects(rect) { items.append(position) }
            continue
        }
        let column = ((frame.x + frame.width / 2) / w).rounded(.down)
        let row = ((frame.y + frame.height / 2) / h).rounded(.down)
        guard column * w < u.maxX, (column + 1) * w > u.minX, row * h < u.maxY, (row + 1) * h > u.minY else { continue }
        var cluster = cells[[Int(row), Int(column)]] ?? BruteCluster()
        cluster.count += 1
        cluster.first = min(cluster.first, position)
        cluster.minX = min(cluster.minX, frame.minX)
        cluster.minY = min(cluster.minY, frame.minY)
        cluster.maxX = max(cluster.maxX, frame.maxX)
        cluster.maxY = max(cluster.maxY, frame.maxY)
        cluster.zoomedUnion = cluster.zoomedUnion.map { $0.union(zoomed) } ?? zoomed
        cells[[Int(row), Int(column)]] = cluster
    }
    let keys = cells.keys.sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[1] < $1[1] }
    func edge(_ value: Double, _ scale: Double) -> Double { scale == 1 ? value : (value * scale).rounded() }
    let clusters = keys.map { key -> DetailPyramid.Cluster in
        let c = cells[key]!
        let left = edge(c.minX, sx), right = edge(c.maxX, sx), top = edge(c.minY, sy), bottom = edge(c.maxY, sy)
        return DetailPyramid.Cluster(bounds: Rect(x: left, y: top, width: right - left, height: bottom - top), count: c.count, first: c.first)
    }
    return (items, clusters, keys.map { cells[$0]!.zoomedUnion! })
}

// MARK: - Scenes

/// Scattered frames of widely mixed sizes (each side 2^-3 … 2^9), some
/// overlapping, some at negative coordinates, a few that take no part.
private func scene(_ rng: inout SplitMix64, count: Int) -> [Rect] {
    (0..<count).map { position in
        if position % 97 == 13 { return Rect(x: 5, y: 5, width: 0, height: 10) }
        if position % 211 == 7 { return Rect(x: .nan, y: 0, width: 10, height: 10) }
        let width = Double(sign: .plus, exponent: 0, significand: 1) * power(2, rng.uniform(-3, 9))
        let height = power(2, rng.uniform(-3, 7))
        return Rect(x: rng.uniform(-3000, 9000).rounded(), y: rng.uniform(-1000, 5000).rounded(),
                    width: width, height: height)
    }
}

private let zooms: [ZoomTransform] = [0.004, 0.03, 0.35, 1, 2.7, 5].flatMap {
    [ZoomTransform(scale: $0, axis: .horizontal), ZoomTransform(scale: $0, axis: .both)]
}

private func randomRect(_ rng: inout SplitMix64, zoom: ZoomTransform) -> Rect {
    let sx = zoom.axis.zoomsX ? zoom.scale : 1, sy = zoom.axis.zoomsY ? zoom.scale : 1
    return Rect(x: rng.uniform(-4000, 10000) * sx, y: rng.uniform(-2000, 6000) * sy,
                width: rng.uniform(50, 1400), height: rng.uniform(50, 900))
}

/// Checks one answer against the brute force and the invariants.
func checkDetail(
    _ answer: DetailPyramid.Answer, _ frames: [Rect], _ rect: Rect, zoom: ZoomTransform, minSize: Double, cell: Double,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let brute = bruteDetail(frames, rect, zoom: zoom, minSize: minSize, cell: cell)
    #expect(answer.items == brute.items, "items at \(zoom) \(rect)", sourceLocation: sourceLocation)
    #expect(answer.clusters == brute.clusters, "clusters at \(zoom) \(rect)", sourceLocation: sourceLocation)
    for (cluster, union) in zip(answer.clusters, brute.unions) {
        #expect(abs(cluster.bounds.minX - union.minX) <= 1 && abs(cluster.bounds.maxX - union.maxX) <= 1
                && abs(cluster.bounds.minY - union.minY) <= 1 && abs(cluster.bounds.maxY - union.maxY) <= 1,
                "bounds within a point of the zoomed union", sourceLocation: sourceLocation)
    }
    // No large item is clustered: every item returned is large, and the
    // counts cover exactly the small items whose cells the rectangle covers.
    for position in answer.items {
        let sx = zoom.axis.zoomsX ? zoom.scale : 1, sy = zoom.axis.zoomsY ? zoom.scale : 1
        #expect(frames[position].width * sx >= minSize && frames[position].height * sy >= minSize, sourceLocation: sourceLocation)
    }
    #expect(answer.clusters.map(\.count).reduce(0, +) == brute.clusters.map(\.count).reduce(0, +),
            sourceLocation: sourceLocation)
}

@Suite("Level of detail")
struct DetailPyramidTests {
    @Test("clusters and large items match a brute force at many zooms, both axes and one", arguments: [1, 2, 3] as [UInt64])
    func bruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let frames = scene(&rng, count: 1500)
        var pyramid = DetailPyramid(frames: frames)
        var items = 0, clusters = 0, crowded = 0
        for zoom in zooms {
            for (minSize, cell) in [(2.0, 16.0), (3.5, 10.0), (40.0, 64.0)] {
                for _ in 0..<6 {
                    let rect = randomRect(&rng, zoom: zoom)
                    let answer = pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames)
                    checkDetail(answer, frames, rect, zoom: zoom, minSize: minSize, cell: cell)
                    items += answer.items.count
                    clusters += answer.clusters.count
                    crowded += answer.clusters.filter { $0.count > 1 }.count
                }
            }
        }
        // The scenes exercise every part: items, clusters, clusters of many.
        #expect(items > 100 && clusters > 100 && crowded > 20)
    }

    @Test("one size, many items: a size on the boundary is decided per cell, and the answer is bounded by the cells")
    func uniformBoundary() {
        // 100 × 40 items; at zoom 0.02 horizontally they are 2 points wide:
        // exactly on the boundary of min_size 2.
        let columns = 200
        let frames = (0..<20_000).map { Rect(x: Double($0 % columns) * 110, y: Double($0 / columns) * 50, width: 100, height: 40) }
        var pyramid = DetailPyramid(frames: frames)
        for scale in [0.015, 0.0199, 0.02, 0.0201, 0.03] {
            let zoom = ZoomTransform(scale: scale, axis: .horizontal)
            let rect = Rect(x: 0, y: 0, width: 1280, height: 800)
            let answer = pyramid.query(rect, zoom: zoom, minSize: 2, cell: 16, frames: frames)
            checkDetail(answer, frames, rect, zoom: zoom, minSize: 2, cell: 16)
            // Cells of 16…32 points: at most (1280/16 + 2) × (800/16 + 2).
            #expect(answer.clusters.count <= 82 * 52)
        }
    }

    @Test("the level is the first whose cell side on screen is not below cell")
    func levelChoice() {
        #expect(DetailPyramid.levelExponent(cell: 16, scale: 1) == 4)
        #expect(DetailPyramid.levelExponent(cell: 17, scale: 1) == 5)
        #expect(DetailPyramid.levelExponent(cell: 16, scale: 0.5) == 5)
        #expect(DetailPyramid.levelExponent(cell: 16, scale: 3) == 3)  // 8 · 3 = 24 ≥ 16 > 4 · 3
        for scale in [0.001, 0.37, 1.5, 4.99] {
            for cell in [1.0, 7.5, 16, 100] {
                let k = DetailPyramid.levelExponent(cell: cell, scale: scale)
                #expect(k == bruteExponent(cell, scale))
            }
        }
        let key = DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 0.25, axis: .horizontal))
        #expect(key == DetailPyramid.LevelKey(x: 6, y: 4))
    }

    @Test("after random moves, inserts and removes, the pyramid equals a rebuild", arguments: [11, 12] as [UInt64])
    func updatesMatchRebuild(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var board = DetailSlotBoard(scene(&rng, count: 600))
        var pyramid = DetailPyramid(frames: board.frames)
        let probes = [ZoomTransform(scale: 0.03, axis: .horizontal), ZoomTransform(scale: 1, axis: .both),
                      ZoomTransform(scale: 0.35, axis: .both)]
        for zoom in probes { _ = pyramid.query(Rect(x: 0, y: 0, width: 100, height: 100), zoom: zoom, minSize: 2, cell: 16, frames: board.frames) }
        for step in 0..<400 {
            let choice = rng.below(10)
            if choice < 6 || board.order.count < 10 {
                // Move (and sometimes resize) one item.
                let position = rng.below(board.order.count)
                let old = board.frames[board.order[position]]
                var new = old
                new.x = rng.uniform(-3000, 9000).rounded()
                new.y = old.y + rng.uniform(-200, 200).rounded()
                if choice == 0 { new.width = power(2, rng.uniform(-3, 9)) }
                if step % 50 == 0 { new.width = 0 }  // leaves the pyramid
                board.move(at: position, to: new, in: &pyramid)
            } else if choice < 8 {
                let position = rng.below(board.order.count + 1)
                let new = Rect(x: rng.uniform(-3000, 9000), y: rng.uniform(-1000, 5000), width: power(2, rng.uniform(-3, 9)), height: 3)
                board.insert(new, at: position, into: &pyramid)
            } else {
                board.remove(at: [rng.below(board.order.count)], from: &pyramid)
            }
        }
        pyramid.settle(frames: board.frames)  // every level takes the edits it has not read yet
        let frames = board.positional
        let rebuilt = board.rebuilt(like: pyramid)
        #expect(pyramid.members != nil)
        #expect(pyramid.count == rebuilt.count)
        #expect(Set(pyramid.builtLevels) == Set(rebuilt.builtLevels))
        for key in pyramid.builtLevels {
            #expect(levelContents(pyramid, key) == levelContents(rebuilt, key), "level \(key)")
        }
        #expect(classContents(pyramid) == classContents(rebuilt))
        for zoom in probes + zooms {
            for _ in 0..<4 {
                let rect = randomRect(&rng, zoom: zoom)
                let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: 2, cell: 16, frames: board.frames))
                checkDetail(answer, frames, rect, zoom: zoom, minSize: 2, cell: 16)
            }
        }
    }
}

struct CellContents: Hashable {
    var row: Int
    var column: Int
    var group: DetailPyramid.Group
}

/// A level's grids by class ("x,y"), the empty ones left out.
func levelContents(_ pyramid: DetailPyramid, _ key: DetailPyramid.LevelKey) -> [String: [CellContents]] {
    var result: [String: [CellContents]] = [:]
    for sizeClass in pyramid.builtClasses(at: key) {
        var cells: [CellContents] = []
        pyramid.grid(key, pyramid.classIDs[sizeClass]!)!.visitAll { row, column, group in
            // The first by its number: two pyramids over one order may label it with different keys.
            var group = group
            group.first = DetailPyramid.Labels.slot(of: group.first)
            cells.append(CellContents(row: row, column: column, group: group))
        }
        if !cells.isEmpty { result["\(sizeClass.x),\(sizeClass.y)"] = cells }
    }
    return result
}

/// The member grids by class, the empty ones left out.
func classContents(_ pyramid: DetailPyramid) -> [String: [[Int]]] {
    var result: [String: [[Int]]] = [:]
    for (id, grid) in (pyramid.members ?? []).enumerated() {
        var cells: [[Int]] = []
        grid.visitAll { row, column, members in cells.append([row, column] + members.map(Int.init)) }
        let sizeClass = pyramid.sizeClasses[id]
        if !cells.isEmpty { result["\(sizeClass.x),\(sizeClass.y)"] = cells }
    }
    return result
}

@Suite("Level of detail through the engine")
struct EngineDetailTests {
    @Test("the engine's answer is the pyramid's over the culling rect, with ids and zoomed frames, at zooms on one axis and both")
    func engineAnswer() throws {
        let count = 3000
        var rng = SplitMix64(seed: 7)
        let sizes = (0..<count).map { _ in size(rng.uniform(20, 300).rounded(), rng.uniform(10, 120).rounded()) }
        let ids = (0..<count).map { UInt64(50_000 - $0) }
        for axis in [ZoomAxis.horizontal, .both] {
            let engine = CanvasEngine()
            try engine.setItems(sizes: sizes, ids: ids)
            try engine.resolve()
            try engine.setZoomSettings(zoomSettings(axis: axis, minimum: 0.01))
            try engine.setViewportSize(size(1280, 800))
            for scale in [0.01, 0.04, 0.35, 1, 3] {
                try engine.setZoom(scale)
                let lod = try engine.levelOfDetail()
                let brute = bruteDetail(engine.resolution.frames, engine.viewport.cullingRect, zoom: engine.zoom, minSize: LevelOfDetail.defaultMinSize, cell: 16)
                #expect(lod.items.map(\.id) == brute.items.map { ids[$0] })
                #expect(lod.items.map(\.frame) == brute.items.map { engine.frame(at: $0) })
                #expect(lod.clusters.map(\.id) == brute.clusters.map { ids[$0.first] })
                #expect(lod.clusters.map(\.count) == brute.clusters.map(\.count))
                #expect(lod.clusters.map(\.bounds) == brute.clusters.map(\.bounds))
                let shown = lod.clusters.map(\.count).reduce(0, +) + lod.items.count
                #expect(shown > 0 && shown <= count)
                if scale <= 0.04 { #expect(!lod.clusters.isEmpty) }
            }
        }
    }

    @Test("with level of detail on, published updates carry the answer and diff the items shown one by one")
    func publishedUpdates() throws {
        let engine = try tileCanvas(viewport: size(100, 100))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.05))
        try engine.setZoom(0.1)
        #expect(engine.published?.visible.count == 100)
        let update = try #require(try engine.setLevelOfDetail(DetailSettings(minSize: 20)))
        let lod = try engine.levelOfDetail(minSize: 20)
        #expect(update.visible.isEmpty && update.disappeared.count == 100 && update.appeared.isEmpty)
        #expect(update.clusters == lod.clusters && update.clusters.count == 16)
        #expect(engine.visibleItemCount == 0)
        // Nothing changed, nothing published.
        #expect(try engine.setLevelOfDetail(DetailSettings(minSize: 20)) == nil)
        // Only the clusters change (coarser cells, still nothing large): published.
        let coarser = try #require(try engine.setLevelOfDetail(DetailSettings(minSize: 20, cell: 40)))
        #expect(coarser.visible.isEmpty && coarser.clusters.count == 4)
        try engine.setLevelOfDetail(DetailSettings(minSize: 20))
        // Bad settings change nothing.
        #expect(throws: CanvasError.self) { try engine.setLevelOfDetail(DetailSettings(minSize: .nan)) }
        #expect(engine.detailSettings == DetailSettings(minSize: 20))
        let back = try #require(try engine.setLevelOfDetail(nil))
        #expect(back.visible.count == 100 && back.appeared.count == 100 && back.clusters.isEmpty)
    }

    @Test("an edit in place brings the engine's pyramid along: the answer equals a fresh build's")
    func editsInPlace() throws {
        let engine = try tileCanvas(viewport: size(100, 100))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.05))
        try engine.setZoom(0.1)
        _ = try engine.levelOfDetail(minSize: 20)
        // Move item 1 (position 0) far right and down, as a free canvas would.
        let old = engine.resolution.frames[0]
        let new = Rect(x: 870, y: 830, width: 100, height: 100)
        engine.placement.frames[0] = new  // slot 0: no order edit yet
        engine.updateDetail(position: 0, from: old, to: new)
        let edited = try engine.levelOfDetail(minSize: 20)
        engine.builtDetail = nil
        let fresh = try engine.levelOfDetail(minSize: 20)
        #expect(edited == fresh)
        // One fewer in the top-left cell, whose first item is now item 2.
        #expect(edited.clusters.first?.count == 8 && edited.clusters.first?.id == 2)
    }

    @Test("bad arguments throw and change nothing; a resolve drops the pyramid")
    func badArguments() throws {
        let engine = try tileCanvas()
        for bad in [Double.nan, 0, -1, .infinity] {
            #expect(throws: CanvasError.self) { try engine.levelOfDetail(minSize: bad) }
            #expect(throws: CanvasError.self) { try engine.levelOfDetail(cell: bad) }
        }
        #expect(throws: CanvasError.self) { try engine.levelOfDetail(in: Rect(x: .nan, y: 0, width: 1, height: 1)) }
        #expect(engine.builtDetail == nil)
        let lod = try engine.levelOfDetail(in: Rect(x: 0, y: 0, width: 1000, height: 1000), minSize: 200)
        #expect(lod.items.isEmpty && lod.clusters.map(\.count).reduce(0, +) == 100)
        #expect(engine.builtDetail != nil)
        try engine.resolve()
        #expect(engine.builtDetail == nil)
        let large = try engine.levelOfDetail(in: Rect(x: 0, y: 0, width: 1000, height: 1000))
        #expect(large.items.count == 100 && large.clusters.isEmpty)
    }
}
