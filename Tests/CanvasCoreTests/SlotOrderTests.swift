import Testing
@testable import CanvasCore

/// The stable slots under an item list (issue 20): the blocked order and the
/// list built on it, against plain arrays edited one item at a time.
@Suite("Stable slots")
struct SlotOrderTests {
    /// Ascending, distinct positions: `k` of `0..<limit`.
    func sortedPositions(_ rng: inout SplitMix64, _ k: Int, below limit: Int) -> [Int] {
        var picked = Set<Int>()
        while picked.count < Swift.min(k, limit) { picked.insert(Int(rng.next() % UInt64(limit))) }
        return picked.sorted()
    }

    func checkOrder(_ order: SlotOrder, _ model: [Int], _ what: String) {
        #expect(order.count == model.count, "\(what): count")
        #expect(order.slots == model, "\(what): slots in order")
        var right = true
        for (position, slot) in model.enumerated() where order.slot(at: position) != slot || order.position(of: slot) != position {
            right = false
        }
        #expect(right, "\(what): position ↔ slot")
        let live = Set(model)
        #expect((0..<order.slotCapacity).allSatisfy { order.contains($0) == live.contains($0) }, "\(what): live slots")
    }

    @Test("emptying the last block, or a middle one, keeps every position right (the starts are renumbered from the first block touched)")
    func emptiedBlocks() {
        // Blocks of 256, 256 and 88 slots.
        var order = SlotOrder(identity: 600)
        var model = Array(0..<600)
        order.remove(atSorted: Array(512..<600))
        model.removeLast(88)
        checkOrder(order, model, "last block emptied")
        order.remove(atSorted: Array(256..<512))
        model.removeLast(256)
        checkOrder(order, model, "the new last block emptied")
        order.insert([600, 601], atSorted: [0, 257])
        model.insert(600, at: 0)
        model.insert(601, at: 257)
        checkOrder(order, model, "inserted at the front and the end")
        order.remove(atSorted: Array(1..<257))
        model.removeSubrange(1..<257)
        checkOrder(order, model, "the middle emptied")
    }

    @Test("removals and insertions anywhere, alone and in groups, through block splits and emptied blocks, match an array",
          arguments: [(301, 50), (302, 3000), (303, 9000)] as [(UInt64, Int)])
    func againstArray(seed: UInt64, count: Int) {
        var rng = SplitMix64(seed: seed)
        var order = SlotOrder(identity: count)
        var model = Array(0..<count)
        var spare: [Int] = []
        var nextSlot = count
        checkOrder(order, model, "identity")
        for round in 0..<200 {
            let what = "round \(round)"
            if rng.next() % 2 == 0 && !model.isEmpty {
                // Often a large group, so whole blocks empty out.
                let k = rng.next() % 5 == 0 ? Int(rng.next() % UInt64(model.count)) + 1 : Int(rng.next() % 40) + 1
                // Now and then the tail, so the last blocks empty out (the
                // starts are renumbered from the first block touched).
                let positions = rng.next() % 6 == 0 ? Array((model.count - min(k, model.count))..<model.count) : sortedPositions(&rng, k, below: model.count)
                let removed = order.remove(atSorted: positions)
                let expected = positions.map { model[$0] }
                #expect(removed == expected, "\(what): removed slots")
                for position in positions.reversed() { model.remove(at: position) }
                spare += removed
            } else {
                // Sometimes thousands into one place, so a block splits many times over.
                let k = rng.next() % 6 == 0 ? Int(rng.next() % 5000) + 1 : Int(rng.next() % 40) + 1
                var slots: [Int] = []
                for _ in 0..<k {
                    if let reused = spare.popLast(), rng.next() % 2 == 0 { slots.append(reused) } else {
                        slots.append(nextSlot)
                        nextSlot += 1
                    }
                }
                let positions: [Int]
                switch rng.next() % 3 {
                case 0: positions = Array(0..<k)  // at the front
                case 1:
                    let at = Int(rng.next() % UInt64(model.count + 1))
                    positions = Array(at..<(at + k))  // a run
                default: positions = sortedPositions(&rng, k, below: model.count + k)  // scattered
                }
                order.insert(slots, atSorted: positions)
                for (slot, position) in zip(slots, positions) { model.insert(slot, at: position) }
            }
            checkOrder(order, model, what)
        }
    }

    /// An item list against arrays of ids and sizes, with ids that fit their
    /// slots (the default ids, their removal's undo) and ids that do not.
    @Test("an item list's order, ids, sizes and id lookups match arrays after edits anywhere",
          arguments: [(311, 0), (312, 1), (313, 2)] as [(UInt64, Int)])
    func itemListAgainstArrays(seed: UInt64, idScheme: Int) throws {
        var rng = SplitMix64(seed: seed)
        let count = 5000
        var ids: [UInt64] = idScheme == 2 ? (0..<UInt64(count)).map { $0 * 1_000_003 + 5 } : Array(1...UInt64(count))
        var sizes = (0..<count).map { _ in Size(width: Double(rng.next() % 50), height: Double(rng.next() % 50)) }
        var list = try ItemList(sizes: sizes, ids: idScheme == 0 ? nil : ids)
        var gone: [(UInt64, Size)] = []
        var fresh: UInt64 = 10_000_000_000
        var nextID = UInt64(count) + 1
        for round in 0..<150 {
            let what = "round \(round)"
            let choice = rng.next() % 4
            if choice < 2 && !ids.isEmpty {
                let k = Int(rng.next() % 1500) + 1
                let positions = choice == 0 ? sortedPositions(&rng, k, below: ids.count)
                    : Array((ids.count - Swift.min(k, ids.count))..<ids.count)  // the end
                list.remove(atSorted: positions)
                for position in positions.reversed() { gone.append((ids.remove(at: position), sizes.remove(at: position))) }
            } else {
                // Back what was removed (as undo puts it), or new ids: the next
                // ones (they fit their slots) or far-out ones (they do not).
                var newItems: [(UInt64, Size)] = []
                let k = Int(rng.next() % 1200) + 1
                if choice == 2 && !gone.isEmpty {
                    newItems = Array(gone.suffix(k))
                    gone.removeLast(newItems.count)
                } else {
                    for _ in 0..<k {
                        let id: UInt64
                        if idScheme == 1 && rng.next() % 3 == 0 {
                            id = fresh
                            fresh += 1
                        } else {
                            id = nextID
                            nextID += 1
                        }
                        newItems.append((id, Size(width: 7, height: 9)))
                    }
                }
                let positions = rng.next() % 2 == 0 ? Array(0..<newItems.count) : sortedPositions(&rng, newItems.count, below: ids.count + newItems.count)
                list.insert(newItems.map(\.0), sizes: newItems.map(\.1), atSorted: positions)
                for (item, position) in zip(newItems, positions) {
                    ids.insert(item.0, at: position)
                    sizes.insert(item.1, at: position)
                }
            }
            if round % 5 == 0 && !ids.isEmpty {
                let position = Int(rng.next() % UInt64(ids.count))
                let size = Size(width: 3, height: Double(round))
                list.setSize(size, at: position)
                sizes[position] = size
            }
            #expect(list.count == ids.count, "\(what): count")
            #expect(Array(list.ids) == ids, "\(what): ids in order")
            #expect((0..<ids.count).allSatisfy { list.ids[$0] == ids[$0] && list.id(at: $0) == ids[$0] }, "\(what): ids by position")
            let sample = sortedPositions(&rng, 300, below: Swift.max(ids.count, 1)).filter { $0 < ids.count }
            #expect(list.ids.ids(at: sample) == sample.map { ids[$0] }, "\(what): ids at ascending positions")
            #expect(list.sizes == sizes, "\(what): sizes in order")
            #expect((0..<ids.count).allSatisfy { list.size(at: $0) == sizes[$0] }, "\(what): sizes by position")
            #expect(ids.enumerated().allSatisfy { list.index(of: $1) == $0 }, "\(what): id → position")
            #expect(gone.allSatisfy { list.index(of: $0.0) == nil }, "\(what): removed ids are gone")
        }
    }

    @Test("a copy of an order keeps its own slots while the other is edited (the per-slot columns are shared until written)")
    func copiesStayApart() {
        var rng = SplitMix64(seed: 304)
        var order = SlotOrder(identity: 2000)
        var model = Array(0..<2000)
        for round in 0..<30 {
            let kept = order, keptModel = model
            if rng.next() % 2 == 0 {
                let positions = sortedPositions(&rng, Int(rng.next() % 300) + 1, below: model.count)
                order.remove(atSorted: positions)
                for position in positions.reversed() { model.remove(at: position) }
            } else {
                let k = Int(rng.next() % 600) + 1
                let slots = Array((2000 + round * 600)..<(2000 + round * 600 + k))
                let positions = sortedPositions(&rng, k, below: model.count + k)
                order.insert(slots, atSorted: positions)
                for (slot, position) in zip(slots, positions) { model.insert(slot, at: position) }
            }
            checkOrder(order, model, "round \(round): edited")
            checkOrder(kept, keptModel, "round \(round): the copy before the edit")
        }
    }

    @Test("a zeroed column reads zero until written, grows with zeros, and its copies are apart")
    func zeroedColumn() {
        var column = ZeroedColumn<Int32>(count: 5000)
        #expect((0..<5000).allSatisfy { column[$0] == 0 })
        column[17] = 4
        var copy = column
        copy[17] = 9
        copy.grow(to: 9000)
        #expect(column[17] == 4 && copy[17] == 9 && column.count == 5000 && copy.count == 9000)
        #expect((5000..<9000).allSatisfy { copy[$0] == 0 })
        column.withUnsafeMutableBufferPointer { $0[18] = 5 }
        #expect(copy[18] == 0 && column[18] == 5)
    }


    @Test("removed slots put back where they were (an undo) or one place off, in groups and mixed with new ones, match an array",
          arguments: [305, 306, 307] as [UInt64])
    func putBack(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var order = SlotOrder(identity: 3000)
        var model = Array(0..<3000)
        var nextSlot = 3000
        for round in 0..<60 {
            let positions = sortedPositions(&rng, Int(rng.next() % 700) + 1, below: model.count)
            let removed = order.remove(atSorted: positions)
            for position in positions.reversed() { model.remove(at: position) }
            checkOrder(order, model, "round \(round): removed")
            var slots = removed, places = positions
            switch rng.next() % 4 {
            case 0:
                // One place off (or, at the end, each at another's place):
                // the tombstones are where they were, the positions are not.
                if places.last! + 1 < model.count + places.count {
                    places = places.map { $0 + 1 }
                } else {
                    slots.reverse()
                }
            case 1:
                // A new slot among them.
                let at = Int(rng.next() % UInt64(places.count))
                slots[at] = nextSlot
                nextSlot += 1
            case 2:
                // Only some back.
                let keep = Int(rng.next() % UInt64(places.count)) + 1
                slots = Array(slots.prefix(keep))
                places = Array(places.prefix(keep))
            default:
                break  // all back where they were
            }
            order.insert(slots, atSorted: places)
            for (slot, place) in zip(slots, places) { model.insert(slot, at: place) }
            checkOrder(order, model, "round \(round): put back")
        }
    }

}
