/// The data order of items that keep stable slots: a sequence of slot
/// numbers kept in blocks of at most `blockLimit`, so that inserting or
/// removing anywhere shifts one block instead of every array behind the
/// position (issue 20).
///
/// - position → slot: a binary search over the blocks' starts, then the block.
/// - slot → position: the slot's block and its offset in it, both stored
///   per slot (an edit rewrites the offsets of the one block it shifts).
///
/// Blocks have stable numbers of their own (`blockOf` names them), so a
/// split or a dropped empty block renumbers nothing but the moved slots.
struct SlotOrder: Sendable {
    /// A block splits past this many slots. Small enough that 1,000
    /// scattered edits at a million items touch a quarter of the slots, not
    /// all of them; large enough that the per-edit pass over the blocks'
    /// starts (about 4,000 at a million) stays a few microseconds.
    static let blockLimit = 512
    /// How full blocks start (and what a split leaves), so edits have room.
    static let blockFill = 256

    /// By block number: its slots, in data order.
    private var blocks: [[Int32]] = []
    /// Block numbers in data order.
    private var sequence: [Int32] = []
    /// By block number: the position of its first slot (kept for blocks in `sequence`).
    private var starts: [Int] = []
    /// Block numbers not in use.
    private var spareBlocks: [Int32] = []
    /// By slot: its block number, or -1 for a slot that holds no item.
    private var blockOf: [Int32] = []
    /// By slot: its index in its block.
    private var offsetOf: [UInt16] = []

    /// How many slots stand in the order.
    private(set) var count = 0

    /// Slots 0..<count in that order (the first edit that leaves the slots'
    /// own order builds it: flat writes, no per-slot calls).
    init(identity count: Int) {
        self.count = count
        // With room for new slots: the first insert then copies neither.
        blockOf = .large(count: count, room: [Int32].roomToGrow(count)) { buffer in
            for slot in 0..<count { buffer[slot] = Int32(truncatingIfNeeded: slot / Self.blockFill) }
        }
        offsetOf = .large(count: count, room: [UInt16].roomToGrow(count)) { buffer in
            for slot in 0..<count { buffer[slot] = UInt16(truncatingIfNeeded: slot % Self.blockFill) }
        }
        var start = 0
        repeat {
            let end = Swift.min(count, start + Self.blockFill)
            sequence.append(Int32(blocks.count))
            blocks.append([Int32](unsafeUninitializedCapacity: end - start) { buffer, initialized in
                for offset in 0..<(end - start) { buffer[offset] = Int32(truncatingIfNeeded: start + offset) }
                initialized = end - start
            })
            starts.append(start)
            start = end
        } while start < count
    }

    /// How many slot numbers have been handed out (live or not).
    var slotCapacity: Int { blockOf.count }

    /// Whether `slot` holds an item in the order.
    func contains(_ slot: Int) -> Bool { slot >= 0 && slot < blockOf.count && blockOf[slot] >= 0 }

    /// The position of `slot`, or nil when it holds no item. O(1).
    func position(of slot: Int) -> Int? {
        guard slot >= 0 && slot < blockOf.count else { return nil }
        let block = blockOf[slot]
        guard block >= 0 else { return nil }
        return starts[Int(block)] + Int(offsetOf[slot])
    }

    /// The slot at `position` (0..<count). O(log blocks).
    func slot(at position: Int) -> Int {
        precondition(position >= 0 && position < count, "position out of range")
        let (rank, start) = rank(holding: position)
        return Int(blocks[Int(sequence[rank])][position - start])
    }

    /// The rank (index in `sequence`) of the block holding `position`, and its start.
    private func rank(holding position: Int) -> (Int, Int) {
        sequence.withUnsafeBufferPointer { sequence in
            starts.withUnsafeBufferPointer { starts in
                var low = 0, high = sequence.count - 1
                while low < high {
                    let middle = (low + high + 1) / 2
                    if starts[Int(sequence[middle])] <= position { low = middle } else { high = middle - 1 }
                }
                return (low, starts[Int(sequence[low])])
            }
        }
    }

    /// The slots at `positions` (each in 0..<count): one search per block
    /// the positions enter, so ascending positions cost a walk, not a search each.
    func slots(at positions: [Int]) -> [Int] {
        var found: [Int] = []
        found.reserveCapacity(positions.count)
        var start = 0, end = 0
        var block: [Int32] = []
        for position in positions {
            if position < start || position >= end {
                precondition(position >= 0 && position < count, "position out of range")
                let (rank, first) = rank(holding: position)
                block = blocks[Int(sequence[rank])]
                start = first
                end = first + block.count
            }
            found.append(Int(block[position - start]))
        }
        return found
    }

    /// Calls `body` with every slot in data order.
    func forEach(_ body: (Int) -> Void) {
        for number in sequence {
            for slot in blocks[Int(number)] { body(Int(slot)) }
        }
    }

    /// The slots in data order.
    var slots: [Int] {
        var all: [Int] = []
        all.reserveCapacity(count)
        forEach { all.append($0) }
        return all
    }

    /// Removes the items at `positions` (ascending, distinct); returns their
    /// slots, which no longer hold an item. O(k log blocks + touched blocks × blockLimit + blocks).
    @discardableResult
    mutating func remove(atSorted positions: [Int]) -> [Int] {
        guard !positions.isEmpty else { return [] }
        var removed: [Int] = []
        removed.reserveCapacity(positions.count)
        var next = 0
        // Blocks before the first touched keep their starts: renumber from it.
        let (firstRank, firstStart) = rank(holding: positions[0])
        var emptied = false
        while next < positions.count {
            let (rank, start) = rank(holding: positions[next])
            let number = Int(sequence[rank])
            let end = start + blocks[number].count
            var offsets: [Int] = []
            while next < positions.count && positions[next] < end {
                offsets.append(positions[next] - start)
                next += 1
            }
            var block = blocks[number]
            blocks[number] = []  // edited alone, not copied
            var write = offsets[0], skip = 0
            blockOf.withUnsafeMutableBufferPointer { blockOf in
                offsetOf.withUnsafeMutableBufferPointer { offsetOf in
                    block.withUnsafeMutableBufferPointer { block in
                        for read in offsets[0]..<block.count {
                            let slot = block[read]
                            if skip < offsets.count && offsets[skip] == read {
                                removed.append(Int(slot))
                                blockOf[Int(slot)] = -1
                                skip += 1
                            } else {
                                block[write] = slot
                                offsetOf[Int(slot)] = UInt16(truncatingIfNeeded: write)
                                write += 1
                            }
                        }
                    }
                }
            }
            block.removeLast(block.count - write)
            emptied = emptied || block.isEmpty
            blocks[number] = block
        }
        count -= positions.count
        if emptied { dropEmptyBlocks() }
        // Whatever block now stands at the first touched rank starts where it did.
        if firstRank < sequence.count { renumberStarts(from: firstRank, start: firstStart) }
        return removed
    }

    /// Inserts `slots` (each holding no item yet, below `slotCapacity` or
    /// new) so each lands at its position in `positions` (ascending,
    /// distinct, positions in the result).
    mutating func insert(_ slots: [Int], atSorted positions: [Int]) {
        guard !slots.isEmpty else { return }
        if let highest = slots.max(), highest >= blockOf.count {
            let grow = highest + 1 - blockOf.count
            blockOf.appendGrowing(repeating: -1, count: grow)
            offsetOf.appendGrowing(repeating: 0, count: grow)
        }
        var touched: [Int] = []
        let oldCount = count
        var next = 0
        // Blocks before the first touched keep their starts: renumber from it.
        let (firstRank, firstStart) = rank(holding: Swift.max(0, Swift.min(positions[0], oldCount - 1)))
        // Found in the numbering before the insertion (`starts` stay as they
        // were until the end): item j goes before the old item at
        // positions[j] − j, or at the end when that is the old count.
        while next < slots.count {
            let (rank, oldStart) = rank(holding: Swift.max(0, Swift.min(positions[next] - next, oldCount - 1)))
            let number = Int(sequence[rank])
            let isLast = rank == sequence.count - 1
            var block = blocks[number]
            blocks[number] = []  // edited alone, not copied
            let oldEnd = oldStart + block.count
            // In the result this block starts after every insertion before it.
            let newStart = oldStart + next
            var group: [(offset: Int, slot: Int32)] = []
            while next < slots.count && (isLast || positions[next] - next < oldEnd) {
                group.append((positions[next] - newStart, Int32(slots[next])))
                next += 1
            }
            var merged: [Int32] = []
            merged.reserveCapacity(block.count + group.count)
            var g = 0, read = 0
            for offset in 0..<(block.count + group.count) {
                if g < group.count && group[g].offset == offset {
                    merged.append(group[g].slot)
                    g += 1
                } else {
                    merged.append(block[read])
                    read += 1
                }
            }
            block = merged
            blockOf.withUnsafeMutableBufferPointer { blockOf in
                offsetOf.withUnsafeMutableBufferPointer { offsetOf in
                    for (offset, slot) in block.enumerated() {
                        blockOf[Int(slot)] = Int32(number)
                        offsetOf[Int(slot)] = UInt16(truncatingIfNeeded: offset)
                    }
                }
            }
            blocks[number] = block
            if block.count > Self.blockLimit { touched.append(number) }
        }
        count += slots.count
        for number in touched { split(number) }
        renumberStarts(from: firstRank, start: firstStart)
    }

    /// Splits an oversized block into blocks of `blockFill`, in place in the sequence.
    private mutating func split(_ number: Int) {
        let block = blocks[number]
        guard let rank = sequence.firstIndex(of: Int32(number)) else { return }
        blocks[number] = Array(block[0..<Self.blockFill])
        var added: [Int32] = []
        var start = Self.blockFill
        while start < block.count {
            let end = Swift.min(block.count, start + Self.blockFill)
            let fresh: Int32
            if let spare = spareBlocks.popLast() {
                fresh = spare
                blocks[Int(fresh)] = Array(block[start..<end])
            } else {
                fresh = Int32(blocks.count)
                blocks.append(Array(block[start..<end]))
                starts.append(0)
            }
            for offset in start..<end {
                blockOf[Int(block[offset])] = fresh
                offsetOf[Int(block[offset])] = UInt16(offset - start)
            }
            added.append(fresh)
            start = end
        }
        sequence.insert(contentsOf: added, at: rank + 1)
    }

    /// Takes blocks left empty out of the sequence (one always stays).
    private mutating func dropEmptyBlocks() {
        guard sequence.contains(where: { blocks[Int($0)].isEmpty }) else { return }
        var kept: [Int32] = []
        for number in sequence {
            if blocks[Int(number)].isEmpty { spareBlocks.append(number) } else { kept.append(number) }
        }
        if kept.isEmpty, let first = sequence.first {
            kept = [first]
            spareBlocks.removeAll { $0 == first }
        }
        sequence = kept
    }

    /// The starts again, from the block at `rank` on, which starts at
    /// `start`. O(blocks after it).
    private mutating func renumberStarts(from rank: Int, start first: Int) {
        var start = first
        for index in rank..<sequence.count {
            let number = Int(sequence[index])
            starts[number] = start
            start += blocks[number].count
        }
    }
}

extension SlotOrder: Equatable {
    /// Equal when they hold the same slots in the same order.
    static func == (lhs: SlotOrder, rhs: SlotOrder) -> Bool {
        lhs.count == rhs.count && lhs.slots == rhs.slots
    }
}
