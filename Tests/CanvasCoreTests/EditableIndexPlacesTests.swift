import Testing
@testable import CanvasCore

/// A drag in a dense cell: the moves find their entries where they last
/// left them (`EditableIndex.places`), not by a search, and stay right while
/// other edits shuffle the same cells.
@Suite("Editable index places of moved entries")
struct EditableIndexPlacesTests {
    /// Every kept place names its id's entry in that cell: what lets a move skip the search.
    private func placesAreExact(_ index: EditableIndex) -> Bool {
        let cells = index.canonicalCellEntries
        for (id, known) in index.places {
            guard let box = cells.box(of: id) else { return false }
            let span = index.span(of: box)
            for row in span.rows {
                for column in span.columns {
                    let k = span.offset(column, row)
                    guard k < 4 else { continue }
                    let entries = cells.entries[EditableIndex.key(column, row)] ?? []
                    let at = Int(known[k])
                    if at >= entries.count || entries[at].id != id { return false }
                }
            }
        }
        return true
    }

    @Test("dragging a selection step by step through crowded cells, among inserts, removes and resizes, matches brute force and a rebuild", arguments: [51, 52, 53] as [UInt64])
    func dragThroughCrowd(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        // 4,000 cards of mixed sides in a 3,000-point blob: cells of hundreds.
        var ids = Array(UInt64(1)...4000)
        var frames = ids.map { _ -> Rect in
            let w = rng.uniform(16, 400), h = rng.uniform(16, 400)
            return Rect(x: rng.uniform(0, 3000), y: rng.uniform(0, 3000), width: w, height: h)
        }
        var index = EditableIndex(frames: frames, ids: ItemIDs(ids))
        var selection = Set((0..<300).map { _ in ids[rng.below(ids.count)] })
        var nextID: UInt64 = 10_000
        for round in 0..<120 {
            // A drag step: every selected card by the same small offset.
            let dx = rng.uniform(-60, 60), dy = rng.uniform(-60, 60)
            for (at, id) in ids.enumerated() where selection.contains(id) {
                var new = frames[at]
                new.x += dx
                new.y += dy
                if rng.below(200) == 0 { new.width = rng.below(2) == 0 ? 0 : rng.uniform(16, 4000) }  // off the index, or large
                else if !EditableIndex.isIndexable(frames[at]) { new.width = 50 }
                index.move(id, from: frames[at], to: new)
                frames[at] = new
            }
            // Other edits in the same cells, which swap entries about.
            for _ in 0..<rng.below(30) {
                switch rng.below(3) {
                case 0:
                    let frame = Rect(x: rng.uniform(0, 3000), y: rng.uniform(0, 3000), width: rng.uniform(16, 400), height: rng.uniform(16, 400))
                    index.insert(nextID, frame: frame)
                    ids.append(nextID)
                    frames.append(frame)
                    if rng.below(4) == 0 { selection.insert(nextID) }
                    nextID += 1
                case 1:
                    let at = rng.below(ids.count)
                    index.remove(ids[at], frame: frames[at])
                    selection.remove(ids[at])
                    ids.remove(at: at)
                    frames.remove(at: at)
                default:  // an unselected card moved once
                    let at = rng.below(ids.count)
                    var new = frames[at]
                    new.x += rng.uniform(-300, 300)
                    index.move(ids[at], from: frames[at], to: new)
                    frames[at] = new
                }
            }
            #expect(placesAreExact(index), "round \(round)")
            guard round % 4 == 0 else { continue }
            let query = Rect(x: rng.uniform(-500, 3000), y: rng.uniform(-500, 3000), width: rng.uniform(100, 1500), height: rng.uniform(100, 1000))
            let at = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            let positions = index.positions(in: query, frames: frames) { at[$0]! }
            #expect(positions.map { ids[$0] } == bruteQuery(ids, frames, query), "round \(round)")
        }
        #expect(!index.places.isEmpty)
        let rebuilt = EditableIndex(frames: frames, ids: ItemIDs(ids), cellWidth: index.cellWidth, cellHeight: index.cellHeight)
        #expect(rebuilt.canonicalEntries == index.canonicalEntries)
        #expect(rebuilt.oversized.sorted() == index.oversized.sorted())
    }
}
