/// One item as a layout sees it: where it stands in the data, its id and how
/// big it is.
public struct LayoutItem: Hashable, Sendable {
    /// Zero-based position in the data.
    public var index: Int
    /// The item's size, already sanitized (finite, not negative).
    public var size: Size
    /// The item's id (a layout that depends on ids, such as a calendar, reads it).
    public var id: UInt64

    public init(index: Int, size: Size, id: UInt64? = nil) {
        self.index = index
        self.size = size
        self.id = id ?? UInt64(index) + 1
    }
}

/// The items handed to a layout, as a collection that reads straight from
/// the engine's size storage instead of copying a million structs.
public struct LayoutItems: RandomAccessCollection, Sendable {
    public let sizes: ItemSizes
    /// The items' ids, in the same order as `sizes`.
    public let ids: ItemIDs
    /// The canvas's links between these items, as (source, target) pairs of
    /// zero-based item positions in link order; empty when there are none.
    /// A graph layout (a tree, a layered drawing) reads them.
    public var links: GraphLinks = GraphLinks(sources: [], targets: [])

    /// - Parameters:
    ///   - sizes: the items' sizes, in data order.
    ///   - ids: one per size; `nil` for 1…count.
    ///   - links: the links between the items, by position.
    public init(sizes: ItemSizes, ids: ItemIDs? = nil, links: GraphLinks? = nil) {
        self.sizes = sizes
        self.ids = ids ?? ItemIDs(sequentialCount: sizes.count)
        if let links { self.links = links }
    }

    /// Items of sizes held in an array.
    public init(sizes: [Size], ids: ItemIDs? = nil, links: GraphLinks? = nil) {
        self.init(sizes: ItemSizes(sizes), ids: ids, links: links)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { sizes.count }
    public subscript(position: Int) -> LayoutItem {
        LayoutItem(index: position, size: sizes[position], id: ids[position])
    }
}

/// The space offered to a layout. A side is `nil` when the canvas leaves it
/// open (automatic content size), so the layout picks its own extent.
public struct Proposal: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public static let unspecified = Proposal(width: nil, height: nil)
}

/// A place function over sizes: given the items and a proposal, return one
/// frame per item, in item order, anywhere on the plane (negative
/// coordinates are fine). The engine normalizes, mirrors, anchors and sizes
/// the result, so a layout only decides relative positions.
///
///     struct Ring: CanvasLayout {
///         var radius: Double
///         func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
///             items.map { item in ... }
///         }
///     }
///
/// A layout that needs scratch state between calls declares a `Cache`; the
/// engine makes it once per set of items and hands it back on every call.
public protocol CanvasLayout {
    associatedtype Cache = Void

    /// Builds the cache for a new set of items.
    func makeCache(for items: LayoutItems) -> Cache

    /// Returns exactly one frame per item, in item order.
    /// - Throws: `CanvasError` when the layout cannot place the items.
    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Cache) throws(CanvasError) -> [Rect]
}

extension CanvasLayout where Cache == Void {
    public func makeCache(for items: LayoutItems) {}
}
