import Testing
@testable import CanvasCore

/// The select tool and links: a press on a link, the marquee's option, the
/// delete key removing items and links as one step, undo restoring both.
@Suite("Selecting links")
struct LinkSelectionTests {
    /// Cards 1…3 in a row, 4 below 1; links 11 (1→2), 12 (2→3), 13 (1→4).
    func engine() throws -> CanvasEngine {
        let engine = CanvasEngine()
        try engine.setItemFrames([Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 300, y: 0, width: 100, height: 50),
                                  Rect(x: 600, y: 0, width: 100, height: 50), Rect(x: 0, y: 300, width: 100, height: 50)])
        engine.setLayoutFree()
        _ = try engine.resolve()
        _ = try engine.setViewportSize(Size(width: 1000, height: 800))
        try engine.setLinks([Link(id: 11, source: 1, target: 2), Link(id: 12, source: 2, target: 3),
                             Link(id: 13, source: 1, target: 4)])
        engine.setTool(.select)
        return engine
    }

    func click(_ engine: CanvasEngine, _ x: Double, _ y: Double, shift: Bool = false) -> CanvasEngine.SelectPress {
        let press = engine.beginSelectGesture(at: Point(x: x, y: y), shift: shift)
        engine.endSelectGesture()
        return press
    }

    @Test("a press on a link selects it; shift adds and toggles; a press on an item or empty space clears it")
    func press() throws {
        let engine = try engine()
        #expect(click(engine, 200, 27) == .link(11))  // within the slop of the route at y = 25
        #expect(engine.selectedLinkIDs == [11] && engine.selection.isEmpty)
        #expect(click(engine, 500, 25, shift: true) == .link(12))
        #expect(engine.selectedLinkIDs == [11, 12])
        #expect(click(engine, 200, 25, shift: true) == .link(11))  // shift on a selected link: off at release
        #expect(engine.selectedLinkIDs == [12])
        try engine.selectLink(11, adding: true)
        #expect(click(engine, 500, 25) == .link(12))  // a plain press on one of several: just it
        #expect(engine.selectedLinkIDs == [12])
        #expect(click(engine, 50, 25, shift: true) == .item(1))
        #expect(engine.selection == [1] && engine.selectedLinkIDs == [12])
        #expect(click(engine, 350, 25) == .item(2))
        #expect(engine.selection == [2] && engine.selectedLinkIDs.isEmpty)
        try engine.selectLink(13)
        #expect(engine.selection.isEmpty)  // alone: the items cleared
        #expect(click(engine, 200, 200) == .emptySpace)
        #expect(engine.selectedLinkIDs.isEmpty)
        // A link press never drags.
        let framesBefore = engine.resolution.frames
        _ = engine.beginSelectGesture(at: Point(x: 200, y: 25))
        _ = engine.updateSelectGesture(to: Point(x: 260, y: 90))
        engine.endSelectGesture()
        #expect(engine.resolution.frames == framesBefore && engine.selectedLinkIDs == [11])
        #expect(throws: CanvasError.self) { try engine.selectLink(99) }
        #expect(engine.selectedLinkIDs == [11])
    }

    @Test("the marquee selects links only with the option; links it touches, as a brute force finds them")
    func marquee() throws {
        var rng = SplitMix64(seed: 5)
        let engine = CanvasEngine()
        let frames = (0..<60).map { _ in
            Rect(x: .random(in: 0...1500, using: &rng), y: .random(in: 0...1500, using: &rng), width: 40, height: 30)
        }
        try engine.setItemFrames(frames)
        engine.setLayoutFree()
        _ = try engine.resolve()
        _ = try engine.setViewportSize(Size(width: 800, height: 600))
        let styles: [LinkStyle] = [.straight, .step, .curve]
        var links: [Link] = []
        for i in 0..<80 {
            let source = UInt64(i % 60 + 1), target = UInt64((i * 7 + 3) % 60 + 1)
            if source != target { links.append(Link(id: UInt64(i + 1000), source: source, target: target, style: styles[i % 3])) }
        }
        try engine.setLinks(links)
        engine.setTool(.select)
        var sawSome = false
        for round in 0..<30 {
            engine.marqueeSelectsLinks = round % 3 != 0
            let a = Point(x: .random(in: 0...1500, using: &rng), y: .random(in: 0...1500, using: &rng))
            let b = Point(x: a.x + .random(in: -300...300, using: &rng), y: a.y + .random(in: -300...300, using: &rng))
            guard engine.beginSelectGesture(at: a) == .emptySpace else {
                engine.cancelSelectGesture()  // landed on an item or a link
                continue
            }
            _ = engine.updateSelectGesture(to: b)
            engine.endSelectGesture()
            let rect = CanvasEngine.rect(from: a, to: b)
            let expected = engine.marqueeSelectsLinks ? engine.links.links.filter { link in
                touches(engine.linkRoute(link.id)!, rect)
            }.map(\.id) : []
            #expect(engine.selectedLinkIDs == expected, "round \(round)")
            sawSome = sawSome || !expected.isEmpty
        }
        #expect(sawSome)
    }

    /// A route touches a closed rectangle when a point of it lies inside or
    /// one of its segments crosses an edge (orientation tests, no clipping).
    func touches(_ route: LinkRoute, _ r: Rect) -> Bool {
        let path = route.style == .curve ? route.flattenedCurve(segments: 32) : route.points
        func inside(_ p: Point) -> Bool { p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY }
        func cross(_ o: Point, _ a: Point, _ b: Point) -> Double { (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x) }
        func onSegment(_ p: Point, _ a: Point, _ b: Point) -> Bool {
            min(a.x, b.x) <= p.x && p.x <= max(a.x, b.x) && min(a.y, b.y) <= p.y && p.y <= max(a.y, b.y)
        }
        func intersects(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
            let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
            if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) { return true }
            return (d1 == 0 && onSegment(a, c, d)) || (d2 == 0 && onSegment(b, c, d))
                || (d3 == 0 && onSegment(c, a, b)) || (d4 == 0 && onSegment(d, a, b))
        }
        let corners = [Point(x: r.minX, y: r.minY), Point(x: r.maxX, y: r.minY), Point(x: r.maxX, y: r.maxY), Point(x: r.minX, y: r.maxY)]
        if path.contains(where: inside) { return true }
        for i in path.indices.dropFirst() {
            for e in 0..<4 where intersects(path[i - 1], path[i], corners[e], corners[(e + 1) % 4]) { return true }
        }
        return false
    }

    @Test("delete removes the selected items and links as one step; undo restores links and selections exactly")
    func deleteAndUndo() throws {
        let engine = try engine()
        let before = engine.links.links
        try engine.select(id: 3)
        try engine.selectLink(13, adding: true)
        let version = engine.selectionVersion
        try engine.key(.delete, time: 10)
        #expect(engine.items.ids.count == 3 && engine.items.index(of: 3) == nil)
        #expect(engine.links.links.map(\.id) == [11])  // 12 went with card 3, 13 was selected
        #expect(engine.selectedLinkIDs.isEmpty && engine.selection.isEmpty)
        #expect(engine.selectionVersion != version)
        #expect(engine.published?.disappearedLinks == [12, 13])
        try engine.undo()
        #expect(engine.links.links == before)
        #expect(engine.selection == [3] && engine.selectedLinkIDs == [13])
        #expect(Set(engine.published?.appearedLinks ?? []) == [12, 13])
        try engine.redo()
        #expect(engine.links.links.map(\.id) == [11] && engine.selectedLinkIDs.isEmpty)
        try engine.undo()
        // Links alone.
        try engine.selectLink(11)
        try engine.removeSelection()
        #expect(engine.links.links.map(\.id) == [12, 13] && engine.items.count == 4)
        try engine.undo()
        #expect(engine.links.links == before && engine.selectedLinkIDs == [11])
        // Removing a link by id takes it out of the selection.
        try engine.removeLinks([11])
        #expect(engine.selectedLinkIDs.isEmpty)
    }
}
