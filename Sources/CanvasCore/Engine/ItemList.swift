/// The items on a canvas: ids and sizes, in data order, with a lookup from
/// id to position.
///
/// Each item holds a slot that does not change while it lives (issue 20):
/// its id and size are stored by slot, the id table maps an id to its slot,
/// and the data order is a `SlotOrder` of slots in blocks, so inserting or
/// removing anywhere writes the slots it touches and shifts one block,
/// instead of moving every array behind the position and renumbering the
/// id table. Until the first such edit (and on lists only ever appended to
/// or cut at the end) the order is the slots' own, 0…count − 1, and costs
/// nothing.
public struct ItemList: Sendable {
    /// By slot: the ids; `nil` while slot s holds id s + 1 (the default ids,
    /// and those a removal's undo or an append of the next ids put back).
    private var slotIDs: [UInt64]?
    /// By slot: the sizes given with the items (zeros when they were
    /// omitted); one size shared by every slot is stored once.
    private var slotSizes: ItemSizes
    /// Where each explicit id stands: its slot; `nil` while `slotIDs` is.
    /// 4–48 bytes per item (4 for ids numbered closely, 24–48 in a
    /// `PositionTable`'s hash part).
    private var table: PositionTable?
    /// The data order of the slots; `nil` while it is 0…count − 1.
    private var order: SlotOrder?
    /// Slots that held an item and may hold another (explicit ids only).
    private var spareSlots: [Int] = []

    public static let empty = ItemList(slotIDs: nil, slotSizes: .empty, table: nil)

    private init(slotIDs: [UInt64]?, slotSizes: ItemSizes, table: PositionTable?) {
        self.slotIDs = slotIDs
        self.slotSizes = slotSizes
        self.table = table
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
            self.init(slotIDs: nil, slotSizes: sizes, table: nil)
            return
        }
        guard ids.count == count else {
            throw CanvasError(.invalidArgument, "\(ids.count) ids for \(count) sizes")
        }
        guard !ItemIDs(ids).isSequential else {
            self.init(slotIDs: nil, slotSizes: sizes, table: nil)
            return
        }
        var table = Self.emptyTable(for: ids)
        for (index, id) in ids.enumerated() {
            if let earlier = table.set(id, index) {
                throw CanvasError(.invalidArgument, "duplicate id \(id) at items \(earlier) and \(index)")
            }
        }
        self.init(slotIDs: ids, slotSizes: sizes, table: table)
    }

    public var count: Int { order?.count ?? slotSizes.count }

    /// The ids in data order (a view over the slots: an id by position is a
    /// block lookup once the order is not the slots' own).
    public var ids: ItemIDs {
        if let order { return ItemIDs(slotIDs: slotIDs, order: order) }
        guard let slotIDs else { return ItemIDs(sequentialCount: slotSizes.count) }
        return ItemIDs(explicit: slotIDs)
    }

    /// Whether the ids are 1…count in data order, asked without building
    /// `ids` (a query asks it every time).
    public var hasSequentialIDs: Bool { order == nil && slotIDs == nil }

    /// The sizes in data order. Spelled out in data order (O(count)) when
    /// the order is not the slots' own and the sizes differ: for a layout's
    /// pass over them; `size(at:)` reads one.
    public var sizes: ItemSizes {
        guard let order else { return slotSizes }
        if let size = slotSizes.uniformSize { return ItemSizes(repeating: size, count: order.count) }
        var inOrder: [Size] = []
        inOrder.reserveCapacity(order.count)
        let sizes = slotSizes
        order.forEach { inOrder.append(sizes[$0]) }
        return ItemSizes(inOrder)
    }

    /// The size given with the item at `position`.
    public func size(at position: Int) -> Size { slotSizes[slot(at: position)] }

    /// The id of the item at `position`.
    public func id(at position: Int) -> UInt64 {
        let slot = slot(at: position)
        return slotIDs?[slot] ?? UInt64(slot + 1)
    }

    /// The most items a canvas holds: 2^31 − 1. Positions then fit the
    /// index's 32-bit entries and every host's int, and the arrays a
    /// resolve needs (about 100 bytes an item) can exist on a 64-bit machine.
    /// A larger count is refused with `.noMemory` before anything is allocated.
    public static let maximumCount = Int(Int32.max)

    /// The zero-based position of `id`, or `nil` when no item has it.
    public func index(of id: UInt64) -> Int? {
        guard let slot = slot(of: id) else { return nil }
        return order?.position(of: slot) ?? slot
    }

    /// The slot of `id`, when an item has it.
    func slot(of id: UInt64) -> Int? {
        if let table { return table[id] }
        guard id >= 1 && id <= UInt64(slotSizes.count) else { return nil }
        let slot = Int(id - 1)
        if let order, !order.contains(slot) { return nil }
        return slot
    }

    /// The slot of the item at `position`.
    func slot(at position: Int) -> Int { order?.slot(at: position) ?? position }

    /// The slots of the items at `positions`: a walk of the blocks for ascending ones.
    func slots(at positions: [Int]) -> [Int] { order?.slots(at: positions) ?? positions }

    /// Whether the data order is no longer the slots' own (an insert or a
    /// removal not at the end made it a `SlotOrder`; it stays one).
    var hasOrder: Bool { order != nil }

    /// How many slots have been handed out, live or not: frames by slot have this many.
    var slotCount: Int { slotSizes.count }

    /// The position of the item in `slot` (which must hold one). O(1).
    func position(ofSlot slot: Int) -> Int { order?.position(of: slot) ?? slot }

    /// The id of the item in `slot`.
    func id(ofSlot slot: Int) -> UInt64 { slotIDs?[slot] ?? UInt64(slot + 1) }

    /// The slots in data order.
    var slotsInOrder: [Int] { order?.slots ?? Array(0..<count) }

    /// `frames` (one per item, in data order) placed by slot; a slot
    /// holding no item gets a zero frame, which takes part in no index.
    func bySlot(_ frames: [Rect]) -> [Rect] {
        guard let order else { return frames }
        var placed = [Rect](repeating: .zero, count: slotSizes.count)
        var position = 0
        order.forEach { slot in
            placed[slot] = frames[position]
            position += 1
        }
        return placed
    }
}

/// Edits in place, for editing a canvas item by item: the slots the edit
/// touches are written and one block of the order shifts; nothing is
/// renumbered or rebuilt.
extension ItemList {
    /// Sets the given size of the item at `position`. O(1) on top of the slot lookup.
    mutating func setSize(_ size: Size, at position: Int) {
        slotSizes.set(size, at: slot(at: position))
    }

    /// Sets the given size of the item in `slot`. O(1).
    mutating func setSize(_ size: Size, ofSlot slot: Int) {
        slotSizes.set(size, at: slot)
    }

    /// Inserts an item (whose id must be new) at `position`.
    mutating func insert(_ id: UInt64, size: Size, at position: Int) {
        insert([id], sizes: [size], atSorted: [position])
    }

    /// Removes the item at `position`.
    mutating func remove(at position: Int) {
        remove(atSorted: [position])
    }
}

/// Many at once, for the edits and undo steps that insert or remove a
/// group (`PlacedItems`).
extension ItemList {
    /// Removes the items at `positions` (ascending, distinct).
    /// - Complexity: O(k log blocks + the blocks they stand in); cutting the
    ///   end of a list in the slots' own order is O(k). The first edit that
    ///   leaves the slots' own order builds the order, O(count) once.
    mutating func remove(atSorted removed: [Int]) {
        guard let first = removed.first else { return }
        let oldCount = count
        let atEnd = removed.last! == oldCount - 1 && first == oldCount - removed.count
        if order == nil && atEnd {
            // Still the slots' own order: the last slots go.
            if table != nil { for slot in first..<oldCount { table!.remove(slotIDs![slot]) } }
            slotIDs?.removeLast(removed.count)
            slotSizes.remove(atSorted: removed)
            return
        }
        if order == nil { order = SlotOrder(identity: oldCount) }
        let slots = order!.remove(atSorted: removed)
        guard table != nil else { return }  // ids slot + 1: the slots stay for those ids
        for slot in slots { table!.remove(slotIDs![slot]) }
        spareSlots.append(contentsOf: slots)
    }

    /// Inserts items (whose ids must be new) so each lands at its position
    /// in `positions` (ascending, distinct, positions in the result).
    /// - Complexity: as `remove(atSorted:)`, plus, the first time an id does
    ///   not fit its slot (a slot holding id slot + 1), the id table, O(count) once.
    mutating func insert(_ newIDs: [UInt64], sizes newSizes: [Size], atSorted placed: [Int]) {
        guard let first = placed.first else { return }
        let oldCount = count, oldSlots = slotSizes.count
        if table == nil && !Self.fitsOwnSlots(newIDs, slotCount: oldSlots, order: order) { makeTable() }
        var slots: [Int]
        if table == nil {
            slots = newIDs.map { Int($0 - 1) }
        } else {
            var next = oldSlots
            slots = newIDs.map { _ in
                if let spare = spareSlots.popLast() { return spare }
                next += 1
                return next - 1
            }
        }
        let highest = slots.max()!
        if highest >= oldSlots {
            let grow = highest + 1 - oldSlots
            slotSizes.insert([Size](repeating: newSizes[0], count: grow), atSorted: Array(oldSlots..<(oldSlots + grow)))
            slotIDs?.appendGrowing(repeating: 0, count: grow)
        }
        for (offset, slot) in slots.enumerated() {
            slotSizes.set(newSizes[offset], at: slot)
            if table != nil {
                slotIDs![slot] = newIDs[offset]
                table!.set(newIDs[offset], slot)
            }
        }
        let appends = order == nil && first == oldCount && placed.last! == oldCount + placed.count - 1
            && slots.enumerated().allSatisfy { $1 == oldCount + $0 }
        if appends { return }
        if order == nil { order = SlotOrder(identity: oldCount) }
        order!.insert(slots, atSorted: placed)
    }

    /// Whether each new id can take slot id − 1: a free slot of the order,
    /// or the next new slots, without gaps.
    private static func fitsOwnSlots(_ ids: [UInt64], slotCount: Int, order: SlotOrder?) -> Bool {
        var beyond: [Int] = []
        for id in ids {
            guard id >= 1, id <= UInt64(ItemList.maximumCount) else { return false }
            let slot = Int(id - 1)
            if slot >= slotCount {
                beyond.append(slot)
            } else if order == nil || order!.contains(slot) {
                return false
            }
        }
        beyond.sort()
        return beyond.enumerated().allSatisfy { $1 == slotCount + $0 }
    }

    /// Gives the ids slot + 1 an explicit array and an id table, once, so
    /// ids that do not fit their slots can be stored.
    private mutating func makeTable() {
        let slotCount = slotSizes.count
        var table = PositionTable(denseLimit: slotCount + 1, minimumCapacity: 0)
        var ids = [UInt64](repeating: 0, count: slotCount)
        for slot in 0..<slotCount where order?.contains(slot) ?? true {
            ids[slot] = UInt64(slot + 1)
            table.set(UInt64(slot + 1), slot)
        }
        if let order { spareSlots = (0..<slotCount).filter { !order.contains($0) } }
        slotIDs = ids
        self.table = table
    }

    /// A table for `ids`: dense when they are numbered closely enough.
    private static func emptyTable<C: Collection>(for ids: C) -> PositionTable where C.Element == UInt64 {
        let limit = PositionTable.denseLimit(for: ids)
        return limit > 0 ? PositionTable(denseLimit: limit, minimumCapacity: 0) : PositionTable(minimumCapacity: ids.count)
    }
}
