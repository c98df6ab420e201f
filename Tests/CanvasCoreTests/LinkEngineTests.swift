import Testing
@testable import CanvasCore

@Suite("Links in the engine")
struct LinkEngineTests {
    /// A free board of `count` cards at random places, each linked to one or
    /// two others, and a viewport.
    func board(_ count: Int, seed: UInt64) throws -> (CanvasEngine, SplitMix64) {
        var rng = SplitMix64(seed: seed)
        let engine = CanvasEngine()
        let frames = (0..<count).map { _ in
            Rect(x: .random(in: -2000...2000, using: &rng), y: .random(in: -2000...2000, using: &rng),
                 width: .random(in: 10...120, using: &rng), height: .random(in: 10...80, using: &rng))
        }
        try engine.setItemFrames(frames)
        engine.setLayoutFree()
        _ = try engine.resolve()
        var links: [Link] = []
        let styles: [LinkStyle] = [.straight, .step, .curve]
        let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]
        for i in 0..<count {
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                var j = Int.random(in: 0..<count, using: &rng)
                if j == i { j = (i + 1) % count }
                links.append(Link(id: UInt64(links.count) + 100, source: UInt64(i + 1), target: UInt64(j + 1),
                                  style: styles.randomElement(using: &rng)!,
                                  sourceSide: sides.randomElement(using: &rng)!, targetSide: sides.randomElement(using: &rng)!))
            }
        }
        try engine.setLinks(links)
        _ = try engine.setViewportSize(Size(width: 800, height: 600))
        return (engine, rng)
    }

    /// Every link routed from scratch and its grown bounds met against `rect`.
    func bruteForce(_ engine: CanvasEngine, _ rect: Rect) -> [UInt64] {
        let router = LinkRouter(direction: engine.options.direction)
        let zoom = engine.zoom
        return engine.links.links.compactMap { link in
            guard let s = engine.frame(of: link.source).flatMap({ _ in engine.resolvedPosition(of: link.source) }),
                  let t = engine.resolvedPosition(of: link.target) else { return nil }
            let route = router.route(link, from: engine.resolution.frames[s], to: engine.resolution.frames[t])
            let b = CanvasEngine.cullingBounds(of: route)
            let x0 = zoom.position(b.minX, axis: .horizontal), x1 = zoom.position(b.maxX, axis: .horizontal)
            let y0 = zoom.position(b.minY, axis: .vertical), y1 = zoom.position(b.maxY, axis: .vertical)
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0).intersects(rect) ? link.id : nil
        }
    }

    @Test("visible links match a brute force over random boards, pans, zooms and edits")
    func visibleAgainstBruteForce() throws {
        for seed in UInt64(1)...4 {
            var (engine, rng) = try board(300, seed: seed)
            for _ in 0..<40 {
                switch Int.random(in: 0..<5, using: &rng) {
                case 0:
                    _ = engine.setViewportOffset(Point(x: .random(in: -2500...2000, using: &rng), y: .random(in: -2500...2000, using: &rng)))
                case 1:
                    let id = UInt64.random(in: 1...UInt64(engine.items.count), using: &rng)
                    if engine.items.index(of: id) != nil {
                        try engine.move(id, to: Point(x: .random(in: -2000...2000, using: &rng), y: .random(in: -2000...2000, using: &rng)))
                    }
                case 2:
                    if let link = engine.links.links.randomElement(using: &rng) { try engine.removeLinks([link.id]) }
                case 3:
                    let ids = engine.items.ids
                    let a = ids[Int.random(in: 0..<ids.count, using: &rng)], b = ids[Int.random(in: 0..<ids.count, using: &rng)]
                    if a != b { try engine.insertLinks([Link(id: UInt64.random(in: 10_000...UInt64.max, using: &rng), source: a, target: b, style: .curve)]) }
                default:
                    _ = try engine.setZoom(.random(in: 0.3...3, using: &rng))
                }
                let rect = engine.viewport.cullingRect
                #expect(engine.visibleLinks == bruteForce(engine, rect), "seed \(seed)")
                let probe = Rect(x: .random(in: -2000...2000, using: &rng), y: .random(in: -2000...2000, using: &rng), width: 300, height: 200)
                #expect(engine.queryLinks(probe) == bruteForce(engine, probe), "seed \(seed)")
            }
        }
    }

    @Test("removing an item removes its links; undo brings them back exactly, redo takes them again")
    func removeAndUndo() throws {
        let (engine, _) = try board(50, seed: 9)
        let before = engine.links.links
        let touching = before.filter { $0.source == 7 || $0.target == 7 || $0.source == 8 || $0.target == 8 }
        #expect(!touching.isEmpty)
        try engine.remove([7, 8])
        #expect(engine.links.links == before.filter { !touching.contains($0) })
        try engine.undo()
        #expect(engine.links.links == before)
        for link in before { #expect(engine.links.position(of: link.id) == before.firstIndex(of: link)) }
        try engine.redo()
        #expect(engine.links.count == before.count - touching.count)
    }

    @Test("link edits undo and redo; bad ones change nothing")
    func linkEdits() throws {
        let (engine, _) = try board(20, seed: 3)
        let before = engine.links.links
        try engine.insertLinks([Link(id: 1, source: 1, target: 2)], before: before[3].id)
        #expect(engine.links[3].id == 1)
        try engine.removeLinks([before[0].id, before[5].id])
        try engine.undo()
        try engine.undo()
        #expect(engine.links.links == before)
        #expect(throws: CanvasError.self) { try engine.insertLinks([Link(id: before[0].id, source: 1, target: 2)]) }
        #expect(throws: CanvasError.self) { try engine.insertLinks([Link(id: 9, source: 1, target: 1)]) }
        #expect(throws: CanvasError.self) { try engine.insertLinks([Link(id: 9, source: 1, target: 999)]) }
        #expect(throws: CanvasError.self) { try engine.removeLinks([424242]) }
        #expect(throws: CanvasError.self) { try engine.setLinks([Link(id: 1, source: 1, target: 2), Link(id: 1, source: 2, target: 3)]) }
        #expect(engine.links.links == before)
    }

    @Test("a route ends on its zoomed frames' borders and hit testing finds it")
    func routeAndHit() throws {
        let engine = CanvasEngine()
        try engine.setItemFrames([Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 300, y: 0, width: 100, height: 50)])
        engine.setLayoutFree()
        _ = try engine.resolve()
        try engine.setLinks([Link(id: 5, source: 1, target: 2)])
        _ = try engine.setZoom(2)
        let route = try #require(engine.linkRoute(5))
        #expect(route.points == [Point(x: 200, y: 50), Point(x: 600, y: 50)])
        #expect(engine.hitTestLink(at: Point(x: 400, y: 53)) == 5)
        #expect(engine.hitTestLink(at: Point(x: 400, y: 60)) == nil)
        #expect(engine.queryLinks(Rect(x: 390, y: 40, width: 20, height: 15)) == [5])
    }

    @Test("a layout is handed the links as item positions, in link order")
    func layoutSeesLinks() throws {
        struct Spy: CanvasLayout {
            let seen: Box
            func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
                seen.links = items.links
                return items.map { Rect(x: Double($0.index) * 20, y: 0, width: 10, height: 10) }
            }
        }
        final class Box: @unchecked Sendable { var links: GraphLinks? }
        let box = Box()
        let engine = CanvasEngine()
        try engine.setItems(sizes: Array(repeating: Size(width: 10, height: 10), count: 4), ids: [10, 20, 30, 40])
        engine.setLayout(Spy(seen: box))
        try engine.setLinks([Link(id: 1, source: 40, target: 10), Link(id: 2, source: 20, target: 30)])
        _ = try engine.resolve()
        #expect(box.links == GraphLinks(sources: [3, 1], targets: [0, 2], ids: [1, 2]))
    }
}
