/// The viewport: what is on screen, scrolling, paging and hit testing.
/// Positions here are in zoomed content coordinates, as a host sees them.
extension CanvasEngine {
    /// Sets the window size. The first time the viewport gets a size, the
    /// initial anchor decides where it opens.
    /// - Returns: the update to publish, or `nil` when nothing changed.
    /// - Throws: `CanvasError.nonFinite` when the size and the overscan
    ///   make a culling rectangle past the finite range; nothing changes.
    @discardableResult
    public func setViewportSize(_ size: Size) throws(CanvasError) -> VisibleUpdate? {
        try Viewport.checkCulling(size: size, overscan: viewport.overscan)
        resize(to: size)
        return viewportChanged()
    }

    /// Sets the whole viewport in one step and publishes at most one update:
    /// the overscan (when given), the size (the initial anchor as in
    /// `setViewportSize`), then each offset coordinate that is given, so a
    /// host that changes several at once sees one diff instead of several.
    /// - Throws: `CanvasError.nonFinite` when the size and the overscan
    ///   make a culling rectangle past the finite range; nothing changes.
    @discardableResult
    public func setViewport(size: Size, x: Double? = nil, y: Double? = nil, overscan: Double? = nil) throws(CanvasError) -> VisibleUpdate? {
        try Viewport.checkCulling(size: size, overscan: overscan.map { max(0, $0) } ?? viewport.overscan)
        if let overscan { viewport.overscan = max(0, overscan) }
        resize(to: size)
        if x != nil || y != nil {
            stopMotion()
            initialAnchorAwaitsItems = false
        }
        if let x { viewport.offset.x = x }
        if let y { viewport.offset.y = y }
        rebaseDrag()
        return viewportChanged()
    }

    private func resize(to size: Size) {
        viewport.size = size
        if !hasAppliedInitialAnchor && !size.isZeroArea {
            hasAppliedInitialAnchor = true
            viewport.offset = openingOffset
            // A free canvas with no frames yet opens on them once they come.
            initialAnchorAwaitsItems = resolvedCount == 0
        }
    }

    /// Where the viewport opens. A laid-out canvas: the initial anchor over
    /// [0, content − viewport]. A free canvas: the initial anchor over its
    /// items' bounds plus the margins (whatever the scroll extent), and on
    /// an axis where those are smaller than the window, where the content
    /// anchor puts them (centred by default), at the current zoom.
    var openingOffset: Point {
        guard editing.isFree, resolvedCount > 0 else {
            let content = contentSize, size = viewport.size
            return Point(x: max(0, content.width - size.width) * initialAnchor.x,
                         y: max(0, content.height - size.height) * initialAnchor.y)
        }
        let region = zoom.rect(freePaddedBounds), size = viewport.size, small = freeContentAnchor
        func axis(_ lower: Double, _ length: Double, _ window: Double, _ anchor: Double, _ smallAnchor: Double) -> Double {
            length >= window ? lower + (length - window) * anchor : lower - (window - length) * smallAnchor
        }
        return Point(x: axis(region.minX, region.width, size.width, initialAnchor.x, small.x),
                     y: axis(region.minY, region.height, size.height, initialAnchor.y, small.y))
    }

    /// Called when a resolution is adopted: a free canvas whose viewport got
    /// its size before it had items opens on them now, unless the host has
    /// moved the viewport since.
    func applyInitialAnchorToFirstItems() {
        guard initialAnchorAwaitsItems, editing.isFree, resolvedCount > 0, !viewport.size.isZeroArea else { return }
        initialAnchorAwaitsItems = false
        viewport.offset = openingOffset
    }

    /// Moves the window; the offset is clamped to the content. A fling or an
    /// animation in progress stops (as setting UIScrollView's offset does);
    /// a drag goes on from here.
    @discardableResult
    public func setViewportOffset(_ offset: Point) -> VisibleUpdate? {
        stopMotion()
        initialAnchorAwaitsItems = false
        viewport.offset = offset
        rebaseDrag()
        return viewportChanged()
    }

    /// Sets how far past the window items count as visible (negative is 0).
    /// - Throws: `CanvasError.nonFinite` when the overscan makes a culling
    ///   rectangle past the finite range; nothing changes.
    @discardableResult
    public func setOverscan(_ overscan: Double) throws(CanvasError) -> VisibleUpdate? {
        try Viewport.checkCulling(size: viewport.size, overscan: max(0, overscan))
        viewport.overscan = max(0, overscan)
        return viewportChanged()
    }

    /// Tells the engine the host is dragging or decelerating with physics of
    /// its own; the engine's own motion sets `isMoving` by itself.
    @discardableResult
    public func setMoving(_ moving: Bool) -> VisibleUpdate? {
        viewport.isMoving = moving
        return viewportChanged()
    }

    /// The offsets the viewport may rest at, per axis: on the content, or
    /// on a free canvas as its scroll extent says (see `scrollBounds`).
    public var scrollRanges: (x: ScrollRange, y: ScrollRange) {
        let bounds = scrollBounds
        return (ScrollRange(lower: bounds.minX, upper: bounds.maxX), ScrollRange(lower: bounds.minY, upper: bounds.maxY))
    }

    /// Scrolls so that the anchor point of `region` meets the same anchor
    /// point of the window, then clamps.
    @discardableResult
    public func scroll(toRegion region: Rect, anchor: UnitPoint) -> VisibleUpdate? {
        setViewportOffset(Viewport.offset(showing: region, at: anchor, size: viewport.size))
    }

    /// Scrolls a content point to the window's anchor point.
    @discardableResult
    public func scroll(toPoint point: Point, anchor: UnitPoint) -> VisibleUpdate? {
        scroll(toRegion: Rect(origin: point, size: .zero), anchor: anchor)
    }

    /// Scrolls to an item's frame.
    /// - Throws: `CanvasError.notFound` for an unknown id; nothing moves.
    @discardableResult
    public func scroll(toID id: UInt64, anchor: UnitPoint) throws(CanvasError) -> VisibleUpdate? {
        guard let frame = frame(of: id) else {
            throw CanvasError(.notFound, "no item has id \(id)")
        }
        return scroll(toRegion: frame, anchor: anchor)
    }

    /// Moves one page (0.85 of the window) in `direction`, clamped.
    /// - Returns: false when the window was already at that edge.
    @discardableResult
    public func page(_ direction: PageDirection) -> Bool {
        let before = viewport.offset
        let step = PageDirection.pageFraction
        var offset = before
        switch direction {
        case .left: offset.x -= viewport.size.width * step
        case .right: offset.x += viewport.size.width * step
        case .up: offset.y -= viewport.size.height * step
        case .down: offset.y += viewport.size.height * step
        }
        setViewportOffset(offset)
        return viewport.offset != before
    }

    /// Positions (data order) of the items whose zoomed frames strictly
    /// intersect `rect`, a zoomed content rectangle.
    /// - Complexity: proportional to the area covered and the result, not
    ///   to the item count; zooming changes neither the index nor this cost.
    public func query(_ rect: Rect) -> [Int] {
        guard rect.isFinite, !rect.isEmpty else { return [] }
        if editing.index != nil { return freeQuery(rect) }
        return query(rect, using: culling())
    }

    /// `query(_:)` with the index `culling()` gave, or a scan for `nil`.
    private func query(_ rect: Rect, using index: SpatialIndex?) -> [Int] {
        let zoom = self.zoom
        let cover = zoom.unzoomedCover(rect)
        let candidates = index?.query(cover) ?? SpatialIndex.scan(worldFrames, for: cover)
        guard !zoom.isIdentity else { return candidates }
        return candidates.filter { zoom.rect(worldFrame(at: $0)).intersects(rect) }
    }

    /// The ids of the items `query(_:)` finds, in data order, written to
    /// `out` when they fit in `capacity`; returns how many there are either
    /// way, so `out` nil asks the count.
    ///
    /// For the C ABI, whose callers query a screenful at a time: when `out`
    /// has room for every candidate, the index works in it directly and the
    /// positions become ids in place, so nothing is allocated and no array
    /// is copied.
    public func queryIDs(_ rect: Rect, into out: UnsafeMutablePointer<UInt64>?, capacity: Int) -> Int {
        guard rect.isFinite, !rect.isEmpty else { return 0 }
        if let out, capacity > 0, zoomScale == 1, let found = freeQueryIDs(rect, into: out, capacity: capacity) { return found }
        if editing.index != nil { return copyIDs(freeQuery(rect), into: out, capacity: capacity) }
        let index = culling()  // nil: the first query after a resolve, a scan into an array
        if let out, capacity > 0, let index {
            // An Int and a UInt64 share their bits, so the positions are
            // worked on as Ints and each turns into its id's bit pattern.
            let found = out.withMemoryRebound(to: Int.self, capacity: capacity) { positions -> Int? in
                let buffer = UnsafeMutableBufferPointer(start: positions, count: capacity)
                let zoom = self.zoom
                guard var found = index.query(zoom.unzoomedCover(rect), into: buffer) else { return nil }
                if !zoom.isIdentity {
                    found = keepZoomed(buffer, count: found, meeting: rect, zoom: zoom)
                }
                let ids = resolvedIDs
                if ids.isSequential {
                    // Ids 1…n: a position's id is one more (and positions
                    // are far from overflowing, so the loop vectorizes).
                    for slot in 0..<found { buffer[slot] &+= 1 }
                } else {
                    for slot in 0..<found { buffer[slot] = Int(bitPattern: UInt(ids[buffer[slot]])) }
                }
                return found
            }
            if let found { return found }
        }
        // No buffer, or one too small to work in: the array query, copied
        // only when every id fits.
        let positions = query(rect, using: index)
        if let out, positions.count <= capacity {
            let ids = resolvedIDs
            for (slot, position) in positions.enumerated() { out[slot] = ids[position] }
        }
        return positions.count
    }

    /// Keeps, in order, the first `count` positions in `positions` whose
    /// zoomed frames meet `rect`; returns how many.
    private func keepZoomed(
        _ positions: UnsafeMutableBufferPointer<Int>, count: Int, meeting rect: Rect, zoom: ZoomTransform
    ) -> Int {
        let frames = placement.frames, ids = resolvedIDs
        var kept = 0
        for slot in 0..<count where zoom.rect(frames[ids.slot(at: positions[slot])]).intersects(rect) {
            positions[kept] = positions[slot]
            kept += 1
        }
        return kept
    }

    /// The position of the item at a zoomed content point; where frames
    /// overlap, the last in data order wins.
    public func item(at point: Point) -> Int? {
        guard point.isFinite else { return nil }
        if editing.index != nil { return freeItem(at: point) }
        let zoom = self.zoom
        let index = culling()
        if zoom.isIdentity {
            if let index { return index.item(at: point) }
            return SpatialIndex.item(at: point, scanning: worldFrames)
        }
        // A probe with area on both axes: the index returns nothing for an
        // empty rect, and a point's cover is empty on an axis the zoom leaves alone.
        let probe = zoom.unzoomedCover(Rect(x: point.x - 1, y: point.y - 1, width: 2, height: 2))
        let candidates = index?.query(probe) ?? SpatialIndex.scan(worldFrames, for: probe)
        return candidates.last { zoom.rect(worldFrame(at: $0)).contains(point) }
    }

    /// The backdrop tiles covering the visible rectangle.
    public var visibleBackdropTiles: BackdropTiles {
        backdrop.tiles(covering: viewport.visibleRect)
    }

    /// Re-clamps the offset and publishes the visible items when they or
    /// the visible rectangle changed since the last published update, so a
    /// host that echoes the viewport back cannot loop.
    @discardableResult
    /// `edited`: the visible list an insert or a removal left (`editedVisible`), instead of a query.
    func viewportChanged(clamping: Bool = true, edited: EditedVisible? = nil) -> VisibleUpdate? {
        // A drag or a fling may hold the viewport past an edge (the rubber
        // band, the spring back); everything else keeps it on the content.
        // An edit does not clamp: it never moves what the viewport shows.
        if clamping && !motion.allowsOverscroll {
            viewport.offset = clamped(viewport.offset)
        }
        let rect = viewport.visibleRect
        // Nothing the answer depends on changed: the published one stands
        // (an idle tick costs a comparison, not a cull or a level-of-detail query).
        let inputs = publishInputs
        if edited == nil && isPublishCurrent(inputs) { return nil }
        defer { publishedInputs = inputs }
        // With level of detail on, only the items shown one by one (and the clusters).
        let (positions, clusters) = edited.map { ($0.positions, []) }
            ?? pannedPositions(since: publishedInputs).map { ($0, []) } ?? visiblePositions()
        let visible = edited?.visible ?? resolvedIDs.ids(at: positions)
        let content = contentSize, moving = isMoving
        let (linkPositions, clusterLinks) = publishedLinks(drawn: positions, clusters: clusters)
        let visibleLinks = linkPositions.map { links.id(at: $0) }
        if let last = published, last.rect == rect, last.visible == visible,
           last.contentSize == content, last.isMoving == moving, last.clusters == clusters,
           last.visibleLinks == visibleLinks, last.clusterLinks == clusterLinks {
            publishedPositions = positions  // the same items, now placed in this resolution
            publishedLinkPositions = linkPositions
            publishedLinkTable = linkTableVersion
            return nil
        }
        let previous = published?.visible ?? []
        let (appeared, disappeared) = if let edited {
            (edited.appeared, edited.disappeared)
        } else if let before = publishedPositions {
            Self.difference(positions, visible, from: before, previous)
        } else {
            Self.difference(visible, from: previous)
        }
        var update = VisibleUpdate(
            rect: rect, visible: visible, appeared: appeared, disappeared: disappeared,
            contentSize: content, isMoving: moving
        )
        update.clusters = clusters
        (update.appearedLinks, update.disappearedLinks) = linkDiff(linkPositions, visibleLinks)
        update.visibleLinks = visibleLinks
        update.clusterLinks = clusterLinks
        published = update
        publishedLinkPositions = linkPositions
        publishedLinkTable = linkTableVersion
        editing.publishCount &+= 1
        publishedPositions = positions
        return update
    }

    /// What appeared (in `now`'s order) and what disappeared (in `before`'s
    /// order) between two visible lists of the same resolution, given their
    /// positions, both ascending: one merge, no hashing. This is the diff a
    /// pan or a zoom step takes.
    static func difference(
        _ now: [Int], _ nowIDs: [UInt64], from before: [Int], _ beforeIDs: [UInt64]
    ) -> (appeared: [UInt64], disappeared: [UInt64]) {
        guard now.count == nowIDs.count, before.count == beforeIDs.count else { return difference(nowIDs, from: beforeIDs) }
        // Branch-free: each step writes both candidates where the lists
        // end and moves each end by a comparison. At a zoom step most
        // items come or go, and a branch on which list is ahead
        // mispredicted about half the time (a twelfth of a ctrl-wheel
        // frame, issue 20).
        var disappeared: [UInt64] = []
        let appeared = [UInt64](uninitializedCapacity: now.count) { appeared, appearedCount in
            disappeared = [UInt64](uninitializedCapacity: before.count) { disappeared, disappearedCount in
                now.withUnsafeBufferPointer { now in
                    before.withUnsafeBufferPointer { before in
                        nowIDs.withUnsafeBufferPointer { nowIDs in
                            beforeIDs.withUnsafeBufferPointer { beforeIDs in
                                var next = 0, old = 0, came = 0, went = 0
                                while next < now.count && old < before.count {
                                    let a = now[next], b = before[old]
                                    // came <= next and went <= old: both writes are in room.
                                    (appeared.baseAddress! + came).initialize(to: nowIDs[next])
                                    (disappeared.baseAddress! + went).initialize(to: beforeIDs[old])
                                    let isNew = a < b ? 1 : 0, isGone = b < a ? 1 : 0
                                    came &+= isNew
                                    went &+= isGone
                                    next &+= 1 &- isGone
                                    old &+= 1 &- isNew
                                }
                                while next < now.count {
                                    (appeared.baseAddress! + came).initialize(to: nowIDs[next])
                                    came &+= 1
                                    next &+= 1
                                }
                                while old < before.count {
                                    (disappeared.baseAddress! + went).initialize(to: beforeIDs[old])
                                    went &+= 1
                                    old &+= 1
                                }
                                appearedCount = came
                                disappearedCount = went
                            }
                        }
                    }
                }
            }
        }
        return (appeared, disappeared)
    }

    /// The same diff by id, for lists from different resolutions (the first
    /// publish after a resolve), whose positions cannot be compared.
    static func difference(_ now: [UInt64], from before: [UInt64]) -> (appeared: [UInt64], disappeared: [UInt64]) {
        let nowSet = Set(now), beforeSet = Set(before)
        return (now.filter { !beforeSet.contains($0) }, before.filter { !nowSet.contains($0) })
    }
}

extension Size {
    /// True when either side is zero or less.
    var isZeroArea: Bool { !(width > 0 && height > 0) }
}
