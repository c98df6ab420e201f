/// The data order of items that keep stable slots: a sequence of slot
/// numbers kept in blocks of at most `blockLimit`, so that inserting or
/// removing anywhere shifts one block instead of every array behind the
/// position (issue 20).
///
/// - position → slot: a binary search over the blocks' starts, then the block.
/// - slot → position: the slot's block and its offset in it, both stored
///   per slot (an insert rewrites the offsets of the one block it shifts).
/// - A removal shifts nothing: it marks the slot's entry in its block as a
///   tombstone (a bit), and positions inside the block count the live
///   entries before an offset. An insert into a block drops its tombstones
///   first. So a removal writes a bit a card, not the block's tail and the
///   slot's entries (issue 20: the first scattered removal of a million
///   cards faulted in most of the per-slot columns).
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

    /// By block number: its slots, in data order; empty for a block still
    /// `plain`.
    private var blocks: [[Int32]] = []
    /// By block number: whether the block is still as the identity made it
    /// (block b holds slots b · blockFill ..< (b + 1) · blockFill, cut at
    /// `identityCount`), its slots not spelled out. The first edit of a
    /// million slots spelled out all 4,000 blocks (issue 20); now an edit
    /// spells out the blocks it touches.
    private var plain: [Bool] = []
    /// Block numbers in data order.
    private var sequence: [Int32] = []
    /// By block number: the position of its first slot (kept for blocks in `sequence`).
    private var starts: [Int] = []
    /// Block numbers not in use.
    private var spareBlocks: [Int32] = []
    /// By slot: 0 while the slot is where the identity put it (block
    /// slot / blockFill below `identityCount`, none above), −1 for a slot
    /// that holds no item, else its block number + 1.
    private var blockOf: ZeroedColumn<Int32>
    /// By slot: 0 while the slot's offset is the identity's (slot %
    /// blockFill), else its index in its block + 1.
    private var offsetOf: ZeroedColumn<UInt16>
    /// How many slots the identity held.
    private let identityCount: Int
    /// By block number, `deadWords` words: bit o of the block's words set
    /// when its entry at offset o is a removed slot (blocks at rest hold at
    /// most `blockLimit` entries).
    private var dead: ZeroedColumn<UInt64>
    /// By block number: how many of its entries are tombstones.
    private var deadCount: [UInt16] = []
    private static let deadWords = blockLimit / 64

    /// How many slots stand in the order.
    private(set) var count = 0

    /// Slots 0..<count in that order, written nowhere: the per-slot
    /// columns read zero and the blocks are `plain` until an edit touches
    /// them.
    init(identity count: Int) {
        self.count = count
        identityCount = count
        // With room for new slots: the first insert then copies neither.
        blockOf = ZeroedColumn(count: count, capacity: [Int32].roomToGrow(count))
        offsetOf = ZeroedColumn(count: count, capacity: [UInt16].roomToGrow(count))
        let numbers = Swift.max(1, (count + Self.blockFill - 1) / Self.blockFill)
        blocks = Array(repeating: [], count: numbers)
        plain = Array(repeating: true, count: numbers)
        dead = ZeroedColumn(count: numbers * Self.deadWords)
        deadCount = Array(repeating: 0, count: numbers)
        sequence = (0..<numbers).map { Int32(truncatingIfNeeded: $0) }
        starts = (0..<numbers).map { $0 * Self.blockFill }
    }

    /// How many slot numbers have been handed out (live or not).
    var slotCapacity: Int { blockOf.count }

    /// The block number of `slot` (in range), or −1 when it holds no item.
    @inline(__always)
    private func block(ofSlot slot: Int) -> Int {
        let stored = Int(blockOf[slot])
        if stored != 0 { return stored < 0 ? -1 : stored - 1 }
        return slot < identityCount ? slot / Self.blockFill : -1
    }

    /// The index of `slot` (holding an item) in its block.
    @inline(__always)
    private func offset(ofSlot slot: Int) -> Int {
        let stored = Int(offsetOf[slot])
        return stored != 0 ? stored - 1 : slot % Self.blockFill
    }

    /// How many entries block `number` holds, tombstones included.
    @inline(__always)
    private func size(of number: Int) -> Int {
        guard plain[number] else { return blocks[number].count }
        return Swift.max(0, Swift.min(identityCount, (number + 1) * Self.blockFill) - number * Self.blockFill)
    }

    /// How many live slots block `number` holds.
    @inline(__always)
    private func live(of number: Int) -> Int { size(of: number) - Int(deadCount[number]) }

    /// Where the tombstone of block `number`'s entry at `offset` is kept:
    /// its word in `dead`, and its bit there.
    @inline(__always)
    private static func tombstone(_ number: Int, _ offset: Int) -> (word: Int, bit: UInt64) {
        (number * deadWords + offset >> 6, 1 << UInt64(offset & 63))
    }

    /// Whether the entry at `offset` of block `number` is a tombstone.
    @inline(__always)
    private func isDead(_ number: Int, _ offset: Int) -> Bool {
        guard deadCount[number] != 0 else { return false }
        let (word, bit) = Self.tombstone(number, offset)
        return dead[word] & bit != 0
    }

    /// The tombstones of block `number` before `offset`.
    private func deadBefore(_ number: Int, _ offset: Int) -> Int {
        guard deadCount[number] != 0 else { return 0 }
        let (last, bit) = Self.tombstone(number, offset)
        var total = (dead[last] & (bit &- 1)).nonzeroBitCount
        for word in (number * Self.deadWords)..<last { total += dead[word].nonzeroBitCount }
        return total
    }

    /// The offset in block `number` of its live entry of rank `rank`.
    private func offset(ofLive rank: Int, in number: Int) -> Int {
        guard deadCount[number] != 0 else { return rank }
        var remaining = rank
        let base = number * Self.deadWords
        let size = size(of: number)
        for word in 0..<Self.deadWords where 64 * word < size {
            let bits = 64 * word + 64 <= size ? ~UInt64(0) : (UInt64(1) << UInt64(size - 64 * word)) &- 1
            var alive = ~dead[base + word] & bits
            let count = alive.nonzeroBitCount
            if remaining < count {
                for _ in 0..<remaining { alive &= alive &- 1 }
                return 64 * word + alive.trailingZeroBitCount
            }
            remaining -= count
        }
        preconditionFailure("rank past the block's live entries")
    }

    /// The slot at `offset` in block `number`.
    @inline(__always)
    private func slot(in number: Int, at offset: Int) -> Int {
        plain[number] ? number * Self.blockFill + offset : Int(blocks[number][offset])
    }

    /// Spells out a `plain` block's slots, before an edit of it.
    private mutating func spellOut(_ number: Int) {
        guard plain[number] else { return }
        let first = number * Self.blockFill
        blocks[number] = (first..<(first + size(of: number))).map { Int32(truncatingIfNeeded: $0) }
        plain[number] = false
    }

    /// Whether `slot` holds an item in the order.
    func contains(_ slot: Int) -> Bool {
        guard slot >= 0 && slot < blockOf.count else { return false }
        let block = block(ofSlot: slot)
        return block >= 0 && !isDead(block, offset(ofSlot: slot))
    }

    /// The position of `slot`, or nil when it holds no item. O(1).
    func position(of slot: Int) -> Int? {
        guard slot >= 0 && slot < blockOf.count else { return nil }
        let block = block(ofSlot: slot)
        guard block >= 0 else { return nil }
        let offset = offset(ofSlot: slot)
        guard !isDead(block, offset) else { return nil }
        return starts[block] + offset - deadBefore(block, offset)
    }

    /// The slot at `position` (0..<count). O(log blocks).
    func slot(at position: Int) -> Int {
        precondition(position >= 0 && position < count, "position out of range")
        let (rank, start) = rank(holding: position)
        let number = Int(sequence[rank])
        return slot(in: number, at: offset(ofLive: position - start, in: number))
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
        var start = 0, end = 0, number = 0
        for position in positions {
            if position < start || position >= end {
                precondition(position >= 0 && position < count, "position out of range")
                let (rank, first) = rank(holding: position)
                number = Int(sequence[rank])
                start = first
                end = first + live(of: number)
            }
            found.append(slot(in: number, at: offset(ofLive: position - start, in: number)))
        }
        return found
    }

    /// Calls `body` with every slot in data order.
    func forEach(_ body: (Int) -> Void) {
        for number in sequence.lazy.map({ Int($0) }) {
            if deadCount[number] != 0 {
                for offset in 0..<size(of: number) where !isDead(number, offset) { body(slot(in: number, at: offset)) }
            } else if plain[number] {
                let first = number * Self.blockFill
                for slot in first..<(first + size(of: number)) { body(slot) }
            } else {
                for slot in blocks[number] { body(Int(slot)) }
            }
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
    /// slots, which no longer hold an item. Each becomes a tombstone in its
    /// block: O(k log blocks + touched blocks + blocks), a bit written a card.
    @discardableResult
    mutating func remove(atSorted positions: [Int]) -> [Int] {
        guard !positions.isEmpty else { return [] }
        var removed: [Int] = []
        removed.reserveCapacity(positions.count)
        var next = 0
        // Blocks before the first touched keep their starts: renumber from it.
        let (firstRank, firstStart) = rank(holding: positions[0])
        var emptied = false
        var offsets: [Int] = []
        while next < positions.count {
            let (rank, start) = rank(holding: positions[next])
            let number = Int(sequence[rank])
            let end = start + live(of: number)
            // Found before any is marked: the ranks are the block's as it was.
            offsets.removeAll(keepingCapacity: true)
            while next < positions.count && positions[next] < end {
                offsets.append(offset(ofLive: positions[next] - start, in: number))
                next += 1
            }
            for offset in offsets { removed.append(slot(in: number, at: offset)) }
            dead.withUnsafeMutableBufferPointer { dead in
                for offset in offsets {
                    let (word, bit) = Self.tombstone(number, offset)
                    dead[word] |= bit
                }
            }
            deadCount[number] += UInt16(truncatingIfNeeded: offsets.count)
            emptied = emptied || live(of: number) == 0
        }
        count -= positions.count
        if emptied { dropEmptyBlocks() }
        // Whatever block now stands at the first touched rank starts where it did.
        if firstRank < sequence.count { renumberStarts(from: firstRank, start: firstStart) }
        return removed
    }

    /// Brings back removed slots where their tombstones lie, when that puts
    /// each at its position in `positions`: an undo of a removal, which then
    /// clears a bit a card instead of rewriting every block it reaches.
    /// Returns false, the order unchanged, when any slot is not a tombstone
    /// or would land elsewhere.
    private mutating func revive(_ slots: [Int], atSorted positions: [Int]) -> Bool {
        var places: [(block: Int, offset: Int)] = []
        places.reserveCapacity(slots.count)
        for slot in slots {
            guard slot >= 0 && slot < blockOf.count else { return false }
            let block = block(ofSlot: slot)
            guard block >= 0 else { return false }
            let offset = offset(ofSlot: slot)
            guard isDead(block, offset), self.slot(in: block, at: offset) == slot else { return false }
            places.append((block, offset))
        }
        func mark(_ alive: Bool) {
            dead.withUnsafeMutableBufferPointer { dead in
                for (block, offset) in places {
                    let (word, bit) = Self.tombstone(block, offset)
                    if alive { dead[word] &= ~bit } else { dead[word] |= bit }
                }
            }
            for (block, _) in places { deadCount[block] = alive ? deadCount[block] - 1 : deadCount[block] + 1 }
            count += alive ? slots.count : -slots.count
            renumberStarts(from: 0, start: 0)
        }
        mark(true)
        if zip(slots, positions).allSatisfy({ position(of: $0) == $1 }) { return true }
        mark(false)
        return false
    }

    /// Drops block `number`'s tombstones (spelling it out): its removed
    /// slots, where they still name this block, are marked as holding no
    /// item; the live ones keep their order (their offsets are the caller's
    /// to write, or the block's to be dropped).
    private mutating func dropTombstones(_ number: Int) {
        guard deadCount[number] != 0 else { return }
        spellOut(number)
        var kept: [Int32] = []
        kept.reserveCapacity(live(of: number))
        for (offset, slot) in blocks[number].enumerated() {
            if !isDead(number, offset) {
                kept.append(slot)
            } else if block(ofSlot: Int(slot)) == number && self.offset(ofSlot: Int(slot)) == offset {
                // Not handed out again since: it holds no item.
                blockOf[Int(slot)] = -1
            }
        }
        blocks[number] = kept
        for word in 0..<Self.deadWords { dead[number * Self.deadWords + word] = 0 }
        deadCount[number] = 0
    }

    /// Inserts `slots` (each holding no item yet, below `slotCapacity` or
    /// new) so each lands at its position in `positions` (ascending,
    /// distinct, positions in the result).
    mutating func insert(_ slots: [Int], atSorted positions: [Int]) {
        guard !slots.isEmpty else { return }
        if revive(slots, atSorted: positions) { return }
        if let highest = slots.max(), highest >= blockOf.count {
            // Zero past the identity: no item.
            blockOf.grow(to: highest + 1)
            offsetOf.grow(to: highest + 1)
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
            dropTombstones(number)
            spellOut(number)
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
                        blockOf[Int(slot)] = Int32(number + 1)
                        offsetOf[Int(slot)] = UInt16(truncatingIfNeeded: offset + 1)
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
                plain[Int(fresh)] = false
            } else {
                fresh = Int32(blocks.count)
                blocks.append(Array(block[start..<end]))
                plain.append(false)
                starts.append(0)
                deadCount.append(0)
                dead.grow(to: blocks.count * Self.deadWords)
            }
            blockOf.withUnsafeMutableBufferPointer { blockOf in
                offsetOf.withUnsafeMutableBufferPointer { offsetOf in
                    for offset in start..<end {
                        blockOf[Int(block[offset])] = fresh + 1
                        offsetOf[Int(block[offset])] = UInt16(offset - start + 1)
                    }
                }
            }
            added.append(fresh)
            start = end
        }
        sequence.insert(contentsOf: added, at: rank + 1)
    }

    /// Takes blocks left empty out of the sequence (one always stays).
    private mutating func dropEmptyBlocks() {
        guard sequence.contains(where: { live(of: Int($0)) == 0 }) else { return }
        var kept: [Int32] = []
        for number in sequence {
            if live(of: Int(number)) == 0 {
                // Spare blocks hold nothing, not even tombstones: a block
                // handed out again must not claim its old removed slots.
                dropTombstones(Int(number))
                spareBlocks.append(number)
            } else {
                kept.append(number)
            }
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
            start += live(of: number)
        }
    }
}

extension SlotOrder: Equatable {
    /// Equal when they hold the same slots in the same order.
    static func == (lhs: SlotOrder, rhs: SlotOrder) -> Bool {
        lhs.count == rhs.count && lhs.slots == rhs.slots
    }
}
