/// The ranking phase of the layered layout over an acyclic graph: each
/// link from a lower rank to a higher one, with as little total length
/// (so as few bends) as a feasible tight tree and local moves give.
struct Ranker {
    let count: Int
    var from: [Int32]
    var to: [Int32]
    /// Edges leaving each node: outList[outStart[v]..<outStart[v + 1]]; and entering it.
    var outStart: [Int32], outList: [Int32]
    var inStart: [Int32], inList: [Int32]
    var rank: [Int]
    /// The connected group of each node (set by `tightTrees`).
    var group: [Int32]

    init(edges: [(from: Int, to: Int)], count: Int) {
        self.count = count
        from = edges.map { Int32(truncatingIfNeeded: $0.from) }
        to = edges.map { Int32(truncatingIfNeeded: $0.to) }
        (outStart, outList) = Ranker.csr(keys: from, count: count)
        (inStart, inList) = Ranker.csr(keys: to, count: count)
        rank = [Int](repeating: 0, count: count)
        group = [Int32](repeating: -1, count: count)
    }

    /// The edges grouped by a key node, in edge order within a node.
    static func csr(keys: [Int32], count: Int) -> ([Int32], [Int32]) {
        var start = [Int32](repeating: 0, count: count + 1)
        for k in keys { start[Int(k) + 1] += 1 }
        for v in 0..<count { start[v + 1] += start[v] }
        var fill = Array(start[0..<count])
        var list = [Int32](repeating: 0, count: keys.count)
        for (e, k) in keys.enumerated() {
            list[Int(fill[Int(k)])] = Int32(truncatingIfNeeded: e)
            fill[Int(k)] += 1
        }
        return (start, list)
    }

    func slack(_ e: Int) -> Int { rank[Int(to[e])] - rank[Int(from[e])] - 1 }

    /// Sinks at rank 0, every other node one above its highest successor
    /// (ranks are negative until `normalize`): each node with a successor
    /// has a tight link.
    mutating func longestPath() {
        var pending = (0..<count).map { Int(outStart[$0 + 1] - outStart[$0]) }
        var queue = (0..<count).filter { pending[$0] == 0 }
        var head = 0
        while head < queue.count {
            let w = queue[head]
            head += 1
            for k in Int(inStart[w])..<Int(inStart[w + 1]) {
                let v = Int(from[Int(inList[k])])
                rank[v] = min(rank[v], rank[w] - 1)
                pending[v] -= 1
                if pending[v] == 0 { queue.append(v) }
            }
        }
    }

    /// Grows a tree of tight links from each connected group's first node;
    /// while it does not span the group, the group's link of least slack
    /// with one end in the tree is made tight by shifting the whole tree
    /// (which keeps every link feasible, that link's slack being the least).
    mutating func tightTrees() {
        var inTree = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var members: [Int] = []
        var groupEdges: [Int] = []
        var groups: Int32 = 0
        for start in 0..<count where group[start] < 0 {
            // The connected group and its edges, by an undirected search.
            members.removeAll(keepingCapacity: true)
            groupEdges.removeAll(keepingCapacity: true)
            group[start] = groups
            stack.append(start)
            while let v = stack.popLast() {
                members.append(v)
                for k in Int(outStart[v])..<Int(outStart[v + 1]) {
                    let e = Int(outList[k]), w = Int(to[e])
                    groupEdges.append(e)
                    if group[w] < 0 { group[w] = groups; stack.append(w) }
                }
                for k in Int(inStart[v])..<Int(inStart[v + 1]) {
                    let w = Int(from[Int(inList[k])])
                    if group[w] < 0 { group[w] = groups; stack.append(w) }
                }
            }
            groups += 1
            // The tree: tight links out of every node it reaches.
            var tree: [Int] = []
            func grow(_ root: Int) {
                inTree[root] = true
                stack.append(root)
                while let v = stack.popLast() {
                    tree.append(v)
                    for k in Int(outStart[v])..<Int(outStart[v + 1]) {
                        let e = Int(outList[k]), w = Int(to[e])
                        if !inTree[w] && slack(e) == 0 { inTree[w] = true; stack.append(w) }
                    }
                    for k in Int(inStart[v])..<Int(inStart[v + 1]) {
                        let e = Int(inList[k]), w = Int(from[e])
                        if !inTree[w] && slack(e) == 0 { inTree[w] = true; stack.append(w) }
                    }
                }
            }
            grow(start)
            while tree.count < members.count {
                var best = -1, bestSlack = Int.max
                for e in groupEdges where inTree[Int(from[e])] != inTree[Int(to[e])] {
                    let s = slack(e)
                    if s < bestSlack { bestSlack = s; best = e }
                }
                guard best >= 0 else { break }
                // Tree at the source: the tree moves down onto the target; else up.
                let delta = inTree[Int(from[best])] ? bestSlack : -bestSlack
                for v in tree { rank[v] += delta }
                grow(inTree[Int(from[best])] ? Int(to[best]) : Int(from[best]))
            }
        }
    }

    /// Moves each node, while it helps, to the end of its slack interval on
    /// the side with more of its links: a node with more links in than out
    /// rises to just below its lowest predecessor, and the reverse. Each
    /// move shortens the total length, so the passes end; capped at a few.
    mutating func balance() {
        for _ in 0..<8 {
            var moved = false
            for v in 0..<count {
                let ins = Int(inStart[v + 1] - inStart[v]), outs = Int(outStart[v + 1] - outStart[v])
                guard ins != outs else { continue }
                if ins > outs {
                    var low = Int.min
                    for k in Int(inStart[v])..<Int(inStart[v + 1]) { low = max(low, rank[Int(from[Int(inList[k])])] + 1) }
                    if low < rank[v] { rank[v] = low; moved = true }
                } else {
                    var high = Int.max
                    for k in Int(outStart[v])..<Int(outStart[v + 1]) { high = min(high, rank[Int(to[Int(outList[k])])] - 1) }
                    if high > rank[v] { rank[v] = high; moved = true }
                }
            }
            if !moved { break }
        }
    }

    /// Each connected group shifted to start at rank 0.
    mutating func normalize() {
        var lowest = [Int](repeating: Int.max, count: (group.max().map { Int($0) } ?? -1) + 1)
        for v in 0..<count { lowest[Int(group[v])] = min(lowest[Int(group[v])], rank[v]) }
        for v in 0..<count { rank[v] -= lowest[Int(group[v])] }
    }

    /// The sum of the links' rank spans (the bends a layout makes, plus one a link).
    var totalLength: Int { (0..<from.count).reduce(0) { $0 + rank[Int(to[$1])] - rank[Int(from[$1])] } }
}
