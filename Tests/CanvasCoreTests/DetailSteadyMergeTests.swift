import Testing
@testable import CanvasCore

/// The answer path's shortcuts on mixed sizes (issue 20): classes judged by
/// their largest shorter side, one merged set of small classes per level,
/// and the sorts and merges behind them; every answer against the brute force.
@Suite("Level of detail: steady merges on mixed sizes")
struct DetailSteadyMergeTests {
    /// Cards whose sides spread over two octaves either way of a median,
    /// with aspect ratios 1:3 to 3:1 (the session's mix, smaller): a class's
    /// widest and tallest corner is seldom one card.
    private func cards(_ random: inout SplitMix64, count: Int, world: Double) -> [Rect] {
        (0..<count).map { _ in
            let side = Double(sign: .plus, exponent: 0, significand: 1) * power(2, random.uniform(4, 10.6))
            let aspect = power(2, random.uniform(-1.6, 1.6)).squareRoot()
            return Rect(x: random.uniform(-world / 4, world).rounded(), y: random.uniform(-world / 4, world).rounded(),
                        width: (side * aspect).rounded(), height: (side / aspect).rounded())
        }
    }

    private func power(_ base: Double, _ exponent: Double) -> Double {
        var result = 1.0, e = exponent
        while e >= 1 { result *= base; e -= 1 }
        // 2^f for f in [0, 1), by a few square roots: accurate enough for test data.
        var root = base, f = e
        for _ in 0..<20 {
            root = root.squareRoot()
            f *= 2
            if f >= 1 { result *= root; f -= 1 }
        }
        return result
    }

    @Test("a class none of whose cards is large is wholly small, though its box's corner would be")
    func shorterSideDecides() {
        let frames = [Rect(x: 0, y: 0, width: 2000, height: 1100), Rect(x: 5000, y: 0, width: 1100, height: 2000)]
        var pyramid = DetailPyramid(frames: frames)
        // Both axes at 0.005: the corner 2000 × 2000 would be 10 × 10, each card's shorter side is 5.5.
        let both = ZoomTransform(scale: 0.005, axis: .both)
        #expect(pyramid.kinds(zoom: both, minSize: 8) == [.small])
        // One axis: the 2000-wide card is 10 × 1100 there, large: the class is on the boundary.
        let across = ZoomTransform(scale: 0.005, axis: .horizontal)
        #expect(pyramid.kinds(zoom: across, minSize: 8) == [.boundary])
        for zoom in [both, across] {
            let rect = Rect(x: -100, y: -3000, width: 4000, height: 8000)
            let answer = pyramid.query(rect, zoom: zoom, minSize: 8, cell: 16, frames: frames)
            checkDetail(answer, frames, rect, zoom: zoom, minSize: 8, cell: 16)
        }
    }

    @Test("an animated zoom out keeps one merged set per level; every frame matches the brute force",
          arguments: [3 as UInt64, 17, 40])
    func animatedZoomOut(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let world = 60_000.0
        let frames = cards(&random, count: 2500, world: world)
        var pyramid = DetailPyramid(frames: frames)
        let cell = 16.0, minSize = 8.0
        // The zooms of an animation from 1 towards the fit, and both sides of every level's edge on the way.
        var scales: [Double] = []
        var scale = 1.0
        while scale > 0.002 {
            scales.append(scale)
            scale *= 0.83
        }
        for k in 4...13 {
            let edge = cell / Double(sign: .plus, exponent: k, significand: 1)
            scales += [edge.nextDown, edge, edge.nextUp]
        }
        scales.sort(by: >)
        var mergedSets: [DetailPyramid.LevelKey: [Bool]] = [:]
        var smallSets: [DetailPyramid.LevelKey: Set<[DetailPyramid.Kind]>] = [:]
        for scale in scales {
            let zoom = ZoomTransform(scale: scale, axis: .both)
            let centre = random.uniform(0, world * 0.75)
            let rect = Rect(x: centre * scale - 768, y: centre * scale - 528, width: 1536, height: 1056)
            let answer = pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames)
            checkDetail(answer, frames, rect, zoom: zoom, minSize: minSize, cell: cell)
            let key = DetailPyramid.levelKey(cell: cell, zoom: zoom)
            smallSets[key, default: []].insert(pyramid.kinds(zoom: zoom, minSize: minSize))
            if let merged = pyramid.merged[key] {
                if let before = mergedSets[key] {
                    #expect(merged.classes == before, "one merged set at level \(key), zoom \(scale)")
                }
                mergedSets[key] = merged.classes
            }
        }
        // The scene makes the point: some level saw different kinds in its
        // zooms, yet kept one merged grid.
        let changing = smallSets.filter { $0.value.count > 1 }.keys
        #expect(changing.contains { mergedSets[$0] != nil })
    }

    @Test("one-axis zooms across every level match the brute force", arguments: [5 as UInt64, 9])
    func oneAxis(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        let frames = cards(&random, count: 1500, world: 40_000)
        var pyramid = DetailPyramid(frames: frames)
        var scale = 1.3
        while scale > 0.003 {
            for axis in [ZoomAxis.horizontal, .vertical] {
                let zoom = ZoomTransform(scale: scale, axis: axis)
                let x = random.uniform(-5000, 30_000), y = random.uniform(-5000, 30_000)
                let rect = Rect(x: axis.zoomsX ? x * scale : x, y: axis.zoomsY ? y * scale : y, width: 1536, height: 1056)
                let answer = pyramid.query(rect, zoom: zoom, minSize: 8, cell: 16, frames: frames)
                checkDetail(answer, frames, rect, zoom: zoom, minSize: 8, cell: 16)
            }
            scale *= 0.7
        }
    }

    @Test("the radix sort sorts", arguments: [1 as UInt64, 2, 3])
    func radixSorts(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for limit in [1, 2, 3, 1000, 2048, 2049, 1 << 20, (1 << 23) + 5, 1 << 33] {
            for count in [0, 1, 2, 257, 3000] {
                var values = (0..<count).map { _ in random.below(limit) }
                let sorted = values.sorted()
                DetailPyramid.radixSort(&values, below: limit)
                #expect(values == sorted, "limit \(limit), count \(count)")
            }
        }
        // Distinct positions through every path of sortPositions.
        for (count, limit) in [(100, 1000), (300, 100_000), (5000, 1_000_000), (40_000, 1_000_000)] {
            var values = Array(Set((0..<count).map { _ in random.below(limit) }))
            let sorted = values.sorted()
            DetailPyramid.sortPositions(&values, below: limit)
            #expect(values == sorted)
        }
    }

    @Test("merging grids by row equals the sorted merge", arguments: [7 as UInt64, 8])
    func mergeByRow(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for spread in [4, 40, 100_000] {
            var grids: [DetailPyramid.Cells] = []
            for _ in 0..<5 {
                var grid = DetailPyramid.Cells()
                for _ in 0..<300 {
                    let row = random.below(20) - 10, column = random.below(spread) - spread / 3
                    let frame = Rect(x: random.uniform(-50, 50), y: random.uniform(-50, 50), width: random.uniform(1, 9), height: 3)
                    grid.update(row: row, column: column) { $0.add(random.below(1000), frame) }
                }
                grids.append(grid)
            }
            for n in 1...grids.count {
                let sub = Array(grids.prefix(n))
                #expect(DetailPyramid.mergeByRow(sub) == DetailPyramid.merge(sub), "spread \(spread), \(n) grids")
            }
        }
    }
}
