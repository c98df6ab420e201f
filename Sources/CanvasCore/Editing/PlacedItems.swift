/// Items at positions in data order, for the edits that insert or remove
/// many at once (a selection's delete, a paste, a reorder) and their undo:
/// the positions are ascending and each is where its item stands in the
/// list that holds them, so removing them and inserting them back are exact
/// inverses, and either is one pass over the arrays however many there are.
struct PlacedItems: Hashable, Sendable {
    /// Ascending, distinct.
    var positions: [Int]
    var ids: [UInt64]
    var frames: [Rect]

    var count: Int { positions.count }
}

extension Array {
    /// Removes the elements at `positions` (ascending, distinct) in one
    /// compaction pass, each run between two of them moved once.
    /// O(count − positions.first), not O(count × removed).
    mutating func remove(atSorted positions: [Int]) {
        guard let first = positions.first else { return }
        let oldCount = count
        withUnsafeMutableBufferPointer { buffer in
            var write = first
            for (index, position) in positions.enumerated() {
                let end = index + 1 < positions.count ? positions[index + 1] : oldCount
                Self.moveRun(buffer, from: position + 1, to: write, count: end - position - 1)
                write += end - position - 1
            }
        }
        removeLast(positions.count)
    }

    /// Inserts `values` so that each lands at its position in `positions`
    /// (ascending, distinct, positions in the result) in one pass from the
    /// back, each run between two of them moved once.
    /// O(count − positions.first + inserted).
    mutating func insert(_ values: [Element], atSorted positions: [Int]) {
        guard let filler = values.first else { return }
        let oldCount = count
        appendGrowing(repeating: filler, count: values.count)
        withUnsafeMutableBufferPointer { buffer in
            // The old elements after the last insertion point move up by
            // every insertion, then those before it by one fewer, and so on.
            var end = oldCount
            for index in positions.indices.reversed() {
                let start = positions[index] - index  // old position of the first element after it
                Self.moveRun(buffer, from: start, to: start + index + 1, count: end - start)
                buffer[positions[index]] = values[index]
                end = start
            }
        }
    }

    /// Moves `count` elements from `from` to `to` within `buffer`, the runs
    /// possibly overlapping: a memmove for plain values (frames, ids, sizes).
    @inline(__always)
    private static func moveRun(_ buffer: UnsafeMutableBufferPointer<Element>, from: Int, to: Int, count: Int) {
        guard count > 0, from != to else { return }
        if _isPOD(Element.self), let base = buffer.baseAddress {
            UnsafeMutableRawPointer(base + to).copyMemory(from: UnsafeRawPointer(base + from),
                                                          byteCount: count * MemoryLayout<Element>.stride)
        } else if to < from {
            for offset in 0..<count { buffer.swapAt(to + offset, from + offset) }
        } else {
            for offset in (0..<count).reversed() { buffer.swapAt(to + offset, from + offset) }
        }
    }
}
