/// A layered (Sugiyama) layout over the links, for flow charts and
/// dependency graphs, in the phases dagre and ELK run: cycles broken by
/// reversing the links a depth-first walk meets backwards; ranks from a
/// feasible tight tree that keeps links short (`Ranker` in LayeredRanks.swift); long links split
/// into bends on every rank they cross; crossings reduced by barycentre
/// sweeps (the best order kept), then adjacent swaps that each lower the
/// total; then coordinates along the ranks by Brandes and Köpf's balanced
/// alignments (LayeredCoordinates.swift), so long links run straight through
/// their bends. Every link points down the direction after the
/// cycles are broken; ranks are `rankSpacing` apart, items on a rank at
/// least `nodeSpacing` apart.
public struct LayeredLayout: CanvasLayout, Hashable, Sendable {
    public var direction: GraphDirection
    public var rankSpacing: Double
    public var nodeSpacing: Double
    /// The links the graph is drawn over; `nil` (as on a canvas) reads the
    /// canvas's links, `LayoutItems.links`.
    public var links: GraphLinks?
    /// Sweeps of the crossing reduction (a down and an up sweep each).
    public var sweeps: Int
    /// Whether adjacent swaps refine the sweeps' best order; off gives
    /// barycentre sweeps alone, the baseline the benchmark reports
    /// crossings beside.
    public var transpose: Bool
    /// How each rank is placed along it once ordered (Brandes–Köpf unless
    /// set; not an initializer argument, so the C ABI's spelling of the
    /// initializer holds).
    public var coordinates: LayeredCoordinates

    public init(direction: GraphDirection = .down, rankSpacing: Double = 50, nodeSpacing: Double = 20,
                links: GraphLinks? = nil, sweeps: Int = 8, transpose: Bool = true) {
        self.direction = direction
        self.rankSpacing = rankSpacing
        self.nodeSpacing = nodeSpacing
        self.links = links
        self.sweeps = sweeps
        self.transpose = transpose
        coordinates = .brandesKoepf
    }

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        layout(items).frames
    }

    /// The frames, each link's bends (the points a route runs through
    /// between its ends, in link order of the valid links) and the number
    /// of crossings the order left.
    public func layout(_ items: LayoutItems) -> LayeredResult {
        var graph = LayeredGraph(items: items, links: (links ?? items.links).valid(count: items.count), horizontal: direction == .right)
        graph.breakCycles()
        graph.assignRanks()
        graph.splitLongLinks()
        graph.order(sweeps: max(sweeps, 0), transpose: transpose)
        switch coordinates {
        case .brandesKoepf: graph.positionBrandesKoepf(spacing: max(nodeSpacing, 0))
        case .medianSweeps: graph.position(spacing: max(nodeSpacing, 0))
        }
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
    /// The middle of the gap between each rank and the next, along the
    /// direction (y going down, x going right): where a step route through
    /// the bends turns, clear of every item.
    public var rankGaps: [Double] = []
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
    /// Each node's neighbours on the next rank and on the previous one
    /// (set by `order`, once the long links are split).
    var down = NodeLists()
    var up = NodeLists()

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

    /// Ranks that keep links short, as Gansner et al.'s first two steps
    /// (dagre's "tight-tree" ranker): longest path from the sinks, then a
    /// feasible tree grown over tight links, each component of tight links
    /// shifted onto its nearest neighbour's rank, so it hangs no farther
    /// than it must; then each item moved within its slack toward the side
    /// with more links (a local step of the simplex), until none moves.
    /// Every link spans at least one rank throughout; each connected group
    /// starts at rank 0.
    mutating func assignRanks() {
        let n = itemCount
        var ranker = Ranker(edges: edges, count: n)
        ranker.longestPath()
        ranker.tightTrees()
        ranker.balance()
        ranker.normalize()
        rank = ranker.rank
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
    /// sweeps down and up, keeping the best order seen, then (with
    /// `transpose`) adjacent swaps from it.
    mutating func order(sweeps: Int, transpose: Bool) {
        let maxRank = rank.max() ?? 0
        layers = [[Int]](repeating: [], count: maxRank + 1)
        down = NodeLists(edges, count: nodeCount, upward: false)
        up = NodeLists(edges, count: nodeCount, upward: true)
        var seen = [Bool](repeating: false, count: nodeCount)
        var queue: [Int] = []
        for start in 0..<nodeCount where !seen[start] && (up.isEmpty(start) || start >= itemCount) {
            queue.removeAll(keepingCapacity: true)
            queue.append(start)
            seen[start] = true
            var head = 0
            while head < queue.count {
                let v = queue[head]
                head += 1
                layers[rank[v]].append(v)
                for k in down.range(v) where !seen[down[k]] {
                    seen[down[k]] = true
                    queue.append(down[k])
                }
            }
        }
        for v in 0..<nodeCount where !seen[v] { layers[rank[v]].append(v) }
        position = [Int](repeating: 0, count: nodeCount)
        reindex()

        var best = layers
        var bestCrossings = countCrossings()
        for sweep in 0..<sweeps where bestCrossings > 0 {
            let downward = sweep % 2 == 0
            let ranks = downward ? Array(1..<max(layers.count, 1)) : Array((0..<max(layers.count - 1, 0)).reversed())
            let fixedSide = downward ? up : down
            for r in ranks { sortByBarycentre(r, neighbours: fixedSide) }
            let c = countCrossings()
            if c < bestCrossings {
                bestCrossings = c
                best = layers
            }
        }
        layers = best
        reindex()
        // Then adjacent swaps from the best order, each one counted against
        // both neighbouring ranks, so every swap lowers the total and the
        // result is never worse than the sweeps alone.
        if transpose && bestCrossings > 0 {
            for _ in 0..<8 {
                var improved = false
                for r in layers.indices { improved = transposePass(r) || improved }
                if !improved { break }
            }
            bestCrossings = countCrossings()
        }
        crossings = bestCrossings
    }

    mutating func reindex() {
        for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
    }

    /// Sorts a rank by the mean position of each node's neighbours on the
    /// fixed rank; a node without any keeps its place.
    mutating func sortByBarycentre(_ r: Int, neighbours: NodeLists) {
        let layer = layers[r]
        var keyed: [(key: Double, old: Int, node: Int)] = []
        keyed.reserveCapacity(layer.count)
        for (i, v) in layer.enumerated() {
            let range = neighbours.range(v)
            var sum = 0
            for k in range { sum += position[neighbours[k]] }
            keyed.append((range.isEmpty ? Double(i) : Double(sum) / Double(range.count), i, v))
        }
        keyed.sort { $0.key != $1.key ? $0.key < $1.key : $0.old < $1.old }
        for (i, entry) in keyed.enumerated() {
            layers[r][i] = entry.node
            position[entry.node] = i
        }
    }

    /// Swaps neighbours on a rank while a swap lowers the crossings with the
    /// ranks above and below (a few passes at most); whether any did.
    mutating func transposePass(_ r: Int) -> Bool {
        guard layers[r].count > 1 else { return false }
        var any = false
        for _ in 0..<4 {
            var improved = false
            for i in 0..<(layers[r].count - 1) {
                let u = layers[r][i], v = layers[r][i + 1]
                let kept = pairCrossings(u, v, up) + pairCrossings(u, v, down)
                if kept > 0 && kept > pairCrossings(v, u, up) + pairCrossings(v, u, down) {
                    layers[r].swapAt(i, i + 1)
                    position[u] = i + 1
                    position[v] = i
                    improved = true
                }
            }
            any = any || improved
            if !improved { break }
        }
        return any
    }

    /// Crossings between the links of a node `left` and of the node right of
    /// it, counted on the positions of their neighbours.
    func pairCrossings(_ left: Int, _ right: Int, _ neighbours: NodeLists) -> Int {
        var count = 0
        for a in neighbours.range(left) {
            let pa = position[neighbours[a]]
            for b in neighbours.range(right) where position[neighbours[b]] < pa { count += 1 }
        }
        return count
    }

    /// Crossings between every pair of adjacent ranks: the inversions of the
    /// links' lower ends taken in the order of their upper ends (a Fenwick
    /// tree), each node's lower ends sorted among themselves.
    func countCrossings() -> Int {
        var total = 0
        var tree = [Int](repeating: 0, count: (layers.map(\.count).max() ?? 0) + 1)
        var lowers: [Int] = []
        for r in layers.indices where r + 1 < layers.count {
            let size = layers[r + 1].count
            for i in 0...size { tree[i] = 0 }
            var inserted = 0
            for u in layers[r] {
                lowers.removeAll(keepingCapacity: true)
                for k in down.range(u) { lowers.append(position[down[k]]) }
                if lowers.count > 1 { lowers.sort() }
                for lower in lowers {
                    // Links already in with a lower end to the right of this one cross it.
                    var i = lower + 1, atOrLeft = 0
                    while i > 0 { atOrLeft += tree[i]; i -= i & -i }
                    total += inserted - atOrLeft
                    i = lower + 1
                    while i <= size { tree[i] += 1; i += i & -i }
                    inserted += 1
                }
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
        if down.start.isEmpty {
            down = NodeLists(edges, count: nodeCount, upward: false)
            up = NodeLists(edges, count: nodeCount, upward: true)
        }
        var scratch = FitScratch()
        for sweep in 0..<8 {
            let downward = sweep % 2 == 0
            let ranks = downward ? Array(layers.indices.dropFirst()) : Array(layers.indices.dropLast().reversed())
            for r in ranks { fit(r, toward: downward ? up : down, spacing: spacing, scratch: &scratch) }
        }
    }

    /// Buffers a rank's fit reuses, so the sweeps allocate once.
    struct FitScratch {
        var offset: [Double] = []
        var xs: [Double] = []
        var blocks: [(sum: Double, weight: Double, count: Int)] = []

        /// Adds the next node's weighted wish (`weight` × its desired place
        /// less its offset) and pools it with the blocks before while they
        /// would come out of order: pool adjacent violators.
        mutating func pool(_ sum: Double, weight: Double) {
            blocks.append((sum, weight, 1))
            while blocks.count > 1 {
                let b = blocks[blocks.count - 1], a = blocks[blocks.count - 2]
                if a.sum / a.weight <= b.sum / b.weight { break }
                blocks.removeLast(2)
                blocks.append((a.sum + b.sum, a.weight + b.weight, a.count + b.count))
            }
        }
    }

    /// The offsets that turn a rank's spacing constraints into
    /// "non-decreasing" ones, into `scratch.offset`; the pool emptied.
    func startFit(_ layer: [Int], spacing: Double, scratch: inout FitScratch) {
        scratch.offset.removeAll(keepingCapacity: true)
        scratch.offset.append(0)
        for i in layer.indices.dropFirst() {
            scratch.offset.append(scratch.offset[i - 1] + (breadth[layer[i - 1]] + breadth[layer[i]]) / 2 + spacing)
        }
        scratch.blocks.removeAll(keepingCapacity: true)
    }

    /// Places a rank's nodes at their pooled blocks' means plus their offsets.
    mutating func finishFit(_ layer: [Int], scratch: FitScratch) {
        var i = 0
        for block in scratch.blocks {
            let value = block.sum / block.weight
            for _ in 0..<block.count {
                across[layer[i]] = value + scratch.offset[i]
                i += 1
            }
        }
    }

    mutating func fit(_ r: Int, toward neighbours: NodeLists, spacing: Double, scratch: inout FitScratch) {
        let layer = layers[r]
        guard !layer.isEmpty else { return }
        startFit(layer, spacing: spacing, scratch: &scratch)
        for (i, v) in layer.enumerated() {
            scratch.xs.removeAll(keepingCapacity: true)
            for k in neighbours.range(v) { scratch.xs.append(across[neighbours[k]]) }
            let desired: Double
            let xs = scratch.xs.count
            if xs == 0 {
                desired = across[v]
            } else {
                if xs > 1 { scratch.xs.sort() }
                desired = xs % 2 == 1 ? scratch.xs[xs / 2] : (scratch.xs[xs / 2 - 1] + scratch.xs[xs / 2]) / 2
            }
            let weight = v >= itemCount ? 4.0 : xs == 0 ? 0.25 : 1.0
            scratch.pool(weight * (desired - scratch.offset[i]), weight: weight)
        }
        finishFit(layer, scratch: scratch)
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
        // A bend lies across the ranks within the items' extent, so a route
        // through it stays inside the content's bounds (the balanced
        // alignments can leave an outer bend a little beyond every item).
        var low = Double.infinity, high = -Double.infinity
        for v in 0..<itemCount {
            low = min(low, across[v] - breadth[v] / 2)
            high = max(high, across[v] + breadth[v] / 2)
        }
        func bend(_ v: Int) -> Point {
            let c = point(v)
            guard low <= high else { return c }
            return horizontal ? Point(x: c.x, y: min(max(c.y, low), high)) : Point(x: min(max(c.x, low), high), y: c.y)
        }
        let bends = chains.enumerated().map { e, chain -> [Point] in
            let inner = chain.dropFirst().dropLast().map(bend)
            return reversed[e] ? inner.reversed() : Array(inner)
        }
        let gaps = layers.indices.dropLast().map { centre[$0] + rankDepth[$0] / 2 + rankSpacing / 2 }
        return LayeredResult(frames: frames, bends: bends, crossings: crossings, rankGaps: gaps)
    }
}

/// For each node, the indices of the edges leaving it.
func adjacency(_ edges: [(from: Int, to: Int)], count: Int) -> [[Int]] {
    var lists = [[Int]](repeating: [], count: count)
    for (e, edge) in edges.enumerated() { lists[edge.from].append(e) }
    return lists
}

/// Each node's neighbours along the edges (or against them), as one flat
/// list: the neighbours of v are `self[k]` for k in `range(v)`, in edge order.
struct NodeLists {
    var start: [Int32] = []
    var list: [Int32] = []

    init() {}

    init(_ edges: [(from: Int, to: Int)], count: Int, upward: Bool) {
        start = [Int32](repeating: 0, count: count + 1)
        for e in edges { start[(upward ? e.to : e.from) + 1] += 1 }
        for v in 0..<count { start[v + 1] += start[v] }
        var fill = Array(start[0..<count])
        list = [Int32](repeating: 0, count: edges.count)
        for e in edges {
            let (key, value) = upward ? (e.to, e.from) : (e.from, e.to)
            list[Int(fill[key])] = Int32(truncatingIfNeeded: value)
            fill[key] += 1
        }
    }

    @inline(__always) func range(_ v: Int) -> Range<Int> { Int(start[v])..<Int(start[v + 1]) }
    @inline(__always) func isEmpty(_ v: Int) -> Bool { start[v] == start[v + 1] }
    @inline(__always) subscript(k: Int) -> Int { Int(list[k]) }
}
