extension DetailPyramid {
    /// Updates the member grids and every built level for one item moved
    /// or resized (its number stays), in place: never a rebuild. A frame
    /// that does not take part (not finite, or without area) counts as
    /// absent. `frames` are the frames after the edit, by number.
    ///
    /// - Complexity: the cells it leaves and enters in each built level,
    ///   plus, where the item shaped an aggregate (it was the first or on
    ///   an edge of the union, or of sizes the group's items do not all
    ///   share), a recount of its class in that cell: from the nearest
    ///   finer built level's cells, or from the member grid at the finest
    ///   (the first such recount builds the member grids, once).
    public mutating func update(position: Int, from old: Rect, to new: Rect, frames: [Rect]) {
        update(moves: [Move(position: position, from: old, to: new)], frames: frames)
    }

    /// One item's move or resize in a batch (`update(moves:frames:)`):
    /// the number the pyramid stores for the item (its index in `frames`,
    /// which a move leaves as it is) and its frames before and after.
    public struct Move: Hashable, Sendable {
        public var position: Int
        public var from: Rect
        public var to: Rect

        public init(position: Int, from: Rect, to: Rect) {
            self.position = position
            self.from = from
            self.to = to
        }
    }

    /// Updates the pyramid for many items moved or resized at once (a drag
    /// step, a nudge, a multi-move, their undo), in place: the state
    /// one by one would leave, where
    /// each level is looked up once for the lot rather than once per move,
    /// each aggregate a removal shaped is recounted once, and each touched
    /// cell of a merged grid is merged again once (issue 20: a drag of
    /// 1,000 cards merged every merged level's cells twice per card).
    /// `frames` are the frames after every move. A position moved more
    /// than once counts as moved from its first `from` to its last `to`.
    /// - Complexity: the cells the items leave and enter in each built
    ///   level, the recounts of the aggregates they shaped (see
    ///   `update(position:from:to:frames:)`), and per merged level a sort
    ///   of the touched cells plus each distinct one merged from its classes.
    public mutating func update(moves: [Move], frames: [Rect]) {
        guard !moves.isEmpty else { return }
        guard counted else {
            // Nothing stored yet: the first query counts the frames as they are then.
            for move in moves where SpatialIndex.isIndexable(move.to) { centres.add(move.to) }
            return
        }
        // Recorded for the levels to take when read, or (a large batch) applied to every level now.
        let journaled = journals(moves.count)
        frames.withUnsafeBufferPointer { journaled ? markLevels() : settleJournal(frames: $0) }
        let (leaving, arriving) = Self.ends(of: moves)
        var outs: [(position: Int, frame: Rect, id: Int)] = []
        var ins: [(position: Int, frame: Rect, id: Int)] = []
        var touched: [Rect] = []
        outs.reserveCapacity(moves.count)
        ins.reserveCapacity(moves.count)
        touched.reserveCapacity(2 * moves.count)
        // Out of the counts and member grids first, all of them, then in:
        // an aggregate ends as the items in its cell make it, whatever the
        // order (a removal it cannot follow exactly is recounted below).
        for slot in moves.indices where leaving?[slot] ?? true {
            let move = moves[slot]
            guard SpatialIndex.isIndexable(move.from) else { continue }
            touched.append(move.from)
            guard let id = classIDs[SizeClass(move.from)], classCounts[id] > 0 else { continue }
            classCounts[id] -= 1
            count -= 1
            removeMember(move.position, move.from, id)
            outs.append((move.position, move.from, id))
        }
        // In move order, so classes are registered as one by one would.
        for (slot, move) in moves.enumerated() where SpatialIndex.isIndexable(move.to) {
            let id = register(SizeClass(move.to))
            classSides[id].add(move.to.width, move.to.height)
            centres.add(move.to)
            // A frame a later move of the same item leaves again only widens the bounds.
            guard arriving?[slot] ?? true else { continue }
            classCounts[id] += 1
            count += 1
            addMember(move.position, move.to, id)
            ins.append((move.position, move.to, id))
            touched.append(move.to)
        }
        if journaled {
            for out in outs { journal.out(out.position, Held(frame: out.frame, label: labels(out.position), id: out.id)) }
            for item in ins { journal.into(item.position, Held(frame: item.frame, label: labels(item.position), id: item.id)) }
            return
        }
        var stale: [(key: LevelKey, row: Int, column: Int, id: Int)] = []
        // Level by level, found once: the moves' cells in each.
        var index = levels.startIndex
        while index != levels.endIndex {
            let key = levels.keys[index]
            let width = Self.power(key.x), height = Self.power(key.y)
            let classes = levels.values[index].count
            for out in outs where out.id < classes && levels.values[index][out.id] != nil {
                let (row, column) = Self.cell(of: out.frame, width: width, height: height)
                levels.values[index][out.id]!.update(row: row, column: column) { group in
                    if group.count <= 1 {
                        group = Group()
                    } else {
                        if group.isShaped(by: labels(out.position), out.frame) { stale.append((key, row, column, out.id)) }
                        group.count -= 1
                    }
                }
            }
            for item in ins where item.id < classes && levels.values[index][item.id] != nil {
                let (row, column) = Self.cell(of: item.frame, width: width, height: height)
                levels.values[index][item.id]!.update(row: row, column: column) { $0.add(labels(item.position), item.frame) }
            }
            levels.formIndex(after: &index)
        }
        finishBatch(stale: stale, touched: touched, frames: frames)
    }

    /// Which moves leave an item's first frame and which reach its last:
    /// nil for both when no position repeats (the usual case, found by a sort).
    static func ends(of moves: [Move]) -> (leaving: [Bool]?, arriving: [Bool]?) {
        var positions = moves.map(\.position)
        positions.sort()
        guard zip(positions, positions.dropFirst()).contains(where: { $0 == $1 }) else { return (nil, nil) }
        var leaving = [Bool](repeating: false, count: moves.count)
        var arriving = [Bool](repeating: false, count: moves.count)
        var firsts: [Int: Int] = [:], lasts: [Int: Int] = [:]
        for (slot, move) in moves.enumerated() {
            if firsts[move.position] == nil { firsts[move.position] = slot }
            lasts[move.position] = slot
        }
        for slot in firsts.values { leaving[slot] = true }
        for slot in lasts.values { arriving[slot] = true }
        return (leaving, arriving)
    }

    /// The cell of class `id`'s member grid that holds `frame`.
    private func memberCell(of frame: Rect, _ id: Int) -> (row: Int, column: Int) {
        let (width, height) = Self.classSides(sizeClasses[id])
        return Self.cell(of: frame, width: width, height: height)
    }

    /// Member lists hold numbers ascending (not data order: an item's
    /// number never changes, so a list is edited where it stands).
    private mutating func addMember(_ position: Int, _ frame: Rect, _ id: Int) {
        guard members != nil else { return }
        let (row, column) = memberCell(of: frame, id)
        let member = UInt32(position)
        members![id].update(row: row, column: column) { list in
            if let last = list.last, last > member {
                list.insert(member, at: insertionIndex(of: member, in: list))
            } else {
                list.append(member)
            }
        }
    }

    private mutating func removeMember(_ position: Int, _ frame: Rect, _ id: Int) {
        guard members != nil else { return }
        let (row, column) = memberCell(of: frame, id)
        let member = UInt32(position)
        members![id].update(row: row, column: column) { list in
            let slot = insertionIndex(of: member, in: list)
            if slot < list.count && list[slot] == member { list.remove(at: slot) }
        }
    }

    /// Updates the pyramid for items removed (a removal, a delete of the
    /// selection, a reorder's first half), in place: `slots` are their
    /// numbers, `removed` their frames, `frames` the frames after the
    /// removal (a removed number's frame takes no part there, or is
    /// another item's once the number is given again). Nothing else is
    /// renumbered: the others keep their numbers and labels.
    /// - Complexity: the removed items' cells in each built level and
    ///   their recounts (see `update(position:from:to:frames:)`).
    public mutating func remove(slots: [Int], frames removed: [Rect], frames: [Rect]) {
        guard !slots.isEmpty else { return }
        guard counted else { return }  // the first query counts the frames as they are then
        let journaled = journals(slots.count)
        frames.withUnsafeBufferPointer { journaled ? markLevels() : settleJournal(frames: $0) }
        var outs: [(frame: Rect, id: Int, label: Int)] = []
        outs.reserveCapacity(slots.count)
        for (slot, frame) in zip(slots, removed) where SpatialIndex.isIndexable(frame) {
            guard let id = classIDs[SizeClass(frame)], classCounts[id] > 0 else { continue }
            classCounts[id] -= 1
            count -= 1
            removeMember(slot, frame, id)
            outs.append((frame, id, labels(slot)))
            if journaled { journal.out(slot, Held(frame: frame, label: labels(slot), id: id)) }
        }
        guard !outs.isEmpty, !journaled else { return }
        var stale: [(key: LevelKey, row: Int, column: Int, id: Int)] = []
        // Level by level, each found once for the lot (issue 20: a look-up
        // of every level per item was a good part of 1,000 removals).
        var index = levels.startIndex
        while index != levels.endIndex {
            let key = levels.keys[index]
            let width = Self.power(key.x), height = Self.power(key.y)
            let classes = levels.values[index].count
            for out in outs where out.id < classes && levels.values[index][out.id] != nil {
                let (row, column) = Self.cell(of: out.frame, width: width, height: height)
                levels.values[index][out.id]!.update(row: row, column: column) { group in
                    if group.count <= 1 {
                        group = Group()
                    } else {
                        if group.isShaped(by: out.label, out.frame) { stale.append((key, row, column, out.id)) }
                        group.count -= 1
                    }
                }
            }
            levels.formIndex(after: &index)
        }
        // The merged grids follow the same way: a count less, or the cell
        // merged again from its classes where the item shaped it.
        var staleMerged: [(key: LevelKey, row: Int, column: Int)] = []
        var slot = merged.startIndex
        while slot != merged.endIndex {
            let key = merged.keys[slot]
            let width = Self.power(key.x), height = Self.power(key.y)
            let classes = merged.values[slot].classes
            for out in outs where out.id < classes.count && classes[out.id] {
                let (row, column) = Self.cell(of: out.frame, width: width, height: height)
                merged.values[slot].cells.update(row: row, column: column) { group in
                    if group.count <= 1 {
                        group = Group()
                    } else {
                        if group.isShaped(by: out.label, out.frame) { staleMerged.append((key, row, column)) }
                        group.count -= 1
                    }
                }
            }
            merged.formIndex(after: &slot)
        }
        finishBatch(stale: stale, touched: [], frames: frames)
        remerge(staleMerged)
    }

    /// Updates the pyramid for items inserted, in place: `slots` are
    /// their numbers (new, or given up by a removal), `positions` where
    /// they stand in the data order after the insert (ascending; the
    /// numbers in the same order), `inserted` their frames, `frames` the
    /// frames after the insert, by number. `slotAt` is the number at a
    /// position after the insert (nil past either end); `order`, every
    /// number in data order, is asked for only when the keys between two
    /// neighbours have run out (see `Labels`).
    /// - Complexity: the inserted items' cells in each built level and
    ///   merged grid, plus a look-up of the neighbours of each run of
    ///   consecutive positions.
    public mutating func insert(
        slots: [Int], atSorted positions: [Int], frames inserted: [Rect], frames: [Rect],
        slotAt: (Int) -> Int?, order: () -> [Int]
    ) {
        guard !slots.isEmpty else { return }
        assignKeys(slots: slots, atSorted: positions, frames: frames, slotAt: slotAt, order: order)
        guard counted else {
            for frame in inserted where SpatialIndex.isIndexable(frame) { centres.add(frame) }
            return
        }
        let journaled = journals(slots.count)
        frames.withUnsafeBufferPointer { journaled ? markLevels() : settleJournal(frames: $0) }
        var ins: [(frame: Rect, id: Int, label: Int)] = []
        ins.reserveCapacity(slots.count)
        for (slot, frame) in zip(slots, inserted) where SpatialIndex.isIndexable(frame) {
            let id = register(SizeClass(frame))
            classCounts[id] += 1
            classSides[id].add(frame.width, frame.height)
            count += 1
            centres.add(frame)
            addMember(slot, frame, id)
            ins.append((frame, id, labels(slot)))
            if journaled { journal.into(slot, Held(frame: frame, label: labels(slot), id: id)) }
        }
        guard !journaled else { return }
        var index = levels.startIndex
        while index != levels.endIndex {
            let key = levels.keys[index]
            let width = Self.power(key.x), height = Self.power(key.y)
            let classes = levels.values[index].count
            for item in ins where item.id < classes && levels.values[index][item.id] != nil {
                let (row, column) = Self.cell(of: item.frame, width: width, height: height)
                levels.values[index][item.id]!.update(row: row, column: column) { $0.add(item.label, item.frame) }
            }
            levels.formIndex(after: &index)
        }
        // A merged cell is the merge of its classes' groups: adding to it is exact.
        var slot = merged.startIndex
        while slot != merged.endIndex {
            let key = merged.keys[slot]
            let width = Self.power(key.x), height = Self.power(key.y)
            let classes = merged.values[slot].classes
            for item in ins where item.id < classes.count && classes[item.id] {
                let (row, column) = Self.cell(of: item.frame, width: width, height: height)
                merged.values[slot].cells.update(row: row, column: column) { $0.add(item.label, item.frame) }
            }
            merged.formIndex(after: &slot)
        }
    }

    /// How many of `sorted` (ascending) are below `value`.
    static func countBelow(_ value: Int, in sorted: [Int]) -> Int {
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// After a batch: recounts the aggregates the removed items shaped
    /// (each once, finer levels first) and merges the touched cells again.
    private mutating func finishBatch(stale: [(key: LevelKey, row: Int, column: Int, id: Int)], touched: [Rect], frames: [Rect]) {
        if !stale.isEmpty {
            struct Entry: Hashable { var x: Int, y: Int, row: Int, column: Int, id: Int }
            var seen = Set<Entry>()
            let unique = stale.filter { seen.insert(Entry(x: $0.key.x, y: $0.key.y, row: $0.row, column: $0.column, id: $0.id)).inserted }
            frames.withUnsafeBufferPointer { frames in
                ensureMembers(frames)
                for entry in unique.sorted(by: { $0.key.x + $0.key.y < $1.key.x + $1.key.y }) {
                    recount(entry.key, row: entry.row, column: entry.column, entry.id, frames: frames)
                }
            }
        }
        if !merged.isEmpty && !touched.isEmpty { refreshMerged(touched) }
    }

    /// Recomputes one aggregate: from the nearest finer built level of its
    /// class (its cells merge exactly into this one), else from the member grid.
    mutating func recount(_ key: LevelKey, row: Int, column: Int, _ id: Int, frames: UnsafeBufferPointer<Rect>) {
        var fresh = Group()
        if let finer = nearestFiner(than: key, holding: id), key.x - finer.x <= 16, key.y - finer.y <= 16 {
            let dx = key.x - finer.x, dy = key.y - finer.y
            grid(finer, id)!.visit(rows: (row << dy)...(((row + 1) << dy) - 1),
                                   columns: (column << dx)...(((column + 1) << dx) - 1)) { _, _, group in
                fresh.merge(group)
            }
        } else {
            forEachMember(of: id, row: row, column: column, width: Self.power(key.x), height: Self.power(key.y), frames: frames) {
                fresh.add(labels($0), $1)
            }
        }
        levels[key]![id]!.update(row: row, column: column) { $0 = fresh }
    }
}
