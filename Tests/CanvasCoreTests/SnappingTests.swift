import Testing
@testable import CanvasCore

@Suite("Snapping")
struct SnappingTests {
    let all = SnapSettings(grid: nil, items: true, gaps: true, threshold: 8)

    @Test("grid snaps the top-left corner to g·round(x/g), with grid guides")
    func grid() {
        let (offset, guides) = Snapping.snap(rect(23, 58, 10, 10), candidates: [], settings: SnapSettings(grid: 20, items: false, gaps: false), threshold: 8)
        #expect(offset == point(-3, 2))
        #expect(guides == [Guide(x1: 20, y1: 60, x2: 20, y2: 70, kind: .grid), Guide(x1: 20, y1: 60, x2: 30, y2: 60, kind: .grid)])
    }

    @Test("an edge snaps to a neighbour's edge within the threshold, and draws one edge guide")
    func edge() {
        // Moving sits below the other, its left edge 5 points right of the other's left edge.
        let other = rect(100, 0, 50, 50)
        let (offset, guides) = Snapping.snap(rect(105, 200, 30, 30), candidates: [other], settings: all, threshold: 8)
        #expect(offset == point(-5, 0))
        #expect(guides == [Guide(x1: 100, y1: 0, x2: 100, y2: 230, kind: .edge)])
    }

    @Test("beyond the threshold nothing snaps")
    func outOfReach() {
        let (offset, guides) = Snapping.snap(rect(109, 200, 10, 30), candidates: [rect(100, 0, 50, 50)], settings: all, threshold: 8)
        #expect(offset == .zero)
        #expect(guides.isEmpty)
    }

    @Test("centres snap to centres")
    func center() {
        // Other's centre x = 125; moving (width 20) centre at 128.
        let (offset, guides) = Snapping.snap(rect(118, 200, 20, 20), candidates: [rect(100, 0, 50, 50)], settings: all, threshold: 8)
        #expect(offset == point(-3, 0))
        #expect(guides == [Guide(x1: 125, y1: 0, x2: 125, y2: 220, kind: .center)])
    }

    @Test("the gap between two neighbours repeats after the second")
    func gapAfter() {
        // a [0,50], b [80,130]: gap 30, so moving wants x = 160; it is at 163.
        let a = rect(0, 0, 50, 50), b = rect(80, 0, 50, 50)
        let (offset, guides) = Snapping.snap(rect(163, 10, 40, 30), candidates: [a, b], settings: SnapSettings(items: false, gaps: true), threshold: 8)
        #expect(offset == point(-3, 0))
        #expect(guides == [Guide(x1: 50, y1: 25, x2: 80, y2: 25, kind: .gap), Guide(x1: 130, y1: 25, x2: 160, y2: 25, kind: .gap)])
    }

    @Test("centred between two neighbours, the gaps on both sides are equal")
    func gapBetween() {
        // a ends at 50, b starts at 150: a 40 wide item centred has x = 80.
        let a = rect(0, 0, 50, 50), b = rect(150, 0, 50, 50)
        let (offset, guides) = Snapping.snap(rect(84, 0, 40, 50), candidates: [a, b], settings: SnapSettings(items: false, gaps: true), threshold: 8)
        #expect(offset == point(-4, 0))
        #expect(guides == [Guide(x1: 50, y1: 25, x2: 80, y2: 25, kind: .gap), Guide(x1: 120, y1: 25, x2: 150, y2: 25, kind: .gap)])
    }

    @Test("the smallest nudge wins across kinds")
    func smallestWins() {
        // The grid wants -4, the neighbour's edge -2.
        let (offset, guides) = Snapping.snap(rect(24, 300, 10, 10), candidates: [rect(22, 0, 10, 10)], settings: SnapSettings(grid: 10, items: true, gaps: false), threshold: 8)
        #expect(offset.x == -2)
        #expect(guides.contains { $0.kind == .edge && $0.x1 == 22 })
        #expect(!guides.contains { $0.kind == .grid && $0.x1 == $0.x2 })
    }

    @Test("auto-pan: zero in the middle, faster nearer the edge, full speed past it")
    func autoPan() {
        let size = Size(width: 400, height: 300)
        #expect(AutoPan.velocity(pointer: point(200, 150), viewport: size) == .zero)
        #expect(AutoPan.velocity(pointer: point(20, 150), viewport: size) == point(-AutoPan.maxSpeed / 2, 0))
        #expect(AutoPan.velocity(pointer: point(390, 290), viewport: size) == point(AutoPan.maxSpeed * 0.75, AutoPan.maxSpeed * 0.75))
        #expect(AutoPan.velocity(pointer: point(-50, 150), viewport: size) == point(-AutoPan.maxSpeed, 0))
    }

    @Test("the focus rule scores along plus twice sideways, and only beyond the edge")
    func focusRule() {
        let from = rect(0, 0, 10, 10)
        #expect(FocusRule.score(from: from, to: rect(30, 0, 10, 10), direction: .right) == 20)
        #expect(FocusRule.score(from: from, to: rect(30, 5, 10, 10), direction: .right) == 30)
        #expect(FocusRule.score(from: from, to: rect(5, 0, 10, 10), direction: .right) == nil)
        #expect(FocusRule.score(from: from, to: rect(0, -30, 10, 10), direction: .up) == 20)
    }
}
