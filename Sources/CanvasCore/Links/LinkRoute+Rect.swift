extension LinkRoute {
    /// Whether the drawn route (the polyline, or the curve flattened as
    /// `distance(to:)` flattens it) touches `rect`, edges included: what a
    /// marquee selecting links asks.
    public func meets(_ rect: Rect) -> Bool {
        let path = style == .curve && points.count == 4 ? flattenedCurve(segments: 32) : points
        guard let first = path.first else { return false }
        if path.count == 1 { return segmentMeets(first, first, rect) }
        for i in path.indices.dropFirst() where segmentMeets(path[i - 1], path[i], rect) { return true }
        return false
    }
}

/// Whether the segment from `a` to `b` touches the closed rectangle: the
/// segment clipped to each slab in turn (Liang and Barsky's clipping) keeps
/// some part.
func segmentMeets(_ a: Point, _ b: Point, _ rect: Rect) -> Bool {
    var low = 0.0, high = 1.0
    let dx = b.x - a.x, dy = b.y - a.y
    // Each edge as p · t ≤ q.
    for (p, q) in [(-dx, a.x - rect.minX), (dx, rect.maxX - a.x), (-dy, a.y - rect.minY), (dy, rect.maxY - a.y)] {
        if p == 0 {
            if q < 0 { return false }  // parallel to this edge and outside it
        } else {
            let t = q / p
            if p < 0 { low = max(low, t) } else { high = min(high, t) }
            if low > high { return false }
        }
    }
    return true
}
