// The tidy tree as it was before its flat-array rewrite (node records,
// the same two walks): the model the rewrite must match frame for frame.
@testable import CanvasCore

struct ReferenceTree {
    var direction: TreeLayout.Direction
    var levelSpacing: Double
    var siblingSpacing: Double
    var links: GraphLinks

    init(direction: TreeLayout.Direction = .down, levelSpacing: Double = 40, siblingSpacing: Double = 16,
                links: GraphLinks = GraphLinks(sources: [], targets: [])) {
        self.direction = direction
        self.levelSpacing = levelSpacing
        self.siblingSpacing = siblingSpacing
        self.links = links
    }

    func place(_ items: LayoutItems) -> [Rect] {
        let count = items.count
        guard count > 0 else { return [] }
        let horizontal = direction == .right
        var breadth = [Double](repeating: 0, count: count)
        var depthExtent = [Double](repeating: 0, count: count)
        for i in 0..<count {
            let size = items.sizes[i]
            breadth[i] = horizontal ? size.height : size.width
            depthExtent[i] = horizontal ? size.width : size.height
        }
        let forest = ReferenceForest(count: count, links: links.valid(count: count), breadth: breadth)
        var walk = ReferenceWalk(forest: forest, spacing: max(siblingSpacing, 0))
        let byNode = walk.run()
        let across = (0..<count).map { byNode[forest.node[$0]] }

        // Each level as deep as its deepest item, levels `levelSpacing` apart.
        var levelDepth: [Double] = []
        for i in 0..<count {
            let d = forest.depth[i]
            while levelDepth.count <= d { levelDepth.append(0) }
            levelDepth[d] = max(levelDepth[d], depthExtent[i])
        }
        var levelCentre = [Double](repeating: 0, count: levelDepth.count)
        var top = 0.0
        for d in levelDepth.indices {
            levelCentre[d] = top + levelDepth[d] / 2
            top += levelDepth[d] + max(levelSpacing, 0)
        }

        var frames = [Rect](repeating: .zero, count: count)
        switch direction {
        case .down, .right:
            for i in 0..<count {
                let size = items.sizes[i]
                let a = across[i], c = levelCentre[forest.depth[i]]
                frames[i] = horizontal
                    ? Rect(x: c - size.width / 2, y: a - size.height / 2, width: size.width, height: size.height)
                    : Rect(x: a - size.width / 2, y: c - size.height / 2, width: size.width, height: size.height)
            }
        case .radial:
            // The breadth becomes a full turn (with one gap's room so the first
            // and last subtrees do not meet); the root level sits at the centre.
            var low = Double.infinity, high = -Double.infinity
            for i in 0..<count {
                low = min(low, across[i] - breadth[i] / 2)
                high = max(high, across[i] + breadth[i] / 2)
            }
            let span = max(high - low + siblingSpacing, .leastNormalMagnitude)
            for i in 0..<count {
                let size = items.sizes[i]
                let angle = 2 * Double.pi * (across[i] - low) / span
                let radius = levelCentre[forest.depth[i]] - levelCentre[0]
                let (sine, cosine) = sinCos(angle)
                frames[i] = Rect(x: radius * cosine - size.width / 2, y: radius * sine - size.height / 2,
                                 width: size.width, height: size.height)
            }
        }
        return frames
    }
}

/// The forest a tree layout walks, numbered breadth first from one virtual
/// root over every real root (so a forest is one tree to the walk): a
/// node's children are then consecutive numbers, siblings sit side by side
/// in memory, and a level's contour runs through nearby nodes, which keeps a
/// million-node walk in cache instead of chasing random ids.
struct ReferenceForest {
    let count: Int
    /// Item position of each node (node 0, the virtual root, has none).
    var item: [Int]
    /// Each item's node.
    var node: [Int]
    var nodes: [ReferenceNode]
    /// Each item's depth (roots 0).
    var depth: [Int]

    init(count: Int, links: [(Int, Int)], breadth: [Double]) {
        self.count = count
        var parent = [Int](repeating: -1, count: count)
        var kept: [(Int, Int)] = []
        kept.reserveCapacity(links.count)
        for (s, t) in links where parent[t] == -1 {
            parent[t] = s
            kept.append((s, t))
        }
        // Cycles: walk up from every item; an item whose ancestors lead back to
        // it loses its parent link (the first such item found, by position).
        var state = [UInt8](repeating: 0, count: count)  // 0 unseen, 1 on the path, 2 settled
        var path: [Int] = []
        for start in 0..<count where state[start] == 0 {
            var v = start
            while v != -1 && state[v] == 0 {
                state[v] = 1
                path.append(v)
                v = parent[v]
            }
            if v != -1 && state[v] == 1 { parent[v] = -1 }  // v closes a cycle: make it a root
            for u in path { state[u] = 2 }
            path.removeAll(keepingCapacity: true)
        }
        // Children in link order, as item positions (CSR); roots in position order.
        var childStart = [Int](repeating: 0, count: count + 1)
        for i in 0..<count where parent[i] != -1 { childStart[parent[i] + 1] += 1 }
        for v in 0..<count { childStart[v + 1] += childStart[v] }
        var fill = childStart
        var children = [Int](repeating: 0, count: childStart[count])
        for (s, t) in kept where parent[t] == s {
            children[fill[s]] = t
            fill[s] += 1
            parent[t] = -2 - s  // placed once, even if the same link repeats
        }
        for i in 0..<count where parent[i] < -1 { parent[i] = -2 - parent[i] }

        // Breadth first from the virtual root.
        var item = [Int](repeating: -1, count: count + 1)
        var node = [Int](repeating: 0, count: count)
        var nodes = [ReferenceNode](repeating: ReferenceNode(), count: count + 1)
        var depth = [Int](repeating: 0, count: count)
        var next = 1
        nodes[0].first = 1
        for i in 0..<count where parent[i] == -1 {
            item[next] = i
            node[i] = next
            nodes[next].parent = 0
            next += 1
        }
        nodes[0].end = next
        var head = 1
        while head < next {
            let v = head
            head += 1
            let i = item[v]
            nodes[v].breadth = breadth[i]
            nodes[v].first = next
            for k in childStart[i]..<childStart[i + 1] {
                let c = children[k]
                item[next] = c
                node[c] = next
                depth[c] = depth[i] + 1
                nodes[next].parent = v
                next += 1
            }
            nodes[v].end = next
        }
        for v in nodes.indices { nodes[v].ancestor = v }
        self.item = item
        self.node = node
        self.nodes = nodes
        self.depth = depth
    }
}

/// One node of the walk: Buchheim's fields and the tree's shape.
struct ReferenceNode {
    var prelim = 0.0
    var mod = 0.0
    var shift = 0.0
    var change = 0.0
    var breadth = 0.0
    var thread = -1
    var ancestor = 0
    var parent = -1
    /// The node's children are the numbers first..<end.
    var first = 0
    var end = 0
}

/// Buchheim's two walks over a breadth-first ``ReferenceForest``, without recursion:
/// deeper nodes are finished first (any order among disjoint subtrees gives
/// the recursive walk's result), then the modifiers are summed downward.
struct ReferenceWalk {
    var nodes: [ReferenceNode]
    let spacing: Double

    init(forest: ReferenceForest, spacing: Double) {
        nodes = forest.nodes
        self.spacing = spacing
    }

    /// Every node's position across the levels (its centre), by node number.
    mutating func run() -> [Double] {
        let spacing = self.spacing
        return nodes.withUnsafeMutableBufferPointer { n in
            // The centre-to-centre distance two neighbours at one level keep.
            func distance(_ a: Int, _ b: Int) -> Double {
                (n[a].breadth + n[b].breadth) / 2 + (n[a].parent == n[b].parent ? spacing : 2 * spacing)
            }
            func nextLeft(_ v: Int) -> Int { n[v].first < n[v].end ? n[v].first : n[v].thread }
            func nextRight(_ v: Int) -> Int { n[v].first < n[v].end ? n[v].end - 1 : n[v].thread }
            func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double) {
                let subtrees = Double(wp - wm)  // siblings are consecutive numbers
                n[wp].change -= amount / subtrees
                n[wp].shift += amount
                n[wm].change += amount / subtrees
                n[wp].prelim += amount
                n[wp].mod += amount
            }
            func apportion(_ v: Int, _ defaultAncestor: Int) -> Int {
                var defaultAncestor = defaultAncestor
                let p = n[v].parent
                guard v > n[p].first else { return defaultAncestor }
                var vip = v, vop = v, vim = v - 1, vom = n[p].first
                var sip = n[vip].mod, sop = n[vop].mod, sim = n[vim].mod, som = n[vom].mod
                while nextRight(vim) != -1 && nextLeft(vip) != -1 {
                    vim = nextRight(vim)
                    vip = nextLeft(vip)
                    vom = nextLeft(vom)
                    vop = nextRight(vop)
                    n[vop].ancestor = v
                    let gap = n[vim].prelim + sim - (n[vip].prelim + sip) + distance(vim, vip)
                    if gap > 0 {
                        let a = n[n[vim].ancestor].parent == p ? n[vim].ancestor : defaultAncestor
                        moveSubtree(a, v, gap)
                        sip += gap
                        sop += gap
                    }
                    sim += n[vim].mod
                    sip += n[vip].mod
                    som += n[vom].mod
                    sop += n[vop].mod
                }
                if nextRight(vim) != -1 && nextRight(vop) == -1 {
                    n[vop].thread = nextRight(vim)
                    n[vop].mod += sim - sop
                }
                if nextLeft(vip) != -1 && nextLeft(vom) == -1 {
                    n[vom].thread = nextLeft(vip)
                    n[vom].mod += sip - som
                    defaultAncestor = v
                }
                return defaultAncestor
            }

            // First walk. A node's midpoint over its children is kept in
            // `prelim` until its parent places it beside its left sibling.
            for p in (0..<n.count).reversed() where n[p].first < n[p].end {
                var defaultAncestor = n[p].first
                for w in n[p].first..<n[p].end {
                    let midpoint = n[w].prelim
                    if w > n[p].first {
                        n[w].prelim = n[w - 1].prelim + distance(w - 1, w)
                        n[w].mod = n[w].prelim - midpoint
                    }
                    defaultAncestor = apportion(w, defaultAncestor)
                }
                // Execute the shifts the apportioning left, right to left.
                var total = 0.0, rate = 0.0
                for w in (n[p].first..<n[p].end).reversed() {
                    n[w].prelim += total
                    n[w].mod += total
                    rate += n[w].change
                    total += n[w].shift + rate
                }
                n[p].prelim = (n[n[p].first].prelim + n[n[p].end - 1].prelim) / 2
            }
            // Second walk: parents come before children, so one pass sums the
            // modifiers (kept in `shift`, which the first walk no longer needs).
            var x = [Double](repeating: 0, count: n.count)
            n[0].shift = -n[0].prelim
            for v in 0..<n.count {
                x[v] = n[v].prelim + n[v].shift
                let below = n[v].shift + n[v].mod
                for c in n[v].first..<n[v].end { n[c].shift = below }
            }
            return x
        }
    }
}
