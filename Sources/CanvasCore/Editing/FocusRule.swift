/// A direction for keyboard, D-pad and game-controller focus.
public enum FocusDirection: String, CaseIterable, Sendable {
    case left, right, up, down
}

/// The rule `focusNext` uses to pick the next item in a direction.
///
/// Candidates lie wholly beyond the focused item's edge in that direction
/// (for `right`, a candidate's left edge is at or past the focused right
/// edge). Among them the lowest score wins, where
///
///     score = along + sidewaysWeight × sideways
///
/// `along` is the distance from the focused edge to the candidate's near
/// edge, and `sideways` the distance between the two centres across the
/// direction. Ties go to the earlier item in data order.
package enum FocusRule {
    public static let sidewaysWeight = 2.0

    /// The score of moving from `from` to `to`, or `nil` when `to` is not beyond `from`.
    public static func score(from: Rect, to: Rect, direction: FocusDirection) -> Double? {
        let along: Double, sideways: Double
        switch direction {
        case .right:
            along = to.minX - from.maxX
            sideways = abs((to.minY + to.maxY) - (from.minY + from.maxY)) / 2
        case .left:
            along = from.minX - to.maxX
            sideways = abs((to.minY + to.maxY) - (from.minY + from.maxY)) / 2
        case .down:
            along = to.minY - from.maxY
            sideways = abs((to.minX + to.maxX) - (from.minX + from.maxX)) / 2
        case .up:
            along = from.minY - to.maxY
            sideways = abs((to.minX + to.maxX) - (from.minX + from.maxX)) / 2
        }
        guard along >= 0 else { return nil }
        return along + sidewaysWeight * sideways
    }

    /// The region every candidate scoring below `limit` meets: a strip
    /// `limit` deep beyond the edge, `limit / sidewaysWeight` to each side
    /// of the centre line. Searching it with growing limits finds the best
    /// candidate through an index.
    public static func searchRegion(from: Rect, direction: FocusDirection, limit: Double) -> Rect {
        let side = limit / sidewaysWeight
        let midX = (from.minX + from.maxX) / 2, midY = (from.minY + from.maxY) / 2
        switch direction {
        case .right: return Rect(x: from.maxX, y: midY - side, width: limit, height: 2 * side)
        case .left: return Rect(x: from.minX - limit, y: midY - side, width: limit, height: 2 * side)
        case .down: return Rect(x: midX - side, y: from.maxY, width: 2 * side, height: limit)
        case .up: return Rect(x: midX - side, y: from.minY - limit, width: 2 * side, height: limit)
        }
    }
}
