import Testing
@testable import CanvasCore


// MARK: - Reference answers

private func isIndexable(_ frame: Rect) -> Bool {
    frame.isFinite && !frame.isEmpty
}

/// Every indexable frame that strictly intersects `rect`, by checking them all.
private func bruteQuery(_ frames: [Rect], _ rect: Rect) -> [Int] {
    guard rect.isFinite, !rect.isEmpty else { return [] }
    return frames.indices.filter { isIndexable(frames[$0]) && frames[$0].intersects(rect) }
}

/// The last indexable frame containing `point`, by checking them all.
private func bruteHit(_ frames: [Rect], _ point: Point) -> Int? {
    guard point.isFinite else { return nil }
    return frames.indices.last { isIndexable(frames[$0]) && frames[$0].contains(point) }
}

private func boundingBox(_ frames: [Rect]) -> Rect {
    frames.filter(isIndexable).reduce(nil as Rect?) { $0?.union($1) ?? $1 }!
}

// MARK: - Scenes

/// 48 × 48 tiles of 30 × 30 that touch their neighbours, so shared edges are everywhere.
private func uniformGrid() -> [Rect] {
    (0..<48 * 48).map { index in
        let (row, column) = index.quotientAndRemainder(dividingBy: 48)
        return Rect(x: Double(column) * 30, y: Double(row) * 30, width: 30, height: 30)
    }
}

/// Items of assorted sizes on a ring of radius about 4000, overlapping in clumps.
private func ring(_ rng: inout SplitMix64) -> [Rect] {
    (0..<2000).map { _ in
        // A direction without trigonometry (no Foundation): a random point in
        // the square, scaled onto the unit circle.
        var dx = 0.0
        var dy = 0.0
        var length = 0.0
        while length < 0.1 {
            dx = rng.uniform(-1, 1)
            dy = rng.uniform(-1, 1)
            length = (dx * dx + dy * dy).squareRoot()
        }
        let radius = 4000 + rng.uniform(-200, 200)
        return Rect(
            x: dx / length * radius, y: dy / length * radius,
            width: rng.uniform(8, 60), height: rng.uniform(8, 60)
        )
    }
}

/// 20 × 20 items with one 5000 × 5000 item, thin and medium ones, and frames
/// that must never be indexed.
private func mixedSizes(_ rng: inout SplitMix64) -> [Rect] {
    var frames = (0..<2000).map { _ in
        Rect(x: rng.uniform(0, 20_000), y: rng.uniform(0, 20_000), width: 20, height: 20)
    }
    frames[777] = Rect(x: 3000, y: 3000, width: 5000, height: 5000)
    for index in stride(from: 5, to: 2000, by: 97) {
        frames[index].width = 300
        frames[index].height = 2
    }
    for index in stride(from: 11, to: 2000, by: 101) {
        frames[index].width = 2
        frames[index].height = 300
    }
    for index in stride(from: 17, to: 2000, by: 89) {
        frames[index].width = 400
        frames[index].height = 400
    }
    frames[3] = Rect(x: .nan, y: 10, width: 20, height: 20)
    frames[4] = Rect(x: 500, y: 500, width: 0, height: 20)
    frames[6] = Rect(x: 500, y: 500, width: 20, height: -5)
    frames[8] = Rect(x: 500, y: 500, width: .infinity, height: 20)
    return frames
}

/// 20 × 20 items scattered over a square 10 million points across.
private func scattered(_ rng: inout SplitMix64) -> [Rect] {
    (0..<2000).map { _ in
        Rect(x: rng.uniform(-5e6, 5e6), y: rng.uniform(-5e6, 5e6), width: 20, height: 20)
    }
}

/// Three dense clusters far apart, and one lone item farther still: the
/// cell limit then makes the cells coarse, each cluster crowds a few of
/// them, and the index keeps block bounds. One cluster runs along a
/// diagonal in data order (tight blocks, most skipped), one is a square of
/// touching tiles in reading order, and one is scattered in random order
/// (loose blocks, few skipped).
private func clusters(_ rng: inout SplitMix64) -> [Rect] {
    var frames: [Rect] = []
    for step in 0..<1500 {
        let t = Double(step)
        frames.append(Rect(x: 3 * t, y: 2 * t + rng.uniform(-5, 5), width: rng.uniform(4, 30), height: rng.uniform(4, 30)))
    }
    for tile in 0..<900 {
        let (row, column) = tile.quotientAndRemainder(dividingBy: 30)
        frames.append(Rect(x: 40_000 + Double(column) * 10, y: Double(row) * 10, width: 10, height: 10))
    }
    for _ in 0..<1500 {
        frames.append(Rect(
            x: rng.uniform(0, 600), y: 40_000 + rng.uniform(0, 600),
            width: rng.uniform(2, 40), height: rng.uniform(2, 40)
        ))
    }
    frames.append(Rect(x: 99_000, y: 99_000, width: 10, height: 10))
    return frames
}

/// `frames` followed by 300 small tiles off to the side. Small scenes are
/// answered by a straight scan; the filler makes the cells do the work, and
/// keeps them at the 64-point minimum.
private func withFiller(_ frames: [Rect]) -> [Rect] {
    frames + (0..<300).map { index in
        let (row, column) = index.quotientAndRemainder(dividingBy: 20)
        return Rect(x: 1000 + Double(column) * 10, y: 1000 + Double(row) * 10, width: 10, height: 10)
    }
}

/// A random query of one of several shapes, relative to the scene's bounds.
private func randomQuery(_ rng: inout SplitMix64, _ frames: [Rect], _ bounds: Rect) -> Rect {
    let extent = max(bounds.width, bounds.height)
    let someFrame = frames[rng.below(frames.count)]
    switch rng.below(9) {
    case 0: // A small rect anywhere near the scene.
        return Rect(
            x: rng.uniform(bounds.minX - 0.1 * extent, bounds.maxX + 0.1 * extent),
            y: rng.uniform(bounds.minY - 0.1 * extent, bounds.maxY + 0.1 * extent),
            width: rng.uniform(1, 100), height: rng.uniform(1, 100)
        )
    case 1: // A viewport: 2–30% of the scene.
        return Rect(
            x: rng.uniform(bounds.minX, bounds.maxX), y: rng.uniform(bounds.minY, bounds.maxY),
            width: rng.uniform(0.02, 0.3) * extent, height: rng.uniform(0.02, 0.3) * extent
        )
    case 2: // Thin, across the whole scene one way or the other.
        let thin = rng.uniform(0.001, 1)
        return rng.below(2) == 0
            ? Rect(x: rng.uniform(bounds.minX, bounds.maxX), y: bounds.minY - 10, width: thin, height: bounds.height + 20)
            : Rect(x: bounds.minX - 10, y: rng.uniform(bounds.minY, bounds.maxY), width: bounds.width + 20, height: thin)
    case 3: // Huge: everything and far beyond.
        return Rect(
            x: bounds.minX - extent, y: bounds.minY - rng.uniform(0, extent),
            width: 3 * extent, height: 3 * extent
        )
    case 4: // Wholly outside, on some side.
        let gap = rng.uniform(0, extent)
        switch rng.below(4) {
        case 0: return Rect(x: bounds.maxX + gap, y: bounds.minY, width: 50, height: bounds.height)
        case 1: return Rect(x: bounds.minX - gap - 50, y: bounds.minY, width: 50, height: bounds.height)
        case 2: return Rect(x: bounds.minX, y: bounds.maxY + gap, width: bounds.width, height: 50)
        default: return Rect(x: bounds.minX, y: bounds.minY - gap - 50, width: bounds.width, height: 50)
        }
    case 5: // Exactly a frame's outline, or a neighbour sharing its right or bottom edge.
        guard someFrame.isFinite else { return someFrame }
        switch rng.below(3) {
        case 0: return someFrame
        case 1: return Rect(x: someFrame.maxX, y: someFrame.minY, width: 30, height: someFrame.height)
        default: return Rect(x: someFrame.minX, y: someFrame.maxY, width: someFrame.width, height: 30)
        }
    case 6: // Straddling the scene's edge.
        return Rect(
            x: bounds.maxX - rng.uniform(0, 0.2 * extent), y: bounds.minY - rng.uniform(0, 0.2 * extent),
            width: 0.4 * extent, height: 0.4 * extent
        )
    case 7: // Two frames' bounding box: large, with edges on other frames' edges.
        let other = frames[rng.below(frames.count)]
        guard someFrame.isFinite, other.isFinite else { return someFrame }
        return someFrame.union(other)
    default: // Around a frame, a few times its size.
        guard someFrame.isFinite else { return someFrame }
        return Rect(
            x: someFrame.minX - rng.uniform(0, 60), y: someFrame.minY - rng.uniform(0, 60),
            width: rng.uniform(1, 200), height: rng.uniform(1, 200)
        )
    }
}

/// A random point: anywhere near the scene, or on a frame's corners.
private func randomPoint(_ rng: inout SplitMix64, _ frames: [Rect], _ bounds: Rect) -> Point {
    let frame = frames[rng.below(frames.count)]
    switch rng.below(4) {
    case 0: return Point(x: frame.minX, y: frame.minY)
    case 1: return Point(x: frame.maxX, y: frame.maxY)
    case 2: return Point(x: frame.minX + frame.width / 2, y: frame.minY + frame.height / 2)
    default:
        return Point(
            x: rng.uniform(bounds.minX - 10, bounds.maxX + 10),
            y: rng.uniform(bounds.minY - 10, bounds.maxY + 10)
        )
    }
}

/// Whether `query(_:into:)` gives `expected`: in a buffer with room for
/// every entry it must answer; in one with room for the results only it
/// may decline, and then must leave the buffer untouched.
private func checkBufferQuery(_ index: SpatialIndex, _ rect: Rect, _ expected: [Int]) -> Bool {
    let sentinel = -7
    for capacity in [index.entryCount + 1, expected.count] {
        var buffer = [Int](repeating: sentinel, count: capacity)
        let found = buffer.withUnsafeMutableBufferPointer { index.query(rect, into: $0) }
        if let found {
            guard Array(buffer[..<found]) == expected else { return false }
        } else {
            guard capacity <= index.entryCount, buffer.allSatisfy({ $0 == sentinel }) else { return false }
        }
    }
    return true
}

/// Checks queries and hit tests on `frames` against the brute-force answers.
private func checkAgainstBruteForce(_ frames: [Rect], seed: UInt64, queries: Int = 400) {
    var rng = SplitMix64(seed: seed)
    let index = SpatialIndex(frames: frames)
    let bounds = boundingBox(frames)
    #expect(index.count == frames.count)
    #expect(index.columns * index.rows <= max(1024, 2 * index.indexedCount))
    #expect(index.entryCount <= max(4096, 6 * index.indexedCount))
    var failures = 0
    for _ in 0..<queries {
        let rect = randomQuery(&rng, frames, bounds)
        let found = index.query(rect)
        let expected = bruteQuery(frames, rect)
        if found != expected {
            failures += 1
            if failures <= 3 {
                Issue.record("query \(rect): \(found.count) results, expected \(expected.count); missing \(Set(expected).subtracting(found).sorted().prefix(5)), extra \(Set(found).subtracting(expected).sorted().prefix(5))")
            }
        }
        if SpatialIndex.scan(frames, for: rect) != expected {
            failures += 1
            if failures <= 3 { Issue.record("SpatialIndex.scan(for: \(rect)) differs from the brute-force answer") }
        }
        if !checkBufferQuery(index, rect, expected) {
            failures += 1
            if failures <= 3 { Issue.record("query(\(rect), into:) differs from the brute-force answer") }
        }
        let point = randomPoint(&rng, frames, bounds)
        let hit = index.item(at: point)
        let expectedHit = bruteHit(frames, point)
        if SpatialIndex.item(at: point, scanning: frames) != expectedHit {
            failures += 1
            if failures <= 3 { Issue.record("SpatialIndex.item(at: \(point), scanning:) differs from the brute-force answer") }
        }
        if hit != expectedHit {
            failures += 1
            if failures <= 3 {
                Issue.record("item(at: \(point)) = \(String(describing: hit)), expected \(String(describing: expectedHit))")
            }
        }
    }
    #expect(failures == 0)
}

@Suite("Spatial index")
struct SpatialIndexTests {
    // MARK: Against brute force

    @Test("A uniform grid of touching tiles matches a brute-force scan")
    func uniformGridMatchesBruteForce() {
        let frames = uniformGrid()
        checkAgainstBruteForce(frames, seed: 0x1)
        // 2 × the 30-point median, clamped up to the 64-point floor.
        #expect(SpatialIndex(frames: frames).cellSize == Size(width: 64, height: 64))
    }

    @Test("Items clustered on a ring match a brute-force scan")
    func ringMatchesBruteForce() {
        var rng = SplitMix64(seed: 0x2)
        checkAgainstBruteForce(ring(&rng), seed: 0x22)
    }

    @Test("Crowded cells, stepped over by their block bounds, match a brute-force scan")
    func crowdedClustersMatchBruteForce() {
        var rng = SplitMix64(seed: 0x7)
        let frames = clusters(&rng)
        let index = SpatialIndex(frames: frames)
        // The scene is built to take the block path.
        #expect(!index.blockBounds.isEmpty)
        checkAgainstBruteForce(frames, seed: 0x77, queries: 300)
        // Most random queries land in the empty space between the clusters:
        // these are viewports and slivers on the clusters themselves, whose
        // edges cut blocks and cells at every offset.
        for _ in 0..<600 {
            let frame = frames[rng.below(frames.count - 1)]
            let rect = Rect(
                x: frame.x + rng.uniform(-300, 300), y: frame.y + rng.uniform(-300, 300),
                width: rng.uniform(0.5, 700), height: rng.uniform(0.5, 500)
            )
            let expected = bruteQuery(frames, rect)
            #expect(index.query(rect) == expected, "query \(rect)")
            #expect(checkBufferQuery(index, rect, expected), "query \(rect), into:")
        }
    }

    @Test("Mixed sizes, with a 5000-point item among 20-point ones, match a brute-force scan")
    func mixedSizesMatchBruteForce() {
        var rng = SplitMix64(seed: 0x3)
        let frames = mixedSizes(&rng)
        checkAgainstBruteForce(frames, seed: 0x33)
        let index = SpatialIndex(frames: frames)
        #expect(index.indexedCount == frames.count - 4)
        // The huge item is found from anywhere inside it.
        #expect(index.query(Rect(x: 7990, y: 7990, width: 1, height: 1)).contains(777))
        #expect(index.item(at: Point(x: 5000.5, y: 5000.5)) != nil)
    }

    @Test("Items scattered over ten million points match a brute-force scan")
    func scatteredMatchBruteForce() {
        var rng = SplitMix64(seed: 0x4)
        let frames = scattered(&rng)
        checkAgainstBruteForce(frames, seed: 0x44)
        let index = SpatialIndex(frames: frames)
        // The cell limit, not the item size, decides the cells here.
        #expect(index.cellSize.width > 64)
        for probe in [0, 999, 1999] {
            #expect(index.query(frames[probe]).contains(probe))
            #expect(index.item(at: frames[probe].origin) == bruteHit(frames, frames[probe].origin))
        }
    }

    @Test("Many huge items grow the cells instead of the memory, and still match")
    func hugeItemsStayBounded() {
        var rng = SplitMix64(seed: 0x5)
        let small = scattered(&rng)
        var frames = small
        for index in stride(from: 0, to: frames.count, by: 3) {
            frames[index].width = 2e6
            frames[index].height = 2e6
        }
        let index = SpatialIndex(frames: frames)
        #expect(index.entryCount <= max(4096, 6 * frames.count))
        // The entry limit, not the cell limit, made these cells coarser.
        #expect(index.cellSize.width > SpatialIndex(frames: small).cellSize.width)
        checkAgainstBruteForce(frames, seed: 0x55, queries: 150)
    }

    // MARK: Edge cases

    @Test("An empty index finds nothing")
    func emptyIndex() {
        for index in [SpatialIndex(frames: []), .empty] {
            #expect(index.count == 0)
            #expect(index.indexedCount == 0)
            #expect(index.cellSize == .zero)
            #expect(index.query(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9)) == [])
            #expect(index.item(at: .zero) == nil)
        }
    }

    @Test("Frames that only touch the query along an edge or corner are not returned")
    func touchingEdgesDoNotCount() {
        // Alone, the frames are scanned; with filler, the cells answer, and
        // the edges at 100 and 200 fall inside 64-point cells, so queries
        // cross cells.
        let tiles = [
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 100, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 100, width: 100, height: 100),
        ]
        #expect(SpatialIndex(frames: withFiller(tiles)).cellSize == Size(width: 64, height: 64))
        for frames in [tiles, withFiller(tiles)] {
            let index = SpatialIndex(frames: frames)
            #expect(index.query(Rect(x: 100, y: 0, width: 50, height: 50)) == [1])
            #expect(index.query(Rect(x: 50, y: 0, width: 50, height: 50)) == [0])
            #expect(index.query(Rect(x: 0, y: 50, width: 50, height: 50)) == [0])
            #expect(index.query(Rect(x: -50, y: -50, width: 50, height: 50)) == [])
            #expect(index.query(Rect(x: 100, y: 100, width: 50, height: 50)) == [])
            #expect(index.query(Rect(x: 200, y: 0, width: 50, height: 200)) == [])
            #expect(index.query(Rect(x: 0, y: 200, width: 300, height: 50)) == [])
            #expect(index.query(Rect(x: 95, y: 95, width: 10, height: 10)) == [0, 1, 2])
            #expect(index.query(Rect(x: 1, y: 1, width: 98, height: 98)) == [0])
            // Hit tests own the top and left edges only.
            #expect(index.item(at: Point(x: 100, y: 50)) == 1)
            #expect(index.item(at: Point(x: 50, y: 100)) == 2)
            #expect(index.item(at: Point(x: 200, y: 50)) == nil)
            #expect(index.item(at: Point(x: 100, y: 100)) == nil)
            #expect(index.item(at: Point(x: 0, y: 0)) == 0)
        }
    }

    @Test("NaN, infinite and empty frames are never returned")
    func invalidFramesAreSkipped() {
        let invalid = [
            Rect(x: .nan, y: 0, width: 10, height: 10),
            Rect(x: 0, y: 0, width: 10, height: 10),
            Rect(x: 5, y: 5, width: 0, height: 10),
            Rect(x: 5, y: 5, width: 10, height: -1),
            Rect(x: 0, y: 0, width: .infinity, height: 10),
            Rect(x: 0, y: .nan, width: 10, height: 10),
            Rect(x: 2, y: 2, width: 4, height: .nan),
        ]
        // Alone, the frames are scanned; with filler, the cells answer.
        for frames in [invalid, withFiller(invalid)] {
            let index = SpatialIndex(frames: frames)
            #expect(index.count == frames.count)
            #expect(index.indexedCount == frames.count - 6)
            #expect(index.query(Rect(x: -100, y: -100, width: 200, height: 200)) == [1])
            #expect(index.query(Rect(x: 4, y: 4, width: 2, height: 2)) == [1])
            #expect(index.item(at: Point(x: 5, y: 5)) == 1)
            #expect(index.item(at: Point(x: 5, y: 12)) == nil)
            #expect(SpatialIndex.scan(frames, for: Rect(x: -100, y: -100, width: 200, height: 200)) == [1])
            #expect(SpatialIndex.item(at: Point(x: 5, y: 5), scanning: frames) == 1)
            #expect(SpatialIndex.item(at: Point(x: 5, y: 12), scanning: frames) == nil)
        }

        let nothing = SpatialIndex(frames: [Rect(x: .nan, y: .nan, width: .nan, height: .nan), .zero])
        #expect(nothing.indexedCount == 0)
        #expect(nothing.query(Rect(x: -1, y: -1, width: 2, height: 2)) == [])
        #expect(nothing.item(at: .zero) == nil)
    }

    @Test("NaN, infinite and empty queries return nothing")
    func invalidQueriesFindNothing() {
        let index = SpatialIndex(frames: uniformGrid())
        let queries = [
            Rect(x: .nan, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 0, width: .nan, height: 100),
            Rect(x: 0, y: 0, width: .infinity, height: 100),
            Rect(x: -.infinity, y: 0, width: 100, height: 100),
            Rect(x: 0, y: 0, width: 0, height: 100),
            Rect(x: 0, y: 0, width: 100, height: 0),
            Rect(x: 50, y: 50, width: -10, height: 10),
        ]
        for query in queries {
            #expect(index.query(query) == [])
            #expect(SpatialIndex.scan(uniformGrid(), for: query) == [])
        }
        #expect(index.item(at: Point(x: .nan, y: 5)) == nil)
        #expect(index.item(at: Point(x: 5, y: .infinity)) == nil)
    }

    @Test("Where frames overlap, the hit test returns the last in data order")
    func hitTestPrefersLast() {
        let frames = withFiller([
            Rect(x: 0, y: 0, width: 100, height: 100),
            Rect(x: 20, y: 20, width: 60, height: 60),
            Rect(x: 40, y: 40, width: 20, height: 20),
            Rect(x: 200, y: 200, width: 5, height: 5),
        ])
        let index = SpatialIndex(frames: frames)
        #expect(index.item(at: Point(x: 50, y: 50)) == 2)
        #expect(index.item(at: Point(x: 30, y: 30)) == 1)
        #expect(index.item(at: Point(x: 10, y: 10)) == 0)
        #expect(index.item(at: Point(x: 150, y: 150)) == nil)
        #expect(index.item(at: Point(x: -1, y: 50)) == nil)
    }

    @Test("Results are ascending and unique even when items span many cells")
    func resultsAscendingAndUnique() {
        // Later items sit up and to the left, so cell order runs against data
        // order; every fifth item spans many cells.
        var frames: [Rect] = []
        for index in 0..<3000 {
            let position = Double(3000 - index)
            let side = index % 5 == 0 ? 700.0 : 20.0
            frames.append(Rect(x: position * 7, y: position * 3, width: side, height: side))
        }
        let index = SpatialIndex(frames: frames)
        var rng = SplitMix64(seed: 0x6)
        for _ in 0..<100 {
            let rect = Rect(
                x: rng.uniform(0, 21_000), y: rng.uniform(0, 9000),
                width: rng.uniform(10, 1500), height: rng.uniform(10, 1500)
            )
            let found = index.query(rect)
            #expect(found == Array(Set(found)).sorted())
            #expect(found == bruteQuery(frames, rect))
        }
    }

    @Test("Cells start at twice the median item size, clamped to 64…2048")
    func cellSizeFollowsMedian() {
        // Medians: 300 wide (one 5-wide outlier), 10 tall.
        var frames = (0..<9).map { Rect(x: Double($0) * 310, y: 0, width: 300, height: 10) }
        frames.append(Rect(x: 0, y: 50, width: 5, height: 5))
        #expect(SpatialIndex(frames: frames).cellSize == Size(width: 600, height: 64))

        let large = (0..<4).map { Rect(x: Double($0) * 5000, y: 0, width: 4000, height: 1500) }
        #expect(SpatialIndex(frames: large).cellSize == Size(width: 2048, height: 2048))
    }

    @Test("Extreme but finite coordinates neither trap nor go missing")
    func extremeCoordinates() {
        let frames = [
            Rect(x: 0, y: 0, width: 10, height: 10),
            // Finite, but its far edges overflow to infinity.
            Rect(x: 1e308, y: 1e308, width: 1e308, height: 1e308),
            Rect(x: -1e308, y: -1e308, width: 1e307, height: 1e307),
        ]
        let index = SpatialIndex(frames: frames)
        let queries = [
            (Rect(x: 1, y: 1, width: 2, height: 2), [0]),
            (Rect(x: 1.5e308, y: 1.5e308, width: 1, height: 1), [1]),
            (Rect(x: -9.5e307, y: -9.5e307, width: 1e306, height: 1e306), [2]),
            (Rect(x: -1.7e308, y: -1.7e308, width: 1.79e308, height: 1.79e308), [0, 2]),
        ]
        for (query, expected) in queries {
            #expect(index.query(query) == expected)
            #expect(bruteQuery(frames, query) == expected)
        }
        #expect(index.item(at: Point(x: 1.7e308, y: 1.7e308)) == 1)
        #expect(index.item(at: Point(x: 5, y: 5)) == 0)
        #expect(index.item(at: Point(x: -9.5e307, y: -9.5e307)) == 2)
    }
}

/// `CanvasEngine.queryIDs`, the C ABI's query: the index works in the
/// caller's buffer when it has room for every candidate, and the positions
/// become ids in place.
@Suite("Querying ids into a caller's buffer")
struct QueryIDsTests {
    @Test("Ids match query(_:) for every buffer size, zoom and kind of ids")
    func matchesQuery() throws {
        var rng = SplitMix64(seed: 0x8)
        // Reversed ids, so position and id orders disagree.
        for ids in [nil, (0..<400).map(reversedID)] {
            for axis in [nil, ZoomAxis.horizontal, .both] {
                let engine = try tileCanvas(count: 400, columns: 20, ids: ids)
                if let axis {
                    try engine.setZoomSettings(zoomSettings(axis: axis))
                    try engine.setZoom(2.5)
                }
                let extent = 2000 * engine.zoomScale
                for _ in 0..<150 {
                    let rect = Rect(
                        x: rng.uniform(-100, extent), y: rng.uniform(-100, extent),
                        width: rng.uniform(0.5, 900), height: rng.uniform(0.5, 900)
                    )
                    let expected = engine.query(rect).map { engine.resolvedIDs[$0] }
                    #expect(engine.queryIDs(rect, into: nil, capacity: 0) == expected.count)
                    let room = engine.index.entryCount + 1
                    for capacity in [room, expected.count, expected.count - 1] where capacity >= 0 {
                        var out = [UInt64](repeating: 7777, count: capacity)
                        let count = out.withUnsafeMutableBufferPointer {
                            engine.queryIDs(rect, into: $0.baseAddress, capacity: capacity)
                        }
                        #expect(count == expected.count)
                        if capacity >= expected.count {
                            #expect(Array(out[..<count]) == expected, "rect \(rect), capacity \(capacity)")
                        } else {
                            // Too small: nothing written.
                            #expect(out.allSatisfy { $0 == 7777 })
                        }
                    }
                }
            }
        }
    }

    @Test("An empty or non-finite rect finds nothing and writes nothing")
    func invalidRects() throws {
        let engine = try tileCanvas()
        var out: [UInt64] = [5, 5]
        for rect in [Rect(x: 0, y: 0, width: 0, height: 10), Rect(x: .nan, y: 0, width: 10, height: 10)] {
            #expect(out.withUnsafeMutableBufferPointer { engine.queryIDs(rect, into: $0.baseAddress, capacity: 2) } == 0)
        }
        #expect(out == [5, 5])
    }
}

@Suite("Spatial index: the typical size of a long list")
struct SpatialIndexSamplingTests {
    @Test("Past 131,072 frames the cells follow a sample's median: every k-th frame")
    func sampledMedian() {
        // 300,000 frames, k = 4: every 4th frame is 100 wide, the rest 10.
        // All sides' median is 10; the sample's (frames 0, 4, 8, …) is 100.
        let frames: [Rect] = (0..<300_000).map { (i: Int) -> Rect in
            let width: Double = i % 4 == 0 ? 100 : 10
            return rect(Double(i % 1000) * 120, Double(i / 1000) * 120, width, 10)
        }
        let index = SpatialIndex(frames: frames)
        #expect(index.cellSize.width >= 200)
        #expect(index.query(rect(0, 0, 250, 5)) == [0, 1, 2])
    }

    @Test("A sample that meets no indexable frame takes every one instead")
    func sparseIndexable() {
        // k = 2 samples the even positions; only position 200,001 is indexable.
        var frames = [Rect](repeating: rect(0, 0, 0, 0), count: 300_000)
        frames[200_001] = rect(50, 60, 10, 20)
        let index = SpatialIndex(frames: frames)
        #expect(index.indexedCount == 1)
        #expect(index.query(rect(0, 0, 100, 100)) == [200_001])
        #expect(index.item(at: point(55, 70)) == 200_001)
    }
}
