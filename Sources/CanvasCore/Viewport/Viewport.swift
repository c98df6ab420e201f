/// The window a host shows onto the canvas.
public struct Viewport: Hashable, Sendable {
    /// The window's size, in points.
    public var size: Size = .zero
    /// The content offset: where the window's top-left corner sits on the
    /// (zoomed) canvas. Always clamped to the content.
    public var offset: Point = .zero
    /// How far beyond the window items count as visible, so views are ready
    /// before they scroll in. Never negative.
    public var overscan: Double = 128
    /// True while the host says it is moving the viewport with its own
    /// physics (`setMoving`). The engine's own motion is `CanvasEngine.isMoving`.
    public var isMoving = false

    public init() {}

    /// The visible rectangle, in content coordinates, without overscan.
    public var visibleRect: Rect { Rect(origin: offset, size: size) }

    /// The rectangle that counts for culling: visible plus overscan.
    public var cullingRect: Rect { visibleRect.insetBy(-overscan) }

    /// Refuses a size and overscan whose culling rectangle leaves the finite
    /// range (an overscan of 9e307 doubled overflows): culling by it would
    /// find nothing, silently.
    /// - Throws: `CanvasError.nonFinite`, naming the overscan and the size.
    public static func checkCulling(size: Size, overscan: Double) throws(CanvasError) {
        let width = size.width + 2 * overscan, height = size.height + 2 * overscan
        guard width.isFinite, height.isFinite else {
            throw CanvasError(.nonFinite, "overscan \(overscan) around a \(size.width) × \(size.height) viewport is past the finite range")
        }
    }

    /// `offset` clamped to [0, max(0, content − size)] on each axis.
    public static func clamp(_ offset: Point, size: Size, content: Size) -> Point {
        Point(
            x: min(max(offset.x, 0), max(0, content.width - size.width)),
            y: min(max(offset.y, 0), max(0, content.height - size.height))
        )
    }

    /// Where a region ends up when scrolled to at `anchor`: the anchor point
    /// of the region lines up with the same anchor point of the window.
    /// Unclamped; the engine clamps.
    public static func offset(showing region: Rect, at anchor: UnitPoint, size: Size) -> Point {
        Point(
            x: region.x + region.width * anchor.x - size.width * anchor.x,
            y: region.y + region.height * anchor.y - size.height * anchor.y
        )
    }
}

/// A direction to page in, for accessibility scrolling.
public enum PageDirection: String, CaseIterable, Sendable {
    case left, right, up, down

    /// One page is this share of the viewport, so a little of the last page
    /// stays in view for context.
    public static let pageFraction = 0.85
}

/// What a viewport change tells a host that recycles views (Pannable's
/// `CanvasViewport`): published again whenever any of it changes.
public struct VisibleUpdate: Hashable, Sendable {
    /// The visible rectangle (without overscan; past the content only while
    /// rubber-banding).
    public var rect: Rect
    /// The content size, zoomed.
    public var contentSize: Size = .zero
    /// Whether the viewport is moving (dragging, decelerating, bouncing,
    /// animating, pinching, or the host said so).
    public var isMoving = false
    /// Ids of the items in the culling rectangle, in data order.
    public var visible: [UInt64]
    /// Ids visible now but not in the last published update, in data order.
    public var appeared: [UInt64]
    /// Ids in the last published update but not now, in their old data order.
    public var disappeared: [UInt64]
    /// With level of detail on (`CanvasEngine.setLevelOfDetail`), the
    /// clusters of the culling rectangle; `visible` then holds only the items
    /// shown one by one. Empty otherwise.
    public var clusters: [LevelOfDetail.Cluster] = []
    /// Ids of the links drawn one by one (see CanvasEngine+PublishedLinks.swift), in link order.
    public var visibleLinks: [UInt64] = []
    /// Link ids in `visibleLinks` now but not in the last published update, in link order.
    public var appearedLinks: [UInt64] = []
    /// Link ids in the last published update's `visibleLinks` but not now, in their old order.
    public var disappearedLinks: [UInt64] = []
    /// With level of detail on, the links with an end drawn inside a
    /// cluster, one per pair of drawn ends, ordered by `from` then `to`
    /// (each by id, then item before cluster). Empty otherwise.
    public var clusterLinks: [ClusterLink] = []

    public init(
        rect: Rect, visible: [UInt64], appeared: [UInt64], disappeared: [UInt64],
        contentSize: Size = .zero, isMoving: Bool = false
    ) {
        self.rect = rect
        self.contentSize = contentSize
        self.isMoving = isMoving
        self.visible = visible
        self.appeared = appeared
        self.disappeared = disappeared
    }

    public static let empty = VisibleUpdate(rect: .zero, visible: [], appeared: [], disappeared: [])
}
