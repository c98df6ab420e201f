/// Level of detail over a list of frames: which items a zoomed-out view
/// shows one by one and which it draws as clusters, at a cost that follows
/// the answer rather than the item count.
///
/// The rules, exact so that a brute force reproduces every answer (all in
/// unzoomed content coordinates unless said otherwise; `z` is the zoom,
/// `s_x`, `s_y` its scale on each axis, 1 on an axis it leaves alone):
///
/// - Only frames with finite coordinates and a positive width and height
///   take part (as in `SpatialIndex`); the others are never returned.
/// - An item is **large** when its width times `s_x` and its height times
///   `s_y` are both at least `minSize` (its unrounded zoomed sides, so
///   items of one size are classed alike wherever they stand); otherwise
///   it is **small**.
///   Large items come back one by one when their zoomed frame strictly
///   intersects the query rectangle (as `CanvasEngine.query` finds them),
///   in data order. Large items are never clustered.
/// - **Level**: cells are powers of two, 2^kx × 2^ky, anchored at the
///   origin. On each axis the level is the first whose cell side on screen
///   is not below `cell`: the smallest integer k with 2^k · s ≥ `cell`, so
///   a cell measures `cell` to 2 · `cell` screen points on each axis (with
///   a one-axis zoom the cells are not square in content space).
/// - **Cell of an item**: the cell holding its frame's centre, computed as
///   `cx = x + width / 2`, `cy = y + height / 2`, column ⌊cx / 2^kx⌋, row
///   ⌊cy / 2^ky⌋ (columns and rows clamp at ±2^40).
/// - **Cells covered**: the cells whose content square strictly intersects
///   `z.unzoomed(rect)`: columns ⌊x / 2^kx⌋ through ⌈(x + width) / 2^kx⌉ − 1,
///   rows likewise.
/// - **Clusters**: one per covered cell holding at least one small item,
///   in row-major order (rows top to bottom, then columns left to right).
///   Its count is the number of small items whose cell it is (whether or
///   not each item itself meets the rectangle), its representative the
///   first of them in data order, and its bounds the union of their frames
///   zoomed edge by edge: on a zoomed axis the left edge is
///   (minX · s).rounded() and the right edge (maxX · s).rounded(), where
///   minX and maxX are the union's; an unzoomed axis keeps the union's.
///   This equals the union of the zoomed frames (frames are zoomed edge by
///   edge too, and rounding is monotone).
///
/// So an answer holds at most (covered cells) clusters plus the large
/// items that meet the rectangle, whatever the item count.
///
/// How it stays exact and cheap: items are split by size class, the pair
/// of binary exponents of their width and height (⌊log₂ width⌋,
/// ⌊log₂ height⌋). For a given zoom and `minSize` a class is wholly large,
/// wholly small, or on the boundary, judged from its items' smallest and
/// largest sides (kept per class, so one size is seldom on the boundary).
/// Each level keeps, per class, a grid of aggregates (count, first, union,
/// smallest and largest width and height), one per cell holding items of
/// the class. Wholly small classes are answered from aggregates (merged
/// into one grid per level when there are several, `SmallCells`); where
/// every class is wholly large the answer is what the caller's culling
/// index (a `Finder`) returns for the rectangle; otherwise wholly large
/// classes come from their member grids (per class, cells of eight class
/// sizes keyed by centre), so a query never reads the small items the
/// index would hand back; a boundary class is decided per aggregate from
/// its extreme sizes, and only a cell that mixes small and large items of
/// the same class is checked item by item.
///
/// Built lazily, what a query needs and no more: a level holds only the
/// classes some query at it found not wholly large (a class is never small
/// at levels much finer than its size, so nothing is spent on its items
/// there); the first level is binned straight from the frames in one pass
/// (a dense grid per class over the centres' bounds, runs of items in one
/// cell added in registers), which with `init(frames:within:)` also counts
/// the classes, so the first query reads the frames once (where the items
/// are large, that pass bins ahead the finest level zooming out reaches
/// where they need not be: `levelAhead`); coarser levels merge a finer
/// level's cells; the member grids are built when a query has no finder
/// and meets a class that is not wholly small, or an edit needs to
/// recount an aggregate. `update(position:from:to:frames:)` edits the
/// counts and member grids in place and journals the change, which each
/// built level takes when it is next read (`Journal`).
///
/// The pyramid stores numbers, not frames: the caller numbers its items
/// (stable slots, say, a dead slot holding a frame that takes no part)
/// and passes the current frames by number to each query and update. A
/// group's first is an order label (`Labels`: a key ascending in data
/// order, and the number), so "first in data order" stays a comparison of
/// integers while an insert or a remove touches only its own cells: the
/// numbers of the others do not change. Answers give numbers; a caller
/// whose numbers are not in data order puts them in it.
package struct DetailPyramid: Hashable, Sendable {
    /// The binary exponents of an item's width and height.
    struct SizeClass: Hashable, Sendable {
        var x: Int
        var y: Int

        init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }

        init(_ frame: Rect) {
            x = Int(frame.width.exponent)
            y = Int(frame.height.exponent)
        }
    }

    /// The items of one class in one cell of a level.
    struct Group: Hashable, Sendable {
        @inline(__always) private func lesser(_ a: Double, _ b: Double) -> Double { DetailPyramid.lesserOf(a, b) }
        @inline(__always) private func greater(_ a: Double, _ b: Double) -> Double { DetailPyramid.greaterOf(a, b) }

        var count = 0
        var first = Int.max
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        /// The items' smallest and largest sides in single precision, the
        /// smallest rounded down and the largest up: bounds, all a query
        /// needs of them (to tell a boundary class's cells apart), in 16
        /// bytes where doubles took 32 (issue 20: a group was 80 bytes, the
        /// most of a level's memory).
        private var lowWidth = Float.infinity, highWidth = -Float.infinity
        private var lowHeight = Float.infinity, highHeight = -Float.infinity

        /// At most the smallest width (the bound kept, see `lowWidth`).
        var minWidth: Double {
            get { Double(lowWidth) }
            set { lowWidth = Self.down(newValue) }
        }
        /// At least the largest width.
        var maxWidth: Double {
            get { Double(highWidth) }
            set { highWidth = Self.up(newValue) }
        }
        var minHeight: Double {
            get { Double(lowHeight) }
            set { lowHeight = Self.down(newValue) }
        }
        var maxHeight: Double {
            get { Double(highHeight) }
            set { highHeight = Self.up(newValue) }
        }

        /// The largest single-precision value not above `value`.
        @inline(__always) static func down(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) > value ? rounded.nextDown : rounded
        }
        /// The smallest single-precision value not below `value`.
        @inline(__always) static func up(_ value: Double) -> Float {
            let rounded = Float(value)
            return Double(rounded) < value ? rounded.nextUp : rounded
        }

        init() {}

        @inline(__always)
        mutating func add(_ position: Int, _ frame: Rect) {
            count += 1
            first = Swift.min(first, position)
            minX = lesser(minX, frame.x)
            minY = lesser(minY, frame.y)
            maxX = greater(maxX, frame.x + frame.width)
            maxY = greater(maxY, frame.y + frame.height)
            lowWidth = Swift.min(lowWidth, Self.down(frame.width))
            highWidth = Swift.max(highWidth, Self.up(frame.width))
            lowHeight = Swift.min(lowHeight, Self.down(frame.height))
            highHeight = Swift.max(highHeight, Self.up(frame.height))
        }

        @inline(__always)
        mutating func merge(_ other: Group) {
            count += other.count
            first = Swift.min(first, other.first)
            minX = lesser(minX, other.minX)
            minY = lesser(minY, other.minY)
            maxX = greater(maxX, other.maxX)
            maxY = greater(maxY, other.maxY)
            lowWidth = Swift.min(lowWidth, other.lowWidth)
            highWidth = Swift.max(highWidth, other.highWidth)
            lowHeight = Swift.min(lowHeight, other.lowHeight)
            highHeight = Swift.max(highHeight, other.highHeight)
        }

        /// Whether taking `frame` (of label `label`) out could change
        /// anything but the count. A side all the group's items share stays
        /// when one goes (the others still have it): uniform sizes do not
        /// force recounts. Sides compare as stored (rounded outward), so the
        /// bounds stay those a build from the items would give.
        func isShaped(by label: Int, _ frame: Rect) -> Bool {
            label == first || frame.x == minX || frame.y == minY
                || frame.x + frame.width == maxX || frame.y + frame.height == maxY
                || (lowWidth != highWidth && (Self.down(frame.width) == lowWidth || Self.up(frame.width) == highWidth))
                || (lowHeight != highHeight && (Self.down(frame.height) == lowHeight || Self.up(frame.height) == highHeight))
        }
    }

    /// Frames taking part are finite, so the minimum and maximum need no
    /// care for NaN: these are single instructions (`minsd`, `maxsd`).
    @inline(__always)
    static func lesserOf(_ a: Double, _ b: Double) -> Double { a < b ? a : b }
    @inline(__always)
    static func greaterOf(_ a: Double, _ b: Double) -> Double { a > b ? a : b }

    /// A level's cell sides, as binary exponents: 2^x × 2^y.
    public struct LevelKey: Hashable, Sendable {
        public var x: Int
        public var y: Int

        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// One cluster, by number.
    public struct Cluster: Hashable, Sendable {
        /// The union of the items' frames, zoomed edge by edge (see the type).
        public var bounds: Rect
        public var count: Int
        /// The number of the first item in data order.
        public var first: Int
    }

    /// A query's answer, by number.
    public struct Answer: Hashable, Sendable {
        /// The large items meeting the rectangle, numbers ascending (data
        /// order where the numbers are in it).
        public var items: [Int]
        /// Row-major by cell.
        public var clusters: [Cluster]

        public static let empty = Answer(items: [], clusters: [])
    }

    /// Where the items' centres lie: a box that holds them all (it may grow
    /// with edits, never shrinks), for the dense binning of a build.
    struct CentreBounds: Hashable, Sendable {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity

        @inline(__always)
        mutating func add(_ frame: Rect) {
            let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
            minX = Swift.min(minX, cx)
            maxX = Swift.max(maxX, cx)
            minY = Swift.min(minY, cy)
            maxY = Swift.max(maxY, cy)
        }

        /// The cells `width` × `height` holding the centres, as a box: its
        /// first row and column and its size; nil before any centre.
        func cells(width: Double, height: Double) -> (row0: Int, column0: Int, rows: Int, columns: Int)? {
            guard minX <= maxX && minY <= maxY else { return nil }
            let low = DetailPyramid.cell(of: Rect(x: minX, y: minY, width: 0, height: 0), width: width, height: height)
            let high = DetailPyramid.cell(of: Rect(x: maxX, y: maxY, width: 0, height: 0), width: width, height: height)
            return (low.row, low.column, high.row - low.row + 1, high.column - low.column + 1)
        }
    }

    /// Whether a class's grid of `cells` cells is kept dense (a flat array
    /// over the centres' box) rather than sparse: while it is not much
    /// larger than the class's `expected` items, and the dense grids so far
    /// (`used` cells) stay within a budget for `total` items.
    static func keepsDense(cells: Double, expected: Int, used: Int, total: Int) -> Bool {
        cells <= Double(4 * expected + 1024) && Double(used) + cells <= Double(Swift.max(1 << 16, 2 * total))
    }

    /// The smallest and largest sides of a class's items: a box that
    /// holds them all (it may grow with edits, never shrinks), tighter than
    /// the class's powers of two, so that items of one size are seldom
    /// taken for a boundary class (see `kinds`).
    struct Sides: Hashable, Sendable {
        var minWidth = Double.infinity, maxWidth = -Double.infinity
        var minHeight = Double.infinity, maxHeight = -Double.infinity
        /// The largest shorter side (of min(width, height) over the items):
        /// under a zoom that scales both axes alike an item is large
        /// exactly when its shorter side is, so a class none of whose items
        /// reaches it is wholly small, although the corner of its box
        /// (widest and tallest, seldom one item) would be large (issue 20:
        /// mixed sizes left classes on the boundary with no large item, and
        /// a boundary class is read item by item).
        var maxShorter = -Double.infinity

        @inline(__always)
        mutating func add(_ width: Double, _ height: Double) {
            minWidth = Swift.min(minWidth, width)
            maxWidth = Swift.max(maxWidth, width)
            minHeight = Swift.min(minHeight, height)
            maxHeight = Swift.max(maxHeight, height)
            maxShorter = Swift.max(maxShorter, Swift.min(width, height))
        }

        mutating func merge(_ other: Sides) {
            minWidth = Swift.min(minWidth, other.minWidth)
            maxWidth = Swift.max(maxWidth, other.maxWidth)
            minHeight = Swift.min(minHeight, other.minHeight)
            maxHeight = Swift.max(maxHeight, other.maxHeight)
            maxShorter = Swift.max(maxShorter, other.maxShorter)
        }
    }

    typealias Cells = SparseCells<Group>
    typealias Members = SparseCells<[UInt32]>

    /// The size classes met so far, by id (an id stays once given).
    var sizeClasses: [SizeClass] = []
    var classIDs: [SizeClass: Int] = [:]
    /// The items taking part, per class id.
    var classCounts: [Int] = []
    /// Per class id, its items' sides (see `Sides`).
    var classSides: [Sides] = []
    /// Per class id, the items by the cell of their centre, cells eight
    /// class sizes on a side (so an item's frame never reaches past the
    /// neighbouring cells, and a cell holds tens of items in a dense scene,
    /// not one or two), positions ascending in each; nil until needed.
    var members: [Members]?
    /// Per level, per class id, the class's aggregates (nil, or past the
    /// end: not built at this level).
    var levels: [LevelKey: [Cells?]] = [:]
    var centres = CentreBounds()
    /// Per level, the wholly small classes of the last query there merged
    /// into one grid (see `SmallCells`).
    var merged: [LevelKey: SmallCells] = [:]
    /// The number of items taking part.
    public internal(set) var count = 0
    /// The order labels groups' firsts hold (see `Labels`).
    var labels = Labels(count: 0)
    /// The edits the built levels have not taken yet (see `Journal`).
    var journal = Journal()

    /// The per-cell sums an answer adds classes into, kept by the caller
    /// from one query to the next (`query(_:zoom:minSize:cell:frames:find:reach:scratch:)`),
    /// every slot an empty `Group` between queries (an answer empties what
    /// it used as it reads it out). Made afresh, a screen's sums (up to a
    /// megabyte) were new pages each zoom step, whose faults were a quarter
    /// of a ctrl-wheel frame on mixed sizes (issue 20). Kept outside the
    /// pyramid, whose copies (an engine's snapshot for a rollback) would
    /// make each query copy it.
    package struct AnswerScratch {
        var sums: [Group] = []
        var seen: [Bool] = []

        package init() {}

        /// Makes the first `count` sums (and flags) exist, all empty: a
        /// screen's answer needs at most `flatBoxLimit`, so a caller that
        /// reserves that many ahead allocates none in a frame (1 MB).
        package mutating func reserve(_ count: Int) {
            if sums.count < count { sums.append(contentsOf: repeatElement(Group(), count: count - sums.count)) }
            if seen.count < count { seen.append(contentsOf: repeatElement(false, count: count - seen.count)) }
        }
    }

    /// The most cells an answer sums in one flat box (a screen's cells and
    /// the ring around them).
    package static let flatBoxLimit = 1 << 14

    public static let empty = DetailPyramid()

    init() {}

    /// Counts `frames` by size class in one pass; no level and no member
    /// grid is built yet.
    /// - Complexity: O(*n*).
    public init(frames: [Rect]) {
        precondition(frames.count <= Int(UInt32.max), "too many frames for a detail pyramid")
        var centres = CentreBounds()
        var lookup = ClassLookup()
        var total = 0
        frames.withUnsafeBufferPointer { frames in
            var lastX = Int.min, lastY = Int.min, lastID = 0, run = 0
            var lastWidth = 0.0, lastHeight = 0.0
            for frame in frames where SpatialIndex.isIndexable(frame) {
                let x = Int(frame.width.exponent), y = Int(frame.height.exponent)
                defer {
                    if frame.width != lastWidth || frame.height != lastHeight {
                        (lastWidth, lastHeight) = (frame.width, frame.height)
                        classSides[lastID].add(frame.width, frame.height)
                    }
                }
                if x != lastX || y != lastY {
                    if run > 0 { classCounts[lastID] += run }
                    run = 0
                    lastX = x
                    lastY = y
                    lastID = lookup.id(x, y) { register(SizeClass(x: x, y: y)) }
                }
                run += 1
                total += 1
                centres.add(frame)
            }
            if run > 0 { classCounts[lastID] += run }
        }
        self.centres = centres
        count = total
        labels = Labels(count: frames.count)
    }

    /// Whether `count` and the classes' counts are known yet.
    var counted = true

    /// A pyramid to be counted by its first query, in the same pass over
    /// the frames that builds the query's level (a second pass would cost
    /// as much again): `bounds` is a box holding every frame that takes
    /// part (the resolution's content bounds, say). A frame outside it is
    /// still counted and clustered exactly, only binned more slowly.
    public init(frames: [Rect], within bounds: Rect) {
        precondition(frames.count <= Int(UInt32.max), "too many frames for a detail pyramid")
        if bounds.isFinite {
            centres = CentreBounds(minX: bounds.minX, minY: bounds.minY, maxX: bounds.maxX, maxY: bounds.maxY)
        }
        counted = false
        labels = Labels(count: frames.count)
    }

    /// Counts the frames by class, if the pyramid was made to wait for it;
    /// while a level is to be built, in the same pass, for the classes
    /// `include` picks.
    mutating func ensureCounted(_ frames: UnsafeBufferPointer<Rect>, building key: LevelKey? = nil, include: (SizeClass) -> Bool = { _ in false }) {
        guard !counted else { return }
        counted = true
        var builder = LevelBuilder(key: key ?? LevelKey(x: 0, y: 0), centres: centres, total: frames.count, expected: nil, labels: labels)
        var lookup = ClassLookup()
        let counts = builder.addAll(frames) { x, y in
            let id = lookup.id(x, y) { register(SizeClass(x: x, y: y)) }
            return (id, key != nil && include(sizeClasses[id]))
        }
        for (id, n) in counts.enumerated() { classCounts[id] += n }
        for (id, sides) in builder.sides.enumerated() { classSides[id].merge(sides) }
        count = classCounts.reduce(0, +)
        if let key, !builder.classes.isEmpty {
            var grids = [Cells?](repeating: nil, count: sizeClasses.count)
            for (id, cells) in builder.finish(frames) { grids[id] = cells }
            levels[key] = grids
        }
    }

    /// The id of a class, given one if it has none yet.
    mutating func register(_ sizeClass: SizeClass) -> Int {
        if let id = classIDs[sizeClass] { return id }
        let id = sizeClasses.count
        sizeClasses.append(sizeClass)
        classIDs[sizeClass] = id
        classCounts.append(0)
        classSides.append(Sides())
        members?.append(Members())
        return id
    }

    /// A small direct-mapped cache in front of `classIDs`, so a pass over
    /// mixed sizes does not hash every item.
    /// Slots by the exponents' low four bits: any 16 × 16 window of
    /// classes gets a slot each (slots by 31x + y mod 64 put (x, y) and
    /// (x + 2, y + 2) together, the classes mixed sizes fill most, so most
    /// items missed and hashed: a tenth of a first query on mixed data).
    struct ClassLookup {
        var keys = [Int](repeating: Int.min, count: 256)
        var ids = [Int](repeating: 0, count: 256)

        @inline(__always)
        mutating func id(_ x: Int, _ y: Int, _ miss: () -> Int) -> Int {
            let slot = (x & 15) << 4 | (y & 15)
            let key = (x << 32) ^ (y & 0xFFFF_FFFF)  // exponents fit in 32 bits
            if keys[slot] == key { return ids[slot] }
            let id = miss()
            keys[slot] = key
            ids[slot] = id
            return id
        }
    }

    // MARK: Rules

    /// 2^exponent, clamped to 2^±1000 so that sides stay finite and nonzero.
    @inline(__always)
    static func power(_ exponent: Int) -> Double {
        Double(sign: .plus, exponent: Swift.min(Swift.max(exponent, -1000), 1000), significand: 1)
    }

    /// The level exponent for one axis: the smallest integer k with
    /// 2^k · `scale` ≥ `cell` (clamped to ±1000).
    public static func levelExponent(cell: Double, scale: Double) -> Int {
        let ratio = cell / scale
        guard ratio.isFinite else { return 1000 }
        guard ratio > 0 else { return -1000 }
        var k = Int(ratio.exponent)
        while k < 1000 && power(k) * scale < cell { k += 1 }
        while k > -1000 && power(k - 1) * scale >= cell { k -= 1 }
        return k
    }

    /// The level a query at this zoom and cell size uses.
    public static func levelKey(cell: Double, zoom: ZoomTransform) -> LevelKey {
        LevelKey(x: levelExponent(cell: cell, scale: zoom.scalesX ? zoom.scale : 1),
                 y: levelExponent(cell: cell, scale: zoom.scalesY ? zoom.scale : 1))
    }

    /// The (row, column) of the cell holding `frame`'s centre, for cells
    /// `width` × `height`.
    @inline(__always)
    static func cell(of frame: Rect, width: Double, height: Double) -> (row: Int, column: Int) {
        let cx = frame.x + frame.width / 2
        let cy = frame.y + frame.height / 2
        return (SparseCells<Group>.slot(cy / height), SparseCells<Group>.slot(cx / width))
    }

    /// The cells whose span strictly meets `low..<high` along one axis.
    @inline(__always)
    static func covered(_ low: Double, _ high: Double, side: Double) -> ClosedRange<Int>? {
        let first = SparseCells<Group>.slot(low / side)
        let last = -SparseCells<Group>.slot(-(high / side)) - 1
        return first <= last ? first...last : nil
    }

    /// The cells holding a centre in `low...high` along one axis.
    @inline(__always)
    static func holding(_ low: Double, _ high: Double, side: Double) -> ClosedRange<Int> {
        let first = SparseCells<Group>.slot(low / side)
        return first...Swift.max(first, SparseCells<Group>.slot(high / side))
    }

    /// The sides of a member grid's cells: eight times the class's smallest sides.
    static func classSides(_ sizeClass: SizeClass) -> (width: Double, height: Double) {
        (power(sizeClass.x + 3), power(sizeClass.y + 3))
    }

    // MARK: Levels

    /// Whether the level is built (for at least one class: a level is kept
    /// only once it holds one).
    public func hasLevel(_ key: LevelKey) -> Bool { levels[key] != nil }

    /// The keys of the built levels.
    public var builtLevels: [LevelKey] { Array(levels.keys) }

    /// The class grid of a level, when built.
    @inline(__always)
    func grid(_ key: LevelKey, _ id: Int) -> Cells? {
        guard let grids = levels[key], id < grids.count else { return nil }
        return grids[id]
    }

    /// The classes a level holds.
    func builtClasses(at key: LevelKey) -> [SizeClass] {
        guard let grids = levels[key] else { return [] }
        return grids.indices.filter { grids[$0] != nil }.map { sizeClasses[$0] }
    }

    /// Builds the level for `classes` (every class present when nil),
    /// whatever the zoom: for tests and benches; queries build what they need.
    public mutating func buildLevel(_ key: LevelKey, frames: [Rect]) {
        buildLevel(key, classes: nil, frames: frames)
    }

    mutating func buildLevel(_ key: LevelKey, classes: [SizeClass]?, frames: [Rect]) {
        frames.withUnsafeBufferPointer { frames in
            ensureCounted(frames)
            let ids = classes.map { $0.compactMap { classIDs[$0] } } ?? Array(sizeClasses.indices)
            ensureLevel(key, classes: ids.filter { classCounts[$0] > 0 }, frames: frames)
        }
    }

    /// Builds each level from `key` (built) towards `coarsest`, a doubling at
    /// a time on each axis that has not reached it, holding `key`'s classes:
    /// each merged from the one before.
    public mutating func buildCoarser(from key: LevelKey, through coarsest: LevelKey, frames: [Rect]) {
        guard let grids = levels[key] else { return }
        let ids = grids.indices.filter { grids[$0] != nil }
        var key = key
        frames.withUnsafeBufferPointer { frames in
            while key.x < coarsest.x || key.y < coarsest.y {
                key = LevelKey(x: Swift.min(key.x + 1, Swift.max(key.x, coarsest.x)), y: Swift.min(key.y + 1, Swift.max(key.y, coarsest.y)))
                ensureLevel(key, classes: ids, frames: frames)
            }
        }
    }

    /// Builds the level for each class of `ids` it does not hold yet: from
    /// the nearest finer level holding the class (merging cells), else from
    /// the member grids when built (`fromMembers`, or the classes are few
    /// of the items), else in one pass over the frames.
    mutating func ensureLevel(_ key: LevelKey, classes ids: [Int], frames: UnsafeBufferPointer<Rect>, fromMembers: Bool = false) {
        // What it holds, and what it is merged from, take the edits waiting first.
        guard !ids.isEmpty else { return }
        catchUp(key, frames: frames)
        for id in ids where grid(key, id) == nil {
            if let finer = nearestFiner(than: key, holding: id) { catchUp(finer, frames: frames) }
        }
        var grids = levels.removeValue(forKey: key) ?? []
        // A level is kept once it holds a class.
        defer { if grids.contains(where: { $0 != nil }) { levels[key] = grids } }
        if grids.count < sizeClasses.count { grids += [Cells?](repeating: nil, count: sizeClasses.count - grids.count) }
        var missing: [Int] = []
        for id in ids where grids[id] == nil {
            if let finer = nearestFiner(than: key, holding: id) {
                grids[id] = grid(finer, id)!.coarsened(by: key.x - finer.x, key.y - finer.y) { $0.merge($1) }
            } else {
                missing.append(id)
            }
        }
        guard !missing.isEmpty else { return }
        var builder = LevelBuilder(key: key, centres: centres, total: count, expected: classCounts, labels: labels)
        for id in missing { builder.include(id) }
        // From the member grids when the classes are a small part of the
        // items (reading their frames out of order); else in data order.
        if let members, fromMembers || 4 * missing.reduce(0, { $0 + classCounts[$1] }) < count {
            for id in missing {
                members[id].visitAll { _, _, list in
                    for member in list { builder.add(Int(member), frames[Int(member)], id) }
                }
            }
        } else {
            var lookup = ClassLookup()
            let classIDs = self.classIDs, wanted = builder.included
            _ = builder.addAll(frames) { x, y in
                let id = lookup.id(x, y) { classIDs[SizeClass(x: x, y: y)] ?? -1 }
                return (id, id >= 0 && id < wanted.count && wanted[id])
            }
        }
        for (id, cells) in builder.finish(frames) { grids[id] = cells }
    }

    /// The finer built level holding class `id` with the fewest cells to merge.
    func nearestFiner(than key: LevelKey, holding id: Int) -> LevelKey? {
        var nearest: LevelKey?
        for (candidate, grids) in levels where candidate.x <= key.x && candidate.y <= key.y && candidate != key {
            guard id < grids.count, grids[id] != nil else { continue }
            if let best = nearest, best.x + best.y >= candidate.x + candidate.y { continue }
            nearest = candidate
        }
        return nearest
    }

    /// The member grids, built (for every class at once) if they are not yet.
    /// A class whose cells over the centres' bounds are not many more than
    /// its items is sorted into them by counting (two passes, flat arrays);
    /// any other item is appended by runs of one cell of one class.
    mutating func ensureMembers(_ frames: UnsafeBufferPointer<Rect>) {
        guard members == nil else { return }
        var grids = [Members](repeating: Members(), count: sizeClasses.count)
        // Per class id: its dense box of member cells (or none).
        struct Box { var base = -1, row0 = 0, column0 = 0, rows = 0, columns = 0, inverseWidth = 1.0, inverseHeight = 1.0 }
        var boxes: [Box] = []
        var denseCells = 0
        func box(_ id: Int) -> Box {
            while boxes.count <= id {
                let next = boxes.count
                var box = Box()
                let (width, height) = Self.classSides(sizeClasses[next])
                box.inverseWidth = 1 / width
                box.inverseHeight = 1 / height
                if let cells = centres.cells(width: width, height: height) {
                    let expect = next < classCounts.count ? classCounts[next] : 0
                    if Self.keepsDense(cells: Double(cells.rows) * Double(cells.columns), expected: expect, used: denseCells, total: frames.count) {
                        box.base = denseCells
                        (box.row0, box.column0, box.rows, box.columns) = cells
                        denseCells += box.rows * box.columns
                    }
                }
                boxes.append(box)
            }
            return boxes[id]
        }
        var lookup = ClassLookup()
        // Pass 1: each item's dense cell (-1: none), the cells' counts, and
        // the other items appended by runs.
        var cellOf = [Int32](repeating: -1, count: frames.count)
        var counts: [UInt32] = []
        var run: [UInt32] = [], runID = -1, runRow = 0, runColumn = 0
        var spilled = [Bool](repeating: false, count: sizeClasses.count)
        func flush() {
            guard runID >= 0 else { return }
            grids[runID].update(row: runRow, column: runColumn) { $0 += run }
            run.removeAll(keepingCapacity: true)
            runID = -1
        }
        var lastX = Int.min, lastY = Int.min, lastID = 0, current = Box()
        for position in 0..<frames.count {
            let frame = frames[position]
            guard SpatialIndex.isIndexable(frame) else { continue }
            let x = Int(frame.width.exponent), y = Int(frame.height.exponent)
            if x != lastX || y != lastY {
                lastX = x
                lastY = y
                lastID = lookup.id(x, y) { register(SizeClass(x: x, y: y)) }
                if lastID >= grids.count { grids.append(Members()) }
                if lastID >= spilled.count { spilled.append(false) }
                current = box(lastID)
                if counts.count < denseCells { counts += [UInt32](repeating: 0, count: denseCells - counts.count) }
            }
            let row = Cells.slot((frame.y + frame.height / 2) * current.inverseHeight)
            let column = Cells.slot((frame.x + frame.width / 2) * current.inverseWidth)
            let r = row &- current.row0, c = column &- current.column0
            if current.base >= 0 && r >= 0 && r < current.rows && c >= 0 && c < current.columns {
                let cell = current.base + r * current.columns + c
                cellOf[position] = Int32(cell)
                counts[cell] += 1
                continue
            }
            if lastID != runID || row != runRow || column != runColumn {
                flush()
                runID = lastID
                runRow = row
                runColumn = column
            }
            run.append(UInt32(position))
            spilled[lastID] = true
        }
        flush()
        // Pass 2: positions into their cells, ascending in each.
        var starts = [Int](repeating: 0, count: denseCells + 1)
        for cell in 0..<denseCells { starts[cell + 1] = starts[cell] + Int(counts[cell]) }
        var sorted = [UInt32](repeating: 0, count: starts[denseCells])
        var next = starts
        for position in 0..<frames.count where cellOf[position] >= 0 {
            let cell = Int(cellOf[position])
            sorted[next[cell]] = UInt32(position)
            next[cell] += 1
        }
        // Each dense class's cells, a row at a time.
        for id in boxes.indices where boxes[id].base >= 0 {
            let box = boxes[id]
            for r in 0..<box.rows {
                var columns: [Int] = [], lists: [[UInt32]] = []
                let first = box.base + r * box.columns
                for c in 0..<box.columns where starts[first + c + 1] > starts[first + c] {
                    columns.append(box.column0 + c)
                    lists.append(Array(sorted[starts[first + c]..<starts[first + c + 1]]))
                }
                if !spilled[id] {
                    grids[id].setRow(box.row0 + r, columns: columns, payloads: lists)
                    continue
                }
                // The row also holds cells outside the box (never one of these).
                for (column, list) in zip(columns, lists) {
                    grids[id].update(row: box.row0 + r, column: column) { $0 = list }
                }
            }
        }
        members = grids
    }

    /// Calls `body` with each member of class `id` whose centre lies in the
    /// level cell (row, column) of a level with cells `width` × `height`.
    /// Without member grids, from `find` (see `Finder`): the items meeting
    /// the level cell grown by the class's largest half sides, kept when of
    /// the class with their centre in the cell.
    func forEachMember(
        of id: Int, row: Int, column: Int, width: Double, height: Double,
        frames: UnsafeBufferPointer<Rect>, find: Finder? = nil, _ body: (Int, Rect) -> Void
    ) {
        guard let members, id < members.count else {
            guard let find else { return }
            let sizeClass = sizeClasses[id]
            let (halfX, halfY) = (Self.power(sizeClass.x), Self.power(sizeClass.y))
            // A centre in the cell puts the frame's left edge before the
            // cell's right one and its right edge at or past the cell's
            // left one: half a side (2^x or more) further, strictly. The
            // extra 2^-50 of the edges' size keeps that strict in floating point.
            let left = Double(column) * width, right = Double(column + 1) * width
            let top = Double(row) * height, bottom = Double(row + 1) * height
            let marginX = halfX + (abs(left) + abs(right)) * 0x1p-50
            let marginY = halfY + (abs(top) + abs(bottom)) * 0x1p-50
            let area = Rect(x: left - marginX, y: top - marginY,
                            width: (right + marginX) - (left - marginX), height: (bottom + marginY) - (top - marginY))
            for position in find(area) {
                let frame = frames[position]
                guard SpatialIndex.isIndexable(frame), SizeClass(frame) == sizeClass else { continue }
                let cell = Self.cell(of: frame, width: width, height: height)
                if cell.row == row && cell.column == column { body(position, frame) }
            }
            return
        }
        let (classWidth, classHeight) = Self.classSides(sizeClasses[id])
        // Level and class cells are both powers of two from the origin, so
        // the class cells meeting the level cell are exact.
        guard let rows = Self.covered(Double(row) * height, Double(row + 1) * height, side: classHeight),
              let columns = Self.covered(Double(column) * width, Double(column + 1) * width, side: classWidth)
        else { return }
        members[id].visit(rows: rows, columns: columns) { _, _, list in
            for member in list {
                let position = Int(member)
                let frame = frames[position]
                let cell = Self.cell(of: frame, width: width, height: height)
                if cell.row == row && cell.column == column { body(position, frame) }
            }
        }
    }

    // MARK: Query

    /// What a class is at one zoom and minimum size.
    enum Kind { case absent, small, large, boundary }

    /// The numbers of the items whose frames strictly intersect an
    /// unzoomed rectangle, each once, in any order (the culling index's
    /// query): with it a query needs no member grids, see `query`.
    public typealias Finder = (Rect) -> [Int]

    /// The level-of-detail answer for `rect`, a zoomed content rectangle,
    /// under the rules in the type's notes. Builds what it needs (the
    /// level for the classes not wholly large, the member grids when a
    /// class is not wholly small) if it is not built yet.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in zoomed content coordinates.
    ///   - zoom: The zoom the rectangle and the answer are in.
    ///   - minSize: The smallest zoomed width and height of a large item; positive.
    ///   - cell: The screen size a cluster cell aims at; positive.
    ///   - frames: The frames the pyramid was built (and updated) from.
    ///   - find: The culling index over `frames`, if the caller has one.
    ///     Then wholly large classes are the index's answer for the
    ///     rectangle (filtered to those classes unless every class is
    ///     wholly large) and boundary cells are checked through it, so no
    ///     member grid is built; without it, the member grids are.
    ///   - reach: The farthest zoom out the caller expects. When this is the
    ///     first query and the first item is large at `zoom`, its counting
    ///     pass builds instead the finest level between `zoom` and `reach`
    ///     where that item's class need not be large (see `levelAhead`),
    ///     so zooming out does not read the frames again.
    /// - Complexity: with the level built, O(rows covered · classes · log +
    ///   cells covered + large items found) when no cell mixes small and
    ///   large items of one size class; such a cell adds its items of that class.
    public mutating func query(
        _ rect: Rect, zoom: ZoomTransform, minSize: Double, cell: Double, frames: [Rect], find: Finder? = nil,
        reach: ZoomTransform? = nil
    ) -> Answer {
        var scratch = AnswerScratch()
        return query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames, find: find, reach: reach, scratch: &scratch)
    }

    /// `query` with the memory its answer works in kept by the caller
    /// across queries (see `AnswerScratch`).
    package mutating func query(
        _ rect: Rect, zoom: ZoomTransform, minSize: Double, cell: Double, frames: [Rect], find: Finder? = nil,
        reach: ZoomTransform? = nil, scratch: inout AnswerScratch
    ) -> Answer {
        guard rect.isFinite, !rect.isEmpty else { return .empty }
        let key = Self.levelKey(cell: cell, zoom: zoom)
        if !counted {
            frames.withUnsafeBufferPointer { frames in
                let ahead = reach.flatMap { Self.levelAhead(frames, from: zoom, to: $0, minSize: minSize, cell: cell) }
                let bounds = Bounds(zoom: ahead?.zoom ?? zoom, minSize: minSize)
                ensureCounted(frames, building: ahead?.key ?? key) { Self.kind(of: $0, bounds) != .large }
            }
        }
        guard count > 0 else { return .empty }
        let kinds = self.kinds(zoom: zoom, minSize: minSize)
        // The culling index answers only where every class is wholly large
        // (its answer is then the items). Where some are small, it would
        // hand back every item in the rectangle, small ones included, and
        // a boundary cell would cost a search each (issue 20: one large
        // item among a million small ones read them all): the member
        // grids, built once, visit the classes asked for and no others.
        let mixed = kinds.contains { $0 == .small || $0 == .boundary }
        let find = find.flatMap { finds(at: key) && !mixed ? $0 : nil }
        return frames.withUnsafeBufferPointer { frames in
            if find == nil, kinds.contains(where: { $0 == .large || $0 == .boundary }) { ensureMembers(frames) }
            ensureLevel(key, classes: kinds.indices.filter { kinds[$0] == .small || kinds[$0] == .boundary }, frames: frames)
            let small = steadySmallCells(key, kinds: kinds, zoom: zoom, minSize: minSize, cell: cell, rect: rect)
            return answer(rect, zoom: zoom, minSize: minSize, key: key, kinds: kinds, frames: frames, find: find, small: small,
                          scratch: &scratch)
        }
    }

    /// The level a first query at a zoom where the first item is large
    /// builds ahead while it counts: the finest one (and the zoom at the
    /// start of its range, its smallest scale) where that item's class
    /// need not be large, zooming from `zoom` out to `reach`; nil when the
    /// item is not large at `zoom` (the query's own level is built then),
    /// or large all the way. One item stands for its class's sides: a
    /// guess, only for what to build early; a level it misses is built
    /// when a query asks for it.
    static func levelAhead(
        _ frames: UnsafeBufferPointer<Rect>, from zoom: ZoomTransform, to reach: ZoomTransform, minSize: Double, cell: Double
    ) -> (key: LevelKey, zoom: ZoomTransform)? {
        guard let first = frames.first(where: SpatialIndex.isIndexable) else { return nil }
        let sizeClass = SizeClass(first)
        var sides = Sides()
        sides.add(first.width, first.height)
        guard kind(of: sizeClass, Bounds(zoom: zoom, minSize: minSize), sides: sides) == .large,
              reach.axis == zoom.axis, reach.scale > 0, reach.scale < zoom.scale else { return nil }
        let start = levelKey(cell: cell, zoom: zoom), end = levelKey(cell: cell, zoom: reach)
        let (from, to) = zoom.axis.zoomsX ? (start.x, end.x) : (start.y, end.y)
        guard from < to else { return nil }
        for k in (from + 1)...to {
            // The smallest scale whose level is k: cell / 2^k.
            let scaled = ZoomTransform(scale: Swift.max(cell / power(k), reach.scale), axis: zoom.axis)
            if kind(of: sizeClass, Bounds(zoom: scaled, minSize: minSize), sides: sides) != .large {
                return (levelKey(cell: cell, zoom: scaled), scaled)
            }
        }
        return nil
    }

    /// Whether a finder can stand in for the member grids at this level:
    /// when every centre is well inside the cells' clamp (a clamped cell
    /// holds centres far outside its square, which a search around the
    /// square would miss).
    func finds(at key: LevelKey) -> Bool {
        let limit = 0x1p39
        let x = Swift.max(abs(centres.minX), abs(centres.maxX)) / Self.power(key.x)
        let y = Swift.max(abs(centres.minY), abs(centres.maxY)) / Self.power(key.y)
        return x < limit && y < limit  // false for NaN, and for no centre yet (infinite bounds)
    }

    /// Whether items are large at one zoom and minimum size: by their
    /// sides times the scale (`v · s` on a zoomed axis, `v` on the other),
    /// not by the rounded zoomed frame, whose sides depend on where the
    /// frame stands (issue 20: items of one size are classed alike at any
    /// offset). Monotone in the sides, so a class's or a group's extreme
    /// sides decide it; frames in between are checked one by one.
    struct Bounds {
        var zoom: ZoomTransform
        var minSize: Double

        @inline(__always) func scaled(_ value: Double, _ scaled: Bool) -> Double {
            scaled ? value * zoom.scale : value
        }
        /// Every frame with sides at least these is large (and a frame with
        /// these sides is large exactly when this holds).
        @inline(__always) func allLarge(width: Double, height: Double) -> Bool {
            scaled(width, zoom.scalesX) >= minSize && scaled(height, zoom.scalesY) >= minSize
        }
        /// Every frame with sides at most these is small.
        @inline(__always) func allSmall(width: Double, height: Double) -> Bool {
            !allLarge(width: width, height: height)
        }
        /// Whether one frame is large.
        @inline(__always) func isLarge(_ frame: Rect) -> Bool { allLarge(width: frame.width, height: frame.height) }
    }

    /// Each class's kind, by id: the bounds on zoomed sizes are monotone in
    /// the unzoomed ones, so a class's extreme sizes decide it.
    func kinds(zoom: ZoomTransform, minSize: Double) -> [Kind] {
        let bounds = Bounds(zoom: zoom, minSize: minSize)
        return sizeClasses.indices.map {
            classCounts[$0] == 0 ? .absent : Self.kind(of: sizeClasses[$0], bounds, sides: classSides[$0])
        }
    }

    /// A class's kind from its powers of two, or from its items' sides
    /// within them when known.
    static func kind(of sizeClass: SizeClass, _ bounds: Bounds, sides: Sides = Sides()) -> Kind {
        var minWidth = power(sizeClass.x), maxWidth = power(sizeClass.x + 1).nextDown
        var minHeight = power(sizeClass.y), maxHeight = power(sizeClass.y + 1).nextDown
        if sides.minWidth <= sides.maxWidth && sides.minHeight <= sides.maxHeight {
            minWidth = Swift.max(minWidth, sides.minWidth)
            maxWidth = Swift.min(maxWidth, sides.maxWidth)
            minHeight = Swift.max(minHeight, sides.minHeight)
            maxHeight = Swift.min(maxHeight, sides.maxHeight)
        }
        if bounds.allLarge(width: minWidth, height: minHeight) { return .large }
        if bounds.allSmall(width: maxWidth, height: maxHeight) { return .small }
        // Both axes scaled alike (or neither): large is min(width, height) · s ≥ minSize.
        if bounds.zoom.scalesX == bounds.zoom.scalesY, sides.maxShorter.isFinite,
           bounds.allSmall(width: sides.maxShorter, height: sides.maxShorter) { return .small }
        return .boundary
    }

    private func answer(
        _ rect: Rect, zoom: ZoomTransform, minSize: Double, key: LevelKey, kinds: [Kind], frames: UnsafeBufferPointer<Rect>,
        find: Finder?, small: SmallCells? = nil, scratch: inout AnswerScratch
    ) -> Answer {
        let width = Self.power(key.x), height = Self.power(key.y)
        let exact = zoom.unzoomed(rect)
        let cover = zoom.unzoomedCover(rect)
        let bounds = Bounds(zoom: zoom, minSize: minSize)

        var reachX = 0.0, reachY = 0.0  // how far a boundary item's centre may lie outside
        var clustered: [(id: Int, boundary: Bool, cells: Cells)] = []
        if let small, small.cells.cellCount > 0 { clustered.append((-1, false, small.cells)) }
        for id in kinds.indices where kinds[id] == .small || kinds[id] == .boundary {
            if kinds[id] == .small, let small, id < small.classes.count, small.classes[id] { continue }
            guard let cells = grid(key, id), cells.cellCount > 0 else { continue }
            let boundary = kinds[id] == .boundary
            if boundary {
                reachX = Swift.max(reachX, Self.power(sizeClasses[id].x))
                reachY = Swift.max(reachY, Self.power(sizeClasses[id].y))
            }
            clustered.append((id, boundary, cells))
        }

        var items: [Int] = []
        var clusters: [Cluster] = []
        let innerColumns = Self.covered(exact.x, exact.x + exact.width, side: width)
        let innerRows = Self.covered(exact.y, exact.y + exact.height, side: height)
        let scalesX = zoom.scalesX, scalesY = zoom.scalesY, scale = zoom.scale
        /// Whether a frame's zoomed frame strictly meets `rect`: from its
        /// unrounded zoomed edges where they clear the rectangle's by a
        /// point (rounding moves an edge at most half a point, and below
        /// 2^50 the sums here are off by far less), else exactly; most
        /// large items in view are well inside it, and the exact zoomed
        /// frame (four roundings) was a tenth of a frame (issue 20).
        let rectMaxX = rect.x + rect.width, rectMaxY = rect.y + rect.height
        @inline(__always) func meets(_ frame: Rect) -> Bool {
            let left = scalesX ? frame.x * scale : frame.x
            let right = scalesX ? (frame.x + frame.width) * scale : frame.x + frame.width
            let top = scalesY ? frame.y * scale : frame.y
            let bottom = scalesY ? (frame.y + frame.height) * scale : frame.y + frame.height
            if left + 1 < rectMaxX && rect.x < right - 1 && top + 1 < rectMaxY && rect.y < bottom - 1
                && left > -0x1p50 && right < 0x1p50 && top > -0x1p50 && bottom < 0x1p50 {
                return true
            }
            return zoom.rect(frame).intersects(rect)
        }
        /// The cluster of a cell's small items: their union zoomed edge by edge.
        @inline(__always) func zoomedCluster(_ group: Group) -> Cluster {
            let (l, r) = scalesX ? (ZoomTransform.rounded(group.minX * scale), ZoomTransform.rounded(group.maxX * scale)) : (group.minX, group.maxX)
            let (t, b) = scalesY ? (ZoomTransform.rounded(group.minY * scale), ZoomTransform.rounded(group.maxY * scale)) : (group.minY, group.maxY)
            return Cluster(bounds: Rect(x: l, y: t, width: r - l, height: b - t), count: group.count, first: Labels.slot(of: group.first))
        }

        /// Whether a boundary class's aggregate in a cell needs its members
        /// read one by one: it may hold both small and large items, and
        /// either is covered or may meet the rectangle.
        func needsMembers(_ group: Group, inner: Bool) -> Bool {
            guard !bounds.allSmall(width: group.maxWidth, height: group.maxHeight) else { return false }
            let allLarge = bounds.allLarge(width: group.minWidth, height: group.minHeight)
            let mayMeet = group.minX < cover.x + cover.width && cover.x < group.maxX
                && group.minY < cover.y + cover.height && cover.y < group.maxY
            return mayMeet || (inner && !allLarge)
        }
        /// Per class id, its mixed cells swept at once (see `BoundarySweep`).
        var sweeps = [BoundarySweep?](repeating: nil, count: kinds.count)

        /// Adds one class's aggregate in a cell to the cell's cluster, or
        /// its large items to `items`.
        func take(_ group: Group, of id: Int, boundary: Bool, row: Int, column: Int, inner: Bool, into cluster: inout Group) {
            guard boundary, !bounds.allSmall(width: group.maxWidth, height: group.maxHeight) else {
                if inner { cluster.merge(group) }
                return
            }
            guard needsMembers(group, inner: inner) else { return }
            if let part = sweeps[id]?.part(row: row, column: column) {
                // Its large items are in `items` already.
                if inner { cluster.merge(part) }
                return
            }
            forEachMember(of: id, row: row, column: column, width: width, height: height, frames: frames, find: find) { position, frame in
                if bounds.isLarge(frame) {
                    if meets(frame) { items.append(position) }
                } else if inner {
                    cluster.add(labels(position), frame)
                }
            }
        }

        // Pass A: the level's cells, covered ones and (for boundary classes)
        // the ring a large item's centre may lie in.
        let rows = Self.holding(cover.y - reachY, cover.y + cover.height + reachY, side: height)
        let columns = Self.holding(cover.x - reachX, cover.x + cover.width + reachX, side: width)
        @inline(__always) func isInner(_ row: Int, _ column: Int) -> Bool {
            (innerRows?.contains(row) ?? false) && (innerColumns?.contains(column) ?? false)
        }
        if let members {
            for (id, boundary, cells) in clustered where boundary && id < members.count {
                var mixedCells: [(row: Int, column: Int)] = []
                cells.visit(rows: rows, columns: columns) { row, column, group in
                    if needsMembers(group, inner: isInner(row, column)) { mixedCells.append((row, column)) }
                }
                sweeps[id] = Self.sweep(
                    mixedCells, members: members[id], sizeClass: sizeClasses[id], width: width, height: height, frames: frames, labels: labels,
                    inner: isInner, bounds: bounds, meets: meets, items: &items)
            }
        }
        if clustered.count == 1 {
            let (id, boundary, cells) = clustered[0]
            if !boundary, let innerRows, let innerColumns {
                // Wholly small: the covered cells are the clusters.
                // In doubles: a caller's rectangle or cell can cover 2^41 cells a side (issue 21).
                let covered = Double(innerRows.count) * Double(innerColumns.count)
                clusters.reserveCapacity(covered < Double(cells.cellCount) ? Int(covered) : cells.cellCount)
                for row in cells.occupiedRows(in: innerRows) {
                    cells.visit(row: row, columns: innerColumns) { _, group in
                        clusters.append(zoomedCluster(group))
                    }
                }
            } else if boundary {
                cells.visit(rows: rows, columns: columns) { row, column, group in
                    let inner = (innerRows?.contains(row) ?? false) && (innerColumns?.contains(column) ?? false)
                    var cluster = Group()
                    take(group, of: id, boundary: true, row: row, column: column, inner: inner, into: &cluster)
                    if inner && cluster.count > 0 {
                        clusters.append(zoomedCluster(cluster))
                    }
                }
            }
        } else if !clustered.isEmpty, let box = Self.box(rows: rows, columns: columns, limit: Self.flatBoxLimit) {
            // Several classes over a screen's worth of cells: summed class by
            // class into a flat array of the box's cells, then read out
            // row-major (a row lookup per class and row, not two, and no
            // per-row bookkeeping: issue 20). Wholly small classes visit the
            // covered cells only; boundary ones the ring too.
            // Sums commute, so rows and classes go in any order; a row is
            // read through its buffers (no copy of it, no closure per cell).
            let boxCells = box.rows * box.columns
            scratch.reserve(boxCells)
            scratch.sums.withUnsafeMutableBufferPointer { all in
                let sums = UnsafeMutableBufferPointer(rebasing: all[0..<boxCells])
                for entry in clustered {
                    let visitRows = entry.boundary ? rows : innerRows?.clamped(to: rows)
                    let visitColumns = entry.boundary ? columns : innerColumns?.clamped(to: columns)
                    guard let visitRows, let visitColumns else { continue }
                    func visitRow(_ row: Int, _ cells: Cells.Row) {
                        let base = (row &- rows.lowerBound) &* box.columns &- columns.lowerBound
                        let rowInner = innerRows?.contains(row) ?? false
                        cells.columns.withUnsafeBufferPointer { cellColumns in
                            cells.payloads.withUnsafeBufferPointer { groups in
                                var slot = insertionIndex(of: visitColumns.lowerBound, in: cells.columns)
                                while slot < cellColumns.count, cellColumns[slot] <= visitColumns.upperBound {
                                    let column = cellColumns[slot]
                                    let inner = rowInner && (innerColumns?.contains(column) ?? false)
                                    if entry.boundary {
                                        take(groups[slot], of: entry.id, boundary: true, row: row, column: column, inner: inner,
                                             into: &sums[base &+ column])
                                    } else if inner {
                                        sums[base &+ column].merge(groups[slot])
                                    }
                                    slot += 1
                                }
                            }
                        }
                    }
                    if visitRows.count <= entry.cells.rows.count {
                        for row in visitRows {
                            if let cells = entry.cells.rows[row] { visitRow(row, cells) }
                        }
                    } else {
                        for (row, cells) in entry.cells.rows where visitRows.contains(row) { visitRow(row, cells) }
                    }
                }
                // Counted first: growing the list as it filled was a fiftieth of a frame.
                var filled = 0
                for slot in sums.indices where sums[slot].count > 0 { filled &+= 1 }
                clusters.reserveCapacity(filled)
                for slot in sums.indices where sums[slot].count > 0 {
                    clusters.append(zoomedCluster(sums[slot]))
                    sums[slot] = Group()  // empty again for the next query (a slot of count 0 is untouched)
                }
            }
        } else if !clustered.isEmpty {
            // Several classes: each row's cells of every class, merged by column.
            let occupied = Self.union(clustered.map { $0.cells.occupiedRows(in: rows) }, within: rows)
            // A row's cells summed in place by column where the columns are
            // few (a screen's worth): sorting every class's cells of the row
            // by column was a fifth of a frame on mixed sizes (issue 20).
            let low = columns.lowerBound, span = Double(columns.upperBound) - Double(low) + 1
            if span <= 65_536 {
                let width = Int(span)
                scratch.reserve(width)
                var touched: [Int] = []
                for r in occupied {
                    let rowInner = innerRows?.contains(r) ?? false
                    for entry in clustered {
                        entry.cells.visit(row: r, columns: columns) { column, group in
                            let offset = column &- low
                            if !scratch.seen[offset] {
                                scratch.seen[offset] = true
                                touched.append(offset)
                            }
                            let inner = rowInner && (innerColumns?.contains(column) ?? false)
                            take(group, of: entry.id, boundary: entry.boundary, row: r, column: column, inner: inner,
                                 into: &scratch.sums[offset])
                        }
                    }
                    if 16 * touched.count < width { touched.sort() } else { touched = (0..<width).filter { scratch.seen[$0] } }
                    for offset in touched {
                        scratch.seen[offset] = false
                        if scratch.sums[offset].count > 0 {
                            clusters.append(zoomedCluster(scratch.sums[offset]))
                            scratch.sums[offset] = Group()
                        }
                    }
                    touched.removeAll(keepingCapacity: true)
                }
            }
            var row: [(column: Int, slot: Int, group: Group)] = []
            for r in span <= 65_536 ? [] : occupied {
                row.removeAll(keepingCapacity: true)
                for (slot, entry) in clustered.enumerated() {
                    entry.cells.visit(row: r, columns: columns) { row.append(($0, slot, $1)) }
                }
                row.sort { $0.column < $1.column }
                let rowInner = innerRows?.contains(r) ?? false
                var start = 0
                while start < row.count {
                    let column = row[start].column
                    let inner = rowInner && (innerColumns?.contains(column) ?? false)
                    var cluster = Group()
                    var end = start
                    while end < row.count && row[end].column == column {
                        let entry = clustered[row[end].slot]
                        take(row[end].group, of: entry.id, boundary: entry.boundary, row: r, column: column, inner: inner, into: &cluster)
                        end += 1
                    }
                    if inner && cluster.count > 0 {
                        clusters.append(zoomedCluster(cluster))
                    }
                    start = end
                }
            }
        }

        // Pass B: wholly large classes, from the culling index when given
        // (every item it finds when every class is wholly large), else
        // from their member grids.
        if let find, kinds.contains(.large) {
            let every = !kinds.contains { $0 == .small || $0 == .boundary }
            var lookup = ClassLookup()
            let classIDs = self.classIDs
            for position in find(cover) {
                let frame = frames[position]
                guard SpatialIndex.isIndexable(frame) else { continue }
                if !every {
                    let id = lookup.id(Int(frame.width.exponent), Int(frame.height.exponent)) {
                        classIDs[SizeClass(frame)] ?? -1
                    }
                    guard id >= 0, kinds[id] == .large else { continue }
                }
                if meets(frame) { items.append(position) }
            }
        } else if let members {
            // Gathered in a list of their own: `items` is captured by the
            // nested functions above, so each append to it here took a
            // dynamic exclusivity check (a tenth of a frame on mixed sizes).
            var large: [Int] = []
            // Frames gathered before they are tested (`forEachGathered`):
            // their loads were two fifths of a frame zoomed out on mixed sizes.
            withUnsafeTemporaryAllocation(of: Rect.self, capacity: Self.gatherRun) { scratch in
                let scratch = scratch.baseAddress!
                for id in kinds.indices where kinds[id] == .large {
                    let sizeClass = sizeClasses[id]
                    let (classWidth, classHeight) = Self.classSides(sizeClass)
                    let halfX = Self.power(sizeClass.x), halfY = Self.power(sizeClass.y)
                    let classRows = Self.holding(cover.y - halfY, cover.y + cover.height + halfY, side: classHeight)
                    let classColumns = Self.holding(cover.x - halfX, cover.x + cover.width + halfX, side: classWidth)
                    members[id].visit(rows: classRows, columns: classColumns) { _, _, list in
                        list.withUnsafeBufferPointer { list in
                            Self.forEachGathered(list, frames: frames, scratch: scratch) { position, frame in
                                if meets(frame) { large.append(position) }
                            }
                        }
                    }
                }
            }
            items.append(contentsOf: large)
        }
        Self.sortPositions(&items, below: frames.count)
        return Answer(items: items, clusters: clusters)
    }

    /// The size of a box of cells, when it holds at most `limit` cells.
    static func box(rows: ClosedRange<Int>, columns: ClosedRange<Int>, limit: Int) -> (rows: Int, columns: Int)? {
        let height = Double(rows.upperBound) - Double(rows.lowerBound) + 1
        let width = Double(columns.upperBound) - Double(columns.lowerBound) + 1
        guard height * width <= Double(limit) else { return nil }
        return (Int(height), Int(width))
    }

    /// The distinct values of several ascending lists, ascending: marked
    /// in a flat array over `range` where it is a screen's worth of rows,
    /// else through a set (the set's hashing was a tenth of a frame on
    /// mixed sizes, issue 20).
    static func union(_ lists: [[Int]], within range: ClosedRange<Int>) -> [Int] {
        if lists.count == 1 { return lists[0] }
        let span = Double(range.upperBound) - Double(range.lowerBound) + 1
        guard span <= 65_536 else { return Set(lists.joined()).sorted() }
        var marked = [Bool](repeating: false, count: Int(span))
        var count = 0
        for list in lists {
            for value in list where !marked[value &- range.lowerBound] {
                marked[value &- range.lowerBound] = true
                count += 1
            }
        }
        var result: [Int] = []
        result.reserveCapacity(count)
        for offset in marked.indices where marked[offset] { result.append(range.lowerBound &+ offset) }
        return result
    }

    /// Sorts distinct positions below `limit`: by a bitmap of the positions
    /// when they are many (zoomed where most items are on the boundary, the
    /// large items come cell by cell, a good part of the canvas), by radix
    /// when they are hundreds or more (a comparison sort of the large items
    /// was a tenth of a LOD frame on mixed sizes, issue 20), else by comparison.
    static func sortPositions(_ positions: inout [Int], below limit: Int) {
        guard positions.count > 256 else {
            positions.sort()
            return
        }
        guard positions.count >= limit / 64 else {
            radixSort(&positions, below: limit)
            return
        }
        var bits = [UInt64](repeating: 0, count: limit / 64 + 1)
        for position in positions { bits[position >> 6] |= 1 << UInt64(position & 63) }
        var next = 0
        for (slot, word) in bits.enumerated() where word != 0 {
            var word = word
            while word != 0 {
                positions[next] = slot << 6 | word.trailingZeroBitCount
                next += 1
                word &= word - 1
            }
        }
    }
}

extension DetailPyramid {
    /// Sorts values in 0..<`limit` by their digits, least significant
    /// first: as many passes as `limit` needs digits of at most 11 bits
    /// (two for a million items), each a count and a scatter.
    static func radixSort(_ values: inout [Int], below limit: Int) {
        let bits = Int.bitWidth - Swift.max(limit - 1, 1).leadingZeroBitCount
        let passes = (bits + 10) / 11
        let digit = (bits + passes - 1) / passes
        let buckets = 1 << digit, mask = buckets - 1
        var scratch = [Int](repeating: 0, count: values.count)
        var counts = [Int](repeating: 0, count: buckets)
        var inScratch = false
        // Through buffers: indexing the arrays checked bounds and uniqueness
        // per value, 80 instructions a large item (issue 20).
        values.withUnsafeMutableBufferPointer { values in
            scratch.withUnsafeMutableBufferPointer { scratch in
                counts.withUnsafeMutableBufferPointer { counts in
                    guard let count = counts.baseAddress else { return }
                    var source = values, target = scratch
                    for pass in 0..<passes {
                        let shift = pass * digit
                        counts.update(repeating: 0)
                        for value in source { count[(value &>> shift) & mask] &+= 1 }
                        var start = 0
                        for slot in 0..<buckets {
                            let n = count[slot]
                            count[slot] = start
                            start &+= n
                        }
                        guard let out = target.baseAddress else { return }
                        for value in source {
                            let slot = (value &>> shift) & mask
                            out[count[slot]] = value
                            count[slot] &+= 1
                        }
                        swap(&source, &target)
                        inScratch.toggle()
                    }
                }
            }
        }
        if inScratch { values = scratch }
    }
}

extension SparseCells where Payload == DetailPyramid.Group {
    /// Edits the group of a cell, an empty one when the cell has none; a
    /// group left with no item leaves the grid.
    @inline(__always)
    mutating func update<R>(row: Int, column: Int, _ body: (inout Payload) -> R) -> R {
        update(row: row, column: column, make: { DetailPyramid.Group() }, isEmpty: { $0.count == 0 }, body)
    }
}

extension SparseCells where Payload == [UInt32] {
    /// Edits the member list of a cell, empty when the cell has none; a
    /// list left empty leaves the grid.
    @inline(__always)
    mutating func update<R>(row: Int, column: Int, _ body: (inout Payload) -> R) -> R {
        update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }, body)
    }
}
