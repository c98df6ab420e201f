/// The free layout: items carry their own frames, in world coordinates.
///
/// A free canvas is not normalized, mirrored or anchored: the frames the
/// engine hands out are the items' own (zoomed), negative coordinates
/// included. Its content bounds are the union of the frames, its content
/// size that union plus the margins. Its index is an `EditableIndex`, which
/// edits update where they stand instead of rebuilding.
extension CanvasEngine {
    /// Whether the layout is `free`.
    public var isFreeLayout: Bool { editing.isFree }

    /// Switches to the free layout. Items keep the frames they have now
    /// (so freezing a flow keeps its picture); items without a frame sit at
    /// (0, 0) with their size. Takes effect at the next `resolve()`.
    public func setLayoutFree() {
        editing.isFree = true
        followDefaultZoomAxis()
    }

    /// Replaces the items with ones that carry their own frames, and switches
    /// to the free layout. Setting items resets the zoom to 1 and clears the
    /// undo history.
    /// - Parameters:
    ///   - frames: one per item, in data order, in world coordinates.
    ///   - ids: one per item, or `nil` for 1…count.
    /// - Throws: `CanvasError.nonFinite` for a frame with NaN or an
    ///   infinity, `.invalidArgument` for a negative width or height, a
    ///   count mismatch, a duplicate id, or a batch open; nothing changes.
    @discardableResult
    public func setItemFrames(_ frames: [Rect], ids: [UInt64]? = nil) throws(CanvasError) -> [ZoomEvent] {
        for (index, frame) in frames.enumerated() { try Self.checkFrame(frame, "item \(index)") }
        // Kept with room to grow: a paste of new cards then copies neither.
        let sizes = [Size].large(count: frames.count, room: [Size].roomToGrow(frames.count)) { buffer in
            for index in frames.indices { (buffer.baseAddress! + index).initialize(to: frames[index].size) }
        }
        let list = try ItemList(sizes: sizes, ids: ids)
        let events = try setItems(list)
        editing.isFree = true
        editing.pendingFrames = .withRoom(frames)
        followDefaultZoomAxis()
        return events
    }

    static func checkFrame(_ frame: Rect, _ what: @autoclosure () -> String) throws(CanvasError) {
        guard frame.isFinite else {
            throw CanvasError(.nonFinite, "\(what()) has a frame that is not finite: \(Resolver.describe(frame))")
        }
        guard frame.width >= 0, frame.height >= 0 else {
            throw CanvasError(.invalidArgument, "\(what()) has a negative size: \(Resolver.describe(frame))")
        }
    }

    /// The scroll extent of a free canvas (`unbounded` unless set).
    public var scrollExtent: ScrollExtent { editing.scrollExtent }

    /// Sets how far a free canvas scrolls, and re-clamps the viewport.
    @discardableResult
    public func setScrollExtent(_ extent: ScrollExtent) -> VisibleUpdate? {
        editing.scrollExtent = extent
        return viewportChanged()
    }

    /// The offsets the viewport may take (zoomed content coordinates).
    /// Laid-out canvases scroll over [0, max(0, content − viewport)]; a free
    /// one anywhere (`unbounded`) or over its frames' union plus margins
    /// (`content`; an axis where that is smaller than the window rests
    /// where `content_anchor` puts it). Every offset the engine sets is
    /// clamped to these.
    public var scrollBounds: ScrollBounds { scrollBounds(at: zoom) }

    /// `scrollBounds` as they will be under `zoom` (a zoom to fit clamps
    /// its target by the bounds at the scale it ends at).
    func scrollBounds(at zoom: ZoomTransform) -> ScrollBounds {
        guard editing.isFree, editing.index != nil else {
            return .content(zoom.size(placement.contentSize), viewport: viewport.size)
        }
        switch editing.scrollExtent {
        case .unbounded:
            return .unbounded
        case .content:
            return .region(zoom.rect(freePaddedBounds), viewport: viewport.size, anchor: freeContentAnchor)
        }
    }

    /// A free canvas's items' union plus the margins, unzoomed: what it
    /// opens on, fits and (with the `content` extent) scrolls over.
    var freePaddedBounds: Rect {
        let margins = options.margins
        let world = placement.contentBounds
        return Rect(x: world.x - margins.left(in: options.direction), y: world.y - margins.top,
                    width: world.width + margins.horizontal, height: world.height + margins.vertical)
    }

    /// Where content smaller than the window sits on a free canvas: the
    /// content anchor, mirrored right to left as the resolver mirrors it.
    var freeContentAnchor: UnitPoint {
        let anchor = options.contentAnchor
        return options.direction == .rightToLeft ? UnitPoint(x: 1 - anchor.x, y: anchor.y) : anchor
    }

    /// Lays out a free canvas: the items' own frames, checked, then the
    /// union, the content size and a fresh index (the bulk path).
    @discardableResult
    func resolveFree() throws(CanvasError) -> VisibleUpdate? {
        let frames = try freeFrames()
        let bounds = try Resolver.clusterBounds(of: frames)
        editing.pendingFrames = nil
        editing.index = EditableIndex(frames: frames, ids: items.ids)
        editing.boundsStale = false
        return adopt(Resolution(frames: frames, contentSize: freeContentSize(bounds), contentBounds: bounds))
    }

    private func freeContentSize(_ bounds: Rect) -> Size {
        Size(width: bounds.width + options.margins.horizontal, height: bounds.height + options.margins.vertical)
    }

    /// The frames a free resolve starts from: those given, else the current
    /// ones (by id), sized as the items are now.
    private func freeFrames() throws(CanvasError) -> [Rect] {
        let sizes = currentSizes()
        if let pending = editing.pendingFrames, pending.count == items.count { return pending }
        if resolvedIDs == items.ids {
            var frames = worldFrames
            for index in frames.indices where frames[index].size != sizes[index] {
                frames[index] = Rect(origin: frames[index].origin, size: sizes[index])
            }
            return frames
        }
        var known: [UInt64: Point] = [:]
        for (id, frame) in zip(resolvedIDs, worldFrames) { known[id] = frame.origin }
        return items.ids.enumerated().map { position, id in
            Rect(origin: known[id] ?? .zero, size: sizes[position])
        }
    }

    /// Called by `setLayout`: a laid-out canvas has no free index.
    func leaveFreeLayout() {
        guard editing.isFree else { return }
        editing.isFree = false
        editing.index = nil
        editing.pendingFrames = nil
        editing.history.clear()
        followDefaultZoomAxis()
    }

    /// Called by `setItems`: the history, any gesture and the free index
    /// refer to the old items. Until the next resolve, queries answer from
    /// the last resolution (as on a laid-out canvas), never from an index
    /// over items that are gone.
    func itemsReplaced() {
        editing.index = nil
        editing.boundsStale = false
        editing.history.clear()
        editing.gesture = nil
        editing.pendingFrames = nil
        if let focused = editing.focused, items.index(of: focused) == nil { editing.focused = nil }
    }

    // MARK: Queries on a free canvas

    /// Positions (ascending) of the items whose frames meet `rect`, in unzoomed coordinates.
    func worldQuery(_ rect: Rect) -> [Int] {
        if let index = editing.index {
            // On a resolved free canvas the items and the frames stand in the same order.
            // The frames by slot, the answer by position (the same until an order edit).
            let items = self.items, frames = placement.frames
            return index.positions(in: rect, frame: { frames[items.slot(of: $0)!] }) { items.index(of: $0)! }
        }
        return index.query(rect)
    }

    /// `worldQuery` by slot (ascending), for the level-of-detail pyramid,
    /// which numbers items by slot.
    func worldQuerySlots(_ rect: Rect) -> [Int] {
        guard resolvedIDs.hasOrder else { return worldQuery(rect) }
        if let index = editing.index {
            let items = self.items
            return index.positions(in: rect, frames: placement.frames) { items.slot(of: $0)! }
        }
        return resolvedIDs.slots(at: index.query(rect)).sorted()
    }

    /// `query(_:)` on a free canvas.
    func freeQuery(_ rect: Rect) -> [Int] {
        let zoom = self.zoom
        let candidates = worldQuery(zoom.unzoomedCover(rect))
        guard !zoom.isIdentity else { return candidates }
        return candidates.filter { zoom.rect(worldFrame(at: $0)).intersects(rect) }
    }

    /// `item(at:)` on a free canvas: the last in data order under the point.
    func freeItem(at point: Point) -> Int? {
        let zoom = self.zoom
        let probe = zoom.unzoomedCover(Rect(x: point.x - 0.5, y: point.y - 0.5, width: 1, height: 1))
        return worldQuery(probe).last { zoom.rect(worldFrame(at: $0)).contains(point) }
    }

    /// The ids at `positions`, written to `out` when they fit; returns how many.
    func copyIDs(_ positions: [Int], into out: UnsafeMutablePointer<UInt64>?, capacity: Int) -> Int {
        if let out, positions.count <= capacity {
            for (slot, position) in positions.enumerated() { out[slot] = resolvedIDs[position] }
        }
        return positions.count
    }

    /// Publishes after items moved or resized (and nothing else changed):
    /// when none of them entered or left the culling rectangle and the
    /// content size stayed, the visible list is the same and nothing is
    /// published, without a query; otherwise the full publish. With level
    /// of detail on, any change near the culling rectangle publishes.
    /// - Complexity: O(moved items) on the quick path.
    func publishAfterMoves(_ changes: [(id: UInt64, from: Rect, to: Rect)]) -> VisibleUpdate? {
        settleFreeBounds()
        guard let last = published, publishedPositions != nil, !viewport.size.isZeroArea,
              last.rect == viewport.visibleRect, last.contentSize == contentSize, last.isMoving == isMoving
        else { return publishAfterEdit(reordered: false) }
        // A moved end re-routes its links, which may enter or leave the view
        // wherever the cards stand: publish afresh when a moved card has links.
        if movedLinkEnd(changes) { return publishAfterEdit(reordered: false) }
        let culling = viewport.cullingRect
        let zoom = self.zoom
        if let settings = detailSettings {
            // Level of detail: a move anywhere near the screen can change a
            // cluster or take an item across min_size (issue 21). Covered
            // cells reach less than 2 · cell screen points past the culling
            // rectangle, and an item's centre lies in its frame.
            let reach = 2 * settings.cell
            let near = Rect(x: culling.x - reach, y: culling.y - reach,
                            width: culling.width + 2 * reach, height: culling.height + 2 * reach)
            for change in changes {
                if Self.meets(change.from, near, zoom) || Self.meets(change.to, near, zoom) {
                    return publishAfterEdit(reordered: false)
                }
            }
            return nil
        }
        for change in changes {
            if Self.meets(change.from, culling, zoom) != Self.meets(change.to, culling, zoom) { return publishAfterEdit(reordered: false) }
        }
        return nil
    }

    /// Whether a query over `rect` (zoomed) finds an item of unzoomed
    /// `frame`: the rule the publishes that skip the query follow.
    static func meets(_ frame: Rect, _ rect: Rect, _ zoom: ZoomTransform) -> Bool {
        SpatialIndex.isIndexable(frame) && zoom.rect(frame).intersects(rect)
    }

    /// The union of the frames again, when an edit left it stale.
    func settleFreeBounds() {
        guard editing.boundsStale else { return }
        editing.boundsStale = false
        let linksCurrent = builtLinkCulling?.generation == contentGeneration, clustersCurrent = clusterLinksCurrent
        // In data order: a dead slot's zero frame is no item's.
        let bounds = (try? Resolver.clusterBounds(of: worldFrames)) ?? .zero
        placement.contentBounds = bounds
        placement.contentSize = freeContentSize(bounds)
        linkCachesFollowGeneration(culling: linksCurrent, clusters: clustersCurrent)  // routes and cluster links do not depend on the bounds
    }

    /// Grows the union over `frame`, or marks it stale when `old` touched its edge.
    func updateFreeBounds(removing old: Rect?, adding new: Rect?) {
        var bounds = placement.contentBounds
        // With a little slack: the union's far edge is x + width, which may
        // round an ulp past the frame's own; marking stale too often is safe.
        func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * Swift.max(1, abs(b)) }
        if let old, resolvedCount > 0,
           old.minX <= bounds.minX || old.minY <= bounds.minY || old.maxX >= bounds.maxX || old.maxY >= bounds.maxY
            || near(old.maxX, bounds.maxX) || near(old.maxY, bounds.maxY) || near(old.minX, bounds.minX) || near(old.minY, bounds.minY) {
            editing.boundsStale = true
        }
        if let new {
            bounds = resolvedCount <= 1 && old == nil ? new : bounds.union(new)
            placement.contentBounds = bounds
            placement.contentSize = freeContentSize(bounds)
        }
        if resolvedCount == 0 { editing.boundsStale = true }
    }
}

extension CanvasEngine {
    /// `queryIDs` on a free canvas at zoom 1 with a buffer (nil without a
    /// free index): the index writes
    /// the ids straight into `out` and they are put in data order there, so
    /// a screenful allocates nothing and is never copied (issue 20: the
    /// array of positions, the position of each id and the copy back were
    /// a third of a viewport query's instructions on clustered data). With
    /// ids 1…n in data order the ids sort as their positions do; otherwise
    /// each becomes its position in place, and its id again once sorted.
    func freeQueryIDs(_ rect: Rect, into out: UnsafeMutablePointer<UInt64>, capacity: Int) -> Int? {
        // The frames are read only for the oversized list and near the
        // rectangle's edges. With ids 1…n an id's slot is the id less one,
        // so the closure holds the frames alone: no dynamic exclusivity
        // check on the engine's properties at each read, and no copy of
        // the item list (whose copy is an outlined value-witness call).
        let sequential = idsAreSequential
        let found: Int? = if sequential {
            Self.inPlace(&editing.index) { index in
                let frames = self.placement.frames
                return index.ids(in: rect, frame: { frames[Int(truncatingIfNeeded: $0 &- 1)] }, into: out, capacity: capacity)
            }
        } else {
            Self.inPlace(&editing.index) { index in
                index.ids(in: rect, frame: { self.placement.frames[self.items.slot(of: $0)!] }, into: out, capacity: capacity)
            }
        }
        guard let found else { return nil }
        guard found <= capacity, found > 1 else { return found }
        out.withMemoryRebound(to: Int.self, capacity: found) { positions in
            let buffer = UnsafeMutableBufferPointer(start: positions, count: found)
            if sequential {
                // Ids 1…n (far below Int.max): in data order as they are.
                sortRuns(buffer)
                return
            }
            let items = self.items, ids = resolvedIDs
            for slot in 0..<found { buffer[slot] = items.index(of: UInt64(bitPattern: Int64(buffer[slot])))! }
            sortRuns(buffer)
            for slot in 0..<found { buffer[slot] = Int(bitPattern: UInt(ids[buffer[slot]])) }
        }
        return found
    }

    /// `body` with the engine's own free index, nil without one. Binding
    /// `editing.index` with `if let` copies it (an outlined value-witness
    /// copy: five retains and five releases a query, issue 20), where an
    /// inout access lends the stored one; `body` only reads it.
    @inline(__always)
    private static func inPlace<Result>(_ index: inout EditableIndex?, _ body: (inout EditableIndex) -> Result) -> Result? {
        guard index != nil else { return nil }
        return body(&index!)
    }
}
