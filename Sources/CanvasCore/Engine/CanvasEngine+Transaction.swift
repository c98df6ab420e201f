/// All-or-nothing calls, for operations that tell a host about what they
/// did: if the host's callback fails, the engine goes back to how it was.
extension CanvasEngine {
    /// Everything a call can change, as values (arrays copy on write, so
    /// taking a snapshot costs nothing until something changes).
    struct Snapshot {
        var layout: AnyCanvasLayout
        var options: ResolveOptions
        var sizing: ItemSizing
        var measure: MeasureFunction?
        var measureChunkSize: Int
        var initialAnchor: UnitPoint
        var backdrop: Backdrop
        var items: ItemList
        var placement: Resolution
        var resolvedIDs: ItemIDs
        var builtIndex: SpatialIndex?
        var scannedSinceResolve: Bool
        var detailStore: DeferredDetail?  // with the moves it waits for: copying it settles nothing
        var detailSettings: DetailSettings?
        var measuredSizes: [UInt64: Size]
        var measureCursor: Int
        var measuredSinceResolve: Bool
        var viewport: Viewport
        var hasAppliedInitialAnchor: Bool
        var initialAnchorAwaitsItems: Bool
        var published: VisibleUpdate?
        var publishedPositions: [Int]?
        var zoomSettings: ZoomSettings
        var zoomScale: Double
        var zoomAxisIsDefault: Bool
        var pinch: PinchTracker?
        var recognizer: PinchRecognizerModel
        var selected: Set<UInt64>
        var editing: EditingState
        var motion: MotionState
        var links: LinkTable
        var selectedLinks: Set<UInt64>
        var publishedLinkPositions: [Int]?
    }

    func snapshot() -> Snapshot {
        Snapshot(
            layout: layout, options: options, sizing: sizing, measure: measure,
            measureChunkSize: measureChunkSize, initialAnchor: initialAnchor, backdrop: backdrop,
            items: items, placement: placement, resolvedIDs: resolvedIDs, builtIndex: builtIndex,
            scannedSinceResolve: scannedSinceResolve, detailStore: detailStore, detailSettings: detailSettings,
            measuredSizes: measuredSizes, measureCursor: measureCursor, measuredSinceResolve: measuredSinceResolve,
            viewport: viewport, hasAppliedInitialAnchor: hasAppliedInitialAnchor,
            initialAnchorAwaitsItems: initialAnchorAwaitsItems, published: published,
            publishedPositions: publishedPositions,
            zoomSettings: zoomSettings, zoomScale: zoomScale, zoomAxisIsDefault: zoomAxisIsDefault, pinch: pinch, recognizer: recognizer,
            selected: selected, editing: editing, motion: motion, links: links,
            selectedLinks: selectedLinks, publishedLinkPositions: publishedLinkPositions
        )
    }

    func restore(_ snapshot: Snapshot) {
        layout = snapshot.layout
        options = snapshot.options
        sizing = snapshot.sizing
        measure = snapshot.measure
        measureChunkSize = snapshot.measureChunkSize
        initialAnchor = snapshot.initialAnchor
        backdrop = snapshot.backdrop
        items = snapshot.items
        placement = snapshot.placement
        resolvedIDs = snapshot.resolvedIDs
        builtIndex = snapshot.builtIndex
        scannedSinceResolve = snapshot.scannedSinceResolve
        detailStore = snapshot.detailStore
        detailSettings = snapshot.detailSettings
        measuredSizes = snapshot.measuredSizes
        measureCursor = snapshot.measureCursor
        measuredSinceResolve = snapshot.measuredSinceResolve
        viewport = snapshot.viewport
        hasAppliedInitialAnchor = snapshot.hasAppliedInitialAnchor
        initialAnchorAwaitsItems = snapshot.initialAnchorAwaitsItems
        published = snapshot.published
        publishedPositions = snapshot.publishedPositions
        publishedInputs = nil  // describes a publish the rollback undid: recompute, never reuse
        zoomSettings = snapshot.zoomSettings
        zoomScale = snapshot.zoomScale
        zoomAxisIsDefault = snapshot.zoomAxisIsDefault
        pinch = snapshot.pinch
        recognizer = snapshot.recognizer
        selected = snapshot.selected
        editing = snapshot.editing
        motion = snapshot.motion
        links = snapshot.links
        selectedLinks = snapshot.selectedLinks
        publishedLinkPositions = nil  // the restored table has a new version: diff by id
        editing.selectionVersion = snapshot.editing.selectionVersion  // the didSets above moved it
    }

    /// Runs `body`; when it throws, puts every piece of state back first.
    public func transaction<Result>(_ body: () throws(CanvasError) -> Result) throws(CanvasError) -> Result {
        let saved = snapshot()
        do {
            return try body()
        } catch {
            restore(saved)
            throw error
        }
    }
}
