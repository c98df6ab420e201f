import Testing
@testable import CanvasCore

@Suite("Layered layout")
struct LayeredLayoutTests {
    func randomGraph(nodes: Int, links: Int, _ rng: inout SplitMix64) -> ([Size], [(Int, Int)]) {
        let sizes = (0..<nodes).map { _ in
            Size(width: .random(in: 20...90, using: &rng), height: .random(in: 10...40, using: &rng))
        }
        var pairs: [(Int, Int)] = []
        for _ in 0..<links {
            let s = Int.random(in: 0..<nodes, using: &rng)
            let t = Int.random(in: 0..<nodes, using: &rng)
            pairs.append((s, t))
        }
        return (sizes, pairs)
    }

    func run(_ sizes: [Size], _ links: [(Int, Int)], _ layout: LayeredLayout = LayeredLayout()) -> LayeredResult {
        var layout = layout
        layout.links = GraphLinks(links)
        return layout.layout(LayoutItems(sizes: sizes))
    }

    @Test("every link points down its direction once cycles are broken; ranks separated; no overlaps",
          arguments: [(UInt64(1), GraphDirection.down), (2, .down), (3, .right)])
    func properties(seed: UInt64, direction: GraphDirection) {
        var rng = SplitMix64(seed: seed)
        let (sizes, links) = randomGraph(nodes: 120, links: 180, &rng)
        let result = run(sizes, links, LayeredLayout(direction: direction, rankSpacing: 30, nodeSpacing: 10))
        let frames = result.frames
        func lead(_ r: Rect) -> Double { direction == .down ? r.minY : r.minX }
        func trail(_ r: Rect) -> Double { direction == .down ? r.maxY : r.maxX }
        var graph = LayeredGraph(items: LayoutItems(sizes: sizes),
                                 links: GraphLinks(links).valid(count: sizes.count), horizontal: direction == .right)
        graph.breakCycles()
        for (e, edge) in graph.edges.enumerated() {
            // After the reversals every link runs from a rank to a later one.
            #expect(trail(frames[edge.from]) + 30 <= lead(frames[edge.to]) + 1e-9 || edge.from == edge.to,
                    "link \(e) does not point down")
        }
        for i in frames.indices {
            for j in frames.indices where j > i {
                #expect(!frames[i].intersects(frames[j]), "\(i) and \(j) overlap")
            }
        }
        #expect(result.bends.count == GraphLinks(links).valid(count: sizes.count).count)
    }

    @Test("a tree drawn layered has no crossings; a long link bends once a rank")
    func treeNoCrossings() {
        let sizes = Array(repeating: size(20, 10), count: 7)
        let result = run(sizes, [(0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6), (0, 6)])
        #expect(result.crossings == 0)
        #expect(result.bends[6].count == 1)  // 0 → 6 crosses rank 1
        #expect(result.bends[0].isEmpty)
    }

    @Test("crossing reduction: sweeps with swaps leave no more crossings than the first order or barycentre alone",
          arguments: [UInt64(4), 5, 6, 7])
    func fewerCrossings(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let (sizes, links) = randomGraph(nodes: 200, links: 300, &rng)
        let none = run(sizes, links, LayeredLayout(sweeps: 0, transpose: false)).crossings
        let barycentre = run(sizes, links, LayeredLayout(transpose: false)).crossings
        let full = run(sizes, links).crossings
        #expect(barycentre <= none)
        #expect(full <= barycentre)
    }

    @Test("crossings are counted as a brute force counts them")
    func crossingCount() {
        var rng = SplitMix64(seed: 9)
        let (sizes, links) = randomGraph(nodes: 60, links: 90, &rng)
        var graph = LayeredGraph(items: LayoutItems(sizes: sizes), links: GraphLinks(links).valid(count: 60), horizontal: false)
        graph.breakCycles()
        graph.assignRanks()
        graph.splitLongLinks()
        graph.order(sweeps: 3, transpose: true)
        var brute = 0
        for a in graph.edges.indices {
            for b in graph.edges.indices where b > a {
                let e = graph.edges[a], f = graph.edges[b]
                guard graph.rank[e.from] == graph.rank[f.from] else { continue }
                let p = graph.position
                if (p[e.from] - p[f.from]) * (p[e.to] - p[f.to]) < 0 { brute += 1 }
            }
        }
        #expect(graph.countCrossings() == brute)
        #expect(graph.crossings == brute)
    }

    /// Ranks by longest path from the sources, the ranking this one replaced: the bar to beat.
    func longestPathLength(_ edges: [(from: Int, to: Int)], count: Int) -> Int {
        var rank = [Int](repeating: 0, count: count)
        for _ in 0..<count {
            var changed = false
            for e in edges where rank[e.to] < rank[e.from] + 1 { rank[e.to] = rank[e.from] + 1; changed = true }
            if !changed { break }
        }
        return edges.reduce(0) { $0 + rank[$1.to] - rank[$1.from] }
    }

    @Test("ranks: every link spans a rank or more, in total no longer than longest path, each group from rank 0",
          arguments: [UInt64(31), 32, 33, 34, 35])
    func ranks(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let nodes = Int.random(in: 2...150, using: &rng)
        let (sizes, links) = randomGraph(nodes: nodes, links: Int.random(in: 0...(2 * nodes), using: &rng), &rng)
        var graph = LayeredGraph(items: LayoutItems(sizes: sizes), links: GraphLinks(links).valid(count: nodes), horizontal: false)
        graph.breakCycles()
        graph.assignRanks()
        for e in graph.edges { #expect(graph.rank[e.to] >= graph.rank[e.from] + 1) }
        let length = graph.edges.reduce(0) { $0 + graph.rank[$1.to] - graph.rank[$1.from] }
        #expect(length <= longestPathLength(graph.edges, count: nodes))
        // Connected groups (union-find) each start at rank 0.
        var root = Array(0..<nodes)
        func find(_ v: Int) -> Int { var v = v; while root[v] != v { root[v] = root[root[v]]; v = root[v] }; return v }
        for e in graph.edges { root[find(e.from)] = find(e.to) }
        var lowest = [Int: Int]()
        for v in 0..<nodes { lowest[find(v), default: .max] = min(lowest[find(v), default: .max], graph.rank[v]) }
        #expect(lowest.values.allSatisfy { $0 == 0 })
    }

    @Test("a tree's links, whichever way each points, all span exactly one rank: no bends", arguments: [UInt64(41), 42, 43])
    func treeRanksTight(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let nodes = 80
        var links: [(Int, Int)] = []
        for v in 1..<nodes {
            let parent = Int.random(in: 0..<v, using: &rng)
            links.append(Bool.random(using: &rng) ? (parent, v) : (v, parent))
        }
        let result = run(Array(repeating: size(20, 10), count: nodes), links)
        #expect(result.bends.allSatisfy { $0.isEmpty })
    }
}

@Suite("Layered coordinates (Brandes–Köpf)")
struct LayeredCoordinatesTests {
    /// A graph ordered and placed by the layout's own phases, so the test
    /// can read its ranks, bends and placement.
    func placed(seed: UInt64, nodes: Int, links: Int, coordinates: LayeredCoordinates) -> LayeredGraph {
        var rng = SplitMix64(seed: seed)
        let sizes = (0..<nodes).map { _ in
            Size(width: .random(in: 20...90, using: &rng), height: .random(in: 10...40, using: &rng))
        }
        // Mostly short steps forward with some long ones, so long links and
        // their bends are many.
        var pairs: [(Int, Int)] = []
        for _ in 0..<links {
            let s = Int.random(in: 0..<nodes, using: &rng)
            let step = Int.random(in: 1...(Bool.random(using: &rng) ? 4 : 30), using: &rng)
            pairs.append((s, min(nodes - 1, s + step)))
        }
        var graph = LayeredGraph(items: LayoutItems(sizes: sizes), links: GraphLinks(pairs).valid(count: nodes), horizontal: false)
        graph.breakCycles()
        graph.assignRanks()
        graph.splitLongLinks()
        graph.order(sweeps: 8, transpose: true)
        switch coordinates {
        case .brandesKoepf: graph.positionBrandesKoepf(spacing: 10)
        case .medianSweeps: graph.position(spacing: 10)
        }
        return graph
    }

    /// The segments between two bends that no other such segment crosses.
    func uncrossedInnerSegments(_ g: LayeredGraph) -> [(Int, Int)] {
        let inner = g.edges.filter { $0.from >= g.itemCount && $0.to >= g.itemCount }
        return inner.filter { e in
            !inner.contains { f in
                g.rank[f.from] == g.rank[e.from] && (g.position[e.from] - g.position[f.from]) * (g.position[e.to] - g.position[f.to]) < 0
            }
        }.map { ($0.from, $0.to) }
    }

    @Test("a long link runs straight between its bends wherever no other long link crosses it; ranks keep their order and spacing",
          arguments: [UInt64(51), 52, 53, 54])
    func innerSegmentsStraight(seed: UInt64) {
        let g = placed(seed: seed, nodes: 150, links: 260, coordinates: .brandesKoepf)
        let segments = uncrossedInnerSegments(g)
        #expect(segments.count > 20)  // the graphs do have long links
        for (u, v) in segments { #expect(abs(g.across[u] - g.across[v]) < 1e-9, "inner segment \(u) → \(v) bends") }
        for layer in g.layers {
            for i in layer.indices.dropFirst() {
                let u = layer[i - 1], v = layer[i]
                #expect(g.across[v] - g.across[u] >= (g.breadth[u] + g.breadth[v]) / 2 + 10 - 1e-9)
            }
        }
    }

    @Test("the median fit it replaced bends some of those segments: the test tells them apart")
    func medianSweepsBend() {
        let g = placed(seed: 51, nodes: 150, links: 260, coordinates: .medianSweeps)
        let bent = uncrossedInnerSegments(g).filter { abs(g.across[$0.0] - g.across[$0.1]) >= 1e-9 }
        #expect(!bent.isEmpty)
    }

    @Test("type-1 conflicts: a short link crossing an inner segment is marked, an inner segment never")
    func conflictsMarked() {
        let g = placed(seed: 52, nodes: 150, links: 260, coordinates: .brandesKoepf)
        let marked = g.type1Conflicts()
        let inner = g.edges.filter { $0.from >= g.itemCount && $0.to >= g.itemCount }
        var expected = Set<UInt64>()
        for e in g.edges where !(e.from >= g.itemCount && e.to >= g.itemCount) {
            if inner.contains(where: { f in
                g.rank[f.from] == g.rank[e.from] && (g.position[e.from] - g.position[f.from]) * (g.position[e.to] - g.position[f.to]) < 0
            }) { expected.insert(UInt64(e.from) << 32 | UInt64(e.to)) }
        }
        #expect(!expected.isEmpty)
        #expect(marked == expected)
    }

    @Test("every node placed by both, the layout's properties hold either way", arguments: [LayeredCoordinates.brandesKoepf, .medianSweeps])
    func bothCoordinates(coordinates: LayeredCoordinates) {
        var rng = SplitMix64(seed: 61)
        var pairs: [(Int, Int)] = []
        for _ in 0..<150 { pairs.append((Int.random(in: 0..<100, using: &rng), Int.random(in: 0..<100, using: &rng))) }
        let sizes = (0..<100).map { _ in Size(width: .random(in: 20...90, using: &rng), height: 20) }
        var layout = LayeredLayout(links: GraphLinks(pairs))
        layout.coordinates = coordinates
        let result = layout.layout(LayoutItems(sizes: sizes))
        for i in result.frames.indices {
            #expect(result.frames[i].minX.isFinite)
            for j in result.frames.indices where j > i { #expect(!result.frames[i].intersects(result.frames[j])) }
        }
    }
}

@Suite("Layered links on a canvas")
struct LayeredCanvasTests {
    /// 1 → 2 → 3 and 1 → 3: the long link crosses rank 1 and bends there.
    func engine(_ direction: LayoutDirection) throws -> CanvasEngine {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [Size(width: 40, height: 20), Size(width: 60, height: 20), Size(width: 40, height: 20)])
        try engine.setLinks([Link(id: 1, source: 1, target: 2), Link(id: 2, source: 2, target: 3),
                             Link(id: 3, source: 1, target: 3)])
        engine.setLayout(LayeredLayout(rankSpacing: 30, nodeSpacing: 10))
        engine.options.direction = direction
        _ = try engine.resolve()
        return engine
    }

    @Test("a long link runs from its source's border through its bend to its target's", arguments: [LayoutDirection.leftToRight, .rightToLeft])
    func routedThroughBends(direction: LayoutDirection) throws {
        let engine = try engine(direction)
        let frames = engine.frames
        let route = try #require(engine.linkRoute(3))
        #expect(route.points.count == 3)
        // The bend sits on rank 1's centre line, beside item 2 (no overlap).
        let bend = route.points[1]
        expectClose(bend.y, frames[1].y + frames[1].height / 2, tolerance: 1e-9)
        #expect(!frames[1].contains(bend))
        #expect(route.points[0].y == frames[0].maxY && route.points[2].y == frames[2].minY)
        #expect(route.points[0].x >= frames[0].minX && route.points[0].x <= frames[0].maxX)
        // Links between adjacent ranks keep the ordinary route.
        #expect(try #require(engine.linkRoute(1)).points.count == 2)
        // Another layout drops the bends.
        engine.setLayout(FlowLayout())
        _ = try engine.resolve()
        #expect(try #require(engine.linkRoute(3)).points.count == 2)
    }
}
