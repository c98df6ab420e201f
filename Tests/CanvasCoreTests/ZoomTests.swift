import CanvasCore
import Testing

// Zoom: the settings (clamp, snap, validation), the one zoom-aware accessor
// (ZoomTransform and everything the engine hands out through it), direct
// changes (setZoom, settings, the two-finger tap, setItems), and the
// promise that a zoom step never re-runs the layout or rebuilds the index.
//
// `tileCanvas()` is 100 items of 100 × 100 in ten columns, 1000 × 1000, ids
// p + 1, seen through a 200 × 100 window with no overscan.

/// Two items with fractional frames, placed as given (the cluster starts at
/// the origin, so resolving leaves them exactly as they are): the canvas is
/// 61.8 × 17.45.
private let fractionalFrames = [rect(0, 0, 33.3, 10.5), rect(40.7, 12.25, 21.1, 5.2)]

private func fractionalCanvas(axis: ZoomAxis = .horizontal) throws -> CanvasEngine {
    let engine = CanvasEngine()
    try engine.setItems(sizes: fractionalFrames.map(\.size))
    engine.setLayout(StubLayout.returning(fractionalFrames))
    try engine.resolve()
    try engine.setZoomSettings(zoomSettings(axis: axis))
    return engine
}

@Suite("Zoom settings and transform")
struct ZoomSettingsTests {
    @Test("The defaults: scale 1, horizontal, 0.35…5, speed 1, no stops, pinch on")
    func defaults() {
        let settings = ZoomSettings()
        #expect(settings.axis == .horizontal)
        #expect(settings.minimum == 0.35)
        #expect(settings.maximum == 5)
        #expect(settings.speed == 1)
        #expect(settings.stops == [])
        #expect(settings.isPinchEnabled)
        #expect(settings.allowsSelectionDuringZoom == false)
        let engine = CanvasEngine()
        #expect(engine.zoomScale == 1)
        #expect(engine.zoomSettings == settings)
        #expect(engine.isPinching == false)
    }

    @Test("The axes: horizontal zooms x, vertical zooms y, both zooms both")
    func axes() {
        #expect(ZoomAxis.horizontal.zoomsX && !ZoomAxis.horizontal.zoomsY)
        #expect(!ZoomAxis.vertical.zoomsX && ZoomAxis.vertical.zoomsY)
        #expect(ZoomAxis.both.zoomsX && ZoomAxis.both.zoomsY)
    }

    @Test(
        "Clamping rests at the limit instead of discarding",
        arguments: [(0.1, 0.35), (0.35, 0.35), (0.36, 0.36), (1, 1), (4.99, 4.99), (5, 5), (7, 5), (1000, 5)]
    )
    func clamp(scale: Double, expected: Double) {
        #expect(ZoomSettings().clamp(scale) == expected)
    }

    @Test(
        "Snapping picks the nearest stop; a tie goes to the stop listed first",
        arguments: [
            ([0.75, 1, 1.25, 1.5], 0.8, 0.75),
            ([0.75, 1, 1.25, 1.5], 0.875, 0.75),  // halfway between 0.75 and 1: 0.75 is listed first
            ([1, 0.75, 1.25, 1.5], 0.875, 1),  // the same tie, 1 listed first
            ([0.75, 1, 1.25, 1.5], 0.9, 1),
            ([0.75, 1, 1.25, 1.5], 1.125, 1),  // halfway between 1 and 1.25
            ([0.75, 1, 1.25, 1.5], 1.4, 1.5),
            ([0.75, 1, 1.25, 1.5], 4, 1.5),
            ([0.75, 1, 1.25, 1.5], 0.4, 0.75),
            ([], 1.37, 1.37),  // no stops, no snapping
        ] as [([Double], Double, Double)]
    )
    func snap(stops: [Double], scale: Double, expected: Double) {
        #expect(zoomSettings(stops: stops).snap(scale) == expected)
    }

    @Test(
        "Only stops inside [minimum, maximum] count",
        arguments: [(0.3, 1.0), (2.9, 2.0), (1.4, 1.0)]
    )
    func snapIgnoresStopsOutsideTheLimits(scale: Double, expected: Double) {
        // 0.25 and 3 are outside 0.5…2, so only 1 and 2 are candidates.
        let settings = zoomSettings(minimum: 0.5, maximum: 2, stops: [0.25, 3, 1, 2])
        #expect(settings.snap(scale) == expected)
    }

    @Test(
        "The transform rounds positions and lengths to whole points on zoomed axes only",
        arguments: [
            // 10.2 · 2 = 20.4 → 20, 33.3 · 2 = 66.6 → 67, 20.6 · 2 = 41.2 → 41, 7.4 · 2 = 14.8 → 15
            (ZoomAxis.horizontal, rect(20, 20.6, 67, 7.4)),
            (ZoomAxis.vertical, rect(10.2, 41, 33.3, 15)),
            (ZoomAxis.both, rect(20, 41, 67, 15)),
        ]
    )
    func transformRounds(axis: ZoomAxis, expected: Rect) {
        let transform = ZoomTransform(scale: 2, axis: axis)
        #expect(transform.rect(rect(10.2, 20.6, 33.3, 7.4)) == expected)
        #expect(transform.size(size(33.3, 7.4)) == expected.size)
        #expect(!transform.isIdentity)
    }

    @Test("At scale exactly 1 the transform changes nothing, fractions included", arguments: ZoomAxis.allCases)
    func transformIdentity(axis: ZoomAxis) {
        let transform = ZoomTransform(scale: 1, axis: axis)
        #expect(transform.isIdentity)
        #expect(transform.rect(rect(10.2, 20.6, 33.3, 7.4)) == rect(10.2, 20.6, 33.3, 7.4))
        #expect(transform.size(size(33.3, 7.4)) == size(33.3, 7.4))
    }

    @Test(
        "Settings that do not hold together are refused and nothing changes",
        arguments: [
            (zoomSettings(minimum: 2, maximum: 1), CanvasError.Kind.invalidArgument),
            (zoomSettings(minimum: 0), .invalidArgument),
            (zoomSettings(maximum: -1), .invalidArgument),
            (zoomSettings(speed: 0), .invalidArgument),
            (zoomSettings(minimum: .nan), .nonFinite),
            (zoomSettings(maximum: .infinity), .nonFinite),
            (zoomSettings(speed: .infinity), .nonFinite),
            (zoomSettings(stops: [1, 0]), .invalidArgument),
        ]
    )
    func invalidSettings(settings: ZoomSettings, kind: CanvasError.Kind) throws {
        let engine = try tileCanvas()
        try engine.setZoom(2)
        let before = engine.zoomSettings
        expectCanvasError(kind) { try engine.setZoomSettings(settings) }
        #expect(engine.zoomSettings == before)
        #expect(engine.zoomScale == 2)
    }
}

@Suite("Zoom on the engine")
struct ZoomTests {
    // MARK: The one accessor

    @Test(
        "Frames, content size and bounds are zoomed, whole points on zoomed axes, the other axis untouched",
        arguments: [
            // 33.3 · 1.5 = 49.95 → 50; 40.7 · 1.5 = 61.05 → 61; 21.1 · 1.5 = 31.65 → 32; 61.8 · 1.5 = 92.7 → 93
            // 10.5 · 1.5 = 15.75 → 16; 12.25 · 1.5 = 18.375 → 18; 5.2 · 1.5 = 7.8 → 8; 17.45 · 1.5 = 26.175 → 26
            (ZoomAxis.horizontal, 1.5, [rect(0, 0, 50, 10.5), rect(61, 12.25, 32, 5.2)], size(93, 17.45)),
            (ZoomAxis.vertical, 1.5, [rect(0, 0, 33.3, 16), rect(40.7, 18, 21.1, 8)], size(61.8, 26)),
            (ZoomAxis.both, 1.5, [rect(0, 0, 50, 16), rect(61, 18, 32, 8)], size(93, 26)),
            // 33.3 · 0.6 = 19.98 → 20; 40.7 · 0.6 = 24.42 → 24; 21.1 · 0.6 = 12.66 → 13; 61.8 · 0.6 = 37.08 → 37
            (ZoomAxis.horizontal, 0.6, [rect(0, 0, 20, 10.5), rect(24, 12.25, 13, 5.2)], size(37, 17.45)),
        ]
    )
    func zoomedAccessors(axis: ZoomAxis, scale: Double, expected: [Rect], content: Size) throws {
        let engine = try fractionalCanvas(axis: axis)
        try engine.setZoom(scale)
        expectClose(engine.frames, expected)
        expectClose(engine.frame(at: 1), expected[1])
        expectClose(try #require(engine.frame(of: 2)), expected[1])
        expectClose(engine.contentSize, content)
        expectClose(engine.contentBounds, Rect(origin: .zero, size: content))
        // The resolution itself stays unzoomed.
        #expect(engine.resolution.frames == fractionalFrames)
    }

    @Test("Back at scale exactly 1 the frames are the exact fractional ones again", arguments: ZoomAxis.allCases)
    func identityAtOne(axis: ZoomAxis) throws {
        let engine = try fractionalCanvas(axis: axis)
        try engine.setZoom(1.5)
        try engine.setZoom(1)
        #expect(engine.frames == fractionalFrames)
        #expect(engine.frame(at: 1) == rect(40.7, 12.25, 21.1, 5.2))
        #expect(engine.contentSize == engine.resolution.contentSize)
    }

    @Test("Scroll targets use the zoomed frames and the zoomed content for clamping")
    func scrollTargetZoomed() throws {
        let engine = try tileCanvas()
        try engine.setZoom(2)
        // Position 55 is (500, 500, 100, 100), zoomed (1000, 500, 200, 100); the canvas is 2000 × 1000.
        #expect(engine.frame(of: 56) == rect(1000, 500, 200, 100))
        #expect(engine.contentSize == size(2000, 1000))
        try engine.scroll(toID: 56, anchor: .center)
        #expect(engine.viewport.offset == point(1000, 500))  // 1000 + 100 − 100, 500 + 50 − 50
        try engine.scroll(toID: 100, anchor: .topLeading)
        #expect(engine.viewport.offset == point(1800, 900))  // (1800, 900) is also the largest offset
    }

    @Test("Paging is clamped to the zoomed content")
    func pagingZoomed() throws {
        let engine = try tileCanvas()
        try engine.setZoom(2)
        engine.setViewportOffset(point(1700, 0))
        #expect(engine.viewport.offset == point(1700, 0))  // beyond the unzoomed limit of 800
        #expect(engine.page(.right))
        #expect(engine.viewport.offset == point(1800, 0))  // 1870 clamps to 2000 − 200
        #expect(engine.page(.right) == false)
    }

    @Test(
        "Hit tests use the zoomed frames",
        arguments: [
            (ZoomAxis.horizontal, 2.0, point(250, 50), Int?.some(1)),  // zoomed columns are 200 wide
            (.horizontal, 2.0, point(199, 99), 0),
            (.horizontal, 2.0, point(1999, 999), 99),
            (.horizontal, 2.0, point(2000, 0), nil),
            (.horizontal, 0.5, point(260, 150), 15),  // columns 50 wide: column 5, row 1 (y unzoomed)
            (.vertical, 2.0, point(250, 150), 2),  // column 2 (x unzoomed), zoomed row 0 (0…200)
            (.both, 2.0, point(250, 250), 11),  // zoomed column 1, zoomed row 1
            (.horizontal, 1.0, point(250, 50), 2),
        ] as [(ZoomAxis, Double, Point, Int?)]
    )
    func hitTestZoomed(axis: ZoomAxis, scale: Double, target: Point, expected: Int?) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: axis))
        try engine.setZoom(scale)
        #expect(engine.item(at: target) == expected)
    }

    @Test(
        "A tap selects by the zoomed frames",
        arguments: [
            // Zooming at the window's middle moves it to (100, 0), (0, 50) or (100, 50).
            // Unzoomed frames would give 2, 11 and 12.
            (ZoomAxis.horizontal, UInt64(1)),  // (120, 70): zoomed column 0 (0…200), row 0
            (.vertical, 1),  // (20, 120): column 0, zoomed row 0 (0…200)
            (.both, 1),  // (120, 120): zoomed column 0, zoomed row 0
        ] as [(ZoomAxis, UInt64)]
    )
    func tapZoomed(axis: ZoomAxis, expected: UInt64) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(axis: axis))
        try engine.setZoom(2)
        #expect(engine.select(atViewportPoint: point(20, 70)) == .selected(expected))
    }

    @Test(
        "Culling maps the window back into unzoomed space",
        arguments: [
            (2.0, [2, 3]),  // zoomed columns 1 (200…400) and 2 (400…600)
            (1.5, [3, 4]),  // columns 2 (300…450) and 3 (450…600)
            (0.5, [7, 8, 9, 10]),  // columns 6…9, 50 wide each
            (1.0, [4, 5]),
        ] as [(Double, [UInt64])]
    )
    func cullingZoomed(scale: Double, expected: [UInt64]) throws {
        let engine = try tileCanvas()
        try engine.setZoom(scale)
        engine.setViewportOffset(point(300, 0))
        #expect(engine.viewport.offset == point(300, 0))
        #expect(engine.published?.visible == expected)
    }

    @Test("A zoom step never re-runs the layout or rebuilds the index")
    func zoomKeepsLayoutAndIndex() throws {
        let log = LayoutLog()
        let engine = try tileCanvas()
        // The same grid as tileCanvas, from a custom layout that counts its place calls.
        engine.setLayout(StubLayout(log: log) { items, _ in
            items.map { item in
                rect(Double(item.index % 10) * 100, Double(item.index / 10) * 100, item.size.width, item.size.height)
            }
        })
        try engine.resolve()
        #expect(log.proposals.count == 1)
        let index = engine.index  // held, so a rebuilt index cannot reuse its storage
        try withExtendedLifetime(index) { () throws in
            try zoomSteps(engine, log: log, indexBytes: bytes(of: index), cellSize: index.cellSize)
        }
    }

    private func zoomSteps(_ engine: CanvasEngine, log: LayoutLog, indexBytes: [UInt8], cellSize: Size) throws {

        func expectUntouched(_ step: String, sourceLocation: SourceLocation = #_sourceLocation) {
            #expect(log.proposals.count == 1, "\(step) re-ran the layout", sourceLocation: sourceLocation)
            #expect(bytes(of: engine.index) == indexBytes, "\(step) rebuilt the index", sourceLocation: sourceLocation)
            #expect(engine.index.cellSize == cellSize, "\(step) changed the cells", sourceLocation: sourceLocation)
        }

        try engine.setZoom(2)
        expectUntouched("setZoom")
        #expect(engine.published?.visible == [1, 2])
        engine.pinch(from: 100, through: [110, 130, 170, 60])
        #expect(isClose(engine.zoomScale, 1.2))  // 2 · 60 / 100
        expectUntouched("a pinch")
        try engine.setZoomSettings(zoomSettings(axis: .both))
        expectUntouched("an axis change")
        engine.twoFingerTap()
        #expect(engine.zoomScale == 1)
        expectUntouched("the two-finger tap")
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 1.5))
        #expect(engine.zoomScale == 1.5)
        expectUntouched("narrowing the limits")
    }

    // MARK: Axis

    @Test("Changing the axis re-applies the current scale to the new axes and republishes")
    func axisChange() throws {
        let engine = try tileCanvas()
        try engine.setZoom(2)  // anchored at the window's middle: x (0 + 100) · 2 − 100 = 100
        #expect(engine.viewport.offset == point(100, 0))
        #expect(engine.contentSize == size(2000, 1000))
        #expect(engine.published?.visible == [1, 2])  // zoomed columns 0 and 1 under x 100…300

        let events = try engine.setZoomSettings(zoomSettings(axis: .vertical))
        #expect(events == [])
        #expect(engine.zoomScale == 2)
        #expect(engine.contentSize == size(1000, 2000))
        #expect(engine.frame(at: 55) == rect(500, 1000, 100, 200))
        // The window is re-culled against the new axes: unzoomed columns 1 and 2, zoomed row 0.
        #expect(engine.published?.rect == rect(100, 0, 200, 100))
        #expect(engine.published?.visible == [2, 3])

        try engine.setZoomSettings(zoomSettings(axis: .both))
        #expect(engine.contentSize == size(2000, 2000))
        #expect(engine.frame(at: 55) == rect(1000, 1000, 200, 200))

        try engine.setZoomSettings(zoomSettings(axis: .horizontal))
        #expect(engine.contentSize == size(2000, 1000))
        #expect(engine.frame(at: 55) == rect(1000, 500, 200, 100))
    }

    // MARK: setZoom

    @Test(
        "setZoom clamps without snapping and reports the change",
        arguments: [
            (1.2, [ZoomEvent.didChange(scale: 1.2)]),  // not snapped to the stop at 1 or 1.5
            (2, [.didChange(scale: 2)]),
            (9, [.didChange(scale: 5)]),
            (0.1, [.didChange(scale: 0.35)]),
            (1, []),
        ]
    )
    func setZoomClamps(scale: Double, expected: [ZoomEvent]) throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(stops: [1, 1.5]))
        #expect(try engine.setZoom(scale) == expected)
        #expect(engine.zoomScale == changes(expected).last ?? 1)
        // The same again changes nothing.
        #expect(try engine.setZoom(scale) == [])
    }

    @Test(
        "setZoom refuses a scale that is not finite or not positive",
        arguments: [(Double.nan, CanvasError.Kind.nonFinite), (.infinity, .nonFinite), (0, .invalidArgument), (-2, .invalidArgument)]
    )
    func setZoomRefuses(scale: Double, kind: CanvasError.Kind) throws {
        let engine = try tileCanvas()
        try engine.setZoom(1.5)
        let viewport = engine.viewport
        expectCanvasError(kind) { try engine.setZoom(scale) }
        #expect(engine.zoomScale == 1.5)
        #expect(engine.viewport == viewport)
    }

    @Test(
        "setZoom keeps the content under the window's middle still on zoomed axes, then clamps",
        arguments: [
            // From (400, 450), the middle is (100, 50) in the window: (500, 500) in content.
            (ZoomAxis.horizontal, 2.0, point(900, 450)),  // 500 · 2 − 100; y untouched
            (ZoomAxis.vertical, 2.0, point(400, 950)),  // 500 · 2 − 50
            (ZoomAxis.both, 2.0, point(900, 950)),
            (ZoomAxis.both, 0.5, point(150, 200)),  // 250 − 100, 250 − 50
            (ZoomAxis.both, 0.35, point(75, 125)),  // 175 − 100 = 75 of 150; 175 − 50 = 125 of 250
        ]
    )
    func setZoomAnchorsAtTheMiddle(axis: ZoomAxis, scale: Double, expected: Point) throws {
        let engine = try tileCanvas(anchor: .center)
        try engine.setZoomSettings(zoomSettings(axis: axis))
        #expect(engine.viewport.offset == point(400, 450))
        try engine.setZoom(scale)
        expectClose(engine.viewport.offset, expected)
    }

    // MARK: Limits, the tap, reloads

    @Test("Narrowing the limits brings the zoom inside and reports it; widening reports nothing")
    func narrowingLimits() throws {
        let engine = try tileCanvas()
        try engine.setZoom(4)
        #expect(try engine.setZoomSettings(zoomSettings(maximum: 3)) == [.didChange(scale: 3)])
        #expect(engine.zoomScale == 3)
        try engine.setZoom(0.5)
        #expect(try engine.setZoomSettings(zoomSettings(minimum: 0.8, maximum: 3)) == [.didChange(scale: 0.8)])
        #expect(engine.zoomScale == 0.8)
        #expect(try engine.setZoomSettings(zoomSettings(minimum: 0.1, maximum: 10)) == [])
        #expect(engine.zoomScale == 0.8)
    }

    @Test("The two-finger tap goes back to 1, clamped, and does nothing at 1")
    func twoFingerTap() throws {
        let engine = try tileCanvas()
        #expect(engine.twoFingerTap() == [])
        try engine.setZoom(2.5)
        #expect(engine.twoFingerTap() == [.didChange(scale: 1)])
        #expect(engine.zoomScale == 1)
        #expect(engine.twoFingerTap() == [])

        try engine.setZoomSettings(zoomSettings(minimum: 1.5))
        #expect(engine.zoomScale == 1.5)
        try engine.setZoom(2)
        #expect(engine.twoFingerTap() == [.didChange(scale: 1.5)])
        #expect(engine.twoFingerTap() == [])
    }

    @Test("setItems resets the zoom to 1, reported only when it changed")
    func setItemsResetsZoom() throws {
        let engine = try tileCanvas()
        try engine.setZoom(3)
        let sizes = [Size](repeating: size(100, 100), count: 100)
        #expect(try engine.setItems(sizes: sizes) == [.didChange(scale: 1)])
        #expect(engine.zoomScale == 1)
        #expect(try engine.setItems(sizes: sizes) == [])
    }
}

// Issue 12: position and length were rounded apart, so at 1.337 two touching
// 100-point columns gave a content width of 267 while the second spanned
// [134, 268): past the content, and overlapping its neighbour by a point.
@Suite("Zoomed frames stay whole")
struct ZoomedFramesStayWholeTests {
    private func engine(frames: [Rect], margins: Double = 0, scale: Double, axis: ZoomAxis = .both) throws -> CanvasEngine {
        let engine = CanvasEngine()
        try engine.setItems(sizes: frames.map(\.size))
        engine.setLayout(StubLayout.returning(frames))
        engine.options.margins = Insets(top: margins, leading: margins, bottom: margins, trailing: margins)
        try engine.resolve()
        try engine.setZoomSettings(zoomSettings(axis: axis, minimum: 0.1, maximum: 10))
        try engine.setZoom(scale)
        return engine
    }

    @Test("A 100 × 50 item still becomes 134 × 67 at 1.337 (the whole-point rule)")
    func wholePointRule() throws {
        let zoomed = try engine(frames: [rect(0, 0, 100, 50)], scale: 1.337)
        #expect(zoomed.frame(at: 0) == rect(0, 0, 134, 67))
        #expect(zoomed.contentSize == Size(width: 134, height: 67))
    }

    @Test("Two touching 100-point columns at 1.337 fit the 267-point content and do not overlap")
    func touchingColumns() throws {
        let zoomed = try engine(frames: [rect(0, 0, 100, 50), rect(100, 0, 100, 50)], scale: 1.337)
        #expect(zoomed.contentSize.width == 267)
        #expect(zoomed.frame(at: 0) == rect(0, 0, 134, 67))
        #expect(zoomed.frame(at: 1) == rect(134, 0, 133, 67))
    }

    /// Randomized layouts (fixed seed) against the three properties: every
    /// zoomed frame inside the zoomed content size and bounds, no two frames
    /// that keep apart at zoom 1 overlapping when zoomed, and touching frames
    /// still touching.
    @Test("Randomized: zoomed frames lie inside the content and keep apart", arguments: [ZoomAxis.horizontal, .vertical, .both])
    func randomized(axis: ZoomAxis) throws {
        var random = SplitMix64(seed: 1337)
        for _ in 0..<300 {
            // Frames on a random grid of cells (so some touch, none overlap),
            // with edges on multiples of 1/8: exact doubles, as layouts hand out.
            let columns = 1 + random.below(6), rows = 1 + random.below(4)
            let cell = Double(1 + random.below(1600)) / 8
            var frames: [Rect] = []
            for row in 0..<rows {
                for column in 0..<columns where random.below(4) != 0 {
                    let inset = random.below(2) == 0 ? 0 : Double(random.below(8 * Int(cell))) / 16
                    frames.append(Rect(x: Double(column) * cell + inset, y: Double(row) * cell,
                                       width: cell - inset, height: cell - Double(random.below(Int(cell) + 1))))
                }
            }
            if frames.isEmpty { frames = [rect(0, 0, cell, cell)] }
            let margins = Double(random.below(80)) / 8
            let scale = [0.35, 0.5, 0.77, 1.337, 1.5, 2.25, 3.1, 4.9][random.below(8)] + random.uniform(0, 0.01)
            let zoomed = try engine(frames: frames, margins: margins, scale: scale, axis: axis)
            let content = zoomed.contentSize, bounds = zoomed.contentBounds
            let unzoomed = zoomed.resolution.frames
            for position in frames.indices {
                let frame = zoomed.frame(at: position)
                #expect(frame.x >= 0 && frame.y >= 0 && frame.maxX <= content.width && frame.maxY <= content.height,
                        "frame \(frame) outside the content size \(content) at \(scale)")
                #expect(frame.x >= bounds.x && frame.y >= bounds.y && frame.maxX <= bounds.maxX && frame.maxY <= bounds.maxY,
                        "frame \(frame) outside the content bounds \(bounds) at \(scale)")
                for other in frames.indices where other > position {
                    let a = unzoomed[position], b = unzoomed[other]
                    let apart = a.maxX <= b.x || b.maxX <= a.x || a.maxY <= b.y || b.maxY <= a.y
                    let c = zoomed.frame(at: other)
                    let zoomedApart = frame.maxX <= c.x || c.maxX <= frame.x || frame.maxY <= c.y || c.maxY <= frame.y
                    #expect(!apart || zoomedApart, "\(a) and \(b) overlap when zoomed to \(scale): \(frame), \(c)")
                    if a.maxX == b.x { #expect(frame.maxX == c.x, "touching frames come apart") }
                }
            }
        }
    }
}
