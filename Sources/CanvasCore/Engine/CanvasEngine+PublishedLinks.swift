/// Links in the published update: which links the update draws, and with
/// level of detail on, which it draws aggregated between clusters.
///
/// The rules (exact, so a brute force reproduces them):
/// - A link is a candidate when its culling bounds, zoomed, meet the
///   culling rectangle (as `queryLinks` finds it).
/// - Level of detail off: every candidate is visible.
/// - Level of detail on: an end is drawn **one by one** when its item is in
///   the update's `visible`; **in a cluster** when it is not, its frame takes
///   part (finite, positive sides), it is small at this zoom and minimum
///   size, and its centre's cell is a published cluster's (see
///   `DetailPyramid`); otherwise it is not drawn. A candidate is visible
///   when both ends are drawn one by one; it counts toward a `ClusterLink`
///   when both are drawn and at least one is in a cluster, unless both are
///   in the same cluster (not drawn). Links whose ends are not both drawn
///   are left out.
///
/// So the cost is the candidates (the links in view) plus the clusters,
/// whatever the number of links elsewhere.
extension CanvasEngine {
    /// The positions (ascending) of the links the update over `drawn`
    /// (item positions, ascending) and `clusters` shows, and the aggregates.
    func publishedLinks(drawn: [Int], clusters: [LevelOfDetail.Cluster]) -> (positions: [Int], clusters: [ClusterLink]) {
        guard !links.isEmpty, !viewport.size.isZeroArea else { return ([], []) }
        let candidates = linkPositions(in: viewport.cullingRect)
        guard let settings = detailSettings else { return (candidates, []) }
        let zoom = self.zoom, frames = resolution.frames
        let key = DetailPyramid.levelKey(cell: settings.cell, zoom: zoom)
        let cellWidth = DetailPyramid.power(key.x), cellHeight = DetailPyramid.power(key.y)
        let sizes = DetailPyramid.Bounds(zoom: zoom, minSize: settings.minSize)
        // Each published cluster by its cell (its representative's).
        var clusterAt: [LinkCell: Int] = [:]
        clusterAt.reserveCapacity(clusters.count)
        for (index, cluster) in clusters.enumerated() {
            guard let position = resolvedPosition(of: cluster.id), position < frames.count else { continue }
            clusterAt[LinkCell(DetailPyramid.cell(of: frames[position], width: cellWidth, height: cellHeight))] = index
        }
        enum End: Equatable { case item, cluster(Int) }
        func end(_ id: UInt64) -> End? {
            guard let position = resolvedPosition(of: id), position < frames.count else { return nil }
            if Self.containsSorted(drawn, position) { return .item }
            let frame = frames[position]
            guard SpatialIndex.isIndexable(frame), !sizes.isLarge(frame),
                  let index = clusterAt[LinkCell(DetailPyramid.cell(of: frame, width: cellWidth, height: cellHeight))]
            else { return nil }
            return .cluster(index)
        }
        var visible: [Int] = []
        var counts: [LinkPair: Int] = [:]
        for position in candidates {
            let sourceID = links.source(at: position), targetID = links.target(at: position)
            guard let source = end(sourceID), let target = end(targetID) else { continue }
            switch (source, target) {
            case (.item, .item):
                visible.append(position)
            case (.cluster(let a), .cluster(let b)) where a == b:
                continue
            default:
                func named(_ end: End, _ id: UInt64) -> (UInt64, ClusterLink.EndKind) {
                    if case .cluster(let index) = end { return (clusters[index].id, .cluster) }
                    return (id, .item)
                }
                counts[LinkPair(named(source, sourceID), named(target, targetID)), default: 0] += 1
            }
        }
        var aggregated = counts.map { pair, count in
            ClusterLink(from: pair.from, fromKind: pair.fromKind, to: pair.to, toKind: pair.toKind, count: count)
        }
        aggregated.sort {
            ($0.from, $0.fromKind) != ($1.from, $1.fromKind)
                ? ClusterLink.precedes(($0.from, $0.fromKind), ($1.from, $1.fromKind))
                : ClusterLink.precedes(($0.to, $0.toKind), ($1.to, $1.toKind))
        }
        return (visible, aggregated)
    }

    /// Whether one of the moved items is an end of a link (through the
    /// culling index's end lists, which a drag keeps current).
    func movedLinkEnd(_ changes: [(id: UInt64, from: Rect, to: Rect)]) -> Bool {
        guard !links.isEmpty else { return false }
        let culling = linkCulling
        return changes.contains { !culling.positions(ofItemAt: items.index(of: $0.id)).isEmpty }
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

/// A level-of-detail cell, as a dictionary key.
struct LinkCell: Hashable {
    var row: Int
    var column: Int

    init(_ cell: (row: Int, column: Int)) {
        row = cell.row
        column = cell.column
    }
}

/// An aggregated link's two ends, the lesser first (`ClusterLink.precedes`).
struct LinkPair: Hashable {
    var from: UInt64, to: UInt64
    var fromKind: ClusterLink.EndKind, toKind: ClusterLink.EndKind

    init(_ a: (UInt64, ClusterLink.EndKind), _ b: (UInt64, ClusterLink.EndKind)) {
        let (first, second) = ClusterLink.precedes(b, a) ? (b, a) : (a, b)
        (from, fromKind, to, toKind) = (first.0, first.1, second.0, second.1)
    }
}
