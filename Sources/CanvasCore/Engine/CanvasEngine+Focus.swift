/// Keyboard moves: nudging the selection, and spatial focus for hosts
/// driven by a keyboard, a D-pad or a game controller.
extension CanvasEngine {
    /// Moves the selection by one step in `direction`: 1 point, 10 with
    /// shift, one grid step when grid snapping is on. One undo step.
    /// - Returns: the visible diff; `nil` when nothing is selected.
    /// - Throws: as `move` (a laid-out canvas has no positions to nudge).
    @discardableResult
    public func nudge(_ direction: FocusDirection, shift: Bool = false) throws(CanvasError) -> VisibleUpdate? {
        let ids = selection
        guard !ids.isEmpty else { return nil }
        let step = editing.snap.gridStep ?? (shift ? 10 : 1)
        let (dx, dy): (Double, Double) = switch direction {
        case .left: (-step, 0)
        case .right: (step, 0)
        case .up: (0, -step)
        case .down: (0, step)
        }
        try checkEditable()
        let moves = ids.map { id in
            let frame = currentFrame(at: items.index(of: id)!)
            return (id: id, origin: Point(x: frame.x + dx, y: frame.y + dy))
        }
        return try move(moves)
    }

    /// The focused id, or `nil`.
    public var focusedID: UInt64? { editing.focused }

    /// Focuses an item and scrolls the least that shows it whole (or its
    /// top-leading corner, when it is larger than the viewport).
    /// - Throws: `.notFound` for an unknown id; nothing changes.
    @discardableResult
    public func focus(_ id: UInt64) throws(CanvasError) -> VisibleUpdate? {
        guard let frame = frame(of: id) else { throw CanvasError(.notFound, "cannot focus id \(id): no item has it") }
        editing.focused = id
        return scrollIntoView(frame)
    }

    /// Clears the focus.
    public func clearFocus() { editing.focused = nil }

    /// Moves the focus to the best item in `direction` by `FocusRule`,
    /// found through the index with growing search regions, and scrolls it
    /// into view. With nothing focused, focuses the first visible item (the
    /// first item when none is visible).
    /// - Returns: the newly focused id, or `nil` when there is none that way
    ///   (the focus then stays).
    @discardableResult
    public func focusNext(_ direction: FocusDirection) -> UInt64? {
        guard let current = editing.focused, let position = resolvedPosition(of: current), position < resolvedCount else {
            guard let first = published?.visible.first ?? resolvedIDs.first else { return nil }
            _ = try? focus(first)
            return first
        }
        let frames = framesByPosition
        let from = frames[position]
        let bounds = placement.contentBounds.union(from)
        var limit = max(256, from.width, from.height)
        while true {
            let region = FocusRule.searchRegion(from: from, direction: direction, limit: limit)
            var best: (score: Double, position: Int)?
            for candidate in worldQuery(region) where candidate != position {
                guard let score = FocusRule.score(from: from, to: frames[candidate], direction: direction) else { continue }
                if best == nil || score < best!.score { best = (score, candidate) }
            }
            if let best, best.score < limit {
                let id = resolvedIDs[best.position]
                _ = try? focus(id)
                return id
            }
            // Done once the region holds all of the content beyond the edge.
            let across = direction == .left || direction == .right
                ? region.minY <= bounds.minY && region.maxY >= bounds.maxY
                : region.minX <= bounds.minX && region.maxX >= bounds.maxX
            let deep = switch direction {
            case .right: region.maxX >= bounds.maxX
            case .left: region.minX <= bounds.minX
            case .down: region.maxY >= bounds.maxY
            case .up: region.minY <= bounds.minY
            }
            let covers = across && deep
            if covers || !limit.isFinite {
                guard let best else { return nil }
                let id = resolvedIDs[best.position]
                _ = try? focus(id)
                return id
            }
            limit *= 2
        }
    }

    /// Scrolls the least that shows `frame` (zoomed content) whole.
    @discardableResult
    public func scrollIntoView(_ frame: Rect) -> VisibleUpdate? {
        var offset = viewport.offset
        let size = viewport.size
        func axis(_ origin: inout Double, _ low: Double, _ high: Double, _ extent: Double) {
            if high - low > extent || low < origin { origin = low } else if high > origin + extent { origin = high - extent }
        }
        axis(&offset.x, frame.minX, frame.maxX, size.width)
        axis(&offset.y, frame.minY, frame.maxY, size.height)
        return setViewportOffset(offset)
    }
}
