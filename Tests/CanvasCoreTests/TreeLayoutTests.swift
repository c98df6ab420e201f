import Testing
@testable import CanvasCore

@Suite("Tidy tree")
struct TreeLayoutTests {
    func layout(_ sizes: [Size], _ links: [(Int, Int)], _ tree: TreeLayout = TreeLayout()) -> [Rect] {
        var tree = tree
        tree.links = GraphLinks(links)
        var cache: Void = ()
        return try! tree.place(LayoutItems(sizes: sizes), in: .unspecified, cache: &cache)
    }

    func centreX(_ r: Rect) -> Double { r.x + r.width / 2 }

    /// A random tree: item i > 0 hangs under a random earlier item.
    func randomTree(_ count: Int, _ rng: inout SplitMix64) -> ([Size], [(Int, Int)]) {
        let sizes = (0..<count).map { _ in
            Size(width: .random(in: 10...80, using: &rng), height: .random(in: 10...40, using: &rng))
        }
        let links = (1..<max(count, 1)).map { (Int.random(in: max(0, $0 - 6)..<$0, using: &rng), $0) }
        return (sizes, links)
    }

    @Test("d3's small exact layout: a root over two children, one with two of its own")
    func exactSmall() {
        // Unit-wide items, spacing 1: siblings 2 apart centre to centre (1 + 1), cousins 3.
        let sizes = Array(repeating: size(1, 1), count: 5)
        let frames = layout(sizes, [(0, 1), (0, 2), (1, 3), (1, 4)],
                            TreeLayout(direction: .down, levelSpacing: 1, siblingSpacing: 1))
        let x = frames.map(centreX)
        #expect(x[3] == x[1] - 1 && x[4] == x[1] + 1)       // 3 and 4 centred under 1
        #expect(x[2] - x[1] == 2)                            // siblings 1 and 2
        #expect(x[0] == (x[1] + x[2]) / 2)                   // the root over its children
        #expect(frames.map(\.y) == [0, 2, 2, 4, 4])
    }

    @Test("no two items overlap, parents are centred over their children", arguments: [1, 2, 3])
    func properties(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let (sizes, links) = randomTree(400, &rng)
        let frames = layout(sizes, links)
        for i in frames.indices {
            for j in frames.indices where j > i {
                #expect(!frames[i].intersects(frames[j]), "\(i) and \(j) overlap")
            }
        }
        var children = [[Int]](repeating: [], count: sizes.count)
        for (s, t) in links { children[s].append(t) }
        for (p, kids) in children.enumerated() where !kids.isEmpty {
            let middle = (centreX(frames[kids.first!]) + centreX(frames[kids.last!])) / 2
            expectClose(centreX(frames[p]), middle, tolerance: 1e-6)
            for k in kids { #expect(frames[k].y > frames[p].maxY) }
        }
    }

    @Test("identical subtrees are drawn alike, up to translation")
    func identicalSubtrees() {
        // A root with three identical subtrees (a node with two leaves), and an extra leaf between.
        var sizes = [size(30, 20)]
        var links: [(Int, Int)] = []
        var heads: [Int] = []
        for k in 0..<3 {
            let head = sizes.count
            heads.append(head)
            sizes += [size(40, 20), size(20, 20), size(25, 20)]
            links += [(0, head), (head, head + 1), (head, head + 2)]
            if k == 0 { sizes.append(size(10, 10)); links.append((0, sizes.count - 1)) }
        }
        let frames = layout(sizes, links)
        func shape(_ head: Int) -> [Double] {
            [frames[head + 1].x - frames[head].x, frames[head + 2].x - frames[head].x]
        }
        #expect(shape(heads[0]) == shape(heads[1]))
        #expect(shape(heads[1]) == shape(heads[2]))
    }

    @Test("copies of a random subtree hung in a random forest are drawn alike, up to translation",
          arguments: [UInt64(71), 72, 73, 74], [TreeLayout.Direction.down, .right])
    func identicalRandomSubtrees(seed: UInt64, direction: TreeLayout.Direction) {
        var rng = SplitMix64(seed: seed)
        // The template: a random tree of 5–25 items of random sizes.
        let (shapeSizes, shapeLinks) = randomTree(Int.random(in: 5...25, using: &rng), &rng)
        // The rest: a random tree of 60 items; copies of the template hang under random items of it.
        var (sizes, links) = randomTree(60, &rng)
        var heads: [Int] = []
        for _ in 0..<Int.random(in: 3...6, using: &rng) {
            let head = sizes.count
            heads.append(head)
            sizes += shapeSizes
            links.append((Int.random(in: 0..<60, using: &rng), head))
            links += shapeLinks.map { ($0.0 + head, $0.1 + head) }
        }
        let frames = layout(sizes, links, TreeLayout(direction: direction))
        // Along the levels (x going down, y going right); across them each
        // level is as deep as its deepest item anywhere, so copies hung at
        // different depths may be spaced differently there.
        func along(_ r: Rect) -> Double { direction == .down ? r.x : r.y }
        func shape(_ head: Int) -> [Double] { (0..<shapeSizes.count).map { along(frames[head + $0]) - along(frames[head]) } }
        let first = shape(heads[0])
        for head in heads.dropFirst() {
            let other = shape(head)
            for k in first.indices { expectClose(other[k], first[k], tolerance: 1e-6) }
        }
        for i in frames.indices {
            for j in frames.indices where j > i { #expect(!frames[i].intersects(frames[j]), "\(i) and \(j) overlap") }
        }
    }

    @Test("a forest lies side by side; cycles and repeated parents do not break it")
    func forestAndCycles() {
        let sizes = Array(repeating: size(10, 10), count: 6)
        // 0→1, 1→0 (a cycle), 2→3, 4→3 (a second parent), 5 alone.
        let frames = layout(sizes, [(0, 1), (1, 0), (2, 3), (4, 3)])
        for i in frames.indices {
            for j in frames.indices where j > i { #expect(!frames[i].intersects(frames[j])) }
        }
        #expect(frames[3].y > frames[2].y)
    }

    @Test("a chain of a million items is walked without recursion")
    func longChain() {
        let count = 200_000
        let sizes = ItemSizes(repeating: size(4, 4), count: count)
        var tree = TreeLayout()
        tree.links = GraphLinks(sources: Array(0..<(count - 1)), targets: Array(1..<count))
        var cache: Void = ()
        let frames = try! tree.place(LayoutItems(sizes: sizes), in: .unspecified, cache: &cache)
        #expect(frames.count == count)
        #expect(frames.last!.x == frames.first!.x)
    }

    @Test("right grows across the levels to the side; radial puts levels on circles")
    func otherDirections() {
        let sizes = Array(repeating: size(10, 10), count: 4)
        let right = layout(sizes, [(0, 1), (0, 2), (0, 3)], TreeLayout(direction: .right))
        #expect(right[1].x > right[0].maxX && right[1].x == right[2].x)
        let radial = layout(sizes, [(0, 1), (0, 2), (0, 3)], TreeLayout(direction: .radial, levelSpacing: 40))
        let c0 = Point(x: radial[0].x + 5, y: radial[0].y + 5)
        let radii = radial.dropFirst().map { ((($0.x + 5) - c0.x) * (($0.x + 5) - c0.x) + (($0.y + 5) - c0.y) * (($0.y + 5) - c0.y)).squareRoot() }
        for r in radii { expectClose(r, radii[0], tolerance: 1e-9) }
        #expect(radii[0] == 50)
    }

    @Test("the flat-array walk draws what the node-record walk drew, over random forests with cycles",
          arguments: [UInt64(11), 12, 13, 14])
    func matchesReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 1...600, using: &rng)
        let sizes = (0..<count).map { _ in
            Size(width: .random(in: 0...80, using: &rng), height: .random(in: 0...40, using: &rng))
        }
        // Mostly parents before children, some links back (cycles), repeats, self links and strays.
        var links: [(Int, Int)] = []
        for _ in 0..<(count + count / 3) {
            let t = Int.random(in: 0..<count, using: &rng)
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: links.append((Int.random(in: 0..<count, using: &rng), t))
            case 1: links.append((t, t))
            case 2: links.append((count + 3, t))
            default: if t > 0 { links.append((Int.random(in: max(0, t - 8)..<t, using: &rng), t)) }
            }
        }
        for direction in [TreeLayout.Direction.down, .right, .radial] {
            let tree = TreeLayout(direction: direction, levelSpacing: 30, siblingSpacing: 7)
            let reference = ReferenceTree(direction: direction, levelSpacing: 30, siblingSpacing: 7,
                                          links: GraphLinks(links))
            #expect(layout(sizes, links, tree) == reference.place(LayoutItems(sizes: sizes)), "\(direction)")
        }
    }

    @Test("one tree in any item order draws alike: parents first (walked in item order) and shuffled (breadth first)",
          arguments: [UInt64(21), 22, 23])
    func orderIndependent(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 2...800, using: &rng)
        let (sizes, links) = randomTree(count, &rng)
        // Item i of the first order is item place[i] of the shuffled one; the links keep their order.
        let place = Array(0..<count).shuffled(using: &rng)
        var shuffledSizes = sizes
        for i in 0..<count { shuffledSizes[place[i]] = sizes[i] }
        let shuffledLinks = links.map { (place[$0.0], place[$0.1]) }
        for direction in [TreeLayout.Direction.down, .right, .radial] {
            let tree = TreeLayout(direction: direction, levelSpacing: 25, siblingSpacing: 9)
            let direct = layout(sizes, links, tree)
            let reference = ReferenceTree(direction: direction, levelSpacing: 25, siblingSpacing: 9,
                                          links: GraphLinks(links))
            #expect(direct == reference.place(LayoutItems(sizes: sizes)), "\(direction)")
            let shuffled = layout(shuffledSizes, shuffledLinks, tree)
            #expect((0..<count).allSatisfy { shuffled[place[$0]] == direct[$0] }, "\(direction)")
        }
    }

    @Test("the gathered breadth-first runs and frames draw what the reference walk drew: larger forests, wide families, levels ending mid-run",
          arguments: [UInt64(31), 32, 33])
    func gatheredRunsMatchReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let count = Int.random(in: 2_000...6_000, using: &rng)
        let sizes = (0..<count).map { _ in
            Size(width: .random(in: 0...120, using: &rng), height: .random(in: 0...48, using: &rng))
        }
        // The bench's shape (a short reach, a tenth anywhere before), some
        // families far wider than a run of 64, a few roots; then shuffled.
        let hubs = (0..<3).map { _ in Int.random(in: 0..<count / 4, using: &rng) }
        var links: [(Int, Int)] = []
        for t in 1..<count {
            if Int.random(in: 0..<200, using: &rng) == 0 { continue }  // a root
            let s: Int
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: s = Int.random(in: 0..<t, using: &rng)
            case 1: s = hubs[Int.random(in: 0..<hubs.count, using: &rng)]
            default: s = t - 1 - Int.random(in: 0..<min(t, 64), using: &rng)
            }
            if s != t { links.append((s, t)) }
        }
        let place = Array(0..<count).shuffled(using: &rng)
        var shuffledSizes = sizes
        for i in 0..<count { shuffledSizes[place[i]] = sizes[i] }
        let shuffledLinks = links.map { (place[$0.0], place[$0.1]) }
        for direction in [TreeLayout.Direction.down, .right, .radial] {
            let tree = TreeLayout(direction: direction, levelSpacing: 40, siblingSpacing: 16)
            for (sizes, links) in [(sizes, links), (shuffledSizes, shuffledLinks)] {
                let reference = ReferenceTree(direction: direction, levelSpacing: 40, siblingSpacing: 16,
                                              links: GraphLinks(links))
                #expect(layout(sizes, links, tree) == reference.place(LayoutItems(sizes: sizes)), "\(direction)")
            }
        }
    }

    @Test("the preorder walk draws what the reference walk drew: deep chains beside wide families, parents first, reversed and with the links shuffled, and the smallest forests",
          arguments: [UInt64(41), 42, 43, 44])
    func preorderMatchesReference(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var cases: [(sizes: [Size], links: [(Int, Int)])] = []
        for count in [1, 2, 3, Int.random(in: 300...3_000, using: &rng)] {
            let sizes = (0..<count).map { _ in
                Size(width: Double(Int.random(in: 0...6, using: &rng)) * 15, height: .random(in: 0...40, using: &rng))
            }
            // Long chains (contours many levels deep, threads across them),
            // hubs with hundreds of children, a root now and then.
            let hubs = (0..<2).map { _ in Int.random(in: 0..<max(count / 8, 1), using: &rng) }
            var links: [(Int, Int)] = []
            for t in 1..<max(count, 1) {
                let s: Int
                switch Int.random(in: 0..<20, using: &rng) {
                case 0: continue
                case 1..<11: s = t - 1
                case 11..<15: s = hubs[Int.random(in: 0..<hubs.count, using: &rng)]
                default: s = Int.random(in: 0..<t, using: &rng)
                }
                if s != t { links.append((s, t)) }
            }
            cases.append((sizes, links))
            // Reversed: every parent after its children, numbered from the breadth-first order.
            cases.append((sizes.reversed(), links.map { (count - 1 - $0.0, count - 1 - $0.1) }))
            cases.append((sizes, links.shuffled(using: &rng)))
        }
        for direction in [TreeLayout.Direction.down, .right, .radial] {
            let tree = TreeLayout(direction: direction, levelSpacing: 20, siblingSpacing: 5)
            for (sizes, links) in cases {
                let reference = ReferenceTree(direction: direction, levelSpacing: 20, siblingSpacing: 5,
                                              links: GraphLinks(links))
                #expect(layout(sizes, links, tree) == reference.place(LayoutItems(sizes: sizes)),
                        "\(direction), \(sizes.count) items")
            }
        }
    }
}
