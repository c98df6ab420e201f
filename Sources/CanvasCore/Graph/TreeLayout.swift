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
            // written (its pages faulted in once, not twice). From half the
            // huge-page threshold its room is rounded up to it, so the
            // scratch's scattered writes get huge pages too.
            let stride = MemoryLayout<Rect>.stride
            let bytes = count * stride
            let room = bytes >= LargeArray.hugePageThreshold / 2
                ? max(count, (LargeArray.hugePageThreshold + stride - 1) / stride) : count
            return [Rect].large(count: count, room: room) { frames in
                let raw = UnsafeMutableRawPointer(frames.baseAddress!)
                var forest = TidyForest(count: count, links: tree, sizes: sizes, horizontal: horizontal,
                                        scratch: raw, scratchBytes: count * MemoryLayout<Rect>.stride)
                defer { forest.deallocate() }
                forest.walk(spacing: siblingSpacing)
                forest.write(frames: raw.bindMemory(to: Rect.self, capacity: count), sizes: sizes,
                             direction: direction, levelSpacing: levelSpacing, siblingSpacing: siblingSpacing)
            }
        }
    }
}

/// What a contour step of the walk reads and writes at a node: its position,
/// modifier, breadth, where its contour goes next and its ancestor stamp,
/// 32 bytes, two records a cache line. Numbered in preorder, a node's first
/// child is the next number, so one field says where both contours go: with
/// children, the last child (positive); without, minus Buchheim's thread (0
/// for none), which is only ever set on a node without children. Once
/// walked, `prelim` holds the node's centre across the levels.
struct TidyNode {
    var prelim: Double
    var mod: Double
    var breadth: Double
    var link: Int32
    /// The sibling whose apportioning last reached this node, as its
    /// family's stamp plus its sibling index (-1: none yet).
    var ancestor: Int32

    init(breadth: Double, link: Int32) {
        prelim = 0; mod = 0
        self.breadth = breadth
        self.link = link
        ancestor = -1
    }
}

/// The forest a tree layout walks, numbered in preorder from one virtual
/// root (node 0) over every real root, so a forest is one tree to the walk.
/// A subtree is then a run of numbers, so the contours of two neighbouring
/// subtrees run through nearby memory down to where they meet (numbered
/// breadth first, each contour step crossed a whole level). The walk's
/// contour fields are one 32-byte record a node, aligned to the cache line;
/// the owner calls `deallocate()`. Buchheim's shift and change live only
/// while one node's children are spaced, so they take a buffer as long as
/// the largest family, not two arrays over every node.
struct TidyForest {
    let nodeCount: Int
    let nodes: UnsafeMutablePointer<TidyNode>
    /// Whether `nodes` is a mapping of its own (`LargeArray.allocateScratch`).
    let nodesMapped: Bool
    /// One past the last node of each node's subtree: a node's next sibling.
    /// In the scratch, whose last reader is the second walk.
    let end: UnsafeMutablePointer<Int32>
    /// Each item's node number and level, in pairs at the end of the
    /// scratch: the write reads item i's pair before it writes frame i,
    /// and frame i covers only the pairs of items up to i.
    let placement: UnsafeMutablePointer<Int32>
    /// The deepest item of each level (level 0 holds the roots), along the levels.
    var levelDepth: [Double] = []
    /// The scratch when the caller's was too small.
    let ownScratch: UnsafeMutableRawPointer?
    /// The most children one node has.
    var widestFamily = 0

    /// Int32 slots of scratch the build takes and where its placement
    /// pairs start: the parent links (then `end`), the kept links (then
    /// the parents-first order), the children by item (starts and list),
    /// the subtree sizes, and the pairs last.
    static func scratchSlots(count: Int) -> (total: Int, pairs: Int) {
        let pairs = max(6 * count, 5 * count + 3)
        return (pairs + 2 * count, pairs)
    }

    /// `scratch` (`scratchBytes` long, any bound type) holds the build's
    /// temporaries, `end` and the placements until the frames are written;
    /// when it is too small the forest takes its own.
    init(count: Int, links: GraphLinks, sizes: UnsafeBufferPointer<Size>, horizontal: Bool,
         scratch: UnsafeMutableRawPointer?, scratchBytes: Int) {
        let (slots, pairsAt) = Self.scratchSlots(count: count)
        var raw = scratch
        if raw == nil || scratchBytes < slots * MemoryLayout<Int32>.stride {
            raw = UnsafeMutableRawPointer.allocate(byteCount: slots * MemoryLayout<Int32>.stride, alignment: 16)
            ownScratch = raw
        } else {
            ownScratch = nil
        }
        let slab = raw!.bindMemory(to: Int32.self, capacity: slots)
        let end = slab                        // count + 1, once the parent links are spent
        let parentOf = slab + 1               // count
        let kept = slab + count + 1           // count at most, then the order
        let start = slab + 2 * count + 1      // count + 2
        let children = slab + 3 * count + 3   // count at most
        let size = slab + 4 * count + 3       // count
        let placement = slab + pairsAt        // 2 * count
        self.end = end
        self.placement = placement

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

        // An order with every parent before its children: the items' own
        // when the links said so, else breadth first (in the kept links'
        // place; the roots first, in item order).
        let order = kept
        if !ordered {
            var tail = 0
            for i in 0..<count where parentOf[i] < 0 {
                order[tail] = Int32(truncatingIfNeeded: i)
                tail += 1
            }
            var head = 0
            while head < tail {
                let i = Int(order[head])
                head += 1
                for c in Int(start[i])..<Int(start[i + 1]) {
                    order[tail] = children[c]
                    tail += 1
                }
            }
        }

        // Subtree sizes, children before parents (the order backwards).
        size.initialize(repeating: 1, count: count)
        var k = count - 1
        while k >= 0 {
            let i = ordered ? k : Int(order[k])
            let p = Int(parentOf[i])
            if p >= 0 { size[p] &+= size[i] }
            k -= 1
        }

        // Preorder numbers: the roots side by side under the virtual root,
        // then each item's children from the number after its own, each
        // taking its subtree's size. Each node's record, `end` and level
        // depth are made as its item is reached (its parent numbered it).
        let nodeCount = count + 1
        self.nodeCount = nodeCount
        // Huge pages when large: a family's members and contours lie in
        // one subtree's run, but the items reach their nodes at random.
        let scratch = LargeArray.allocateScratch(bytes: nodeCount * MemoryLayout<TidyNode>.stride)
        let nodes = scratch.pointer.bindMemory(to: TidyNode.self, capacity: nodeCount)
        self.nodes = nodes
        nodesMapped = scratch.mapped
        var next: Int32 = 1, lastRoot: Int32 = 0
        for i in 0..<count where parentOf[i] < 0 {
            placement[2 * i] = next
            placement[2 * i + 1] = 0
            lastRoot = next
            next &+= size[i]
        }
        // From here `end` takes the parent links' slots.
        nodes.initialize(to: TidyNode(breadth: 0, link: lastRoot))
        end[0] = Int32(truncatingIfNeeded: nodeCount)
        // The levels' depths in a buffer as long as the deepest tree could
        // be (only the pages used are touched): no growth check per item.
        let levelDepth = UnsafeMutablePointer<Double>.allocate(capacity: count)
        defer { levelDepth.deallocate() }
        var levels = 0
        for k in 0..<count {
            let i = ordered ? k : Int(order[k])
            let v = placement[2 * i], level = placement[2 * i + 1]
            let s = sizes[i]
            let depth = horizontal ? s.width : s.height
            if Int(level) == levels {
                levelDepth[levels] = max(0, depth)
                levels += 1
            } else {
                levelDepth[Int(level)] = max(levelDepth[Int(level)], depth)
            }
            end[Int(v)] = v &+ size[i]
            var child = v &+ 1, last: Int32 = 0
            for c in Int(start[i])..<Int(start[i + 1]) {
                let t = Int(children[c])
                placement[2 * t] = child
                placement[2 * t + 1] = level &+ 1
                last = child
                child &+= size[t]
            }
            (nodes + Int(v)).initialize(to: TidyNode(breadth: horizontal ? s.height : s.width, link: last))
        }
        self.levelDepth = Array(UnsafeBufferPointer(start: levelDepth, count: levels))
        widestFamily = Int(max(widest, roots))
    }

    /// Frees the nodes' records; the forest is not used after.
    func deallocate() {
        LargeArray.deallocateScratch(UnsafeMutableRawPointer(nodes), bytes: nodeCount * MemoryLayout<TidyNode>.stride,
                                     mapped: nodesMapped)
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

    /// Buchheim's two walks, without recursion: families are spaced from
    /// the last number down, so every node's subtree is finished before its
    /// family (any order among disjoint subtrees gives the recursive walk's
    /// result), then the modifiers are summed downward. Leaves each node's
    /// centre across the levels in its record's `prelim`.
    mutating func walk(spacing: Double) {
        let nodeCount = self.nodeCount
        let n = nodes, end = self.end
        // Shift and change of the family being spaced, and its members'
        // numbers, by sibling index (shift and change zero between
        // families: the shifts' execution clears them).
        let family = max(widestFamily, 1)
        let shift = UnsafeMutablePointer<Double>.allocate(capacity: 2 * family)
        shift.initialize(repeating: 0, count: 2 * family)
        let member = UnsafeMutablePointer<Int32>.allocate(capacity: family)
        defer { shift.deallocate(); member.deallocate() }
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
            let link = n[v].link
            return link > 0 ? v + 1 : Int(-link)
        }
        @inline(__always) func nextRight(_ v: Int) -> Int {
            let link = n[v].link
            return Int(link > 0 ? link : -link)
        }
        /// Moves the subtree of `v`, sibling `wp`, by `amount`, spreading it
        /// over the siblings from `wm`.
        @inline(__always) func moveSubtree(_ wm: Int, _ wp: Int, _ v: Int, _ amount: Double) {
            let perSubtree = amount / Double(wp - wm)
            change[wp] -= perSubtree
            shift[wp] += amount
            change[wm] += perSubtree
            n[v].prelim += amount
            n[v].mod += amount
        }
        /// `v`, sibling `index` of a family stamped `base`, against the
        /// subtrees of its left siblings, from `leftmost` to `left`. An
        /// ancestor stamp at or past `base` names a sibling (stamps grow
        /// family by family, and a node's earlier stamps came from families
        /// below this one).
        func apportion(_ v: Int, _ index: Int, _ left: Int, _ leftmost: Int, _ base: Int32,
                       _ defaultAncestor: Int) -> Int {
            var defaultAncestor = defaultAncestor
            let stamp = base &+ Int32(truncatingIfNeeded: index)
            var vip = v, vop = v, vim = left, vom = leftmost
            var sip = n[vip].mod, sop = n[vop].mod, sim = n[vim].mod, som = n[vom].mod
            var nextVim = nextRight(vim), nextVip = nextLeft(vip)
            while nextVim != 0 && nextVip != 0 {
                vim = nextVim
                vip = nextVip
                vom = nextLeft(vom)
                vop = nextRight(vop)
                n[vop].ancestor = stamp
                let gap = n[vim].prelim + sim - (n[vip].prelim + sip) + cousinDistance(vim, vip)
                if gap > 0 {
                    let a = Int(n[vim].ancestor &- base)
                    moveSubtree(a >= 0 ? a : defaultAncestor, index, v, gap)
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
            if nextVim != 0 && nextRight(vop) == 0 {
                n[vop].link = -Int32(truncatingIfNeeded: nextVim)
                n[vop].mod += sim - sop
            }
            if nextVip != 0 && nextLeft(vom) == 0 {
                n[vom].link = -Int32(truncatingIfNeeded: nextVip)
                n[vom].mod += sip - som
                defaultAncestor = index
            }
            return defaultAncestor
        }

        // First walk. A node's midpoint over its children is kept in
        // `prelim` until its parent places it beside its left sibling.
        var stamp: Int32 = 0
        var p = nodeCount - 1
        while p >= 0 {
            let last = Int(n[p].link)
            if last > 0 {
                let leftmost = p + 1
                var count = 0, w = leftmost
                while true {
                    member[count] = Int32(truncatingIfNeeded: w)
                    count += 1
                    if w == last { break }
                    w = Int(end[w])
                }
                let base = stamp
                stamp &+= Int32(truncatingIfNeeded: count)
                var defaultAncestor = 0
                var left = leftmost
                for j in 1..<max(count, 1) {
                    let w = Int(member[j])
                    let midpoint = n[w].prelim
                    let placed = n[left].prelim + siblingDistance(left, w)
                    n[w].prelim = placed
                    n[w].mod = placed - midpoint
                    defaultAncestor = apportion(w, j, left, leftmost, base, defaultAncestor)
                    left = w
                }
                // Execute the shifts the apportioning left, right to left,
                // clearing them for the next family.
                var total = 0.0, rate = 0.0
                var j = count - 1
                while j >= 0 {
                    let w = Int(member[j])
                    n[w].prelim += total
                    n[w].mod += total
                    rate += change[j]
                    total += shift[j] + rate
                    change[j] = 0
                    shift[j] = 0
                    j -= 1
                }
                n[p].prelim = (n[leftmost].prelim + n[last].prelim) * 0.5
            }
            p -= 1
        }
        // Second walk: parents come before children, so one pass pushes each
        // node's modifier sum down into its children's records, which then
        // hold their position and the sum their own children take.
        n[0].mod -= n[0].prelim
        n[0].prelim = 0
        for v in 0..<nodeCount {
            let last = Int(n[v].link)
            guard last > 0 else { continue }
            let below = n[v].mod
            var c = v + 1
            while true {
                n[c].prelim += below
                n[c].mod += below
                if c == last { break }
                c = Int(end[c])
            }
        }
    }

    /// Writes the items' frames, in item order, from the walked positions,
    /// into `frames` (room for every item, uninitialized; it may be the
    /// scratch, see `placement`).
    func write(frames: UnsafeMutablePointer<Rect>, sizes: UnsafeBufferPointer<Size>,
               direction: TreeLayout.Direction, levelSpacing: Double, siblingSpacing: Double) {
        // Each level as deep as its deepest item, levels `levelSpacing` apart.
        var levelCentre = [Double](repeating: 0, count: levelDepth.count)
        var top = 0.0
        for d in levelDepth.indices {
            levelCentre[d] = top + levelDepth[d] / 2
            top += levelDepth[d] + levelSpacing
        }
        let n = nodes, placement = self.placement
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
        levelCentre.withUnsafeBufferPointer { levelCentre in
            let rootCentre = levelCentre[0]
            for i in 0..<sizes.count {
                let v = Int(placement[2 * i]), level = Int(placement[2 * i + 1])
                let size = sizes[i], a = n[v].prelim, c = levelCentre[level]
                let frame: Rect
                switch direction {
                case .down:
                    frame = Rect(x: a - size.width / 2, y: c - size.height / 2, width: size.width, height: size.height)
                case .right:
                    frame = Rect(x: c - size.width / 2, y: a - size.height / 2, width: size.width, height: size.height)
                case .radial:
                    let radius = c - rootCentre
                    let (sine, cosine) = sinCos(2 * Double.pi * (a - low) / span)
                    frame = Rect(x: radius * cosine - size.width / 2, y: radius * sine - size.height / 2,
                                 width: size.width, height: size.height)
                }
                (frames + i).initialize(to: frame)
            }
        }
    }
}
