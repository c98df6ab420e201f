import Testing
@testable import CanvasCore

/// The engine answers the first query or hit test after a resolve with a
/// scan and builds its index for the second (`CanvasEngine.culling()`).
/// The answers must not depend on which of the two gave them.
@Suite("Culling after a resolve")
struct CullingAfterResolveTests {
    /// Whether the engine holds a built index (a Bool, so a failure does
    /// not print the whole index).
    private func hasIndex(_ engine: CanvasEngine) -> Bool { engine.builtIndex != nil }

    /// The positions whose zoomed frames meet `rect`, checked one by one.
    private func bruteQuery(_ engine: CanvasEngine, _ rect: Rect) -> [Int] {
        (0..<engine.resolution.frames.count).filter { engine.frame(at: $0).intersects(rect) }
    }

    @Test("The first query scans, the second builds the index, and both agree with a brute-force check")
    func firstQueryScansSecondBuilds() throws {
        for zoom in [1.0, 2.5] {
            let engine = try tileCanvas(count: 400, columns: 20, viewport: nil)
            if zoom != 1 {
                try engine.setZoomSettings(zoomSettings(axis: .horizontal))
                try engine.setZoom(zoom)
            }
            let rect = rect(150, 250, 430, 310)
            #expect(!hasIndex(engine), "a resolve drops the index")
            let first = engine.query(rect)
            #expect(!hasIndex(engine), "the first query scans")
            let second = engine.query(rect)
            #expect(hasIndex(engine), "the second query builds the index")
            #expect(first == bruteQuery(engine, rect))
            #expect(second == first)
        }
    }

    @Test("Ids into a caller's buffer take the same turns: a scan, then the index")
    func queryIDsScanThenBuild() throws {
        let engine = try tileCanvas(count: 400, columns: 20, ids: (0..<400).map(reversedID), viewport: nil)
        let rect = rect(150, 250, 430, 310)
        let expected = bruteQuery(engine, rect).map { engine.resolvedIDs[$0] }
        for turn in ["scan", "index"] {
            var out = [UInt64](repeating: 0, count: 400)
            let count = out.withUnsafeMutableBufferPointer { engine.queryIDs(rect, into: $0.baseAddress, capacity: 400) }
            #expect(Array(out[..<count]) == expected, "\(turn)")
            #expect(hasIndex(engine) == (turn == "index"))
        }
    }

    @Test("Hit tests take the same turns, zoomed or not, and the last item in data order wins")
    func hitTestsScanThenBuild() throws {
        for zoom in [1.0, 2.0] {
            // Ten items piled on one spot, then forty in rows beside them.
            let frames = (0..<50).map { index in
                index < 10 ? rect(0, 0, 100, 100) : rect(200 + Double(index % 7) * 120, Double(index / 7) * 120, 100, 100)
            }
            let engine = CanvasEngine()
            try engine.setItems(sizes: [Size](repeating: size(100, 100), count: 50))
            engine.setLayout(StubLayout.returning(frames))
            try engine.resolve()
            if zoom != 1 {
                try engine.setZoomSettings(zoomSettings(axis: .both))
                try engine.setZoom(zoom)
            }
            let point = Point(x: 50 * zoom, y: 50 * zoom)
            #expect(engine.item(at: point) == 9)
            #expect(!hasIndex(engine))
            #expect(engine.item(at: point) == 9)
            #expect(hasIndex(engine))
            #expect(engine.item(at: Point(x: -5, y: 50)) == nil)
        }
    }

    @Test("A resolve starts over: its first query scans again")
    func resolveStartsOver() throws {
        let engine = try tileCanvas(count: 100, columns: 10)  // opening the viewport scanned
        engine.setViewportOffset(Point(x: 300, y: 300))            // this pan built the index
        #expect(hasIndex(engine))
        try engine.resolve()                                       // re-culls: a scan
        #expect(!hasIndex(engine))
        #expect(engine.scannedSinceResolve)
        let update = engine.setViewportOffset(Point(x: 0, y: 0))   // builds again
        #expect(hasIndex(engine))
        #expect(update?.visible == [1, 2])
    }
}
