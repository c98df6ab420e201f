/// Where item sizes come from.
public enum ItemSizing: Hashable, Sendable {
    /// Each item's size as given with the items.
    case given
    /// Every item has this size; nothing is measured.
    case fixed(Size)
    /// Items use the estimate until the host's measure function has measured
    /// them, in chunks, between run-loop turns.
    case measured(estimate: Size)

    public static let defaultEstimate = Size(width: 120, height: 120)

    /// True when sizes come from measuring.
    public var isMeasured: Bool {
        if case .measured = self { return true }
        return false
    }
    public static let defaultChunkSize = 200
    /// Measured sides are clamped to this; a measurement is a size, not a canvas.
    public static let maximumMeasuredSide = 10_000.0

    /// A measurement clamped to 0…10,000 on each side, non-finite as 0.
    public static func clampMeasured(_ size: Size) -> Size {
        func side(_ value: Double) -> Double {
            value.isFinite ? min(max(value, 0), maximumMeasuredSide) : 0
        }
        return Size(width: side(size.width), height: side(size.height))
    }
}

/// The host's measure function: the item's id, its zero-based position and
/// the width the canvas proposes (`nil` when open); returns the size.
public typealias MeasureFunction = (_ id: UInt64, _ index: Int, _ proposalWidth: Double?) throws(CanvasError) -> Size

/// What one measuring step did.
public enum StepResult: Hashable, Sendable {
    /// Nothing to do: no measure function, nothing pending, or not measuring sizes.
    case idle
    /// The viewport is moving; measuring waits so scrolling stays smooth.
    case deferred
    /// Measured this many items; more are pending.
    case measured(Int)
    /// Measured the last chunk and resolved the layout once.
    case resolved
}
