/// A pan's visible list from the last one (issue 20: a fling frame on a
/// free canvas re-ran the whole culling query, 6,551 items on clustered
/// data, and sorted them again).
///
/// When only the culling rectangle moved since the last publish (same zoom,
/// frames, ids, size; level of detail off) and the new one overlaps the
/// old, the new list is the old one filtered by the new rectangle, merged
/// with what the index finds in the bands the rectangle newly covers: the
/// work is the visible list once plus the band, not the area.
extension CanvasEngine {
    /// The culling positions after a pan, ascending, or nil when a full
    /// query is needed.
    func pannedPositions(since last: PublishInputs?) -> [Int]? {
        guard editing.index != nil, detailSettings == nil, let last, let before = publishedPositions,
              published != nil, !viewport.size.isZeroArea
        else { return nil }
        let now = publishInputs
        // The same size too: a window of no area published nothing, whatever its culling rectangle.
        guard now.size == last.size, now.zoom == last.zoom, now.generation == last.generation, now.frames == last.frames,
              now.detail == nil, last.detail == nil, now.culling != last.culling
        else { return nil }
        let old = last.culling, new = now.culling
        // Bands wider than half the rectangle cost about what the full query does.
        guard old.intersects(new), abs(new.x - old.x) < new.width / 2, abs(new.y - old.y) < new.height / 2
        else { return nil }
        let zoom = self.zoom
        let frames = placement.frames, ids = resolvedIDs
        // The bands of `new` outside `old`, each reaching a point into `old`
        // so rounding at the shared edge cannot open a gap; what they find is
        // tested against both rectangles exactly, so the overlap is harmless.
        var bands: [Rect] = []
        if new.y < old.y { bands.append(Rect(x: new.x, y: new.y, width: new.width, height: old.y - new.y + 1)) }
        if new.maxY > old.maxY { bands.append(Rect(x: new.x, y: old.maxY - 1, width: new.width, height: new.maxY - old.maxY + 1)) }
        if new.x < old.x { bands.append(Rect(x: new.x, y: new.y, width: old.x - new.x + 1, height: new.height)) }
        if new.maxX > old.maxX { bands.append(Rect(x: old.maxX - 1, y: new.y, width: new.maxX - old.maxX + 1, height: new.height)) }
        var added: [Int] = []
        for band in bands {
            let found = query(band)
            for (position, slot) in zip(found, ids.slots(at: found)) {
                let frame = zoom.rect(frames[slot])
                if frame.intersects(new) && !frame.intersects(old) { added.append(position) }
            }
        }
        if bands.count > 1 {
            added.sort()
            var unique = 0
            for position in added where unique == 0 || added[unique - 1] != position {
                added[unique] = position
                unique += 1
            }
            added.removeLast(added.count - unique)
        }
        // Kept and added are disjoint (the added did not meet `old`): one merge.
        var result: [Int] = []
        result.reserveCapacity(before.count + added.count)
        var next = 0
        for (position, slot) in zip(before, ids.slots(at: before)) where zoom.rect(frames[slot]).intersects(new) {
            while next < added.count && added[next] < position {
                result.append(added[next])
                next += 1
            }
            result.append(position)
        }
        result.append(contentsOf: added[next...])
        return result
    }
}
