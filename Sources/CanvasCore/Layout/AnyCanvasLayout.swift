/// A layout of any type together with its cache, so the engine can hold
/// one without knowing its type. The cache lives as long as the item set.
public final class AnyCanvasLayout {
    private let placeItems: (LayoutItems, Proposal) throws(CanvasError) -> [Rect]
    private let dropCache: () -> Void

    public init<L: CanvasLayout>(_ layout: L) {
        let box = CacheBox<L.Cache>()
        placeItems = { (items: LayoutItems, proposal: Proposal) throws(CanvasError) -> [Rect] in
            var cache = box.value ?? layout.makeCache(for: items)
            box.value = nil  // keep the cache uniquely referenced while the layout mutates it
            defer { box.value = cache }
            return try layout.place(items, in: proposal, cache: &cache)
        }
        dropCache = { box.value = nil }
    }

    /// Places the items, building the cache first if there is none.
    public func place(_ items: LayoutItems, in proposal: Proposal) throws(CanvasError) -> [Rect] {
        try placeItems(items, proposal)
    }

    /// Forgets the cache; the next `place` builds a fresh one.
    public func invalidateCache() { dropCache() }
}

private final class CacheBox<Value> {
    var value: Value?
}
