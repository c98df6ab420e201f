import Testing
@testable import CanvasCore

/// Step links through a layered layout's bends: orthogonal all the way,
/// leaving and entering by their sides, and (with the sides left to the
/// engine) inside the frames' bounds; straight links' bends inside them too.
@Suite("Layered step routes")
struct LayeredStepRouteTests {
    static let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]

    /// A random graph on an engine: `nodes` items of mixed sizes, links with
    /// the style and (when `namedSides`) random sides.
    func engine(seed: UInt64, graph: GraphDirection, reading: LayoutDirection, style: LinkStyle,
                namedSides: Bool) throws -> CanvasEngine {
        var rng = SplitMix64(seed: seed)
        let nodes = Int.random(in: 8...30, using: &rng)
        let engine = CanvasEngine()
        try engine.setItems(sizes: (0..<nodes).map { _ in
            Size(width: .random(in: 20...120, using: &rng), height: .random(in: 12...50, using: &rng))
        })
        var links: [Link] = []
        for k in 0..<(nodes * 3 / 2) {
            let s = Int.random(in: 1...nodes, using: &rng)
            var t = Int.random(in: 1...nodes, using: &rng)
            if t == s { t = s % nodes + 1 }
            let source = namedSides ? Self.sides.randomElement(using: &rng)! : .auto
            let target = namedSides ? Self.sides.randomElement(using: &rng)! : .auto
            links.append(Link(id: UInt64(k + 1), source: UInt64(s), target: UInt64(t), style: style,
                              sourceSide: source, targetSide: target))
        }
        try engine.setLinks(links)
        engine.setLayout(LayeredLayout(direction: graph, rankSpacing: .random(in: 20...60, using: &rng),
                                       nodeSpacing: .random(in: 8...30, using: &rng)))
        engine.options.direction = reading
        _ = try engine.resolve()
        return engine
    }

    /// Whether `point` lies on `side` of `frame`.
    func on(_ side: PhysicalSide, of frame: Rect, _ point: Point) -> Bool {
        let e = 1e-9
        switch side {
        case .top, .bottom:
            let y = side == .top ? frame.minY : frame.maxY
            return abs(point.y - y) < e && point.x >= frame.minX - e && point.x <= frame.maxX + e
        case .left, .right:
            let x = side == .left ? frame.minX : frame.maxX
            return abs(point.x - x) < e && point.y >= frame.minY - e && point.y <= frame.maxY + e
        }
    }

    /// The links the layout bent (routed through bends), with their routes.
    func bentRoutes(_ engine: CanvasEngine) -> [(Link, LinkRoute)] {
        let sink = engine.layeredBends!
        var bent: [(Link, LinkRoute)] = []
        for position in 0..<engine.links.count where position < sink.bends.count && !sink.bends[position].isEmpty {
            let link = engine.links[position]
            bent.append((link, engine.linkRoute(link.id)!))
        }
        return bent
    }

    func bounds(_ frames: [Rect]) -> Rect {
        frames.dropFirst().reduce(frames[0]) { $0.union($1) }
    }

    @Test("a step link through bends is orthogonal, leaves and enters by its sides, named or not",
          arguments: [UInt64(1), 2, 3, 4, 5, 6], [GraphDirection.down, .right])
    func orthogonalThroughBends(seed: UInt64, graph: GraphDirection) throws {
        for reading in [LayoutDirection.leftToRight, .rightToLeft] {
            for named in [false, true] {
                let engine = try engine(seed: seed, graph: graph, reading: reading, style: .step, namedSides: named)
                let frames = engine.frames
                let bent = bentRoutes(engine)
                #expect(!bent.isEmpty, "seed \(seed) bends no link")
                for (link, route) in bent {
                    let from = frames[Int(link.source) - 1], to = frames[Int(link.target) - 1]
                    #expect(route.style == .step)
                    #expect(route.points.count >= 2)
                    for k in route.points.indices.dropFirst() {
                        let a = route.points[k - 1], b = route.points[k]
                        #expect(abs(a.x - b.x) < 1e-9 || abs(a.y - b.y) < 1e-9,
                                "link \(link.id) (\(graph), \(reading)): segment \(a) → \(b) is diagonal")
                    }
                    if link.sourceSide != .auto {
                        #expect(route.sourceSide == link.sourceSide.physical(from: from, toward: to, direction: reading))
                    }
                    if link.targetSide != .auto {
                        #expect(route.targetSide == link.targetSide.physical(from: to, toward: from, direction: reading))
                    }
                    let first = route.points[0], last = route.points[route.points.count - 1]
                    #expect(on(route.sourceSide, of: from, first), "link \(link.id) starts off its source's \(route.sourceSide) side")
                    #expect(on(route.targetSide, of: to, last), "link \(link.id) ends off its target's \(route.targetSide) side")
                    // Out of the source's side and into the target's.
                    let out = route.sourceSide.outward, back = route.targetSide.outward
                    let second = route.points[1], beforeLast = route.points[route.points.count - 2]
                    #expect((second.x - first.x) * out.dx + (second.y - first.y) * out.dy > 0)
                    #expect((beforeLast.x - last.x) * back.dx + (beforeLast.y - last.y) * back.dy > 0)
                }
            }
        }
    }

    @Test("with the engine's sides, step routes and straight bends stay inside the frames' bounds",
          arguments: [UInt64(1), 2, 3, 4, 5, 6], [GraphDirection.down, .right])
    func insideBounds(seed: UInt64, graph: GraphDirection) throws {
        for reading in [LayoutDirection.leftToRight, .rightToLeft] {
            for style in [LinkStyle.step, .straight] {
                let engine = try engine(seed: seed, graph: graph, reading: reading, style: style, namedSides: false)
                let box = bounds(engine.frames)
                for (link, route) in bentRoutes(engine) {
                    for p in route.points {
                        #expect(p.x >= box.minX - 1e-9 && p.x <= box.maxX + 1e-9 && p.y >= box.minY - 1e-9 && p.y <= box.maxY + 1e-9,
                                "link \(link.id) (\(style), \(graph), \(reading)) runs through \(p), outside \(box)")
                    }
                }
            }
        }
    }

    @Test("the flow chart gallery's triage → close runs inside the bounds, orthogonal")
    func flowChart() throws {
        let steps = ["request", "triage", "reproduce", "estimate", "fix", "write test", "review", "merge", "release", "close"]
        let flows = [("request", "triage"), ("triage", "reproduce"), ("triage", "estimate"), ("reproduce", "fix"),
                     ("estimate", "fix"), ("fix", "write test"), ("write test", "review"), ("fix", "review"),
                     ("review", "fix"), ("review", "merge"), ("merge", "release"), ("release", "close"), ("triage", "close")]
        let engine = CanvasEngine()
        try engine.setItems(sizes: steps.map { Size(width: 20 + 7.2 * Double($0.count), height: 30) })
        func id(_ name: String) -> UInt64 { UInt64(steps.firstIndex(of: name)! + 1) }
        try engine.setLinks(flows.enumerated().map { k, flow in
            Link(id: UInt64(k + 1), source: id(flow.0), target: id(flow.1), style: .step)
        })
        engine.setLayout(LayeredLayout(direction: .down, rankSpacing: 44, nodeSpacing: 24))
        _ = try engine.resolve()
        let box = bounds(engine.frames)
        let route = try #require(engine.linkRoute(13))
        #expect(route.points.count > 2)
        for p in route.points { #expect(box.contains(p) || p.x == box.maxX || p.y == box.maxY, "\(p) outside \(box)") }
        for k in route.points.indices.dropFirst() {
            let a = route.points[k - 1], b = route.points[k]
            #expect(a.x == b.x || a.y == b.y)
        }
    }
}
