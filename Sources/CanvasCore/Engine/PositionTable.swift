/// Where each id stands in the data order: a flat open-addressing table
/// (linear probing, Fibonacci hashing) of ids and 32-bit positions.
///
/// Not a `Dictionary` because an edit in the middle of the order moves
/// every position after it: here that is one tight pass over a flat array
/// of positions (about 1 ms at a million items), where rewriting a
/// dictionary's values or rehashing the moved ids took 300–470 ms
/// (measured, issue 20). Lookups hash once and probe a few slots.
struct PositionTable: Sendable {
    private var keys: [UInt64]
    /// The position of the id in the same slot; −1 for an empty slot.
    private var values: [Int32]
    private var shift: UInt64
    private(set) var count = 0

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
        keys.withUnsafeBufferPointer { keys in
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
        if 2 * (count + 1) > keys.count { grow() }
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
        return nil
    }

    /// Forgets `id` (backward-shift deletion: no tombstones, probes stay short).
    mutating func remove(_ id: UInt64) {
        let mask = self.mask
        var slot = home(id)
        while true {
            guard values[slot] >= 0 else { return }
            if keys[slot] == id { break }
            slot = (slot + 1) & mask
        }
        count -= 1
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
        values.withUnsafeMutableBufferPointer { values in
            for slot in values.indices {
                let old = values[slot]
                values[slot] = old >= first ? old &+ delta : old
            }
        }
    }

    private mutating func grow() {
        var larger = PositionTable(minimumCapacity: keys.count)
        for slot in keys.indices where values[slot] >= 0 { larger.set(keys[slot], Int(values[slot])) }
        self = larger
    }
}
