/// Cells of an unbounded grid keyed by (row, column), holding a payload
/// each, stored by row: a row's occupied columns are kept sorted, so a
/// rectangle's cells are visited in row-major order at a cost of a binary
/// search per occupied row plus the cells visited, never the empty ones.
/// Rows are hashed, so a cell can be added or dropped without touching
/// other rows (an edit costs the length of one row, not the whole grid).
struct SparseCells<Payload> {
    struct Row {
        var columns: [Int] = []
        var payloads: [Payload] = []
    }

    var rows: [Int: Row] = [:]
    private(set) var cellCount = 0

    /// Columns and rows are clamped to ±2^40: monotone, so absurdly distant
    /// frames share edge cells instead of overflowing.
    static var slotLimit: Double { 1_099_511_627_776 }

    /// ⌊t⌋, clamped to ±2^40 (NaN goes to the low end).
    @inline(__always)
    static func slot(_ t: Double) -> Int {
        if !(t >= -slotLimit) { return -Int(slotLimit) }
        if t >= slotLimit { return Int(slotLimit) }
        return floored(t)
    }

    /// ⌊t⌋ for t within ±2^53, by truncation (exact there), without a call to floor.
    @inline(__always)
    static func floored(_ t: Double) -> Int {
        let truncated = Int(t)
        return Double(truncated) > t ? truncated - 1 : truncated
    }

    func payload(row: Int, column: Int) -> Payload? {
        guard let cells = rows[row], let slot = Self.find(column, in: cells.columns) else { return nil }
        return cells.payloads[slot]
    }

    /// Runs `body` on the payload of (row, column), creating it from
    /// `make` when absent; a payload `body` leaves `isEmpty` is dropped.
    mutating func update<R>(
        row: Int, column: Int, make: () -> Payload, isEmpty: (Payload) -> Bool, _ body: (inout Payload) -> R
    ) -> R {
        // In place: the row is edited where the table holds it, not taken out and put back.
        let (result, delta, rowIsEmpty) = Self.edit(&rows[row, default: Row()], column, make, isEmpty, body)
        cellCount += delta
        if rowIsEmpty { rows[row] = nil }
        return result
    }

    private static func edit<R>(
        _ cells: inout Row, _ column: Int, _ make: () -> Payload, _ isEmpty: (Payload) -> Bool, _ body: (inout Payload) -> R
    ) -> (R, Int, Bool) {
        var delta = 0
        var slot = cells.columns.count
        // Builds append in column order: check the end before searching.
        if let last = cells.columns.last, last < column {
            slot = cells.columns.count
        } else if cells.columns.last != column {
            slot = insertionIndex(of: column, in: cells.columns)
        } else {
            slot = cells.columns.count - 1
        }
        if slot == cells.columns.count || cells.columns[slot] != column {
            cells.columns.insert(column, at: slot)
            cells.payloads.insert(make(), at: slot)
            delta += 1
        }
        let result = body(&cells.payloads[slot])
        if isEmpty(cells.payloads[slot]) {
            cells.columns.remove(at: slot)
            cells.payloads.remove(at: slot)
            delta -= 1
        }
        return (result, delta, cells.columns.isEmpty)
    }

    /// Visits the occupied cells with a row in `rowRange` and a column in
    /// `columnRange`, in row-major order.
    func visit(rows rowRange: ClosedRange<Int>, columns columnRange: ClosedRange<Int>, _ body: (Int, Int, Payload) -> Void) {
        func visitRow(_ row: Int, _ cells: Row) {
            var slot = insertionIndex(of: columnRange.lowerBound, in: cells.columns)
            while slot < cells.columns.count, cells.columns[slot] <= columnRange.upperBound {
                body(row, cells.columns[slot], cells.payloads[slot])
                slot += 1
            }
        }
        // Probe each row of the range, or sort the occupied ones when fewer.
        if rowRange.count <= rows.count {
            for row in rowRange {
                if let cells = rows[row] { visitRow(row, cells) }
            }
        } else {
            for row in rows.keys.filter(rowRange.contains).sorted() { visitRow(row, rows[row]!) }
        }
    }

    /// Every cell, row-major.
    func visitAll(_ body: (Int, Int, Payload) -> Void) {
        for row in rows.keys.sorted() {
            let cells = rows[row]!
            for slot in cells.columns.indices { body(row, cells.columns[slot], cells.payloads[slot]) }
        }
    }

    /// Visits the occupied cells of one row with a column in `columnRange`, in column order.
    @inline(__always)
    func visit(row: Int, columns columnRange: ClosedRange<Int>, _ body: (Int, Payload) -> Void) {
        guard let cells = rows[row] else { return }
        var slot = insertionIndex(of: columnRange.lowerBound, in: cells.columns)
        while slot < cells.columns.count, cells.columns[slot] <= columnRange.upperBound {
            body(cells.columns[slot], cells.payloads[slot])
            slot += 1
        }
    }

    /// The occupied rows in `rowRange`, ascending.
    func occupiedRows(in rowRange: ClosedRange<Int>) -> [Int] {
        if rowRange.count <= rows.count { return rowRange.filter { rows[$0] != nil } }
        return rows.keys.filter(rowRange.contains).sorted()
    }

    /// Rewrites every payload in place (the table's storage is not copied
    /// unless shared).
    mutating func mapPayloads(_ transform: (inout Payload) -> Void) {
        var index = rows.values.startIndex
        while index != rows.values.endIndex {
            for slot in rows.values[index].payloads.indices { transform(&rows.values[index].payloads[slot]) }
            rows.values.formIndex(after: &index)
        }
    }

    /// Appends a whole row, its columns ascending, payloads not empty; the
    /// row must not be occupied yet. For bulk builds: one table insert per row.
    mutating func setRow(_ row: Int, columns: [Int], payloads: [Payload]) {
        guard !columns.isEmpty else { return }
        rows[row] = Row(columns: columns, payloads: payloads)
        cellCount += columns.count
    }

    /// The grid whose cells are 2^dx × 2^dy of this one's (cells merge by
    /// `combine` as ⌊row / 2^dy⌋, ⌊column / 2^dx⌋): one pass over the rows.
    /// A row's columns are sorted, so shifted they stay sorted: one source
    /// row is collapsed in order and two are merged like sorted lists; only
    /// where more rows meet (a coarsening by more than one doubling) are the
    /// cells sorted. Each row is stored at its exact size (issue 20: stable
    /// sorts and arrays grown by doubling were half of building the levels,
    /// and the doubling's spare room stayed in every stored row).
    func coarsened(by dx: Int, _ dy: Int, _ combine: (inout Payload, Payload) -> Void) -> SparseCells {
        var coarser = SparseCells()
        coarser.rows.reserveCapacity(rows.count >> dy + 1)
        // Rows with their cells, in order: no second lookup by key.
        let sorted = rows.sorted { $0.key < $1.key }
        var merged = Row()
        var start = 0
        while start < sorted.count {
            let target = sorted[start].key >> dy
            var end = start + 1
            while end < sorted.count && sorted[end].key >> dy == target { end += 1 }
            merged.columns.removeAll(keepingCapacity: true)
            merged.payloads.removeAll(keepingCapacity: true)
            if end - start <= 2 {
                let row = Self.merged(sorted[start].value, end - start == 2 ? sorted[start + 1].value : Row(), dx, combine)
                coarser.setRow(target, columns: row.columns, payloads: row.payloads)
                start = end
                continue
            } else {
                var pairs: [(Int, Payload)] = []
                for (_, cells) in sorted[start..<end] {
                    for slot in cells.columns.indices { pairs.append((cells.columns[slot] >> dx, cells.payloads[slot])) }
                }
                pairs.sort { $0.0 < $1.0 }
                for (column, payload) in pairs { Self.put(column, payload, into: &merged, combine) }
            }
            coarser.setRow(target, columns: exactCopy(merged.columns), payloads: exactCopy(merged.payloads))
            start = end
        }
        return coarser
    }

    /// Rows `a` and `b` (columns ascending) as one, columns shifted right by
    /// `dx`, cells of one column merged by `combine` (`a`'s first): counted
    /// first, then written once into arrays of that size (appending, then
    /// copying to an exact size, wrote every payload twice).
    private static func merged(_ a: Row, _ b: Row, _ dx: Int, _ combine: (inout Payload, Payload) -> Void) -> Row {
        a.columns.withUnsafeBufferPointer { ac in
            b.columns.withUnsafeBufferPointer { bc in
                a.payloads.withUnsafeBufferPointer { ap in
                    b.payloads.withUnsafeBufferPointer { bp in
                        // Ties take the upper row first, as a stable sort by column would.
                        @inline(__always) func takesA(_ i: Int, _ j: Int) -> Bool {
                            j == bc.count || (i < ac.count && ac[i] >> dx <= bc[j] >> dx)
                        }
                        var count = 0, last = 0, i = 0, j = 0
                        while i < ac.count || j < bc.count {
                            let column: Int
                            if takesA(i, j) { column = ac[i] >> dx; i += 1 } else { column = bc[j] >> dx; j += 1 }
                            if count == 0 || column != last { count += 1 }
                            last = column
                        }
                        var columns = [Int](repeating: 0, count: count)
                        let payloads = [Payload](uninitializedCapacity: count) { buffer, initialized in
                            var slot = -1
                            i = 0
                            j = 0
                            while i < ac.count || j < bc.count {
                                let column: Int, payload: Payload
                                if takesA(i, j) {
                                    (column, payload) = (ac[i] >> dx, ap[i])
                                    i += 1
                                } else {
                                    (column, payload) = (bc[j] >> dx, bp[j])
                                    j += 1
                                }
                                if slot >= 0 && columns[slot] == column {
                                    combine(&buffer[slot], payload)
                                } else {
                                    slot += 1
                                    columns[slot] = column
                                    (buffer.baseAddress! + slot).initialize(to: payload)
                                }
                            }
                            initialized = slot + 1
                        }
                        return Row(columns: columns, payloads: payloads)
                    }
                }
            }
        }
    }

    /// Appends a cell to a row in column order, merging it into the last
    /// one when it has the same column. (A static function: a nested one
    /// capturing the row made every access a checked one.)
    @inline(__always)
    private static func put(_ column: Int, _ payload: Payload, into row: inout Row, _ combine: (inout Payload, Payload) -> Void) {
        if let last = row.columns.last, last == column {
            combine(&row.payloads[row.payloads.count - 1], payload)
        } else {
            row.columns.append(column)
            row.payloads.append(payload)
        }
    }

    static func find(_ column: Int, in columns: [Int]) -> Int? {
        let slot = insertionIndex(of: column, in: columns)
        return slot < columns.count && columns[slot] == column ? slot : nil
    }
}

extension SparseCells: Sendable where Payload: Sendable {}
extension SparseCells.Row: Sendable where Payload: Sendable {}
extension SparseCells: Equatable where Payload: Equatable {}
extension SparseCells.Row: Equatable where Payload: Equatable {}
extension SparseCells: Hashable where Payload: Hashable {}
extension SparseCells.Row: Hashable where Payload: Hashable {}

/// A copy of `array` in storage of its own count (an array grown by
/// appending keeps up to twice the room it needs; stored rows should not).
func exactCopy<Element>(_ array: [Element]) -> [Element] {
    Array(uninitializedCapacity: array.count) { buffer, count in
        _ = buffer.initialize(from: array)
        count = array.count
    }
}

/// Where `value` goes in ascending `sorted`: the first position whose value
/// is not below it (`sorted.count` when all are). Binary search.
func insertionIndex<Value: Comparable>(of value: Value, in sorted: [Value]) -> Int {
    var low = 0, high = sorted.count
    while low < high {
        let middle = (low + high) / 2
        if sorted[middle] < value { low = middle + 1 } else { high = middle }
    }
    return low
}
