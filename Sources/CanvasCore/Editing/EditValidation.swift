/// Guards called at the entry of the edit paths (issue 21, items 4 and 7):
/// each refuses an edit whole, before anything changes.
extension CanvasEngine {
    /// Refuses a new item list while a batch is open: the batch's edits
    /// name ids the new list may not have, so neither its rollback nor its
    /// commit could replay them.
    /// - Throws: `.invalidArgument`.
    func checkNoBatch(_ verb: String) throws(CanvasError) {
        guard editing.batchDepth == 0 else {
            throw CanvasError(.invalidArgument, "cannot \(verb) while a batch is open: commit or roll it back first")
        }
    }

    /// Refuses edits on a free canvas whose frames would put the items too
    /// far apart to measure, as `resolve()` does: the frames' union, the
    /// content size (union plus margins) and both zoomed must stay finite.
    /// - Parameters:
    ///   - changes: the frames the edit gives, by id; `isNew` for an
    ///     inserted item (else the frame replaces the item's own).
    ///   - what: names the edit for the message, with the id it fails at.
    /// - Complexity: O(changes); O(items) only when the quick bound (the
    ///   current union grown over the new frames) is past the finite range.
    /// - Throws: `.nonFinite`; nothing changes.
    func checkMeasurable(_ changes: [(id: UInt64, isNew: Bool, frame: Rect)], _ what: (UInt64) -> String) throws(CanvasError) {
        guard editing.isFree, editing.index != nil, !changes.isEmpty else { return }
        var bounds = resolvedCount == 0 ? nil : Extent(placement.contentBounds)
        for change in changes { bounds = bounds?.adding(change.frame) ?? Extent(change.frame) }
        if let bounds, measurable(bounds) { return }
        // Exact: the frames the edit keeps, then the new ones in order; the
        // first that breaks the union is the one named.
        let replaced = Set(changes.lazy.filter { !$0.isNew }.map(\.id))
        var exact: Extent?
        for (id, frame) in zip(resolvedIDs, worldFrames) where replaced.isEmpty || !replaced.contains(id) {
            exact = exact?.adding(frame) ?? Extent(frame)
        }
        for change in changes {
            let grown = exact?.adding(change.frame) ?? Extent(change.frame)
            guard measurable(grown) else {
                throw CanvasError(.nonFinite, "\(what(change.id)): its frame \(Resolver.describe(change.frame)) would place the items too far apart to measure (\(Resolver.describe(grown.rect)))")
            }
            exact = grown
        }
    }

    /// Whether the free frames as they stand now are measurable (after a
    /// drag step applied them): their union, content size and zoomed forms.
    /// - Complexity: O(1) when the kept content bounds (grown over every
    ///   applied frame, and only ever wider than the union while stale) are
    ///   measurable, so a drag step does not scan every frame (issue 20);
    ///   O(items) otherwise.
    func freeFramesMeasurable() -> Bool {
        guard editing.isFree, editing.index != nil, resolvedCount > 0 else { return true }
        if measurable(Extent(placement.contentBounds)) { return true }
        let frames = worldFrames
        var extent = Extent(frames[0])
        for frame in frames.dropFirst() { extent = extent.adding(frame) }
        return measurable(extent)
    }

    private func measurable(_ extent: Extent) -> Bool {
        let bounds = extent.rect
        guard bounds.isFinite else { return false }
        let size = Size(width: bounds.width + options.margins.horizontal, height: bounds.height + options.margins.vertical)
        return zoomedIsFinite(Resolution(frames: [], contentSize: size, contentBounds: bounds), at: zoomScale, axis: zoomSettings.axis)
    }
}

/// A union as its far edges (x + width may overflow where x and width do not).
private struct Extent {
    var minX, minY, maxX, maxY: Double

    init(_ frame: Rect) {
        minX = frame.x
        minY = frame.y
        maxX = frame.x + frame.width
        maxY = frame.y + frame.height
    }

    func adding(_ frame: Rect) -> Extent {
        var grown = self
        grown.minX = Swift.min(minX, frame.x)
        grown.minY = Swift.min(minY, frame.y)
        grown.maxX = Swift.max(maxX, frame.x + frame.width)
        grown.maxY = Swift.max(maxY, frame.y + frame.height)
        return grown
    }

    var rect: Rect { Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY) }
}
