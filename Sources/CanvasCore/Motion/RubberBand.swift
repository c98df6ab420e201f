/// How far past an edge a drag shows the content: UIScrollView's rubber
/// band as reimplemented in the open. Dragged `u` points past the edge, the
/// content goes `r(u) = (1 − 1 / (u · c / D + 1)) · D` past it, with c = 0.55
/// and D the viewport's size on that axis: about c·u at first, never D.
package enum RubberBand {
    public static let coefficient = 0.55

    /// r(u) for an overshoot u ≥ 0 along an axis `dimension` points long.
    public static func offset(_ overshoot: Double, dimension: Double) -> Double {
        guard overshoot > 0, dimension > 0 else { return 0 }
        return (1 - 1 / (overshoot * coefficient / dimension + 1)) * dimension
    }

    /// The overshoot u whose rubber band is `shown` (the inverse of `offset`),
    /// so a drag that catches content mid-bounce picks up where it is.
    public static func overshoot(showing shown: Double, dimension: Double) -> Double {
        guard shown > 0, dimension > 0 else { return 0 }
        let share = min(shown / dimension, 1 - 1e-9)
        return shown / (coefficient * (1 - share))
    }
}
