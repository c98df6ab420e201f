/// The items on a canvas: ids and sizes, in data order, with a lookup from
/// id to position.
public struct ItemList: Sendable {
    public private(set) var ids: ItemIDs
    /// The sizes given with the items (zeros when they were omitted); one
    /// size shared by every item is stored once.
    public private(set) var sizes: ItemSizes
    /// Where each explicit id stands; `nil` for the default ids 1…count,
    /// whose position is the id less one. Skipping the table saves a hash per
    /// item when the items are set and about 40 bytes per item while they live.
    private var positions: [UInt64: Int]?

    public static let empty = ItemList(ids: .empty, sizes: .empty, positions: nil)

    private init(ids: ItemIDs, sizes: ItemSizes, positions: [UInt64: Int]?) {
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
        var positions = [UInt64: Int](minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() {
            if let earlier = positions.updateValue(index, forKey: id) {
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
    /// - Complexity: O(count − position), and O(count) once when the ids were 1…count.
    mutating func insert(_ id: UInt64, size: Size, at position: Int) {
        if positions == nil && !(position == count && id == UInt64(count + 1)) {
            positions = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        }
        if positions != nil || !ids.isSequential {
            ids.editExplicitly { $0.insert(id, at: position) }
        } else {
            ids = ItemIDs(sequentialCount: count + 1)
        }
        sizes.insert(size, at: position)
        if positions != nil {
            for later in (position + 1)..<count { positions![ids[later]] = later }
            positions![id] = position
        }
    }

    /// Removes the item at `position`.
    /// - Complexity: O(count − position), and O(count) once when the ids were 1…count.
    mutating func remove(at position: Int) {
        if positions == nil && position != count - 1 {
            positions = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
        }
        let id = ids[position]
        if positions != nil || !ids.isSequential {
            ids.editExplicitly { _ = $0.remove(at: position) }
        } else {
            ids = ItemIDs(sequentialCount: count - 1)
        }
        sizes.remove(at: position)
        if positions != nil {
            positions![id] = nil
            for later in position..<count { positions![ids[later]] = later }
        }
    }
}
