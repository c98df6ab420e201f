/// Cluster-link counts for every level a zoom within the limits reaches,
/// counted in one pass over the links and kept exact through drags, so a
/// zoom step (out or in, across levels or within one) reads counts and
/// never counts links (issues 20 and 24: a level's first visit counted
/// every link inside a frame).
///
/// What makes one count serve every zoom of a level: whether an end is
/// large depends on the zoom only through one side of its frame (`side`):
/// large exactly when `side · scale ≥ minSize` (the shorter side on two
/// zoomed axes: rounding is monotone, so the smaller product decides).
/// So each pair of a level keeps, instead of a count, the sides that
/// decide its links, sorted: a link between two small ends counts while
/// the larger of its ends' sides is small, one between a small end and a
/// large item while the small end's side is, so the count at a zoom is a
/// binary search. A link is kept only at the levels where it can count:
/// from the first where an end can be small to the one where both ends
/// fall in one cell for good (then every coarser level puts them together
/// too), which on near-neighbour links is a few levels a link.
///
/// Items are named by slot (`ItemList`'s stable slots, as the frames are
/// kept), so an insert or a removal of items elsewhere renumbers nothing
/// here; an edit of links adds or takes out its own links' contributions
/// at every level (`edit`), and a removal of items is one of its links
/// first (the engine removes an item's links with it), so no edit but a
/// new resolution or link table counts every link again.
struct ClusterLinkLevels {
    /// What the counts were made for; any change but a followed edit or drag counts afresh.
    struct Inputs: Equatable {
        var generation: UInt64
        var table: UInt64
        var axis: ZoomAxis
        var minSize: Double
        var cell: Double
        /// The zoomed axis's level exponents held, finest first.
        var exponents: ClosedRange<Int>
    }

    /// The sides deciding a pair's links, ascending; one side is held
    /// inline (most pairs of a fine level carry one link).
    struct Sides {
        private var one = 0.0
        private var all: [Double] = []  // every side, when two or more
        private(set) var count = 0

        /// Adds a side where it sorts.
        mutating func insert(_ side: Double) {
            if count == 0 {
                one = side
            } else {
                if count == 1 { all = [one] }
                all.insert(side, at: Self.lowerBound(all, side))
            }
            count += 1
        }

        /// Adds a side at the end: `sort()` must follow before a search.
        mutating func append(_ side: Double) {
            if count == 0 { one = side } else {
                if count == 1 { all = [one] }
                all.append(side)
            }
            count += 1
        }

        mutating func sort() { if count > 1 { all.sort() } }

        /// The sides, ascending (tests compare levels by them).
        var values: [Double] { count == 0 ? [] : count == 1 ? [one] : all }

        /// Takes one `side` out; false when it is not there.
        mutating func remove(_ side: Double) -> Bool {
            if count == 1 {
                guard one == side else { return false }
                count = 0
                return true
            }
            let i = Self.lowerBound(all, side)
            guard i < all.count, all[i] == side else { return false }
            all.remove(at: i)
            count -= 1
            if count == 1 { one = all[0]; all = [] }
            return true
        }

        /// How many sides `isSmall` holds for: a prefix, as it is monotone.
        func countSmall(_ isSmall: (Double) -> Bool) -> Int {
            if count == 0 { return 0 }
            if count == 1 { return isSmall(one) ? 1 : 0 }
            var low = 0, high = all.count
            while low < high {
                let mid = (low + high) / 2
                if isSmall(all[mid]) { low = mid + 1 } else { high = mid }
            }
            return low
        }

        static func lowerBound(_ sorted: [Double], _ value: Double) -> Int {
            var low = 0, high = sorted.count
            while low < high {
                let mid = (low + high) / 2
                if sorted[mid] < value { low = mid + 1 } else { high = mid }
            }
            return low
        }
    }

    /// A pair under its cell: the other cell (`item` −1) or a large item's slot.
    struct Entry {
        var cell: LinkCell
        var item: Int
        var sides: Sides
    }

    /// A level's cells and scales.
    struct Geometry {
        var width: Double
        var height: Double
        /// Every zoom of the level has a scale in `low..<high` (a little
        /// wider than the level, so rounding cannot leave one outside).
        var low: Double
        var high: Double
    }

    /// One level's pairs, by the lesser cell of two (or the small end's cell).
    struct Level {
        var key: DetailPyramid.LevelKey
        var geometry: Geometry
        var width: Double { geometry.width }
        var height: Double { geometry.height }
        var pairs: [LinkCell: [Entry]] = [:]
        /// The moves of `journal` this level has counted, and the frames it counted moved items at (by slot).
        var synced = 0
        var seen: [Int: Rect] = [:]

        mutating func add(_ key: CachedPairKey, _ side: Double) {
            var list = pairs.removeValue(forKey: key.cell) ?? []
            if let i = list.firstIndex(where: { $0.cell == key.otherCell && $0.item == key.item }) {
                list[i].sides.insert(side)
            } else {
                var sides = Sides()
                sides.insert(side)
                list.append(Entry(cell: key.otherCell, item: key.item, sides: sides))
            }
            pairs[key.cell] = list
        }

        mutating func remove(_ key: CachedPairKey, _ side: Double) {
            guard var list = pairs.removeValue(forKey: key.cell) else { preconditionFailure("cluster links: a pair not counted") }
            let i = list.firstIndex { $0.cell == key.otherCell && $0.item == key.item }
            precondition(i != nil && list[i!].sides.remove(side), "cluster links: a link not counted")
            if list[i!].sides.count == 0 { list.remove(at: i!) }
            if !list.isEmpty { pairs[key.cell] = list }
        }
    }

    var inputs: Inputs
    var levels: [Level]
    /// Frames at the count of the items moved since (every level counted them so, or at `seen`), by slot.
    var base: [Int: Rect] = [:]
    /// The slots moved since the count, in order (repeats allowed).
    var journal: [Int] = []
    /// How many times the engine counted afresh (for tests: a zoom or a drag should not).
    var builds: Int

    var zoomsX: Bool { inputs.axis.zoomsX }
    var zoomsY: Bool { inputs.axis.zoomsY }

    /// The side of a frame that decides whether it is large: large at
    /// `scale` exactly when `isLarge(side, scale)`. An unzoomed side below
    /// `minSize` keeps the frame small at every zoom (side 0).
    func side(_ frame: Rect) -> Double {
        switch (zoomsX, zoomsY) {
        case (true, true): return Swift.min(frame.width, frame.height)
        case (true, false): return frame.height >= inputs.minSize ? frame.width : 0
        default: return frame.width >= inputs.minSize ? frame.height : 0
        }
    }

    /// `DetailPyramid.Bounds.isLarge` through `side` (at scale 1 no axis scales: the same product).
    @inline(__always) func isLarge(_ side: Double, _ scale: Double) -> Bool { side * scale >= inputs.minSize }

    /// The level a zoom uses, by index.
    func level(at zoom: ZoomTransform) -> Int? {
        let key = DetailPyramid.levelKey(cell: inputs.cell, zoom: zoom)
        let k = zoomsX ? key.x : key.y
        guard inputs.exponents.contains(k) else { return nil }
        let i = k - inputs.exponents.lowerBound
        return levels[i].key == key ? i : nil
    }

    init(inputs: Inputs, builds: Int) {
        self.inputs = inputs
        self.builds = builds
        let still = DetailPyramid.levelExponent(cell: inputs.cell, scale: 1)
        levels = inputs.exponents.map { k in
            let key = DetailPyramid.LevelKey(x: inputs.axis.zoomsX ? k : still, y: inputs.axis.zoomsY ? k : still)
            // Scales of level k: 2^k · s ≥ cell > 2^(k−1) · s, up to rounding; the clamped ends are open.
            var low = k >= 999 ? 0 : inputs.cell / DetailPyramid.power(k) * (1 - 0x1p-20)
            var high = k <= -999 ? Double.infinity : inputs.cell / DetailPyramid.power(k - 1) * (1 + 0x1p-20)
            if !(low >= 0x1p-1000) { low = 0 }
            if !(high <= 0x1p1000) { high = .infinity }
            return Level(key: key, geometry: Geometry(width: DetailPyramid.power(key.x), height: DetailPyramid.power(key.y), low: low, high: high))
        }
    }

    /// Calls `body` with the pairs (and deciding sides) the link between
    /// the items in slots `a` and `b` may count toward at a level; returns
    /// whether it counts toward nothing at any coarser level either.
    @discardableResult
    func contributions(_ level: Geometry, _ a: Int, _ fa: Rect, _ b: Int, _ fb: Rect, _ body: (CachedPairKey, Double) -> Void) -> Bool {
        let ua = side(fa), ub = side(fb)
        let smallA = !isLarge(ua, level.low), smallB = !isLarge(ub, level.low)
        guard smallA || smallB else { return false }  // both large at every zoom of the level
        let largeA = isLarge(ua, level.high), largeB = isLarge(ub, level.high)
        let ca = LinkCell(DetailPyramid.cell(of: fa, width: level.width, height: level.height))
        let cb = LinkCell(DetailPyramid.cell(of: fb, width: level.width, height: level.height))
        if smallA && smallB && ca != cb {
            body(CachedPairKey(cell: Swift.min(ca, cb), otherCell: Swift.max(ca, cb), item: -1), Swift.max(ua, ub))
        }
        if smallA && largeB { body(CachedPairKey(cell: ca, otherCell: ca, item: b), ua) }
        if smallB && largeA { body(CachedPairKey(cell: cb, otherCell: cb, item: a), ub) }
        // Done when both are small from here on and share a cell that
        // halving keeps shared: not clamped, and no centre so near zero
        // below it that a coarser division could round it to −0.
        guard ca == cb, !largeA, !largeB, Self.halves(ca), Self.halves(fa), Self.halves(fb) else { return false }
        return true
    }

    static func halves(_ cell: LinkCell) -> Bool {
        let limit = Int(SparseCells<DetailPyramid.Group>.slotLimit)
        return abs(cell.row) < limit && abs(cell.column) < limit
    }

    static func halves(_ frame: Rect) -> Bool {
        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
        return !(cx < 0 && cx > -0x1p-60) && !(cy < 0 && cy > -0x1p-60)
    }

    /// Counts every link once into every level where it may count
    /// (`frames` by slot, `slot` finding an item's).
    /// - Complexity: O(links · levels a link spans).
    mutating func count(frames: [Rect], links: LinkTable, slot: (UInt64) -> Int?) {
        var building = [[CachedPairKey: Sides]](repeating: [:], count: levels.count)
        for link in 0..<links.count {
            guard let a = slot(links.source(at: link)), let b = slot(links.target(at: link)),
                  a != b, a < frames.count, b < frames.count else { continue }
            let fa = frames[a], fb = frames[b]
            guard SpatialIndex.isIndexable(fa), SpatialIndex.isIndexable(fb) else { continue }
            for i in levels.indices {
                let done = contributions(levels[i].geometry, a, fa, b, fb) { key, side in building[i][key, default: Sides()].append(side) }
                if done { break }
            }
        }
        for i in levels.indices {
            var pairs: [LinkCell: [Entry]] = [:]
            for (key, var sides) in building[i] {
                sides.sort()
                pairs[key.cell, default: []].append(Entry(cell: key.otherCell, item: key.item, sides: sides))
            }
            building[i] = [:]
            levels[i].pairs = pairs
        }
    }

    /// Adds (`adding`) or takes out links, given by their ends' slots (−1:
    /// an end with no frame, counted nowhere), at every level, each at the
    /// frames that level counts their ends at (a level that has not caught
    /// up with a move still counts the moved item where it was).
    /// - Complexity: O(links edited · levels a link spans).
    mutating func edit(_ ends: [(Int, Int)], frames: [Rect], adding: Bool) {
        guard !ends.isEmpty else { return }
        // Where a link was found done (in one cell for good) at these frames: coarser levels at the same frames hold nothing of it.
        var done = [(Rect, Rect)?](repeating: nil, count: ends.count)
        for i in levels.indices {
            var level = levels[i]
            levels[i].pairs = [:]  // unique while it is edited
            let geometry = level.geometry
            func counted(_ s: Int) -> Rect { level.seen[s] ?? base[s] ?? frames[s] }
            for (k, (a, b)) in ends.enumerated() {
                guard a >= 0, b >= 0, a != b, a < frames.count, b < frames.count else { continue }
                let fa = counted(a), fb = counted(b)
                if let d = done[k], d.0 == fa, d.1 == fb { continue }
                guard SpatialIndex.isIndexable(fa), SpatialIndex.isIndexable(fb) else { done[k] = nil; continue }
                let finished = contributions(geometry, a, fa, b, fb) { key, side in
                    if adding { level.add(key, side) } else { level.remove(key, side) }
                }
                done[k] = finished ? (fa, fb) : nil
            }
            levels[i] = level
        }
    }

    /// Forgets the frames the levels counted `slots` at, when no link has
    /// an end in them (their items just came or went): each level then
    /// counts them at the frames as they are, as a fresh count would. A
    /// slot's next item is counted where it stands, not where the last
    /// one was seen (a level that caught up with a move remembers that).
    mutating func emptied(_ slots: [Int]) {
        guard !base.isEmpty else { return }  // no moves since the count: nothing remembered
        for slot in slots where base.removeValue(forKey: slot) != nil {
            for i in levels.indices { levels[i].seen[slot] = nil }
        }
    }

    /// Records a move (the item in `slot` was at `from`): counted by
    /// each level when it is next used. False when so many items moved
    /// that counting afresh is cheaper than catching up.
    mutating func moved(_ slot: Int, from: Rect, items: Int) -> Bool {
        if base[slot] == nil { base[slot] = from }
        journal.append(slot)
        guard base.count <= Swift.max(8192, items / 4) else { return false }
        if journal.count > 2 * base.count + 4096 {
            // Each moved item once: catching up compares frames, so it may start over.
            journal = base.keys.sorted()
            for i in levels.indices { levels[i].synced = 0 }
        }
        return true
    }

    /// Brings level `i` to the current frames (by slot): the links of each
    /// item moved since it was last used leave the pairs its old frame gave
    /// for the ones its new frame gives (the other end where this level has
    /// it). A slot whose item left has a zero frame (and no links).
    mutating func catchUp(_ i: Int, frames: [Rect], links: LinkTable, id: (Int) -> UInt64?, slot: (UInt64) -> Int?,
                          touching: (Int) -> ArraySlice<Int32>) {
        guard levels[i].synced < journal.count else { return }
        var level = levels[i]
        let geometry = level.geometry
        levels[i].pairs = [:]  // unique while it is edited
        func now(_ s: Int) -> Rect { s < frames.count ? frames[s] : .zero }
        func counted(_ s: Int) -> Rect { level.seen[s] ?? base[s] ?? now(s) }
        for j in level.synced..<journal.count {
            let q = journal[j]
            guard base[q] != nil else { continue }  // emptied since: counted where it stands
            let old = counted(q), new = now(q)
            guard old != new else { continue }
            if let idQ = id(q) {
                for link in touching(q) {
                    let link = Int(link)
                    let source = links.source(at: link)
                    guard let o = slot(source == idQ ? links.target(at: link) : source), o != q, o < frames.count else { continue }
                    let fo = counted(o)
                    if SpatialIndex.isIndexable(old), SpatialIndex.isIndexable(fo) {
                        contributions(geometry, q, old, o, fo) { key, side in level.remove(key, side) }
                    }
                    if SpatialIndex.isIndexable(new), SpatialIndex.isIndexable(fo) {
                        contributions(geometry, q, new, o, fo) { key, side in level.add(key, side) }
                    }
                }
            }
            level.seen[q] = new
        }
        level.synced = journal.count
        levels[i] = level
    }

    /// The count of a pair at `scale`, the current frames (by slot) given (large items' sides are read from them).
    func count(_ entry: Entry, scale: Double, frames: [Rect]) -> Int {
        if entry.item >= 0, entry.item >= frames.count || !isLarge(side(frames[entry.item]), scale) { return 0 }
        return entry.sides.countSmall { !isLarge($0, scale) }
    }
}
