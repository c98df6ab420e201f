@testable import CanvasCore


/// A free canvas of `frames` (ids 1…n unless given), resolved, with a viewport.
func freeEngine(_ frames: [Rect], ids: [UInt64]? = nil, viewport: Size = Size(width: 400, height: 300)) throws -> CanvasEngine {
    let engine = CanvasEngine()
    try engine.setItemFrames(frames, ids: ids)
    try engine.resolve()
    try engine.setViewportSize(viewport)
    return engine
}

/// The brute-force answer: ids whose frames strictly meet `rect`, in data order.
func bruteQuery(_ ids: [UInt64], _ frames: [Rect], _ rect: Rect) -> [UInt64] {
    zip(ids, frames).filter { SpatialIndex.isIndexable($0.1) && $0.1.intersects(rect) }.map(\.0)
}

func randomFrame(_ rng: inout SplitMix64, spread: Double = 2000) -> Rect {
    Rect(x: rng.uniform(-spread, spread), y: rng.uniform(-spread, spread),
         width: rng.below(10) == 0 ? 0 : rng.uniform(1, 150), height: rng.uniform(1, 150))
}
