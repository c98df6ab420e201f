import Glibc
import Testing
@testable import CanvasCore

/// Mixed whiteboard cards (sides log-normal in 16…1,600, aspect 0.3…3), most
/// in a few blobs, and now and then one far too large for cells.
private func card(_ rng: inout SplitMix64, world: Double, blobs: [Point]) -> Rect {
    if rng.below(200) == 0 { return Rect(x: rng.uniform(-5000, world), y: rng.uniform(-5000, world), width: 60_000, height: 400) }
    let u = rng.uniform(0x1p-53, 1), v = rng.uniform(0, 1)
    let normal = (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    let side = Swift.min(Swift.max(160 * exp(normal * log(100) / 4), 16), 1600)
    let aspect = exp(rng.uniform(log(0.3), log(3)))
    var centre = Point(x: rng.uniform(0, world), y: rng.uniform(0, world))
    if rng.below(100) < 85 {
        let blob = blobs[rng.below(blobs.count)]
        centre = Point(x: blob.x + rng.uniform(-1500, 1500), y: blob.y + rng.uniform(-1500, 1500))
    }
    let width = side * aspect.squareRoot(), height = side / aspect.squareRoot()
    return Rect(x: centre.x - width / 2, y: centre.y - height / 2, width: width, height: height)
}

@Suite("The free canvas's query into a buffer")
struct FreeQueryIDsTests {
    /// `queryIDs` (the C ABI's `canvas_query`) against brute force, with room, without, and for the count.
    private func check(_ engine: CanvasEngine, _ ids: [UInt64], _ frames: [Rect], _ query: Rect, _ round: Int) {
        let expected = bruteQuery(ids, frames, query)
        var buffer = [UInt64](repeating: 0, count: expected.count + 3)
        let found = buffer.withUnsafeMutableBufferPointer { engine.queryIDs(query, into: $0.baseAddress, capacity: $0.count) }
        #expect(found == expected.count && Array(buffer.prefix(found)) == expected, "round \(round)")
        #expect(engine.queryIDs(query, into: nil, capacity: 0) == expected.count, "round \(round): the count")
        if expected.count > 1 {
            let short = buffer.withUnsafeMutableBufferPointer { engine.queryIDs(query, into: $0.baseAddress, capacity: expected.count - 1) }
            #expect(short == expected.count, "round \(round): too small a buffer still counts")
        }
    }

    /// Moves a random card by up to 500 points each way, in the engine and in `frames`.
    private func moveAtRandom(_ engine: CanvasEngine, _ ids: [UInt64], _ frames: inout [Rect], _ rng: inout SplitMix64) throws {
        let at = rng.below(ids.count)
        let to = Point(x: frames[at].x + rng.uniform(-500, 500), y: frames[at].y + rng.uniform(-500, 500))
        try engine.move(ids[at], to: to)
        frames[at].x = to.x
        frames[at].y = to.y
    }

    private func query(_ rng: inout SplitMix64, _ frames: [Rect], world: Double) -> Rect {
        // A screen, or a wider view whose span has cells inside it on both axes.
        let scale = [1, 1, 0.5, 0.2, 0.05][rng.below(5)]
        let card = frames[rng.below(frames.count)]
        let centre = rng.below(5) == 0 ? Point(x: rng.uniform(-2000, world + 2000), y: rng.uniform(-2000, world + 2000))
            : Point(x: card.x + card.width / 2, y: card.y + card.height / 2)
        return Rect(x: centre.x - 640 / scale, y: centre.y - 400 / scale, width: 1280 / scale, height: 800 / scale)
    }

    @Test("ids 1…n after random moves and resizes on mixed cards: the ids in data order, as brute force", arguments: [51, 52] as [UInt64])
    func sequentialAfterMoves(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let world = 30_000.0
        let blobs = (0..<5).map { _ in Point(x: rng.uniform(0, world), y: rng.uniform(0, world)) }
        let ids = Array(UInt64(1)...2500)
        var frames = ids.map { _ in card(&rng, world: world, blobs: blobs) }
        let engine = try freeEngine(frames, viewport: Size(width: 1280, height: 800))
        for round in 0..<1500 {
            let at = rng.below(ids.count)
            var new = frames[at]
            if rng.below(4) == 0 {
                new.width = rng.below(10) == 0 ? 0 : rng.uniform(16, 1600)
                new.height = rng.uniform(16, 1600)
            } else {
                new.x += rng.uniform(-500, 500)
                new.y += rng.uniform(-500, 500)
            }
            try engine.setFrame(ids[at], to: new)
            frames[at] = new
            guard round % 10 == 0 else { continue }
            check(engine, ids, frames, query(&rng, frames, world: world), round)
        }
    }

    @Test("explicit ids after inserts anywhere, removals and moves: the ids in data order, as brute force", arguments: [61, 62] as [UInt64])
    func explicitAfterOrderEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let world = 30_000.0
        let blobs = (0..<5).map { _ in Point(x: rng.uniform(0, world), y: rng.uniform(0, world)) }
        var ids = (0..<2000).map { UInt64(7 * $0 + 1000) }
        var frames = ids.map { _ in card(&rng, world: world, blobs: blobs) }
        let engine = try freeEngine(frames, ids: ids, viewport: Size(width: 1280, height: 800))
        var nextID: UInt64 = 1
        for round in 0..<1500 {
            switch rng.below(5) {
            case 0:
                let frame = card(&rng, world: world, blobs: blobs)
                let at = rng.below(ids.count + 1)
                try engine.insert([NewItem(id: nextID, frame: frame)], before: at < ids.count ? ids[at] : nil)
                ids.insert(nextID, at: at)
                frames.insert(frame, at: at)
                nextID += 1
            case 1 where ids.count > 100:
                let at = rng.below(ids.count)
                try engine.remove([ids[at]])
                ids.remove(at: at)
                frames.remove(at: at)
            default:
                try moveAtRandom(engine, ids, &frames, &rng)
            }
            guard round % 10 == 0 else { continue }
            check(engine, ids, frames, query(&rng, frames, world: world), round)
        }
    }

    @Test("ids 1…n, then inserts and removals at the end or anywhere (the ids stop being their positions): as brute force", arguments: [71, 72] as [UInt64])
    func sequentialThenOrderEdits(seed: UInt64) throws {
        var rng = SplitMix64(seed: seed)
        let world = 30_000.0
        let blobs = (0..<5).map { _ in Point(x: rng.uniform(0, world), y: rng.uniform(0, world)) }
        var ids = Array(UInt64(1)...2000)
        var frames = ids.map { _ in card(&rng, world: world, blobs: blobs) }
        let engine = try freeEngine(frames, viewport: Size(width: 1280, height: 800))
        var nextID = UInt64(ids.count + 1)
        for round in 0..<1500 {
            // Early rounds keep to the end (the ids stay 1…n), later ones go anywhere.
            let anywhere = round >= 300
            switch rng.below(4) {
            case 0:
                let frame = card(&rng, world: world, blobs: blobs)
                let at = anywhere ? rng.below(ids.count + 1) : ids.count
                try engine.insert([NewItem(id: nextID, frame: frame)], before: at < ids.count ? ids[at] : nil)
                ids.insert(nextID, at: at)
                frames.insert(frame, at: at)
                nextID += 1
            case 1 where ids.count > 100:
                let at = anywhere ? rng.below(ids.count) : ids.count - 1
                try engine.remove([ids[at]])
                ids.remove(at: at)
                frames.remove(at: at)
                if !anywhere { nextID -= 1 }
            default:
                try moveAtRandom(engine, ids, &frames, &rng)
            }
            guard round % 10 == 0 else { continue }
            check(engine, ids, frames, query(&rng, frames, world: world), round)
        }
    }
}
