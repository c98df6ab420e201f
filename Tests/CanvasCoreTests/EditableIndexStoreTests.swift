import Testing
@testable import CanvasCore

/// The editable index's storage (issue 20): one store of rooms that cells
/// outgrow and leave, and Float32 boxes that decide a query but within a
/// hair of its edges, where the frames do.
@Suite("Editable index store and Float32 boxes")
struct EditableIndexStoreTests {
    /// Ids whose frames meet `query`, as a set, and the index's answer.
    private func check(_ index: EditableIndex, _ frames: [UInt64: Rect], _ query: Rect, _ what: String) {
        let expected = Set(frames.filter { EditableIndex.isIndexable($0.value) && $0.value.intersects(query) }.map(\.key))
        let found = index.query(query) { frames[$0]! }
        #expect(found.count == Set(found).count, "\(what): reported twice")
        #expect(Set(found) == expected, "\(what)")
    }

    @Test("a few cells grown far past their rooms by inserts, moves and removes answer as brute force and hold a rebuild's entries", arguments: [71, 72] as [UInt64])
    func cellsOutgrowTheirRooms(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        // A sparse board, then cards piled into a few cells and taken out again.
        var frames: [UInt64: Rect] = [:]
        for id in UInt64(1)...400 { frames[id] = Rect(x: rng.uniform(0, 20_000), y: rng.uniform(0, 20_000), width: 80, height: 60) }
        let ids = frames.keys.sorted()
        var index = EditableIndex(frames: ids.map { frames[$0]! }, ids: ItemIDs(ids))
        let piles = (0..<3).map { _ in Point(x: rng.uniform(0, 19_000), y: rng.uniform(0, 19_000)) }
        var nextID: UInt64 = 1000
        for round in 0..<2500 {
            let pile = piles[rng.below(piles.count)]
            let near = Rect(x: pile.x + rng.uniform(0, 300), y: pile.y + rng.uniform(0, 300), width: rng.uniform(20, 400), height: rng.uniform(20, 300))
            switch rng.below(5) {
            case 0, 1:
                index.insert(nextID, frame: near)
                frames[nextID] = near
                nextID += 1
            case 2:
                let id = frames.keys.sorted()[rng.below(frames.count)]
                index.move(id, from: frames[id]!, to: near)
                frames[id] = near
            case 3:
                let id = frames.keys.sorted()[rng.below(frames.count)]
                var moved = frames[id]!
                moved.x += rng.uniform(-3000, 3000)
                moved.y += rng.uniform(-3000, 3000)
                index.move(id, from: frames[id]!, to: moved)
                frames[id] = moved
            default:
                guard frames.count > 10 else { continue }
                let id = frames.keys.sorted()[rng.below(frames.count)]
                index.remove(id, frame: frames[id]!)
                frames[id] = nil
            }
            guard round % 7 == 0 else { continue }
            let centre = rng.below(2) == 0 ? piles[rng.below(piles.count)] : Point(x: rng.uniform(0, 20_000), y: rng.uniform(0, 20_000))
            let side = [300.0, 1280, 5000][rng.below(3)]
            check(index, frames, Rect(x: centre.x - side / 2, y: centre.y - side / 2, width: side, height: side * 0.7), "round \(round)")
        }
        let kept = frames.keys.sorted()
        let rebuilt = EditableIndex(frames: kept.map { frames[$0]! }, ids: ItemIDs(kept), cellWidth: index.cellWidth, cellHeight: index.cellHeight)
        #expect(rebuilt.canonicalEntries == index.canonicalEntries)
        #expect(rebuilt.oversized.sorted() == index.oversized.sorted())
        #expect(index.entryCount == rebuilt.entryCount)
    }

    /// A coordinate at `t` nudged by a few Double steps (none, up or down).
    private func nudged(_ t: Double, _ rng: inout SplitMix64) -> Double {
        switch rng.below(5) {
        case 0: return t.nextUp
        case 1: return t.nextDown
        case 2: return t.nextUp.nextUp
        case 3: return t.nextDown.nextDown
        default: return t
        }
    }

    @Test("query edges a Double step from the items' edges, on cell boundaries and far from 0, answer exactly as the frames do", arguments: [81, 82, 83] as [UInt64])
    func edgesWithinAHair(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let cell = 512.0
        // Around 0, around 250,000 (a million cards' world) and past where
        // Float32 holds a cell (those items are listed, not celled).
        for origin in [0.0, -3_000.0, 250_000.0, 3e9, -7e12] {
            var frames: [UInt64: Rect] = [:]
            for id in UInt64(1)...300 {
                // Edges on cell boundaries, a Double step off them, or anywhere.
                func coordinate() -> Double {
                    let t = origin + Double(rng.below(12)) * cell
                    return rng.below(3) == 0 ? origin + rng.uniform(0, 12 * cell) : nudged(t, &rng)
                }
                let x = coordinate(), y = coordinate()
                frames[id] = Rect(x: x, y: y, width: nudged(coordinate() - x, &rng).magnitude + 1, height: rng.uniform(1, 900))
            }
            let ids = frames.keys.sorted()
            var index = EditableIndex(frames: ids.map { frames[$0]! }, ids: ItemIDs(ids), cellWidth: cell, cellHeight: cell)
            for round in 0..<300 {
                if round % 3 == 0 {
                    let id = ids[rng.below(ids.count)]
                    var moved = frames[id]!
                    moved.x = nudged(frames[ids[rng.below(ids.count)]]!.maxX, &rng)
                    moved.y = nudged(frames[ids[rng.below(ids.count)]]!.y, &rng)
                    index.move(id, from: frames[id]!, to: moved)
                    frames[id] = moved
                }
                // A query whose edges sit a Double step from some items' edges.
                let a = frames[ids[rng.below(ids.count)]]!, b = frames[ids[rng.below(ids.count)]]!
                let x0 = nudged([a.x, a.maxX][rng.below(2)], &rng), y0 = nudged([a.y, a.maxY][rng.below(2)], &rng)
                let x1 = nudged([b.x, b.maxX][rng.below(2)], &rng), y1 = nudged([b.y, b.maxY][rng.below(2)], &rng)
                let query = Rect(x: Swift.min(x0, x1), y: Swift.min(y0, y1), width: abs(x1 - x0), height: abs(y1 - y0))
                guard !query.isEmpty else { continue }  // an empty rectangle finds nothing, by contract
                check(index, frames, query, "origin \(origin), round \(round)")
            }
            let rebuilt = EditableIndex(frames: ids.map { frames[$0]! }, ids: ItemIDs(ids), cellWidth: cell, cellHeight: cell)
            #expect(rebuilt.canonicalEntries == index.canonicalEntries, "origin \(origin)")
            #expect(rebuilt.oversized.sorted() == index.oversized.sorted(), "origin \(origin)")
        }
    }

    @Test("an entry's Float32 edges lie in its frame's cells, less than a Float32 step away, or the item is listed")
    func entryEdges() {
        var rng = SplitMix64(seed: 91)
        let index = EditableIndex(cellWidth: 100, cellHeight: 64)
        for _ in 0..<20_000 {
            let magnitude = [1.0, 1e3, 1e5, 1e7, 1e9, 1e12][rng.below(6)]
            let frame = Rect(x: rng.uniform(-magnitude, magnitude), y: rng.uniform(-magnitude, magnitude), width: rng.uniform(1, 900), height: rng.uniform(1, 900))
            let span = index.span(of: frame)
            guard let entry = index.entry(frame, span, 1) else { continue }
            #expect(index.span(of: entry) == span)
            for (edge, exact) in [(entry.minX, frame.x), (entry.minY, frame.y), (entry.maxX, frame.maxX), (entry.maxY, frame.maxY)] {
                #expect(abs(Double(edge) - exact) <= Double(edge.ulp), "\(edge) for \(exact)")
            }
        }
    }
}
