import Testing
@testable import CanvasCore

/// The snap candidates of a drag step (issue 20: collected as the index
/// finds them, the moving ones left out by position, only the kept ones
/// sorted) against the rule as first written: every item meeting the area
/// in data order, the moving ids left out, the nearest 64 by centre
/// distance kept in data order, the first on a tie.
@Suite("Snap candidates")
struct SnapCandidatesTests {
    private func reference(_ engine: CanvasEngine, around bounds: Rect, moving: Set<UInt64>) -> [Rect] {
        let zoom = engine.zoom
        let reach = max(256, max(engine.viewport.size.width, engine.viewport.size.height) / 2 / zoom.scale)
        let area = Rect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        let cx = bounds.x + bounds.width / 2, cy = bounds.y + bounds.height / 2
        let frames = engine.resolution.frames, ids = engine.resolvedIDs
        // Brute force: a scan of every frame, in data order.
        var found = frames.indices.filter { SpatialIndex.isIndexable(frames[$0]) && frames[$0].intersects(area) && !moving.contains(ids[$0]) }
        func distance(_ p: Int) -> Double {
            let r = frames[p], dx = r.x + r.width / 2 - cx, dy = r.y + r.height / 2 - cy
            return dx * dx + dy * dy
        }
        if found.count > 64 {
            let cutoff = found.map(distance).sorted()[63]
            found = Array(found.filter { distance($0) <= cutoff }.prefix(64))
        }
        return found.map { frames[$0] }
    }

    @Test("Equal to the first rule on dense, sparse and tied scenes, at zooms in and out", arguments: [1 as UInt64, 2, 3])
    func againstReference(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        var frames: [Rect] = []
        for _ in 0..<3000 {
            // A dense blob, a sparse field, and a grid of equal cards (ties in distance).
            switch random.below(3) {
            case 0: frames.append(Rect(x: random.uniform(-400, 400).rounded(), y: random.uniform(-300, 300).rounded(),
                                       width: random.uniform(8, 200).rounded(), height: random.uniform(8, 150).rounded()))
            case 1: frames.append(Rect(x: random.uniform(-20_000, 20_000), y: random.uniform(-20_000, 20_000),
                                       width: random.uniform(1, 900), height: random.uniform(1, 900)))
            default:
                let k = Double(random.below(400))
                frames.append(Rect(x: 2000 + (k.truncatingRemainder(dividingBy: 20)) * 60, y: 2000 + (k / 20).rounded(.down) * 60, width: 40, height: 40))
            }
        }
        frames.append(Rect(x: -50_000, y: -50_000, width: 100_000, height: 100_000))  // oversized: meets every area
        let engine = CanvasEngine()
        engine.setLayoutFree()
        try engine.setItemFrames(frames, ids: (1...UInt64(frames.count)).map { $0 * 3 })
        try engine.resolve()
        try engine.setViewportSize(Size(width: 800, height: 600))
        try engine.setZoomSettings(zoomSettings(axis: .both, minimum: 0.05))
        let ids = engine.resolvedIDs
        for trial in 0..<60 {
            try engine.setZoom([1, 0.3, 2, 0.05][trial % 4])
            let moving = Set((0..<random.below(300)).map { _ in ids[random.below(frames.count)] })
            let positions = moving.map { engine.resolvedPosition(of: $0)! }
            let centre = [(0.0, 0.0), (2600.0, 2600.0), (random.uniform(-20_000, 20_000), random.uniform(-20_000, 20_000))][trial % 3]
            let bounds = Rect(x: centre.0 - 300, y: centre.1 - 200, width: random.uniform(0, 900), height: random.uniform(0, 700))
            let found = engine.snapCandidates(around: bounds, excluding: PositionBits(positions, count: frames.count))
            #expect(found == reference(engine, around: bounds, moving: moving), "seed \(seed), trial \(trial)")
        }
    }
}
