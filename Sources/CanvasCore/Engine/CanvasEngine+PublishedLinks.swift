/// Links in the published update: which links the update draws, and with
/// level of detail on, which it draws aggregated between clusters.
///
/// The rules (exact, so a brute force reproduces them):
/// - Level of detail off: the links whose culling bounds, zoomed, meet the
///   culling rectangle (as `queryLinks` finds them) are visible.
/// - Level of detail on: an end is drawn **one by one** when its item is in
///   the update's `visible`; **in a cluster** when it is not, its frame takes
///   part (finite, positive sides), it is small at this zoom and minimum
///   size, and its centre's cell is a published cluster's (see
///   `DetailPyramid`); otherwise it is not drawn. A link is visible when
///   both ends are drawn one by one; it counts toward a `ClusterLink` when
///   both are drawn and at least one is in a cluster, unless both are in
///   the same cluster (not drawn). Links with an end not drawn are left out.
///   Where the route runs does not matter: both ends are on or near the screen.
///
/// So with level of detail on a publish costs the drawn items' links and
/// the published clusters' aggregated links, not the links in view: those
/// are counted once per level (`ClusterLinkCache`), when the zoom reaches a
/// level (or the size classes' kinds change) or the links or frames change.
extension CanvasEngine {
    /// The positions (ascending) of the links the update over `drawn`
    /// (item positions, ascending) and `clusters` shows, and the aggregates.
    func publishedLinks(drawn: [Int], clusters: [LevelOfDetail.Cluster]) -> (positions: [Int], clusters: [ClusterLink]) {
        guard !links.isEmpty, !viewport.size.isZeroArea else { return ([], []) }
        guard let settings = detailSettings else { return (linkPositions(in: viewport.cullingRect), []) }
        let frames = framesByPosition
        // One by one: the links touching a drawn item whose other end is drawn
        // too, each taken from its lesser end.
        var visible: [Int] = []
        if !drawn.isEmpty {
            let culling = linkCulling
            let drawnSet = Set(drawn)
            for position in drawn {
                for link in culling.positions(touchingItemAt: position) {
                    let link = Int(link)
                    let source = links.source(at: link)
                    let other = source == resolvedIDs[position] ? links.target(at: link) : source
                    guard let q = resolvedPosition(of: other), q > position, drawnSet.contains(q) else { continue }
                    visible.append(link)
                }
            }
            visible.sort()
        }
        guard !clusters.isEmpty else { return (visible, []) }
        let cache = clusterLinkCache(settings)
        // The published clusters' cells, row-major as the clusters come: found by binary search.
        var cells: [LinkCell] = []
        cells.reserveCapacity(clusters.count)
        for cluster in clusters {
            guard let position = resolvedPosition(of: cluster.id), position < frames.count else { cells.append(LinkCell((.min, .min))); continue }
            cells.append(LinkCell(DetailPyramid.cell(of: frames[position], width: cache.cellWidth, height: cache.cellHeight)))
        }
        func cluster(at cell: LinkCell) -> Int? {
            var low = 0, high = cells.count
            while low < high {
                let mid = (low + high) / 2
                if cells[mid] < cell { low = mid + 1 } else { high = mid }
            }
            return low < cells.count && cells[low] == cell ? low : nil
        }
        var aggregated: [ClusterLink] = []
        for (index, cell) in cells.enumerated() {
            guard let pairs = cache.pairs[cell] else { continue }
            let here = (clusters[index].id, ClusterLink.EndKind.cluster)
            for pair in pairs {
                let there: (UInt64, ClusterLink.EndKind)
                if pair.item >= 0 {
                    guard Self.containsSorted(drawn, pair.item) else { continue }
                    there = (resolvedIDs[pair.item], .item)
                } else {
                    guard let other = cluster(at: pair.cell) else { continue }
                    there = (clusters[other].id, .cluster)
                }
                let (a, b) = ClusterLink.precedes(there, here) ? (there, here) : (here, there)
                aggregated.append(ClusterLink(from: a.0, fromKind: a.1, to: b.0, toKind: b.1, count: pair.count))
            }
        }
        aggregated.sort {
            ($0.from, $0.fromKind) != ($1.from, $1.fromKind)
                ? ClusterLink.precedes(($0.from, $0.fromKind), ($1.from, $1.fromKind))
                : ClusterLink.precedes(($0.to, $0.toKind), ($1.to, $1.toKind))
        }
        return (visible, aggregated)
    }

    /// The links between small items' cells, and between a small item's
    /// cell and a large item, counted over every link once for this level
    /// and these size kinds; kept until the frames or the links change, for
    /// the last `keptClusterLinkLevels` levels (or kinds), so a zoom back
    /// across a level finds its counts.
    func clusterLinkCache(_ settings: DetailSettings) -> ClusterLinkCache {
        let zoom = self.zoom
        let key = DetailPyramid.levelKey(cell: settings.cell, zoom: zoom)
        // Kinds need no waiting move applied (moves that wait keep every size).
        let kinds = detailStore?.pyramid.kinds(zoom: zoom, minSize: settings.minSize) ?? []
        // Where a size class is on the boundary, items are classed one by one at this zoom.
        let scale: Double? = kinds.contains(.boundary) || kinds.isEmpty ? zoom.scale : nil
        let inputs = ClusterLinkCache.Inputs(generation: contentGeneration, table: linkTableVersion, key: key,
                                             kinds: kinds, scale: scale, axis: zoom.axis, minSize: settings.minSize)
        if let i = keptClusterLinks.firstIndex(where: { $0.inputs == inputs }) {
            let cached = keptClusterLinks.remove(at: i)
            keptClusterLinks.insert(cached, at: 0)
            return cached
        }
        let frames = framesByPosition
        let cellWidth = DetailPyramid.power(key.x), cellHeight = DetailPyramid.power(key.y)
        let sizes = DetailPyramid.Bounds(zoom: zoom, minSize: settings.minSize)
        var built = ClusterLinkCache(inputs: inputs, cellWidth: cellWidth, cellHeight: cellHeight, sizes: sizes, pairs: [:],
                                     builds: (keptClusterLinks.map(\.builds).max() ?? 0) + 1)
        func end(_ id: UInt64) -> ClusterLinkCache.End? {
            guard let position = resolvedPosition(of: id), position < frames.count else { return nil }
            return built.end(frames[position], at: position)
        }
        var counts: [CachedPairKey: Int] = [:]
        for position in 0..<links.count {
            guard let a = end(links.source(at: position)), let b = end(links.target(at: position)),
                  let key = ClusterLinkCache.key(a, b) else { continue }
            counts[key, default: 0] += 1
        }
        for (pair, count) in counts {
            // Under the lesser cell only: a pair of cells counts when both are published clusters.
            built.pairs[pair.cell, default: []].append(ClusterLinkCache.Pair(cell: pair.otherCell, item: pair.item, count: count))
        }
        // Counts of other frames or links are stale for good; of other levels, kept the least recently used out.
        keptClusterLinks.removeAll { $0.inputs.generation != inputs.generation || $0.inputs.table != inputs.table }
        keptClusterLinks.insert(built, at: 0)
        if keptClusterLinks.count > Self.keptClusterLinkLevels { keptClusterLinks.removeLast(keptClusterLinks.count - Self.keptClusterLinkLevels) }
        return built
    }

    /// How many levels' cluster-link counts are kept: a zoom out and back
    /// in crosses a level twice.
    static let keptClusterLinkLevels = 3

    /// The most recently used cluster-link counts.
    var builtClusterLinks: ClusterLinkCache? { keptClusterLinks.first }

    /// After the item at `position` moved from `from` on a free canvas:
    /// moves its links' counts in the current cluster-link cache from the
    /// pairs its old frame gave to the ones its new frame gives (the other
    /// ends stand where they are now), so a drag with level of detail on
    /// costs the moved cards' links, not a count of every link. The cache is
    /// kept only when it matched the frames before the move (its generation
    /// is `current`); the other kept levels are let go.
    func clusterLinksFollowMove(_ position: Int, from: Rect, links touching: ArraySlice<Int32>, current: UInt64) {
        // Only the level in use follows the drag: moving every kept level's
        // counts would multiply a drag frame's cost; the others recount when
        // a zoom asks for them.
        let first = keptClusterLinks.first
        keptClusterLinks = []  // unique while it is edited
        guard var cache = first, cache.inputs.generation == current,
              position < framesByPosition.count else { return }  // stale: counted afresh when asked
        let frames = framesByPosition
        let id = resolvedIDs[position]
        for link in touching {
            let link = Int(link)
            let source = links.source(at: link)
            guard let other = resolvedPosition(of: source == id ? links.target(at: link) : source), other < frames.count,
                  let there = cache.end(frames[other], at: other) else { continue }
            if let here = cache.end(from, at: position), let key = ClusterLinkCache.key(here, there) { cache.add(key, -1) }
            if let here = cache.end(frames[position], at: position), let key = ClusterLinkCache.key(here, there) { cache.add(key, 1) }
        }
        cache.inputs.generation = contentGeneration
        keptClusterLinks = [cache]
    }

    /// Whether one of the moved items is an end of a link (through the
    /// culling index's end lists, which a drag keeps current).
    func movedLinkEnd(_ changes: [(id: UInt64, from: Rect, to: Rect)]) -> Bool {
        guard !links.isEmpty else { return false }
        let culling = linkCulling
        return changes.contains { !culling.positions(touchingItemAt: resolvedPosition(of: $0.id)).isEmpty }
    }

    /// Whether `sorted` (ascending) holds `value`: a binary search.
    static func containsSorted(_ sorted: [Int], _ value: Int) -> Bool {
        var low = 0, high = sorted.count
        while low < high {
            let mid = (low + high) / 2
            if sorted[mid] < value { low = mid + 1 } else { high = mid }
        }
        return low < sorted.count && sorted[low] == value
    }

    /// The links' part of a new update, diffed against the published one:
    /// by position when the links are the same table as then (one merge),
    /// by id otherwise.
    func linkDiff(_ positions: [Int], _ ids: [UInt64]) -> (appeared: [UInt64], disappeared: [UInt64]) {
        let previous = published?.visibleLinks ?? []
        if let before = publishedLinkPositions, publishedLinkTable == linkTableVersion {
            return Self.difference(positions, ids, from: before, previous)
        }
        return Self.difference(ids, from: previous)
    }
}

/// A level-of-detail cell, as a dictionary key, ordered row-major.
struct LinkCell: Hashable, Comparable {
    var row: Int
    var column: Int

    init(_ cell: (row: Int, column: Int)) {
        row = cell.row
        column = cell.column
    }

    static func < (a: LinkCell, b: LinkCell) -> Bool { (a.row, a.column) < (b.row, b.column) }
}

/// A pair of ends the cache counts: a cell and another cell (`item` −1),
/// or a cell and a large item's position.
struct CachedPairKey: Hashable {
    var cell: LinkCell
    var otherCell: LinkCell
    var item: Int
}

/// `CanvasEngine.clusterLinkCache`: counted links by the cell of their
/// lesser small end, and what they were counted at.
struct ClusterLinkCache {
    struct Inputs: Equatable {
        var generation: UInt64
        var table: UInt64
        var key: DetailPyramid.LevelKey
        var kinds: [DetailPyramid.Kind]
        var scale: Double?
        var axis: ZoomAxis
        var minSize: Double
    }

    /// The other end: a cell (`item` −1) or a large item's position.
    struct Pair {
        var cell: LinkCell
        var item: Int
        var count: Int
    }

    var inputs: Inputs
    var cellWidth: Double
    var cellHeight: Double
    /// Which frames are large at the cache's zoom and minimum size.
    var sizes: DetailPyramid.Bounds
    var pairs: [LinkCell: [Pair]]
    /// How many times the engine counted the cache afresh (for tests: a drag should not).
    var builds: Int

    /// What a link's end counts as: a large item drawn by itself, or its cell.
    enum End { case item(Int), cell(LinkCell) }

    /// The end at the item at `position` with `frame`; nil when the frame takes no part.
    func end(_ frame: Rect, at position: Int) -> End? {
        guard SpatialIndex.isIndexable(frame) else { return nil }
        if sizes.isLarge(frame) { return .item(position) }
        return .cell(LinkCell(DetailPyramid.cell(of: frame, width: cellWidth, height: cellHeight)))
    }

    /// The pair two ends count toward: none between two large items or within one cell.
    static func key(_ a: End, _ b: End) -> CachedPairKey? {
        switch (a, b) {
        case (.item, .item): return nil
        case (.cell(let x), .cell(let y)):
            if x == y { return nil }
            let (low, high) = x < y ? (x, y) : (y, x)
            return CachedPairKey(cell: low, otherCell: high, item: -1)
        case (.cell(let x), .item(let p)), (.item(let p), .cell(let x)):
            return CachedPairKey(cell: x, otherCell: x, item: p)
        }
    }

    /// Adds `delta` links to a pair's count (a pair at zero is let go).
    mutating func add(_ key: CachedPairKey, _ delta: Int) {
        var list = pairs.removeValue(forKey: key.cell) ?? []
        if let i = list.firstIndex(where: { $0.cell == key.otherCell && $0.item == key.item }) {
            list[i].count += delta
            if list[i].count <= 0 { list.remove(at: i) }
        } else if delta > 0 {
            list.append(Pair(cell: key.otherCell, item: key.item, count: delta))
        }
        if !list.isEmpty { pairs[key.cell] = list }
    }
}

