/// How a layered layout places the nodes of each rank along it, once the
/// ranks are ordered.
public enum LayeredCoordinates: Hashable, Sendable {
    /// Brandes and Köpf's four alignments (up or down, left or right), each
    /// compacted, aligned to the narrowest and combined by the mean of the
    /// two middle values a node gets: long links run straight through their
    /// bends wherever no other long link crosses them. Linear in the nodes
    /// and links.
    case brandesKoepf
    /// Alternate sweeps that fit each rank to the median of its neighbours
    /// under its order (pool adjacent violators), bends weighted: the
    /// layout's placement before Brandes–Köpf, kept to compare against.
    case medianSweeps
}

/// Brandes and Köpf, "Fast and Simple Horizontal Coordinate Assignment"
/// (2001), as dagre runs it: inner segments (a link between two bends)
/// take priority over the links they cross (type-1 conflicts), each of the
/// four alignments gathers nodes into vertical blocks through medians, the
/// blocks are compacted along a graph of left-neighbour constraints, and the
/// balanced result is the mean of each node's two middle coordinates.
extension LayeredGraph {
    mutating func positionBrandesKoepf(spacing: Double) {
        let n = nodeCount
        across = [Double](repeating: 0, count: n)
        guard n > 0 else { return }
        let conflicts = type1Conflicts()
        var candidates: [[Double]] = []
        var widths: [(low: Double, high: Double)] = []
        candidates.reserveCapacity(4)
        var scratch = AlignScratch(count: n)
        for (downward, leftward) in [(true, false), (true, true), (false, false), (false, true)] {
            var xs = align(downward: downward, rightToLeft: leftward, conflicts: conflicts, spacing: spacing,
                           scratch: &scratch)
            if leftward { for v in 0..<n { xs[v] = -xs[v] } }
            var low = Double.infinity, high = -Double.infinity
            for v in 0..<n {
                low = min(low, xs[v] - breadth[v] / 2)
                high = max(high, xs[v] + breadth[v] / 2)
            }
            candidates.append(xs)
            widths.append((low, high))
        }
        // Each alignment moved onto the narrowest one: left ones by their
        // left edge, right ones by their right edge.
        let narrowest = widths.indices.min { widths[$0].high - widths[$0].low < widths[$1].high - widths[$1].low }!
        for k in 0..<4 {
            let rightToLeft = k % 2 == 1
            let delta = rightToLeft ? widths[narrowest].high - widths[k].high : widths[narrowest].low - widths[k].low
            if delta != 0 { for v in 0..<n { candidates[k][v] += delta } }
        }
        for v in 0..<n {
            var a = candidates[0][v], b = candidates[1][v], c = candidates[2][v], d = candidates[3][v]
            // The two middle of four: sort the pairs, then the middles.
            if a > b { swap(&a, &b) }
            if c > d { swap(&c, &d) }
            across[v] = (max(a, c) + min(b, d)) / 2
        }
        // The mean of two valid placements can bring nodes of unequal size
        // too close; such a rank is fitted to the nearest spacing-valid
        // placement keeping its order (most ranks need nothing).
        var fitScratch = FitScratch()
        for r in layers.indices where !isSpaced(r, spacing: spacing) {
            fitOrder(r, to: layers[r].map { across[$0] }, spacing: spacing, scratch: &fitScratch)
        }
    }

    /// Buffers the four alignments reuse.
    struct AlignScratch {
        var root: [Int32]
        var align: [Int32]
        var pos: [Int32]
        var neighbours: [Int32] = []
        var blockStart: [Int32]
        var edgeFrom: [Int32] = []
        var edgeTo: [Int32] = []
        var edgeWeight: [Double] = []

        init(count: Int) {
            root = [Int32](repeating: 0, count: count)
            align = root
            pos = root
            blockStart = [Int32](repeating: 0, count: count + 1)
        }
    }

    /// Whether a bend's neighbour across the ranks, one way, is a bend too:
    /// the link between them is an inner segment.
    @inline(__always) func innerNeighbour(_ v: Int, _ lists: NodeLists) -> Int? {
        guard v >= itemCount, !lists.isEmpty(v) else { return nil }
        let w = lists[Int(lists.start[v])]
        return w >= itemCount ? w : nil
    }

    /// The links (upper, lower) that cross an inner segment without being
    /// one: the alignments leave them out, so long links stay straight.
    /// One scan of each rank between the inner segments it holds.
    func type1Conflicts() -> Set<UInt64> {
        var marked = Set<UInt64>()
        for r in layers.indices.dropFirst() {
            let previousCount = layers[r - 1].count, layer = layers[r]
            var k0 = 0, scan = 0
            for (i, v) in layer.enumerated() {
                let w = innerNeighbour(v, up)
                guard w != nil || i == layer.count - 1 else { continue }
                let k1 = w.map { position[$0] } ?? previousCount
                for s in layer[scan...i] {
                    for k in up.range(s) {
                        let u = up[k], p = position[u]
                        if (p < k0 || p > k1) && !(u >= itemCount && s >= itemCount) {
                            marked.insert(UInt64(u) << 32 | UInt64(s))
                        }
                    }
                }
                scan = i + 1
                k0 = k1
            }
        }
        return marked
    }

    /// One of the four alignments: blocks through medians, taken from the
    /// rank above (`downward`) or below, left to right or right to left,
    /// then compacted. Coordinates grow in the sweep's direction (a right to
    /// left alignment's are negated by the caller).
    func align(downward: Bool, rightToLeft: Bool, conflicts: Set<UInt64>, spacing: Double,
               scratch s: inout AlignScratch) -> [Double] {
        let n = nodeCount
        let lists = downward ? up : down
        for v in 0..<n {
            s.root[v] = Int32(truncatingIfNeeded: v)
            s.align[v] = Int32(truncatingIfNeeded: v)
        }
        for layer in layers {
            for (i, v) in layer.enumerated() { s.pos[v] = Int32(truncatingIfNeeded: rightToLeft ? layer.count - 1 - i : i) }
        }
        let rankOrder = downward ? Array(layers.indices) : Array(layers.indices.reversed())
        for r in rankOrder {
            let layer = layers[r]
            var previous: Int32 = -1
            for i in 0..<layer.count {
                let v = layer[rightToLeft ? layer.count - 1 - i : i]
                let range = lists.range(v)
                guard !range.isEmpty else { continue }
                s.neighbours.removeAll(keepingCapacity: true)
                for k in range { s.neighbours.append(Int32(truncatingIfNeeded: lists[k])) }
                if s.neighbours.count > 1 { s.neighbours.sort { s.pos[Int($0)] < s.pos[Int($1)] } }
                let d = s.neighbours.count
                for m in ((d - 1) / 2)...(d / 2) {
                    let w = Int(s.neighbours[m])
                    guard s.align[v] == Int32(truncatingIfNeeded: v), previous < s.pos[w] else { continue }
                    let key = downward ? UInt64(w) << 32 | UInt64(v) : UInt64(v) << 32 | UInt64(w)
                    guard !conflicts.contains(key) else { continue }
                    s.align[w] = Int32(truncatingIfNeeded: v)
                    s.root[v] = s.root[w]
                    s.align[v] = s.root[v]
                    previous = s.pos[w]
                }
            }
        }
        return compact(rightToLeft: rightToLeft, spacing: spacing, scratch: &s)
    }

    /// Places the blocks: a constraint graph from each node's neighbour
    /// before it on its rank (its block at least their separation after),
    /// every block as early as those allow, then each pushed on toward the
    /// blocks after it as far as they leave room (dagre's two passes).
    func compact(rightToLeft: Bool, spacing: Double, scratch s: inout AlignScratch) -> [Double] {
        let n = nodeCount
        s.edgeFrom.removeAll(keepingCapacity: true)
        s.edgeTo.removeAll(keepingCapacity: true)
        s.edgeWeight.removeAll(keepingCapacity: true)
        for layer in layers where layer.count > 1 {
            for i in 1..<layer.count {
                let (u, v) = rightToLeft ? (layer[layer.count - i], layer[layer.count - 1 - i]) : (layer[i - 1], layer[i])
                s.edgeFrom.append(s.root[u])
                s.edgeTo.append(s.root[v])
                s.edgeWeight.append((breadth[u] + breadth[v]) / 2 + spacing)
            }
        }
        // Edges grouped by their source block (CSR), and each block's count
        // of incoming edges, for a topological order (the blocks never
        // cross, so the graph is acyclic).
        let m = s.edgeFrom.count
        for v in 0...n { s.blockStart[v] = 0 }
        var indegree = [Int32](repeating: 0, count: n)
        for e in 0..<m {
            s.blockStart[Int(s.edgeFrom[e]) + 1] += 1
            indegree[Int(s.edgeTo[e])] += 1
        }
        for v in 0..<n { s.blockStart[v + 1] += s.blockStart[v] }
        var fill = Array(s.blockStart[0..<n])
        var order = [Int32](repeating: 0, count: m)
        for e in 0..<m {
            let f = Int(s.edgeFrom[e])
            order[Int(fill[f])] = Int32(truncatingIfNeeded: e)
            fill[f] += 1
        }
        var topo: [Int32] = []
        topo.reserveCapacity(n)
        for v in 0..<n where s.root[v] == Int32(truncatingIfNeeded: v) && indegree[v] == 0 {
            topo.append(Int32(truncatingIfNeeded: v))
        }
        var xs = [Double](repeating: 0, count: n)
        var head = 0
        while head < topo.count {
            let b = Int(topo[head])
            head += 1
            for k in Int(s.blockStart[b])..<Int(s.blockStart[b + 1]) {
                let e = Int(order[k]), t = Int(s.edgeTo[e])
                xs[t] = max(xs[t], xs[b] + s.edgeWeight[e])
                indegree[t] -= 1
                if indegree[t] == 0 { topo.append(Int32(truncatingIfNeeded: t)) }
            }
        }
        for b in topo.reversed() {
            let b = Int(b)
            var room = Double.infinity
            for k in Int(s.blockStart[b])..<Int(s.blockStart[b + 1]) {
                let e = Int(order[k])
                room = min(room, xs[Int(s.edgeTo[e])] - s.edgeWeight[e])
            }
            if room.isFinite { xs[b] = max(xs[b], room) }
        }
        for v in 0..<n { xs[v] = xs[Int(s.root[v])] }
        return xs
    }

    /// Whether each pair of neighbours on a rank keeps the spacing.
    func isSpaced(_ r: Int, spacing: Double) -> Bool {
        let layer = layers[r]
        for i in layer.indices.dropFirst() {
            let u = layer[i - 1], v = layer[i]
            if across[v] - across[u] < (breadth[u] + breadth[v]) / 2 + spacing - 1e-9 { return false }
        }
        return true
    }

    /// The placement of a rank, in its order and spacing, nearest (least
    /// squares) to `desired`: pool adjacent violators over offsets.
    mutating func fitOrder(_ r: Int, to desired: [Double], spacing: Double, scratch: inout FitScratch) {
        let layer = layers[r]
        startFit(layer, spacing: spacing, scratch: &scratch)
        for i in layer.indices { scratch.pool(desired[i] - scratch.offset[i], weight: 1) }
        finishFit(layer, scratch: scratch)
    }
}
