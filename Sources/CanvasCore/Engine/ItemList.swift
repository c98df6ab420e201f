/// The items on a canvas: ids and sizes, in data order, with a lookup from
/// id to position.
public struct ItemList: Sendable {
    public private(set) var ids: ItemIDs
    /// The sizes given with the items (zeros when they were omitted); one
    /// size shared by every item is stored once.
    public private(set) var sizes: ItemSizes
    /// Where each explicit id stands; `nil` for the default ids 1…count,
    /// whose position is the id less one. Skipping the table saves a hash per
    /// item when the items are set and 4–48 bytes per item while they live
    /// (4 for ids numbered closely, 24–48 in a `PositionTable`'s hash part).
    private var positions: PositionTable?

    public static let empty = ItemList(ids: .empty, sizes: .empty, positions: nil)

    private init(ids: ItemIDs, sizes: ItemSizes, positions: PositionTable?) {
        self.ids = ids
        self.sizes = sizes
        self.positions = positions
    }

    /// Builds the list, refusing duplicate ids (sizes are cached by id, so
    /// two items with one id would be indistinguishable).
    /// - Parameters:
    ///   - sizes: one per item, or `nil` when sizes come from elsewhere.
    ///   - ids: one per item, or `nil` for 1…count.
    /// - Throws: `CanvasError.invalidArgument` on a count mismatch or a duplicate.
    public init(sizes: [Size]?, ids: [UInt64]?) throws(CanvasError) {
        try self.init(count: sizes?.count ?? ids?.count ?? 0, sizes: sizes, ids: ids)
    }

    /// Builds a list of `count` items, for when neither sizes nor ids are
    /// given (sizes measured or fixed, ids 1…count) and only a count says how many.
    /// - Throws: `CanvasError.invalidArgument` when `sizes` or `ids` do not
    ///   hold `count` entries, or on a duplicate id.
    public init(count: Int, sizes: [Size]?, ids: [UInt64]?) throws(CanvasError) {
        guard count <= Self.maximumCount else {
            throw CanvasError(.noMemory, "\(count) items is more than the \(Self.maximumCount) a canvas holds")
        }
        if let sizes, sizes.count != count {
            throw CanvasError(.invalidArgument, "\(sizes.count) sizes for \(count) items")
        }
        let sizes = sizes.map { ItemSizes($0) } ?? ItemSizes(repeating: .zero, count: count)
        guard let ids else {
            self.init(ids: ItemIDs(sequentialCount: count), sizes: sizes, positions: nil)
            return
        }
        guard ids.count == count else {
            throw CanvasError(.invalidArgument, "\(ids.count) ids for \(count) sizes")
        }
        let itemIDs = ItemIDs(ids)
        guard !itemIDs.isSequential else {
            self.init(ids: itemIDs, sizes: sizes, positions: nil)
            return
        }
        var positions = Self.emptyTable(for: ids)
        for (index, id) in ids.enumerated() {
            if let earlier = positions.set(id, index) {
                throw CanvasError(.invalidArgument, "duplicate id \(id) at items \(earlier) and \(index)")
            }
        }
        self.init(ids: itemIDs, sizes: sizes, positions: positions)
    }

    public var count: Int { ids.count }

    /// The most items a canvas holds: 2^31 − 1. Positions then fit the
    /// index's 32-bit entries and every host's int, and the arrays a
    /// resolve needs (about 100 bytes an item) can exist on a 64-bit machine.
    /// A larger count is refused with `.noMemory` before anything is allocated.
    public static let maximumCount = Int(Int32.max)

    /// The zero-based position of `id`, or `nil` when no item has it.
    public func index(of id: UInt64) -> Int? {
        guard let positions else {
            return id >= 1 && id <= UInt64(ids.count) ? Int(id - 1) : nil
        }
        return positions[id]
    }
}

/// Edits in place, for editing a canvas item by item: the arrays shift, the
/// positions after the edit are renumbered, nothing is rebuilt.
extension ItemList {
    /// Sets the given size of the item at `position`. O(1).
    mutating func setSize(_ size: Size, at position: Int) {
        sizes.set(size, at: position)
    }

    /// Inserts an item (whose id must be new) at `position`.
    /// - Complexity: as `insert(_:sizes:atSorted:)`.
    mutating func insert(_ id: UInt64, size: Size, at position: Int) {
        insert([id], sizes: [size], atSorted: [position])
    }

    /// Removes the item at `position`.
    /// - Complexity: as `remove(atSorted:)`.
    mutating func remove(at position: Int) {
        remove(atSorted: [position])
    }
}

/// Many at once, for the edits and undo steps that insert or remove a
/// group (`PlacedItems`): one pass over the arrays and one over the
/// id→position table, whatever the group's size.
extension ItemList {
    /// Removes the items at `positions` (ascending, distinct).
    /// - Complexity: O(count − positions.first) array moves plus one
    ///   sequential pass over the id table; O(count) once when the ids were 1…count.
    mutating func remove(atSorted removed: [Int]) {
        guard let first = removed.first else { return }
        let oldCount = count
        let atEnd = removed.last! == oldCount - 1 && first == oldCount - removed.count
        if positions == nil && !atEnd { positions = Self.table(of: ids) }
        let gone = removed.map { ids[$0] }
        if positions != nil || !ids.isSequential {
            ids.editExplicitly { $0.remove(atSorted: removed) }
        } else {
            ids = ItemIDs(sequentialCount: oldCount - removed.count)
        }
        sizes.remove(atSorted: removed)
        guard positions != nil else { return }
        for id in gone { positions!.remove(id) }
        let run = removed.last! - first + 1 == removed.count
        renumber(from: first, oldCount: oldCount, shift: run ? (first + removed.count, -removed.count) : nil) { table in
            var before = 0, next = 0
            for old in first..<oldCount {
                if next < removed.count && removed[next] == old {
                    before += 1
                    next += 1
                } else {
                    table[old - first] = Int32(old - before)
                }
            }
        }
    }

    /// Inserts items (whose ids must be new) so each lands at its position
    /// in `positions` (ascending, distinct, positions in the result).
    /// - Complexity: as `remove(atSorted:)`.
    mutating func insert(_ newIDs: [UInt64], sizes newSizes: [Size], atSorted placed: [Int]) {
        guard let first = placed.first else { return }
        let oldCount = count
        let appendsNext = ids.isSequential && first == oldCount && placed.last! == oldCount + placed.count - 1
            && newIDs.enumerated().allSatisfy { $1 == UInt64(oldCount + $0 + 1) }
        if positions == nil && !appendsNext { positions = Self.table(of: ids) }
        if positions != nil || !ids.isSequential {
            ids.editExplicitly { $0.insert(newIDs, atSorted: placed) }
        } else {
            ids = ItemIDs(sequentialCount: oldCount + placed.count)
        }
        sizes.insert(newSizes, atSorted: placed)
        guard positions != nil else { return }
        if first < oldCount {
            let run = placed.last! - first + 1 == placed.count
            renumber(from: first, oldCount: oldCount, shift: run ? (first, placed.count) : nil) { table in
                // Old position o moves past every inserted item i with placed[i] − i ≤ o.
                var next = 0
                for old in first..<oldCount {
                    while next < placed.count && placed[next] - next <= old { next += 1 }
                    table[old - first] = Int32(old + next)
                }
            }
        }
        for (offset, id) in newIDs.enumerated() { positions!.set(id, placed[offset]) }
    }

    private static func table(of ids: ItemIDs) -> PositionTable {
        if ids.isSequential {
            // The default ids 1…n: the dense part alone, written front to back.
            var table = PositionTable(denseLimit: ids.count + 1, minimumCapacity: 0)
            for position in 0..<ids.count { table.set(UInt64(position + 1), position) }
            return table
        }
        var table = emptyTable(for: ids)
        for (position, id) in ids.enumerated() { table.set(id, position) }
        return table
    }

    /// A table for `ids`: dense when they are numbered closely enough.
    private static func emptyTable<C: Collection>(for ids: C) -> PositionTable where C.Element == UInt64 {
        let limit = PositionTable.denseLimit(for: ids)
        return limit > 0 ? PositionTable(denseLimit: limit, minimumCapacity: 0) : PositionTable(minimumCapacity: ids.count)
    }

    /// Moves every position at or after `first` to where `fill` says (it
    /// fills in the new position of each old one from `first` on): one
    /// pass over the table's flat positions, or, for a short tail, the
    /// moved ids set again.
    /// `shift`, when given, says the same for a run in or out: old
    /// positions from `shift.from` on move by `shift.by`, with no table.
    private mutating func renumber(from first: Int, oldCount: Int, shift: (from: Int, by: Int)?,
                                   fill: (UnsafeMutableBufferPointer<Int32>) -> Void) {
        guard first < oldCount, var table = positions else { return }
        positions = nil  // let go so the table is edited in place
        defer { positions = table }
        if oldCount - first < 4096 {
            for position in first..<count { table.set(ids[position], position) }
            return
        }
        if let shift {
            table.renumber(from: shift.from, by: shift.by)
            return
        }
        var moved = [Int32](repeating: -1, count: oldCount - first)
        moved.withUnsafeMutableBufferPointer { fill($0) }
        moved.withUnsafeBufferPointer { table.renumber(from: first, $0) }
    }
}
