/// Level of detail: a zoomed-out view at the cost of what the screen can
/// show. Small items come back as clusters, one per cell of about `cell`
/// screen points; large ones one by one. The rules are `DetailPyramid`'s.
public struct LevelOfDetail: Hashable, Sendable {
    /// An item shown on its own: its id and zoomed frame.
    public struct Item: Hashable, Sendable {
        public var id: UInt64
        public var frame: Rect

        public init(id: UInt64, frame: Rect) {
            self.id = id
            self.frame = frame
        }
    }

    /// Small items aggregated in one cell.
    public struct Cluster: Hashable, Sendable {
        /// The union of the items' frames, zoomed edge by edge (see `DetailPyramid`).
        public var bounds: Rect
        /// How many small items have their centre in the cell.
        public var count: Int
        /// The first of them in data order.
        public var id: UInt64
        /// How many of them are selected, counted when read (see
        /// `CanvasEngine.publishedClusters`): 0 in `VisibleUpdate.clusters`,
        /// which a selection change does not republish.
        public var selected: Int

        public init(bounds: Rect, count: Int, id: UInt64, selected: Int = 0) {
            self.bounds = bounds
            self.count = count
            self.id = id
            self.selected = selected
        }
    }

    /// The large items meeting the rectangle, in data order.
    public var items: [Item]
    /// One per covered cell holding small items, row-major.
    public var clusters: [Cluster]

    public init(items: [Item], clusters: [Cluster]) {
        self.items = items
        self.clusters = clusters
    }

    public static let empty = LevelOfDetail(items: [], clusters: [])

    /// The default smallest zoomed side, in screen points, of an item shown
    /// on its own: 8, measured on mixed boards (canvas.h, CANVAS_LOD_MIN_SIZE):
    /// 2 let hundreds of thousands of specks through at a fitted zoom.
    public static let defaultMinSize = 8.0
    /// The default screen size of a cluster cell.
    public static let defaultCell = 16.0

    /// Checks a minimum size or cell size.
    /// - Throws: `CanvasError.nonFinite` for NaN or an infinity,
    ///   `.invalidArgument` for zero or less.
    public static func validate(_ value: Double, _ name: String) throws(CanvasError) {
        guard value.isFinite else { throw CanvasError(.nonFinite, "\(name) is not finite") }
        guard value > 0 else { throw CanvasError(.invalidArgument, "\(name) must be positive, got \(value)") }
    }

    /// The smallest cell size taken, in screen points: no screen tells
    /// finer cells apart, and finer ones put coordinates of ordinary
    /// content past the ±2^40 cells a level counts (issue 21: a cell of
    /// 1e-300 or 1e-12 took every item into one clamped edge cell).
    public static let smallestCell = 0x1p-10

    /// Checks a cell size: `validate`, and not below `smallestCell`.
    /// - Throws: as `validate`; `.invalidArgument` below `smallestCell`.
    public static func validateCell(_ cell: Double) throws(CanvasError) {
        try validate(cell, "cell")
        guard cell >= smallestCell else {
            throw CanvasError(.invalidArgument, "cell \(cell) is below the smallest cell, \(smallestCell) points")
        }
    }
}

/// What a published update's level of detail asks for (see
/// `CanvasEngine.setLevelOfDetail`).
public struct DetailSettings: Hashable, Sendable {
    public var minSize: Double
    public var cell: Double

    public init(minSize: Double = LevelOfDetail.defaultMinSize, cell: Double = LevelOfDetail.defaultCell) {
        self.minSize = minSize
        self.cell = cell
    }
}

extension CanvasEngine {
    /// Makes published updates carry the level-of-detail answer over the
    /// culling rectangle instead of every item in it (`nil`: back to every
    /// item): `visible`, `appeared` and `disappeared` then cover the items
    /// shown one by one, and `clusters` the rest, so a host's tick and copy
    /// cost what the screen shows, not what the canvas holds. Publishes the
    /// change.
    /// - Throws: `CanvasError` for a minimum size or cell that is not a
    ///   positive finite number, or a cell below `LevelOfDetail.smallestCell`;
    ///   nothing changes.
    @discardableResult
    public func setLevelOfDetail(_ settings: DetailSettings?) throws(CanvasError) -> VisibleUpdate? {
        if let settings {
            try LevelOfDetail.validate(settings.minSize, "min_size")
            try LevelOfDetail.validateCell(settings.cell)
        }
        detailSettings = settings
        return viewportChanged()
    }

    /// The positions to publish as visible, ascending, and the clusters when
    /// level of detail is on.
    func visiblePositions() -> ([Int], [LevelOfDetail.Cluster]) {
        guard !viewport.size.isZeroArea else { return ([], []) }
        guard let settings = detailSettings else { return (query(viewport.cullingRect), []) }
        let answer = detailPositions(viewport.cullingRect, minSize: settings.minSize, cell: settings.cell)
        let ids = resolvedIDs
        return (answer.items, answer.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) })
    }

    /// The level-of-detail answer over `rect`, a zoomed content rectangle
    /// (the viewport's culling rectangle when nil: nothing while the viewport
    /// has no area). The first such query after a resolve builds the
    /// pyramid's levels for the zoom range and this cell size; later ones
    /// look their level up.
    ///
    /// - Parameters:
    ///   - rect: Zoomed content coordinates, or nil for the culling rectangle.
    ///   - minSize: Items whose zoomed frame is at least this many points
    ///     on both sides come back one by one.
    ///   - cell: The screen size, in points, of a cluster cell: between
    ///     `cell` and 2 · `cell` on each axis.
    /// - Throws: `CanvasError.nonFinite` for a rectangle, `minSize` or `cell`
    ///   that is not finite; `.invalidArgument` for `minSize` or `cell` at
    ///   zero or below, or a cell below `LevelOfDetail.smallestCell`. Nothing changes.
    public func levelOfDetail(
        in rect: Rect? = nil, minSize: Double = LevelOfDetail.defaultMinSize, cell: Double = LevelOfDetail.defaultCell
    ) throws(CanvasError) -> LevelOfDetail {
        try LevelOfDetail.validate(minSize, "min_size")
        try LevelOfDetail.validateCell(cell)
        if let rect, !rect.isFinite { throw CanvasError(.nonFinite, "level-of-detail rectangle is not finite") }
        let area = rect ?? (viewport.size.isZeroArea ? Rect.zero : viewport.cullingRect)
        let answer = detailPositions(area, minSize: minSize, cell: cell)
        let ids = resolvedIDs, frames = placement.frames, zoom = self.zoom
        let clusters = answer.clusters.map { LevelOfDetail.Cluster(bounds: $0.bounds, count: $0.count, id: ids[$0.first]) }
        return LevelOfDetail(
            items: ids.slots(at: answer.items).map { LevelOfDetail.Item(id: ids.id(ofSlot: $0)!, frame: zoom.rect(frames[$0])) },
            clusters: countingSelected(clusters, minSize: minSize, cell: cell)
        )
    }

    /// `levelOfDetail` by position, for checked arguments.
    package func detailPositions(_ rect: Rect, minSize: Double, cell: Double) -> DetailPyramid.Answer {
        let zoom = self.zoom
        // Moves spared by a drag stay spared when this query would not read them.
        let spared = detailStore?.answersWithoutPending(zoom: zoom, minSize: minSize, cell: cell) ?? true
        var answer = withDetail(minSize: minSize, cell: cell, keepingMoves: spared) { pyramid, frames in
            let settings = zoomSettings
            let find: DetailPyramid.Finder = { self.worldQuerySlots($0) }
            return pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames,
                                 find: find, reach: ZoomTransform(scale: settings.minimum, axis: settings.axis),
                                 scratch: &detailScratch)
        }
        let ids = resolvedIDs
        guard ids.hasOrder else { return answer }
        // Numbered by slot: into positions, and the items into data order.
        for index in answer.items.indices { answer.items[index] = ids.position(ofSlot: answer.items[index])! }
        answer.items.sort()
        for index in answer.clusters.indices { answer.clusters[index].first = ids.position(ofSlot: answer.clusters[index].first)! }
        return answer
    }

    /// The frames the pyramid is numbered by: by slot, as they are kept.
    var detailFrames: [Rect] { placement.frames }

    /// The pyramid, built if needed. Its queries find large items through
    /// the culling index (`worldQuery`: the editable index on a free
    /// canvas, else `index`, built on first use) where every class is
    /// wholly large. The first query after a resolve builds, before it
    /// answers, every level a zoom from the settings' maximum (or the zoom,
    /// if finer) out to the minimum, or to where the content fits in two
    /// cells a side, can ask for with this cell and minimum size, and the
    /// member grids on mixed sizes (`DetailPyramid.buildAhead`): zooming
    /// then only looks levels up (issue 20: a zoom-out step that reached an
    /// unbuilt level built it from every frame, 0.1–0.4 s). What other
    /// settings need is built the first time a query asks for it.
    /// `keepingMoves`: the drag's waiting moves stay waiting (the caller
    /// found that this query does not read them).
    func withDetail<Result>(minSize: Double, cell: Double, keepingMoves: Bool = false,
                            _ body: (inout DetailPyramid, [Rect]) -> Result) -> Result {
        if !keepingMoves { settleDetail() }
        let frames = detailFrames
        // Taken out while in use, so that editing it does not copy it.
        var store: DeferredDetail
        if let existing = detailStore {
            store = existing
        } else {
            // Numbered by slot: edits to the order then touch only their items.
            var pyramid = DetailPyramid(frames: frames, within: placement.contentBounds)
            if resolvedIDs.hasOrder { pyramid.setOrder(resolvedIDs.slotsInOrder) }  // before anything is stored
            store = DeferredDetail(pyramid)
        }
        detailStore = nil
        defer { detailStore = store }
        if !store.pyramid.counted {
            store.apply(frames: frames)  // nothing waits for a pyramid not yet built; kept exact regardless
            let settings = zoomSettings
            let finest = ZoomTransform(scale: Swift.max(settings.maximum, zoom.scale), axis: settings.axis)
            let coarsest = ZoomTransform(scale: Swift.min(settings.minimum, zoom.scale), axis: settings.axis)
            frames.withUnsafeBufferPointer {
                store.pyramid.buildAhead($0, finest: finest, coarsest: coarsest, minSize: minSize, cell: cell)
            }
            // With the levels, so that no frame's answer allocates its sums.
            detailScratch.reserve(DetailPyramid.flatBoxLimit)
        }
        return body(&store.pyramid, frames)
    }
}

extension CanvasEngine {
    /// Brings a built pyramid along with an item moved or resized in place
    /// on a free canvas (its number: its slot, or its position while the
    /// order is the slots' own): call it after the frames hold the edit.
    /// An unbuilt pyramid stays unbuilt (the next level-of-detail query
    /// builds it from the frames then).
    func updateDetail(position: Int, from old: Rect, to new: Rect) {
        // A move: with the others that may wait (and in order after them).
        updateDetail(moves: [DetailPyramid.Move(position: position, from: old, to: new)])
    }

    /// `updateDetail` for many moves at once (a drag step, a nudge, a
    /// multi-move, their undo and redo): one batched update of the pyramid
    /// (`DetailPyramid.update(moves:frames:)`), not one per item. Call it
    /// after the frames hold every move.
    /// Moves that keep every size wait until something reads the pyramid
    /// (CanvasEngine+DeferredDetail.swift).
    func updateDetail(moves: [DetailPyramid.Move]) {
        guard !moves.isEmpty, var store = detailStore else { return }
        detailStore = nil  // edited alone, not copied
        if defersDetailMoves && store.accepts(moves) {
            store.keep(moves)
        } else {
            store.apply(adding: moves, frames: detailFrames)
        }
        detailStore = store
    }

    /// `updateDetail` for items inserted (`slots`, standing at `positions`
    /// ascending after the edit) or removed (`positions` ignored): the
    /// pyramid follows in place, touching only their cells; the items
    /// around keep their numbers (issue 20: an insert or a removal used to
    /// renumber every built level). Call it after the items and the frames
    /// hold the edit.
    func updateDetail(slots: [Int], atSorted positions: [Int], frames placed: [Rect], inserted: Bool) {
        settleDetail()
        guard var store = detailStore else { return }
        detailStore = nil  // edited alone, not copied
        if inserted {
            let items = self.items
            store.pyramid.insert(slots: slots, atSorted: positions, frames: placed, frames: detailFrames,
                                 slotAt: { $0 >= 0 && $0 < items.count ? items.slot(at: $0) : nil }, order: { items.slotsInOrder })
        } else {
            store.pyramid.remove(slots: slots, frames: placed, frames: detailFrames)
        }
        detailStore = store
    }
}
