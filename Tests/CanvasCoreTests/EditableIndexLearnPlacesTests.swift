import Testing
@testable import CanvasCore

/// `EditableIndex.learnPlaces`: the places of a selection about to move,
/// found in one sweep per crowded cell, name each entry exactly, and moves
/// after it leave the cells a twin index without it leaves (issue 20: the
/// first step of a drag searched every crowded cell once per card).
@Suite("Editable index places learned before a drag")
struct EditableIndexLearnPlacesTests {
    private func placesAreExact(_ index: EditableIndex) -> Bool {
        let cells = index.canonicalCellEntries
        for (id, known) in index.places {
            guard let box = cells.box(of: id) else { return false }
            let span = index.span(of: box)
            for row in span.rows {
                for column in span.columns where span.offset(column, row) < 4 {
                    let at = Int(known[span.offset(column, row)])
                    guard at != Int(EditableIndex.unknown) else { continue }
                    let entries = cells.entries[EditableIndex.key(column, row)] ?? []
                    if at >= entries.count || entries[at].id != id { return false }
                }
            }
        }
        return true
    }

    @Test("learned places are exact and the drag that follows matches a twin without them", arguments: [71, 72, 73] as [UInt64])
    func learnThenDrag(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        // Crowded cells (hundreds of cards), ids far apart in their low bits and alike in them.
        let ids = (0..<5000).map { UInt64($0) * (seed == 72 ? 65_536 : 7) + 1 }
        // A tenth large: spans of several cells, where a cell among another's first four is past theirs.
        var frames = ids.map { _ -> Rect in
            let large = rng.below(10) == 0
            return Rect(x: rng.uniform(0, 3000), y: rng.uniform(0, 3000),
                        width: large ? rng.uniform(400, 5000) : rng.uniform(16, 400), height: large ? rng.uniform(400, 5000) : rng.uniform(16, 400))
        }
        frames[3] = Rect(x: 0, y: 0, width: 0, height: 40)  // not indexed
        var learning = EditableIndex(frames: frames, ids: ItemIDs(ids))
        var twin = learning
        let chosen = Array(Set((0..<800).map { _ in rng.below(ids.count) })).sorted()
        learning.learnPlaces(of: chosen.map { (ids[$0], frames[$0]) })
        #expect(!learning.places.isEmpty, "seed \(seed): crowded cells give places")
        #expect(placesAreExact(learning), "seed \(seed): learned")
        for step in 0..<8 {
            let dx = rng.uniform(-90, 90), dy = rng.uniform(-90, 90)
            for position in chosen {
                var new = frames[position]
                new.x += dx
                new.y += dy
                learning.move(ids[position], from: frames[position], to: new)
                twin.move(ids[position], from: frames[position], to: new)
                frames[position] = new
            }
            #expect(learning.canonicalEntries == twin.canonicalEntries, "seed \(seed), step \(step): the cells")
            #expect(placesAreExact(learning), "seed \(seed), step \(step): the places")
        }
        #expect(learning.canonicalCells == EditableIndex(frames: frames, ids: ItemIDs(ids), cellWidth: learning.cellWidth,
                                                         cellHeight: learning.cellHeight).canonicalCells, "seed \(seed): a rebuild")
    }
}
