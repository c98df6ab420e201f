import Testing
@testable import CanvasCore

/// The steady merges built ahead with the levels (issue 20: the ctrl-wheel's
/// first frame at each level merged that level's steadily small classes):
/// after the open every level a zoom within the limits reaches holds the
/// merged grid its queries use, zooming merges nothing, and edits of every
/// kind keep those grids the merge of their classes' grids.
@Suite("Level of detail: steady merges built ahead")
struct DetailSteadyAheadTests {
    let minSize = 8.0, cell = 16.0

    /// Cards with sides from 12 to about 1600 points, aspect 1:3 to 3:1, in a
    /// few blobs and a sparse background (many classes, most levels mixed).
    private func card(_ random: inout SplitMix64, blob: (Double, Double)) -> Rect {
        let side = 12 * Double(1 << (random.next() % 7)) * random.uniform(1, 1.9)
        let aspect = random.uniform(0.33, 3).squareRoot()
        return Rect(x: (blob.0 + random.uniform(-3000, 3000)).rounded(), y: (blob.1 + random.uniform(-3000, 3000)).rounded(),
                    width: max(1, (side * aspect).rounded()), height: max(1, (side / aspect).rounded()))
    }

    private func cards(_ random: inout SplitMix64, count: Int) -> [Rect] {
        let blobs = (0..<4).map { _ in (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000)) }
        return (0..<count).map { index in
            let blob = index % 8 == 0 ? (random.uniform(-25_000, 25_000), random.uniform(-20_000, 20_000)) : blobs[random.below(4)]
            return card(&random, blob: blob)
        }
    }

    private let bounds = Rect(x: -40_000, y: -40_000, width: 80_000, height: 80_000)

    /// The zooms just inside either end of every level from `high` down to `low`.
    private func zoomsAcrossLevels(from high: Double, to low: Double) -> [Double] {
        var zooms: [Double] = []
        var k = DetailPyramid.levelExponent(cell: cell, scale: high)
        while cell / DetailPyramid.power(k) >= low {
            let start = cell / DetailPyramid.power(k)
            zooms += [start, start * 1.3, (start * 2).nextDown].filter { $0 >= low && $0 <= high }
            k += 1
        }
        return zooms
    }

    /// The classes a query at `zoom` answers from one merged grid (see `steadySmallCells`).
    private func steadySet(_ pyramid: DetailPyramid, zoom: ZoomTransform) -> [Bool] {
        let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
        let kinds = pyramid.kinds(zoom: zoom, minSize: minSize)
        let steady = pyramid.steadyKinds(key, zoom: zoom, minSize: minSize, cell: cell)
        return kinds.indices.map { id in
            kinds[id] == .small && id < steady.count && steady[id] == .small && (pyramid.grid(key, id)?.cellCount ?? 0) > 0
        }
    }

    /// A grid's cells as a dictionary (stored rows left empty by edits do not count).
    private func contents(_ cells: DetailPyramid.Cells) -> [Int: [Int: DetailPyramid.Group]] {
        var result: [Int: [Int: DetailPyramid.Group]] = [:]
        cells.visitAll { row, column, group in result[row, default: [:]][column] = group }
        return result
    }

    /// Every merged grid is the merge of its classes' grids at its level.
    private func checkMerged(_ pyramid: DetailPyramid, _ note: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for (key, small) in pyramid.merged {
            let grids = small.classes.indices.filter { small.classes[$0] }.compactMap { pyramid.grid(key, $0) }
            let expected = grids.isEmpty ? DetailPyramid.Cells() : DetailPyramid.merge(grids)
            #expect(contents(small.cells) == contents(expected), "merged grid at \(key), \(note)", sourceLocation: sourceLocation)
        }
    }

    @Test("the open builds each level's steady merge; zooming across every level merges nothing and matches the brute force",
          arguments: [(3 as UInt64, ZoomAxis.both), (11, .both), (23, .horizontal)])
    func openBuildsMerges(seed: UInt64, axis: ZoomAxis) {
        var random = SplitMix64(seed: seed)
        let frames = cards(&random, count: 3000)
        var pyramid = DetailPyramid(frames: frames, within: bounds)
        frames.withUnsafeBufferPointer {
            pyramid.buildAhead($0, finest: ZoomTransform(scale: 4, axis: axis), coarsest: ZoomTransform(scale: 0.002, axis: axis),
                               minSize: minSize, cell: cell)
        }
        checkMerged(pyramid, "after the open")
        let opened = pyramid.merged
        var levelsWithMerge = 0
        for scale in zoomsAcrossLevels(from: 4, to: 0.002) {
            let zoom = ZoomTransform(scale: scale, axis: axis)
            let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
            let set = steadySet(pyramid, zoom: zoom)
            if set.filter({ $0 }).count >= 2 {
                levelsWithMerge += 1
                let ahead = pyramid.merged[key]
                #expect(ahead != nil, "level \(key) merged ahead, zoom \(scale)")
                #expect(ahead.map { DetailPyramid.sameClasses($0.classes, set) } ?? false, "level \(key): the set a query uses")
            }
            let centre = (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000))
            let x = axis.zoomsX ? centre.0 * scale : centre.0, y = axis.zoomsY ? centre.1 * scale : centre.1
            let rect = Rect(x: x - 640, y: y - 400, width: 1280, height: 800)
            let answer = pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames)
            checkDetail(answer, frames, rect, zoom: zoom, minSize: minSize, cell: cell)
        }
        #expect(levelsWithMerge > 4, "the scene has levels with several steadily small classes")
        let unchanged = pyramid.merged == opened
        #expect(unchanged, "no query merged again, seed \(seed)")
    }

    @Test("merged grids built ahead stay exact through random moves, inserts and removals across min_size",
          arguments: [5 as UInt64, 19, 42])
    func editsKeepMerges(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var board = DetailSlotBoard(cards(&random, count: 1500))
        var pyramid = DetailPyramid(frames: board.frames, within: bounds)
        board.frames.withUnsafeBufferPointer {
            pyramid.buildAhead($0, finest: ZoomTransform(scale: 4, axis: .both), coarsest: ZoomTransform(scale: 0.002, axis: .both),
                               minSize: minSize, cell: cell)
        }
        #expect(pyramid.merged.count > 4, "merged grids built ahead at the open")
        let scales = zoomsAcrossLevels(from: 4, to: 0.002)
        /// A frame at a size that crosses min_size at other zooms: a few times
        /// larger or smaller, tiny, huge, or of a shape no card has.
        func resized(_ frame: Rect) -> Rect {
            switch random.below(5) {
            case 0: return Rect(x: frame.x, y: frame.y, width: 2, height: 3)
            case 1: return Rect(x: frame.x, y: frame.y, width: 4000 + random.uniform(0, 900).rounded(), height: 2500)
            case 2: return Rect(x: frame.x, y: frame.y, width: 30_000, height: 5)
            default:
                let factor = Double(1 << random.below(4)) * (random.below(2) == 0 ? 1 : 0.125)
                return Rect(x: frame.x, y: frame.y, width: max(1, (frame.width * factor).rounded()), height: max(1, (frame.height * factor).rounded()))
            }
        }
        for round in 0..<8 {
            // Moves in one batch, some resized across min_size, some only moved.
            var moves: [DetailPyramid.Move] = []
            var moved = Set<Int>()
            for _ in 0..<25 {
                let slot = board.order[random.below(board.order.count)]
                guard moved.insert(slot).inserted else { continue }
                let old = board.frames[slot]
                var new = random.below(2) == 0 ? resized(old) : old
                new.x += random.uniform(-4000, 4000).rounded()
                new.y += random.uniform(-4000, 4000).rounded()
                board.frames[slot] = new
                moves.append(DetailPyramid.Move(position: slot, from: old, to: new))
            }
            pyramid.update(moves: moves, frames: board.frames)
            checkMerged(pyramid, "round \(round), after moves")
            // Inserts, some of sizes no card had.
            let count = 5 + random.below(10)
            var positions = Set<Int>()
            while positions.count < count { positions.insert(random.below(board.order.count + count)) }
            let sorted = positions.sorted()
            let new = sorted.map { _ in
                let frame = card(&random, blob: (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000)))
                return random.below(3) == 0 ? resized(frame) : frame
            }
            board.insert(new, at: sorted, into: &pyramid)
            checkMerged(pyramid, "round \(round), after inserts")
            // Removals.
            var removed = Set<Int>()
            while removed.count < 12 { removed.insert(random.below(board.order.count)) }
            board.remove(at: removed.sorted(), from: &pyramid)
            checkMerged(pyramid, "round \(round), after removals")
            // Answers at zooms across the levels, against the brute force.
            let frames = board.positional
            for scale in scales where random.below(3) == 0 {
                let zoom = ZoomTransform(scale: scale, axis: .both)
                let centre = (random.uniform(-20_000, 20_000), random.uniform(-15_000, 15_000))
                let rect = Rect(x: centre.0 * scale - 640, y: centre.1 * scale - 400, width: 1280, height: 800)
                let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: board.frames))
                checkDetail(answer, frames, rect, zoom: zoom, minSize: minSize, cell: cell)
            }
            checkMerged(pyramid, "round \(round), after queries")
        }
    }

    @Test("a size new since the open leaves the levels where it is large answered from the merged grid built ahead")
    func newSizeKeepsMerge() {
        var random = SplitMix64(seed: 7)
        var board = DetailSlotBoard(cards(&random, count: 1200))
        var pyramid = DetailPyramid(frames: board.frames, within: bounds)
        board.frames.withUnsafeBufferPointer {
            pyramid.buildAhead($0, finest: ZoomTransform(scale: 4, axis: .both), coarsest: ZoomTransform(scale: 0.002, axis: .both),
                               minSize: minSize, cell: cell)
        }
        let classes = pyramid.sizeClasses.count
        // Large wherever the cards' classes are steadily small at these zooms.
        board.insert(Rect(x: 100, y: 100, width: 50_000, height: 40_000), at: 0, into: &pyramid)
        #expect(pyramid.sizeClasses.count == classes + 1)
        for scale in [0.05, 0.02] {
            let zoom = ZoomTransform(scale: scale, axis: .both)
            let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
            let before = pyramid.merged[key]
            #expect(before != nil, "merged ahead at \(key)")
            let rect = Rect(x: -640, y: -400, width: 1280, height: 800)
            let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: board.frames))
            checkDetail(answer, board.positional, rect, zoom: zoom, minSize: minSize, cell: cell)
            #expect(pyramid.merged[key]?.classes.count == classes, "the merged grid kept, not merged again, at \(key)")
        }
    }

    @Test("a class emptied by removals, then a new small size: the merged grid built ahead is kept and added to, not merged again")
    func emptiedAndNewClassKeepMerge() {
        var random = SplitMix64(seed: 13)
        var board = DetailSlotBoard(cards(&random, count: 1500))
        var pyramid = DetailPyramid(frames: board.frames, within: bounds)
        board.frames.withUnsafeBufferPointer {
            pyramid.buildAhead($0, finest: ZoomTransform(scale: 4, axis: .both), coarsest: ZoomTransform(scale: 0.002, axis: .both),
                               minSize: minSize, cell: cell)
        }
        let zoom = ZoomTransform(scale: 0.01, axis: .both)
        let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
        let ahead = pyramid.merged[key]
        #expect(ahead != nil, "merged ahead at \(key)")
        guard let ahead else { return }
        // The merged class with the fewest items, removed altogether.
        let held = ahead.classes.indices.filter { ahead.classes[$0] }
        let emptied = held.min { pyramid.classCounts[$0] < pyramid.classCounts[$1] }!
        let positions = board.order.indices.filter { position in
            let frame = board.frames[board.order[position]]
            return DetailPyramid.SizeClass(frame) == pyramid.sizeClasses[emptied]
        }
        board.remove(at: positions, from: &pyramid)
        #expect(pyramid.classCounts[emptied] == 0)
        let rect = Rect(x: -640, y: -400, width: 1280, height: 800)
        func check(_ note: String) {
            let answer = board.inPositions(pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: board.frames))
            checkDetail(answer, board.positional, rect, zoom: zoom, minSize: minSize, cell: cell)
            checkMerged(pyramid, note)
        }
        check("after emptying a class")
        #expect(pyramid.merged[key]?.classes[emptied] == true, "the emptied class kept in the set: the grid was not merged again")
        // A size no card has, small at every zoom here.
        board.insert([Rect(x: 10, y: 20, width: 1.5, height: 1.25), Rect(x: 900, y: -300, width: 1.75, height: 1)], at: [0, 7], into: &pyramid)
        let new = pyramid.classIDs[DetailPyramid.SizeClass(x: 0, y: 0)]!
        check("after a new small size")
        #expect(pyramid.merged[key]?.classes[new] == true, "the new class merged in")
        #expect(pyramid.merged[key]?.classes[emptied] == true, "added to, not merged again")
    }
}
