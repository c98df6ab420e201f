/// A connector between two items: what a diagram's edge, a mind map's branch
/// or a node editor's wire is to the engine. A link stores only its ends and
/// how to draw between them; its route is computed from the two frames
/// (``LinkRoute``), so moving a card re-routes only the links that touch it.
public struct Link: Hashable, Sendable {
    /// The link's own id, unique among the canvas's links.
    public var id: UInt64
    /// The id of the item the link leaves.
    public var source: UInt64
    /// The id of the item the link enters.
    public var target: UInt64
    public var style: LinkStyle
    /// The side of the source's frame the link leaves by.
    public var sourceSide: LinkSide
    /// The side of the target's frame the link enters by.
    public var targetSide: LinkSide

    public init(
        id: UInt64, source: UInt64, target: UInt64, style: LinkStyle = .straight,
        sourceSide: LinkSide = .auto, targetSide: LinkSide = .auto
    ) {
        self.id = id
        self.source = source
        self.target = target
        self.style = style
        self.sourceSide = sourceSide
        self.targetSide = targetSide
    }
}

/// How a link is drawn between its ends.
public enum LinkStyle: Hashable, Sendable {
    /// One segment between the two borders.
    case straight
    /// Horizontal and vertical segments only, leaving and entering by the
    /// named sides; a host may round the corners.
    case step
    /// A cubic Bézier curve, as React Flow's default edge draws it.
    case curve
}

/// A side of an item's frame. Leading and trailing follow the reading
/// direction (leading is the left side left to right, the right side right
/// to left), so routes mirror with the items.
public enum LinkSide: Hashable, Sendable {
    /// The side that faces the link's other end.
    case auto
    case top
    case bottom
    case leading
    case trailing
}

/// A side resolved to the page: where a link's end sits once the reading
/// direction and `auto` are settled.
public enum PhysicalSide: Hashable, Sendable {
    case top, bottom, left, right

    /// The unit vector pointing out of the frame through this side.
    var outward: (dx: Double, dy: Double) {
        switch self {
        case .top: (0, -1)
        case .bottom: (0, 1)
        case .left: (-1, 0)
        case .right: (1, 0)
        }
    }

    var isHorizontal: Bool { self == .left || self == .right }

    /// The midpoint of this side of `frame`.
    func anchor(on frame: Rect) -> Point {
        switch self {
        case .top: Point(x: frame.x + frame.width / 2, y: frame.y)
        case .bottom: Point(x: frame.x + frame.width / 2, y: frame.maxY)
        case .left: Point(x: frame.x, y: frame.y + frame.height / 2)
        case .right: Point(x: frame.maxX, y: frame.y + frame.height / 2)
        }
    }
}

extension LinkSide {
    /// This side on the page, for a frame whose link runs toward `other`.
    func physical(from frame: Rect, toward other: Rect, direction: LayoutDirection) -> PhysicalSide {
        switch self {
        case .top: return .top
        case .bottom: return .bottom
        case .leading: return direction == .leftToRight ? .left : .right
        case .trailing: return direction == .leftToRight ? .right : .left
        case .auto: return PhysicalSide.facing(from: frame, toward: other)
        }
    }
}

extension PhysicalSide {
    /// The side of `frame` that faces `other`: the axis on which the centres
    /// are farther apart, measured in the frames' combined half-extents so a
    /// wide card beside a tall one still picks the side a reader would.
    static func facing(from frame: Rect, toward other: Rect) -> PhysicalSide {
        let dx = (other.x + other.width / 2) - (frame.x + frame.width / 2)
        let dy = (other.y + other.height / 2) - (frame.y + frame.height / 2)
        let spanX = max((frame.width + other.width) / 2, .leastNormalMagnitude)
        let spanY = max((frame.height + other.height) / 2, .leastNormalMagnitude)
        if abs(dx) / spanX >= abs(dy) / spanY {
            return dx >= 0 ? .right : .left
        }
        return dy >= 0 ? .bottom : .top
    }
}
