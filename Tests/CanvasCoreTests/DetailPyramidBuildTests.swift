import Testing
@testable import CanvasCore

/// How the pyramid is built, against the same brute force as
/// DetailPyramidTests: the one pass that counts and bins a level (dense box
/// from given bounds, runs of items in one cell), what is left sparse,
/// levels merged from finer ones, member grids built late, and edits.
/// One level's aggregates by class and cell, from the rules alone.
func bruteLevel(_ frames: [Rect], _ key: DetailPyramid.LevelKey, _ classes: [DetailPyramid.SizeClass]) -> [String: [CellContents]] {
    let width = Double(sign: .plus, exponent: key.x, significand: 1), height = Double(sign: .plus, exponent: key.y, significand: 1)
    var cells: [String: [[Int]: DetailPyramid.Group]] = [:]
    for (position, frame) in frames.enumerated() where frame.isFinite && frame.width > 0 && frame.height > 0 {
        let sizeClass = DetailPyramid.SizeClass(x: Int(frame.width.exponent), y: Int(frame.height.exponent))
        guard classes.contains(sizeClass) else { continue }
        let row = Int(((frame.y + frame.height / 2) / height).rounded(.down))
        let column = Int(((frame.x + frame.width / 2) / width).rounded(.down))
        var group = cells["\(sizeClass.x),\(sizeClass.y)", default: [:]][[row, column]] ?? DetailPyramid.Group()
        group.count += 1
        group.first = min(group.first, position)
        group.minX = min(group.minX, frame.minX)
        group.minY = min(group.minY, frame.minY)
        group.maxX = max(group.maxX, frame.maxX)
        group.maxY = max(group.maxY, frame.maxY)
        group.minWidth = min(group.minWidth, frame.width)
        group.maxWidth = max(group.maxWidth, frame.width)
        group.minHeight = min(group.minHeight, frame.height)
        group.maxHeight = max(group.maxHeight, frame.height)
        cells["\(sizeClass.x),\(sizeClass.y)", default: [:]][[row, column]] = group
    }
    return cells.mapValues { groups in
        groups.keys.sorted { $0[0] != $1[0] ? $0[0] < $1[0] : $0[1] < $1[1] }
            .map { CellContents(row: $0[0], column: $0[1], group: groups[$0]!) }
    }
}

@Suite("Level of detail: how the levels are built")
struct DetailPyramidBuildTests {
    /// Rows of items in data order (as a flow lays them out, so runs of
    /// items share a cell), sides of several classes, centres on cell edges
    /// (multiples of powers of two), a few items far outside `bounds`, a
    /// few subnormal or absent (no area, or a coordinate not finite).
    private func rows(_ rng: inout SplitMix64, count: Int) -> [Rect] {
        let columns = 60
        return (0..<count).map { position in
            switch position % 131 {
            case 5: return Rect(x: 1e-310, y: 20, width: 4e-310, height: 3)  // subnormal width
            case 9: return Rect(x: 3, y: 3, width: 0, height: 3)  // no part
            case 23, 24: return Rect(x: .nan, y: 40, width: 16, height: 16)  // no part, in a class and a run of others
            case 29: return Rect(x: 100, y: -.infinity, width: 16, height: 16)
            // Outside the bounds the tests give, beside the rows (their rows of cells are shared) and far below.
            case 17: return Rect(x: rng.uniform(-9e4, -5e4).rounded(), y: rng.uniform(0, 2000).rounded(), width: 40, height: 30)
            case 18: return Rect(x: rng.uniform(0, 3000).rounded(), y: rng.uniform(4e4, 6e4).rounded(), width: 40, height: 30)
            default: break
            }
            // Four width classes and three height classes, sides varying within
            // each (even positions share the class's least sides, so an item's
            // sides are often the ones two before; odd ones vary).
            let width = [8.0, 16, 32, 64][position / 997 % 4] * (1 + Double(position % 2 * (1 + position % 97)) / 128)
            let height = [4.0, 16, 32][position / 1499 % 3] * (1 + Double(position % 2 * (1 + position % 89)) / 128)
            let column = position % columns, row = position / columns
            // Pitch 64 × 32: every other centre sits on a multiple of 64 or 32.
            let cx = Double(column) * 64 + (column % 2 == 0 ? 0 : 13), cy = Double(row) * 32 + (row % 3 == 0 ? 0 : 7)
            return Rect(x: cx - width / 2, y: cy - height / 2, width: width, height: height)
        }
    }

    private let zooms: [ZoomTransform] = [0.002, 0.02, 0.09, 0.3, 1, 3].flatMap { scale in
        [ZoomAxis.horizontal, .vertical, .both].map { ZoomTransform(scale: scale, axis: $0) }
    }

    private func rect(_ rng: inout SplitMix64, _ zoom: ZoomTransform) -> Rect {
        let sx = zoom.axis.zoomsX ? zoom.scale : 1, sy = zoom.axis.zoomsY ? zoom.scale : 1
        return Rect(x: rng.uniform(-1000, 3500) * sx, y: rng.uniform(-500, 4000) * sy,
                    width: rng.uniform(200, 2500), height: rng.uniform(200, 1600))
    }

    @Test("counted by its first query in one pass, over bounds that miss some items, at every axis", arguments: [21, 22] as [UInt64])
    func firstQueryCountsAndBins(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let frames = rows(&rng, count: 4000)
        // Bounds that hold the rows, not the far items nor the subnormal ones' corner.
        let bounds = Rect(x: -100, y: 0, width: 3900, height: 2200)
        for zoom in zooms {
            var pyramid = DetailPyramid(frames: frames, within: bounds)
            for (minSize, cell) in [(2.0, 16.0), (6.0, 40.0)] {
                for _ in 0..<3 {
                    let area = rect(&rng, zoom)
                    checkDetail(pyramid.query(area, zoom: zoom, minSize: minSize, cell: cell, frames: frames),
                                frames, area, zoom: zoom, minSize: minSize, cell: cell)
                }
            }
            // Every aggregate built is the brute force's.
            for key in pyramid.builtLevels {
                #expect(levelContents(pyramid, key) == bruteLevel(frames, key, pyramid.builtClasses(at: key)), "level \(key) at \(zoom)")
            }
            // Counted as a pyramid counted up front is.
            let counted = DetailPyramid(frames: frames)
            #expect(pyramid.count == counted.count)
            #expect(pyramid.classCounts.reduce(0, +) == counted.classCounts.reduce(0, +))
            // The whole canvas at once: every item is in one cluster or returned.
            let everything = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
            let answer = pyramid.query(zoom.rect(everything), zoom: zoom, minSize: 2, cell: 16, frames: frames)
            checkDetail(answer, frames, zoom.rect(everything), zoom: zoom, minSize: 2, cell: 16)
            #expect(answer.items.count + answer.clusters.map(\.count).reduce(0, +) == counted.count)
        }
    }

    /// A flow's rows of one size, as most canvases are: the pass takes a
    /// run along its row from cell to cell. Centres fall on cell edges
    /// (pitch 32 × 16, a power of two, from 0), a row now and then runs
    /// past the bounds the pyramid is given (on the right, so the dense
    /// box ends mid-row), in some an item steps back over an edge the
    /// row had passed, and a missing frame or another size breaks a run.
    @Test("rows of one size cross cells along the row, past the bounds' edge, as the brute force bins them", arguments: [31, 32] as [UInt64])
    func rowsOfOneSize(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var frames: [Rect] = []
        for position in 0..<6000 {
            let row = position / 100, column = position % 100
            switch rng.next() % 97 {
            case 0: frames.append(Rect(x: .nan, y: 0, width: 24, height: 12)); continue  // no part, between two of its class
            case 1: frames.append(Rect(x: Double(column) * 32, y: Double(row) * 16, width: 20, height: 12)); continue  // another size
            default: break
            }
            // Every fifth row runs on past x = 3200, where the bounds end.
            var x = Double(column) * (row % 5 == 0 ? 48 : 32)
            // In every seventh, now and then an item steps back to just before
            // an edge (of cells 2^5 to 2^12 wide) the item before it had passed.
            if row % 7 == 3 && column % 4 == 3, let before = frames.last, before.x.isFinite {
                let side = Double(sign: .plus, exponent: 5 + Int(rng.next() % 8), significand: 1)
                x = ((before.x + 12) / side).rounded(.down) * side - 1 - 12
            }
            frames.append(Rect(x: x, y: Double(row) * 16, width: 24, height: 12))
        }
        let bounds = Rect(x: 0, y: 0, width: 3200, height: 960)
        for zoom in zooms {
            var pyramid = DetailPyramid(frames: frames, within: bounds)
            for _ in 0..<3 {
                let area = rect(&rng, zoom)
                checkDetail(pyramid.query(area, zoom: zoom, minSize: 2, cell: 16, frames: frames),
                            frames, area, zoom: zoom, minSize: 2, cell: 16)
            }
            for key in pyramid.builtLevels {
                #expect(levelContents(pyramid, key) == bruteLevel(frames, key, pyramid.builtClasses(at: key)), "level \(key) at \(zoom)")
            }
            let everything = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
            let answer = pyramid.query(zoom.rect(everything), zoom: zoom, minSize: 2, cell: 16, frames: frames)
            #expect(answer.items.count + answer.clusters.map(\.count).reduce(0, +) == frames.filter(SpatialIndex.isIndexable).count)
        }
    }

    @Test("a level merged from finer ones equals the same level built from the frames, class by class")
    func mergedEqualsDirect() {
        var rng = SplitMix64(seed: 5)
        let frames = rows(&rng, count: 3000)
        for axis in [ZoomAxis.both, .horizontal] {
            var merged = DetailPyramid(frames: frames)
            var direct = DetailPyramid(frames: frames)
            let fine = ZoomTransform(scale: 0.05, axis: axis), coarse = ZoomTransform(scale: 0.004, axis: axis)
            _ = merged.query(Rect(x: 0, y: 0, width: 10, height: 10), zoom: fine, minSize: 2, cell: 16, frames: frames)
            let key = DetailPyramid.levelKey(cell: 16, zoom: coarse)
            merged.buildCoarser(from: DetailPyramid.levelKey(cell: 16, zoom: fine), through: key, frames: frames)
            direct.buildLevel(key, classes: merged.builtClasses(at: key), frames: frames)
            #expect(!merged.builtClasses(at: key).isEmpty)
            #expect(levelContents(merged, key) == levelContents(direct, key))
        }
    }

    @Test("many items in one cell: the count is exact, the bounds their union, the first the least position")
    func hugeCount() {
        // 120,000 items of 1 × 1 within a 50 × 50 square, in scrambled order
        // (runs break at every item), plus one large item.
        var rng = SplitMix64(seed: 9)
        var frames = (0..<120_000).map { _ in Rect(x: rng.uniform(0, 49).rounded(), y: rng.uniform(0, 49).rounded(), width: 1, height: 1) }
        frames.append(Rect(x: 0, y: 0, width: 400, height: 400))
        var pyramid = DetailPyramid(frames: frames, within: Rect(x: 0, y: 0, width: 400, height: 400))
        let zoom = ZoomTransform(scale: 0.25, axis: .both)
        let answer = pyramid.query(Rect(x: 0, y: 0, width: 100, height: 100), zoom: zoom, minSize: 2, cell: 16, frames: frames)
        checkDetail(answer, frames, Rect(x: 0, y: 0, width: 100, height: 100), zoom: zoom, minSize: 2, cell: 16)
        #expect(answer.items == [120_000])
        #expect(answer.clusters.map(\.count).reduce(0, +) == 120_000)
        #expect(answer.clusters.map(\.first).min() == 0)
    }

    @Test("edits before the first query are read from the frames; edits after it, with no member grids yet, match a rebuild",
          arguments: [31, 32, 33] as [UInt64])
    func editsWithoutMembers(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        var board = DetailSlotBoard(rows(&rng, count: 1500))
        var pyramid = DetailPyramid(frames: board.frames, within: Rect(x: -100, y: 0, width: 3900, height: 900))
        // Before any query: nothing is stored, the edit only widens the box.
        let early = Rect(x: 7000, y: 7000, width: 40, height: 30)
        board.insert(early, at: 3, into: &pyramid)
        var frames: [Rect] { board.frames }
        // Only zooms where every class is small: no member grid is built until a recount needs one.
        let small = [ZoomTransform(scale: 0.01, axis: .both), ZoomTransform(scale: 0.002, axis: .both),
                     ZoomTransform(scale: 0.01, axis: .horizontal)]
        for zoom in small { _ = pyramid.query(Rect(x: 0, y: 0, width: 50, height: 50), zoom: zoom, minSize: 2, cell: 16, frames: frames) }
        #expect(pyramid.members == nil)
        for zoom in small {
            let key = DetailPyramid.levelKey(cell: 16, zoom: zoom)
            pyramid.buildCoarser(from: key, through: DetailPyramid.LevelKey(x: key.x + 2, y: key.y + 2), frames: frames)
        }
        for step in 0..<300 {
            switch rng.below(4) {
            case 0, 1:
                let position = rng.below(board.order.count)
                let old = board.frames[board.order[position]]
                var new = old
                new.x += rng.uniform(-400, 400).rounded()
                new.y += rng.uniform(-300, 300).rounded()
                if step % 7 == 0 { new.width = [8.0, 16, 32, 64][rng.below(4)] * (1 + Double(rng.below(8)) / 8) }
                board.move(at: position, to: new, in: &pyramid)
            case 2:
                let position = rng.below(board.order.count + 1)
                let new = Rect(x: rng.uniform(-200, 4000).rounded(), y: rng.uniform(0, 900).rounded(), width: 24, height: 20)
                board.insert(new, at: position, into: &pyramid)
            default:
                board.remove(at: [rng.below(board.order.count)], from: &pyramid)
            }
        }
        pyramid.settle(frames: board.frames)  // every level takes the edits it has not read yet
        let rebuilt = board.rebuilt(like: pyramid, members: false)
        let positional = board.positional
        for key in pyramid.builtLevels {
            #expect(levelContents(pyramid, key) == levelContents(rebuilt, key), "level \(key)")
            // The brute force's firsts are positions: by slot, to compare.
            var brute = bruteLevel(positional, key, pyramid.builtClasses(at: key))
            for (name, cells) in brute {
                brute[name] = cells.map { var cell = $0; cell.group.first = board.order[cell.group.first]; return cell }
            }
            #expect(levelContents(pyramid, key) == brute, "level \(key)")
        }
        #expect(pyramid.count == rebuilt.count)
        for zoom in small + zooms {
            for _ in 0..<3 {
                let area = rect(&rng, zoom)
                let answer = board.inPositions(pyramid.query(area, zoom: zoom, minSize: 2, cell: 16, frames: frames))
                checkDetail(answer, positional, area, zoom: zoom, minSize: 2, cell: 16)
            }
        }
    }

    @Test("uniform sizes: removing one of a cell's items keeps the sizes it shared, and the answers stay exact")
    func uniformRemovals() {
        // One class, one size: every item has the group's smallest and largest width.
        var frames = (0..<2000).map { Rect(x: Double($0 % 50) * 30, y: Double($0 / 50) * 20, width: 25, height: 15) }
        var pyramid = DetailPyramid(frames: frames)
        let zoom = ZoomTransform(scale: 0.02, axis: .both)
        let area = Rect(x: 0, y: 0, width: 40, height: 20)
        _ = pyramid.query(area, zoom: zoom, minSize: 2, cell: 16, frames: frames)
        var rng = SplitMix64(seed: 4)
        for _ in 0..<200 {
            let position = rng.below(frames.count)
            let old = frames[position]
            var new = old
            new.x = Double(rng.below(50)) * 30
            frames[position] = new
            pyramid.update(position: position, from: old, to: new, frames: frames)
            checkDetail(pyramid.query(area, zoom: zoom, minSize: 2, cell: 16, frames: frames), frames, area, zoom: zoom, minSize: 2, cell: 16)
        }
    }

    @Test("the zoom's rounding is rounded(): ties away from zero, signed zeros, large and odd values")
    func rounding() {
        var rng = SplitMix64(seed: 8)
        var values: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
                                0.3, -0.3, 4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 4_503_599_627_370_496,
                                9.1e18, -9.3e18, 1e300, -1e300, .infinity, -.infinity, 5e-324, -5e-324]
        values += (0..<2000).map { _ in rng.uniform(-1e6, 1e6) } + (0..<2000).map { _ in (rng.uniform(-4000, 4000)).rounded() + 0.5 }
        // Next to the ties, and where a double's spacing is a half or a quarter.
        for tie in [0.5, 1.5, 2.5, 1023.5, 0x1p50 + 0.5, 0x1p51 + 0.5, 0x1p52 - 0.5, 0x1p51 - 0.25, 0x1p51 - 0.75] {
            values += [tie, tie.nextDown, tie.nextUp, -tie, -tie.nextDown, -tie.nextUp]
        }
        values += (0..<2000).map { _ in rng.uniform(-0x1p52, 0x1p52) } + (0..<2000).map { _ in rng.uniform(-4, 4) }
        for value in values {
            let ours = ZoomTransform.rounded(value), theirs = value.rounded()
            #expect(ours == theirs && ours.sign == theirs.sign, "\(value)")
        }
        #expect(ZoomTransform.rounded(.nan).isNaN)
        // And frames zoomed with it are those zoomed with libm's rounding.
        for _ in 0..<3000 {
            let frame = Rect(x: rng.uniform(-1e5, 1e5), y: rng.uniform(-1e5, 1e5), width: rng.uniform(0, 500), height: rng.uniform(0, 500))
            let zoom = ZoomTransform(scale: [0.0001, 0.013, 0.5, 1, 1.337, 5][rng.below(6)], axis: [ZoomAxis.horizontal, .vertical, .both][rng.below(3)])
            func edge(_ value: Double, _ scaled: Bool) -> Double { scaled ? (value * zoom.scale).rounded() : value }
            let sx = zoom.scale != 1 && zoom.axis.zoomsX, sy = zoom.scale != 1 && zoom.axis.zoomsY
            let x = edge(frame.x, sx), y = edge(frame.y, sy)
            let theirs = Rect(x: x, y: y, width: sx ? edge(frame.x + frame.width, true) - x : frame.width,
                              height: sy ? edge(frame.y + frame.height, true) - y : frame.height)
            let ours = zoom.rect(frame)
            #expect(ours == theirs && ours.x.sign == theirs.x.sign && ours.y.sign == theirs.y.sign, "\(frame) at \(zoom)")
        }
    }

    @Test("a first query where every item is large builds ahead the finest level they need not be large at, and the coarser ones")
    func largeFirst() throws {
        let engine = try tileCanvas(viewport: size(400, 300))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        try engine.setZoom(1)
        let large = try engine.levelOfDetail()
        #expect(large.clusters.isEmpty && !large.items.isEmpty)
        let built = Set(engine.builtDetail?.builtLevels ?? [])
        #expect(!built.contains(DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 1, axis: .both))))
        // Every level down to the minimum zoom is there, merged from the one built ahead.
        let coarsest = DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 0.001, axis: .both))
        #expect(built.contains(coarsest))
        try engine.setZoom(0.015)  // items of 100 are 1.5 points
        #expect(try !engine.levelOfDetail().clusters.isEmpty)
        #expect(Set(engine.builtDetail?.builtLevels ?? []) == built, "zooming out only looked levels up")
    }

    @Test("positions are sorted the same by bitmap and by comparison")
    func sortingPositions() {
        var rng = SplitMix64(seed: 12)
        for (count, limit) in [(0, 10), (300, 400), (300, 100_000), (5000, 6000), (20_000, 1_000_000), (64, 64)] {
            var positions = Array(0..<limit).shuffled(using: &rng).prefix(count).map { $0 }
            let expected = positions.sorted()
            DetailPyramid.sortPositions(&positions, below: limit)
            #expect(positions == expected, "\(count) of \(limit)")
        }
    }
}
