import Testing
@testable import CanvasCore

/// Zoom to fit on free canvases (issue 22): whatever the items, the extent,
/// the margins, the zoom axis and the zoom it starts from, the fit ends with
/// the items' bounds centred in the viewport within a point, at once or
/// animated.
struct BoardFitTests {
    @Test("zoom to fit centres the items within a point over random boards, extents, margins and zooms")
    func fitCentres() throws {
        var rng = SplitMix64(seed: 22)
        for round in 0..<400 {
            let origin = point(rng.uniform(-100_000, 100_000), rng.uniform(-100_000, 100_000))
            let frames = (0..<Int(rng.uniform(1, 12))).map { _ in
                rect(origin.x + rng.uniform(0, 3000), origin.y + rng.uniform(0, 2000), rng.uniform(1, 400), rng.uniform(1, 300))
            }
            let engine = CanvasEngine()
            engine.options.margins = Insets(all: rng.uniform(0, 1) < 0.5 ? 0 : rng.uniform(0, 600))
            try engine.setItemFrames(frames)
            engine.setScrollExtent(rng.uniform(0, 1) < 0.5 ? .unbounded : .content)
            try engine.resolve()
            let axes: [ZoomAxis?] = [nil, .both, .horizontal, .vertical]
            if let axis = axes[Int(rng.uniform(0, 4))] { try engine.setZoomAxis(axis) }
            let window = size(rng.uniform(200, 1600), rng.uniform(200, 1200))
            try engine.setViewportSize(window)
            try engine.setZoom(rng.uniform(0.35, 5))
            engine.setViewportOffset(point(rng.uniform(-200_000, 200_000), rng.uniform(-200_000, 200_000)))
            let padding = rng.uniform(0, 1) < 0.5 ? 0 : rng.uniform(0, 60)
            let animated = rng.uniform(0, 1) < 0.5
            try engine.zoomToFit(padding: padding, animated: animated, at: Double(round) * 10_000)
            if animated { try engine.tick(at: Double(round) * 10_000 + 5_000) }
            let bounds = engine.contentBounds
            let view = engine.viewport.visibleRect
            let label = "round \(round) (\(engine.scrollExtent), margins \(engine.options.margins.top), \(engine.zoomSettings.axis))"
            expectClose(bounds.x + bounds.width / 2, view.x + view.width / 2, tolerance: 1, "\(label) centre x")
            expectClose(bounds.y + bounds.height / 2, view.y + view.height / 2, tolerance: 1, "\(label) centre y")
        }
    }
}
