/// The one zoom-aware accessor: every frame, size, offset and target the
/// engine hands out passes through here, so content size, frames and
/// scroll positions cannot disagree about how big things are.
///
/// On each zoomed axis the edges are multiplied by the scale and land on
/// whole points (SwiftGridView's whole-point rule), and a frame's length is
/// the distance between its rounded edges; the other axis is untouched. At
/// scale 1 nothing changes at all, so an unzoomed canvas keeps its exact
/// fractional frames.
///
/// Rounding edges rather than a position and a length apart is what keeps
/// the zoomed canvas whole: rounding is monotonic, so a frame inside the
/// content size or bounds stays inside them, and two frames that touch or
/// keep apart at scale 1 still do when zoomed. A 100 × 50 item at the
/// origin becomes 134 × 67 at 1.337, as it always did; elsewhere a length
/// may differ by a point from its own rounded length (at 1.337 two touching
/// 100-point columns take [0, 134) and [134, 267) of a 267-point content
/// width: whole-point lengths for both, 268 points, could not fit).
public struct ZoomTransform: Hashable, Sendable {
    public var scale: Double
    public var axis: ZoomAxis

    public init(scale: Double, axis: ZoomAxis) {
        self.scale = scale
        self.axis = axis
    }

    public static let identity = ZoomTransform(scale: 1, axis: .horizontal)

    public var isIdentity: Bool { scale == 1 }
    var scalesX: Bool { scale != 1 && axis.zoomsX }
    var scalesY: Bool { scale != 1 && axis.zoomsY }

    @inline(__always)
    private func zoom(_ value: Double, _ scaled: Bool) -> Double {
        scaled ? Self.rounded(value * scale) : value
    }

    /// `value.rounded()` (to nearest, ties away from zero) without a call
    /// into libm, which was about a fifth of a frame copying every visible
    /// item: every zoomed edge (and a level-of-detail cluster's) is rounded.
    @inline(__always)
    static func rounded(_ value: Double) -> Double {
        guard abs(value) < 4_503_599_627_370_496 else { return value }  // 2^52 and up (or NaN): already whole
        // Truncating value ± the double just below a half rounds ties away
        // from zero and nothing else up: that sum's own rounding lands on
        // the next whole number exactly when the fraction is a half or more.
        // No branch on the fraction (a random one mispredicted half the
        // time: most of copying a zoomed frame, issue 20).
        let nudged = value + Double(signOf: value, magnitudeOf: 0.49999999999999994)
        return Double(signOf: value, magnitudeOf: Double(Int64(nudged)))  // -0.3 gives -0.0, as rounded() does
    }

    /// A frame in content space, zoomed: each edge rounded, the length
    /// between them.
    @inline(__always)  // a call per item was a third of copying a level-of-detail answer
    public func rect(_ rect: Rect) -> Rect {
        guard !isIdentity else { return rect }
        let x = zoom(rect.x, scalesX), y = zoom(rect.y, scalesY)
        return Rect(
            x: x, y: y,
            width: scalesX ? zoom(rect.x + rect.width, true) - x : rect.width,
            height: scalesY ? zoom(rect.y + rect.height, true) - y : rect.height
        )
    }

    /// A size (the content size, say), zoomed.
    public func size(_ size: Size) -> Size {
        guard !isIdentity else { return size }
        return Size(width: zoom(size.width, scalesX), height: zoom(size.height, scalesY))
    }

    /// A content position on `axis`, zoomed exactly (not rounded): where a
    /// viewport offset lands for an unzoomed point.
    public func position(_ value: Double, axis: Axis) -> Double {
        (axis == .horizontal ? scalesX : scalesY) ? value * scale : value
    }

    /// A content point, zoomed exactly (`position(_:axis:)` on each axis).
    public func point(_ point: Point) -> Point {
        guard !isIdentity else { return point }
        return Point(x: position(point.x, axis: .horizontal), y: position(point.y, axis: .vertical))
    }

    /// The inverse of `position(_:axis:)`.
    public func unzoomedPosition(_ value: Double, axis: Axis) -> Double {
        (axis == .horizontal ? scalesX : scalesY) ? value / scale : value
    }

    /// A zoomed rectangle taken back to unzoomed content coordinates, exactly.
    public func unzoomed(_ rect: Rect) -> Rect {
        Rect(x: unzoomedPosition(rect.x, axis: .horizontal), y: unzoomedPosition(rect.y, axis: .vertical),
             width: unzoomedPosition(rect.width, axis: .horizontal), height: unzoomedPosition(rect.height, axis: .vertical))
    }

    /// The unzoomed rectangle covering a zoomed one, grown by a point's worth
    /// of rounding on each zoomed side so that no frame that lands inside
    /// after rounding is missed. Callers filter candidates exactly.
    public func unzoomedCover(_ rect: Rect) -> Rect {
        guard !isIdentity else { return rect }
        let slackX = scalesX ? 1 / scale : 0
        let slackY = scalesY ? 1 / scale : 0
        let x = scalesX ? rect.x / scale : rect.x
        let y = scalesY ? rect.y / scale : rect.y
        let width = scalesX ? rect.width / scale : rect.width
        let height = scalesY ? rect.height / scale : rect.height
        return Rect(x: x - slackX, y: y - slackY, width: width + 2 * slackX, height: height + 2 * slackY)
    }
}
