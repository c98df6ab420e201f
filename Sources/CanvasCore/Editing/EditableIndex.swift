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
/// positions but leaves every id where it is. The caller keeps the frames
/// (this type never copies them) and hands a lookup to each query.
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
    public private(set) var count = 0

    static let oversizedCellLimit = 256
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

    /// The bulk path: indexes `frames` (ids alongside) with cells of four
    /// times the median side, clamped to 64…2048 (see `cellSides(for:)`).
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
            }
        }
        for (position, frame) in frames.enumerated() {
            insert(ids[position], frame: frame)
        }
    }

    /// Four times the median indexable width and height, clamped to 64…2048:
    /// coarser than `SpatialIndex`'s twice, since here each cell is an array
    /// of its own, and a cell costs a query more than an entry does (measured
    /// with `canvas-bench edit` at 1M items: a 10,000-item marquee 1.5 ms at
    /// twice the median, 0.46 ms at four times; 85 against 48 bytes per item).
    static func cellSides(for frames: [Rect]) -> (Double, Double) {
        func side(_ values: [Double]) -> Double {
            guard !values.isEmpty else { return SpatialGrid.minimumCellSide }
            var values = values
            let median = selectValue(atRank: values.count / 2, in: &values)
            return Swift.min(Swift.max(4 * median, SpatialGrid.minimumCellSide), SpatialGrid.maximumCellSide)
        }
        let indexable = frames.filter(Self.isIndexable)
        return (side(indexable.map(\.width)), side(indexable.map(\.height)))
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
    }

    func span(of frame: Rect) -> Span {
        let c0 = Self.slot(frame.x * scaleX), c1 = Self.slot(frame.maxX * scaleX)
        let r0 = Self.slot(frame.y * scaleY), r1 = Self.slot(frame.maxY * scaleY)
        return Span(columns: c0...Swift.max(c0, c1), rows: r0...Swift.max(r0, r1))
    }

    func isOversized(_ span: Span) -> Bool {
        span.columns.count > Self.oversizedCellLimit || span.rows.count > Self.oversizedCellLimit
            || span.cellCount > Self.oversizedCellLimit
    }

    /// Adds `id` at `frame`; a frame that is not indexable is ignored.
    public mutating func insert(_ id: UInt64, frame: Rect) {
        guard Self.isIndexable(frame) else { return }
        count += 1
        let span = span(of: frame)
        if isOversized(span) {
            oversized.append(id)
            return
        }
        for row in span.rows {
            for column in span.columns {
                cells.append(id, column, row)
            }
        }
    }

    /// Removes `id`, which was inserted at `frame`.
    public mutating func remove(_ id: UInt64, frame: Rect) {
        guard Self.isIndexable(frame) else { return }
        count -= 1
        let span = span(of: frame)
        if isOversized(span) {
            if let at = oversized.firstIndex(of: id) { oversized.swapAt(at, oversized.count - 1) }
            oversized.removeLast()
            return
        }
        for row in span.rows {
            for column in span.columns { cells.remove(id, column, row) }
        }
    }

    /// Moves `id` from `old` to `new`, touching only the cells it leaves and enters.
    public mutating func move(_ id: UInt64, from old: Rect, to new: Rect) {
        let oldIndexed = Self.isIndexable(old), newIndexed = Self.isIndexable(new)
        guard oldIndexed, newIndexed else {
            remove(id, frame: old)
            insert(id, frame: new)
            return
        }
        let before = span(of: old), after = span(of: new)
        guard before != after else { return }
        if isOversized(before) || isOversized(after) {
            remove(id, frame: old)
            insert(id, frame: new)
            return
        }
        for row in before.rows {
            for column in before.columns where !after.contains(column, row) {
                cells.remove(id, column, row)
            }
        }
        for row in after.rows {
            for column in after.columns where !before.contains(column, row) {
                cells.append(id, column, row)
            }
        }
    }

    /// The ids of the items whose frames (from `frame`) strictly intersect
    /// `rect`, each once, in no particular order.
    public func query(_ rect: Rect, frame: (UInt64) -> Rect) -> [UInt64] {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return [] }
        var found: [UInt64] = []
        for id in oversized where frame(id).intersects(rect) { found.append(id) }
        let span = span(of: rect)
        if span.cellCount > cells.occupied {
            // A rectangle wider than the occupied cells: walk the cells instead.
            var seen = Set<UInt64>()
            cells.forEachOccupied { ids in
                for id in ids where !seen.contains(id) {
                    seen.insert(id)
                    if frame(id).intersects(rect) { found.append(id) }
                }
            }
            return found
        }
        for row in span.rows {
            for column in span.columns {
                let ids = cells.ids(column, row)
                for id in ids {
                    let itemFrame = frame(id)
                    guard itemFrame.intersects(rect) else { continue }
                    // An item spanning several cells is reported from one:
                    // the first of its cells inside the rectangle's span.
                    let itemSpan = self.span(of: itemFrame)
                    if column == Swift.max(itemSpan.columns.lowerBound, span.columns.lowerBound),
                       row == Swift.max(itemSpan.rows.lowerBound, span.rows.lowerBound) {
                        found.append(id)
                    }
                }
            }
        }
        return found
    }

    /// `query(_:frame:)` for an engine: the positions of the items found,
    /// ascending, where `position` maps an id to its place in `frames`.
    /// One lookup per entry, and the positions sorted as the static index
    /// sorts its results (`sortIndices`).
    public func positions(in rect: Rect, frames: [Rect], position: (UInt64) -> Int) -> [Int] {
        guard count > 0, rect.isFinite, !rect.isEmpty else { return [] }
        var found: [Int] = []
        frames.withUnsafeBufferPointer { frames in
            for id in oversized {
                let at = position(id)
                if frames[at].intersects(rect) { found.append(at) }
            }
            let span = span(of: rect)
            if span.cellCount > cells.occupied {
                var seen = Set<UInt64>()
                cells.forEachOccupied { ids in
                    for id in ids where seen.insert(id).inserted {
                        let at = position(id)
                        if frames[at].intersects(rect) { found.append(at) }
                    }
                }
                return
            }
            for row in span.rows {
                for column in span.columns {
                    let ids = cells.ids(column, row)
                    let firstColumn = column == span.columns.lowerBound, firstRow = row == span.rows.lowerBound
                    for id in ids {
                        let at = position(id)
                        let frame = frames[at]
                        guard frame.intersects(rect) else { continue }
                        // Reported from one cell: the first of its cells inside the span.
                        if !firstColumn && Self.slot(frame.x * scaleX) != column { continue }
                        if !firstRow && Self.slot(frame.y * scaleY) != row { continue }
                        found.append(at)
                    }
                }
            }
        }
        found.withUnsafeMutableBufferPointer { sortIndices($0) }
        return found
    }

    /// How many (item, cell) entries the cells hold: for tests and memory accounting.
    public var entryCount: Int {
        var total = oversized.count
        cells.forEachOccupied { total += $0.count }
        return total
    }

    /// The cells, as sorted (key, sorted ids) pairs, so tests can compare an
    /// edited index with a rebuilt one cell for cell.
    public var canonicalCells: [Int64: [UInt64]] { cells.canonical }
}

/// The cells of an `EditableIndex`: a flat row-major table over a window of
/// columns and rows (the frames' bounds when the index was built), and a
/// dictionary for cells outside it, so the usual lookup is an array index
/// rather than a hash. Empty cells hold an empty array, which allocates nothing.
struct CellTable: Sendable {
    private var columns: ClosedRange<Int> = 0...0
    private var rows: ClosedRange<Int> = 0...0
    private var width = 0
    private var dense: [[UInt64]] = []
    private var sparse: [Int64: [UInt64]] = [:]
    /// Cells holding at least one id.
    private(set) var occupied = 0

    init() {}

    init(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.columns = columns
        self.rows = rows
        width = columns.count
        dense = [[UInt64]](repeating: [], count: columns.count * rows.count)
    }

    @inline(__always)
    private func slot(_ column: Int, _ row: Int) -> Int? {
        guard !dense.isEmpty, columns.contains(column), rows.contains(row) else { return nil }
        return (row - rows.lowerBound) * width + (column - columns.lowerBound)
    }

    /// The ids in a cell (empty when none).
    @inline(__always)
    func ids(_ column: Int, _ row: Int) -> [UInt64] {
        if let slot = slot(column, row) { return dense[slot] }
        return sparse[EditableIndex.key(column, row)] ?? []
    }

    mutating func append(_ id: UInt64, _ column: Int, _ row: Int) {
        if let slot = slot(column, row) {
            if dense[slot].isEmpty { occupied += 1 }
            dense[slot].append(id)
            return
        }
        let key = EditableIndex.key(column, row)
        if sparse[key] == nil { occupied += 1 }
        sparse[key, default: []].append(id)
    }

    /// Removes `id` from a cell (swapping the last into its place).
    mutating func remove(_ id: UInt64, _ column: Int, _ row: Int) {
        if let slot = slot(column, row) {
            guard let at = dense[slot].firstIndex(of: id) else { return }
            dense[slot].swapAt(at, dense[slot].count - 1)
            dense[slot].removeLast()
            if dense[slot].isEmpty { occupied -= 1 }
            return
        }
        let key = EditableIndex.key(column, row)
        guard let at = sparse[key]?.firstIndex(of: id) else { return }
        if sparse[key]!.count == 1 {
            sparse[key] = nil
            occupied -= 1
            return
        }
        sparse[key]!.swapAt(at, sparse[key]!.count - 1)
        sparse[key]!.removeLast()
    }

    func forEachOccupied(_ body: ([UInt64]) -> Void) {
        for ids in dense where !ids.isEmpty { body(ids) }
        for ids in sparse.values { body(ids) }
    }

    /// Every occupied cell by key, its ids sorted, wherever it is stored.
    var canonical: [Int64: [UInt64]] {
        var result: [Int64: [UInt64]] = [:]
        for (key, ids) in sparse { result[key] = ids.sorted() }
        for row in rows where !dense.isEmpty {
            for column in columns {
                let ids = dense[slot(column, row)!]
                if !ids.isEmpty { result[EditableIndex.key(column, row)] = ids.sorted() }
            }
        }
        return result
    }
}
