import CanvasCore
import Testing

// The backdrop: one small tile, its shapes, and the tiles that cover a rect.

@Suite("Backdrop")
struct BackdropTests {
    @Test("No backdrop has no tile, no shapes and covers nothing")
    func none() {
        let backdrop = Backdrop.none
        #expect(backdrop.tileSide == 0)
        #expect(backdrop.tileShapes == [])
        #expect(backdrop.tiles(covering: rect(0, 0, 100, 100)).origins == [])
        #expect(CanvasEngine().backdrop == .none)
    }

    @Test(
        "The tile side is the spacing, at least 1",
        arguments: [
            (Backdrop.dots(spacing: 20, radius: 2), 20.0),
            (.dots(spacing: 0.5, radius: 0.1), 1),
            (.dots(spacing: 0, radius: 1), 1),
            (.dots(spacing: -5, radius: 1), 1),
            (.grid(spacing: 32, lineWidth: 1), 32),
            (.grid(spacing: 0, lineWidth: 1), 1),
        ]
    )
    func tileSide(backdrop: Backdrop, expected: Double) {
        #expect(backdrop.tileSide == expected)
    }

    @Test(
        "A dot is a circle of the radius centered in its tile",
        arguments: [
            (Backdrop.dots(spacing: 20, radius: 3), rect(7, 7, 6, 6)),  // center (10, 10)
            (.dots(spacing: 0.5, radius: 0.25), rect(0.25, 0.25, 0.5, 0.5)),  // the tile is 1: center (0.5, 0.5)
            (.dots(spacing: 30, radius: 15), rect(0, 0, 30, 30)),
        ]
    )
    func dotShape(backdrop: Backdrop, expected: Rect) {
        #expect(backdrop.tileShapes == [expected])
    }

    @Test(
        "Grid lines are two rects along the tile's top and left edges; a zero width draws 0.5",
        arguments: [
            (Backdrop.grid(spacing: 40, lineWidth: 2), [rect(0, 0, 40, 2), rect(0, 0, 2, 40)]),
            (.grid(spacing: 40, lineWidth: 0), [rect(0, 0, 40, 0.5), rect(0, 0, 0.5, 40)]),
            (.grid(spacing: 0, lineWidth: 0.25), [rect(0, 0, 1, 0.25), rect(0, 0, 0.25, 1)]),
        ]
    )
    func gridShapes(backdrop: Backdrop, expected: [Rect]) {
        #expect(backdrop.tileShapes == expected)
    }

    @Test(
        "The covering tiles give the phase and the origins row by row",
        arguments: [
            // Columns ⌊30/50⌋ = 0 to ⌈130/50⌉ = 3, rows ⌊70/50⌋ = 1 to ⌈130/50⌉ = 3.
            (
                50.0, rect(30, 70, 100, 60), point(30, 20),
                [point(0, 50), point(50, 50), point(100, 50), point(0, 100), point(50, 100), point(100, 100)]
            ),
            // Before the origin: columns −2…0 (x from −50), rows −1…0 (y from −25) for tiles of 25.
            (
                25, rect(-30, -10, 40, 20), point(20, 15),
                [point(-50, -25), point(-25, -25), point(0, -25), point(-50, 0), point(-25, 0), point(0, 0)]
            ),
            // On tile edges: no phase, no extra tiles.
            (50, rect(100, 100, 100, 50), point(0, 0), [point(100, 100), point(150, 100)]),
        ] as [(Double, Rect, Point, [Point])]
    )
    func covering(side: Double, area: Rect, phase: Point, origins: [Point]) {
        let tiles = Backdrop.dots(spacing: side, radius: 2).tiles(covering: area)
        #expect(tiles.side == side)
        #expect(tiles.phase == phase)
        #expect(tiles.origins == origins)
    }

    @Test("An empty or non-finite rect is covered by no tiles", arguments: [rect(0, 0, 0, 10), rect(0, 0, 10, -1), rect(.nan, 0, 10, 10)])
    func emptyCover(area: Rect) {
        #expect(Backdrop.grid(spacing: 10, lineWidth: 1).tiles(covering: area).origins == [])
    }

    @Test("The engine's backdrop tiles cover the visible rect, without overscan")
    func engineTilesCoverTheWindow() throws {
        let engine = try tileCanvas(overscan: 128)
        engine.backdrop = .grid(spacing: 100, lineWidth: 1)
        engine.setViewportOffset(point(130, 20))
        // (130, 20, 200, 100): columns 1…3, rows 0…1.
        let tiles = engine.visibleBackdropTiles
        #expect(tiles.phase == point(30, 20))
        #expect(tiles.origins == [
            point(100, 0), point(200, 0), point(300, 0),
            point(100, 100), point(200, 100), point(300, 100),
        ])
    }

    // Issue 12: a dots backdrop of spacing 1 under a viewport at x = 1e16 spun
    // for ever (`column += 1` no longer advances a double past 2^53) while
    // allocating origins, until the process aborted.
    @Test("Far from the origin the loops end: no origins past 2^52 tiles, an exact phase",
          arguments: [1e16, -1e16, 0x1p53 + 2, 1e300, -1e300])
    func farFromTheOrigin(x: Double) {
        let tiles = Backdrop.dots(spacing: 1, radius: 0.2).tiles(covering: rect(x, 5, 400, 300))
        #expect(tiles.origins == [])
        #expect(tiles.phase.x >= 0 && tiles.phase.x < 1)
        #expect(tiles.phase.y == 0)
    }

    @Test("Up to 2^52 tiles from the origin every origin is listed, each distinct")
    func nearTheLimit() {
        let x = 0x1p52 - 8
        let tiles = Backdrop.grid(spacing: 1, lineWidth: 1).tiles(covering: rect(x, 0, 5, 2))
        #expect(tiles.origins.count == 10)
        #expect(Set(tiles.origins).count == 10)
        #expect(tiles.origins.first == Point(x: x, y: 0))
        #expect(tiles.origins.last == Point(x: x + 4, y: 1))
    }

    @Test("Through the engine: a viewport at x = 1e16 over a spacing-1 backdrop")
    func engineFarAway() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [Size(width: 1, height: 1)])
        engine.options.margins = Insets(top: 0, leading: 2e16, bottom: 0, trailing: 0)
        try engine.resolve()
        engine.backdrop = .dots(spacing: 1, radius: 0.2)
        try engine.setViewport(size: Size(width: 400, height: 300), x: 1e16, y: 0)
        #expect(engine.viewport.offset.x == 1e16)
        #expect(engine.visibleBackdropTiles.origins == [])
    }
}
