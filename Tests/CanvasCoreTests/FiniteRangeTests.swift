import Testing
@testable import CanvasCore

// Issue 12: finite inputs whose results leave the finite range were reported
// as success (margins of 1e308, a zoom of 1e308, an overscan of 9e307), and a
// count whose arrays cannot exist ended the process. Each is an error now,
// naming the input, and the engine stays as it was.
@Suite("Results past the finite range, counts past memory")
struct FiniteRangeTests {
    @Test("Margins of 1e308 are a non-finite error naming the margins; the previous frames stay")
    func hugeMargins() throws {
        let engine = try tileCanvas()
        let frames = engine.frames
        engine.options.margins = Insets(top: 1e308, leading: 1e308, bottom: 1e308, trailing: 1e308)
        #expect(throws: CanvasError.self) { try engine.resolve() }
        do { try engine.resolve() } catch {
            #expect(error.kind == .nonFinite)
            #expect(error.message.contains("margins"))
        }
        #expect(engine.frames == frames)
        #expect(engine.contentSize.isFinite)
    }

    @Test("A leading margin that pushes the cluster past the finite range")
    func marginPlacesClusterFarOut() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [Size(width: 1e308, height: 1)])
        engine.options.margins = Insets(leading: 1.7e308)
        engine.options.contentSize = .fixed(Size(width: 1.7e308, height: 10))
        #expect(throws: CanvasError(.nonFinite, "margins {top=0.0, leading=1.7e+308, bottom=0.0, trailing=0.0} and the content size place the cluster past the finite range")) {
            try engine.resolve()
        }
    }

    @Test("A zoom of 1e308 is refused; limits that force one too; a pinch stops short")
    func hugeZoom() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(minimum: 0.5, maximum: 1e308))
        #expect(throws: CanvasError.self) { try engine.setZoom(1e308) }
        #expect(engine.zoomScale == 1)
        #expect(throws: CanvasError.self) { try engine.setZoomSettings(zoomSettings(minimum: 1e307, maximum: 1e308)) }
        #expect(engine.zoomSettings.maximum == 1e308 && engine.zoomSettings.minimum == 0.5)
        _ = engine.handlePinch(PinchEvent(phase: .began, scale: 1))
        #expect(engine.handlePinch(PinchEvent(phase: .changed, scale: 1e307)) == [])
        #expect(engine.zoomScale == 1)
        try engine.setZoom(1e300)  // large, but the content stays finite
        #expect(engine.contentSize.isFinite)
    }

    @Test("A resolve whose content the current zoom takes past the finite range fails and keeps the old one")
    func resolveUnderHugeZoom() throws {
        let engine = try tileCanvas()
        try engine.setZoomSettings(zoomSettings(minimum: 0.5, maximum: 1e306))
        try engine.setZoom(1e300)
        let content = engine.contentSize
        engine.options.margins = Insets(top: 1e10, leading: 1e10, bottom: 1e10, trailing: 1e10)
        #expect(throws: CanvasError.self) { try engine.resolve() }
        #expect(engine.contentSize == content)
    }

    @Test("An overscan whose culling rect overflows is refused by every setter that takes one")
    func hugeOverscan() throws {
        let engine = try tileCanvas()
        let visible = engine.published?.visible
        #expect(throws: CanvasError.self) { try engine.setOverscan(9e307) }
        #expect(throws: CanvasError.self) { try engine.setViewport(size: Size(width: 200, height: 100), overscan: 9e307) }
        #expect(engine.viewport.overscan == 0)
        try engine.setOverscan(1e307)
        #expect(throws: CanvasError.self) { try engine.setViewportSize(Size(width: 1.7e308, height: 100)) }
        #expect(engine.viewport.size == Size(width: 200, height: 100))
        #expect(engine.published?.visible.count == 100)
        _ = visible
    }

    @Test("A count past 2^31 - 1 items is refused before anything is allocated")
    func countPastTheLimit() throws {
        #expect(throws: CanvasError(.noMemory, "1099511627776 items is more than the 2147483647 a canvas holds")) {
            try ItemList(count: 1 << 40, sizes: nil, ids: nil)
        }
        #expect(throws: CanvasError.self) { try ItemList(count: ItemList.maximumCount + 1, sizes: nil, ids: nil) }
    }
}
