/// The bends a layered layout on a canvas drew its links through, kept
/// with the frames it placed (before the resolve pipeline moved and
/// mirrored them), so the engine routes each long link through its bends.
public final class LayeredBends: @unchecked Sendable {
    // Written by the layout's place and read by the engine, on the engine's thread.
    var placed: [Rect] = []
    var sources: [Int] = []
    var targets: [Int] = []
    var bends: [[Point]] = []
    /// The rank gaps' middles along the direction, and whether it is x.
    var gaps: [Double] = []
    var horizontal = false

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
        sink.gaps = result.rankGaps
        sink.horizontal = layout.direction == .right
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
    func routeThroughBends(at position: Int, sourceSlot: Int, targetSlot: Int) -> LinkRoute? {
        guard let sink = layeredBends, !editing.isFree,
              let source = resolvedIDs.position(ofSlot: sourceSlot), let target = resolvedIDs.position(ofSlot: targetSlot), position < sink.bends.count, !sink.bends[position].isEmpty,
              sink.sources[position] == source, sink.targets[position] == target,
              sink.placed.count == resolvedCount else { return nil }
        // The pipeline moved the placed frames (and mirrored them for right
        // to left): x' = a ± x, y' = y + b, read off the source's frame.
        let placed = sink.placed[source], final = worldFrame(at: source)
        let mirrored = options.direction == .rightToLeft
        let a = mirrored ? final.minX + placed.maxX : final.minX - placed.minX
        let b = final.minY - placed.minY
        func onPage(_ p: Point) -> Point { Point(x: mirrored ? a - p.x : a + p.x, y: p.y + b) }
        let from = final, to = worldFrame(at: target)
        let link = links[position]
        if link.style == .step {
            // Routed on the placed frames (where the gaps are known), then
            // moved onto the page; a mirror swaps left and right.
            func mirror(_ side: PhysicalSide) -> PhysicalSide {
                guard mirrored else { return side }
                return side == .left ? .right : side == .right ? .left : side
            }
            let exit = link.sourceSide == .auto ? nil
                : mirror(link.sourceSide.physical(from: from, toward: to, direction: options.direction))
            let entry = link.targetSide == .auto ? nil
                : mirror(link.targetSide.physical(from: to, toward: from, direction: options.direction))
            let steps = BendSteps(gaps: sink.gaps, horizontal: sink.horizontal, offset: linkRouter.stepOffset)
            let path = steps.route(from: sink.placed[source], to: sink.placed[target], through: sink.bends[position],
                                   exit: exit, entry: entry)
            // Simplified on the page: two corners a rounding apart in the
            // placed frames can land on one point there.
            return LinkRoute(style: .step, points: BendSteps.simplified(path.points.map(onPage)), sourceSide: mirror(path.exit),
                             targetSide: mirror(path.entry))
        }
        var points = sink.bends[position].map(onPage)
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

/// A step route through a layered layout's bends, on the placed frames:
/// along the direction through each bend (its rank keeps room for it),
/// across only in the middle of the gap between two ranks, where no item
/// stands. Out of the source by its side and into the target by its side:
/// the side facing the next rank unless one is named; a named side across
/// the direction runs out `offset` first, one facing away from the bends
/// goes round the frame.
struct BendSteps {
    /// The gaps' middles along the direction, ascending.
    let gaps: [Double]
    /// Whether the direction runs along x (a layout growing right).
    let horizontal: Bool
    let offset: Double

    func along(_ p: Point) -> Double { horizontal ? p.x : p.y }
    func across(_ p: Point) -> Double { horizontal ? p.y : p.x }
    func point(along a: Double, across c: Double) -> Point { horizontal ? Point(x: a, y: c) : Point(x: c, y: a) }
    func centre(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

    /// The side facing along the direction (`sign` 1) or against it (-1).
    func facing(_ sign: Double) -> PhysicalSide {
        horizontal ? (sign > 0 ? .right : .left) : (sign > 0 ? .bottom : .top)
    }

    /// The middle of the gap between two neighbouring ranks' centres.
    func gap(_ u: Double, _ v: Double) -> Double {
        let low = min(u, v), high = max(u, v)
        var l = 0, h = gaps.count
        while l < h {
            let m = (l + h) / 2
            if gaps[m] <= low { l = m + 1 } else { h = m }
        }
        return l < gaps.count && gaps[l] < high ? gaps[l] : (low + high) / 2
    }

    func route(from source: Rect, to target: Rect, through bends: [Point], exit: PhysicalSide?,
               entry: PhysicalSide?) -> (points: [Point], exit: PhysicalSide, entry: PhysicalSide) {
        let first = bends[0], last = bends[bends.count - 1]
        let sign: Double = along(first) >= along(centre(source)) ? 1 : -1
        let exitSide = exit ?? facing(sign), entrySide = entry ?? facing(-sign)
        var points = leg(from: source, by: exitSide, to: first, sign: sign)
        points.append(first)
        for k in bends.indices.dropFirst() {
            let g = gap(along(bends[k - 1]), along(bends[k]))
            points.append(point(along: g, across: across(bends[k - 1])))
            points.append(point(along: g, across: across(bends[k])))
            points.append(bends[k])
        }
        points.append(contentsOf: leg(from: target, by: entrySide, to: last, sign: -sign).reversed())
        return (points, exitSide, entrySide)
    }

    /// From `frame`'s side to the gap before `bend` (which lies `sign`
    /// along the direction from it), ending above `bend` in that gap.
    func leg(from frame: Rect, by side: PhysicalSide, to bend: Point, sign: Double) -> [Point] {
        let anchor = side.anchor(on: frame), out = side.outward
        let g = gap(along(centre(frame)), along(bend))
        let outAlong = horizontal ? out.dx : out.dy
        var points = [anchor]
        if outAlong == sign {
            points.append(point(along: g, across: across(anchor)))
        } else if outAlong == 0 {
            let c = across(anchor) + (horizontal ? out.dy : out.dx) * offset
            points.append(point(along: along(anchor), across: c))
            points.append(point(along: g, across: c))
        } else {
            // Facing away: out, round the side nearer the bend, then on.
            let back = along(anchor) - sign * offset
            let c = across(bend) >= across(centre(frame))
                ? (horizontal ? frame.maxY : frame.maxX) + offset
                : (horizontal ? frame.minY : frame.minX) - offset
            points.append(point(along: back, across: across(anchor)))
            points.append(point(along: back, across: c))
            points.append(point(along: g, across: c))
        }
        points.append(point(along: g, across: across(bend)))
        return points
    }

    /// The orthogonal polyline without repeated points or corners that do
    /// not turn, coordinates within a rounding error taken as equal (a
    /// frame's centre and a bend placed on it can differ in the last bit).
    static func simplified(_ path: [Point]) -> [Point] {
        @inline(__always) func same(_ a: Double, _ b: Double) -> Bool {
            abs(a - b) <= 1e-9 * max(1, abs(a), abs(b))
        }
        var out: [Point] = []
        out.reserveCapacity(path.count)
        for p in path {
            if let last = out.last, same(last.x, p.x) && same(last.y, p.y) { continue }
            if out.count >= 2 {
                let a = out[out.count - 2], b = out[out.count - 1]
                let line = (same(a.x, b.x) && same(b.x, p.x)) || (same(a.y, b.y) && same(b.y, p.y))
                let forward = (b.x - a.x) * (p.x - b.x) + (b.y - a.y) * (p.y - b.y) >= 0
                if line && forward { out[out.count - 1] = p; continue }
            }
            out.append(p)
        }
        return out
    }
}
