import Testing
@testable import CanvasCore

@Suite("A pan's visible list from the last one")
struct PanQueryTests {
    /// The ids of the items whose zoomed frames meet the culling rectangle, in data order.
    private func brute(_ engine: CanvasEngine) -> [UInt64] {
        let culling = engine.viewport.cullingRect
        return (0..<engine.resolution.frames.count).filter {
            SpatialIndex.isIndexable(engine.resolution.frames[$0]) && engine.frame(at: $0).intersects(culling)
        }.map { engine.resolvedIDs[$0] }
    }

    @Test("small pans, jumps, zooms and edits on a free canvas publish what brute force sees", arguments: [51, 52, 53] as [UInt64])
    func randomPans(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let ids = Array(UInt64(1)...1500)
        var frames = ids.map { _ in randomFrame(&rng, spread: 3000) }
        let engine = try freeEngine(frames, viewport: size(500, 400))
        var offset = point(0, 0)
        engine.setViewportOffset(offset)
        for round in 0..<1500 {
            switch rng.below(20) {
            case 0:  // a jump
                offset = point(rng.uniform(-3500, 3000), rng.uniform(-3500, 3000))
            case 1:  // a zoom
                try engine.setZoom(rng.uniform(0.5, 2))
                offset = engine.viewport.offset
            case 2:  // an edit
                let at = rng.below(ids.count)
                let to = point(frames[at].x + rng.uniform(-300, 300), frames[at].y + rng.uniform(-300, 300))
                try engine.move(ids[at], to: to)
                frames[at].x = to.x
                frames[at].y = to.y
            default:  // a fling's step, in any direction, sometimes along one axis only
                let step = rng.uniform(0, 60)
                offset.x += rng.below(4) == 0 ? 0 : rng.uniform(-step, step)
                offset.y += rng.below(4) == 0 ? 0 : rng.uniform(-step, step)
            }
            engine.setViewportOffset(offset)
            #expect(engine.published?.visible == brute(engine), "round \(round)")
        }
    }
}
