/// How far the viewport of a free canvas may scroll.
public enum ScrollExtent: String, CaseIterable, Sendable {
    /// Anywhere, as on a whiteboard (the default for a free canvas).
    case unbounded
    /// Over the union of the frames plus the margins.
    case content
}

/// The offsets the viewport may take, per axis a closed range whose ends
/// may be infinite. The engine clamps every offset to its `scrollBounds`,
/// so motion (deceleration, rubber banding) can ask the same bounds.
public struct ScrollBounds: Hashable, Sendable {
    public var minX: Double
    public var maxX: Double
    public var minY: Double
    public var maxY: Double

    public init(minX: Double, maxX: Double, minY: Double, maxY: Double) {
        self.minX = minX
        self.maxX = maxX
        self.minY = minY
        self.maxY = maxY
    }

    public static let unbounded = ScrollBounds(minX: -.infinity, maxX: .infinity, minY: -.infinity, maxY: .infinity)

    /// Today's rule for laid-out canvases: [0, max(0, content − size)] per axis.
    public static func content(_ content: Size, viewport size: Size) -> ScrollBounds {
        ScrollBounds(minX: 0, maxX: max(0, content.width - size.width),
                     minY: 0, maxY: max(0, content.height - size.height))
    }

    /// The region `content` (zoomed, any origin) shown in a window of `size`:
    /// from its leading edge to where its far edge meets the window's. On an
    /// axis where the region is smaller than the window the offset is pinned
    /// where `anchor` puts the region in the window: `topLeading` at its
    /// leading edge, `center` (a free canvas's `content_anchor` default) in
    /// the middle, so a small board sits where its content anchor says at
    /// any zoom.
    public static func region(_ content: Rect, viewport size: Size, anchor: UnitPoint = .topLeading) -> ScrollBounds {
        func axis(_ lower: Double, _ length: Double, _ window: Double, _ unit: Double) -> (Double, Double) {
            length >= window ? (lower, lower + length - window) : (lower - (window - length) * unit, lower - (window - length) * unit)
        }
        let x = axis(content.minX, content.width, size.width, anchor.x)
        let y = axis(content.minY, content.height, size.height, anchor.y)
        return ScrollBounds(minX: x.0, maxX: x.1, minY: y.0, maxY: y.1)
    }

    public var isBoundedX: Bool { minX.isFinite || maxX.isFinite }
    public var isBoundedY: Bool { minY.isFinite || maxY.isFinite }

    /// `offset` moved into the bounds.
    public func clamp(_ offset: Point) -> Point {
        Point(x: min(max(offset.x, minX), maxX), y: min(max(offset.y, minY), maxY))
    }
}
