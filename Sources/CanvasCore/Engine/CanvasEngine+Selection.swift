/// Selection: a set of ids, changed by id or by hit test.
extension CanvasEngine {
    /// The outcome of selecting by hit test.
    public enum HitSelection: Hashable, Sendable {
        case selected(UInt64)
        case nothingHit
        /// A pinch is in flight and selection during zoom is off: a stray
        /// third finger must not select what it lands on.
        case refusedDuringPinch
    }

    /// The selected ids, in data order.
    public var selection: [UInt64] {
        selected.compactMap { id in items.index(of: id).map { (id, $0) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    public func isSelected(_ id: UInt64) -> Bool { selected.contains(id) }

    /// Adds an item to the selection by id; works during a pinch too.
    /// - Throws: `CanvasError.notFound` for an unknown id.
    public func select(id: UInt64) throws(CanvasError) {
        guard items.index(of: id) != nil else { throw CanvasError(.notFound, "no item has id \(id)") }
        selected.insert(id)
    }

    /// Removes an id from the selection; unknown ids are ignored.
    public func deselect(id: UInt64) {
        selected.remove(id)
    }

    public func clearSelection() {
        selected.removeAll()
    }

    /// Selects the item under a point in viewport coordinates (a tap). While
    /// a pinch is in flight this is refused and leaves no trace, unless
    /// `allowsSelectionDuringZoom` is set.
    @discardableResult
    public func select(atViewportPoint point: Point) -> HitSelection {
        if isPinching && !zoomSettings.allowsSelectionDuringZoom { return .refusedDuringPinch }
        let content = Point(x: viewport.offset.x + point.x, y: viewport.offset.y + point.y)
        guard let id = hitTest(at: content) else { return .nothingHit }  // the one hit rule
        selected.insert(id)
        return .selected(id)
    }
}
