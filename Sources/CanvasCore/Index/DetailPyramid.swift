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
/// - An item is **large** when its zoomed frame `z.rect(frame)` is at least
///   `minSize` wide and at least `minSize` high; otherwise it is **small**.
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
///   This equals the union of the zoomed frames at zoom 1 and on an
///   unzoomed axis, and is within a point of it on a zoomed one (the
///   frames' own rounding can differ by one).
///
/// So an answer holds at most (covered cells) clusters plus the large
/// items that meet the rectangle, whatever the item count.
///
/// How it stays exact and cheap: items are split by size class, the pair
/// of binary exponents of their width and height (⌊log₂ width⌋,
/// ⌊log₂ height⌋). For a given zoom and `minSize` a class is wholly large,
/// wholly small, or on the boundary. Each level keeps, per cell and class,
/// an aggregate (count, first, union, smallest and largest width and
/// height). Wholly small classes are answered from aggregates; wholly large
/// ones from the class's own grid (cells of two class sizes, keyed by
/// centre), whose items are the answer; a boundary class is decided per
/// aggregate from its extreme sizes, and only a cell that mixes small and
/// large items of the same class is checked item by item.
///
/// Levels are built when first asked for, from a finer level when one is
/// built (merging cells), else from the class grids; `update(position:
/// from:to:frames:)` edits the class grids and every built level in place.
///
/// The pyramid stores positions, not frames: the caller passes the current
/// frames to each query and update.
public struct DetailPyramid: Hashable, Sendable {
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
        var sizeClass: SizeClass
        var count = 0
        var first = Int.max
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var minWidth = Double.infinity, maxWidth = -Double.infinity
        var minHeight = Double.infinity, maxHeight = -Double.infinity

        init(_ sizeClass: SizeClass) { self.sizeClass = sizeClass }

        mutating func add(_ position: Int, _ frame: Rect) {
            count += 1
            first = Swift.min(first, position)
            minX = Swift.min(minX, frame.x)
            minY = Swift.min(minY, frame.y)
            maxX = Swift.max(maxX, frame.x + frame.width)
            maxY = Swift.max(maxY, frame.y + frame.height)
            minWidth = Swift.min(minWidth, frame.width)
            maxWidth = Swift.max(maxWidth, frame.width)
            minHeight = Swift.min(minHeight, frame.height)
            maxHeight = Swift.max(maxHeight, frame.height)
        }

        mutating func merge(_ other: Group) {
            count += other.count
            first = Swift.min(first, other.first)
            minX = Swift.min(minX, other.minX)
            minY = Swift.min(minY, other.minY)
            maxX = Swift.max(maxX, other.maxX)
            maxY = Swift.max(maxY, other.maxY)
            minWidth = Swift.min(minWidth, other.minWidth)
            maxWidth = Swift.max(maxWidth, other.maxWidth)
            minHeight = Swift.min(minHeight, other.minHeight)
            maxHeight = Swift.max(maxHeight, other.maxHeight)
        }

        /// Whether taking `frame` out could change anything but the count.
        func isShaped(by position: Int, _ frame: Rect) -> Bool {
            position == first || frame.x == minX || frame.y == minY
                || frame.x + frame.width == maxX || frame.y + frame.height == maxY
                || frame.width == minWidth || frame.width == maxWidth
                || frame.height == minHeight || frame.height == maxHeight
        }
    }

    /// A level's cell sides, as binary exponents: 2^x × 2^y.
    public struct LevelKey: Hashable, Sendable {
        public var x: Int
        public var y: Int

        public init(x: Int, y: Int) {
            self.x = x
            self.y = y
        }
    }

    /// One cluster, by position.
    public struct Cluster: Hashable, Sendable {
        /// The union of the items' frames, zoomed edge by edge (see the type).
        public var bounds: Rect
        public var count: Int
        /// The first item's position in data order.
        public var first: Int
    }

    /// A query's answer, by position.
    public struct Answer: Hashable, Sendable {
        /// The large items meeting the rectangle, in data order.
        public var items: [Int]
        /// Row-major by cell.
        public var clusters: [Cluster]

        public static let empty = Answer(items: [], clusters: [])
    }

    typealias Level = SparseCells<[Group]>

    /// Per class, the items by the cell of their centre, cells two class
    /// sizes on a side (so an item's frame never reaches past the
    /// neighbouring cells), positions ascending in each.
    var classes: [SizeClass: SparseCells<[UInt32]>] = [:]
    /// The levels built so far.
    var levels: [LevelKey: Level] = [:]
    /// The number of items taking part.
    public private(set) var count = 0

    public static let empty = DetailPyramid()

    init() {}

    /// Sorts `frames` into their class grids; no level is built yet.
    /// - Complexity: O(*n*) expected.
    public init(frames: [Rect]) {
        precondition(frames.count <= Int(UInt32.max), "too many frames for a detail pyramid")
        for (position, frame) in frames.enumerated() where SpatialIndex.isIndexable(frame) {
            addMember(position, frame)
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

    static func classSides(_ sizeClass: SizeClass) -> (width: Double, height: Double) {
        (power(sizeClass.x + 1), power(sizeClass.y + 1))
    }

    // MARK: Levels

    /// Whether the level is built.
    public func hasLevel(_ key: LevelKey) -> Bool { levels[key] != nil }

    /// The keys of the built levels.
    public var builtLevels: [LevelKey] { Array(levels.keys) }

    /// Builds the level if it is not built yet: by merging the cells of the
    /// nearest finer built level, or from the class grids when none is.
    public mutating func buildLevel(_ key: LevelKey, frames: [Rect]) {
        _ = level(key, frames: frames)
    }

    mutating func level(_ key: LevelKey, frames: [Rect]) -> Level {
        if let built = levels[key] { return built }
        // The nearest finer built level: fewest doublings to merge.
        var nearest: LevelKey?
        for candidate in levels.keys where candidate.x <= key.x && candidate.y <= key.y {
            if let best = nearest, best.x + best.y >= candidate.x + candidate.y { continue }
            nearest = candidate
        }
        let built = nearest.map { Self.coarsen(levels[$0]!, by: key.x - $0.x, key.y - $0.y) }
            ?? buildFromClasses(key, frames: frames)
        levels[key] = built
        return built
    }

    private func buildFromClasses(_ key: LevelKey, frames: [Rect]) -> Level {
        let width = Self.power(key.x), height = Self.power(key.y)
        var level = Level()
        frames.withUnsafeBufferPointer { frames in
            for (sizeClass, grid) in classes {
                grid.visitAll { _, _, members in
                    for member in members {
                        let position = Int(member)
                        let frame = frames[position]
                        let (row, column) = Self.cell(of: frame, width: width, height: height)
                        Self.addToLevel(&level, row: row, column: column, sizeClass, position, frame)
                    }
                }
            }
        }
        return level
    }

    /// A level whose cells are 2^dx × 2^dy of `level`'s: cells merge as
    /// ⌊column / 2^dx⌋, which is the column of the coarser level exactly,
    /// since the sides are powers of two.
    static func coarsen(_ level: Level, by dx: Int, _ dy: Int) -> Level {
        var coarser = Level()
        level.visitAll { row, column, groups in
            coarser.update(row: row >> dy, column: column >> dx, make: { [] }, isEmpty: { $0.isEmpty }) { merged in
                for group in groups {
                    if let slot = merged.firstIndex(where: { $0.sizeClass == group.sizeClass }) {
                        merged[slot].merge(group)
                    } else {
                        merged.append(group)
                    }
                }
            }
        }
        return coarser
    }

    static func addToLevel(_ level: inout Level, row: Int, column: Int, _ sizeClass: SizeClass, _ position: Int, _ frame: Rect) {
        level.update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }) { groups in
            if let slot = groups.firstIndex(where: { $0.sizeClass == sizeClass }) {
                groups[slot].add(position, frame)
            } else {
                var group = Group(sizeClass)
                group.add(position, frame)
                groups.append(group)
            }
        }
    }

    /// Calls `body` with each member of `sizeClass` whose centre lies in the
    /// level cell (row, column) of a level with cells `width` × `height`.
    func forEachMember(
        of sizeClass: SizeClass, row: Int, column: Int, width: Double, height: Double,
        frames: UnsafeBufferPointer<Rect>, _ body: (Int, Rect) -> Void
    ) {
        guard let grid = classes[sizeClass] else { return }
        let (classWidth, classHeight) = Self.classSides(sizeClass)
        // Level and class cells are both powers of two from the origin, so
        // the class cells meeting the level cell are exact.
        guard let rows = Self.covered(Double(row) * height, Double(row + 1) * height, side: classHeight),
              let columns = Self.covered(Double(column) * width, Double(column + 1) * width, side: classWidth)
        else { return }
        grid.visit(rows: rows, columns: columns) { _, _, members in
            for member in members {
                let position = Int(member)
                let frame = frames[position]
                let cell = Self.cell(of: frame, width: width, height: height)
                if cell.row == row && cell.column == column { body(position, frame) }
            }
        }
    }

    // MARK: Query

    /// What a class is at one zoom and minimum size.
    enum Kind { case small, large, boundary }

    /// The level-of-detail answer for `rect`, a zoomed content rectangle,
    /// under the rules in the type's notes. Builds the level it needs if it
    /// is not built yet.
    ///
    /// - Parameters:
    ///   - rect: The rectangle, in zoomed content coordinates.
    ///   - zoom: The zoom the rectangle and the answer are in.
    ///   - minSize: The smallest zoomed width and height of a large item; positive.
    ///   - cell: The screen size a cluster cell aims at; positive.
    ///   - frames: The frames the pyramid was built (and updated) from.
    /// - Complexity: with the level built, O(rows covered · log + cells
    ///   covered + large items found) when no cell mixes small and large
    ///   items of one size class; such a cell adds its items of that class.
    public mutating func query(_ rect: Rect, zoom: ZoomTransform, minSize: Double, cell: Double, frames: [Rect]) -> Answer {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return .empty }
        let key = Self.levelKey(cell: cell, zoom: zoom)
        let level = self.level(key, frames: frames)
        return frames.withUnsafeBufferPointer { frames in
            answer(rect, zoom: zoom, minSize: minSize, key: key, level: level, frames: frames)
        }
    }

    private func answer(
        _ rect: Rect, zoom: ZoomTransform, minSize: Double, key: LevelKey, level: Level, frames: UnsafeBufferPointer<Rect>
    ) -> Answer {
        let width = Self.power(key.x), height = Self.power(key.y)
        let exact = zoom.unzoomed(rect)
        let cover = zoom.unzoomedCover(rect)
        func zoomedWidth(_ value: Double) -> Double { zoom.rect(Rect(x: 0, y: 0, width: value, height: 1)).width }
        func zoomedHeight(_ value: Double) -> Double { zoom.rect(Rect(x: 0, y: 0, width: 1, height: value)).height }
        func isLarge(_ frame: Rect) -> Bool {
            let zoomed = zoom.rect(frame)
            return zoomed.width >= minSize && zoomed.height >= minSize
        }

        // Each class present, once: zoomed sizes are monotone in the
        // unzoomed ones, so a class's extreme sizes decide it.
        var kinds: [SizeClass: Kind] = [:]
        var reachX = 0.0, reachY = 0.0  // how far a boundary item's centre may lie outside
        var largeClasses: [SizeClass] = []
        for sizeClass in classes.keys {
            let kind: Kind
            if zoomedWidth(Self.power(sizeClass.x)) >= minSize && zoomedHeight(Self.power(sizeClass.y)) >= minSize {
                kind = .large
                largeClasses.append(sizeClass)
            } else if zoomedWidth(Self.power(sizeClass.x + 1).nextDown) < minSize
                || zoomedHeight(Self.power(sizeClass.y + 1).nextDown) < minSize {
                kind = .small
            } else {
                kind = .boundary
                reachX = Swift.max(reachX, Self.power(sizeClass.x))
                reachY = Swift.max(reachY, Self.power(sizeClass.y))
            }
            kinds[sizeClass] = kind
        }

        var items: [Int] = []
        var clusters: [Cluster] = []
        let innerColumns = Self.covered(exact.x, exact.x + exact.width, side: width)
        let innerRows = Self.covered(exact.y, exact.y + exact.height, side: height)
        func zoomedBounds(_ group: Group) -> Rect {
            let left = zoom.position(group.minX, axis: .horizontal), right = zoom.position(group.maxX, axis: .horizontal)
            let top = zoom.position(group.minY, axis: .vertical), bottom = zoom.position(group.maxY, axis: .vertical)
            let (l, r) = zoom.scalesX ? (left.rounded(), right.rounded()) : (left, right)
            let (t, b) = zoom.scalesY ? (top.rounded(), bottom.rounded()) : (top, bottom)
            return Rect(x: l, y: t, width: r - l, height: b - t)
        }

        // Pass A: the level's cells, covered ones and (for boundary classes)
        // the ring a large item's centre may lie in.
        let rows = Self.holding(cover.y - reachY, cover.y + cover.height + reachY, side: height)
        let columns = Self.holding(cover.x - reachX, cover.x + cover.width + reachX, side: width)
        level.visit(rows: rows, columns: columns) { row, column, groups in
            let inner = (innerRows?.contains(row) ?? false) && (innerColumns?.contains(column) ?? false)
            var cluster = Group(SizeClass(x: 0, y: 0))
            for group in groups {
                switch kinds[group.sizeClass] ?? .small {
                case .large:
                    continue
                case .small:
                    if inner { cluster.merge(group) }
                case .boundary:
                    if zoomedWidth(group.maxWidth) < minSize || zoomedHeight(group.maxHeight) < minSize {
                        if inner { cluster.merge(group) }
                        continue
                    }
                    let allLarge = zoomedWidth(group.minWidth) >= minSize && zoomedHeight(group.minHeight) >= minSize
                    let mayMeet = group.minX < cover.x + cover.width && cover.x < group.maxX
                        && group.minY < cover.y + cover.height && cover.y < group.maxY
                    if allLarge && !mayMeet { continue }
                    if !inner && !mayMeet { continue }
                    forEachMember(of: group.sizeClass, row: row, column: column, width: width, height: height, frames: frames) { position, frame in
                        if isLarge(frame) {
                            if zoom.rect(frame).intersects(rect) { items.append(position) }
                        } else if inner {
                            cluster.add(position, frame)
                        }
                    }
                }
            }
            if inner && cluster.count > 0 {
                clusters.append(Cluster(bounds: zoomedBounds(cluster), count: cluster.count, first: cluster.first))
            }
        }

        // Pass B: wholly large classes, from their own grids.
        for sizeClass in largeClasses {
            guard let grid = classes[sizeClass] else { continue }
            let (classWidth, classHeight) = Self.classSides(sizeClass)
            let halfX = Self.power(sizeClass.x), halfY = Self.power(sizeClass.y)
            let classRows = Self.holding(cover.y - halfY, cover.y + cover.height + halfY, side: classHeight)
            let classColumns = Self.holding(cover.x - halfX, cover.x + cover.width + halfX, side: classWidth)
            grid.visit(rows: classRows, columns: classColumns) { _, _, members in
                for member in members where zoom.rect(frames[Int(member)]).intersects(rect) {
                    items.append(Int(member))
                }
            }
        }
        items.sort()
        return Answer(items: items, clusters: clusters)
    }

    // MARK: Updates

    /// Updates the class grids and every built level for one item's edit,
    /// in place: never a rebuild.
    ///
    /// - `from` and `to` both given: the item at `position` moved or changed
    ///   size (its position stays).
    /// - `from` nil: an item was inserted at `position`; the items at and
    ///   after it moved one position up.
    /// - `to` nil: the item at `position` was removed; the items after it
    ///   moved one position down.
    ///
    /// A frame that does not take part (not finite, or without area) counts
    /// as absent. `frames` are the frames after the edit.
    ///
    /// - Complexity: a move costs the cells it leaves and enters in each
    ///   built level, plus, where the item shaped an aggregate (it was the
    ///   first or on an edge of the union or of the sizes), a recount of
    ///   its class in that cell. An insert or a remove also renumbers the
    ///   positions after it: O(*n*).
    public mutating func update(position: Int, from old: Rect?, to new: Rect?, frames: [Rect]) {
        guard old != nil || new != nil else { return }
        let oldFrame = old.flatMap { SpatialIndex.isIndexable($0) ? $0 : nil }
        let newFrame = new.flatMap { SpatialIndex.isIndexable($0) ? $0 : nil }
        var stale: [(LevelKey, Int, Int, SizeClass)] = []
        if let oldFrame { stale = removeMember(position, oldFrame) }
        if old == nil { shift(from: position, by: 1) }
        if new == nil { shift(from: position + 1, by: -1) }
        if let newFrame {
            addMember(position, newFrame)
            for key in Array(levels.keys) {
                let (row, column) = Self.cell(of: newFrame, width: Self.power(key.x), height: Self.power(key.y))
                Self.addToLevel(&levels[key]!, row: row, column: column, SizeClass(newFrame), position, newFrame)
            }
        }
        guard !stale.isEmpty else { return }
        frames.withUnsafeBufferPointer { frames in
            for (key, row, column, sizeClass) in stale { recount(key, row: row, column: column, sizeClass, frames: frames) }
        }
    }

    private mutating func addMember(_ position: Int, _ frame: Rect) {
        let sizeClass = SizeClass(frame)
        let (width, height) = Self.classSides(sizeClass)
        let (row, column) = Self.cell(of: frame, width: width, height: height)
        let member = UInt32(position)
        classes[sizeClass, default: SparseCells()].update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }) { members in
            if let last = members.last, last > member {
                members.insert(member, at: Self.lowerBound(member, in: members))
            } else {
                members.append(member)
            }
        }
        count += 1
    }

    /// Takes the item out of its class grid and the levels' counts; returns
    /// the aggregates it shaped, to recount once the edit is complete.
    private mutating func removeMember(_ position: Int, _ frame: Rect) -> [(LevelKey, Int, Int, SizeClass)] {
        let sizeClass = SizeClass(frame)
        let (width, height) = Self.classSides(sizeClass)
        let (row, column) = Self.cell(of: frame, width: width, height: height)
        let member = UInt32(position)
        var found = false
        classes[sizeClass]?.update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }) { members in
            let slot = Self.lowerBound(member, in: members)
            if slot < members.count && members[slot] == member {
                members.remove(at: slot)
                found = true
            }
        }
        guard found else { return [] }
        if classes[sizeClass]?.cellCount == 0 { classes[sizeClass] = nil }
        count -= 1
        var stale: [(LevelKey, Int, Int, SizeClass)] = []
        for key in Array(levels.keys) {
            let (row, column) = Self.cell(of: frame, width: Self.power(key.x), height: Self.power(key.y))
            levels[key]!.update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }) { groups in
                guard let slot = groups.firstIndex(where: { $0.sizeClass == sizeClass }) else { return }
                if groups[slot].count == 1 {
                    groups.remove(at: slot)
                } else {
                    if groups[slot].isShaped(by: position, frame) { stale.append((key, row, column, sizeClass)) }
                    groups[slot].count -= 1
                }
            }
        }
        return stale
    }

    /// Adds `delta` to every position at or after `start`.
    private mutating func shift(from start: Int, by delta: Int) {
        guard count > 0 else { return }
        let threshold = UInt32(clamping: start)
        for sizeClass in Array(classes.keys) {
            classes[sizeClass]!.mapPayloads { members in
                for slot in members.indices where members[slot] >= threshold {
                    members[slot] = UInt32(Int(members[slot]) + delta)
                }
            }
        }
        for key in Array(levels.keys) {
            levels[key]!.mapPayloads { groups in
                for slot in groups.indices where groups[slot].first >= start && groups[slot].first != Int.max {
                    groups[slot].first += delta
                }
            }
        }
    }

    /// Recomputes one aggregate from its class grid.
    private mutating func recount(_ key: LevelKey, row: Int, column: Int, _ sizeClass: SizeClass, frames: UnsafeBufferPointer<Rect>) {
        var fresh = Group(sizeClass)
        forEachMember(of: sizeClass, row: row, column: column, width: Self.power(key.x), height: Self.power(key.y), frames: frames) {
            fresh.add($0, $1)
        }
        levels[key]!.update(row: row, column: column, make: { [] }, isEmpty: { $0.isEmpty }) { groups in
            let slot = groups.firstIndex { $0.sizeClass == sizeClass }
            switch (slot, fresh.count) {
            case (let slot?, 0): groups.remove(at: slot)
            case (let slot?, _): groups[slot] = fresh
            case (nil, 0): break
            case (nil, _): groups.append(fresh)
            }
        }
    }

    static func lowerBound(_ value: UInt32, in values: [UInt32]) -> Int {
        var low = 0, high = values.count
        while low < high {
            let middle = (low + high) / 2
            if values[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
