import Testing
@testable import CanvasCore

@Suite("Editable index")
struct EditableIndexTests {
    @Test("edited in place, it answers as brute force and holds the same cells as a rebuild", arguments: [1, 2, 3] as [UInt64])
    func randomizedEdits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var ids = Array(UInt64(1)...300)
        var frames = ids.map { _ in randomFrame(&rng) }
        var index = EditableIndex(frames: frames, ids: ItemIDs(ids))
        var nextID: UInt64 = 301
        for round in 0..<2000 {
            switch rng.below(4) {
            case 0 where !ids.isEmpty:  // move
                let at = rng.below(ids.count)
                let new = randomFrame(&rng)
                index.move(ids[at], from: frames[at], to: new)
                frames[at] = new
            case 1:  // insert
                let frame = randomFrame(&rng)
                index.insert(nextID, frame: frame)
                ids.append(nextID)
                frames.append(frame)
                nextID += 1
            case 2 where !ids.isEmpty:  // remove
                let at = rng.below(ids.count)
                index.remove(ids[at], frame: frames[at])
                ids.remove(at: at)
                frames.remove(at: at)
            default:  // a small nudge: often stays in its cells
                guard !ids.isEmpty else { continue }
                let at = rng.below(ids.count)
                var new = frames[at]
                new.x += rng.uniform(-5, 5)
                index.move(ids[at], from: frames[at], to: new)
                frames[at] = new
            }
            let query = Rect(x: rng.uniform(-2500, 2500), y: rng.uniform(-2500, 2500), width: rng.uniform(1, 900), height: rng.uniform(1, 900))
            let lookup = Dictionary(uniqueKeysWithValues: zip(ids, frames))
            let found = index.query(query) { lookup[$0]! }
            #expect(found.count == Set(found).count, "round \(round): an id reported twice")
            #expect(Set(found) == Set(bruteQuery(ids, frames, query)), "round \(round)")
            // The engine's form: positions, each once, ascending.
            let at = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            let positions = index.positions(in: query, frames: frames) { at[$0]! }
            #expect(positions.map { ids[$0] } == bruteQuery(ids, frames, query), "round \(round): positions")
        }
        let rebuilt = EditableIndex(frames: frames, ids: ItemIDs(ids), cellWidth: index.cellWidth, cellHeight: index.cellHeight)
        #expect(rebuilt.canonicalCells == index.canonicalCells)
        #expect(rebuilt.count == index.count)
        #expect(rebuilt.oversized.sorted() == index.oversized.sorted())
    }

    @Test("a query wider than the occupied cells walks the cells instead, with the same answer")
    func wideQuery() {
        let frames = [rect(-1e6, -1e6, 10, 10), rect(0, 0, 10, 10), rect(1e6, 1e6, 10, 10)]
        let index = EditableIndex(frames: frames, ids: [1, 2, 3])
        let found = index.query(rect(-2e6, -2e6, 4e6, 4e6)) { frames[Int($0) - 1] }
        #expect(Set(found) == [1, 2, 3])
    }

    @Test("a huge item goes in the oversized list, far-out items share edge cells")
    func oversizedAndFar() {
        // 1e15 is past the clamped columns and rows (±2^30 cells); 1e12 is
        // inside them but past where a Float32 edge stays in its cell, so
        // that item is listed too (issue 20: the cells hold Float32 boxes).
        let frames = [rect(0, 0, 1e7, 10), rect(1e15, 1e15, 1, 1), rect(5, 5, 1, 1), rect(1e12, 1e12, 1, 1)]
        var index = EditableIndex(frames: frames, ids: [1, 2, 3, 4])
        #expect(index.oversized == [1, 4])
        #expect(Set(index.query(rect(4, 4, 3, 3)) { frames[Int($0) - 1] }) == [1, 3])
        index.remove(1, frame: frames[0])
        #expect(index.oversized == [4])
        #expect(index.query(rect(1e15, 1e15, 2, 2)) { frames[Int($0) - 1] } == [2])
        #expect(index.query(rect(1e12, 1e12, 2, 2)) { frames[Int($0) - 1] } == [4])
    }
}
