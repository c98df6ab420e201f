extension DetailPyramid {
    /// What a group's `first` holds: an order label, `key << 31 | slot`.
    /// Keys ascend in data order (an order-maintenance key per slot, with
    /// gaps), so the smallest label is the first item in data order and
    /// `Swift.min` keeps meaning "first" everywhere groups are summed,
    /// while the slot in the low bits names the item. An insert takes keys
    /// from the gap between its neighbours and a removal leaves the others'
    /// keys alone: neither renumbers anything stored (issue 20: renumbering
    /// every built level after each insert or remove cost 69 ms a card at a
    /// million). When a gap runs out, every key is given again, evenly
    /// spaced in data order (`relabel`), a pass over the stored groups that
    /// keeps their relative order: rare, and no worse than one renumbering.
    struct Labels: Hashable, Sendable {
        /// By slot: its key; nil while the key of slot s is (s + 1) · spacing
        /// (no insert yet: slots are in data order). Zero where no key was
        /// written: (s + 1) · spacing below `plainCount`, none above. The
        /// first insert into a million cards wrote all four megabytes of
        /// keys (most of its time the kernel's first touch of those pages,
        /// issue 20); now it writes the keys it gives.
        var keys: ZeroedColumn<UInt32>?
        /// Slots below this whose key was never written keep (s + 1) · spacing.
        var plainCount = 0
        /// The gap between neighbouring keys given at once.
        var spacing: Int

        /// Keys below this; `UInt32.max` is kept out so that no label is `Int.max` (an empty group's).
        static let keyLimit = Int(UInt32.max)
        static let slotBits = 31
        static let slotMask = (1 << 31) - 1

        /// Evenly spaced keys for `count` slots.
        init(count: Int) {
            keys = nil
            spacing = Self.spacing(for: count)
        }

        static func spacing(for count: Int) -> Int { Swift.max(1, (keyLimit - 1) / (count + 2)) }

        /// Whether labels ascend with slots, so a pass over the slots meets
        /// the items in data order (the first of a run stays its first).
        var ascending: Bool { keys == nil }

        @inline(__always)
        func key(_ slot: Int) -> Int {
            guard let keys else { return (slot + 1) &* spacing }
            guard slot < keys.count else { return 0 }
            let stored = Int(keys[slot])
            return stored != 0 || slot >= plainCount ? stored : (slot + 1) &* spacing
        }

        /// The label of `slot`.
        @inline(__always)
        func callAsFunction(_ slot: Int) -> Int { key(slot) << Self.slotBits | slot }

        /// The slot a label names.
        @inline(__always)
        static func slot(of label: Int) -> Int { label & slotMask }

        /// The keys, spelled out for `slots` slots at least.
        mutating func materialize(slots: Int) {
            if keys == nil {
                keys = ZeroedColumn(count: slots, capacity: [UInt32].roomToGrow(slots))
                plainCount = slots
            } else if keys!.count < slots {
                keys!.grow(to: slots)
            }
        }

        /// Keys for `order` (every slot in data order), evenly spaced.
        mutating func assign(order: [Int]) {
            spacing = Self.spacing(for: order.count)
            var fresh = ZeroedColumn<UInt32>(count: (order.max() ?? -1) + 1)
            fresh.withUnsafeMutableBufferPointer { fresh in
                for (rank, slot) in order.enumerated() { fresh[slot] = UInt32(truncatingIfNeeded: (rank + 1) * spacing) }
            }
            keys = fresh
            plainCount = 0
        }
    }

    /// Gives the pyramid the data order of its slots (every slot holding an
    /// item, in order), as keys evenly spaced; the labels stored are given
    /// again, each group keeping its first (the order must be the one the
    /// groups were summed in, or no group built yet). For a pyramid over
    /// frames by slot whose slots are not in data order. O(slots + stored groups).
    public mutating func setOrder(_ slots: [Int]) {
        relabel(order: slots)
    }

    /// Every key given again from `order`, and every stored label with it.
    /// The levels must hold every edit (`insert` settles them first);
    /// those that do not are dropped (`dropLaggingLevels`).
    mutating func relabel(order: [Int]) {
        if !journal.isEmpty { dropLaggingLevels() }
        labels.assign(order: order)
        let labels = self.labels
        @inline(__always) func fresh(_ group: inout Group) {
            if group.count > 0 { group.first = labels(Labels.slot(of: group.first)) }
        }
        for key in Array(merged.keys) { merged[key]!.cells.mapPayloads(fresh) }
        for key in Array(levels.keys) {
            for id in levels[key]!.indices where levels[key]![id] != nil { levels[key]![id]!.mapPayloads(fresh) }
        }
    }

    /// The runs of consecutive inserted positions (`start..<end` of
    /// `slots`) with the keys of the old neighbours around each (0 and
    /// `keyLimit` past either end): the gaps their keys are taken from.
    /// A run's neighbours are never inserted ones (the runs are maximal).
    /// `kept`: the run's slots hold keys already that ascend inside the gap
    /// (slots put back where they were removed from, as an undo does: their
    /// keys were never cleared), so they keep them and nothing is written.
    func gaps(slots: [Int], atSorted positions: [Int], slotAt: (Int) -> Int?)
        -> [(start: Int, end: Int, low: Int, high: Int, kept: Bool)]
    {
        var gaps: [(start: Int, end: Int, low: Int, high: Int, kept: Bool)] = []
        var start = 0
        while start < slots.count {
            var end = start + 1
            while end < slots.count && positions[end] == positions[end - 1] + 1 { end += 1 }
            let low = slotAt(positions[start] - 1).map { labels.key($0) } ?? 0
            let high = slotAt(positions[end - 1] + 1).map { labels.key($0) } ?? Labels.keyLimit
            var previous = low, kept = true
            for slot in slots[start..<end] {
                let key = labels.key(slot)
                guard key > previous else { kept = false; break }
                previous = key
            }
            gaps.append((start, end, low, high, kept && previous < high))
            start = end
        }
        return gaps
    }

    /// Whether `assignKeys` with these arguments will give every key again
    /// (a gap between two neighbours too narrow for its run).
    func keysRunOut(slots: [Int], atSorted positions: [Int], slotAt: (Int) -> Int?) -> Bool {
        gaps(slots: slots, atSorted: positions, slotAt: slotAt).contains { !$0.kept && $0.high - $0.low <= $0.end - $0.start }
    }

    /// Keys for slots inserted at `positions` (ascending, in the order
    /// after the insert; `slots` theirs), from the gaps between their
    /// neighbours (`slotAt`: the slot at a position after the insert, nil
    /// past either end); when a gap is too narrow, `relabel` with `order`
    /// (every slot in data order, the inserted ones included). `numbers`:
    /// how many numbers the frames hold.
    mutating func assignKeys(slots: [Int], atSorted positions: [Int], numbers: Int, slotAt: (Int) -> Int?, order: () -> [Int]) {
        guard !slots.isEmpty else { return }
        labels.materialize(slots: Swift.max(numbers, (slots.max() ?? 0) + 1))
        let gaps = gaps(slots: slots, atSorted: positions, slotAt: slotAt)
        guard !gaps.contains(where: { !$0.kept && $0.high - $0.low <= $0.end - $0.start }) else {
            relabel(order: order())
            return
        }
        for (start, end, low, high, kept) in gaps where !kept {
            let run = end - start
            let step = (high - low) / (run + 1)  // at least 1
            for offset in 0..<run {
                labels.keys![slots[start + offset]] = UInt32(truncatingIfNeeded: low + step * (offset + 1))
            }
        }
    }
}
