/// A tidy tree over the links: Buchheim, Jünger and Leipert's linear-time
/// form of Reingold and Tilford's algorithm, as d3-hierarchy's `tree`.
///
/// A link runs from a parent to a child; a child's first link in the list
/// is its parent link, later ones are drawn but do not shape the tree, and a
/// link that would close a cycle is ignored. Children keep the order of their
/// links. Items without a parent are roots, laid side by side as one forest.
/// Each item is centred over its children; subtrees as close as their
/// contours allow, `siblingSpacing` apart for siblings and twice that for
/// cousins (d3's separation); the same subtree is drawn the same wherever it
/// stands. Levels are `levelSpacing` apart, each as deep as its deepest item.
/// Radial puts the levels on circles around the roots, the breadth turned
/// into angle.
public struct TreeLayout: CanvasLayout, Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        case down, right, radial
    }

    public var direction: Direction
    public var levelSpacing: Double
    public var siblingSpacing: Double
    public var links: GraphLinks

    public init(direction: Direction = .down, levelSpacing: Double = 40, siblingSpacing: Double = 16,
                links: GraphLinks = GraphLinks(sources: [], targets: [])) {
        self.direction = direction
        self.levelSpacing = levelSpacing
        self.siblingSpacing = siblingSpacing
        self.links = links
    }

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        let count = items.count
        guard count > 0 else { return [] }
        let forest = Forest(count: count, links: links.valid(count: count))
        let horizontal = direction == .right
        var breadth = [Double](repeating: 0, count: count + 1)
        var depthExtent = [Double](repeating: 0, count: count + 1)
        for i in 0..<count {
            let size = items.sizes[i]
            breadth[i] = horizontal ? size.height : size.width
            depthExtent[i] = horizontal ? size.width : size.height
        }
        var walk = TidyWalk(forest: forest, breadth: breadth, spacing: max(siblingSpacing, 0))
        let across = walk.run()

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

/// The forest a tree layout walks: a parent per item (or none), children in
/// link order, depths, and one virtual root (at index `count`) over every
/// real root so a forest is one tree to the walk.
struct Forest {
    let count: Int
    var parent: [Int]
    var childStart: [Int]
    var children: [Int]
    var depth: [Int]

    var root: Int { count }

    init(count: Int, links: [(Int, Int)]) {
        self.count = count
        var parent = [Int](repeating: -1, count: count + 1)
        var childLinks: [(Int, Int)] = []
        childLinks.reserveCapacity(links.count)
        for (s, t) in links where parent[t] == -1 {
            parent[t] = s
            childLinks.append((s, t))
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
        for i in 0..<count where parent[i] == -1 { parent[i] = count }

        // Children in link order (roots in position order under the virtual root).
        var childCount = [Int](repeating: 0, count: count + 2)
        for i in 0..<count { childCount[parent[i] + 1] += 1 }
        var childStart = [Int](repeating: 0, count: count + 2)
        for v in 0...count { childStart[v + 1] = childStart[v] + childCount[v + 1] }
        var fill = childStart
        var children = [Int](repeating: 0, count: count)
        var placed = [Bool](repeating: false, count: count)
        for (s, t) in childLinks where parent[t] == s && !placed[t] {
            placed[t] = true
            children[fill[s]] = t
            fill[s] += 1
        }
        for i in 0..<count where parent[i] == count {
            children[fill[count]] = i
            fill[count] += 1
        }
        self.parent = parent
        self.childStart = childStart
        self.children = children

        // Depths from the roots down, without recursion (a chain may be a million long).
        var depth = [Int](repeating: 0, count: count + 1)
        var stack = [count]
        depth[count] = -1
        while let v = stack.popLast() {
            for k in childStart[v]..<childStart[v + 1] {
                let w = children[k]
                depth[w] = depth[v] + 1
                stack.append(w)
            }
        }
        self.depth = depth
    }

    func childRange(_ v: Int) -> Range<Int> { childStart[v]..<childStart[v + 1] }
    func isLeaf(_ v: Int) -> Bool { childStart[v] == childStart[v + 1] }
    func firstChild(_ v: Int) -> Int { children[childStart[v]] }
    func lastChild(_ v: Int) -> Int { children[childStart[v + 1] - 1] }
}

/// Buchheim's two walks over a ``Forest``, in arrays and without recursion.
struct TidyWalk {
    let forest: Forest
    let breadth: [Double]
    let spacing: Double
    var prelim: [Double]
    var mod: [Double]
    var shift: [Double]
    var change: [Double]
    var thread: [Int]
    var ancestor: [Int]
    /// An item's position among its siblings, from 1.
    var number: [Int]
    /// An item's left sibling, or -1.
    var leftSibling: [Int]

    init(forest: Forest, breadth: [Double], spacing: Double) {
        let n = forest.count + 1
        self.forest = forest
        self.breadth = breadth
        self.spacing = spacing
        prelim = [Double](repeating: 0, count: n)
        mod = [Double](repeating: 0, count: n)
        shift = [Double](repeating: 0, count: n)
        change = [Double](repeating: 0, count: n)
        thread = [Int](repeating: -1, count: n)
        ancestor = Array(0..<n)
        number = [Int](repeating: 0, count: n)
        leftSibling = [Int](repeating: -1, count: n)
        for v in 0..<n {
            var previous = -1
            for (k, w) in forest.childRange(v).map({ forest.children[$0] }).enumerated() {
                number[w] = k + 1
                leftSibling[w] = previous
                previous = w
            }
        }
    }

    /// The centre-to-centre distance two neighbours at one level keep.
    func distance(_ left: Int, _ right: Int) -> Double {
        let gap = forest.parent[left] == forest.parent[right] ? spacing : 2 * spacing
        return (breadth[left] + breadth[right]) / 2 + gap
    }

    func nextLeft(_ v: Int) -> Int { forest.isLeaf(v) ? thread[v] : forest.firstChild(v) }
    func nextRight(_ v: Int) -> Int { forest.isLeaf(v) ? thread[v] : forest.lastChild(v) }

    /// Every item's position across the levels (its centre).
    mutating func run() -> [Double] {
        let root = forest.root
        var defaultAncestor = [Int](repeating: -1, count: forest.count + 1)
        // First walk, post-order: an item is finished once its children are.
        var stack: [(node: Int, next: Int)] = [(root, forest.childStart[root])]
        while !stack.isEmpty {
            let top = stack.count - 1
            let v = stack[top].node
            if stack[top].next < forest.childStart[v + 1] {
                let w = forest.children[stack[top].next]
                stack[top].next += 1
                stack.append((w, forest.childStart[w]))
                continue
            }
            stack.removeLast()
            finish(v)
            if v != root {
                let p = forest.parent[v]
                let current = defaultAncestor[p] == -1 ? forest.firstChild(p) : defaultAncestor[p]
                defaultAncestor[p] = apportion(v, current)
            }
        }
        // Second walk: add the modifiers down from the root.
        var x = [Double](repeating: 0, count: forest.count + 1)
        var sums = [(Int, Double)]()
        sums.append((root, -prelim[root]))
        while let (v, m) = sums.popLast() {
            x[v] = prelim[v] + m
            for k in forest.childRange(v) {
                sums.append((forest.children[k], m + mod[v]))
            }
        }
        x.removeLast()
        return x
    }

    /// The first walk's work on `v` once its children are placed.
    mutating func finish(_ v: Int) {
        let w = leftSibling[v]
        if forest.isLeaf(v) {
            prelim[v] = w == -1 ? 0 : prelim[w] + distance(w, v)
            return
        }
        executeShifts(v)
        let midpoint = (prelim[forest.firstChild(v)] + prelim[forest.lastChild(v)]) / 2
        if w == -1 {
            prelim[v] = midpoint
        } else {
            prelim[v] = prelim[w] + distance(w, v)
            mod[v] = prelim[v] - midpoint
        }
    }

    mutating func apportion(_ v: Int, _ defaultAncestor: Int) -> Int {
        var defaultAncestor = defaultAncestor
        let w = leftSibling[v]
        guard w != -1 else { return defaultAncestor }
        var vip = v, vop = v, vim = w
        var vom = forest.firstChild(forest.parent[v])
        var sip = mod[vip], sop = mod[vop], sim = mod[vim], som = mod[vom]
        while nextRight(vim) != -1 && nextLeft(vip) != -1 {
            vim = nextRight(vim)
            vip = nextLeft(vip)
            vom = nextLeft(vom)
            vop = nextRight(vop)
            ancestor[vop] = v
            let gap = prelim[vim] + sim - (prelim[vip] + sip) + distance(vim, vip)
            if gap > 0 {
                let a = forest.parent[ancestor[vim]] == forest.parent[v] ? ancestor[vim] : defaultAncestor
                moveSubtree(a, v, gap)
                sip += gap
                sop += gap
            }
            sim += mod[vim]
            sip += mod[vip]
            som += mod[vom]
            sop += mod[vop]
        }
        if nextRight(vim) != -1 && nextRight(vop) == -1 {
            thread[vop] = nextRight(vim)
            mod[vop] += sim - sop
        }
        if nextLeft(vip) != -1 && nextLeft(vom) == -1 {
            thread[vom] = nextLeft(vip)
            mod[vom] += sip - som
            defaultAncestor = v
        }
        return defaultAncestor
    }

    mutating func moveSubtree(_ wm: Int, _ wp: Int, _ amount: Double) {
        let subtrees = Double(number[wp] - number[wm])
        change[wp] -= amount / subtrees
        shift[wp] += amount
        change[wm] += amount / subtrees
        prelim[wp] += amount
        mod[wp] += amount
    }

    mutating func executeShifts(_ v: Int) {
        var total = 0.0, rate = 0.0
        for k in forest.childRange(v).reversed() {
            let w = forest.children[k]
            prelim[w] += total
            mod[w] += total
            rate += change[w]
            total += shift[w] + rate
        }
    }
}
