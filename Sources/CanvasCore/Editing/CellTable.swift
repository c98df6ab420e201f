/// The cells of an `EditableIndex`: a flat row-major table over a window of
/// columns and rows (the frames' bounds when the index was built), and a
/// dictionary for cells outside it, so the usual lookup is an array index
/// rather than a hash.
///
/// The flat table's entries all live in one store, each cell owning a room
/// of it (a start, a count and a capacity). The bulk build packs the rooms
/// row by row with no slack, so the cells a query reads along a row are one
/// run of memory, and a cell costs no allocation, no header and no pointer
/// to chase (issue 20: a cold viewport query was mostly cache misses, and
/// a cell per allocation put a dependent load and a separate stretch of
/// memory before every cell's entries). A cell that outgrows its room moves
/// to the end of the store with twice the room, leaving its old room
/// unused; what is left behind per cell is less than its room now (the
/// rooms double), so the store stays within twice the rooms in use and
/// nothing ever has to be compacted in the middle of an edit.
struct CellTable: Sendable {
    /// A cell's part of the store: `store[start ..< start + count]` holds
    /// its entries, `capacity` entries from `start` are its own.
    struct Room: Sendable {
        var start: UInt32 = 0
        var count: UInt32 = 0
        var capacity: UInt32 = 0
    }

    private var columns: ClosedRange<Int> = 0...0
    private var rows: ClosedRange<Int> = 0...0
    private var width = 0
    private var rooms: [Room] = []
    private var store: [CellEntry] = []
    private var sparse: [Int64: [CellEntry]] = [:]
    /// Cells holding at least one entry.
    private(set) var occupied = 0

    /// What fills a room's unused places (never read as an entry).
    private static let filler = CellEntry(minX: 0, minY: 0, maxX: 0, maxY: 0, id: 0)
    /// The smallest room a cell moves to.
    private static let minimumRoom: UInt32 = 4

    init() {}

    init(columns: ClosedRange<Int>, rows: ClosedRange<Int>) {
        self.columns = columns
        self.rows = rows
        width = columns.count
        rooms = [Room](repeating: Room(), count: columns.count * rows.count)
    }

    @inline(__always)
    private func slot(_ column: Int, _ row: Int) -> Int? {
        guard !rooms.isEmpty, columns.contains(column), rows.contains(row) else { return nil }
        return (row - rows.lowerBound) * width + (column - columns.lowerBound)
    }

    /// The flat table's cells (0 without one).
    var slotCount: Int { rooms.count }

    /// `column`, `row`'s place in the flat table, or nil outside it.
    func denseSlot(_ column: Int, _ row: Int) -> Int? { slot(column, row) }

    /// Gives each empty cell of the flat table a room of exactly
    /// `counts[slot]` entries, in slot order (row-major), so a row's cells
    /// lie one after another in the store. Room is kept beyond them for
    /// cells that edits make outgrow theirs (untouched memory until used).
    mutating func reserve(_ counts: [Int32]) {
        precondition(counts.count == rooms.count)
        var total = store.count
        for slot in counts.indices where counts[slot] > 0 && rooms[slot].count == 0 {
            rooms[slot].start = UInt32(total)
            rooms[slot].capacity = UInt32(counts[slot])
            total += Int(counts[slot])
        }
        store.reserveCapacity(total + total / 2 + 1024)
        store.append(contentsOf: repeatElement(Self.filler, count: total - store.count))
    }

    /// Calls `body` with each occupied cell of `row` in `columnRange`, its
    /// entries as a buffer (no array is copied or retained per cell).
    @inline(__always)
    func forEachCell(row: Int, columns columnRange: ClosedRange<Int>, _ body: (Int, UnsafeBufferPointer<CellEntry>) -> Void) {
        let low = Swift.max(columnRange.lowerBound, columns.lowerBound)
        let high = Swift.min(columnRange.upperBound, columns.upperBound)
        guard !rooms.isEmpty, rows.contains(row), low <= high else {
            if !sparse.isEmpty { visitSparse(row, columnRange, body) }
            return
        }
        // The part of the row inside the flat table, straight from the store.
        let base = (row - rows.lowerBound) * width - columns.lowerBound
        rooms.withUnsafeBufferPointer { rooms in
            store.withUnsafeBufferPointer { store in
                guard let entries = store.baseAddress else { return }
                for column in low...high {
                    let room = rooms[base + column]
                    if room.count > 0 { body(column, UnsafeBufferPointer(start: entries + Int(room.start), count: Int(room.count))) }
                }
            }
        }
        guard !sparse.isEmpty else { return }
        // Columns outside the window, on either side of it.
        if columnRange.lowerBound < low { visitSparse(row, columnRange.lowerBound...(low - 1), body) }
        if high < columnRange.upperBound { visitSparse(row, (high + 1)...columnRange.upperBound, body) }
    }

    private func visitSparse(_ row: Int, _ columnRange: ClosedRange<Int>, _ body: (Int, UnsafeBufferPointer<CellEntry>) -> Void) {
        for column in columnRange {
            sparse[EditableIndex.key(column, row)]?.withUnsafeBufferPointer { body(column, $0) }
        }
    }

    /// Moves a full cell to the end of the store with twice its room.
    private mutating func grow(_ slot: Int) {
        let room = rooms[slot]
        let capacity = Swift.max(Self.minimumRoom, room.capacity &* 2)
        let start = store.count
        store.append(contentsOf: repeatElement(Self.filler, count: Int(capacity)))
        store.withUnsafeMutableBufferPointer { store in
            for k in 0..<Int(room.count) { store[start + k] = store[Int(room.start) + k] }
        }
        rooms[slot] = Room(start: UInt32(start), count: room.count, capacity: capacity)
    }

    /// Appends `entry` to a cell; returns its index there.
    @discardableResult
    mutating func append(_ entry: CellEntry, _ column: Int, _ row: Int) -> UInt32 {
        if let slot = slot(column, row) {
            if rooms[slot].count == rooms[slot].capacity { grow(slot) }
            let room = rooms[slot]
            if room.count == 0 { occupied += 1 }
            store[Int(room.start + room.count)] = entry
            rooms[slot].count = room.count + 1
            return room.count
        }
        let key = EditableIndex.key(column, row)
        if sparse[key] == nil { occupied += 1 }
        sparse[key, default: []].append(entry)
        return UInt32(truncatingIfNeeded: sparse[key]!.count - 1)
    }

    /// The index of `id`'s entry in `entries`: `guess` when it holds the id,
    /// else found by a search.
    @inline(__always)
    private static func find(_ id: UInt64, in entries: UnsafeBufferPointer<CellEntry>, guess: UInt32, scanned: inout Int) -> Int? {
        let at = Int(guess)
        if at < entries.count && entries[at].id == id { return at }
        scanned = Swift.max(scanned, entries.count)
        return entries.firstIndex(where: { $0.id == id })
    }

    /// `find` in a flat-table cell's room.
    @inline(__always)
    private func find(_ id: UInt64, inRoom room: Room, guess: UInt32, scanned: inout Int) -> Int? {
        store.withUnsafeBufferPointer { store in
            guard let base = store.baseAddress else { return nil }
            return Self.find(id, in: UnsafeBufferPointer(start: base + Int(room.start), count: Int(room.count)), guess: guess, scanned: &scanned)
        }
    }

    /// Rewrites the entry with `entry`'s id in a cell, looked for at `guess`
    /// first; returns its index (`EditableIndex.unknown` when absent).
    /// `scanned` grows to the length of a cell searched.
    mutating func replace(_ entry: CellEntry, _ column: Int, _ row: Int, guess: UInt32, scanned: inout Int) -> UInt32 {
        if let slot = slot(column, row) {
            let room = rooms[slot]
            guard let at = find(entry.id, inRoom: room, guess: guess, scanned: &scanned) else { return EditableIndex.unknown }
            store[Int(room.start) + at] = entry
            return UInt32(truncatingIfNeeded: at)
        }
        let key = EditableIndex.key(column, row)
        guard let at = sparse[key]?.withUnsafeBufferPointer({ Self.find(entry.id, in: $0, guess: guess, scanned: &scanned) }) else {
            return EditableIndex.unknown
        }
        sparse[key]![at] = entry
        return UInt32(truncatingIfNeeded: at)
    }

    /// Removes `id` from a cell, looked for at `guess` first, moving the
    /// last entry into its place; returns that entry and its new index when
    /// one moved.
    @discardableResult
    mutating func remove(_ id: UInt64, _ column: Int, _ row: Int, guess: UInt32, scanned: inout Int) -> (CellEntry, Int)? {
        if let slot = slot(column, row) {
            let room = rooms[slot]
            guard let at = find(id, inRoom: room, guess: guess, scanned: &scanned) else { return nil }
            let last = Int(room.count) - 1
            let start = Int(room.start)
            store[start + at] = store[start + last]
            rooms[slot].count = room.count - 1
            if last == 0 { occupied -= 1 }
            return at < last ? (store[start + at], at) : nil
        }
        let key = EditableIndex.key(column, row)
        guard let at = sparse[key]?.withUnsafeBufferPointer({ Self.find(id, in: $0, guess: guess, scanned: &scanned) }) else { return nil }
        if sparse[key]!.count == 1 {
            sparse[key] = nil
            occupied -= 1
            return nil
        }
        let last = sparse[key]!.count - 1
        sparse[key]!.swapAt(at, last)
        sparse[key]!.removeLast()
        return at < last ? (sparse[key]![at], at) : nil
    }

    /// Every occupied cell with its column and row.
    func forEachOccupied(_ body: (Int, Int, UnsafeBufferPointer<CellEntry>) -> Void) {
        if !rooms.isEmpty {
            rooms.withUnsafeBufferPointer { rooms in
                store.withUnsafeBufferPointer { store in
                    guard let entries = store.baseAddress else { return }
                    for slot in rooms.indices where rooms[slot].count > 0 {
                        let column = columns.lowerBound + slot % width, row = rows.lowerBound + slot / width
                        body(column, row, UnsafeBufferPointer(start: entries + Int(rooms[slot].start), count: Int(rooms[slot].count)))
                    }
                }
            }
        }
        for (key, entries) in sparse {
            let column = Int(key >> 32), row = Int(Int32(truncatingIfNeeded: key))
            entries.withUnsafeBufferPointer { body(column, row, $0) }
        }
    }

    /// Entries the store has room for, in use or not: for memory accounting and tests.
    var storeCount: Int { store.count }

    /// Every occupied cell by key, its ids sorted, wherever it is stored.
    var canonical: [Int64: [UInt64]] {
        var result: [Int64: [UInt64]] = [:]
        forEachOccupied { column, row, entries in
            result[EditableIndex.key(column, row)] = entries.map(\.id).sorted()
        }
        return result
    }

    /// Every occupied cell's entries by key, sorted by id: for tests that
    /// check the stored boxes, not only the ids.
    var canonicalEntries: [Int64: [CellEntry]] {
        var result: [Int64: [CellEntry]] = [:]
        forEachOccupied { column, row, entries in
            result[EditableIndex.key(column, row)] = entries.sorted { $0.id < $1.id }
        }
        return result
    }
}
