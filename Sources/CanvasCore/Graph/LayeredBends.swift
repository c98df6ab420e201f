/// The bends a layered layout on a canvas drew its links through, kept
/// with the frames it placed (before the resolve pipeline moved and
/// mirrored them), so the engine routes each long link through its bends.
public final class LayeredBends: @unchecked Sendable {
    // Written by the layout's place and read by the engine, on the engine's thread.
    var placed: [Rect] = []
    var sources: [Int] = []
    var targets: [Int] = []
    var bends: [[Point]] = []

    init() {}
}

/// A layered layout that leaves its bends in a ``LayeredBends``.
struct LayeredOnCanvas: CanvasLayout {
    var layout: LayeredLayout
    let sink: LayeredBends

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        let result = layout.layout(items)
        let links = layout.links ?? items.links
        // Valid links only, in order, as the result's bends are.
        var sources: [Int] = [], targets: [Int] = []
        for (s, t) in links.valid(count: items.count) {
            sources.append(s)
            targets.append(t)
        }
        sink.placed = result.frames
        sink.sources = sources
        sink.targets = targets
        sink.bends = result.bends
        return result.frames
    }
}

extension CanvasEngine {
    /// Selects the layered layout; its long links are routed through their
    /// bends (a polyline from the source's border through each bend to the
    /// target's), while it stays the layout and the canvas is not free.
    public func setLayout(_ newLayout: LayeredLayout) {
        let sink = LayeredBends()
        setLayout(LayeredOnCanvas(layout: newLayout, sink: sink))
        layeredBends = sink
    }

    /// The route of the link at `position` through the bends the layered
    /// layout gave it, on the unzoomed frames; nil when it has none, or the
    /// bends were drawn for other links or frames.
    func routeThroughBends(at position: Int, source: Int, target: Int) -> LinkRoute? {
        guard let sink = layeredBends, !editing.isFree, position < sink.bends.count, !sink.bends[position].isEmpty,
              sink.sources[position] == source, sink.targets[position] == target,
              sink.placed.count == resolution.frames.count else { return nil }
        // The pipeline moved the placed frames (and mirrored them for right
        // to left): x' = a ± x, y' = y + b, read off the source's frame.
        let placed = sink.placed[source], final = resolution.frames[source]
        let mirrored = options.direction == .rightToLeft
        let a = mirrored ? final.minX + placed.maxX : final.minX - placed.minX
        let b = final.minY - placed.minY
        var points = sink.bends[position].map { Point(x: mirrored ? a - $0.x : a + $0.x, y: $0.y + b) }
        let from = resolution.frames[source], to = resolution.frames[target]
        points.insert(Self.borderPoint(of: from, toward: points[0]), at: 0)
        points.append(Self.borderPoint(of: to, toward: points[points.count - 1]))
        return LinkRoute(style: .straight, points: points, sourceSide: Self.side(of: from, at: points[0]),
                         targetSide: Self.side(of: to, at: points[points.count - 1]))
    }

    /// Where the segment from the frame's centre toward `point` leaves the frame.
    static func borderPoint(of frame: Rect, toward point: Point) -> Point {
        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
        let dx = point.x - cx, dy = point.y - cy
        let tx = dx == 0 ? Double.infinity : (frame.width / 2) / abs(dx)
        let ty = dy == 0 ? Double.infinity : (frame.height / 2) / abs(dy)
        let t = min(tx, ty, 1)
        return Point(x: cx + t * dx, y: cy + t * dy)
    }

    /// The side of the frame a border point lies on.
    static func side(of frame: Rect, at point: Point) -> PhysicalSide {
        let distances: [(Double, PhysicalSide)] = [
            (abs(point.y - frame.minY), .top), (abs(point.y - frame.maxY), .bottom),
            (abs(point.x - frame.minX), .left), (abs(point.x - frame.maxX), .right),
        ]
        return distances.min { $0.0 < $1.0 }!.1
    }
}
