extension DetailPyramid {
    /// Updates the pyramid for one item moved or resized (its number
    /// stays), in place: never a rebuild. A frame that does not take part
    /// (not finite, or without area) counts as absent. `frames` are the
    /// frames after the edit, by number.
    ///
    /// What every answer reads (the counts, the classes' sides, the
    /// centres, the member grids) follows at once; the built levels take
    /// the change when something reads them (`Journal`, `catchUp`).
    /// - Complexity: O(1) here, a member cell's list; later, per built
    ///   level read, the cells it leaves and enters plus, where the item
    ///   shaped an aggregate, a recount of its class in that cell.
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
    /// step, a nudge, a multi-move, their undo), in place: the state one by
    /// one would leave. `frames` are the frames after every move. A
    /// position moved more than once counts as moved from its first `from`
    /// to its last `to`. The levels take the moves when read, or at once
    /// for a batch too large to keep (`settleIfLarge`).
    /// - Complexity: O(moves) here; see `update(position:from:to:frames:)`.
    public mutating func update(moves: [Move], frames: [Rect]) {
        guard !moves.isEmpty else { return }
        guard counted else {
            // Nothing stored yet: the first query counts the frames as they are then.
            for move in moves where SpatialIndex.isIndexable(move.to) { centres.add(move.to) }
            return
        }
        markLevels()
        let (leaving, arriving) = Self.ends(of: moves)
        // Out of the counts and member grids first, all of them, then in:
        // an aggregate ends as the items in its cell make it, whatever the
        // order (a removal it cannot follow exactly is recounted when a
        // level takes the journal).
        for slot in moves.indices where leaving?[slot] ?? true {
            let move = moves[slot]
            guard SpatialIndex.isIndexable(move.from) else { continue }
            guard let id = classIDs[SizeClass(move.from)], classCounts[id] > 0 else { continue }
            classCounts[id] -= 1
            count -= 1
            removeMember(move.position, move.from, id)
            journal.out(move.position, Held(frame: move.from, label: labels(move.position), id: id))
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
            journal.into(move.position, Held(frame: move.to, label: labels(move.position), id: id))
        }
        settleIfLarge(moves.count, frames: frames)
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
    /// - Complexity: O(removed) here; the levels take the removal when
    ///   read (see `update(position:from:to:frames:)`).
    public mutating func remove(slots: [Int], frames removed: [Rect], frames: [Rect]) {
        guard !slots.isEmpty else { return }
        guard counted else { return }  // the first query counts the frames as they are then
        markLevels()
        for (slot, frame) in zip(slots, removed) where SpatialIndex.isIndexable(frame) {
            guard let id = classIDs[SizeClass(frame)], classCounts[id] > 0 else { continue }
            classCounts[id] -= 1
            count -= 1
            removeMember(slot, frame, id)
            journal.out(slot, Held(frame: frame, label: labels(slot), id: id))
        }
        settleIfLarge(slots.count, frames: frames)
    }

    /// Updates the pyramid for items inserted, in place: `slots` are
    /// their numbers (new, or given up by a removal), `positions` where
    /// they stand in the data order after the insert (ascending; the
    /// numbers in the same order), `inserted` their frames, `frames` the
    /// frames after the insert, by number. `slotAt` is the number at a
    /// position after the insert (nil past either end); `order`, every
    /// number in data order, is asked for only when the keys between two
    /// neighbours have run out (see `Labels`).
    /// - Complexity: O(inserted) here, plus a look-up of the neighbours of
    ///   each run of consecutive positions; the levels take the insert
    ///   when read (see `update(position:from:to:frames:)`).
    public mutating func insert(
        slots: [Int], atSorted positions: [Int], frames inserted: [Rect], frames: [Rect],
        slotAt: (Int) -> Int?, order: () -> [Int]
    ) {
        guard !slots.isEmpty else { return }
        if !journal.isEmpty, keysRunOut(slots: slots, atSorted: positions, slotAt: slotAt) {
            // Every label is about to be given again: the levels take what
            // waits first, by the frames as they hold them (the inserted
            // slots empty), so each group's first is exact in the old order.
            var before = frames
            for slot in slots where slot < before.count { before[slot] = .zero }
            before.withUnsafeBufferPointer { settleJournal(frames: $0) }
        }
        assignKeys(slots: slots, atSorted: positions, numbers: frames.count, slotAt: slotAt, order: order)
        guard counted else {
            for frame in inserted where SpatialIndex.isIndexable(frame) { centres.add(frame) }
            return
        }
        markLevels()
        for (slot, frame) in zip(slots, inserted) where SpatialIndex.isIndexable(frame) {
            let id = register(SizeClass(frame))
            classCounts[id] += 1
            classSides[id].add(frame.width, frame.height)
            count += 1
            centres.add(frame)
            addMember(slot, frame, id)
            journal.into(slot, Held(frame: frame, label: labels(slot), id: id))
        }
        settleIfLarge(slots.count, frames: frames)
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
