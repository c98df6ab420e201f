/// Item sizes in data order.
///
/// When every item has one size (a fixed size, sizes not given, or given
/// sizes that happen to be all alike) the size is stored once, not once per
/// item: at ten million items that is 160 MB a canvas does not hold. Edits
/// that make the sizes differ store them one by one from then on.
public struct ItemSizes: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    enum Storage: Hashable, Sendable {
        case uniform(Size, count: Int)
        case each([Size])
    }

    private(set) var storage: Storage

    /// The sizes as given; stored once when they are all equal.
    public init(_ sizes: [Size]) {
        if let first = sizes.first, Self.allEqual(sizes, to: first) {
            storage = .uniform(first, count: sizes.count)
        } else {
            storage = .each(sizes)
        }
    }

    public init(arrayLiteral sizes: Size...) {
        self.init(sizes)
    }

    /// `count` items of one size, stored once.
    public init(repeating size: Size, count: Int) {
        storage = .uniform(size, count: count)
    }

    public static let empty = ItemSizes(repeating: .zero, count: 0)

    /// The one size every item has, when they are stored as one.
    public var uniformSize: Size? {
        if case .uniform(let size, _) = storage { return size }
        return nil
    }

    /// Equal when they hold the same sizes in the same order, however stored.
    public static func == (lhs: ItemSizes, rhs: ItemSizes) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for size in self { hasher.combine(size) }
    }

    /// Compares with sizes in an array, as tests and hosts hold them.
    public static func == (lhs: ItemSizes, rhs: [Size]) -> Bool {
        lhs.count == rhs.count && lhs.elementsEqual(rhs)
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .uniform(_, let count): count
        case .each(let sizes): sizes.count
        }
    }

    public subscript(position: Int) -> Size {
        switch storage {
        case .uniform(let size, let count):
            precondition(position >= 0 && position < count, "size position out of range")
            return size
        case .each(let sizes):
            return sizes[position]
        }
    }

    /// Every size sanitized (non-finite or negative sides become 0). When
    /// none needs it (the usual case) the storage is shared, not copied.
    public var sanitized: ItemSizes {
        switch storage {
        case .uniform(let size, let count):
            return ItemSizes(repeating: size.sanitized, count: count)
        case .each(let sizes):
            guard sizes.allSatisfy(\.isSanitized) else { return ItemSizes(sizes.map(\.sanitized)) }
            return self
        }
    }

    /// The sizes as a contiguous buffer, for a host's callback that reads an
    /// array: a one-size list is spelled out for the call's duration only.
    public func withUnsafeBufferPointer<R, E: Error>(_ body: (UnsafeBufferPointer<Size>) throws(E) -> R) throws(E) -> R {
        switch storage {
        case .uniform(let size, let count):
            return try [Size](repeating: size, count: count).withUnsafeBufferPointer(body)
        case .each(let sizes):
            return try sizes.withUnsafeBufferPointer(body)
        }
    }

    private static func allEqual(_ sizes: [Size], to first: Size) -> Bool {
        sizes.withUnsafeBufferPointer { sizes in
            for size in sizes where size != first { return false }
            return true
        }
    }
}

/// Edits in place, for editing item by item. A one-size list stays one
/// while the edits keep it so; the first edit that breaks it spells it out.
extension ItemSizes {
    mutating func set(_ size: Size, at position: Int) {
        if case .uniform(let uniform, _) = storage, uniform == size { return }
        editEach { $0[position] = size }
    }

    mutating func insert(_ size: Size, at position: Int) {
        if case .uniform(let uniform, let count) = storage, uniform == size || count == 0 {
            storage = .uniform(size, count: count + 1)
            return
        }
        editEach { $0.insert(size, at: position) }
    }

    mutating func remove(at position: Int) {
        if case .uniform(let uniform, let count) = storage {
            precondition(position >= 0 && position < count, "size position out of range")
            storage = .uniform(uniform, count: count - 1)
            return
        }
        editEach { _ = $0.remove(at: position) }
    }

    /// Removes the sizes at `positions` (ascending, distinct) in one pass.
    mutating func remove(atSorted positions: [Int]) {
        if case .uniform(let uniform, let count) = storage {
            storage = .uniform(uniform, count: count - positions.count)
            return
        }
        editEach { $0.remove(atSorted: positions) }
    }

    /// Inserts sizes at `positions` (ascending, distinct, in the result) in one pass.
    mutating func insert(_ sizes: [Size], atSorted positions: [Int]) {
        guard let first = sizes.first else { return }
        if case .uniform(let uniform, let count) = storage,
           (count == 0 || uniform == first) && sizes.allSatisfy({ $0 == first }) {
            storage = .uniform(first, count: count + sizes.count)
            return
        }
        editEach { $0.insert(sizes, atSorted: positions) }
    }

    private mutating func editEach(_ body: (inout [Size]) -> Void) {
        var sizes: [Size]
        switch storage {
        case .uniform(let size, let count): sizes = .large(count: count, room: [Size].roomToGrow(count)) { $0.initialize(repeating: size) }
        case .each(let each): sizes = each
        }
        storage = .uniform(.zero, count: 0)  // let go of the array so it is unique
        body(&sizes)
        storage = .each(sizes)
    }
}
