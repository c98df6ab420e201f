/// Selection by rectangle, all at once, and its bounds; hit testing with a slop.
/// Rectangles and points here are zoomed content coordinates, as `query` takes them.
extension CanvasEngine {
    /// How far from a point an item still counts as hit, in screen points
    /// (so less content as the zoom grows): thin items, and presses just
    /// off an edge, are picked. Part of the one hit rule (`hitTest(at:)`).
    public static let hitSlop = 4.0

    /// Selects by rectangle, through the index.
    /// - Parameters:
    ///   - rect: the marquee, in zoomed content coordinates.
    ///   - mode: `intersect` takes any item overlapping `rect`, `contain` only those wholly inside.
    ///   - op: `replace` the selection, `add` to it, `toggle` each found item, `subtract` them.
    /// Read the selection afterwards with `selection` (sorting it into data
    /// order costs more than the marquee itself at 10,000 items).
    public func selectRect(_ rect: Rect, mode: MarqueeMode = .intersect, op: SelectionOp = .replace) {
        let found = idsInRect(rect, mode: mode)
        switch op {
        case .replace: selected = Set(found)
        case .add: selected.formUnion(found)
        case .subtract: selected.subtract(found)
        case .toggle: selected.formSymmetricDifference(found)
        }
    }

    /// The ids a marquee over `rect` finds.
    func idsInRect(_ rect: Rect, mode: MarqueeMode) -> [UInt64] {
        guard rect.isFinite, rect.width > 0, rect.height > 0 else { return [] }
        let zoom = self.zoom
        let ids = resolvedIDs, frames = placement.frames
        return ids.slots(at: query(rect)).compactMap { slot in
            let frame = zoom.rect(frames[slot])
            if mode == .contain
                && !(frame.minX >= rect.minX && frame.maxX <= rect.maxX && frame.minY >= rect.minY && frame.maxY <= rect.maxY) {
                return nil
            }
            return ids.id(ofSlot: slot)
        }
    }

    /// Selects every item.
    public func selectAll() {
        selected = Set(items.ids)
    }

    /// The union of the selected items' frames (zoomed), or `nil` when nothing is selected.
    public var selectionBounds: Rect? {
        var bounds: Rect?
        for id in selected {
            guard let frame = frame(of: id) else { continue }
            bounds = bounds.map { $0.union(frame) } ?? frame
        }
        return bounds
    }

    /// The one hit rule, which the select tool, a tap (`select(atViewportPoint:)`)
    /// and the C ABI's `canvas_hit_test` all use: the topmost item (last in
    /// data order) whose zoomed frame contains the point; failing that, the
    /// topmost whose zoomed frame strictly meets the square of `hitSlop`
    /// screen points on each side of it (an edge less than 4 points away).
    /// With level of detail on, over what is published only (`hit(at:)`):
    /// nil over a cluster.
    public func hitTest(at point: Point) -> UInt64? {
        if case .item(let id) = hit(at: point) { return id }
        return nil
    }
}
