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
/// are counted for every level at once (`ClusterLinkLevels`), at the first
/// publish with level of detail on and again when the links or frames
/// change other than by an edit on a free canvas (a drag, an insert or a
/// removal of items or links, their undo and redo), which they follow.
extension CanvasEngine {
    /// The positions (ascending) of the links the update over `drawn`
    /// (item positions, ascending) and `clusters` shows, and the aggregates.
    func publishedLinks(drawn: [Int], clusters: [LevelOfDetail.Cluster]) -> (positions: [Int], clusters: [ClusterLink]) {
        guard !links.isEmpty, !viewport.size.isZeroArea else { return ([], []) }
        guard let settings = detailSettings else { return (linkPositions(in: viewport.cullingRect), []) }
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
        // Counted ahead at the first publish with level of detail on (the
        // open), so that no zoom step counts links.
        let (counts, level) = clusterLinkLevel(settings)
        guard !clusters.isEmpty else { return (visible, []) }
        let scale = zoom.scale
        let pairsHere = counts.levels[level]
        let bySlot = placement.frames
        // The published clusters' cells, row-major as the clusters come: found by binary search.
        var cells: [LinkCell] = []
        cells.reserveCapacity(clusters.count)
        for cluster in clusters {
            guard let slot = resolvedSlot(of: cluster.id), slot < bySlot.count else { cells.append(LinkCell((.min, .min))); continue }
            cells.append(LinkCell(DetailPyramid.cell(of: bySlot[slot], width: pairsHere.width, height: pairsHere.height)))
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
            guard let pairs = pairsHere.pairs[cell] else { continue }
            let here = (clusters[index].id, ClusterLink.EndKind.cluster)
            for pair in pairs {
                let count = counts.count(pair, scale: scale, frames: bySlot)
                guard count > 0 else { continue }
                let there: (UInt64, ClusterLink.EndKind)
                if pair.item >= 0 {
                    guard let position = resolvedIDs.position(ofSlot: pair.item), Self.containsSorted(drawn, position) else { continue }
                    there = (resolvedIDs[position], .item)
                } else {
                    guard let other = cluster(at: pair.cell) else { continue }
                    there = (clusters[other].id, .cluster)
                }
                let (a, b) = ClusterLink.precedes(there, here) ? (there, here) : (here, there)
                aggregated.append(ClusterLink(from: a.0, fromKind: a.1, to: b.0, toKind: b.1, count: count))
            }
        }
        aggregated.sort {
            ($0.from, $0.fromKind) != ($1.from, $1.fromKind)
                ? ClusterLink.precedes(($0.from, $0.fromKind), ($1.from, $1.fromKind))
                : ClusterLink.precedes(($0.to, $0.toKind), ($1.to, $1.toKind))
        }
        return (visible, aggregated)
    }

    /// The cluster-link counts of every level the zoom limits reach
    /// (`ClusterLinkLevels`), counted over every link once for these frames,
    /// links and settings, and the level this zoom uses, brought up to the
    /// moves since it was last used.
    func clusterLinkLevel(_ settings: DetailSettings) -> (counts: ClusterLinkLevels, level: Int) {
        let zoom = self.zoom
        let frames = placement.frames
        if var counts = builtClusterLinks, counts.inputs.generation == contentGeneration, counts.inputs.table == linkTableVersion,
           counts.inputs.axis == zoom.axis, counts.inputs.minSize == settings.minSize, counts.inputs.cell == settings.cell,
           let level = counts.level(at: zoom) {
            if counts.levels[level].synced < counts.journal.count {
                builtClusterLinks = nil  // unique while it is edited
                let culling = linkCulling
                let ids = resolvedIDs
                counts.catchUp(level, frames: frames, links: links, id: { ids.id(ofSlot: $0) }, slot: resolvedSlot(of:),
                               touching: { culling.positions(touchingItemAt: ids.position(ofSlot: $0)) })
                builtClusterLinks = counts
            }
            return (counts, level)
        }
        // The zoomed axis's exponents from the finest zoom allowed to the coarsest (and this zoom's).
        func exponent(_ scale: Double) -> Int {
            let key = DetailPyramid.levelKey(cell: settings.cell, zoom: ZoomTransform(scale: scale, axis: zoom.axis))
            return zoom.axis.zoomsX ? key.x : key.y
        }
        let here = exponent(zoom.scale)
        let exponents = Swift.min(here, exponent(zoomSettings.maximum))...Swift.max(here, exponent(zoomSettings.minimum))
        let inputs = ClusterLinkLevels.Inputs(generation: contentGeneration, table: linkTableVersion, axis: zoom.axis,
                                              minSize: settings.minSize, cell: settings.cell, exponents: exponents)
        var counts = ClusterLinkLevels(inputs: inputs, builds: (builtClusterLinks?.builds ?? 0) + 1)
        builtClusterLinks = nil
        counts.count(frames: frames, links: links, slot: resolvedSlot(of:))
        builtClusterLinks = counts
        return (counts, counts.level(at: zoom)!)
    }

    /// Whether the cluster-link counts stand for the frames and links as
    /// they are: what an edit asks before it changes them, to follow.
    var clusterLinksCurrent: Bool {
        guard let counts = builtClusterLinks else { return false }
        return counts.inputs.generation == contentGeneration && counts.inputs.table == linkTableVersion
    }

    /// After items were inserted into or removed from `slots`: they have
    /// no links then (a removal takes its items' links out first, an
    /// inserted item's come after it), so no pair counts them and the
    /// counts still stand when they stood before (`wasCurrent`); what the
    /// levels remembered of those slots goes (`ClusterLinkLevels.emptied`).
    func clusterLinksFollowItems(inSlots slots: [Int], wasCurrent: Bool) {
        guard var counts = builtClusterLinks else { return }
        builtClusterLinks = nil  // unique while it is edited
        guard wasCurrent else { return }  // counted afresh when asked
        counts.emptied(slots)
        counts.inputs.generation = contentGeneration
        counts.inputs.table = linkTableVersion
        builtClusterLinks = counts
    }

    /// After links were inserted (`adding`) or removed on a resolved free
    /// canvas, their ends standing: their contributions go into (or out of)
    /// every level, so the next publish at any level counts nothing afresh.
    func clusterLinksFollowLinks(_ edited: [Link], adding: Bool, wasCurrent: Bool) {
        guard wasCurrent, var counts = builtClusterLinks else { return }
        builtClusterLinks = nil  // unique while it is edited
        let ends = edited.map { (resolvedSlot(of: $0.source) ?? -1, resolvedSlot(of: $0.target) ?? -1) }
        counts.edit(ends, frames: placement.frames, adding: adding)
        counts.inputs.generation = contentGeneration
        counts.inputs.table = linkTableVersion
        builtClusterLinks = counts
    }

    /// After the item in `slot` moved from `from` on a free canvas:
    /// records the move in the cluster-link counts, which each level
    /// catches up with when a publish next uses it (its moved items' links
    /// only), so a drag with level of detail on costs the moved cards'
    /// links at the level in use, not a count of every link, and a zoom
    /// after it costs them once at the level it reaches. The counts are
    /// kept only when they matched the frames and links before the move
    /// (`wasCurrent`).
    func clusterLinksFollowMove(_ slot: Int, from: Rect, wasCurrent: Bool) {
        guard var counts = builtClusterLinks else { return }
        builtClusterLinks = nil  // unique while it is edited
        guard wasCurrent, slot < placement.frames.count,
              counts.moved(slot, from: from, items: resolvedCount) else { return }  // counted afresh when asked
        counts.inputs.generation = contentGeneration
        builtClusterLinks = counts
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
