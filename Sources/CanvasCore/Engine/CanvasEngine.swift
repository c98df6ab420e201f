/// A canvas: items, a layout, the options that place them, the last good
/// resolution, and the viewport, zoom and selection a host shows it with.
///
/// Setters change the inputs only; `resolve()` turns the inputs into a new
/// resolution in one step. Any call that fails leaves the engine as it was:
/// a bad setter changes nothing, a failing layout keeps the previous frames.
///
/// Everything the engine hands out (frames, content size and bounds, scroll
/// targets, hit tests) is zoomed through `zoom`, the one zoom-aware
/// accessor. The resolution and the index stay unzoomed, so a zoom step
/// never re-runs the layout or rebuilds the index.
///
/// Not thread-safe: use one engine from one thread at a time. Separate
/// engines share nothing.
public final class CanvasEngine {
    public internal(set) var items: ItemList = .empty {
        didSet { noteSequentialIDs() }
    }
    public internal(set) var layout: AnyCanvasLayout = AnyCanvasLayout(FlowLayout())
    public var options = ResolveOptions()

    /// The most recent successful resolution, unzoomed, its frames in data
    /// order: spelled out from `placement` (O(*n*)) once the frames stand
    /// by slot in an order of their own.
    public var resolution: Resolution {
        guard resolvedIDs.hasOrder else { return placement }
        return Resolution(frames: resolvedIDs.inOrder(placement.frames),
                          contentSize: placement.contentSize, contentBounds: placement.contentBounds)
    }
    /// The most recent successful resolution as the engine keeps it: its
    /// frames by slot (`ItemList`'s stable slots, in `resolvedIDs`' order),
    /// so an insert or a removal anywhere writes its own items' frames
    /// instead of shifting every frame behind them (issue 20: a 32 MB memmove
    /// an edit at a million cards). A slot that holds no item holds a zero
    /// frame, which takes part in no index. Until the first insert or
    /// removal not at the end, a slot is its position. Read a frame with
    /// `worldFrame(at:)` or `worldFrame(ofSlot:)`.
    var placement: Resolution = .empty {
        didSet { contentGeneration &+= 1 }  // no oldValue: edits stay in place
    }
    /// The ids the current resolution's frames belong to, in frame order.
    public internal(set) var resolvedIDs: ItemIDs = .empty {
        didSet {
            contentGeneration &+= 1
            noteSequentialIDs()
            resolvedCount = resolvedIDs.count
        }
    }
    /// How many ids `resolvedIDs` holds, kept as it changes: reading the
    /// property copied the ids (an ordered list's slot order: a dozen
    /// retains and releases), and an insert or an undo of a thousand cards
    /// asked once a card (issue 20: a sixth of the undo of a delete).
    private(set) var resolvedCount = 0
    /// The items' ids and the resolution's are both 1…n in data order, so a
    /// query's positions and ids are one less than each other. Kept as the
    /// two change, so a query asks one stored Bool, not a copy of the item
    /// list (an outlined value-witness copy and its retains, issue 20).
    private(set) var idsAreSequential = true

    private func noteSequentialIDs() {
        idsAreSequential = items.hasSequentialIDs && resolvedIDs.isSequential
    }
    /// Bumped by every change of the resolution or its ids, so that a
    /// publish over the same inputs can be skipped (CanvasEngine+Republish.swift).
    var contentGeneration: UInt64 = 0
    /// What the last published update was computed from.
    var publishedInputs: PublishInputs?
    /// The culling index over the resolution's (unzoomed) frames, built
    /// when asked for. Queries and hit tests ask from their second use after
    /// a resolve: the first is answered by a scan of the frames, which costs
    /// about a thirtieth of a build (see `culling`). So a host that only lays
    /// out and reads frames never pays for the index, one that looks once
    /// per resolve (measuring in chunks, a one-shot script) pays a scan, and
    /// one that keeps culling pays one build per resolve.
    package var index: SpatialIndex {
        if let builtIndex { return builtIndex }
        let built = SpatialIndex(frames: worldFrames)  // by position: its answers are positions
        builtIndex = built
        return built
    }
    /// The index over the current resolution, once something has asked for it.
    var builtIndex: SpatialIndex? = SpatialIndex.empty
    /// Whether a query or hit test has been answered by a scan since the
    /// last resolve, so the next one builds the index.
    var scannedSinceResolve = false
    /// The level-of-detail pyramid over the resolution's frames, built on
    /// the first level-of-detail query after a resolve (CanvasEngine+Detail.swift).
    /// Reading it applies the moves it was spared (CanvasEngine+DeferredDetail.swift),
    /// so every reader sees the frames as they are; setting it drops them.
    var builtDetail: DetailPyramid? {
        get { settledDetail() }
        set { detailStore = newValue.map(DeferredDetail.init) }
    }
    /// The pyramid and the moves of free items it has not taken yet.
    var detailStore: DeferredDetail?
    /// The memory the pyramid's answers work in, kept from frame to frame
    /// (`DetailPyramid.AnswerScratch`); not in a snapshot: it holds nothing
    /// between queries.
    var detailScratch = DetailPyramid.AnswerScratch()
    /// Whether moves may wait for the pyramid (tests compare with `false`, the eager path).
    var defersDetailMoves = true
    /// When set, published updates carry the level-of-detail answer
    /// (CanvasEngine+Detail.swift).
    public internal(set) var detailSettings: DetailSettings?

    /// The index to answer a query or hit test with, or `nil` when this is
    /// the first since the resolve and a scan should answer it instead.
    func culling() -> SpatialIndex? {
        if let builtIndex { return builtIndex }
        if scannedSinceResolve { return index }
        scannedSinceResolve = true
        return nil
    }

    // Sizing (CanvasEngine+Sizing.swift)
    public internal(set) var sizing: ItemSizing = .given
    var measure: MeasureFunction?
    public internal(set) var measureChunkSize = ItemSizing.defaultChunkSize
    var measuredSizes: [UInt64: Size] = [:]
    var measureCursor = 0
    var measuredSinceResolve = false

    // Viewport (CanvasEngine+Viewport.swift)
    public internal(set) var viewport = Viewport()
    public var initialAnchor: UnitPoint = .center
    var hasAppliedInitialAnchor = false
    /// The viewport got its size before a free canvas had items
    /// (`applyInitialAnchorToFirstItems`).
    var initialAnchorAwaitsItems = false
    /// The last update handed to the host; the next one is diffed against it.
    public internal(set) var published: VisibleUpdate?
    /// Where `published.visible` stands in the current resolution, ascending;
    /// `nil` after a resolve, until the next publish.
    var publishedPositions: [Int]?
    /// The published clusters with `selected` counted, for the publish and
    /// selection they were counted at (`publishedClusters`).
    var countedClusters: CountedClusters?

    // Zoom (CanvasEngine+Zoom.swift)
    public internal(set) var zoomSettings = ZoomSettings()
    /// Unchecked for exclusivity: every query reads it (a free canvas's
    /// `queryIDs` asks for zoom 1), and the dynamic check was a runtime call
    /// into the access set, about 85 instructions of a 3,800-instruction
    /// viewport query (issue 20); a Double written only by plain
    /// assignment has no overlapping access to catch.
    @exclusivity(unchecked) public internal(set) var zoomScale = 1.0
    /// Whether the zoom axis is `defaultZoomAxis` because none was set.
    public internal(set) var zoomAxisIsDefault = true
    package internal(set) var pinch: PinchTracker?
    var recognizer = PinchRecognizerModel()

    // Motion (CanvasEngine+Motion.swift, +Input, +Animation)
    var motion = MotionState()

    // Selection (CanvasEngine+Selection.swift)
    // A didSet without oldValue: the set is still modified in place.
    var selected: Set<UInt64> = [] { didSet { editing.selectionVersion &+= 1 } }
    /// The selected links, by id (CanvasEngine+LinkSelection.swift); counted in `selectionVersion` too.
    var selectedLinks: Set<UInt64> = [] { didSet { editing.selectionVersion &+= 1 } }

    public var backdrop: Backdrop = .none

    // Links (CanvasEngine+Links.swift); a change republishes, as new frames do.
    public internal(set) var links: LinkTable = .empty {
        didSet { contentGeneration &+= 1; linkTableVersion &+= 1 }
    }
    /// Bumped by every change of the link table: link positions of two
    /// updates compare only under one version (CanvasEngine+PublishedLinks.swift).
    var linkTableVersion: UInt64 = 0
    /// Where `published.visibleLinks` stands in the link table of version
    /// `publishedLinkTable`, ascending.
    var publishedLinkPositions: [Int]?
    var publishedLinkTable: UInt64 = 0
    /// Links counted between level-of-detail cells, for cluster links, for
    /// every level at once (CanvasEngine+PublishedLinks.swift).
    var builtClusterLinks: ClusterLinkLevels?
    /// The culling index over the links' routes, built when asked.
    var builtLinkCulling: LinkCulling?
    /// The bends the layered layout last drew its links through, while it is the layout.
    var layeredBends: LayeredBends?

    // Free layout, edits, tools, snapping, focus, undo (Editing/, CanvasEngine+Editing.swift)
    var editing = EditingState()

    public init() {}

    /// The zoom-aware accessor's current transform.
    public var zoom: ZoomTransform { ZoomTransform(scale: zoomScale, axis: zoomSettings.axis) }

    /// Replaces the items; ids default to 1…count. Sizes may be omitted
    /// (`nil`) when they come from `sizing`; they are sanitized when resolved.
    /// Setting items resets the zoom to 1.
    /// - Returns: the zoom events this caused (a reset to 1, when it was not 1).
    /// - Throws: `CanvasError.invalidArgument` on duplicate ids, a count
    ///   mismatch, or while a batch is open.
    @discardableResult
    public func setItems(sizes: [Size]?, ids: [UInt64]? = nil) throws(CanvasError) -> [ZoomEvent] {
        try setItems(try ItemList(sizes: sizes, ids: ids))
    }

    /// Replaces the items with a list built elsewhere, such as one of a bare
    /// count (`ItemList(count:sizes:ids:)`). Setting items resets the zoom to 1.
    /// Measured sizes are kept for the ids in the new list (wherever they
    /// now stand) and dropped for the rest, so the cache never outgrows the
    /// live items (see `forgetMeasurementsOfGoneItems`).
    /// - Returns: the zoom events this caused (a reset to 1, when it was not 1).
    /// - Throws: `.invalidArgument` while a batch is open (its edits name
    ///   the old items); nothing changes.
    @discardableResult
    public func setItems(_ list: ItemList) throws(CanvasError) -> [ZoomEvent] {
        try checkNoBatch("replace the items")
        items = list
        layout.invalidateCache()
        forgetMeasurementsOfGoneItems()
        measureCursor = 0
        selected = selected.filter { items.index(of: $0) != nil }
        forgetLinksOfGoneItems()
        itemsReplaced()
        return setZoomUnchecked(1, anchor: nil)
    }

    /// Replaces the layout; its cache starts empty.
    public func setLayout<L: CanvasLayout>(_ newLayout: L) {
        layout = AnyCanvasLayout(newLayout)
        layeredBends = nil
        leaveFreeLayout()
    }

    /// Lays out the current items with the current options, drops the index
    /// (the next query rebuilds it), re-clamps the viewport and publishes
    /// what became visible.
    /// - Throws: `CanvasError` from the layout; the previous resolution stays.
    @discardableResult
    public func resolve() throws(CanvasError) -> VisibleUpdate? {
        if editing.isFree { return try resolveFree() }
        let resolved = try Resolver.resolve(sizes: currentSizes(), ids: items.ids, links: graphLinks, layout: layout, options: options)
        try checkFinite(resolved, at: zoomScale, axis: zoomSettings.axis, "the zoom \(zoomScale)")
        return adopt(resolved)
    }

    /// Takes a new resolution of the current items: what was built over the
    /// old frames (index, level of detail, published positions) goes, and
    /// the viewport publishes what is visible now.
    func adopt(_ resolved: Resolution) -> VisibleUpdate? {
        resolvedIDs = items.ids
        var resolved = resolved
        resolved.frames = items.bySlot(resolved.frames)
        placement = resolved
        builtIndex = nil
        scannedSinceResolve = false
        builtDetail = nil
        publishedPositions = nil
        measuredSinceResolve = false
        applyInitialAnchorToFirstItems()
        return viewportChanged()
    }

    // MARK: Zoomed output: the only way sizes leave the engine

    /// The frame of the item at `position` (data order), zoomed.
    public func frame(at position: Int) -> Rect { zoom.rect(worldFrame(at: position)) }

    /// Every frame, zoomed, in data order.
    public var frames: [Rect] {
        let zoom = self.zoom
        return zoom.isIdentity ? worldFrames : worldFrames.map(zoom.rect)
    }

    /// The content size, zoomed.
    public var contentSize: Size { zoom.size(placement.contentSize) }

    /// Where the cluster sits, zoomed.
    public var contentBounds: Rect { zoom.rect(placement.contentBounds) }

    /// The frame of the item with `id`, zoomed, or `nil`.
    public func frame(of id: UInt64) -> Rect? {
        guard let slot = resolvedSlot(of: id) else { return nil }
        return zoom.rect(placement.frames[slot])
    }

    /// Where `id`'s frame is kept in `placement`, when it was resolved. O(1)
    /// while the resolution is of the current items (always on a resolved
    /// free canvas).
    func resolvedSlot(of id: UInt64) -> Int? {
        if let slot = items.slot(of: id), resolvedIDs.id(ofSlot: slot) == id { return slot }
        return resolvedIDs.firstIndex(of: id).map(resolvedIDs.slot(at:))
    }

    // MARK: Unzoomed frames, as kept

    /// The frame of the item at `position` of the resolution, unzoomed.
    @inline(__always)
    func worldFrame(at position: Int) -> Rect { placement.frames[resolvedIDs.slot(at: position)] }

    /// The frames of the resolution in data order, unzoomed (O(*n*) when they stand by slot).
    var worldFrames: [Rect] { resolvedIDs.inOrder(placement.frames) }

    /// The frames of the resolution read by position, for code that walks
    /// positions (a slot lookup each once the frames stand by slot).
    var framesByPosition: PositionedFrames { PositionedFrames(bySlot: placement.frames, ids: resolvedIDs) }

    /// Where `id` stands in the resolved frames.
    func resolvedPosition(of id: UInt64) -> Int? {
        guard let position = items.index(of: id), position < resolvedIDs.count, resolvedIDs[position] == id else {
            return resolvedIDs.firstIndex(of: id)
        }
        return position
    }
}

/// Frames kept by slot, read by position (`CanvasEngine.framesByPosition`).
struct PositionedFrames {
    let bySlot: [Rect]
    let ids: ItemIDs
    var count: Int { ids.count }
    subscript(position: Int) -> Rect { bySlot[ids.slot(at: position)] }
}
