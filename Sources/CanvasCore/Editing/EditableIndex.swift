/// A spatial index that is edited where it stands: a uniform grid over the
/// whole plane, hashed by cell, holding item ids.
///
/// `SpatialIndex` packs its cells flat for the fastest queries and is
/// rebuilt when the frames change. A free canvas changes a few frames at a
/// time (a drag, a nudge, an insert), so it keeps this one instead: moving
/// an item touches only the cells it leaves and enters, whatever the item
/// count. Cells are keyed by (column, row) with no bounds, so an item may
/// go anywhere, negative coordinates included.
///
/// Ids, not positions, are stored: inserting or reordering items shifts
/// positions but leaves every id where it is. Each cell keeps its items'
/// boxes beside their ids, contiguous, so a query reads a cell's entries in
/// one sweep and never chases a frame through the caller's table (at a
/// million items that lookup, a cache miss per candidate, was most of a
/// viewport query); the caller's frames are read only for the oversized list.
///
/// Only frames with finite coordinates and a positive width and height are
/// indexed, as in `SpatialIndex`. An item covering more than
/// `oversizedCellLimit` cells is kept in a short list that every query
/// checks, so one huge item cannot fill thousands of cells.
///
/// - Complexity: insert, remove and move are O(cells covered), independent
///   of the item count; a query is O(cells in the rectangle + candidates),
///   or O(occupied cells) when the rectangle spans more cells than are occupied.
package struct EditableIndex: Sendable {
    public let cellWidth: Double
    public let cellHeight: Double
    let scaleX: Double
    let scaleY: Double
    /// Ids per cell.
    var cells = CellTable()
    /// Items too large for cells.
    var oversized: [UInt64] = []
    /// Where recently moved items' entries were last seen: per id, the
    /// entry's index in each of the first four cells of its span (row-major;
    /// `unknown` when not known). Only a guess, checked against the id before
    /// use, so a stale one costs the search it saves and nothing else; kept
    /// for at most `placeLimit` ids, so it adds no per-entry memory. A drag
    /// moves the same cards every frame, and in a dense blob's cell of
    /// thousands of entries the search by id was most of a move (issue 20).
    var places: [UInt64: SIMD4<UInt32>] = [:]
    public private(set) var count = 0

    static let oversizedCellLimit = 256
    /// Ids whose places are kept at most (under 1 MB of table when full).
    static let placeLimit = 16_384
    /// A move remembers places only after searching a cell of more entries
    /// than this: a shorter search costs less than the table (random moves
    /// of uniform cards, a dozen a cell, were slower with every move kept).
    static let crowdedCell = 64
    static let unknown = UInt32.max
    /// Columns and rows are clamped to ±2^30: monotone, so far-out frames
    /// share edge cells instead of overflowing.
    static let slotLimit = Double(1 << 30)

    /// An empty index whose cells are `cellWidth` × `cellHeight`.
    public init(cellWidth: Double, cellHeight: Double) {
        self.cellWidth = cellWidth
        self.cellHeight = cellHeight
        scaleX = 1 / cellWidth
        scaleY = 1 / cellHeight
    }

    /// The bulk path: indexes `frames` (ids alongside) with cells of eight
    /// times the median side or more (see `cellSides(for:)`).
    public init(frames: [Rect], ids: ItemIDs) {
        let (width, height) = Self.cellSides(for: frames)
        self.init(frames: frames, ids: ids, cellWidth: width, cellHeight: height)
    }

    /// The bulk path with given cell sides.
    public init(frames: [Rect], ids: ItemIDs, cellWidth: Double, cellHeight: Double) {
        self.init(cellWidth: cellWidth, cellHeight: cellHeight)
        // Cells over the frames' bounds live in a flat table (no hashing);
        // only those an edit reaches outside them go to the dictionary.
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        var indexed = 0
        for frame in frames where Self.isIndexable(frame) {
            minX = Swift.min(minX, frame.x)
            minY = Swift.min(minY, frame.y)
            maxX = Swift.max(maxX, frame.maxX)
            maxY = Swift.max(maxY, frame.maxY)
            indexed += 1
        }
        if indexed > 0 {
            let columns = Self.slot(minX * scaleX)...Self.slot(maxX * scaleX)
            let rows = Self.slot(minY * scaleY)...Self.slot(maxY * scaleY)
            if Double(columns.count) * Double(rows.count) <= Double(SpatialGrid.cellLimit(itemCount: indexed)) {
                cells = CellTable(columns: columns, rows: rows)
                reserveCells(for: frames)
            }
        }
        for (position, frame) in frames.enumerated() {
            insert(ids[position], frame: frame)
        }
    }

    /// Gives each cell of the flat table its exact room before the frames
    /// go in, in row-major order (see `CellTable`): a row's cells then lie
    /// one after another in one store with no slack, so a query's sweep
    /// along a row reads memory in order (issue 20: at a million clustered
    /// cards the cold query was twice the warm one with cells grown by
    /// appends in data order, scattered over the heap).
    private mutating func reserveCells(for frames: [Rect]) {
        var counts = [Int32](repeating: 0, count: cells.slotCount)
        for frame in frames where Self.isIndexable(frame) {
            let span = span(of: frame)
            guard entry(frame, span, 0) != nil else { continue }
            for row in span.rows {
                for column in span.columns {
                    if let slot = cells.denseSlot(column, row) { counts[slot] += 1 }
                }
            }
        }
        cells.reserve(counts)
    }

    /// Four times the median indexable width and height (clamped to
    /// 64…2048), doubled at least once (`minimumDensityFactor`), then
    /// doubled while an item would share its cell with fewer
    /// than `targetCellmates` others: the median sets the shape and keeps
    /// cells near the items' size; the density makes sparse data use fewer,
    /// fuller cells, since with the boxes stored inline an entry costs a
    /// query a few nanoseconds and a cell a cache miss or two. (Measured
    /// with bench/rtree_compare.cpp at 1M uniform 80 × 60 cards: 320 × 240
    /// cells held 1.2 cards each, and a 1280 × 800 query visited 25 of them.
    /// Clustered and mixed cards, whose cells hold a dozen others already
    /// at four times the median, queried faster at eight: clustered fresh
    /// 5.7–6.1 → 4.4–4.7 µs, after 100,000 moves 5.8–6.8 → 4.9–5.1, mixed
    /// level or better; at sixteen both were slower again.)
    static func cellSides(for frames: [Rect]) -> (Double, Double) {
        func side(_ values: [Double]) -> Double {
            guard !values.isEmpty else { return SpatialGrid.minimumCellSide }
            var values = values
            let median = selectValue(atRank: values.count / 2, in: &values)
            return Swift.min(Swift.max(4 * median, SpatialGrid.minimumCellSide), SpatialGrid.maximumCellSide)
        }
        let indexable = frames.filter(Self.isIndexable)
        let width = side(indexable.map(\.width)), height = side(indexable.map(\.height))
        let factor = densityFactor(indexable, width, height)
        return (width * factor, height * factor)
    }

    /// Others an item shares its cell with, on average, that the bulk path aims for.
    static let targetCellmates = 12.0
    /// The bulk path's cells are at least this many times four medians: a
    /// cell read costs a cache miss or two wherever it lies, so a screenful
    /// is cheaper in a few fuller cells than in a few dozen (issue 20).
    static let minimumDensityFactor = 2.0
    /// The bulk path's cells grow at most this many times past the median's.
    static let maximumDensityFactor = 32.0

    /// The power of two by which to scale `width` × `height` cells so an
    /// item's cell holds about `targetCellmates` others. Estimated from a
    /// sample of at most 4,096 centres: pairs sharing a cell in the sample,
    /// over the sample's pairs, is the chance two items share one, so
    /// (n − 1) times it is an item's expected cellmates (weighted by items,
    /// as viewport queries centred on cards see the data).
    static func densityFactor(_ frames: [Rect], _ width: Double, _ height: Double) -> Double {
        let n = frames.count
        guard n > 1 else { return minimumDensityFactor }
        let stride = Swift.max(1, n / 4096)
        let sample = Swift.stride(from: 0, to: n, by: stride).map { frames[$0] }
        let m = Double(sample.count)
        var factor = minimumDensityFactor
        while factor < maximumDensityFactor {
            let sx = 1 / (width * factor), sy = 1 / (height * factor)
            var counts: [Int64: Int] = [:]
            counts.reserveCapacity(sample.count)
            for frame in sample {
                counts[key(slot((frame.x + frame.width / 2) * sx), slot((frame.y + frame.height / 2) * sy)), default: 0] += 1
            }
            var pairs = 0.0
            for count in counts.values { pairs += Double(count) * Double(count - 1) / 2 }
            let cellmates = Double(n - 1) * pairs / (m * (m - 1) / 2)
            if cellmates >= targetCellmates { break }
            factor *= 2
        }
        return factor
    }

    static func isIndexable(_ frame: Rect) -> Bool { SpatialIndex.isIndexable(frame) }

    @inline(__always)
    static func slot(_ t: Double) -> Int {
        if !(t >= -slotLimit) { return -Int(slotLimit) }  // also NaN
        if t >= slotLimit { return Int(slotLimit) }
        let whole = Int(t)
        return Double(whole) > t ? whole - 1 : whole  // floor without libm
    }

    @inline(__always)
    static func key(_ column: Int, _ row: Int) -> Int64 {
        (Int64(column) << 32) | Int64(UInt32(truncatingIfNeeded: row))
    }

    struct Span: Equatable {
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
        var cellCount: Int { columns.count * rows.count }
        func contains(_ column: Int, _ row: Int) -> Bool { columns.contains(column) && rows.contains(row) }
        /// A cell's place in the span, row-major.
        @inline(__always)
        func offset(_ column: Int, _ row: Int) -> Int {
            (row - rows.lowerBound) * columns.count + (column - columns.lowerBound)
        }
    }

    func span(of frame: Rect) -> Span {
        let c0 = Self.slot(frame.x * scaleX), c1 = Self.slot(frame.maxX * scaleX)
        let r0 = Self.slot(frame.y * scaleY), r1 = Self.slot(frame.maxY * scaleY)
        return Span(columns: c0...Swift.max(c0, c1), rows: r0...Swift.max(r0, r1))
    }

    /// The cells an entry's box covers: `span(of:)` of its frame, since
    /// each of the entry's edges lies in the column or row of the frame's
    /// (`entry(_:_:_:)`).
    func span(of entry: CellEntry) -> Span {
        let c0 = Self.slot(Double(entry.minX) * scaleX), c1 = Self.slot(Double(entry.maxX) * scaleX)
        let r0 = Self.slot(Double(entry.minY) * scaleY), r1 = Self.slot(Double(entry.maxY) * scaleY)
        return Span(columns: c0...Swift.max(c0, c1), rows: r0...Swift.max(r0, r1))
    }

    func isOversized(_ span: Span) -> Bool {
        span.columns.count > Self.oversizedCellLimit || span.rows.count > Self.oversizedCellLimit
            || span.cellCount > Self.oversizedCellLimit
    }

    /// `frame`'s entry in the cells of `span` (its span), or nil for an
    /// item kept in the `oversized` list instead: one covering too many
    /// cells, or one with an edge that no Float32 holds in the edge's own
    /// column or row (coordinates beyond about 2^22 cells from 0).
    func entry(_ frame: Rect, _ span: Span, _ id: UInt64) -> CellEntry? {
        guard !isOversized(span), let x0 = Self.edge(frame.x, scaleX), let y0 = Self.edge(frame.y, scaleY),
              let x1 = Self.edge(frame.maxX, scaleX), let y1 = Self.edge(frame.maxY, scaleY) else { return nil }
        return CellEntry(minX: x0, minY: y0, maxX: x1, maxY: y1, id: id)
    }

    /// The Float32 nearest `value`, or the one on its other side (so less
    /// than a Float32 step away either way), whose column or row under
    /// `scale` is `value`'s; nil when neither is (or neither is finite).
    static func edge(_ value: Double, _ scale: Double) -> Float? {
        let cell = slot(value * scale)
        let near = Float(value)
        let other = Double(near) < value ? near.nextUp : Double(near) > value ? near.nextDown : near
        if near.isFinite && slot(Double(near) * scale) == cell { return near }
        if other.isFinite && slot(Double(other) * scale) == cell { return other }
        return nil
    }

    /// Adds `id` at `frame`; a frame that is not indexable is ignored.
    public mutating func insert(_ id: UInt64, frame: Rect) {
        guard Self.isIndexable(frame) else { return }
        count += 1
        let span = span(of: frame)
        guard let entry = entry(frame, span, id) else {
            oversized.append(id)
            return
        }
        for row in span.rows {
            for column in span.columns {
                cells.append(entry, column, row)
            }
        }
    }

    /// Removes `id`, which was inserted at `frame`.
    public mutating func remove(_ id: UInt64, frame: Rect) {
        guard Self.isIndexable(frame) else { return }
        count -= 1
        let span = span(of: frame)
        if entry(frame, span, id) == nil {
            if let at = oversized.firstIndex(of: id) { oversized.swapAt(at, oversized.count - 1) }
            oversized.removeLast()
            return
        }
        let guesses = places.removeValue(forKey: id) ?? SIMD4(repeating: Self.unknown)
        for row in span.rows {
            for column in span.columns {
                var scanned = 0
                removeEntry(id, column, row, guess: guesses[safe: span.offset(column, row)], scanned: &scanned)
            }
        }
    }

    /// Removes `id`'s entry from a cell; the entry swapped into its place
    /// keeps its place known when it has one.
    private mutating func removeEntry(_ id: UInt64, _ column: Int, _ row: Int, guess: UInt32, scanned: inout Int) {
        guard let (entry, at) = cells.remove(id, column, row, guess: guess, scanned: &scanned), !places.isEmpty,
              var known = places[entry.id] else { return }
        let span = span(of: entry)
        let k = span.offset(column, row)
        guard k < 4 else { return }
        known[k] = UInt32(truncatingIfNeeded: at)
        places[entry.id] = known
    }

    /// Remembers where `id`'s entries are, forgetting everyone past `placeLimit`.
    private mutating func remember(_ id: UInt64, _ found: SIMD4<UInt32>) {
        if places.count >= Self.placeLimit && places[id] == nil { places.removeAll(keepingCapacity: true) }
        places[id] = found
    }

    /// Moves `id` from `old` to `new`, touching only the cells it covers
    /// before and after: it leaves and enters cells, and its box is
    /// rewritten in the cells it stays in.
    public mutating func move(_ id: UInt64, from old: Rect, to new: Rect) {
        let oldIndexed = Self.isIndexable(old), newIndexed = Self.isIndexable(new)
        guard oldIndexed, newIndexed else {
            remove(id, frame: old)
            insert(id, frame: new)
            return
        }
        let before = span(of: old), after = span(of: new)
        guard self.entry(old, before, id) != nil, let entry = self.entry(new, after, id) else {
            remove(id, frame: old)
            insert(id, frame: new)
            return
        }
        let known = places.isEmpty ? nil : places[id]
        let guesses = known ?? SIMD4(repeating: Self.unknown)
        var found = SIMD4(repeating: Self.unknown)
        var scanned = 0
        for row in before.rows {
            for column in before.columns {
                let guess = guesses[safe: before.offset(column, row)]
                if after.contains(column, row) {
                    let at = cells.replace(entry, column, row, guess: guess, scanned: &scanned)
                    let k = after.offset(column, row)
                    if k < 4 { found[k] = at }
                } else {
                    removeEntry(id, column, row, guess: guess, scanned: &scanned)
                }
            }
        }
        for row in after.rows {
            for column in after.columns where !before.contains(column, row) {
                let at = cells.append(entry, column, row)
                let k = after.offset(column, row)
                if k < 4 { found[k] = at }
            }
        }
        // A drag in place rewrites entries where they were: nothing to remember anew.
        if known.map({ $0 != found }) ?? (scanned > Self.crowdedCell) { remember(id, found) }
    }

    /// Finds where the entries of items about to move sit in crowded cells,
    /// one sweep of each cell for them all, and remembers it (`places`), so
    /// their moves need no search: the first step of a drag of 1,000 cards
    /// in a dense blob searched its cells of thousands once per card, three
    /// times the cost of a later step (issue 20). Items whose places are
    /// known, and cells of `crowdedCell` entries or fewer, are left alone.
    /// - Parameter moving: the items' ids and their frames now (as indexed).
    /// - Complexity: O(moving + entries of the crowded cells they are in).
    public mutating func learnPlaces(of moving: [(id: UInt64, frame: Rect)]) {
        var wanted: [UInt64: Span] = [:]
        var filter = [UInt64](repeating: 0, count: 1024)  // 65,536 bits on the ids' low bits, before a hash
        var cellKeys = Set<Int64>()
        for (id, frame) in moving where Self.isIndexable(frame) && places[id] == nil {
            let span = span(of: frame)
            guard !isOversized(span), wanted.count < Self.placeLimit else { continue }
            wanted[id] = span
            filter[Int(id >> 6) & 1023] |= 1 << (id & 63)
            for row in span.rows {
                for column in span.columns where span.offset(column, row) < 4 { cellKeys.insert(Self.key(column, row)) }
            }
        }
        guard !wanted.isEmpty else { return }
        var learned: [UInt64: SIMD4<UInt32>] = [:]
        for key in cellKeys {
            let column = Int(key >> 32), row = Int(Int32(truncatingIfNeeded: key))
            cells.forEachCell(row: row, columns: column...column) { _, entries in
                guard entries.count > Self.crowdedCell else { return }
                for at in entries.indices {
                    let id = entries[at].id
                    guard filter[Int(id >> 6) & 1023] & (1 << (id & 63)) != 0, let span = wanted[id] else { continue }
                    // The cell may be another item's first four and past this one's.
                    let k = span.offset(column, row)
                    guard k < 4 else { continue }
                    learned[id, default: SIMD4(repeating: Self.unknown)][k] = UInt32(truncatingIfNeeded: at)
                }
            }
        }
        for (id, lanes) in learned { remember(id, lanes) }
    }

    /// The ids of the items whose frames (from `frame`, read only for the
    /// oversized list) strictly intersect `rect`, each once, in no particular order.
    public func query(_ rect: Rect, frame: (UInt64) -> Rect) -> [UInt64] {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return [] }
        var found: [UInt64] = []
        for id in oversized where frame(id).intersects(rect) { found.append(id) }
        forEachHit(rect, frame: frame) { found.append($0) }
        return found
    }

    /// `query(_:frame:)` for an engine: the positions of the items found,
    /// ascending, where `position` maps an id to its place in `frames`.
    /// One lookup per item found, and the positions sorted as the static
    /// index sorts its results (`sortIndices`).
    public func positions(in rect: Rect, frames: [Rect], position: (UInt64) -> Int) -> [Int] {
        positions(in: rect, frame: { frames[position($0)] }, position: position)
    }

    /// `positions(in:frames:position:)` with the caller's frames read by
    /// id, for frames kept in another numbering than the answer's (read
    /// only for the oversized list and near the rectangle's edges).
    public func positions(in rect: Rect, frame: (UInt64) -> Rect, position: (UInt64) -> Int) -> [Int] {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return [] }
        var found: [Int] = []
        found.reserveCapacity(64)
        for id in oversized where frame(id).intersects(rect) { found.append(position(id)) }
        forEachHit(rect, frame: frame) { found.append(position($0)) }
        found.withUnsafeMutableBufferPointer { sortRuns($0) }
        return found
    }

    /// `query(_:frame:)` into a caller's buffer: the ids found, in no
    /// particular order, written to `out` while they fit; returns how many
    /// there are either way (past `capacity`, `out` holds some of them).
    /// Nothing is allocated: the C ABI's query works in the caller's buffer.
    public func ids(in rect: Rect, frame: (UInt64) -> Rect, into out: UnsafeMutablePointer<UInt64>, capacity: Int) -> Int {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return 0 }
        var found = 0
        for id in oversized where frame(id).intersects(rect) {
            if found < capacity { out[found] = id }
            found += 1
        }
        forEachHit(rect, frame: frame) { id in
            if found < capacity { out[found] = id }
            found += 1
        }
        return found
    }

    /// Calls `body` with the id of each celled item (not the oversized ones)
    /// whose frame strictly intersects `rect`, once each. The entries' Float32
    /// boxes decide (`QueryEdges`) but within a hair of the rectangle's
    /// edges, where `frame` gives the item's own frame.
    ///
    /// A cell strictly inside the rectangle's span (neither its first nor
    /// its last column or row) needs no overlap test: an item in column c
    /// has slot(maxX · scale) ≥ c > slot(rect.minX · scale), and `slot` is a
    /// monotone floor of a monotone product, so maxX > rect.minX, and
    /// likewise on the other three sides. Only the test that reports an
    /// item once is left there, and on clustered data about half the cells
    /// a screen spans are such cells. That test reads the entry's edge,
    /// which lies in the frame's column and row (`entry(_:_:_:)`).
    @inline(__always)
    func forEachHit(_ rect: Rect, frame: (UInt64) -> Rect, _ body: (UInt64) -> Void) {
        let edges = QueryEdges(rect)
        // Locals, so the closures below capture two numbers, not a copy of the index.
        let scaleX = self.scaleX, scaleY = self.scaleY
        @inline(__always) func meets(_ entry: CellEntry) -> Bool { edges.meets(entry, rect, frame) }
        let span = span(of: rect)
        if span.cellCount > cells.occupied {
            // A rectangle wider than the occupied cells: walk the cells
            // instead, each item reported from its first cell.
            cells.forEachOccupied { column, row, entries in
                for entry in entries where meets(entry) {
                    if Self.slot(Double(entry.minX) * scaleX) == column && Self.slot(Double(entry.minY) * scaleY) == row { body(entry.id) }
                }
            }
            return
        }
        let lastRow = span.rows.upperBound, lastColumn = span.columns.upperBound
        for row in span.rows {
            let firstRow = row == span.rows.lowerBound
            let innerRow = !firstRow && row != lastRow
            cells.forEachCell(row: row, columns: span.columns) { column, entries in
                let firstColumn = column == span.columns.lowerBound
                if innerRow && !firstColumn && column != lastColumn {
                    // Inside on both axes (see above): every entry meets the
                    // rectangle, and neither edge is the clamped one.
                    let left = Double(column), top = Double(row)
                    for entry in entries where Double(entry.minX) * scaleX >= left && Double(entry.minY) * scaleY >= top { body(entry.id) }
                    return
                }
                if firstColumn && firstRow {
                    for entry in entries where meets(entry) { body(entry.id) }
                    return
                }
                // An item spanning several cells is reported from one: the
                // first of its cells inside the rectangle's span. It is in
                // this cell, so its first column is at most this one, and is
                // this one exactly when its edge scales to at least the
                // column (`slot` is a floor); the clamped edge cell holds
                // everything beyond it, so there any edge counts.
                let left = firstColumn || column <= -Int(Self.slotLimit) ? -Double.infinity : Double(column)
                let top = firstRow || row <= -Int(Self.slotLimit) ? -Double.infinity : Double(row)
                for entry in entries where meets(entry) {
                    if Double(entry.minX) * scaleX >= left && Double(entry.minY) * scaleY >= top { body(entry.id) }
                }
            }
        }
    }

    /// How many (item, cell) entries the cells hold: for tests and memory accounting.
    public var entryCount: Int {
        var total = oversized.count
        cells.forEachOccupied { _, _, entries in total += entries.count }
        return total
    }

    /// The cells, as sorted (key, sorted ids) pairs, so tests can compare an
    /// edited index with a rebuilt one cell for cell.
    public var canonicalCells: [Int64: [UInt64]] { cells.canonical }

    /// The cells with their stored boxes, sorted by id in each: an edited
    /// index must hold the boxes a rebuild would.
    var canonicalEntries: [Int64: [CellEntry]] { cells.canonicalEntries }
}

/// An item in a cell: its box in Float32 and its id, 24 bytes (40 with
/// Double edges: a viewport query is mostly cache misses, so the smaller
/// entry reads fewer lines; issue 20). Each edge is less than a Float32 step
/// from the frame's (`Rect`'s `x`, `maxX`…) and in the same column or row
/// of cells (`EditableIndex.entry(_:_:_:)`), so the cells an entry is in
/// and the cell it is reported from follow from the entry alone.
struct CellEntry: Sendable, Equatable {
    var minX: Float
    var minY: Float
    var maxX: Float
    var maxY: Float
    var id: UInt64
}

/// A query rectangle's edges as Float32 thresholds for `CellEntry` boxes:
/// an entry certainly meets the rectangle (strictly, as `Rect.intersects`),
/// certainly misses it, or has an edge too near one of the rectangle's for
/// its Float32 box to tell, when the frame decides.
///
/// An entry's edge e and the frame's x differ by less than a Float32 step
/// at x, which is at most 2^-22 · |x|; for |x| under twice the largest
/// magnitude m among the rectangle's edges that is at most `slack` =
/// 2^-21 · m (twice what is needed), and past it the order of x and the
/// rectangle's edge is the order of e and the edge. So e < X1 − slack means
/// x < X1, e ≥ X1 + slack means x ≥ X1, and so on for the other sides; the
/// thresholds are those bounds rounded to Float32 in the direction that
/// keeps each comparison the same.
struct QueryEdges {
    enum Verdict { case inside, outside, near }
    /// (minX, minY, −maxX, −maxY) of a box is below these on every lane: inside.
    let inside: SIMD4<Float>
    /// At or above these on some lane: outside.
    let outside: SIMD4<Float>

    init(_ rect: Rect) {
        let x0 = rect.x, y0 = rect.y, x1 = rect.x + rect.width, y1 = rect.y + rect.height
        let m = Swift.max(Swift.max(abs(x0), abs(x1)), Swift.max(abs(y0), abs(y1)))
        let slack = Swift.max(m * 0x1p-21, 0x1p-140)
        inside = SIMD4(Self.up(x1 - slack), Self.up(y1 - slack), -Self.down(x0 + slack), -Self.down(y0 + slack))
        outside = SIMD4(Self.up(x1 + slack), Self.up(y1 + slack), -Self.down(x0 - slack), -Self.down(y0 - slack))
    }

    /// The least Float32 at or above `t`: for a Float32 e, e < up(t) ⟺ e < t and e ≥ up(t) ⟺ e ≥ t.
    static func up(_ t: Double) -> Float {
        let f = Float(t)
        return Double(f) < t ? f.nextUp : f
    }

    /// The greatest Float32 at or below `t`: e > down(t) ⟺ e > t and e ≤ down(t) ⟺ e ≤ t.
    static func down(_ t: Double) -> Float {
        let f = Float(t)
        return Double(f) > t ? f.nextDown : f
    }

    @inline(__always)
    func classify(_ entry: CellEntry) -> Verdict {
        let box = SIMD4<Float>(entry.minX, entry.minY, -entry.maxX, -entry.maxY)
        if all(box .< inside) { return .inside }
        if any(box .>= outside) { return .outside }
        return .near
    }

    /// Whether `entry`'s item meets `rect` (these edges' rectangle), its
    /// frame read only when the box cannot tell.
    @inline(__always)
    func meets(_ entry: CellEntry, _ rect: Rect, _ frame: (UInt64) -> Rect) -> Bool {
        switch classify(entry) {
        case .inside: return true
        case .outside: return false
        case .near: return frame(entry.id).intersects(rect)
        }
    }
}

extension SIMD4 where Scalar == UInt32 {
    /// The lane at `k`, or `EditableIndex.unknown` past the fourth.
    @inline(__always)
    subscript(safe k: Int) -> UInt32 { k < 4 ? self[k] : EditableIndex.unknown }
}

/// The cells' entries in stored order, by key, and each id's box: for
/// tests that check `EditableIndex.places` against where entries are.
struct CellEntriesByKey {
    var entries: [Int64: [CellEntry]] = [:]
    var boxes: [UInt64: CellEntry] = [:]
    func box(of id: UInt64) -> CellEntry? { boxes[id] }
}

extension EditableIndex {
    var canonicalCellEntries: CellEntriesByKey {
        var result = CellEntriesByKey()
        cells.forEachOccupied { column, row, entries in
            result.entries[Self.key(column, row)] = Array(entries)
            for entry in entries { result.boxes[entry.id] = entry }
        }
        return result
    }
}
