/// Hit testing that follows the published level of detail (issue 22 item 6),
/// and how many of a cluster's items are selected.

/// What a press at a point takes.
public enum Hit: Hashable, Sendable {
    /// An item drawn on its own.
    case item(UInt64)
    /// A published cluster: no item under it is drawn, so none is hit.
    case cluster(LevelOfDetail.Cluster)
}

/// `CanvasEngine.publishedClusters`' last count, and what it was counted at.
struct CountedClusters {
    var publishCount: UInt64
    var selectionVersion: UInt64
    var clusters: [LevelOfDetail.Cluster]
}

extension CanvasEngine {
    /// The one hit rule (`hitTest(at:)`'s), over what is drawn. Without level
    /// of detail, or before anything is published, every item takes part.
    /// With level of detail on, only what the last published update holds:
    /// first its items shown one by one (topmost first, then within
    /// `hitSlop` screen points), then its clusters by the same rule (last
    /// in row-major order first), so a press never takes an item that is
    /// drawn inside a cluster. A cluster comes back with `selected` counted.
    public func hit(at point: Point) -> Hit? {
        guard point.isFinite else { return nil }
        guard detailSettings != nil, let published else { return anyItemHit(at: point).map(Hit.item) }
        let slop = Self.hitSlop
        let probe = Rect(x: point.x - slop, y: point.y - slop, width: 2 * slop, height: 2 * slop)
        if !published.visible.isEmpty {
            let zoom = self.zoom, ids = resolvedIDs
            // Ascending positions meeting the probe: the last drawn one is the topmost.
            let candidates = query(probe).filter { isDrawn($0, ids[$0], in: published) }
            if let position = candidates.last(where: { zoom.rect(worldFrame(at: $0)).contains(point) }) ?? candidates.last {
                return .item(ids[position])
            }
        }
        let clusters = published.clusters
        guard let found = clusters.last(where: { $0.bounds.contains(point) })
            ?? clusters.last(where: { $0.bounds.intersects(probe) }) else { return nil }
        return .cluster(publishedClusters(counting: [found])[0])
    }

    /// Whether the item at `position` (its id `id`) is one the published
    /// update draws on its own. Looked up in the published answer, not
    /// hashed into a set per press (issue 20: a set of every drawn id took
    /// 430–975 µs a press at 200,000 cards): a binary search of the
    /// published positions (ascending, one per visible id), confirmed by the
    /// id there; a scan of the ids when those positions are not at hand or
    /// name another item.
    func isDrawn(_ position: Int, _ id: UInt64, in published: VisibleUpdate) -> Bool {
        let visible = published.visible
        if let positions = publishedPositions, positions.count == visible.count {
            var low = 0, high = positions.count
            while low < high {
                let middle = (low + high) / 2
                if positions[middle] < position { low = middle + 1 } else { high = middle }
            }
            guard low < positions.count, positions[low] == position else { return false }
            if visible[low] == id { return true }
        }
        return visible.contains(id)
    }

    /// The hit rule over every item, drawn or not.
    func anyItemHit(at point: Point) -> UInt64? {
        if let position = item(at: point) { return resolvedIDs[position] }
        let slop = Self.hitSlop
        let probe = Rect(x: point.x - slop, y: point.y - slop, width: 2 * slop, height: 2 * slop)
        return query(probe).last.map { resolvedIDs[$0] }
    }

    /// The last published update's clusters with `selected` counted as the
    /// selection is now. Counted when read rather than republished on every
    /// selection change: O(clusters + selected items) for the first read
    /// after a publish or a selection change, O(clusters) for the next ones
    /// (a host reads them every frame; 200,000 selected items took about a
    /// second per count in a debug build).
    public var publishedClusters: [LevelOfDetail.Cluster] {
        let clusters = published?.clusters ?? []
        let key = (editing.publishCount, editing.selectionVersion)
        // The clusters too: a rolled-back transaction restores an older update under a later count.
        if let counted = countedClusters, counted.publishCount == key.0, counted.selectionVersion == key.1,
           counted.clusters.count == clusters.count,
           zip(counted.clusters, clusters).allSatisfy({ $0.id == $1.id && $0.count == $1.count && $0.bounds == $1.bounds }) {
            return counted.clusters
        }
        let answer = publishedClusters(counting: clusters)
        countedClusters = CountedClusters(publishCount: key.0, selectionVersion: key.1, clusters: answer)
        return answer
    }

    /// `clusters`, taken from the published update, with `selected` counted.
    func publishedClusters(counting clusters: [LevelOfDetail.Cluster]) -> [LevelOfDetail.Cluster] {
        guard let settings = detailSettings else { return clusters }
        return countingSelected(clusters, minSize: settings.minSize, cell: settings.cell)
    }

    /// Fills each cluster's `selected`: the selected small items whose
    /// centre lies in the cluster's cell (`DetailPyramid`'s rules at this
    /// zoom, `minSize` and `cell`; the cell is the one holding the cluster's
    /// first item).
    func countingSelected(_ clusters: [LevelOfDetail.Cluster], minSize: Double, cell: Double) -> [LevelOfDetail.Cluster] {
        var clusters = clusters
        for slot in clusters.indices { clusters[slot].selected = 0 }
        guard !clusters.isEmpty, !selected.isEmpty else { return clusters }
        let zoom = self.zoom, frames = placement.frames
        let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
        let width = DetailPyramid.power(key.x), height = DetailPyramid.power(key.y)
        let sx = zoom.scalesX ? zoom.scale : 1, sy = zoom.scalesY ? zoom.scale : 1
        struct Cell: Hashable { var row: Int, column: Int }
        func cellOf(_ frame: Rect) -> Cell {
            let (row, column) = DetailPyramid.cell(of: frame, width: width, height: height)
            return Cell(row: row, column: column)
        }
        var slots: [Cell: Int] = [:]
        slots.reserveCapacity(clusters.count)
        for (slot, cluster) in clusters.enumerated() {
            guard let kept = resolvedSlot(of: cluster.id) else { continue }
            slots[cellOf(frames[kept])] = slot
        }
        for id in selected {
            guard let kept = resolvedSlot(of: id) else { continue }
            let frame = frames[kept]
            // Large items and frames that never take part are in no cluster.
            guard SpatialIndex.isIndexable(frame), !(frame.width * sx >= minSize && frame.height * sy >= minSize),
                  let slot = slots[cellOf(frame)] else { continue }
            clusters[slot].selected += 1
        }
        return clusters
    }
}
