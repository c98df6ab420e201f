extension DetailPyramid {
    /// Updates the member grids and every built level for one item's edit,
    /// in place: never a rebuild.
    ///
    /// - `from` and `to` both given: the item at `position` moved or changed
    ///   size (its position stays).
    /// - `from` nil: an item was inserted at `position`; the items at and
    ///   after it moved one position up.
    /// - `to` nil: the item at `position` was removed; the items after it
    ///   moved one position down.
    ///
    /// A frame that does not take part (not finite, or without area) counts
    /// as absent. `frames` are the frames after the edit.
    ///
    /// - Complexity: a move costs the cells it leaves and enters in each
    ///   built level, plus, where the item shaped an aggregate (it was the
    ///   first or on an edge of the union, or of sizes the group's items do
    ///   not all share), a recount of its class in that cell: from the
    ///   nearest finer built level's cells, or from the member grid at the
    ///   finest (the first such recount builds the member grids, once). An
    ///   insert or a remove also renumbers the positions after it, one pass
    ///   over the stored positions in place: O(*n*), as the frames' own
    ///   insert or remove is.
    public mutating func update(position: Int, from old: Rect?, to new: Rect?, frames: [Rect]) {
        guard old != nil || new != nil else { return }
        guard counted else {
            // Nothing stored yet: the first query counts the frames as they are then.
            if let new, SpatialIndex.isIndexable(new) { centres.add(new) }
            return
        }
        let oldFrame = old.flatMap { SpatialIndex.isIndexable($0) ? $0 : nil }
        let newFrame = new.flatMap { SpatialIndex.isIndexable($0) ? $0 : nil }
        // Last, once the class grids hold the edit.
        defer { if !merged.isEmpty { refreshMerged([oldFrame, newFrame].compactMap { $0 }) } }
        var stale: [(key: LevelKey, row: Int, column: Int, id: Int)] = []
        if let oldFrame, let id = classIDs[SizeClass(oldFrame)], classCounts[id] > 0 {
            classCounts[id] -= 1
            count -= 1
            removeMember(position, oldFrame, id)
            stale = removeFromLevels(position, oldFrame, id)
        }
        if old == nil { shift(from: position, by: 1) }
        if new == nil { shift(from: position + 1, by: -1) }
        if let newFrame {
            let id = register(SizeClass(newFrame))
            classCounts[id] += 1
            classSides[id].add(newFrame.width, newFrame.height)
            count += 1
            centres.add(newFrame)
            addMember(position, newFrame, id)
            for key in Array(levels.keys) where grid(key, id) != nil {
                let (row, column) = Self.cell(of: newFrame, width: Self.power(key.x), height: Self.power(key.y))
                levels[key]![id]!.update(row: row, column: column) {
                    $0.add(position, newFrame)
                }
            }
        }
        guard !stale.isEmpty else { return }
        frames.withUnsafeBufferPointer { frames in
            // Built from the frames after the edit, which the levels now hold too.
            ensureMembers(frames)
            // Finer first: a coarser cell is then merged from fresh ones.
            for entry in stale.sorted(by: { $0.key.x + $0.key.y < $1.key.x + $1.key.y }) {
                recount(entry.key, row: entry.row, column: entry.column, entry.id, frames: frames)
            }
        }
    }

    /// One item's move or resize in a batch (`update(moves:frames:)`):
    /// the number the pyramid stores for the item (its position in
    /// `frames`, which a move leaves as it is) and its frames before and after.
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
    /// `update(position:from:to:frames:)` leaves for each in turn, where
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
                        if group.isShaped(by: out.position, out.frame) { stale.append((key, row, column, out.id)) }
                        group.count -= 1
                    }
                }
            }
            for item in ins where item.id < classes && levels.values[index][item.id] != nil {
                let (row, column) = Self.cell(of: item.frame, width: width, height: height)
                levels.values[index][item.id]!.update(row: row, column: column) { $0.add(item.position, item.frame) }
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

    /// Takes the item out of the levels' counts; returns the aggregates it
    /// shaped, to recount once the edit is complete.
    private mutating func removeFromLevels(_ position: Int, _ frame: Rect, _ id: Int) -> [(key: LevelKey, row: Int, column: Int, id: Int)] {
        var stale: [(key: LevelKey, row: Int, column: Int, id: Int)] = []
        for key in Array(levels.keys) where grid(key, id) != nil {
            let (row, column) = Self.cell(of: frame, width: Self.power(key.x), height: Self.power(key.y))
            levels[key]![id]!.update(row: row, column: column) { group in
                if group.count <= 1 {
                    group = Group()
                } else {
                    if group.isShaped(by: position, frame) { stale.append((key, row, column, id)) }
                    group.count -= 1
                }
            }
        }
        return stale
    }

    /// Adds `delta` to every position at or after `start`, in place.
    private mutating func shift(from start: Int, by delta: Int) {
        renumber(from: start) { $0 + delta }
    }

    /// Maps every stored position at or after `start` through `map`, in
    /// place; `map` must be increasing, so member lists stay sorted.
    /// Inlined, so that `map` is too: it runs once per stored position.
    @inline(__always)
    private mutating func renumber(from start: Int, _ map: (Int) -> Int) {
        if members != nil {
            let threshold = UInt32(clamping: start)
            for id in members!.indices {
                members![id].mapPayloads { list in
                    for slot in list.indices where list[slot] >= threshold {
                        list[slot] = UInt32(map(Int(list[slot])))
                    }
                }
            }
        }
        for key in Array(merged.keys) {
            merged[key]!.cells.mapPayloads { group in
                if group.first >= start && group.first != Int.max { group.first = map(group.first) }
            }
        }
        for key in Array(levels.keys) {
            for id in levels[key]!.indices where levels[key]![id] != nil {
                levels[key]![id]!.mapPayloads { group in
                    if group.first >= start && group.first != Int.max { group.first = map(group.first) }
                }
            }
        }
    }

    /// Updates the pyramid for many items removed at once, in place (a
    /// group edit: a delete of the selection, a reorder's first half):
    /// `positions` are theirs before the removal, ascending, `removed`
    /// their frames, `frames` the frames after it. One renumbering pass
    /// for the lot, where removing them one by one would make one each.
    /// - Complexity: the removed items' cells in each built level and
    ///   their recounts (see `update(position:from:to:frames:)`), plus one
    ///   pass over the stored positions, O(*n* log *k*).
    public mutating func remove(atSorted positions: [Int], frames removed: [Rect], frames: [Rect]) {
        guard let firstRemoved = positions.first else { return }
        guard counted else { return }  // the first query counts the frames as they are then
        var stale: [(key: LevelKey, row: Int, column: Int, id: Int)] = []
        var touched: [Rect] = []
        // In the numbering before the removal, which the stored positions still have.
        for (position, frame) in zip(positions, removed) where SpatialIndex.isIndexable(frame) {
            guard let id = classIDs[SizeClass(frame)], classCounts[id] > 0 else { continue }
            classCounts[id] -= 1
            count -= 1
            removeMember(position, frame, id)
            stale += removeFromLevels(position, frame, id)
            touched.append(frame)
        }
        // A position left behind by a removed item (a group's first) is
        // in `stale` and recounted below; the others move down by the
        // removals before them.
        renumber(from: firstRemoved) { $0 - Self.countBelow($0, in: positions) }
        finishBatch(stale: stale, touched: touched, frames: frames)
    }

    /// Updates the pyramid for many items inserted at once, in place:
    /// `positions` are theirs after the insertion, ascending, `inserted`
    /// their frames, `frames` the frames after it. One renumbering pass.
    /// - Complexity: the inserted items' cells in each built level, plus
    ///   one pass over the stored positions, O(*n* log *k*).
    public mutating func insert(atSorted positions: [Int], frames inserted: [Rect], frames: [Rect]) {
        guard let firstInserted = positions.first else { return }
        guard counted else {
            for frame in inserted where SpatialIndex.isIndexable(frame) { centres.add(frame) }
            return
        }
        // Inserted item j goes before the old items from `positions[j] - j`
        // on: an old position p moves up by the insertions whose start is
        // at most p (starts ascend with j).
        let starts = positions.indices.map { positions[$0] - $0 }
        renumber(from: firstInserted) { $0 + Self.countBelow($0 + 1, in: starts) }
        var touched: [Rect] = []
        for (position, frame) in zip(positions, inserted) where SpatialIndex.isIndexable(frame) {
            let id = register(SizeClass(frame))
            classCounts[id] += 1
            classSides[id].add(frame.width, frame.height)
            count += 1
            centres.add(frame)
            addMember(position, frame, id)
            for key in Array(levels.keys) where grid(key, id) != nil {
                let (row, column) = Self.cell(of: frame, width: Self.power(key.x), height: Self.power(key.y))
                levels[key]![id]!.update(row: row, column: column) { $0.add(position, frame) }
            }
            touched.append(frame)
        }
        finishBatch(stale: [], touched: touched, frames: frames)
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
    private mutating func recount(_ key: LevelKey, row: Int, column: Int, _ id: Int, frames: UnsafeBufferPointer<Rect>) {
        var fresh = Group()
        if let finer = nearestFiner(than: key, holding: id), key.x - finer.x <= 16, key.y - finer.y <= 16 {
            let dx = key.x - finer.x, dy = key.y - finer.y
            grid(finer, id)!.visit(rows: (row << dy)...(((row + 1) << dy) - 1),
                                   columns: (column << dx)...(((column + 1) << dx) - 1)) { _, _, group in
                fresh.merge(group)
            }
        } else {
            forEachMember(of: id, row: row, column: column, width: Self.power(key.x), height: Self.power(key.y), frames: frames) {
                fresh.add($0, $1)
            }
        }
        levels[key]![id]!.update(row: row, column: column) { $0 = fresh }
    }
}
