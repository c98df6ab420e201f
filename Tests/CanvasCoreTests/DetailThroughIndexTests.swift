import Testing
@testable import CanvasCore

/// Level of detail answered through a culling index (`DetailPyramid.Finder`)
/// instead of member grids: wholly large classes are the index's answer,
/// boundary cells are checked through it, and the answers stay the brute
/// force's.
@Suite("Level of detail through the culling index")
struct DetailThroughIndexTests {
    /// Mixed sizes (sides 2^-2 … 2^8), some items that take no part.
    private func mixed(_ rng: inout SplitMix64, count: Int) -> [Rect] {
        (0..<count).map { position in
            if position % 89 == 5 { return Rect(x: 7, y: 7, width: 10, height: 0) }
            if position % 157 == 3 { return Rect(x: 0, y: .nan, width: 10, height: 10) }
            if position % 173 == 11 { return Rect(x: .infinity, y: 0, width: 10, height: 10) }
            let width = Double(sign: .plus, exponent: Int(rng.uniform(-2, 8)), significand: 1) * rng.uniform(1, 1.99)
            let height = Double(sign: .plus, exponent: Int(rng.uniform(-2, 7)), significand: 1) * rng.uniform(1, 1.99)
            return Rect(x: rng.uniform(-3000, 9000).rounded(), y: rng.uniform(-1000, 5000).rounded(), width: width, height: height)
        }
    }

    private let zooms: [ZoomTransform] = [0.004, 0.03, 0.35, 1, 2.7, 5].flatMap {
        [ZoomTransform(scale: $0, axis: .horizontal), ZoomTransform(scale: $0, axis: .both)]
    }

    /// Finders that keep to the contract in different ways: the index (data
    /// order), the index backwards (any order), and every position (a
    /// superset, the frames that take no part included).
    private func finders(_ frames: [Rect]) -> [(String, DetailPyramid.Finder)] {
        let index = SpatialIndex(frames: frames)
        return [("index", { index.query($0) }),
                ("reversed", { Array(index.query($0).reversed()) }),
                ("everything", { _ in Array(frames.indices) })]
    }

    /// Where some class is small the pyramid takes its member grids over the
    /// finder (issue 20: the finder hands back the small items too); the
    /// answers stay the brute force's either way.
    @Test("with a finder, answers match the brute force at many zooms", arguments: [4, 5] as [UInt64])
    func bruteForce(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let frames = mixed(&rng, count: 1200)
        for (name, find) in finders(frames) {
            var pyramid = DetailPyramid(frames: frames)
            var items = 0, clusters = 0
            for zoom in zooms {
                for (minSize, cell) in [(2.0, 16.0), (3.5, 10.0), (40.0, 64.0)] {
                    for _ in 0..<4 {
                        let sx = zoom.axis.zoomsX ? zoom.scale : 1, sy = zoom.axis.zoomsY ? zoom.scale : 1
                        let rect = Rect(x: rng.uniform(-4000, 10000) * sx, y: rng.uniform(-2000, 6000) * sy,
                                        width: rng.uniform(50, 1400), height: rng.uniform(50, 900))
                        let answer = pyramid.query(rect, zoom: zoom, minSize: minSize, cell: cell, frames: frames, find: find)
                        checkDetail(answer, frames, rect, zoom: zoom, minSize: minSize, cell: cell)
                        items += answer.items.count
                        clusters += answer.clusters.count
                    }
                }
            }
            #expect(items > 100 && clusters > 100, "\(name)")
        }
    }

    @Test("one size, wholly large: the index's items in data order, rectangle edges exact, and on the boundary")
    func uniform() {
        // 80 × 60 items 88 × 68 apart, in rows of 100, in data order.
        let frames = (0..<10_000).map { Rect(x: Double($0 % 100) * 88, y: Double($0 / 100) * 68, width: 80, height: 60) }
        let index = SpatialIndex(frames: frames)
        var pyramid = DetailPyramid(frames: frames)
        for scale in [4, 1, 0.5, 0.0625, 1.0 / 32, 1.0 / 40, 0.01] {
            let zoom = ZoomTransform(scale: scale, axis: .both)
            // Edges on items' edges: an item touching the rectangle only
            // along an edge is not in it.
            for rect in [Rect(x: 88 * scale, y: 68 * scale, width: 80 * scale, height: 60 * scale),
                         Rect(x: 0, y: 0, width: 1280, height: 800),
                         Rect(x: 168 * scale, y: 60 * scale, width: 500, height: 8 * scale)] {
                let answer = pyramid.query(rect, zoom: zoom, minSize: 2, cell: 16, frames: frames, find: { index.query($0) })
                checkDetail(answer, frames, rect, zoom: zoom, minSize: 2, cell: 16)
            }
        }
        #expect(pyramid.members == nil)
        // One size: the class is decided from its items' sides, so at 1/16
        // (60 · 1/16 = 3.75 points high) it is wholly large and no level is built there.
        #expect(!pyramid.hasLevel(DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 0.0625, axis: .both))))
    }

    @Test("a first query where the items are large builds the finest level zooming out reaches where they need not be")
    func levelAhead() throws {
        let sizes = (0..<5000).map { _ in size(80, 60) }
        let engine = CanvasEngine()
        try engine.setItems(sizes: sizes)
        engine.setLayout(FlowLayout())
        try engine.resolve()
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        try engine.setZoom(4)
        let frames = engine.resolution.frames
        let probe = Rect(x: 0, y: 0, width: 300, height: 200)
        checkDetail(engine.detailPositions(probe, minSize: 2, cell: 16), frames, probe,
                    zoom: ZoomTransform(scale: 4, axis: .both), minSize: 2, cell: 16)
        // At 1/32 the items are 1.875 points high: some round to 2, some to 1.
        let boundary = DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 1.0 / 32, axis: .both))
        let coarsest = DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 0.001, axis: .both))
        let built = Set(engine.builtDetail?.builtLevels ?? [])
        #expect(built.contains(boundary) && built.contains(coarsest))
        #expect(!built.contains(DetailPyramid.levelKey(cell: 16, zoom: ZoomTransform(scale: 1.0 / 16, axis: .both))))
        for scale in [1.0 / 16, 1.0 / 32, 1.0 / 50, 0.004, 0.001] {
            try engine.setZoom(scale)
            let rect = Rect(x: 0, y: 0, width: 1280, height: 800)
            let zoom = ZoomTransform(scale: scale, axis: .both)
            checkDetail(engine.detailPositions(rect, minSize: 2, cell: 16), frames, rect, zoom: zoom, minSize: 2, cell: 16)
        }
        #expect(Set(engine.builtDetail?.builtLevels ?? []) == built, "zooming out only looked levels up")
    }

    @Test("on a free canvas, edits then queries through the editable index match the brute force", arguments: [8, 21] as [UInt64])
    func freeCanvasEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let count = 400
        let frames = (0..<count).map { _ in
            Rect(x: rng.uniform(-5000, 5000).rounded(), y: rng.uniform(-4000, 4000).rounded(),
                 width: rng.uniform(20, 220).rounded(), height: rng.uniform(20, 170).rounded())
        }
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(count)).map { $0 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 800, height: 600))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.001))
        let region = Rect(x: -600, y: -500, width: 1200, height: 1000)
        try engine.setZoom(1)
        _ = engine.detailPositions(region, minSize: 2, cell: 16)  // builds the pyramid, so edits update it
        var next = UInt64(count) + 1
        for step in 0..<120 {
            let ids = (0..<engine.resolvedIDs.count).map { engine.resolvedIDs[$0] }
            let point = Point(x: rng.uniform(-5000, 5000).rounded(), y: rng.uniform(-4000, 4000).rounded())
            switch step % 3 {
            case 0: try engine.move(ids[Int(rng.next() % UInt64(ids.count))], to: point)
            case 1:
                try engine.insert([NewItem(id: next, frame: Rect(x: point.x, y: point.y, width: 15, height: 300))], before: nil)
                next += 1
            default: try engine.remove([ids[Int(rng.next() % UInt64(ids.count))]])
            }
            guard step % 10 == 9 else { continue }
            for scale in [2.0, 1, 0.2, 0.05, 0.011] {
                try engine.setZoom(scale)
                let zoom = ZoomTransform(scale: scale, axis: .both)
                for (minSize, cell) in [(2.0, 16.0), (12.0, 40.0)] {
                    let answer = engine.detailPositions(region, minSize: minSize, cell: cell)
                    checkDetail(answer, engine.resolution.frames, region, zoom: zoom, minSize: minSize, cell: cell)
                }
            }
        }
        #expect(engine.builtDetail != nil)
    }
}
