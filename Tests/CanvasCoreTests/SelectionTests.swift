import CanvasCore
import Testing

// Selection: a set of ids, changed by id or by hit test; refused by hit test
// while a pinch is in flight; never cleared by a pinch. And transactions,
// which put everything back when their body throws.
//
// `tileCanvas()` is 100 items of 100 × 100 in ten columns, 1000 × 1000,
// seen through a 200 × 100 window opened at the top left.

@Suite("Selection")
struct SelectionTests {
    @Test("Selecting by id keeps a set, listed in data order")
    func selectByID() throws {
        let engine = try tileCanvas(ids: (0..<100).map(reversedID))  // ids 1000, 999, … in data order
        try engine.select(id: 990)
        try engine.select(id: 1000)
        try engine.select(id: 995)
        try engine.select(id: 995)
        #expect(engine.selection == [1000, 995, 990])
        #expect(engine.isSelected(995))
        #expect(engine.isSelected(1) == false)

        engine.deselect(id: 995)
        engine.deselect(id: 12345)  // unknown ids are ignored
        #expect(engine.selection == [1000, 990])
        engine.clearSelection()
        #expect(engine.selection == [])
    }

    @Test("Selecting an unknown id throws notFound and changes nothing")
    func selectUnknownID() throws {
        let engine = try tileCanvas()
        try engine.select(id: 3)
        expectCanvasError(.notFound) { try engine.select(id: 101) }
        #expect(engine.selection == [3])
    }

    @Test(
        "A tap selects the item under window offset + point",
        arguments: [
            (point(0, 0), point(20, 30), UInt64(1000)),  // (20, 30): position 0
            (point(150, 50), point(20, 30), 999),  // (170, 80): position 1
            (point(300, 200), point(0, 0), 977),  // (300, 200): position 23
            (point(800, 900), point(199, 99), 901),  // (999, 999): position 99
        ] as [(Point, Point, UInt64)]
    )
    func tapSelects(offset: Point, tap: Point, expected: UInt64) throws {
        let engine = try tileCanvas(ids: (0..<100).map(reversedID))
        engine.setViewportOffset(offset)
        #expect(engine.select(atViewportPoint: tap) == .selected(expected))
        #expect(engine.selection == [expected])
    }

    @Test("A tap on nothing selects nothing; where items overlap the last in data order is selected")
    func tapOnNothingAndOverlap() throws {
        let engine = CanvasEngine()
        let frames = [rect(0, 0, 100, 100), rect(50, 50, 100, 100), rect(300, 0, 100, 100)]
        try engine.setItems(sizes: frames.map(\.size), ids: [10, 20, 30])
        engine.setLayout(StubLayout.returning(frames))
        try engine.resolve()
        engine.initialAnchor = .topLeading
        try engine.setViewportSize(size(200, 100))

        #expect(engine.select(atViewportPoint: point(75, 75)) == .selected(20))  // inside 10 and 20
        engine.setViewportOffset(point(100, 0))
        #expect(engine.select(atViewportPoint: point(150, 20)) == .nothingHit)  // (250, 20) is a gap
        #expect(engine.select(atViewportPoint: point(195, 10)) == .nothingHit)  // (295, 10): 30 starts 5 points on
        // The one hit rule's slop: 3 points off 30's edge is a tap on it.
        #expect(engine.select(atViewportPoint: point(197, 10)) == .selected(30))
        engine.deselect(id: 30)
        #expect(engine.selection == [20])
        #expect(engine.select(atViewportPoint: point(0, 75)) == .selected(20))  // (100, 75): 10 ends at 100
        engine.setViewportOffset(point(200, 50))  // the largest offset of a 400 × 150 canvas
        #expect(engine.select(atViewportPoint: point(150, 20)) == .selected(30))  // (350, 70)
        #expect(engine.selection == [20, 30])
    }

    @Test("During a pinch a tap is refused and leaves no trace; selecting by id still works")
    func refusedDuringPinch() throws {
        let engine = try tileCanvas()
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        #expect(engine.isPinching)
        #expect(engine.select(atViewportPoint: point(20, 30)) == .refusedDuringPinch)
        #expect(engine.selection == [])

        _ = engine.handlePinch(fingers.move(spread: 200))  // zoom 2; the window moves to (100, 0)
        #expect(engine.select(atViewportPoint: point(20, 30)) == .refusedDuringPinch)
        try engine.select(id: 5)
        #expect(engine.selection == [5])

        _ = engine.handlePinch(fingers.move(spread: 100))  // back to 1; the window back to (0, 0)
        #expect(engine.select(atViewportPoint: point(20, 30)) == .refusedDuringPinch)
        _ = engine.handlePinch(fingers.lift())
        #expect(engine.selection == [5], "a refused tap was applied later")
        #expect(engine.viewport.offset == point(0, 0))
        // Once the pinch is over a tap selects again.
        #expect(engine.select(atViewportPoint: point(20, 30)) == .selected(1))
        #expect(engine.selection == [1, 5])
    }

    @Test("A pinch through the engine's own recognizer refuses taps too")
    func refusedDuringTouches() throws {
        let engine = try tileCanvas()
        let fingers = Fingers()
        _ = engine.handleTouches(fingers.positions(spread: 100))
        #expect(engine.select(atViewportPoint: point(20, 30)) == .refusedDuringPinch)
        _ = engine.handleTouches([])
        #expect(engine.select(atViewportPoint: point(20, 30)) == .selected(1))
    }

    @Test("With allowsSelectionDuringZoom a tap selects during a pinch")
    func allowedDuringPinch() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(allowsSelectionDuringZoom: true))
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        #expect(engine.select(atViewportPoint: point(120, 30)) == .selected(2))  // (120, 30): position 1
        #expect(engine.selection == [2])
    }

    @Test("A pinch never clears the selection", arguments: [PinchPhase.ended, .cancelled, .failed])
    func pinchKeepsSelection(end: PinchPhase) throws {
        let engine = try tileCanvas()
        try engine.select(id: 3)
        try engine.select(id: 7)
        var fingers = Fingers()
        _ = engine.handlePinch(fingers.move(spread: 100))
        _ = engine.handlePinch(fingers.move(spread: 300))
        _ = engine.handlePinch(fingers.move(spread: 50))
        #expect(engine.selection == [3, 7])
        _ = engine.handlePinch(fingers.lift(end))
        #expect(engine.selection == [3, 7])
        engine.twoFingerTap()
        #expect(engine.selection == [3, 7])
    }
}

@Suite("Selection transactions")
struct SelectionTransactionTests {
    /// Everything observable a call can change.
    struct State: Equatable {
        var ids: [UInt64]
        var frames: [Rect]
        var resolution: Resolution
        var resolvedIDs: [UInt64]
        var indexBytes: [UInt8]
        var contentSize: Size
        var zoomScale: Double
        var zoomSettings: ZoomSettings
        var pinch: PinchTracker?
        var viewport: Viewport
        var published: VisibleUpdate?
        var selection: [UInt64]
        var pending: Int
        var measured: [Size?]

        init(_ engine: CanvasEngine) {
            ids = Array(engine.items.ids)
            frames = engine.frames
            resolution = engine.resolution
            resolvedIDs = Array(engine.resolvedIDs)
            indexBytes = bytes(of: engine.index)
            contentSize = engine.contentSize
            zoomScale = engine.zoomScale
            zoomSettings = engine.zoomSettings
            pinch = engine.pinch
            viewport = engine.viewport
            published = engine.published
            selection = engine.selection
            pending = engine.pendingMeasurements
            measured = (1...100).map { engine.measuredSize(of: UInt64($0)) }
        }
    }

    @Test("A transaction that throws puts every piece of state back")
    func rollback() throws {
        let engine = try tileCanvas()
        engine.setSizing(.measured(estimate: size(100, 100)))
        try engine.setMeasure({ (_: UInt64, _: Int, _: Double?) throws(CanvasError) -> Size in size(100, 100) }, chunkSize: 30)
        #expect(try engine.step() == .measured(30))
        try engine.select(id: 5)
        engine.setViewportOffset(point(300, 200))
        try engine.setZoom(1.5)
        let before = State(engine)
        let index = engine.index  // held, so a rebuilt index cannot reuse its storage

        let fingers = Fingers()
        expectCanvasError(.callbackFailed) {
            try engine.transaction { () throws(CanvasError) -> Void in
                try engine.select(id: 9)
                engine.deselect(id: 5)
                engine.setViewportOffset(point(700, 800))
                _ = engine.handleTouches(fingers.positions(spread: 100))
                _ = engine.handleTouches(fingers.positions(spread: 200))
                try engine.setZoomSettings(zoomSettings(axis: .both, maximum: 2.5, stops: [1, 2]))
                _ = try engine.step()
                try engine.setItems(sizes: [Size](repeating: size(50, 50), count: 10))
                try engine.resolve()
                throw CanvasError(.callbackFailed, "the host's callback failed")
            }
        }
        withExtendedLifetime(index) {
            #expect(State(engine) == before)
        }
        #expect(engine.isPinching == false)
        // The engine's recognizer is back too: two fingers begin a new gesture.
        #expect(engine.handleTouches(fingers.positions(spread: 100)) == [.willBegin])
    }

    @Test("The host's settings are put back too: options, backdrop, sizing and layout")
    func rollbackSettings() throws {
        let engine = try tileCanvas()
        let layout = engine.layout
        let options = engine.options
        expectCanvasError(.callbackFailed) {
            try engine.transaction { () throws(CanvasError) -> Void in
                engine.options = ResolveOptions(margins: Insets(all: 10))
                engine.backdrop = .dots(spacing: 10, radius: 1)
                engine.setSizing(.fixed(size(5, 5)))
                engine.setLayout(FlowLayout())
                throw CanvasError(.callbackFailed, "the host's callback failed")
            }
        }
        #expect(engine.options == options)
        #expect(engine.backdrop == .none)
        #expect(engine.sizing == .given)
        #expect(engine.layout === layout)
    }

    @Test("A transaction that succeeds keeps its changes and returns the body's result")
    func success() throws {
        let engine = try tileCanvas()
        let result = try engine.transaction { () throws(CanvasError) -> Int in
            try engine.setZoom(2)
            try engine.select(id: 4)
            return 7
        }
        #expect(result == 7)
        #expect(engine.zoomScale == 2)
        #expect(engine.selection == [4])
    }
}
