@testable import CanvasCore

/// A brute-force model of items on stable slots, as the engine keeps them
/// for the level-of-detail pyramid: frames by slot (a dead slot holds a
/// zero frame), the data order as a list of slots, freed slots reused.
struct DetailSlotBoard {
    var frames: [Rect]
    var order: [Int]
    var spare: [Int] = []

    init(_ frames: [Rect]) {
        self.frames = frames
        order = Array(frames.indices)
    }

    /// The frames in data order.
    var positional: [Rect] { order.map { frames[$0] } }

    mutating func insert(_ frame: Rect, at position: Int, into pyramid: inout DetailPyramid) {
        insert([frame], at: Array(position..<(position + 1)), into: &pyramid)
    }

    /// Inserts `new` so each lands at its position in `positions` (ascending, in the result).
    /// `chosen`: the slots to take, by position (nil: the last spare, else a new one).
    mutating func insert(_ new: [Rect], at positions: [Int], slots chosen: [Int?]? = nil, into pyramid: inout DetailPyramid) {
        var slots: [Int] = []
        for (index, (frame, position)) in zip(new, positions).enumerated() {
            var slot = spare.popLast() ?? frames.count
            if let wanted = chosen?[index] {
                if slot != frames.count { spare.append(slot) }
                spare.removeAll { $0 == wanted }
                slot = wanted
            } else if chosen != nil {
                if slot != frames.count { spare.append(slot) }
                slot = frames.count
            }
            if slot == frames.count { frames.append(.zero) }
            frames[slot] = frame
            order.insert(slot, at: position)
            slots.append(slot)
        }
        let order = self.order
        pyramid.insert(slots: slots, atSorted: positions, frames: new, frames: frames,
                       slotAt: { $0 >= 0 && $0 < order.count ? order[$0] : nil }, order: { order })
    }

    /// Removes the items at `positions` (ascending).
    mutating func remove(at positions: [Int], from pyramid: inout DetailPyramid) {
        let slots = positions.map { order[$0] }
        let old = slots.map { frames[$0] }
        for position in positions.reversed() { order.remove(at: position) }
        for slot in slots { frames[slot] = .zero }
        spare += slots.reversed()
        pyramid.remove(slots: slots, frames: old, frames: frames)
    }

    mutating func move(at position: Int, to new: Rect, in pyramid: inout DetailPyramid) {
        let slot = order[position]
        let old = frames[slot]
        frames[slot] = new
        pyramid.update(position: slot, from: old, to: new, frames: frames)
    }

    /// An answer by slot, by position (items ascending, as by data order).
    func inPositions(_ answer: DetailPyramid.Answer) -> DetailPyramid.Answer {
        var position = [Int: Int]()
        for (rank, slot) in order.enumerated() { position[slot] = rank }
        var mapped = answer
        mapped.items = answer.items.map { position[$0]! }.sorted()
        for index in mapped.clusters.indices { mapped.clusters[index].first = position[answer.clusters[index].first]! }
        return mapped
    }

    /// A pyramid built afresh over the board, levels and member grids as `like` has them.
    func rebuilt(like pyramid: DetailPyramid, members: Bool = true) -> DetailPyramid {
        var rebuilt = DetailPyramid(frames: frames)
        rebuilt.setOrder(order)
        for key in pyramid.builtLevels { rebuilt.buildLevel(key, classes: pyramid.builtClasses(at: key), frames: frames) }
        if members { frames.withUnsafeBufferPointer { rebuilt.ensureMembers($0) } }
        return rebuilt
    }
}
