import CanvasCore
import Testing

// The viewport: size, clamped offset, overscan, the initial anchor, the
// visible updates (with their echo guard), scrolling, paging, hit testing.
//
// Unless said otherwise the canvas is `tileCanvas()`: 100 items of 100 × 100
// in ten columns with no spacing (the item at position p is at
// (100 · (p mod 10), 100 · (p div 10))), 1000 × 1000 in all, ids p + 1,
// shown through a 200 × 100 window with no overscan.

@Suite("Viewport")
struct ViewportTests {
    @Test("setViewport changes size, offset and overscan in one update")
    func setViewportInOneStep() throws {
        let engine = try tileCanvas()
        #expect(engine.published?.visible == [1, 2])
        // 300 x 200 at x = 500, y kept: columns 5...7 of rows 0...1, one diff against 1 and 2.
        let update = try #require(engine.setViewport(size: size(300, 200), x: 500))
        #expect(update.rect == rect(500, 0, 300, 200))
        #expect(update.visible == [6, 7, 8, 16, 17, 18])
        #expect(update.appeared == [6, 7, 8, 16, 17, 18])
        #expect(update.disappeared == [1, 2])
        #expect(engine.setViewport(size: size(300, 200), x: 500) == nil)
        // The first size of a new canvas still opens at the initial anchor, then x applies.
        let fresh = try tileCanvas(viewport: nil, anchor: .bottomTrailing)
        fresh.setViewport(size: size(200, 100), x: 10)
        #expect(fresh.viewport.offset == point(10, 900))
    }

    // MARK: Initial anchor

    @Test(
        "The initial anchor places the window once, at max(0, content − viewport) × anchor",
        arguments: [
            (UnitPoint.topLeading, point(0, 0)),
            (UnitPoint.center, point(400, 450)),  // 800 · 0.5, 900 · 0.5
            (UnitPoint.bottomTrailing, point(800, 900)),
            (UnitPoint(x: 0.25, y: 0.75), point(200, 675)),  // 800 · 0.25, 900 · 0.75
        ]
    )
    func initialAnchor(anchor: UnitPoint, expected: Point) throws {
        let engine = try tileCanvas(viewport: nil, anchor: anchor)
        engine.setViewportSize(size(200, 100))
        #expect(engine.viewport.offset == expected)

        // Once placed, later sizes do not re-anchor: the offset only clamps.
        engine.setViewportOffset(point(10, 20))
        engine.setViewportSize(size(300, 300))
        #expect(engine.viewport.offset == point(10, 20))
    }

    @Test("The default initial anchor is the center")
    func defaultAnchorIsCenter() throws {
        #expect(CanvasEngine().initialAnchor == .center)
        let engine = CanvasEngine()
        try engine.setItems(sizes: [Size](repeating: size(100, 100), count: 100))
        engine.setLayout(GridLayout(columns: 10, horizontalSpacing: 0, verticalSpacing: 0))
        try engine.resolve()
        engine.setViewportSize(size(200, 100))
        #expect(engine.viewport.offset == point(400, 450))
    }

    @Test("The anchor waits for the first size with area")
    func anchorWaitsForArea() throws {
        let engine = try tileCanvas(viewport: nil, anchor: .bottomTrailing)
        engine.setViewportSize(size(0, 100))
        #expect(engine.viewport.offset == .zero)
        engine.setViewportSize(size(200, 0))
        #expect(engine.viewport.offset == .zero)
        engine.setViewportSize(size(200, 100))
        #expect(engine.viewport.offset == point(800, 900))
    }

    // MARK: Offset

    @Test(
        "The offset is clamped to [0, content − viewport] on each axis",
        arguments: [
            (point(-50, -50), point(0, 0)),
            (point(300, 20), point(300, 20)),
            (point(900, 950), point(800, 900)),
            (point(5000, -1), point(800, 0)),
            (point(-1, 5000), point(0, 900)),
        ]
    )
    func offsetClamps(requested: Point, expected: Point) throws {
        let engine = try tileCanvas()
        engine.setViewportOffset(requested)
        #expect(engine.viewport.offset == expected)
        #expect(engine.published?.rect == Rect(origin: expected, size: size(200, 100)))
    }

    @Test("A window larger than the content stays at the origin")
    func largerWindowStaysAtOrigin() throws {
        let engine = try tileCanvas(viewport: size(2000, 500))
        engine.setViewportOffset(point(100, 100))
        #expect(engine.viewport.offset == point(0, 100))  // x: max(0, 1000 − 2000) = 0; y: up to 500
        engine.setViewportSize(size(2000, 2000))
        #expect(engine.viewport.offset == point(0, 0))
    }

    // MARK: Overscan and culling

    @Test("A new viewport has an overscan of 128 and counts items within it as visible")
    func defaultOverscan() throws {
        #expect(Viewport().overscan == 128)
        let engine = CanvasEngine()
        try engine.setItems(sizes: [Size](repeating: size(100, 100), count: 100))
        engine.setLayout(GridLayout(columns: 10, horizontalSpacing: 0, verticalSpacing: 0))
        try engine.resolve()
        engine.initialAnchor = .topLeading
        engine.setViewportSize(size(200, 100))
        #expect(engine.viewport.overscan == 128)
        // Culling rect (−128, −128, 456, 356): x < 328 takes columns 0…3, y < 228 rows 0…2.
        #expect(engine.published?.visible == [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24])
        // The published rect is the window itself, without overscan.
        #expect(engine.published?.rect == rect(0, 0, 200, 100))
    }

    @Test(
        "The visible query uses the window grown by the overscan; a negative overscan is 0",
        arguments: [
            (0, 0, [1, 2]),  // item 3 at x = 200 only touches the window
            (100, 100, [1, 2, 3, 11, 12, 13]),  // (−100, −100, 400, 300): column 3 and row 2 only touch
            (-50, 0, [1, 2]),
            (150, 150, [1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24]),  // x < 350, y < 250
        ] as [(Double, Double, [UInt64])]
    )
    func overscanGrowsTheQuery(overscan: Double, stored: Double, expected: [UInt64]) throws {
        let engine = try tileCanvas(overscan: 64)
        engine.setOverscan(overscan)
        #expect(engine.viewport.overscan == stored)
        #expect(engine.published?.visible == expected)
    }

    @Test("The host's moving flag is published with the viewport; the same items, no diff")
    func movingState() throws {
        let engine = try tileCanvas()
        let before = try #require(engine.published)
        #expect(engine.isMoving == false)
        let update = try #require(engine.setMoving(true))
        #expect(engine.viewport.isMoving && engine.isMoving)
        #expect(update.isMoving && update.visible == before.visible && update.appeared.isEmpty && update.disappeared.isEmpty)
        #expect(engine.setMoving(true) == nil)
        #expect(engine.setMoving(false)?.isMoving == false)
        #expect(engine.isMoving == false)
    }

    // MARK: Visible updates

    @Test("Each update lists the visible ids and what appeared or disappeared, in data order")
    func updatesDiffInDataOrder() throws {
        // Ids run backwards (1000, 999, …) so data order is not id order.
        let ids = (0..<100).map(reversedID)
        let engine = try tileCanvas(ids: ids, viewport: nil)

        let first = try #require(engine.setViewportSize(size(200, 100)))
        #expect(first.rect == rect(0, 0, 200, 100))
        #expect(first.visible == [1000, 999])
        #expect(first.appeared == [1000, 999])
        #expect(first.disappeared == [])

        // (150, 50, 200, 100) covers columns 1…3 of rows 0 and 1: positions 1, 2, 3, 11, 12, 13.
        let moved = try #require(engine.setViewportOffset(point(150, 50)))
        #expect(moved.rect == rect(150, 50, 200, 100))
        #expect(moved.visible == [999, 998, 997, 989, 988, 987])
        #expect(moved.appeared == [998, 997, 989, 988, 987])
        #expect(moved.disappeared == [1000])

        let back = try #require(engine.setViewportOffset(point(0, 0)))
        #expect(back.visible == [1000, 999])
        #expect(back.appeared == [1000])
        #expect(back.disappeared == [998, 997, 989, 988, 987])
        #expect(engine.published == back)
    }

    @Test("An update equal to the last published one publishes nothing, so an echo cannot loop")
    func echoPublishesNothing() throws {
        let engine = try tileCanvas()
        let update = try #require(engine.setViewportOffset(point(300, 200)))

        // The host echoes what it was told back to the engine.
        #expect(engine.setViewportOffset(update.rect.origin) == nil)
        #expect(engine.setViewportSize(update.rect.size) == nil)
        #expect(engine.setOverscan(0) == nil)
        // Past the edge, the clamped offset is the published one.
        engine.setViewportOffset(point(800, 900))
        #expect(engine.setViewportOffset(point(5000, 5000)) == nil)
        #expect(engine.published?.rect == rect(800, 900, 200, 100))
    }

    @Test("A moved window publishes even when the same items stay visible")
    func movedWindowPublishes() throws {
        let engine = try tileCanvas()
        engine.setViewportOffset(point(50, 0))  // columns 0…2
        let update = try #require(engine.setViewportOffset(point(60, 0)))  // still columns 0…2
        #expect(update.rect == rect(60, 0, 200, 100))
        #expect(update.visible == [1, 2, 3])
        #expect(update.appeared == [])
        #expect(update.disappeared == [])
    }

    // MARK: Scrolling

    @Test(
        "Scrolling to an id lines up the anchor points of its frame and the window, then clamps",
        arguments: [
            // Position 55 is at (500, 500, 100, 100).
            (55, UnitPoint.center, point(450, 500)),  // 500 + 50 − 100, 500 + 50 − 50
            (55, UnitPoint.topLeading, point(500, 500)),
            (55, UnitPoint.bottomTrailing, point(400, 500)),  // 500 + 100 − 200, 500 + 100 − 100
            (37, UnitPoint.top, point(650, 300)),  // (700, 300): 700 + 50 − 100, 300
            (0, UnitPoint.center, point(0, 0)),  // x: −50 clamps to 0
            (99, UnitPoint.center, point(800, 900)),  // x: 850 clamps to 800
        ]
    )
    func scrollToID(position: Int, anchor: UnitPoint, expected: Point) throws {
        let engine = try tileCanvas()
        try engine.scroll(toID: UInt64(position + 1), anchor: anchor)
        #expect(engine.viewport.offset == expected)
        #expect(engine.published?.rect.origin == expected)
    }

    @Test(
        "Scrolling to a point brings it to the window's anchor point, then clamps",
        arguments: [
            (point(600, 300), UnitPoint.center, point(500, 250)),
            (point(600, 300), UnitPoint.topLeading, point(600, 300)),
            (point(600, 300), UnitPoint.bottomTrailing, point(400, 200)),
            (point(50, 980), UnitPoint.center, point(0, 900)),  // (−50, 930) clamps
        ]
    )
    func scrollToPoint(target: Point, anchor: UnitPoint, expected: Point) throws {
        let engine = try tileCanvas()
        engine.scroll(toPoint: target, anchor: anchor)
        #expect(engine.viewport.offset == expected)
    }

    @Test(
        "Scrolling to a region: origin + size · anchor − viewport · anchor, then clamped",
        arguments: [
            (rect(100, 200, 400, 300), UnitPoint(x: 0.25, y: 0.5), point(150, 300)),  // 100 + 100 − 50, 200 + 150 − 50
            (rect(100, 200, 400, 300), UnitPoint.bottomTrailing, point(300, 400)),
            (rect(100, 200, 400, 300), UnitPoint.topLeading, point(100, 200)),
            (rect(900, 950, 100, 50), UnitPoint.topLeading, point(800, 900)),
        ]
    )
    func scrollToRegion(region: Rect, anchor: UnitPoint, expected: Point) throws {
        let engine = try tileCanvas()
        engine.scroll(toRegion: region, anchor: anchor)
        #expect(engine.viewport.offset == expected)
    }

    @Test("Scrolling to an unknown id throws notFound and changes nothing")
    func scrollToUnknownID() throws {
        let engine = try tileCanvas()
        engine.setViewportOffset(point(300, 200))
        let published = engine.published
        expectCanvasError(.notFound) { try engine.scroll(toID: 101, anchor: .center) }
        #expect(engine.viewport.offset == point(300, 200))
        #expect(engine.published == published)
    }

    // MARK: Paging

    @Test(
        "Paging moves 0.85 of the window, clamped, and is false at the edge",
        arguments: [
            (point(0, 0), PageDirection.right, point(170, 0), true),
            (point(0, 0), PageDirection.down, point(0, 85), true),
            (point(0, 0), PageDirection.left, point(0, 0), false),
            (point(0, 0), PageDirection.up, point(0, 0), false),
            (point(300, 300), PageDirection.left, point(130, 300), true),
            (point(300, 300), PageDirection.up, point(300, 215), true),
            (point(100, 50), PageDirection.left, point(0, 50), true),  // −70 clamps to 0
            (point(700, 850), PageDirection.right, point(800, 850), true),  // 870 clamps to 800
            (point(700, 850), PageDirection.down, point(700, 900), true),  // 935 clamps to 900
            (point(800, 900), PageDirection.right, point(800, 900), false),
            (point(800, 900), PageDirection.down, point(800, 900), false),
        ]
    )
    func paging(start: Point, direction: PageDirection, expected: Point, moved: Bool) throws {
        #expect(PageDirection.pageFraction == 0.85)
        let engine = try tileCanvas()
        engine.setViewportOffset(start)
        #expect(engine.page(direction) == moved)
        #expect(engine.viewport.offset == expected)
    }

    // MARK: Hit testing

    @Test(
        "A hit test finds the item under a content point; where frames overlap the last in data order wins",
        arguments: [
            (point(25, 25), Int?.some(0)),
            (point(75, 75), 1),  // inside both 0 and 1
            (point(50, 50), 1),  // item 1's top-left corner counts
            (point(99, 10), 0),
            (point(149, 149), 1),
            (point(150, 150), nil),  // bottom and right edges do not
            (point(210, 10), 2),
            (point(175, 25), nil),
        ] as [(Point, Int?)]
    )
    func hitTest(at target: Point, expected: Int?) throws {
        let engine = CanvasEngine()
        let frames = [rect(0, 0, 100, 100), rect(50, 50, 100, 100), rect(200, 0, 50, 50)]
        try engine.setItems(sizes: frames.map(\.size))
        engine.setLayout(StubLayout.returning(frames))
        try engine.resolve()
        #expect(engine.item(at: target) == expected)
    }

    // MARK: Resolve

    @Test("Resolve re-clamps the offset and republishes")
    func resolveReclampsAndRepublishes() throws {
        let engine = try tileCanvas(anchor: .bottomTrailing)
        #expect(engine.viewport.offset == point(800, 900))
        #expect(engine.published?.visible == [99, 100])

        // Half the items: the canvas is 1000 × 500 and the window falls back inside.
        try engine.setItems(sizes: [Size](repeating: size(100, 100), count: 50))
        let update = try #require(try engine.resolve())
        #expect(engine.viewport.offset == point(800, 400))
        #expect(update.rect == rect(800, 400, 200, 100))
        #expect(update.visible == [49, 50])
        #expect(update.appeared == [49, 50])
        #expect(update.disappeared == [99, 100])

        // Nothing changed since: nothing to publish.
        #expect(try engine.resolve() == nil)
    }
}
