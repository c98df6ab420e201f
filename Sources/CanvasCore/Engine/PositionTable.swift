/// Where each id stands: a flat array of 32-bit numbers indexed by id for
/// ids below `denseLimit`, and a flat open-addressing table (linear
/// probing, Fibonacci hashing) of ids and numbers for the rest.
///
/// `ItemList` keeps the item's stable slot here (issue 20), which an order
/// edit never changes, so the renumbering passes below are no longer called
/// by the engine; the notes on them are from when the table held positions.
///
/// Not a `Dictionary` because an edit in the middle of the order moves
/// every position after it: here that is one tight pass over flat arrays
/// of positions, where rewriting a dictionary's values or rehashing the
/// moved ids took 300–470 ms at a million items (measured, issue 20).
///
/// The dense part is for ids a host numbers from about 1 (the default ids
/// 1…n once an edit makes them explicit, or a host's own database keys): 4
/// bytes an id instead of the hash table's 24–48 (keys and positions, kept
/// at most half full), built by one sequential write instead of a million
/// scattered ones (about 250 ms at 1,000,000 on a loaded machine, the cost
/// of the first order edit of a session), and renumbered in id order, so a
/// pass reads its `moved` table front to back. Ids at or past `denseLimit`
/// (ids inserted later, far-out keys) go to the hash part.
struct PositionTable: Sendable {
    /// The position of id `i` at `dense[i]`; −1 for an absent id.
    private var dense: [Int32] = []
    private var keys: [UInt64]
    /// The position of the id in the same slot; −1 for an empty slot.
    private var values: [Int32]
    private var shift: UInt64
    private(set) var count = 0
    /// How many ids the hash part holds.
    private var hashedCount = 0

    /// Ids below this are looked up in `dense`.
    var denseLimit: Int { dense.count }

    /// A table whose ids below `denseLimit` live in a flat array (all
    /// absent at first), the rest in a hash part sized for `minimumCapacity`.
    init(denseLimit: Int, minimumCapacity: Int) {
        self.init(minimumCapacity: minimumCapacity)
        dense = [Int32](repeating: -1, count: denseLimit)
    }

    /// The dense limit for a table of `ids`: past the largest id when the
    /// ids are dense enough that the flat array costs no more than a hash
    /// table would (at most 4 ids a slot's worth apart); else 0.
    static func denseLimit<C: Collection>(for ids: C) -> Int where C.Element == UInt64 {
        var largest: UInt64 = 0
        for id in ids where id > largest { largest = id }
        let limit = Int(clamping: largest) &+ 1
        return ids.count > 0 && largest < UInt64(Int32.max) && limit <= 4 * ids.count + 64 ? limit : 0
    }

    init(minimumCapacity: Int) {
        var capacity = 16, bits: UInt64 = 4
        // At most half full, so probes stay short.
        while capacity < 2 * minimumCapacity {
            capacity *= 2
            bits += 1
        }
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Int32](repeating: -1, count: capacity)
        shift = 64 - bits
    }

    @inline(__always)
    private func home(_ id: UInt64) -> Int { Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> shift) }

    private var mask: Int { keys.count - 1 }

    subscript(id: UInt64) -> Int? {
        if id < UInt64(dense.count) {
            let position = dense[Int(id)]
            return position >= 0 ? Int(position) : nil
        }
        guard hashedCount > 0 else { return nil }
        return keys.withUnsafeBufferPointer { keys in
            values.withUnsafeBufferPointer { values in
                let mask = keys.count - 1
                var slot = home(id)
                while values[slot] >= 0 {
                    if keys[slot] == id { return Int(values[slot]) }
                    slot = (slot + 1) & mask
                }
                return nil
            }
        }
    }

    /// Sets the position of `id`; returns the one it replaced.
    @discardableResult
    mutating func set(_ id: UInt64, _ position: Int) -> Int? {
        if id < UInt64(dense.count) {
            let old = dense[Int(id)]
            dense[Int(id)] = Int32(position)
            if old >= 0 { return Int(old) }
            count += 1
            return nil
        }
        if 2 * (hashedCount + 1) > keys.count { grow() }
        var slot = home(id)
        while values[slot] >= 0 {
            if keys[slot] == id {
                let old = Int(values[slot])
                values[slot] = Int32(position)
                return old
            }
            slot = (slot + 1) & mask
        }
        keys[slot] = id
        values[slot] = Int32(position)
        count += 1
        hashedCount += 1
        return nil
    }

    /// Forgets `id` (backward-shift deletion: no tombstones, probes stay short).
    mutating func remove(_ id: UInt64) {
        if id < UInt64(dense.count) {
            if dense[Int(id)] >= 0 { count -= 1 }
            dense[Int(id)] = -1
            return
        }
        let mask = self.mask
        var slot = home(id)
        while true {
            guard values[slot] >= 0 else { return }
            if keys[slot] == id { break }
            slot = (slot + 1) & mask
        }
        count -= 1
        hashedCount -= 1
        var hole = slot, next = (slot + 1) & mask
        while values[next] >= 0 {
            let wanted = home(keys[next])
            // Move the entry back when the hole lies between its home and it (cyclically).
            if (next - wanted) & mask >= (next - hole) & mask {
                keys[hole] = keys[next]
                values[hole] = values[next]
                hole = next
            }
            next = (next + 1) & mask
        }
        values[hole] = -1
    }

    /// Every position at or after `first` becomes `moved[position − first]`.
    mutating func renumber(from first: Int, _ moved: UnsafeBufferPointer<Int32>) {
        let first = Int32(first)
        dense.withUnsafeMutableBufferPointer { dense in
            for id in dense.indices {
                let old = dense[id]
                if old >= first { dense[id] = moved[Int(old - first)] }
            }
        }
        guard hashedCount > 0 else { return }
        values.withUnsafeMutableBufferPointer { values in
            for slot in values.indices {
                let old = values[slot]
                if old >= first { values[slot] = moved[Int(old - first)] }
            }
        }
    }

    /// Every position at or after `first` moves by `delta`: the common
    /// case (one item, or a run of them, in or out), a streaming pass.
    mutating func renumber(from first: Int, by delta: Int) {
        let first = Int32(first), delta = Int32(delta)
        dense.withUnsafeMutableBufferPointer { dense in
            for id in dense.indices {
                let old = dense[id]
                dense[id] = old >= first ? old &+ delta : old
            }
        }
        guard hashedCount > 0 else { return }
        values.withUnsafeMutableBufferPointer { values in
            for slot in values.indices {
                let old = values[slot]
                values[slot] = old >= first ? old &+ delta : old
            }
        }
    }

    /// Doubles the hash part; the dense part stays as it is.
    private mutating func grow() {
        var larger = PositionTable(minimumCapacity: keys.count)
        for slot in keys.indices where values[slot] >= 0 { larger.set(keys[slot], Int(values[slot])) }
        keys = larger.keys
        values = larger.values
        shift = larger.shift
    }
}
