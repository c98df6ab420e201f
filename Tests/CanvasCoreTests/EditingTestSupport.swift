@testable import CanvasCore

/// SplitMix64 with a fixed seed, so randomized editing runs repeat exactly.
struct EditSeeded: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func uniform(_ low: Double, _ high: Double) -> Double { Double.random(in: low..<high, using: &self) }
    mutating func below(_ n: Int) -> Int { Int.random(in: 0..<n, using: &self) }
}

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

func randomFrame(_ rng: inout EditSeeded, spread: Double = 2000) -> Rect {
    Rect(x: rng.uniform(-spread, spread), y: rng.uniform(-spread, spread),
         width: rng.below(10) == 0 ? 0 : rng.uniform(1, 150), height: rng.uniform(1, 150))
}
