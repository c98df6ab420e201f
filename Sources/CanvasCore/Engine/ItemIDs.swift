/// Item ids in data order.
///
/// The default ids, 1…count, are not stored: the id at a position is the
/// position plus one. At a million items that saves 8 MB and, since ids 1…n
/// cannot repeat, the duplicate check and the id→position table too.
public struct ItemIDs: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    private enum Storage: Hashable, Sendable {
        case sequential(count: Int)
        case explicit([UInt64])
    }

    private var storage: Storage

    /// Ids as given; stored only when they are not 1…count.
    public init(_ ids: [UInt64]) {
        storage = Self.isSequential(ids) ? .sequential(count: ids.count) : .explicit(ids)
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
        }
    }

    public subscript(position: Int) -> UInt64 {
        switch storage {
        case .sequential(let count):
            precondition(position >= 0 && position < count, "id position out of range")
            return UInt64(position + 1)
        case .explicit(let ids):
            return ids[position]
        }
    }

    private static func isSequential(_ ids: [UInt64]) -> Bool {
        ids.withUnsafeBufferPointer { ids in
            for index in ids.indices where ids[index] != UInt64(index + 1) { return false }
            return true
        }
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
        }
        storage = .sequential(count: 0)  // let go of the array so it is unique
        body(&ids)
        storage = .explicit(ids)
    }
}
