/// Links between items: stored beside the items, routed from the items'
/// frames, culled through an index of their routes' bounds, and edited
/// (with undo) like items. Rectangles and points are zoomed content
/// coordinates, as `query` takes them.
///
/// Routes are worked out on the unzoomed frames and then zoomed, as a
/// drawing under React Flow's viewport transform scales: a step route's
/// offset and a curve's loop grow and shrink with the zoom, and culling by
/// a route's bounds is exact at every zoom.
extension CanvasEngine {
    /// How far a route's bounds are grown on each side for culling, in
    /// unzoomed content units: a straight horizontal or vertical link has
    /// bounds of no area, which the index (and any intersection) would miss;
    /// this is the stroke's half width.
    public static let linkCullingPad = 0.5

    /// Replaces the links.
    /// - Throws: `.invalidArgument` for a repeated link id, a link from an
    ///   item to itself, or while a batch is open; `.notFound` for an end that
    ///   names no item. Nothing changes then.
    public func setLinks(_ newLinks: [Link]) throws(CanvasError) {
        try checkNoBatch("replace the links")
        for link in newLinks { try checkEnds(link) }
        let table = try LinkTable(newLinks)
        links = table
        selectedLinks = selectedLinks.filter { table.position(of: $0) != nil }
        editing.history.clear()  // the steps name links that may be gone
        if layoutReadsLinks { layout.invalidateCache() }
        viewportChanged(clamping: false)
    }

    func checkEnds(_ link: Link) throws(CanvasError) {
        guard link.source != link.target else {
            throw CanvasError(.invalidArgument, "link \(link.id) runs from item \(link.source) to itself")
        }
        guard items.index(of: link.source) != nil else {
            throw CanvasError(.notFound, "link \(link.id) leaves item \(link.source), which is not on the canvas")
        }
        guard items.index(of: link.target) != nil else {
            throw CanvasError(.notFound, "link \(link.id) enters item \(link.target), which is not on the canvas")
        }
    }

    /// The router every route of this canvas uses: the reading direction
    /// follows the options.
    public var linkRouter: LinkRouter { LinkRouter(direction: options.direction) }

    /// The route of the link with `id`, zoomed; `nil` for an unknown id or
    /// while an end has no frame yet (before the first resolve).
    public func linkRoute(_ id: UInt64) -> LinkRoute? {
        guard let position = links.position(of: id) else { return nil }
        return zoomedRoute(at: position)
    }

    /// Copies the zoomed route of the link with `id` (`linkRoute(_:)`'s
    /// points) into `buffer` when it fits, and returns how many points it
    /// has (`nil` as `linkRoute(_:)` would be): a host's frame copies every
    /// visible route, and this builds no array.
    public func copyLinkRoute(_ id: UInt64, into buffer: UnsafeMutableBufferPointer<Point>) -> Int? {
        guard let position = links.position(of: id) else { return nil }
        let link = links[position]
        guard let source = resolvedSlot(of: link.source), let target = resolvedSlot(of: link.target) else { return nil }
        if layeredBends != nil {  // a route through bends can run past six points
            guard let route = zoomedRoute(at: position) else { return nil }
            if route.points.count <= buffer.count { for (k, p) in route.points.enumerated() { buffer[k] = p } }
            return route.points.count
        }
        var path = StepPath()
        _ = linkRouter.routePath(style: link.style, sourceSide: link.sourceSide, targetSide: link.targetSide,
                                 from: placement.frames[source], to: placement.frames[target], into: &path)
        guard path.count <= buffer.count else { return path.count }
        let zoom = self.zoom
        for k in 0..<path.count { buffer[k] = zoom.point(path[k]) }
        return path.count
    }

    /// The route of the link at `position`, zoomed.
    func zoomedRoute(at position: Int) -> LinkRoute? {
        guard var route = unzoomedRoute(at: position) else { return nil }
        let zoom = self.zoom
        if !zoom.isIdentity {
            for i in route.points.indices { route.points[i] = zoom.point(route.points[i]) }
        }
        return route
    }

    /// The route of the link at `position` on the unzoomed frames.
    func unzoomedRoute(at position: Int, router: LinkRouter? = nil) -> LinkRoute? {
        let link = links[position]
        guard let source = resolvedSlot(of: link.source), let target = resolvedSlot(of: link.target) else { return nil }
        if let bent = routeThroughBends(at: position, sourceSlot: source, targetSlot: target) { return bent }
        return (router ?? linkRouter).route(link, from: placement.frames[source], to: placement.frames[target])
    }

    /// The culling bounds of the link at `position` on the unzoomed frames
    /// (as `unzoomedRoute(at:).map(cullingBounds(of:))`), without building
    /// the route unless it runs through a layered layout's bends.
    func unzoomedCullingBounds(at position: Int, router: LinkRouter) -> Rect? {
        let link = links[position]
        guard let source = resolvedSlot(of: link.source), let target = resolvedSlot(of: link.target) else { return nil }
        if let bent = routeThroughBends(at: position, sourceSlot: source, targetSlot: target) { return Self.cullingBounds(of: bent) }
        return Self.padded(router.routeBounds(link, from: placement.frames[source], to: placement.frames[target]))
    }

    /// A route's bounds grown by `linkCullingPad`: what the culling index
    /// holds and what a query meets.
    static func cullingBounds(of route: LinkRoute) -> Rect { padded(route.bounds) }

    static func padded(_ b: Rect) -> Rect {
        let pad = linkCullingPad
        return Rect(x: b.x - pad, y: b.y - pad, width: b.width + 2 * pad, height: b.height + 2 * pad)
    }

    /// The culling index over the links' routes, built when first asked
    /// after the frames or the links changed.
    var linkCulling: LinkCulling {
        if let built = builtLinkCulling, built.generation == contentGeneration, built.direction == options.direction {
            return built
        }
        let router = linkRouter
        var bounds = [Rect](repeating: Rect(x: 0, y: 0, width: 0, height: 0), count: links.count)
        for position in 0..<links.count {
            if let b = unzoomedCullingBounds(at: position, router: router) { bounds[position] = b }
        }
        // Each item's links, by the item's position (4 bytes a link each
        // end, 4 an item): a moved or drawn card finds its links directly.
        let itemCount = resolvedCount
        var endStart = [Int32](repeating: 0, count: itemCount + 1)
        func item(_ id: UInt64) -> Int? { resolvedPosition(of: id).flatMap { $0 < itemCount ? $0 : nil } }
        for position in 0..<links.count {
            if let s = item(links.source(at: position)) { endStart[s + 1] += 1 }
            if let t = item(links.target(at: position)) { endStart[t + 1] += 1 }
        }
        for i in 0..<itemCount { endStart[i + 1] += endStart[i] }
        var endLinks = [Int32](repeating: 0, count: Int(endStart[itemCount]))
        var next = endStart
        for position in 0..<links.count {  // link order within each item
            if let s = item(links.source(at: position)) { endLinks[Int(next[s])] = Int32(position); next[s] += 1 }
            if let t = item(links.target(at: position)) { endLinks[Int(next[t])] = Int32(position); next[t] += 1 }
        }
        let built = LinkCulling(generation: contentGeneration, direction: options.direction,
                                grid: LinkGrid(bounds: bounds), endStart: endStart, endLinks: endLinks)
        builtLinkCulling = built
        return built
    }

    /// Positions (ascending) of the links whose culling bounds, zoomed, meet `rect`.
    func linkPositions(in rect: Rect) -> [Int] {
        guard rect.isFinite, !rect.isEmpty, !links.isEmpty else { return [] }
        let culling = linkCulling
        let zoom = self.zoom
        let cover = zoom.unzoomedCover(rect)
        let router = linkRouter
        // The exact bounds, recomputed from the frames as the build computed
        // them: asked only for a link whose rounded bounds lie at the edge.
        func meets(_ bounds: Rect) -> Bool {
            zoom.isIdentity ? bounds.intersects(rect) : zoomedCullingBounds(bounds, zoom).intersects(rect)
        }
        var candidates = culling.grid.query(rect, cover: cover, zoom: zoom) { position in
            unzoomedCullingBounds(at: position, router: router).map(meets) ?? false
        }
        if !culling.moved.isEmpty {
            // Routes re-routed since the build answer from their new bounds.
            candidates.removeAll { culling.moved[$0] != nil }
            for (position, bounds) in culling.moved where SpatialIndex.isIndexable(bounds) && meets(bounds) {
                candidates.append(position)
            }
            candidates.sort()
        }
        return candidates
    }

    /// After the items `ids` moved on a free canvas: re-routes only their
    /// links in the culling index (kept beside it until too many have
    /// moved), so a drag costs its cards' links, not every link; a link
    /// between two of them once. `wasCurrent` says whether the index matched
    /// the frames before the moves. (The cluster-link counts follow on their
    /// own: `clusterLinksFollowMove`.)
    func linkEndsMoved(_ ids: [UInt64], wasCurrent: Bool) {
        guard var culling = builtLinkCulling else { return }
        guard wasCurrent else { builtLinkCulling = nil; return }
        builtLinkCulling = nil  // unique while it is edited
        let router = linkRouter
        var touched: [Int32] = []
        touched.reserveCapacity(2 * ids.count)
        for id in ids { touched.append(contentsOf: culling.positions(touchingItemAt: resolvedPosition(of: id))) }
        touched.sort()  // neighbours' links lie in runs: nearly sorted
        var last: Int32 = -1
        for link in touched where link != last {
            last = link
            let position = Int(link)
            culling.moved[position] = unzoomedCullingBounds(at: position, router: router) ?? Rect(x: 0, y: 0, width: 0, height: 0)
        }
        guard culling.moved.count <= max(4096, links.count / 16) else { return }  // rebuilt when next asked
        culling.generation = contentGeneration
        builtLinkCulling = culling
    }

    /// The content generation moved on with the frames unchanged (the free
    /// canvas's bounds settled): the culling index and the cluster-link
    /// counts, each when current until then (`culling`, `clusters`), still are.
    func linkCachesFollowGeneration(culling: Bool, clusters: Bool) {
        if culling { builtLinkCulling?.generation = contentGeneration }
        if clusters { builtClusterLinks?.inputs.generation = contentGeneration }
    }

    /// Unzoomed culling bounds zoomed exactly (routes are zoomed unrounded).
    func zoomedCullingBounds(_ b: Rect, _ zoom: ZoomTransform) -> Rect {
        let x = zoom.position(b.x, axis: .horizontal), y = zoom.position(b.y, axis: .vertical)
        return Rect(x: x, y: y, width: zoom.position(b.x + b.width, axis: .horizontal) - x,
                    height: zoom.position(b.y + b.height, axis: .vertical) - y)
    }

    /// The ids of the links whose routes (their bounds, grown by
    /// `linkCullingPad`) meet `rect`, in link order.
    public func queryLinks(_ rect: Rect) -> [UInt64] {
        linkPositions(in: rect).map { links.id(at: $0) }
    }

    /// The links the published update draws one by one, in link order
    /// (`VisibleUpdate.visibleLinks`): those in the viewport's culling
    /// rectangle (visible area and overscan); with level of detail on, those
    /// whose two ends are drawn one by one (CanvasEngine+PublishedLinks.swift).
    public var visibleLinks: [UInt64] { published?.visibleLinks ?? [] }

    /// The published update's aggregated links (`VisibleUpdate.clusterLinks`).
    public var clusterLinks: [ClusterLink] { published?.clusterLinks ?? [] }

    /// The hit rule for links: the topmost link (last in link order) whose
    /// drawn route passes within `hitSlop` screen points of `point`.
    public func hitTestLink(at point: Point) -> UInt64? {
        guard point.isFinite else { return nil }
        let slop = Self.hitSlop
        let probe = Rect(x: point.x - slop, y: point.y - slop, width: 2 * slop, height: 2 * slop)
        for position in linkPositions(in: probe).reversed() {
            if let route = zoomedRoute(at: position), route.distance(to: point) <= slop { return links.id(at: position) }
        }
        return nil
    }

    /// The links as a graph layout reads them: item positions, in link
    /// order, with their ids (a host's layout is handed them).
    public var graphLinks: GraphLinks {
        var sources: [Int] = [], targets: [Int] = [], ids: [UInt64] = []
        sources.reserveCapacity(links.count)
        targets.reserveCapacity(links.count)
        ids.reserveCapacity(links.count)
        for position in 0..<links.count {
            guard let s = items.index(of: links.source(at: position)), let t = items.index(of: links.target(at: position)) else { continue }
            sources.append(s)
            targets.append(t)
            ids.append(links.id(at: position))
        }
        return GraphLinks(sources: sources, targets: targets, ids: ids)
    }

    /// Whether the current layout is told the links (every layout is; a
    /// layout's cache is let go when they change, so it reads them afresh).
    var layoutReadsLinks: Bool { true }

    // MARK: Editing

    /// Inserts links before the link `before` (at the end when `nil`), as
    /// one undo step.
    /// - Throws: `.invalidArgument` for an id already used or given twice, or
    ///   a link from an item to itself; `.notFound` for an unknown end or `before`.
    @discardableResult
    public func insertLinks(_ newLinks: [Link], before: UInt64? = nil) throws(CanvasError) -> VisibleUpdate? {
        try checkNoDrag()
        var seen = Set<UInt64>()
        for link in newLinks {
            try checkEnds(link)
            guard links.position(of: link.id) == nil else {
                throw CanvasError(.invalidArgument, "cannot insert link id \(link.id): a link already has it")
            }
            guard seen.insert(link.id).inserted else {
                throw CanvasError(.invalidArgument, "duplicate link id \(link.id) among the inserted links")
            }
        }
        var start = links.count
        if let before {
            guard let found = links.position(of: before) else {
                throw CanvasError(.notFound, "cannot insert before link id \(before): no link has it")
            }
            start = found
        }
        guard !newLinks.isEmpty else { return nil }
        let placed = PlacedLinks(positions: Array(start..<(start + newLinks.count)), links: newLinks)
        return try editLinks(.insertLinks(placed))
    }

    /// Removes links by id, as one undo step.
    /// - Throws: `.notFound` for an unknown id, `.invalidArgument` for one given twice.
    @discardableResult
    public func removeLinks(_ ids: [UInt64]) throws(CanvasError) -> VisibleUpdate? {
        try checkNoDrag()
        var seen = Set<UInt64>()
        for id in ids {
            guard links.position(of: id) != nil else { throw CanvasError(.notFound, "cannot remove link id \(id): no link has it") }
            guard seen.insert(id).inserted else { throw CanvasError(.invalidArgument, "cannot remove link id \(id) twice in one edit") }
        }
        guard !ids.isEmpty else { return nil }
        return try editLinks(.removeLinks(links.placed(at: ids.map { links.position(of: $0)! }.sorted())))
    }

    /// Runs one link primitive as an edit step of its own (or into the open batch).
    private func editLinks(_ primitive: Primitive) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        return try edit { () throws(CanvasError) in perform(primitive) }
    }

    /// Records the removal of the links touching `ids`, which are about to
    /// be removed, into the open edit (so undo brings them back).
    func removeLinks(touching ids: [UInt64]) {
        guard !links.isEmpty else { return }
        let positions = links.positions(touching: Set(ids))
        if !positions.isEmpty { perform(.removeLinks(links.placed(at: positions))) }
    }

    /// Applies a link primitive (from an edit, undo or redo). On a resolved
    /// free canvas the cluster-link counts take the edited links
    /// (`clusterLinksFollowLinks`): an edit's share, not a count of every link.
    func applyLinks(_ primitive: Primitive) {
        let follows = editing.isFree && editing.index != nil && clusterLinksCurrent
        switch primitive {
        case .insertLinks(let placed):
            links.insert(placed)
            if follows { clusterLinksFollowLinks(placed.links, adding: true, wasCurrent: true) }
        case .removeLinks(let placed):
            links.remove(placed)
            if !selectedLinks.isEmpty { for link in placed.links { selectedLinks.remove(link.id) } }
            if follows { clusterLinksFollowLinks(placed.links, adding: false, wasCurrent: true) }
        default: return
        }
        if layoutReadsLinks && !editing.isFree { layout.invalidateCache() }
    }

    /// Drops the links whose ends left with a new item list.
    func forgetLinksOfGoneItems() {
        guard !links.isEmpty else { return }
        let kept = links.links.filter { items.index(of: $0.source) != nil && items.index(of: $0.target) != nil }
        if kept.count != links.count { links = (try? LinkTable(kept)) ?? .empty }
        if !selectedLinks.isEmpty { selectedLinks = selectedLinks.filter { links.position(of: $0) != nil } }
    }
}

/// The culling index over link routes, and what it was built from.
struct LinkCulling {
    var generation: UInt64
    var direction: LayoutDirection
    var grid: LinkGrid
    /// The links of the item at each position: `endLinks[endStart[p] ..< endStart[p + 1]]`.
    var endStart: [Int32]
    var endLinks: [Int32]
    /// Routes moved since the build, by link position: their bounds now.
    var moved: [Int: Rect] = [:]

    /// The positions of the links with an end at the item at `position` (none for nil).
    func positions(touchingItemAt position: Int?) -> ArraySlice<Int32> {
        guard let position, position + 1 < endStart.count else { return [] }
        return endLinks[Int(endStart[position])..<Int(endStart[position + 1])]
    }
}
