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
///
/// - Complexity: O(n + links), in one record a node with 32-bit node
///   numbers: no allocation per node and no recursion.
public struct TreeLayout: CanvasLayout, Hashable, Sendable {
    public enum Direction: Hashable, Sendable {
        case down, right, radial
    }

    public var direction: Direction
    public var levelSpacing: Double
    public var siblingSpacing: Double
    /// The links the tree is drawn over; `nil` (as on a canvas) reads the
    /// canvas's links, `LayoutItems.links`.
    public var links: GraphLinks?

    public init(direction: Direction = .down, levelSpacing: Double = 40, siblingSpacing: Double = 16,
                links: GraphLinks? = nil) {
        self.direction = direction
        self.levelSpacing = levelSpacing
        self.siblingSpacing = siblingSpacing
        self.links = links
    }

    /// The most items a tree lays out: its node numbers are 32-bit.
    public static let maximumCount = Int(Int32.max) - 2

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) throws(CanvasError) -> [Rect] {
        let count = items.count
        guard count > 0 else { return [] }
        guard count <= Self.maximumCount else {
            throw CanvasError(.invalidArgument, "a tree of \(count) items is more than its \(Self.maximumCount)")
        }
        let horizontal = direction == .right
        let levelSpacing = max(levelSpacing, 0), siblingSpacing = max(siblingSpacing, 0)
        let tree = links ?? items.links
        return items.sizes.withUnsafeBufferPointer { sizes in
            // The frames' buffer is the build's scratch until the frames are
            // written (its pages faulted in once, not twice).
            [Rect](unsafeUninitializedCapacity: count) { frames, initialized in
                let raw = UnsafeMutableRawPointer(frames.baseAddress!)
                var forest = TidyForest(count: count, links: tree, sizes: sizes, horizontal: horizontal,
                                        scratch: raw, scratchBytes: count * MemoryLayout<Rect>.stride)
                defer { forest.deallocate() }
                forest.walk(spacing: siblingSpacing)
                forest.write(frames: raw.bindMemory(to: Rect.self, capacity: count), direction: direction,
                             levelSpacing: levelSpacing, siblingSpacing: siblingSpacing)
                initialized = count
            }
        }
    }
}

/// What a contour step of the walk reads and writes at a node: its position,
/// modifier, breadth, thread and ancestor, 32 bytes, two records a cache
/// line. In separate arrays each was a miss of its own; the children's bounds
/// (`first`) stay flat, as the passes that stream over every node or a run
/// of siblings read only them (a record with all the fields
/// made those passes stream 64 bytes a node, and was no faster). Once
/// walked, `prelim` holds the node's centre across the levels.
struct TidyNode {
    var prelim: Double
    var mod: Double
    var breadth: Double
    var thread: Int32
    var ancestor: Int32

    init(number: Int32) {
        prelim = 0; mod = 0; breadth = 0
        thread = -1; ancestor = number
    }
}

/// One node's size and children bounds, gathered ahead of the breadth-first
/// numbering.
struct TidyGathered {
    var breadth: Double
    var depth: Double
    var low: Int32
    var high: Int32
}

/// The forest a tree layout walks, numbered breadth first from one virtual
/// root (node 0) over every real root, so a forest is one tree to the walk.
/// A node's children are then consecutive numbers, siblings sit side by side
/// in memory, a level is a run of numbers, and a contour runs through nearby
/// nodes. The walk's contour fields are one 32-byte record a node, aligned to
/// the cache line; the owner calls `deallocate()`. Buchheim's shift and
/// change live only while one node's children are spaced, so they take a
/// buffer as long as the largest family, not two arrays over every node.
struct TidyForest {
    let nodeCount: Int
    /// Item position of each node (node 0 has none: -1).
    let item: UnsafeMutablePointer<Int32>
    /// Each node's side along the levels (its breadth is in its record):
    /// with the breadth, its item's size, so the frames are written without
    /// reading the sizes again at random.
    let extent: UnsafeMutablePointer<Double>
    /// Where each level's run of nodes starts (level 0 holds the roots).
    var levelStart: [Int32] = []
    /// The deepest item of each level, along the levels.
    var levelDepth: [Double] = []
    let nodes: UnsafeMutablePointer<TidyNode>
    /// Children of v: first[v]..<first[v + 1]; nodeCount + 1 entries, in
    /// the scratch (the walk is its last reader).
    let first: UnsafeMutablePointer<Int32>
    /// The scratch when the caller's was too small.
    let ownScratch: UnsafeMutableRawPointer?
    /// The most children one node has.
    var widestFamily = 0

    /// Int32 slots of scratch the build takes: the parent links, the kept
    /// links, the children by item (starts and list), and `first`.
    static func scratchSlots(count: Int) -> Int { 5 * count + 4 }

    /// `scratch` (`scratchBytes` long, any bound type) holds the build's
    /// temporaries and `first` until the walk is done; when it is too small
    /// the forest takes its own.
    init(count: Int, links: GraphLinks, sizes: UnsafeBufferPointer<Size>, horizontal: Bool,
         scratch: UnsafeMutableRawPointer?, scratchBytes: Int) {
        let slots = Self.scratchSlots(count: count)
        var raw = scratch
        if raw == nil || scratchBytes < slots * MemoryLayout<Int32>.stride {
            raw = UnsafeMutableRawPointer.allocate(byteCount: slots * MemoryLayout<Int32>.stride, alignment: 16)
            ownScratch = raw
        } else {
            ownScratch = nil
        }
        let slab = raw!.bindMemory(to: Int32.self, capacity: slots)
        let parentOf = slab                   // count
        let start = slab + count              // count + 2
        let children = slab + 2 * count + 2   // count at most
        let kept = slab + 3 * count + 2       // count at most
        let first = slab + 4 * count + 2      // count + 2
        self.first = first

        // The parent link of each item: its first valid link; the kept
        // targets in link order, so children keep the order of their links.
        parentOf.initialize(repeating: -1, count: count)
        var keptCount = 0
        var ordered = true  // every parent before its child: no cycle can form
        links.sources.withUnsafeBufferPointer { sources in
            links.targets.withUnsafeBufferPointer { targets in
                for k in 0..<sources.count {
                    let s = sources[k], t = targets[k]
                    guard s != t, s >= 0, t >= 0, s < count, t < count, parentOf[t] == -1 else { continue }
                    parentOf[t] = Int32(truncatingIfNeeded: s)
                    kept[keptCount] = Int32(truncatingIfNeeded: t)
                    keptCount += 1
                    if s > t { ordered = false }
                }
            }
        }
        if !ordered { Self.breakCycles(UnsafeMutableBufferPointer(start: parentOf, count: count)) }

        // Children in link order, by item (CSR): counted into slot p + 2,
        // summed, then filled through slot p + 1 as a cursor, which leaves
        // item p's children at start[p]..<start[p + 1] without a copy of
        // the starts.
        start.initialize(repeating: 0, count: count + 2)
        var widest: Int32 = 0, roots: Int32 = 0
        for i in 0..<count {
            let p = Int(parentOf[i])
            if p >= 0 { start[p + 2] &+= 1 } else { roots &+= 1 }
        }
        for i in 0..<count {
            widest = max(widest, start[i + 2])
            start[i + 2] &+= start[i + 1]
        }
        for k in 0..<keptCount {
            let t = kept[k]
            let p = Int(parentOf[Int(t)])
            guard p >= 0 else { continue }  // lost its link to a cycle
            children[Int(start[p + 1])] = t
            start[p + 1] &+= 1
        }

        // Breadth first from the virtual root; each node's record made as it
        // is numbered, its breadth (its side across the levels) and children
        // filled as it is reached, and each level's depth gathered.
        let nodeCount = count + 1
        self.nodeCount = nodeCount
        let nodes = UnsafeMutableRawPointer.allocate(byteCount: nodeCount * MemoryLayout<TidyNode>.stride,
                                                     alignment: 64)
            .bindMemory(to: TidyNode.self, capacity: nodeCount)
        self.nodes = nodes
        let item = UnsafeMutablePointer<Int32>.allocate(capacity: nodeCount)
        self.item = item
        let extent = UnsafeMutablePointer<Double>.allocate(capacity: nodeCount)
        self.extent = extent
        extent[0] = 0
        var levelStart: [Int32] = [1]
        var levelDepth: [Double] = []
        var next = 1
        nodes.initialize(to: TidyNode(number: 0))
        item[0] = -1
        first[0] = 1
        for i in 0..<count where parentOf[i] < 0 {
            item[next] = Int32(truncatingIfNeeded: i)
            (nodes + next).initialize(to: TidyNode(number: Int32(truncatingIfNeeded: next)))
            next += 1
        }
        first[1] = Int32(truncatingIfNeeded: next)
        var levelEnd = next, depth = 0.0
        var v = 1
        // Runs of up to 64 nodes: each node's size and children bounds are
        // gathered first, in a loop with no branch on what it loads, so the
        // random reads overlap; the run is then numbered from the copies
        // (the child loop's trip count no longer waits on each miss).
        withUnsafeTemporaryAllocation(of: TidyGathered.self, capacity: 64) { run in
            let run = run.baseAddress!
            while v < next {
                let runCount = min(64, next - v)
                for k in 0..<runCount {
                    let i = Int(item[v + k])
                    let size = sizes[i]
                    run[k] = TidyGathered(breadth: horizontal ? size.height : size.width,
                                          depth: horizontal ? size.width : size.height,
                                          low: start[i], high: start[i + 1])
                }
                for k in 0..<runCount {
                    if v == levelEnd {
                        levelDepth.append(depth)
                        depth = 0
                        levelStart.append(Int32(truncatingIfNeeded: v))
                        levelEnd = next
                    }
                    let g = run[k]
                    depth = max(depth, g.depth)
                    for c in Int(g.low)..<Int(g.high) {
                        item[next] = children[c]
                        (nodes + next).initialize(to: TidyNode(number: Int32(truncatingIfNeeded: next)))
                        next += 1
                    }
                    nodes[v].breadth = g.breadth
                    extent[v] = g.depth
                    first[v + 1] = Int32(truncatingIfNeeded: next)
                    v += 1
                }
            }
        }
        levelDepth.append(depth)
        first[nodeCount] = Int32(truncatingIfNeeded: nodeCount)
        levelStart.append(Int32(truncatingIfNeeded: nodeCount))
        self.levelStart = levelStart
        self.levelDepth = levelDepth
        widestFamily = Int(max(widest, roots))
    }

    /// Frees the nodes' records; the forest is not used after.
    func deallocate() {
        UnsafeMutableRawPointer(nodes).deallocate()
        item.deallocate()
        extent.deallocate()
        ownScratch?.deallocate()
    }

    /// Walks up from every item; an item whose ancestors lead back to it
    /// loses its parent link (the first such item found, by position).
    static func breakCycles(_ parent: UnsafeMutableBufferPointer<Int32>) {
        var state = [UInt8](repeating: 0, count: parent.count)  // 0 unseen, 1 on the path, 2 settled
        var path: [Int] = []
        for start in 0..<parent.count where state[start] == 0 {
            var v = start
            while v != -1 && state[v] == 0 {
                state[v] = 1
                path.append(v)
                v = Int(parent[v])
            }
            if v != -1 && state[v] == 1 { parent[v] = -1 }  // v closes a cycle: make it a root
            for u in path { state[u] = 2 }
            path.removeAll(keepingCapacity: true)
        }
    }

    /// Buchheim's two walks, without recursion: deeper nodes are finished
    /// first (any order among disjoint subtrees gives the recursive walk's
    /// result), then the modifiers are summed downward. Leaves each node's
    /// centre across the levels in its record's `prelim`.
    mutating func walk(spacing: Double) {
        let nodeCount = self.nodeCount
        let n = nodes, first = self.first
        // Shift and change of the family being spaced, by sibling index
        // (zero between families: the shifts' execution clears them).
        let family = max(widestFamily, 1)
        let shift = UnsafeMutablePointer<Double>.allocate(capacity: 2 * family)
        shift.initialize(repeating: 0, count: 2 * family)
        defer { shift.deallocate() }
        let change = shift + family
        // The centre-to-centre distance two neighbours at one level keep:
        // siblings `spacing` apart, cousins twice that. The first walk
        // places siblings; the contours apportion compares are always
        // in different subtrees of siblings, so cousins.
        let cousins = 2 * spacing
        @inline(__always) func siblingDistance(_ a: Int, _ b: Int) -> Double {
            (n[a].breadth + n[b].breadth) * 0.5 + spacing
        }
        @inline(__always) func cousinDistance(_ a: Int, _ b: Int) -> Double {
            (n[a].breadth + n[b].breadth) * 0.5 + cousins
        }
        @inline(__always) func nextLeft(_ v: Int) -> Int {
            let c = first[v]
            return Int(c < first[v + 1] ? c : n[v].thread)
        }
        @inline(__always) func nextRight(_ v: Int) -> Int {
            let e = first[v + 1]
            return Int(first[v] < e ? e - 1 : n[v].thread)
        }
        /// Moves the subtree of `wp` by `amount`, spreading it over the
        /// siblings from `wm` (siblings are consecutive numbers from `start`).
        @inline(__always) func moveSubtree(_ wm: Int, _ wp: Int, _ start: Int, _ amount: Double) {
            let perSubtree = amount / Double(wp - wm)
            change[wp - start] -= perSubtree
            shift[wp - start] += amount
            change[wm - start] += perSubtree
            n[wp].prelim += amount
            n[wp].mod += amount
        }
        /// `v` against the subtrees of its left siblings, `leftmost..<end`
        /// (an ancestor is a sibling when its number lies in that run).
        func apportion(_ v: Int, _ leftmost: Int, _ end: Int, _ defaultAncestor: Int) -> Int {
            var defaultAncestor = defaultAncestor
            var vip = v, vop = v, vim = v - 1, vom = leftmost
            var sip = n[vip].mod, sop = n[vop].mod, sim = n[vim].mod, som = n[vom].mod
            var nextVim = nextRight(vim), nextVip = nextLeft(vip)
            while nextVim != -1 && nextVip != -1 {
                vim = nextVim
                vip = nextVip
                vom = nextLeft(vom)
                vop = nextRight(vop)
                n[vop].ancestor = Int32(truncatingIfNeeded: v)
                let gap = n[vim].prelim + sim - (n[vip].prelim + sip) + cousinDistance(vim, vip)
                if gap > 0 {
                    let a = Int(n[vim].ancestor)
                    moveSubtree(a >= leftmost && a < end ? a : defaultAncestor, v, leftmost, gap)
                    sip += gap
                    sop += gap
                }
                sim += n[vim].mod
                sip += n[vip].mod
                som += n[vom].mod
                sop += n[vop].mod
                nextVim = nextRight(vim)
                nextVip = nextLeft(vip)
            }
            if nextVim != -1 && nextRight(vop) == -1 {
                n[vop].thread = Int32(truncatingIfNeeded: nextVim)
                n[vop].mod += sim - sop
            }
            if nextVip != -1 && nextLeft(vom) == -1 {
                n[vom].thread = Int32(truncatingIfNeeded: nextVip)
                n[vom].mod += sip - som
                defaultAncestor = v
            }
            return defaultAncestor
        }

        // First walk. A node's midpoint over its children is kept in
        // `prelim` until its parent places it beside its left sibling.
        var p = nodeCount - 1
        while p >= 0 {
            let start = Int(first[p]), end = Int(first[p + 1])
            if start < end {
                var defaultAncestor = start
                for w in (start + 1)..<end {
                    let midpoint = n[w].prelim
                    let placed = n[w - 1].prelim + siblingDistance(w - 1, w)
                    n[w].prelim = placed
                    n[w].mod = placed - midpoint
                    defaultAncestor = apportion(w, start, end, defaultAncestor)
                }
                // Execute the shifts the apportioning left, right to left,
                // clearing them for the next family.
                var total = 0.0, rate = 0.0
                var w = end - 1
                while w >= start {
                    n[w].prelim += total
                    n[w].mod += total
                    rate += change[w - start]
                    total += shift[w - start] + rate
                    change[w - start] = 0
                    shift[w - start] = 0
                    w -= 1
                }
                n[p].prelim = (n[start].prelim + n[end - 1].prelim) * 0.5
            }
            p -= 1
        }
        // Second walk: parents come before children, so one pass pushes each
        // node's modifier sum down into its children's records (consecutive),
        // which then hold their position and the sum their own children take.
        n[0].mod -= n[0].prelim
        n[0].prelim = 0
        for v in 0..<nodeCount {
            let below = n[v].mod
            for c in Int(first[v])..<Int(first[v + 1]) {
                n[c].prelim += below
                n[c].mod += below
            }
        }
    }

    /// Writes the items' frames, in item order, from the walked positions,
    /// into `frames` (room for every item, uninitialized).
    func write(frames: UnsafeMutablePointer<Rect>, direction: TreeLayout.Direction,
               levelSpacing: Double, siblingSpacing: Double) {
        // Each level as deep as its deepest item, levels `levelSpacing` apart.
        var levelCentre = [Double](repeating: 0, count: levelDepth.count)
        var top = 0.0
        for d in levelDepth.indices {
            levelCentre[d] = top + levelDepth[d] / 2
            top += levelDepth[d] + levelSpacing
        }
        let n = nodes, item = self.item, extent = self.extent
        let horizontal = direction == .right
        // Radial: the breadth becomes a full turn (with one gap's room so the
        // first and last subtrees do not meet); the root level at the centre.
        var low = Double.infinity, high = -Double.infinity
        if direction == .radial {
            for v in 1..<nodeCount {
                low = min(low, n[v].prelim - n[v].breadth / 2)
                high = max(high, n[v].prelim + n[v].breadth / 2)
            }
        }
        let span = max(high - low + siblingSpacing, .leastNormalMagnitude)
        for level in 0..<levelDepth.count {
            let c = levelCentre[level], radius = c - levelCentre[0]
            for v in Int(levelStart[level])..<Int(levelStart[level + 1]) {
                let i = Int(item[v])
                let b = n[v].breadth, e = extent[v], a = n[v].prelim
                let size = horizontal ? Size(width: e, height: b) : Size(width: b, height: e)
                let frame: Rect
                switch direction {
                case .down:
                    frame = Rect(x: a - size.width / 2, y: c - size.height / 2, width: size.width, height: size.height)
                case .right:
                    frame = Rect(x: c - size.width / 2, y: a - size.height / 2, width: size.width, height: size.height)
                case .radial:
                    let (sine, cosine) = sinCos(2 * Double.pi * (a - low) / span)
                    frame = Rect(x: radius * cosine - size.width / 2, y: radius * sine - size.height / 2,
                                 width: size.width, height: size.height)
                }
                (frames + i).initialize(to: frame)
            }
        }
    }
}
