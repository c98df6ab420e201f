import Testing
@testable import CanvasCore

/// The pyramid's journal (`DetailPyramid+Journal.swift`): levels take the
/// edits when read, each level from where it last stopped, and a batch too
/// large to journal settles every level before it is applied to them all.
/// Every answer on the way must be the brute force's, and the levels, once
/// settled, a rebuild's.
/// Each merged grid of a level that holds every edit is the merge of its
/// classes' grids there, cell by cell.
func expectMergedExact(_ p: DetailPyramid, sourceLocation: SourceLocation = #_sourceLocation) {
    for (key, small) in p.merged where p.journal.lag[key] == nil {
        var cells = Set<[Int]>()
        small.cells.visitAll { row, column, _ in cells.insert([row, column]) }
        for id in small.classes.indices where small.classes[id] {
            p.grid(key, id)?.visitAll { row, column, _ in cells.insert([row, column]) }
        }
        var wrong = 0
        for cell in cells {
            var fresh = DetailPyramid.Group()
            for id in small.classes.indices where small.classes[id] {
                if let group = p.grid(key, id)?.payload(row: cell[0], column: cell[1]) { fresh.merge(group) }
            }
            if (small.cells.payload(row: cell[0], column: cell[1]) ?? DetailPyramid.Group()) != fresh { wrong += 1 }
        }
        #expect(wrong == 0, "merged grid \(key): \(wrong) cells", sourceLocation: sourceLocation)
    }
}

@Suite("Level of detail's journal of edits")
struct DetailJournalTests {
    private func frame(_ random: inout SplitMix64) -> Rect {
        let side = Swift.max(1, (random.uniform(1, 24) * random.uniform(1, 24)).rounded())
        let blob = random.below(3) == 0 ? (random.uniform(-9000, 9000), random.uniform(-7000, 7000))
                                        : [(-3000.0, 2000.0), (4000, -1500)][random.below(2)]
        return Rect(x: (blob.0 + random.uniform(-1500, 1500)).rounded(), y: (blob.1 + random.uniform(-1500, 1500)).rounded(),
                    width: side, height: Swift.max(1, (side * random.uniform(0.4, 2.5)).rounded()))
    }

    /// Zooms on both sides of several levels (level k starts at 16 / 2^k).
    private let zooms = [16.0 / 4 * 1.001, 16.0 / 32 * 0.999, 16.0 / 128 * 1.001, 16.0 / 512 * 0.999, 16.0 / 4096]
        .map { ZoomTransform(scale: $0, axis: .both) }

    private func checkAnswers(_ pyramid: inout DetailPyramid, _ board: DetailSlotBoard, at zooms: [ZoomTransform],
                              _ random: inout SplitMix64) {
        let frames = board.positional
        for zoom in zooms {
            let rect = Rect(x: random.uniform(-4000, 2000) * zoom.scale, y: random.uniform(-4000, 2000) * zoom.scale,
                            width: 900, height: 700)
            let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: 3, cell: 16, frames: board.frames))
            checkDetail(answer, frames, rect, zoom: zoom, minSize: 3, cell: 16)
        }
    }

    @Test("small edits read level by level, then batches past the journal's limit, then more: answers and levels exact",
          arguments: [3, 4] as [UInt64])
    func journalThenBatches(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var board = DetailSlotBoard((0..<2600).map { _ in frame(&random) })
        var pyramid = DetailPyramid(frames: board.frames)
        for zoom in zooms { _ = pyramid.query(Rect(x: 0, y: 0, width: 900, height: 700), zoom: zoom, minSize: 3, cell: 16, frames: board.frames) }
        #expect(pyramid.builtLevels.count >= 4, "levels to lag")
        var sawJournal = false
        for round in 0..<6 {
            // Small edits, each read at one zoom only, so the levels lag behind by different stretches.
            for step in 0..<25 {
                switch random.below(4) {
                case 0:
                    board.insert(frame(&random), at: random.below(board.order.count + 1), into: &pyramid)
                case 1:
                    let count = 1 + random.below(12)
                    let positions = Array(Set((0..<count).map { _ in random.below(board.order.count) })).sorted()
                    board.remove(at: positions, from: &pyramid)
                default:
                    let position = random.below(board.order.count)
                    var moved = board.frames[board.order[position]]
                    moved.x += random.uniform(-2500, 2500).rounded()
                    moved.y += random.uniform(-2500, 2500).rounded()
                    if step % 5 == 0 { moved.width = Swift.max(1, (moved.width * random.uniform(0.2, 5)).rounded()) }
                    board.move(at: position, to: moved, in: &pyramid)
                }
                sawJournal = sawJournal || !pyramid.journal.isEmpty
                checkAnswers(&pyramid, board, at: [zooms[random.below(zooms.count)]], &random)
            }
            // A batch past max(1,024, n / 64) items: every level settles, then takes it at once.
            if round % 2 == 0 {
                let positions = Array(Set((0..<1500).map { _ in random.below(board.order.count) })).sorted()
                #expect(positions.count > 1024)
                board.remove(at: positions, from: &pyramid)
            } else {
                let count = 1100
                var chosen = Set<Int>()
                while chosen.count < count { chosen.insert(random.below(board.order.count + count)) }
                let positions = chosen.sorted()
                board.insert(positions.map { _ in frame(&random) }, at: positions, into: &pyramid)
            }
            #expect(pyramid.journal.isEmpty, "a batch past the limit leaves nothing waiting, round \(round)")
            checkAnswers(&pyramid, board, at: zooms, &random)
        }
        #expect(sawJournal, "the small edits were journalled")
        pyramid.settle(frames: board.frames)
        let rebuilt = board.rebuilt(like: pyramid, members: pyramid.members != nil)
        for key in pyramid.builtLevels {
            #expect(levelContents(pyramid, key) == levelContents(rebuilt, key), "level \(key)")
        }
        #expect(!pyramid.merged.isEmpty, "merged grids to check")
        expectMergedExact(pyramid)
        checkAnswers(&pyramid, board, at: zooms, &random)
    }
}
