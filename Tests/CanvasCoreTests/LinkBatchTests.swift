import Testing
@testable import CanvasCore

/// A run of moves re-routes its cards' links once (`linkEndsMoved`), and
/// `copyLinkRoute(_:into:)` writes a route without building it: both against
/// routes worked out from scratch.
@Suite("Links after runs of moves, and routes copied into a buffer")
struct LinkBatchTests {
    let boards = LinkEngineTests()

    /// The route of `link` from scratch on the engine's frames, zoomed.
    func bruteRoute(_ engine: CanvasEngine, _ link: Link) -> [Point]? {
        guard let s = engine.resolvedPosition(of: link.source), let t = engine.resolvedPosition(of: link.target) else { return nil }
        let route = LinkRouter(direction: engine.options.direction)
            .route(link, from: engine.resolution.frames[s], to: engine.resolution.frames[t])
        let zoom = engine.zoom
        return route.points.map { Point(x: zoom.position($0.x, axis: .horizontal), y: zoom.position($0.y, axis: .vertical)) }
    }

    @Test("moving many linked cards at once: queried and visible links match a brute force, runs split by other edits too")
    func runsOfMoves() throws {
        for seed in UInt64(11)...14 {
            var (engine, rng) = try boards.board(300, seed: seed)
            _ = engine.queryLinks(Rect(x: -100, y: -100, width: 200, height: 200))  // the index built
            for _ in 0..<30 {
                let ids = engine.items.ids
                let first = Int.random(in: 0..<ids.count, using: &rng)
                let count = Int.random(in: 2...40, using: &rng)
                let dx = Double.random(in: -300...300, using: &rng), dy = Double.random(in: -300...300, using: &rng)
                let moves = (0..<count).map { k -> (id: UInt64, origin: Point) in
                    let id = ids[(first + k * 7) % ids.count]
                    let frame = engine.resolution.frames[engine.resolvedPosition(of: id)!]
                    return (id, Point(x: frame.x + dx, y: frame.y + dy))
                }
                if Bool.random(using: &rng) {
                    try engine.move(moves)
                } else {
                    // A batch: moves, a link edit between them, more moves.
                    try engine.batch { () throws(CanvasError) in
                        try engine.move(Array(moves.prefix(count / 2)))
                        let a = ids[Int.random(in: 0..<ids.count, using: &rng)], b = ids[Int.random(in: 0..<ids.count, using: &rng)]
                        if a != b {
                            try engine.insertLinks([Link(id: UInt64.random(in: 10_000...UInt64.max, using: &rng), source: a, target: b, style: .step)])
                        }
                        try engine.move(Array(moves.dropFirst(count / 2)))
                    }
                }
                if Int.random(in: 0..<4, using: &rng) == 0 { _ = try engine.setZoom(.random(in: 0.5...2, using: &rng)) }
                #expect(engine.visibleLinks == boards.bruteForce(engine, engine.viewport.cullingRect), "seed \(seed)")
                for _ in 0..<3 {
                    let probe = Rect(x: .random(in: -2300...2300, using: &rng), y: .random(in: -2300...2300, using: &rng), width: 500, height: 400)
                    #expect(engine.queryLinks(probe) == boards.bruteForce(engine, probe), "seed \(seed)")
                }
            }
        }
    }

    @Test("a route copied into a buffer is linkRoute's and a brute force's; a short buffer is left alone and told the count")
    func copiedRoutes() throws {
        for seed in UInt64(21)...23 {
            var (engine, rng) = try boards.board(200, seed: seed)
            for round in 0..<4 {
                if round > 0 { _ = try engine.setZoom(.random(in: 0.3...3, using: &rng)) }
                var buffer = [Point](repeating: Point(x: -7, y: -7), count: 6)
                for link in engine.links.links {
                    let expected = try #require(bruteRoute(engine, link))
                    #expect(engine.linkRoute(link.id)?.points == expected, "seed \(seed) link \(link.id)")
                    let room = Int.random(in: 0...6, using: &rng)
                    for k in buffer.indices { buffer[k] = Point(x: -7, y: -7) }
                    let count = buffer.withUnsafeMutableBufferPointer { engine.copyLinkRoute(link.id, into: UnsafeMutableBufferPointer(rebasing: $0[0..<room])) }
                    #expect(count == expected.count, "seed \(seed) link \(link.id)")
                    if expected.count <= room {
                        #expect(Array(buffer.prefix(expected.count)) == expected, "seed \(seed) link \(link.id)")
                    } else {
                        #expect(buffer.allSatisfy { $0 == Point(x: -7, y: -7) }, "seed \(seed) link \(link.id)")
                    }
                }
            }
            #expect(engine.copyLinkRoute(1, into: UnsafeMutableBufferPointer(start: nil, count: 0)) == nil)
        }
    }
}
