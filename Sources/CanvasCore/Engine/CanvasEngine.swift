/// A canvas: items, a layout, the options that place them, and the last
/// good resolution.
///
/// Setters change the inputs only; `resolve()` turns the inputs into a new
/// resolution in one step. Any call that fails leaves the engine as it was:
/// a bad setter changes nothing, a failing layout keeps the previous frames.
///
/// Not thread-safe: use one engine from one thread at a time. Separate
/// engines share nothing.
public final class CanvasEngine {
    public private(set) var items: ItemList = .empty
    public private(set) var layout: AnyCanvasLayout = AnyCanvasLayout(FlowLayout())
    public var options = ResolveOptions()

    /// The most recent successful resolution.
    public private(set) var resolution: Resolution = .empty
    /// The ids the current resolution's frames belong to, in frame order.
    public private(set) var resolvedIDs: [UInt64] = []

    public init() {}

    /// Replaces the items; ids default to 1…count. Sizes are sanitized when resolved.
    /// - Throws: `CanvasError.invalidArgument` on duplicate ids or a count mismatch.
    public func setItems(sizes: [Size], ids: [UInt64]? = nil) throws(CanvasError) {
        items = try ItemList(sizes: sizes, ids: ids)
        layout.invalidateCache()
    }

    /// Replaces the layout; its cache starts empty.
    public func setLayout<L: CanvasLayout>(_ newLayout: L) {
        layout = AnyCanvasLayout(newLayout)
    }

    /// Lays out the current items with the current options.
    /// - Throws: `CanvasError` from the layout; the previous resolution stays.
    public func resolve() throws(CanvasError) {
        resolution = try Resolver.resolve(sizes: items.sizes, layout: layout, options: options)
        resolvedIDs = items.ids
    }
}
