import Testing
@testable import CanvasCore

@Suite("Link routes")
struct LinkRouteTests {
    let router = LinkRouter()

    /// True when `p` lies on the border of `frame` (within a rounding error).
    func onBorder(_ p: Point, _ frame: Rect) -> Bool {
        let e = 1e-9
        let inX = p.x >= frame.minX - e && p.x <= frame.maxX + e
        let inY = p.y >= frame.minY - e && p.y <= frame.maxY + e
        let onSide = abs(p.x - frame.minX) < e || abs(p.x - frame.maxX) < e
            || abs(p.y - frame.minY) < e || abs(p.y - frame.maxY) < e
        return inX && inY && onSide
    }

    func centre(_ r: Rect) -> Point { Point(x: r.x + r.width / 2, y: r.y + r.height / 2) }

    @Test("a straight route ends on both borders, on the line between the centres")
    func straightOnCentreLine() {
        var rng = SplitMix64(seed: 7)
        for _ in 0..<500 {
            let a = Rect(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng),
                         width: .random(in: 1...200, using: &rng), height: .random(in: 1...200, using: &rng))
            let b = Rect(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng),
                         width: .random(in: 1...200, using: &rng), height: .random(in: 1...200, using: &rng))
            let route = router.route(style: .straight, from: a, to: b)
            #expect(route.points.count == 2)
            #expect(onBorder(route.points[0], a))
            #expect(onBorder(route.points[1], b))
            let ca = centre(a), cb = centre(b)
            for p in route.points {
                let cross = (cb.x - ca.x) * (p.y - ca.y) - (cb.y - ca.y) * (p.x - ca.x)
                let scale = max(1, abs(cb.x - ca.x) + abs(cb.y - ca.y))
                #expect(abs(cross) / scale < 1e-6)
            }
        }
    }

    @Test("a straight route to a named side ends at that side's middle")
    func straightNamedSide() {
        let a = rect(0, 0, 100, 50), b = rect(300, 200, 80, 40)
        let route = router.route(style: .straight, sourceSide: .bottom, targetSide: .leading, from: a, to: b)
        #expect(route.points == [point(50, 50), point(300, 220)])
        let mirrored = LinkRouter(direction: .rightToLeft)
            .route(style: .straight, sourceSide: .bottom, targetSide: .leading, from: a, to: b)
        #expect(mirrored.points.last == point(380, 220))
    }

    @Test("auto sides face the other end")
    func autoSides() {
        let a = rect(0, 0, 100, 100)
        #expect(router.route(style: .step, from: a, to: rect(400, 10, 100, 100)).sourceSide == .right)
        #expect(router.route(style: .step, from: a, to: rect(-400, 10, 100, 100)).sourceSide == .left)
        #expect(router.route(style: .step, from: a, to: rect(10, 400, 100, 100)).sourceSide == .bottom)
        #expect(router.route(style: .step, from: a, to: rect(10, -400, 100, 100)).targetSide == .bottom)
    }

    @Test("step routes are orthogonal, leave and enter by the named sides",
          arguments: [LinkSide.auto, .top, .bottom, .leading, .trailing])
    func stepOrthogonal(exit: LinkSide) {
        var rng = SplitMix64(seed: 11)
        let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]
        for direction in [LayoutDirection.leftToRight, .rightToLeft] {
            let router = LinkRouter(direction: direction)
            for _ in 0..<300 {
                let a = Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                             width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
                let b = Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                             width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
                let entry = sides[Int.random(in: 0..<sides.count, using: &rng)]
                let route = router.route(style: .step, sourceSide: exit, targetSide: entry, from: a, to: b)
                let p = route.points
                #expect(p.count >= 2)
                #expect(p.first == route.sourceSide.anchor(on: a))
                #expect(p.last == route.targetSide.anchor(on: b))
                for i in 1..<p.count {
                    #expect(p[i - 1].x == p[i].x || p[i - 1].y == p[i].y, "segment \(i) is not orthogonal: \(p)")
                    #expect(p[i - 1] != p[i])
                }
                // The first segment runs out of the source side, the last into the target side.
                let out = route.sourceSide.outward, back = route.targetSide.outward
                if p.count > 2 || (p[1].x - p[0].x) * out.dx + (p[1].y - p[0].y) * out.dy > 0 {
                    let first = (p[1].x - p[0].x) * out.dx + (p[1].y - p[0].y) * out.dy
                    let last = (p[p.count - 2].x - p[p.count - 1].x) * back.dx + (p[p.count - 2].y - p[p.count - 1].y) * back.dy
                    #expect(first > 0, "leaves against its side: \(p)")
                    #expect(last > 0, "enters against its side: \(p)")
                }
                if exit != .auto {
                    #expect(route.sourceSide == exit.physical(from: a, toward: b, direction: direction))
                }
            }
        }
    }

    @Test("a step between facing sides turns halfway")
    func stepHalfway() {
        let route = router.route(style: .step, sourceSide: .trailing, targetSide: .leading,
                                 from: rect(0, 0, 100, 40), to: rect(300, 100, 100, 40))
        #expect(route.points == [point(100, 20), point(200, 20), point(200, 120), point(300, 120)])
    }

    @Test("a curve's control points are React Flow's")
    func curveControls() {
        // React Flow: source bottom at (sx, sy), target top at (tx, ty); curvature 0.25.
        let a = rect(0, 0, 100, 50), b = rect(200, 300, 100, 50)
        let route = router.route(style: .curve, sourceSide: .bottom, targetSide: .top, from: a, to: b)
        // Target below: the control offsets are half the vertical distance (250 / 2).
        #expect(route.points == [point(50, 50), point(50, 175), point(250, 175), point(250, 300)])
        // Target above the source's bottom side: 0.25 · 25 · √distance.
        let up = router.route(style: .curve, sourceSide: .bottom, targetSide: .top, from: b, to: a)
        let distance = 350.0 - 0.0
        expectClose(up.points[1].y, 350 + 0.25 * 25 * distance.squareRoot())
        expectClose(up.points[2].y, 0 - 0.25 * 25 * distance.squareRoot())
        #expect(up.points[1].x == 250 && up.points[2].x == 50)
    }

    @Test("curves over random frames and every pair of sides: ends at the sides' middles, controls as getBezierPath's",
          arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func curvesAsReactFlow(direction: LayoutDirection) {
        // React Flow's getBezierPath, written from its definition: a control
        // leaves each end along its side's normal by half the distance to
        // the other end along that normal, or, when the other end lies
        // behind the side, by curvature · 25 · √(that distance).
        func reactFlowControl(_ side: PhysicalSide, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Point {
            func offset(_ d: Double) -> Double { d >= 0 ? 0.5 * d : 0.25 * 25 * (-d).squareRoot() }
            switch side {
            case .left: return Point(x: x1 - offset(x1 - x2), y: y1)
            case .right: return Point(x: x1 + offset(x2 - x1), y: y1)
            case .top: return Point(x: x1, y: y1 - offset(y1 - y2))
            case .bottom: return Point(x: x1, y: y1 + offset(y2 - y1))
            }
        }
        func middle(_ side: PhysicalSide, _ r: Rect) -> Point {
            switch side {
            case .left: return Point(x: r.minX, y: r.y + r.height / 2)
            case .right: return Point(x: r.maxX, y: r.y + r.height / 2)
            case .top: return Point(x: r.x + r.width / 2, y: r.minY)
            case .bottom: return Point(x: r.x + r.width / 2, y: r.maxY)
            }
        }
        var rng = SplitMix64(seed: 17)
        let router = LinkRouter(direction: direction)
        let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]
        for _ in 0..<400 {
            let a = Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                         width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
            let b = Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                         width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
            let exit = sides[Int.random(in: 0..<sides.count, using: &rng)]
            let entry = sides[Int.random(in: 0..<sides.count, using: &rng)]
            let route = router.route(style: .curve, sourceSide: exit, targetSide: entry, from: a, to: b)
            // Leading is the left side left to right and the right side right to left.
            let leading: PhysicalSide = direction == .leftToRight ? .left : .right
            let trailing: PhysicalSide = direction == .leftToRight ? .right : .left
            for (given, actual) in [(exit, route.sourceSide), (entry, route.targetSide)] {
                switch given {
                case .top: #expect(actual == .top)
                case .bottom: #expect(actual == .bottom)
                case .leading: #expect(actual == leading)
                case .trailing: #expect(actual == trailing)
                case .auto: break
                }
            }
            let s = middle(route.sourceSide, a), t = middle(route.targetSide, b)
            #expect(route.points.count == 4)
            #expect(route.points[0] == s && route.points[3] == t)
            let c1 = reactFlowControl(route.sourceSide, s.x, s.y, t.x, t.y)
            let c2 = reactFlowControl(route.targetSide, t.x, t.y, s.x, s.y)
            expectClose(route.points[1].x, c1.x, tolerance: 1e-9)
            expectClose(route.points[1].y, c1.y, tolerance: 1e-9)
            expectClose(route.points[2].x, c2.x, tolerance: 1e-9)
            expectClose(route.points[2].y, c2.y, tolerance: 1e-9)
        }
    }

    @Test("routeBounds is the route's bounds, for every style and pair of sides",
          arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func boundsWithoutRoute(direction: LayoutDirection) {
        var rng = SplitMix64(seed: 23)
        let router = LinkRouter(direction: direction)
        let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]
        let styles: [LinkStyle] = [.straight, .step, .curve]
        for _ in 0..<600 {
            let a = Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                         width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
            // Now and then the same frame shifted along an axis, so steps fold back and collapse.
            let b = Bool.random(using: &rng) ? Rect(x: a.x + .random(in: -50...50, using: &rng), y: a.y, width: a.width, height: a.height)
                : Rect(x: .random(in: -400...400, using: &rng), y: .random(in: -400...400, using: &rng),
                       width: .random(in: 10...120, using: &rng), height: .random(in: 10...120, using: &rng))
            let link = Link(id: 1, source: 1, target: 2, style: styles[Int.random(in: 0..<3, using: &rng)],
                            sourceSide: sides[Int.random(in: 0..<5, using: &rng)], targetSide: sides[Int.random(in: 0..<5, using: &rng)])
            #expect(router.routeBounds(link, from: a, to: b) == router.route(link, from: a, to: b).bounds)
        }
    }

    @Test("a route's distance follows its segments and its curve")
    func distances() {
        let route = LinkRoute(style: .step, points: [point(0, 0), point(100, 0), point(100, 100)],
                              sourceSide: .right, targetSide: .top)
        expectClose(route.distance(to: point(50, 10)), 10)
        expectClose(route.distance(to: point(110, 50)), 10)
        expectClose(route.distance(to: point(-3, -4)), 5)
        let curve = router.route(style: .curve, sourceSide: .bottom, targetSide: .top,
                                 from: rect(0, 0, 100, 50), to: rect(200, 300, 100, 50))
        let middle = curve.bezierPoint(0.5)
        #expect(curve.distance(to: middle) < 1e-9)
        #expect(curve.bounds.x <= middle.x && middle.x <= curve.bounds.maxX)
    }
}
