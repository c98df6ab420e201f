/// Item ids in data order.
///
/// The default ids, 1…count, are not stored: the id at a position is the
/// position plus one. At a million items that saves 8 MB and, since ids 1…n
/// cannot repeat, the duplicate check and the id→position table too.
public struct ItemIDs: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    private enum Storage: Sendable {
        case sequential(count: Int)
        case explicit([UInt64])
        /// Ids by slot (`nil`: slot s holds id s + 1) in a slot order (`ItemList`).
        case ordered(bySlot: [UInt64]?, order: SlotOrder)
    }

    private var storage: Storage

    /// Ids as given; stored only when they are not 1…count.
    public init(_ ids: [UInt64]) {
        storage = Self.isSequential(ids) ? .sequential(count: ids.count) : .explicit(ids)
    }

    /// Ids as given, stored as they are (an `ItemList`'s, known not to repeat).
    init(explicit ids: [UInt64]) {
        storage = .explicit(ids)
    }

    /// The ids of the slots in `order`, in that order.
    init(slotIDs: [UInt64]?, order: SlotOrder) {
        storage = .ordered(bySlot: slotIDs, order: order)
    }

    public init(arrayLiteral ids: UInt64...) {
        self.init(ids)
    }

    /// The ids 1…count.
    public init(sequentialCount count: Int) {
        storage = .sequential(count: count)
    }

    public static let empty = ItemIDs(sequentialCount: 0)

    /// Equal when they hold the same ids in the same order, however stored.
    public static func == (lhs: ItemIDs, rhs: ItemIDs) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for id in self { hasher.combine(id) }
    }

    /// Compares with ids in an array, as tests and hosts hold them.
    public static func == (lhs: ItemIDs, rhs: [UInt64]) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    /// True when the ids are 1…count, in order.
    public var isSequential: Bool {
        if case .sequential = storage { return true }
        return false
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .sequential(let count): count
        case .explicit(let ids): ids.count
        case .ordered(_, let order): order.count
        }
    }

    public subscript(position: Int) -> UInt64 {
        switch storage {
        case .sequential(let count):
            precondition(position >= 0 && position < count, "id position out of range")
            return UInt64(position + 1)
        case .explicit(let ids):
            return ids[position]
        case .ordered(let bySlot, let order):
            let slot = order.slot(at: position)
            return bySlot?[slot] ?? UInt64(slot + 1)
        }
    }

    /// The ids at `positions`: for ascending positions (a query's answer) a
    /// walk through a slot order's blocks rather than a search per id.
    func ids(at positions: [Int]) -> [UInt64] {
        guard case .ordered(let bySlot, let order) = storage else { return positions.map { self[$0] } }
        let slots = order.slots(at: positions)
        guard let bySlot else { return slots.map { UInt64($0 + 1) } }
        return slots.map { bySlot[$0] }
    }

    /// Walks the ids in order (a slot order block by block, not a search per id).
    public func makeIterator() -> Iterator {
        guard case .ordered(let bySlot, let order) = storage else { return Iterator(ids: self, slots: nil, bySlot: nil) }
        return Iterator(ids: self, slots: order.slots, bySlot: bySlot)
    }

    public struct Iterator: IteratorProtocol {
        let ids: ItemIDs
        let slots: [Int]?
        let bySlot: [UInt64]?
        var cursor = 0

        init(ids: ItemIDs, slots: [Int]?, bySlot: [UInt64]?) {
            self.ids = ids
            self.slots = slots
            self.bySlot = bySlot
        }

        public mutating func next() -> UInt64? {
            defer { cursor += 1 }
            guard let slots else { return cursor < ids.count ? ids[cursor] : nil }
            guard cursor < slots.count else { return nil }
            return bySlot?[slots[cursor]] ?? UInt64(slots[cursor] + 1)
        }
    }

    private static func isSequential(_ ids: [UInt64]) -> Bool {
        ids.withUnsafeBufferPointer { ids in
            for index in ids.indices where ids[index] != UInt64(index + 1) { return false }
            return true
        }
    }
}

/// Where the items stand in storage kept by slot (`ItemList`'s stable
/// slots): a canvas keeps its frames by slot, so an insert or a removal
/// anywhere writes its own items' frames and shifts nothing (issue 20).
/// Until the ids stand in a slot order (the first insert or removal not at
/// the end), a slot is its position.
extension ItemIDs {
    /// Whether the ids stand in a slot order (slots and positions differ).
    var hasOrder: Bool {
        if case .ordered = storage { return true }
        return false
    }

    /// The slot of the item at `position`. O(log blocks) in a slot order, else O(1).
    @inline(__always)
    func slot(at position: Int) -> Int {
        guard case .ordered(_, let order) = storage else { return position }
        return order.slot(at: position)
    }

    /// The slots of the items at `positions`: a walk through the blocks for ascending ones.
    func slots(at positions: [Int]) -> [Int] {
        guard case .ordered(_, let order) = storage else { return positions }
        return order.slots(at: positions)
    }

    /// The position of the item in `slot`, nil when it holds none. O(1).
    func position(ofSlot slot: Int) -> Int? {
        guard case .ordered(_, let order) = storage else { return slot >= 0 && slot < count ? slot : nil }
        return order.position(of: slot)
    }

    /// The id of the item in `slot`, nil when it holds none. O(1).
    func id(ofSlot slot: Int) -> UInt64? {
        switch storage {
        case .sequential(let count): return slot >= 0 && slot < count ? UInt64(slot + 1) : nil
        case .explicit(let ids): return slot >= 0 && slot < ids.count ? ids[slot] : nil
        case .ordered(let bySlot, let order):
            guard order.contains(slot) else { return nil }
            return bySlot?[slot] ?? UInt64(slot + 1)
        }
    }

    /// The slots in data order.
    var slotsInOrder: [Int] {
        guard case .ordered(_, let order) = storage else { return Array(0..<count) }
        return order.slots
    }

    /// Values kept by slot, in data order (`bySlot` itself when slots are positions).
    func inOrder<Value>(_ bySlot: [Value]) -> [Value] {
        guard case .ordered(_, let order) = storage else {
            return bySlot.count == count ? bySlot : Array(bySlot.prefix(count))
        }
        var values: [Value] = []
        values.reserveCapacity(order.count)
        bySlot.withUnsafeBufferPointer { bySlot in order.forEach { values.append(bySlot[$0]) } }
        return values
    }
}

extension ItemIDs {
    /// Edits the ids as an array. Default ids become explicit first (once);
    /// explicit ones are edited in place when nothing else shares them.
    mutating func editExplicitly(_ body: (inout [UInt64]) -> Void) {
        var ids: [UInt64]
        switch storage {
        case .sequential(let count): ids = (0..<count).map { UInt64($0 + 1) }
        case .explicit(let explicit): ids = explicit
        case .ordered: ids = Array(self)
        }
        storage = .sequential(count: 0)  // let go of the array so it is unique
        body(&ids)
        storage = .explicit(ids)
    }
}
