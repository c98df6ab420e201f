/// A column of 64-bit ids stored in 4 bytes each while every id fits in 32
/// bits (a host's usual numbering of a million cards), and in 8 from the
/// first one that does not: the link table's sources and targets, and its
/// ids when the id map needs them.
struct IDColumn: Sendable {
    private var narrow: [UInt32] = []
    private var wide: [UInt64] = []
    /// Whether the ids live in `wide` (set once, never cleared).
    private var isWide = false

    init() {}

    init<S: Sequence>(_ values: S) where S.Element == UInt64 {
        narrow.reserveCapacity(values.underestimatedCount)  // no doubling's slack
        for value in values { append(value) }
    }

    var count: Int { isWide ? wide.count : narrow.count }

    @inline(__always)
    subscript(position: Int) -> UInt64 { isWide ? wide[position] : UInt64(narrow[position]) }

    mutating func append(_ value: UInt64) {
        if !isWide {
            if let small = UInt32(exactly: value) { narrow.append(small); return }
            wide = narrow.map(UInt64.init)
            wide.reserveCapacity(narrow.capacity)
            narrow = []
            isWide = true
        }
        wide.append(value)
    }

    mutating func reserveCapacity(_ capacity: Int) {
        if isWide { wide.reserveCapacity(capacity) } else { narrow.reserveCapacity(capacity) }
    }

    /// Bytes the column holds.
    var byteCount: Int { narrow.capacity * 4 + wide.capacity * 8 }
}
