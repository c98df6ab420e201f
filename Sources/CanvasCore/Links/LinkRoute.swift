/// Where a link runs: a pure function of its two frames, its style and its
/// sides, as React Flow's edge paths are of their handles. Nothing but the
/// points is stored, so a route is recomputed whenever either end moves.
public struct LinkRoute: Hashable, Sendable {
    public var style: LinkStyle
    /// A polyline's corners (straight: two points; step: the bends), or a
    /// curve's four Bézier control points. The first point lies on the
    /// source's border and the last on the target's.
    public var points: [Point]
    /// The sides the route leaves and enters by, on the page.
    public var sourceSide: PhysicalSide
    public var targetSide: PhysicalSide

    public init(style: LinkStyle, points: [Point], sourceSide: PhysicalSide, targetSide: PhysicalSide) {
        self.style = style
        self.points = points
        self.sourceSide = sourceSide
        self.targetSide = targetSide
    }

    /// The smallest rectangle holding every point. A Bézier curve lies inside
    /// its control points' hull, so this bounds a curve too: the culling index
    /// keeps routes by it.
    public var bounds: Rect {
        guard var minX = points.first?.x, var minY = points.first?.y else { return .zero }
        var maxX = minX, maxY = minY
        for p in points.dropFirst() {
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The shortest distance from `point` to the drawn route: the polyline's
    /// segments, or the curve flattened into short chords.
    public func distance(to point: Point) -> Double {
        let path = style == .curve && points.count == 4 ? flattenedCurve(segments: 32) : points
        guard let first = path.first else { return .infinity }
        var best = hypot2(point.x - first.x, point.y - first.y)
        for i in path.indices.dropFirst() {
            best = min(best, segmentDistance(point, path[i - 1], path[i]))
        }
        return best
    }

    /// The curve as `segments + 1` points along it (de Casteljau at even t).
    public func flattenedCurve(segments: Int) -> [Point] {
        guard style == .curve, points.count == 4, segments > 0 else { return points }
        return (0...segments).map { bezierPoint(Double($0) / Double(segments)) }
    }

    /// The point of a curve route at parameter `t` in [0, 1].
    public func bezierPoint(_ t: Double) -> Point {
        let p0 = points[0], p1 = points[1], p2 = points[2], p3 = points[3]
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
                     y: a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }
}

/// Computes routes. Its settings are the ones every route of a canvas shares.
public struct LinkRouter: Hashable, Sendable {
    /// The reading direction leading and trailing sides follow.
    public var direction: LayoutDirection
    /// How far a step route runs straight out of a side before it may turn
    /// (React Flow's smooth step offset).
    public var stepOffset: Double
    /// The pull of a curve's control points (React Flow's default, 0.25).
    public var curvature: Double

    public init(direction: LayoutDirection = .leftToRight, stepOffset: Double = 20, curvature: Double = 0.25) {
        self.direction = direction
        self.stepOffset = stepOffset
        self.curvature = curvature
    }

    /// The route of `link` from the frame `source` to the frame `target`.
    public func route(_ link: Link, from source: Rect, to target: Rect) -> LinkRoute {
        route(style: link.style, sourceSide: link.sourceSide, targetSide: link.targetSide, from: source, to: target)
    }

    public func route(
        style: LinkStyle, sourceSide: LinkSide = .auto, targetSide: LinkSide = .auto,
        from source: Rect, to target: Rect
    ) -> LinkRoute {
        var path = StepPath()
        let (exitSide, entrySide) = routePath(style: style, sourceSide: sourceSide, targetSide: targetSide,
                                              from: source, to: target, into: &path)
        return LinkRoute(style: style, points: path.array, sourceSide: exitSide, targetSide: entrySide)
    }

    /// The points `route` gives, into `path` (held inline: a host's frame
    /// copies every visible route, and an array for each cost more than the
    /// arithmetic); returns the sides the route leaves and enters by.
    func routePath(
        style: LinkStyle, sourceSide: LinkSide, targetSide: LinkSide,
        from source: Rect, to target: Rect, into path: inout StepPath
    ) -> (PhysicalSide, PhysicalSide) {
        let exitSide = sourceSide.physical(from: source, toward: target, direction: direction)
        let entrySide = targetSide.physical(from: target, toward: source, direction: direction)
        path = StepPath()
        switch style {
        case .straight:
            // On the centre line unless a side is named, so a straight link
            // points at the middle of both cards.
            path.append(sourceSide == .auto ? borderPoint(of: source, toward: target) : exitSide.anchor(on: source))
            path.append(targetSide == .auto ? borderPoint(of: target, toward: source) : entrySide.anchor(on: target))
        case .step:
            path = stepPath(from: exitSide.anchor(on: source), leaving: exitSide,
                            to: entrySide.anchor(on: target), entering: entrySide)
            path.simplify()
        case .curve:
            let start = exitSide.anchor(on: source), end = entrySide.anchor(on: target)
            path.append(start)
            path.append(control(exitSide, start, end))
            path.append(control(entrySide, end, start))
            path.append(end)
        }
        return (exitSide, entrySide)
    }

    /// Where the line from `frame`'s centre to `other`'s centre crosses
    /// `frame`'s border (the centre itself when the centres coincide).
    func borderPoint(of frame: Rect, toward other: Rect) -> Point {
        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
        let dx = other.x + other.width / 2 - cx, dy = other.y + other.height / 2 - cy
        var t = Double.infinity
        if dx != 0 { t = min(t, frame.width / 2 / abs(dx)) }
        if dy != 0 { t = min(t, frame.height / 2 / abs(dy)) }
        guard t.isFinite else { return Point(x: cx, y: cy) }
        return Point(x: cx + t * dx, y: cy + t * dy)
    }

    /// A curve's control point for the end at `from`, pulled out of `side`
    /// toward `to`: half the distance when the other end lies ahead, and a
    /// loop growing with the square root of the distance when it lies behind.
    func control(_ side: PhysicalSide, _ from: Point, _ to: Point) -> Point {
        func offset(_ distance: Double) -> Double {
            distance >= 0 ? 0.5 * distance : curvature * 25 * (-distance).squareRoot()
        }
        switch side {
        case .left: return Point(x: from.x - offset(from.x - to.x), y: from.y)
        case .right: return Point(x: from.x + offset(to.x - from.x), y: from.y)
        case .top: return Point(x: from.x, y: from.y - offset(from.y - to.y))
        case .bottom: return Point(x: from.x, y: from.y + offset(to.y - from.y))
        }
    }

    /// An orthogonal path that leaves `start` straight out of `exit` and
    /// enters `end` straight in through `entry`. Built in a buffer of six
    /// points on the stack and simplified into the one array it returns: a
    /// drag re-routes thousands of these a frame, and array literals and a
    /// second array cost more than the arithmetic.
    func stepPoints(from start: Point, leaving exit: PhysicalSide, to end: Point, entering entry: PhysicalSide) -> [Point] {
        stepPath(from: start, leaving: exit, to: end, entering: entry).simplified()
    }

    /// The step route's points before simplifying (simplifying drops only
    /// repeated points and corners between two others on one line, so the
    /// bounds are the same).
    func stepPath(from start: Point, leaving exit: PhysicalSide, to end: Point, entering entry: PhysicalSide) -> StepPath {
        let out = exit.outward, back = entry.outward
        let startGap = Point(x: start.x + out.dx * stepOffset, y: start.y + out.dy * stepOffset)
        let endGap = Point(x: end.x + back.dx * stepOffset, y: end.y + back.dy * stepOffset)
        var path = StepPath()
        if exit.isHorizontal == entry.isHorizontal {
            let horizontal = exit.isHorizontal
            // Positions along the sides' axis (a) and across it (b).
            func a(_ p: Point) -> Double { horizontal ? p.x : p.y }
            func b(_ p: Point) -> Double { horizontal ? p.y : p.x }
            func make(_ a: Double, _ b: Double) -> Point { horizontal ? Point(x: a, y: b) : Point(x: b, y: a) }
            let sign = horizontal ? out.dx : out.dy
            if (horizontal ? back.dx : back.dy) == -sign {
                // Facing sides: turn halfway when the target lies ahead,
                // otherwise go round through the middle across the axis.
                if (a(endGap) - a(startGap)) * sign >= 0 {
                    let middle = (a(start) + a(end)) / 2
                    path.append(start)
                    path.append(make(middle, b(start)))
                    path.append(make(middle, b(end)))
                    path.append(end)
                } else {
                    let middle = (b(start) + b(end)) / 2
                    path.append(start)
                    path.append(startGap)
                    path.append(make(a(startGap), middle))
                    path.append(make(a(endGap), middle))
                    path.append(endGap)
                    path.append(end)
                }
            } else {
                // Both sides face the same way: run out past the farther one.
                let far = sign > 0 ? max(a(startGap), a(endGap)) : min(a(startGap), a(endGap))
                path.append(start)
                path.append(make(far, b(start)))
                path.append(make(far, b(end)))
                path.append(end)
            }
        } else {
            // One horizontal side, one vertical: a single corner when it lies
            // ahead of both ends, otherwise through both gaps.
            let corner = exit.isHorizontal ? Point(x: end.x, y: start.y) : Point(x: start.x, y: end.y)
            let ahead = (corner.x - start.x) * out.dx + (corner.y - start.y) * out.dy
            let behind = (corner.x - end.x) * back.dx + (corner.y - end.y) * back.dy
            if ahead >= stepOffset && behind >= stepOffset {
                path.append(start)
                path.append(corner)
                path.append(end)
            } else {
                let turn = exit.isHorizontal ? Point(x: startGap.x, y: endGap.y) : Point(x: endGap.x, y: startGap.y)
                path.append(start)
                path.append(startGap)
                path.append(turn)
                path.append(endGap)
                path.append(end)
            }
        }
        return path
    }

    /// The bounds of the points `route(link, from:to:)` gives (its
    /// `bounds`), without building the route: what the links' culling index
    /// holds, recomputed for every link at a build and for a dragged card's
    /// links every frame.
    func routeBounds(_ link: Link, from source: Rect, to target: Rect) -> Rect {
        let exitSide = link.sourceSide.physical(from: source, toward: target, direction: direction)
        let entrySide = link.targetSide.physical(from: target, toward: source, direction: direction)
        var path = StepPath()
        switch link.style {
        case .straight:
            path.append(link.sourceSide == .auto ? borderPoint(of: source, toward: target) : exitSide.anchor(on: source))
            path.append(link.targetSide == .auto ? borderPoint(of: target, toward: source) : entrySide.anchor(on: target))
        case .step:
            path = stepPath(from: exitSide.anchor(on: source), leaving: exitSide, to: entrySide.anchor(on: target), entering: entrySide)
        case .curve:
            let start = exitSide.anchor(on: source), end = entrySide.anchor(on: target)
            path.append(start)
            path.append(control(exitSide, start, end))
            path.append(control(entrySide, end, start))
            path.append(end)
        }
        return path.bounds
    }
}

/// Up to six points of a step route, held inline (no allocation).
struct StepPath {
    var points: (Point, Point, Point, Point, Point, Point) = (.zero, .zero, .zero, .zero, .zero, .zero)
    var count = 0

    @inline(__always) mutating func append(_ p: Point) {
        withUnsafeMutableBytes(of: &points) { $0.baseAddress!.assumingMemoryBound(to: Point.self)[count] = p }
        count += 1
    }

    /// The box around the points (as `LinkRoute.bounds`).
    var bounds: Rect {
        withUnsafeBytes(of: points) { raw in
            let path = raw.baseAddress!.assumingMemoryBound(to: Point.self)
            guard count > 0 else { return .zero }
            var minX = path[0].x, minY = path[0].y, maxX = minX, maxY = minY
            for k in 1..<max(count, 1) {
                minX = min(minX, path[k].x); maxX = max(maxX, path[k].x)
                minY = min(minY, path[k].y); maxY = max(maxY, path[k].y)
            }
            return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
    }

    /// The points as an array.
    var array: [Point] {
        withUnsafeBytes(of: points) { raw in
            let path = raw.baseAddress!.assumingMemoryBound(to: Point.self)
            return [Point](uninitializedCapacity: count) { out, initialized in
                for k in 0..<count { out[k] = path[k] }
                initialized = count
            }
        }
    }

    /// The polyline without repeated points or corners that do not turn.
    func simplified() -> [Point] {
        var path = self
        path.simplify()
        return path.array
    }

    /// Drops repeated points and corners that do not turn, in place.
    mutating func simplify() {
        let total = count
        count = withUnsafeMutableBytes(of: &points) { raw in
            let out = raw.baseAddress!.assumingMemoryBound(to: Point.self)
            var n = 0
            for k in 0..<total {
                let p = out[k]  // k >= n: read before any write at k
                if n > 0, out[n - 1] == p { continue }
                if n >= 2 {
                    let a = out[n - 2], b = out[n - 1]
                    let collinear = (b.x - a.x) * (p.y - b.y) - (b.y - a.y) * (p.x - b.x) == 0
                    let forward = (b.x - a.x) * (p.x - b.x) + (b.y - a.y) * (p.y - b.y) >= 0
                    if collinear && forward { out[n - 1] = p; continue }
                }
                out[n] = p
                n += 1
            }
            return n
        }
    }

    /// The point at `k` (below `count`).
    subscript(k: Int) -> Point {
        withUnsafeBytes(of: points) { $0.baseAddress!.assumingMemoryBound(to: Point.self)[k] }
    }
}

func hypot2(_ dx: Double, _ dy: Double) -> Double { (dx * dx + dy * dy).squareRoot() }

/// The distance from `p` to the segment from `a` to `b`.
func segmentDistance(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let dx = b.x - a.x, dy = b.y - a.y
    let length2 = dx * dx + dy * dy
    var t = length2 > 0 ? ((p.x - a.x) * dx + (p.y - a.y) * dy) / length2 : 0
    t = min(max(t, 0), 1)
    return hypot2(p.x - (a.x + t * dx), p.y - (a.y + t * dy))
}
