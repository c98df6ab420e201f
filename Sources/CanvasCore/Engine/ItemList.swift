/// The items on a canvas: ids and sizes, in data order, with a lookup from
/// id to position.
public struct ItemList: Sendable {
    public private(set) var ids: [UInt64]
    /// The sizes given with the items (zeros when they were omitted).
    public private(set) var sizes: [Size]
    private var positions: Positions

    /// Where each id stands. Ids 1…count, the default, need no table: the
    /// position is the id less one. Skipping the table saves a hash per item
    /// when the items are set and about 40 bytes per item for as long as
    /// they live.
    private enum Positions {
        case sequential
        case table([UInt64: Int])
    }

    public static let empty = ItemList(ids: [], sizes: [], positions: .sequential)

    private init(ids: [UInt64], sizes: [Size], positions: Positions) {
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
        let count = sizes?.count ?? ids?.count ?? 0
        let ids = ids ?? (0..<count).map { UInt64($0 + 1) }
        guard ids.count == count else {
            throw CanvasError(.invalidArgument, "\(ids.count) ids for \(count) sizes")
        }
        let sizes = sizes ?? [Size](repeating: .zero, count: count)
        guard !Self.isSequential(ids) else {
            self.init(ids: ids, sizes: sizes, positions: .sequential)
            return
        }
        var positions = [UInt64: Int](minimumCapacity: ids.count)
        for (index, id) in ids.enumerated() {
            if let earlier = positions.updateValue(index, forKey: id) {
                throw CanvasError(.invalidArgument, "duplicate id \(id) at items \(earlier + 1) and \(index + 1)")
            }
        }
        self.init(ids: ids, sizes: sizes, positions: .table(positions))
    }

    /// True when the ids are 1…count in order (so none repeats).
    private static func isSequential(_ ids: [UInt64]) -> Bool {
        ids.withUnsafeBufferPointer { ids in
            for index in ids.indices where ids[index] != UInt64(index + 1) { return false }
            return true
        }
    }

    public var count: Int { ids.count }

    /// The zero-based position of `id`, or `nil` when no item has it.
    public func index(of id: UInt64) -> Int? {
        switch positions {
        case .sequential:
            return id >= 1 && id <= UInt64(ids.count) ? Int(id - 1) : nil
        case .table(let table):
            return table[id]
        }
    }
}
