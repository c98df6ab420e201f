#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One integer per slot, every one zero until written, in memory that costs
/// only the pages written.
///
/// A Swift array of a million elements is written whole when it is made
/// (even `repeating: 0`), and on this machine the kernel's first touch of
/// each fresh 4 KB page costs about 0.4 ms a megabyte: the first edit of a
/// fresh board that built an order of its slots spent most of its 28 ms
/// there (issue 20). Memory from `calloc` of this size is a fresh mapping,
/// zero without being written, so a column read where nothing was written
/// reads the shared zero page and one written in a few places maps a few
/// pages. Users give zero a meaning ("as at the start") and store the rest
/// shifted by one.
///
/// A value type: a copy shares the memory until either side writes.
struct ZeroedColumn<Element: FixedWidthInteger>: @unchecked Sendable {
    private final class Storage {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            self.capacity = Swift.max(1, capacity)
            guard let raw = calloc(self.capacity, MemoryLayout<Element>.stride) else {
                // As an array that cannot be allocated: the process is out of memory.
                fatalError("out of memory")
            }
            base = raw.bindMemory(to: Element.self, capacity: self.capacity)
        }

        deinit { free(base) }
    }

    private var storage: Storage
    /// How many elements the column holds.
    private(set) var count: Int

    /// `count` zeros, with room for `capacity` before the memory moves.
    init(count: Int, capacity: Int = 0) {
        storage = Storage(capacity: Swift.max(count, capacity))
        self.count = count
    }

    var capacity: Int { storage.capacity }

    subscript(index: Int) -> Element {
        get {
            precondition(index >= 0 && index < count, "index out of range")
            return storage.base[index]
        }
        set {
            precondition(index >= 0 && index < count, "index out of range")
            makeUnique()
            storage.base[index] = newValue
        }
    }

    /// Zeros appended up to `newCount`; past the capacity, the elements move
    /// once into `Array.roomToGrow` of it (only the written part is copied).
    mutating func grow(to newCount: Int) {
        guard newCount > count else { return }
        if newCount > storage.capacity || !isKnownUniquelyReferenced(&storage) {
            let capacity = newCount > storage.capacity ? [Element].roomToGrow(newCount) : storage.capacity
            let fresh = Storage(capacity: capacity)
            fresh.base.update(from: storage.base, count: count)
            storage = fresh
        }
        count = newCount
    }

    /// The elements, for a loop that writes many.
    mutating func withUnsafeMutableBufferPointer<R>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> R) rethrows -> R {
        makeUnique()
        return try body(UnsafeMutableBufferPointer(start: storage.base, count: count))
    }

    private mutating func makeUnique() {
        guard !isKnownUniquelyReferenced(&storage) else { return }
        let fresh = Storage(capacity: storage.capacity)
        fresh.base.update(from: storage.base, count: count)
        storage = fresh
    }
}

extension ZeroedColumn: Hashable {
    static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && (lhs.storage === rhs.storage || (0..<lhs.count).allSatisfy { lhs[$0] == rhs[$0] })
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for index in 0..<count { hasher.combine(self[index]) }
    }
}
