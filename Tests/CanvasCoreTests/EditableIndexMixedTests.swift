import Glibc
import Testing
@testable import CanvasCore

/// A whiteboard's cards in miniature (bench/session_data.h's mixed set):
/// sides log-normal in 16…1,600, aspect 0.3…3, most in a few blobs.
private func mixedFrame(_ rng: inout SplitMix64, world: Double, blobs: [Point]) -> Rect {
    let u = rng.uniform(0x1p-53, 1), v = rng.uniform(0, 1)
    let normal = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    let side = Swift.min(Swift.max(160 * exp(normal * log(100) / 4), 16), 1600)
    let aspect = exp(rng.uniform(log(0.3), log(3)))
    let width = side * aspect.squareRoot(), height = side / aspect.squareRoot()
    var centre = point(rng.uniform(0, world), rng.uniform(0, world))
    if rng.below(100) < 85 {
        let blob = blobs[rng.below(blobs.count)]
        centre = point(blob.x + rng.uniform(-1500, 1500), blob.y + rng.uniform(-1500, 1500))
    }
    return Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
}

@Suite("Editable index on mixed sizes")
struct EditableIndexMixedTests {
    @Test("after random moves, resizes, inserts and removes on mixed cards it answers as brute force and holds a rebuild's boxes", arguments: [31, 32, 33] as [UInt64])
    func mixedEdits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let world = 30_000.0
        let blobs = (0..<6).map { _ in point(rng.uniform(0, world), rng.uniform(0, world)) }
        var ids = Array(UInt64(1)...3000)
        var frames = ids.map { _ in mixedFrame(&rng, world: world, blobs: blobs) }
        var index = EditableIndex(frames: frames, ids: ItemIDs(ids))
        var nextID: UInt64 = 5000
        for round in 0..<3000 {
            switch rng.below(6) {
            case 0, 1, 2:  // a drag step, as the benchmark's edits: up to 500 points each way
                let at = rng.below(ids.count)
                var new = frames[at]
                new.x += rng.uniform(-500, 500)
                new.y += rng.uniform(-500, 500)
                index.move(ids[at], from: frames[at], to: new)
                frames[at] = new
            case 3:  // a resize, sometimes to nothing (no longer indexed) and back
                let at = rng.below(ids.count)
                var new = frames[at]
                new.width = rng.below(8) == 0 ? 0 : rng.uniform(16, 1600)
                new.height = rng.uniform(16, 1600)
                index.move(ids[at], from: frames[at], to: new)
                frames[at] = new
            case 4:
                let frame = mixedFrame(&rng, world: world, blobs: blobs)
                index.insert(nextID, frame: frame)
                ids.append(nextID)
                frames.append(frame)
                nextID += 1
            default:
                let at = rng.below(ids.count)
                index.remove(ids[at], frame: frames[at])
                ids.remove(at: at)
                frames.remove(at: at)
            }
            guard round % 5 == 0 else { continue }
            // A viewport at a random zoom, centred on a random card (or anywhere).
            let scale = exp(rng.uniform(log(0.05), log(4)))
            let card = frames[rng.below(frames.count)]
            let centre = rng.below(4) == 0 ? point(rng.uniform(-2000, world + 2000), rng.uniform(-2000, world + 2000))
                : point(card.x + card.width / 2, card.y + card.height / 2)
            let query = Rect(x: centre.x - 640 / scale, y: centre.y - 400 / scale, width: 1280 / scale, height: 800 / scale)
            let at = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            let positions = index.positions(in: query, frames: frames) { at[$0]! }
            #expect(positions.map { ids[$0] } == bruteQuery(ids, frames, query), "round \(round)")
        }
        let rebuilt = EditableIndex(frames: frames, ids: ItemIDs(ids), cellWidth: index.cellWidth, cellHeight: index.cellHeight)
        #expect(rebuilt.canonicalEntries == index.canonicalEntries)
        #expect(rebuilt.oversized.sorted() == index.oversized.sorted())
    }

    @Test("the engine's query on a mixed free canvas after random moves matches brute force, at several zooms", arguments: [41, 42] as [UInt64])
    func engineAfterMoves(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let world = 20_000.0
        let blobs = (0..<4).map { _ in point(rng.uniform(0, world), rng.uniform(0, world)) }
        let ids = Array(UInt64(1)...2000)
        var frames = ids.map { _ in mixedFrame(&rng, world: world, blobs: blobs) }
        let engine = try freeEngine(frames, viewport: size(1280, 800))
        for round in 0..<600 {
            let at = rng.below(ids.count)
            let to = point(frames[at].x + rng.uniform(-500, 500), frames[at].y + rng.uniform(-500, 500))
            try engine.move(ids[at], to: to)
            frames[at].x = to.x
            frames[at].y = to.y
            guard round % 20 == 0 else { continue }
            let card = frames[rng.below(frames.count)]
            let query = Rect(x: card.x - 640, y: card.y - 400, width: 1280, height: 800)
            #expect(engine.query(query).map { ids[$0] } == bruteQuery(ids, frames, query), "round \(round)")
        }
    }

    @Test("sparse data gets fuller cells than the median alone gives; dense data keeps twice the median's")
    func cellsFromDensity() {
        var rng = SplitMix64(seed: 7)
        let sparse = (0..<4000).map { _ in Rect(x: rng.uniform(0, 250 * 4000.0.squareRoot() * 10), y: rng.uniform(0, 250 * 4000.0.squareRoot() * 10), width: 80, height: 60) }
        let dense = (0..<4000).map { _ in Rect(x: rng.uniform(0, 2000), y: rng.uniform(0, 2000), width: 80, height: 60) }
        #expect(EditableIndex.cellSides(for: sparse).0 > 8 * 80)
        #expect(EditableIndex.cellSides(for: dense) == (8 * 80, 8 * 60))
    }
}
