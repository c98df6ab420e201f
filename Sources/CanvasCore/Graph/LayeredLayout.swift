/// A layered (Sugiyama) layout over the links, for flow charts and
/// dependency graphs, in the phases dagre and ELK run: cycles broken by
/// reversing the links a depth-first walk meets backwards, ranks by longest
/// path, long links split into bends on every rank they cross, crossings
/// reduced by barycentre sweeps with adjacent swaps (the best order kept),
/// then each rank placed as near the median of its neighbours as the
/// spacing allows. Every link points down the direction after the cycles
/// are broken; ranks are `rankSpacing` apart, items on a rank at least
/// `nodeSpacing` apart.
public struct LayeredLayout: CanvasLayout, Hashable, Sendable {
    public var direction: GraphDirection
    public var rankSpacing: Double
    public var nodeSpacing: Double
    public var links: GraphLinks
    /// Sweeps of the crossing reduction (a down and an up sweep each).
    public var sweeps: Int
    /// Whether adjacent swaps refine each sweep; off gives barycentre sweeps
    /// alone, the baseline the benchmark reports crossings beside.
    public var transpose: Bool

    public init(direction: GraphDirection = .down, rankSpacing: Double = 50, nodeSpacing: Double = 20,
                links: GraphLinks = GraphLinks(sources: [], targets: []), sweeps: Int = 8, transpose: Bool = true) {
        self.direction = direction
        self.rankSpacing = rankSpacing
        self.nodeSpacing = nodeSpacing
        self.links = links
        self.sweeps = sweeps
        self.transpose = transpose
    }

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        layout(items).frames
    }

    /// The frames, each link's bends (the points a route runs through
    /// between its ends, in link order of the valid links) and the number
    /// of crossings the order left.
    public func layout(_ items: LayoutItems) -> LayeredResult {
        var graph = LayeredGraph(items: items, links: links.valid(count: items.count), horizontal: direction == .right)
        graph.breakCycles()
        graph.assignRanks()
        graph.splitLongLinks()
        graph.order(sweeps: max(sweeps, 0), transpose: transpose)
        graph.position(spacing: max(nodeSpacing, 0))
        return graph.result(items: items, rankSpacing: max(rankSpacing, 0))
    }
}

/// What a layered layout hands back beside the frames.
public struct LayeredResult: Sendable {
    public var frames: [Rect]
    /// For each valid link, in order, the centres of the bends on the ranks
    /// it crosses, from its source to its target.
    public var bends: [[Point]]
    /// Crossings between adjacent ranks in the final order.
    public var crossings: Int
}

/// The graph a layered layout works on: items first, then the bends of
/// long links as nodes of no size.
struct LayeredGraph {
    let itemCount: Int
    let horizontal: Bool
    /// Each node's extent across the ranks (width going down) and along them.
    var breadth: [Double]
    var depthExtent: [Double]
    var edges: [(from: Int, to: Int)]
    var reversed: [Bool]
    var rank: [Int] = []
    /// For each input link, the chain of nodes from its source to its target.
    var chains: [[Int]] = []
    var layers: [[Int]] = []
    var position: [Int] = []
    var across: [Double] = []
    var crossings = 0

    init(items: LayoutItems, links: [(Int, Int)], horizontal: Bool) {
        itemCount = items.count
        self.horizontal = horizontal
        breadth = items.sizes.map { horizontal ? $0.height : $0.width }
        depthExtent = items.sizes.map { horizontal ? $0.width : $0.height }
        edges = links.map { (from: $0.0, to: $0.1) }
        reversed = [Bool](repeating: false, count: links.count)
    }

    var nodeCount: Int { breadth.count }

    /// Reverses every link a depth-first walk (from items in position order)
    /// meets pointing back at an item still on its path.
    mutating func breakCycles() {
        let outgoing = adjacency(edges, count: itemCount)
        var state = [UInt8](repeating: 0, count: itemCount)  // 0 new, 1 on the path, 2 done
        var stack: [(node: Int, next: Int)] = []
        for start in 0..<itemCount where state[start] == 0 {
            state[start] = 1
            stack.append((start, 0))
            while let top = stack.last {
                let list = outgoing[top.node]
                if top.next < list.count {
                    stack[stack.count - 1].next += 1
                    let e = list[top.next]
                    let w = edges[e].to
                    if state[w] == 1 { reversed[e] = true } else if state[w] == 0 {
                        state[w] = 1
                        stack.append((w, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        for e in edges.indices where reversed[e] { edges[e] = (edges[e].to, edges[e].from) }
    }

    /// Ranks by longest path from the sources, then each source pulled down
    /// next to its nearest successor so it does not hang far above it.
    mutating func assignRanks() {
        let outgoing = adjacency(edges, count: itemCount)
        var indegree = [Int](repeating: 0, count: itemCount)
        for e in edges { indegree[e.to] += 1 }
        var rank = [Int](repeating: 0, count: itemCount)
        var queue = (0..<itemCount).filter { indegree[$0] == 0 }
        var head = 0
        var topological: [Int] = []
        topological.reserveCapacity(itemCount)
        while head < queue.count {
            let v = queue[head]
            head += 1
            topological.append(v)
            for e in outgoing[v] {
                let w = edges[e].to
                rank[w] = max(rank[w], rank[v] + 1)
                indegree[w] -= 1
                if indegree[w] == 0 { queue.append(w) }
            }
        }
        var hasIncoming = [Bool](repeating: false, count: itemCount)
        for e in edges { hasIncoming[e.to] = true }
        for v in topological.reversed() where !hasIncoming[v] && !outgoing[v].isEmpty {
            rank[v] = outgoing[v].map { rank[edges[$0].to] }.min()! - 1
        }
        self.rank = rank
    }

    /// Splits each link spanning several ranks into a chain through one
    /// bend node per rank crossed.
    mutating func splitLongLinks() {
        chains = []
        chains.reserveCapacity(edges.count)
        var split: [(from: Int, to: Int)] = []
        for e in edges {
            var chain = [e.from]
            var previous = e.from
            if rank[e.to] - rank[e.from] > 1 {
                for r in (rank[e.from] + 1)..<rank[e.to] {
                    let bend = breadth.count
                    breadth.append(0)
                    depthExtent.append(0)
                    rank.append(r)
                    split.append((previous, bend))
                    chain.append(bend)
                    previous = bend
                }
            }
            split.append((previous, e.to))
            chain.append(e.to)
            chains.append(chain)
        }
        edges = split
    }

    /// Orders every rank: first by a breadth-first walk, then barycentre
    /// sweeps down and up (with adjacent swaps), keeping the best order seen.
    mutating func order(sweeps: Int, transpose: Bool) {
        let maxRank = rank.max() ?? 0
        layers = [[Int]](repeating: [], count: maxRank + 1)
        let down = adjacency(edges, count: nodeCount)
        let up = adjacency(edges.map { (from: $0.to, to: $0.from) }, count: nodeCount)
        var seen = [Bool](repeating: false, count: nodeCount)
        for start in 0..<nodeCount where !seen[start] && (up[start].isEmpty || start >= itemCount) {
            guard !seen[start] else { continue }
            var queue = [start]
            seen[start] = true
            var head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                layers[rank[v]].append(v)
                for e in down[v] where !seen[edges[e].to] {
                    seen[edges[e].to] = true
                    queue.append(edges[e].to)
                }
            }
        }
        for v in 0..<nodeCount where !seen[v] { layers[rank[v]].append(v) }
        position = [Int](repeating: 0, count: nodeCount)
        reindex()

        var best = layers
        var bestCrossings = countCrossings()
        let downNeighbours = down.map { $0.map { edges[$0].to } }
        let upNeighbours = up.map { $0.map { edges[$0].to } }
        for sweep in 0..<sweeps {
            let downward = sweep % 2 == 0
            let ranks = downward ? Array(1..<max(layers.count, 1)) : Array((0..<max(layers.count - 1, 0)).reversed())
            let fixedSide = downward ? upNeighbours : downNeighbours
            for r in ranks {
                sortByBarycentre(r, neighbours: fixedSide)
                if transpose { transposePass(r, neighbours: fixedSide) }
            }
            let c = countCrossings()
            if c < bestCrossings {
                bestCrossings = c
                best = layers
            }
            if bestCrossings == 0 { break }
        }
        layers = best
        reindex()
        crossings = bestCrossings
    }

    mutating func reindex() {
        for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
    }

    /// Sorts a rank by the mean position of each node's neighbours on the
    /// fixed rank; a node without any keeps its place.
    mutating func sortByBarycentre(_ r: Int, neighbours: [[Int]]) {
        let layer = layers[r]
        var keyed: [(key: Double, old: Int, node: Int)] = []
        keyed.reserveCapacity(layer.count)
        for (i, v) in layer.enumerated() {
            let list = neighbours[v]
            let key = list.isEmpty ? Double(i) : Double(list.reduce(0) { $0 + position[$1] }) / Double(list.count)
            keyed.append((key, i, v))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.old < $1.old }
        layers[r] = keyed.map(\.node)
        for (i, v) in layers[r].enumerated() { position[v] = i }
    }

    /// Swaps neighbours on a rank while a swap lowers the crossings with the
    /// fixed rank (a few passes at most).
    mutating func transposePass(_ r: Int, neighbours: [[Int]]) {
        guard layers[r].count > 1 else { return }
        for _ in 0..<4 {
            var improved = false
            for i in 0..<(layers[r].count - 1) {
                let u = layers[r][i], v = layers[r][i + 1]
                if pairCrossings(neighbours[u], neighbours[v]) > pairCrossings(neighbours[v], neighbours[u]) {
                    layers[r].swapAt(i, i + 1)
                    position[u] = i + 1
                    position[v] = i
                    improved = true
                }
            }
            if !improved { break }
        }
    }

    /// Crossings between the links of a node `left` and of the node right of
    /// it, counted on the positions of their neighbours.
    func pairCrossings(_ left: [Int], _ right: [Int]) -> Int {
        var count = 0
        for a in left { for b in right where position[b] < position[a] { count += 1 } }
        return count
    }

    /// Crossings between every pair of adjacent ranks: the inversions of the
    /// links' lower ends when sorted by their upper ends (a Fenwick tree).
    func countCrossings() -> Int {
        var total = 0
        var byRank = [[(Int, Int)]](repeating: [], count: layers.count)
        for e in edges { byRank[rank[e.from]].append((position[e.from], position[e.to])) }
        for r in byRank.indices where !byRank[r].isEmpty && r + 1 < layers.count {
            let pairs = byRank[r].sorted { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
            let size = layers[r + 1].count
            var tree = [Int](repeating: 0, count: size + 1)
            var inserted = 0
            for (_, lower) in pairs {
                // Links already in with a lower end to the right of this one cross it.
                var i = lower + 1, atOrLeft = 0
                while i > 0 { atOrLeft += tree[i]; i -= i & -i }
                total += inserted - atOrLeft
                i = lower + 1
                while i <= size { tree[i] += 1; i += i & -i }
                inserted += 1
            }
        }
        return total
    }

    /// Places each rank as near the median of its neighbours as the spacing
    /// allows: alternate sweeps pull toward the rank above and below, each
    /// rank solved exactly as a least-squares fit under its order (pool
    /// adjacent violators), bends weighted so long links run straight.
    mutating func position(spacing: Double) {
        across = [Double](repeating: 0, count: nodeCount)
        for layer in layers {
            var x = 0.0
            for (i, v) in layer.enumerated() {
                if i > 0 { x += (breadth[layer[i - 1]] + breadth[v]) / 2 + spacing }
                across[v] = x
            }
        }
        let down = adjacency(edges, count: nodeCount).map { $0.map { edges[$0].to } }
        let up = adjacency(edges.map { (from: $0.to, to: $0.from) }, count: nodeCount).map { $0.map { edges[$0].to } }
        for sweep in 0..<8 {
            let downward = sweep % 2 == 0
            let ranks = downward ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
            for r in ranks { fit(layers[r], toward: downward ? up : down, spacing: spacing) }
        }
    }

    mutating func fit(_ layer: [Int], toward neighbours: [[Int]], spacing: Double) {
        guard !layer.isEmpty else { return }
        // Offsets turn the spacing constraints into "non-decreasing" ones.
        var offset = [Double](repeating: 0, count: layer.count)
        for i in 1..<max(layer.count, 1) {
            offset[i] = offset[i - 1] + (breadth[layer[i - 1]] + breadth[layer[i]]) / 2 + spacing
        }
        var blocks: [(sum: Double, weight: Double, count: Int)] = []
        for (i, v) in layer.enumerated() {
            var xs = neighbours[v].map { across[$0] }
            let desired: Double
            if xs.isEmpty {
                desired = across[v]
            } else {
                xs.sort()
                desired = xs.count % 2 == 1 ? xs[xs.count / 2] : (xs[xs.count / 2 - 1] + xs[xs.count / 2]) / 2
            }
            let weight = v >= itemCount ? 4.0 : xs.isEmpty ? 0.25 : 1.0
            blocks.append((weight * (desired - offset[i]), weight, 1))
            while blocks.count > 1 {
                let b = blocks[blocks.count - 1], a = blocks[blocks.count - 2]
                if a.sum / a.weight <= b.sum / b.weight { break }
                blocks.removeLast(2)
                blocks.append((a.sum + b.sum, a.weight + b.weight, a.count + b.count))
            }
        }
        var i = 0
        for block in blocks {
            let value = block.sum / block.weight
            for _ in 0..<block.count {
                across[layer[i]] = value + offset[i]
                i += 1
            }
        }
    }

    func result(items: LayoutItems, rankSpacing: Double) -> LayeredResult {
        var rankDepth = [Double](repeating: 0, count: layers.count)
        for v in 0..<nodeCount { rankDepth[rank[v]] = max(rankDepth[rank[v]], depthExtent[v]) }
        var centre = [Double](repeating: 0, count: layers.count)
        var top = 0.0
        for r in layers.indices {
            centre[r] = top + rankDepth[r] / 2
            top += rankDepth[r] + rankSpacing
        }
        func point(_ v: Int) -> Point {
            horizontal ? Point(x: centre[rank[v]], y: across[v]) : Point(x: across[v], y: centre[rank[v]])
        }
        var frames = [Rect](repeating: .zero, count: itemCount)
        for v in 0..<itemCount {
            let size = items.sizes[v], c = point(v)
            frames[v] = Rect(x: c.x - size.width / 2, y: c.y - size.height / 2, width: size.width, height: size.height)
        }
        let bends = chains.enumerated().map { e, chain -> [Point] in
            let inner = chain.dropFirst().dropLast().map(point)
            return reversed[e] ? inner.reversed() : Array(inner)
        }
        return LayeredResult(frames: frames, bends: bends, crossings: crossings)
    }
}

/// For each node, the indices of the edges leaving it.
func adjacency(_ edges: [(from: Int, to: Int)], count: Int) -> [[Int]] {
    var lists = [[Int]](repeating: [], count: count)
    for (e, edge) in edges.enumerated() { lists[edge.from].append(e) }
    return lists
}
