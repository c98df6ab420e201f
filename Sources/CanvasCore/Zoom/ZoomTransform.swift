/// The one zoom-aware accessor: every frame, size, offset and target the
/// engine hands out passes through here, so content size, frames and
/// scroll positions cannot disagree about how big things are.
///
/// On each zoomed axis a position and a length are multiplied by the scale
/// and land on whole points; the other axis is untouched. At scale 1 nothing
/// changes at all, so an unzoomed canvas keeps its exact fractional frames.
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
        scaled ? (value * scale).rounded() : value
    }

    /// A frame in content space, zoomed.
    public func rect(_ rect: Rect) -> Rect {
        guard !isIdentity else { return rect }
        return Rect(
            x: zoom(rect.x, scalesX), y: zoom(rect.y, scalesY),
            width: zoom(rect.width, scalesX), height: zoom(rect.height, scalesY)
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
