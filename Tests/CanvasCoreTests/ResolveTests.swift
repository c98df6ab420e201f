import CanvasCore
import Testing

// The resolve pipeline: sanitize → place → check → normalize → mirror →
// content size → anchor. Every expected number below is worked out by hand
// from the rules, not copied from the engine's output.

/// Margins with four different sides, so a swapped side shows up.
private let lopsided = Insets(top: 5, leading: 10, bottom: 15, trailing: 30)

@Suite("Sanitizing item sizes")
struct SanitizeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var input: Size
        var expected: Size
        var testDescription: String { "\(describe(input)) → \(describe(expected))" }
    }

    static let cases: [Case] = [
        Case(input: size(.nan, 10), expected: size(0, 10)),
        Case(input: size(3, .nan), expected: size(3, 0)),
        Case(input: size(.infinity, 5), expected: size(0, 5)),
        Case(input: size(5, .infinity), expected: size(5, 0)),
        Case(input: size(-.infinity, -.infinity), expected: size(0, 0)),
        Case(input: size(-5, 7), expected: size(0, 7)),
        Case(input: size(4, -5), expected: size(4, 0)),
        Case(input: size(.nan, -.infinity), expected: size(0, 0)),
        Case(input: size(0, 0), expected: size(0, 0)),
        Case(input: size(2.5, 3), expected: size(2.5, 3)),
    ]

    @Test("A non-finite or negative side becomes zero", arguments: cases)
    func sanitizedSize(_ testCase: Case) {
        #expect(testCase.input.sanitized == testCase.expected)
    }

    @Test("The layout is handed sanitized sizes", arguments: cases)
    func layoutSeesSanitizedSizes(_ testCase: Case) throws {
        let log = LayoutLog()
        _ = try resolve([size(1, 1), testCase.input], with: StubLayout.stacked(log: log))
        #expect(log.itemSizes == [[size(1, 1), testCase.expected]])
    }

    @Test("Frames come out with sanitized sizes")
    func framesUseSanitizedSizes() throws {
        let sizes = [size(.nan, 10), size(.infinity, -3), size(-5, 20)]
        let result = try resolve(sizes, with: GridLayout(columns: 3, horizontalSpacing: 0, verticalSpacing: 0,
                                                         alignment: .topLeading))
        // Widths all 0, heights 10, 0, 20: three zero-width columns at x = 0.
        expectClose(result.frames, [rect(0, 0, 0, 10), rect(0, 0, 0, 0), rect(0, 0, 0, 20)])
        #expect(result.contentSize == size(0, 20))
        #expect(result.frames.allSatisfy { $0.isFinite })
    }
}

@Suite("Margins in layout-direction terms")
struct MarginTests {
    @Test(
        "Left and right insets follow the reading direction",
        arguments: [
            (LayoutDirection.leftToRight, 10.0, 30.0),
            (LayoutDirection.rightToLeft, 30.0, 10.0),
        ]
    )
    func physicalSides(direction: LayoutDirection, left: Double, right: Double) {
        #expect(lopsided.left(in: direction) == left)
        #expect(lopsided.right(in: direction) == right)
    }

    @Test("Horizontal and vertical totals add opposite sides")
    func totals() {
        #expect(lopsided.horizontal == 40)
        #expect(lopsided.vertical == 20)
        #expect(Insets(all: 7) == Insets(top: 7, leading: 7, bottom: 7, trailing: 7))
    }
}

@Suite("The proposal handed to a layout")
struct ProposalTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var mode: ContentSizeMode
        var margins: Insets
        var expected: Proposal
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "automatic leaves both sides open", mode: .automatic, margins: Insets(all: 10),
             expected: .unspecified),
        Case(label: "automatic without margins leaves both sides open", mode: .automatic, margins: .zero,
             expected: .unspecified),
        Case(label: "fixed offers the size less the margins", mode: .fixed(size(200, 100)), margins: lopsided,
             expected: Proposal(width: 160, height: 80)),
        Case(label: "at-least offers the size less the margins", mode: .atLeast(size(200, 100)), margins: lopsided,
             expected: Proposal(width: 160, height: 80)),
        Case(label: "fixed without margins offers the whole size", mode: .fixed(size(640, 480)), margins: .zero,
             expected: Proposal(width: 640, height: 480)),
        Case(label: "fixed smaller than the margins offers zero", mode: .fixed(size(20, 10)), margins: Insets(all: 10),
             expected: Proposal(width: 0, height: 0)),
        Case(label: "at-least smaller than the margins offers zero", mode: .atLeast(size(5, 50)),
             margins: Insets(all: 10), expected: Proposal(width: 0, height: 30)),
    ]

    @Test("Resolver.proposal(for:) follows the content size mode", arguments: cases)
    func proposalForOptions(_ testCase: Case) {
        let options = ResolveOptions(contentSize: testCase.mode, margins: testCase.margins)
        #expect(Resolver.proposal(for: options) == testCase.expected)
    }

    @Test("A custom layout receives that proposal during resolve", arguments: cases)
    func layoutReceivesProposal(_ testCase: Case) throws {
        let log = LayoutLog()
        let options = ResolveOptions(contentSize: testCase.mode, margins: testCase.margins)
        _ = try resolve([size(10, 10)], with: StubLayout.stacked(log: log), options)
        #expect(log.proposals == [testCase.expected])
    }
}

@Suite("Normalizing the placed cluster")
struct NormalizeTests {
    @Test("Negative coordinates are shifted so the cluster starts at the origin")
    func negativeCoordinates() throws {
        // Cluster: x from -30 to 25, y from -50 to -10 → origin (-30, -50), size 55 × 40.
        let result = try resolve(placing: [rect(-30, -20, 10, 10), rect(5, -50, 20, 5)])
        expectClose(result.frames, [rect(0, 30, 10, 10), rect(35, 0, 20, 5)])
        expectClose(result.contentSize, size(55, 40))
        expectClose(result.contentBounds, rect(0, 0, 55, 40))
    }

    @Test("A cluster placed far from the origin is pulled back to it")
    func positiveOffset() throws {
        let result = try resolve(placing: [rect(100, 200, 10, 20), rect(130, 210, 5, 5)])
        expectClose(result.frames, [rect(0, 0, 10, 20), rect(30, 10, 5, 5)])
        expectClose(result.contentSize, size(35, 20))
    }

    @Test("Normalizing happens before margins and anchoring")
    func normalizedThenAnchored() throws {
        let options = ResolveOptions(contentSize: .fixed(size(100, 100)))
        // Cluster 55 × 40; spare (45, 60); centered → origin (22.5, 30).
        let result = try Resolver.arrange([rect(-30, -20, 10, 10), rect(5, -50, 20, 5)], count: 2, options: options)
        expectClose(result.frames, [rect(22.5, 60, 10, 10), rect(57.5, 30, 20, 5)])
        expectClose(result.contentBounds, rect(22.5, 30, 55, 40))
        #expect(result.contentSize == size(100, 100))
    }

    @Test("Zero-size frames still count toward the cluster's bounds")
    func zeroSizeFramesCount() throws {
        let result = try resolve(placing: [rect(-10, -10, 0, 0), rect(10, 20, 0, 0)])
        expectClose(result.frames, [rect(0, 0, 0, 0), rect(20, 30, 0, 0)])
        expectClose(result.contentSize, size(20, 30))
    }
}

@Suite("Mirroring for right-to-left")
struct MirrorTests {
    private let rtl = ResolveOptions(direction: .rightToLeft)

    @Test("x becomes the cluster width less the frame's max x; y is unchanged")
    func mirrorsFrames() throws {
        // Cluster 50 × 15.
        let result = try resolve(placing: [rect(0, 0, 10, 10), rect(20, 5, 30, 10)], rtl)
        expectClose(result.frames, [rect(40, 0, 10, 10), rect(0, 5, 30, 10)])
        expectClose(result.contentSize, size(50, 15))
        expectClose(result.contentBounds, rect(0, 0, 50, 15))
    }

    @Test("Mirroring applies to the normalized cluster")
    func mirrorsNegativeCoordinates() throws {
        // Normalized: (0, 30, 10, 10) and (35, 0, 20, 5); cluster width 55.
        let result = try resolve(placing: [rect(-30, -20, 10, 10), rect(5, -50, 20, 5)], rtl)
        expectClose(result.frames, [rect(45, 30, 10, 10), rect(0, 0, 20, 5)])
    }

    @Test("A flow row reads from right to left")
    func flowRowMirrors() throws {
        // Left to right: x = 0, 18, 36 in a cluster 46 wide.
        let sizes = Array(repeating: size(10, 10), count: 3)
        let result = try resolve(sizes, with: FlowLayout(maxWidth: 1000), rtl)
        expectClose(result.frames, [rect(36, 0, 10, 10), rect(18, 0, 10, 10), rect(0, 0, 10, 10)])
    }

    @Test("Grid columns are mirrored, rows are not")
    func gridMirrors() throws {
        // Left to right: columns at x = 0 and 18, rows at y = 0 and 18, cluster 28 wide.
        let sizes = Array(repeating: size(10, 10), count: 4)
        let result = try resolve(sizes, with: GridLayout(columns: 2), rtl)
        expectClose(result.frames, [rect(18, 0, 10, 10), rect(0, 0, 10, 10), rect(18, 18, 10, 10), rect(0, 18, 10, 10)])
    }
}

@Suite("Content size")
struct ContentSizeTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var mode: ContentSizeMode
        var expected: Size
        var testDescription: String { label }
    }

    // Cluster 100 × 50 with lopsided margins (40 across, 20 down) needs 140 × 70.
    static let cluster = size(100, 50)
    static let cases: [Case] = [
        Case(label: "automatic is the cluster plus the margins", mode: .automatic, expected: size(140, 70)),
        Case(label: "fixed larger than needed is kept", mode: .fixed(size(300, 200)), expected: size(300, 200)),
        Case(label: "fixed smaller than needed is kept", mode: .fixed(size(50, 20)), expected: size(50, 20)),
        Case(label: "at-least larger than needed is kept", mode: .atLeast(size(300, 200)), expected: size(300, 200)),
        Case(label: "at-least smaller than needed grows to fit", mode: .atLeast(size(50, 20)), expected: size(140, 70)),
        Case(label: "at-least grows only the short axis (height)", mode: .atLeast(size(300, 20)),
             expected: size(300, 70)),
        Case(label: "at-least grows only the short axis (width)", mode: .atLeast(size(50, 200)),
             expected: size(140, 200)),
        Case(label: "at-least exactly what is needed", mode: .atLeast(size(140, 70)), expected: size(140, 70)),
    ]

    @Test("Resolver.contentSize(for:options:) follows the mode", arguments: cases)
    func contentSizeForCluster(_ testCase: Case) {
        let options = ResolveOptions(contentSize: testCase.mode, margins: lopsided)
        expectClose(Resolver.contentSize(for: Self.cluster, options: options), testCase.expected)
    }

    @Test("A resolution reports the same content size", arguments: cases)
    func resolutionContentSize(_ testCase: Case) throws {
        let options = ResolveOptions(contentSize: testCase.mode, margins: lopsided)
        let result = try resolve(placing: [rect(0, 0, 60, 50), rect(70, 10, 30, 5)], options)
        expectClose(result.contentSize, testCase.expected)
        #expect(result.contentBounds.size == Self.cluster)
    }
}

@Suite("Anchoring the cluster")
struct AnchorTests {
    struct NamedCase: Sendable, CustomTestStringConvertible {
        var name: String
        var unit: UnitPoint
        var origin: Point
        var testDescription: String { name }
    }

    // Canvas 200 × 100, no margins, cluster 50 × 20: spare room 150 × 80.
    static let namedCases: [NamedCase] = [
        NamedCase(name: "top_leading", unit: UnitPoint(x: 0, y: 0), origin: point(0, 0)),
        NamedCase(name: "top", unit: UnitPoint(x: 0.5, y: 0), origin: point(75, 0)),
        NamedCase(name: "top_trailing", unit: UnitPoint(x: 1, y: 0), origin: point(150, 0)),
        NamedCase(name: "leading", unit: UnitPoint(x: 0, y: 0.5), origin: point(0, 40)),
        NamedCase(name: "center", unit: UnitPoint(x: 0.5, y: 0.5), origin: point(75, 40)),
        NamedCase(name: "trailing", unit: UnitPoint(x: 1, y: 0.5), origin: point(150, 40)),
        NamedCase(name: "bottom_leading", unit: UnitPoint(x: 0, y: 1), origin: point(0, 80)),
        NamedCase(name: "bottom", unit: UnitPoint(x: 0.5, y: 1), origin: point(75, 80)),
        NamedCase(name: "bottom_trailing", unit: UnitPoint(x: 1, y: 1), origin: point(150, 80)),
    ]

    @Test("UnitPoint.named lists the nine names with their points")
    func namedPoints() {
        #expect(UnitPoint.named.map(\.name) == Self.namedCases.map(\.name))
        #expect(UnitPoint.named.map(\.point) == Self.namedCases.map(\.unit))
        #expect(UnitPoint.named.allSatisfy { $0.point.isInUnitSquare })
    }

    @Test("Each named point shares the spare room out", arguments: namedCases)
    func namedAnchor(_ testCase: NamedCase) throws {
        let anchor = try #require(UnitPoint.named.first { $0.name == testCase.name }).point
        let options = ResolveOptions(contentSize: .fixed(size(200, 100)), contentAnchor: anchor)
        let result = try resolve(placing: [rect(0, 0, 50, 20)], options)
        expectClose(result.contentBounds, Rect(origin: testCase.origin, size: size(50, 20)))
        expectClose(result.frames, [Rect(origin: testCase.origin, size: size(50, 20))])
        #expect(result.contentSize == size(200, 100))
    }

    @Test("Named points flip horizontally in right-to-left", arguments: namedCases)
    func namedAnchorRightToLeft(_ testCase: NamedCase) throws {
        let options = ResolveOptions(contentSize: .fixed(size(200, 100)), contentAnchor: testCase.unit,
                                     direction: .rightToLeft)
        let flipped = point(150 - testCase.origin.x, testCase.origin.y)
        expectClose(Resolver.anchoredOrigin(of: size(50, 20), in: size(200, 100), options: options), flipped)
    }

    struct ArbitraryCase: Sendable, CustomTestStringConvertible {
        var anchor: UnitPoint
        var direction: LayoutDirection
        var origin: Point
        var testDescription: String { "(\(anchor.x), \(anchor.y)) \(direction)" }
    }

    // Canvas 200 × 100 with margins top 10, leading 20, bottom 30, trailing 40:
    // available 140 × 60, cluster 50 × 20, spare 90 × 40.
    // Left to right: (20 + 90·ax, 10 + 40·ay); right to left: (40 + 90·(1 − ax), 10 + 40·ay).
    static let arbitraryCases: [ArbitraryCase] = [
        ArbitraryCase(anchor: UnitPoint(x: 0.25, y: 0.75), direction: .leftToRight, origin: point(42.5, 40)),
        ArbitraryCase(anchor: UnitPoint(x: 0.25, y: 0.75), direction: .rightToLeft, origin: point(107.5, 40)),
        ArbitraryCase(anchor: UnitPoint(x: 0.1, y: 0.9), direction: .leftToRight, origin: point(29, 46)),
        ArbitraryCase(anchor: UnitPoint(x: 0.1, y: 0.9), direction: .rightToLeft, origin: point(121, 46)),
        ArbitraryCase(anchor: UnitPoint(x: 1, y: 0), direction: .leftToRight, origin: point(110, 10)),
        ArbitraryCase(anchor: UnitPoint(x: 1, y: 0), direction: .rightToLeft, origin: point(40, 10)),
        ArbitraryCase(anchor: UnitPoint(x: 0, y: 1), direction: .rightToLeft, origin: point(130, 50)),
    ]

    @Test("Any unit point places the cluster proportionally inside the margins", arguments: arbitraryCases)
    func arbitraryAnchor(_ testCase: ArbitraryCase) throws {
        let margins = Insets(top: 10, leading: 20, bottom: 30, trailing: 40)
        let options = ResolveOptions(contentSize: .fixed(size(200, 100)), margins: margins,
                                     contentAnchor: testCase.anchor, direction: testCase.direction)
        expectClose(Resolver.anchoredOrigin(of: size(50, 20), in: size(200, 100), options: options), testCase.origin)
        let result = try resolve(placing: [rect(0, 0, 50, 20)], options)
        expectClose(result.contentBounds, Rect(origin: testCase.origin, size: size(50, 20)))
    }

    @Test("The default anchor is the center")
    func defaultAnchorIsCenter() throws {
        #expect(ResolveOptions().contentAnchor == .center)
        let result = try resolve(placing: [rect(0, 0, 50, 20)], ResolveOptions(contentSize: .fixed(size(200, 100))))
        expectClose(result.contentBounds, rect(75, 40, 50, 20))
    }

    @Test("Automatic size leaves no spare room, so the cluster sits at the margins")
    func automaticSitsAtMargins() throws {
        for anchor in UnitPoint.named.map(\.point) {
            let options = ResolveOptions(margins: lopsided, contentAnchor: anchor)
            let result = try resolve(placing: [rect(0, 0, 50, 20)], options)
            expectClose(result.contentBounds, rect(10, 5, 50, 20), "anchor (\(anchor.x), \(anchor.y))")
            expectClose(result.contentSize, size(90, 40))
        }
    }

    @Test("At-least with room to spare anchors the cluster in it")
    func atLeastWithRoom() throws {
        // Content 300 × 200, available 280 × 180, spare 230 × 160 → (10 + 115, 10 + 80).
        let options = ResolveOptions(contentSize: .atLeast(size(300, 200)), margins: Insets(all: 10))
        let result = try resolve(placing: [rect(0, 0, 50, 20)], options)
        #expect(result.contentSize == size(300, 200))
        expectClose(result.contentBounds, rect(125, 90, 50, 20))
    }

    @Test("At-least grown on one axis anchors only on the other")
    func atLeastGrownOnOneAxis() throws {
        // Cluster 200 × 50, margins 10: content (220, 100); available 200 × 80; spare 0 × 30.
        let options = ResolveOptions(contentSize: .atLeast(size(100, 100)), margins: Insets(all: 10),
                                     contentAnchor: .bottomTrailing)
        let result = try resolve(placing: [rect(0, 0, 200, 50)], options)
        #expect(result.contentSize == size(220, 100))
        expectClose(result.contentBounds, rect(10, 40, 200, 50))
    }
}

@Suite("Overflow of a fixed canvas")
struct OverflowTests {
    @Test(
        "A cluster larger than the room is pinned at the top-left margin for every anchor",
        arguments: UnitPoint.named.map(\.point)
    )
    func pinnedAtMargins(anchor: UnitPoint) throws {
        // Canvas 100 × 50, margins 10: available 80 × 30; cluster 200 × 60 spills past the far edges.
        let options = ResolveOptions(contentSize: .fixed(size(100, 50)), margins: Insets(all: 10), contentAnchor: anchor)
        let result = try resolve(placing: [rect(0, 0, 200, 60)], options)
        #expect(result.contentSize == size(100, 50))
        expectClose(result.contentBounds, rect(10, 10, 200, 60))
        expectClose(result.frames, [rect(10, 10, 200, 60)])
        #expect(result.frames[0].maxX > result.contentSize.width)
        #expect(result.frames[0].maxY > result.contentSize.height)
    }

    @Test(
        "In right-to-left an overflowing cluster starts at the left inset (the trailing margin)",
        arguments: UnitPoint.named.map(\.point)
    )
    func pinnedRightToLeft(anchor: UnitPoint) throws {
        // Available 100 − 40 = 60 by 50 − 20 = 30; the left inset is the trailing margin, 30.
        let options = ResolveOptions(contentSize: .fixed(size(100, 50)), margins: lopsided, contentAnchor: anchor,
                                     direction: .rightToLeft)
        let result = try resolve(placing: [rect(0, 0, 200, 60)], options)
        expectClose(result.contentBounds, rect(30, 5, 200, 60))
        #expect(result.frames[0].minX >= 0)
    }

    @Test("Overflow on one axis still anchors the other")
    func overflowOneAxis() throws {
        // Canvas 300 × 50, cluster 200 × 60: spare 100 across, none down.
        let options = ResolveOptions(contentSize: .fixed(size(300, 50)), contentAnchor: .bottomTrailing)
        let result = try resolve(placing: [rect(0, 0, 200, 60)], options)
        expectClose(result.contentBounds, rect(100, 0, 200, 60))
    }

    @Test("Fixed smaller than the margins gives the cluster no room and no negative origin")
    func fixedSmallerThanMargins() throws {
        let options = ResolveOptions(contentSize: .fixed(size(15, 15)), margins: Insets(all: 10))
        let result = try resolve(placing: [rect(0, 0, 4, 4)], options)
        #expect(result.contentSize == size(15, 15))
        expectClose(result.contentBounds, rect(10, 10, 4, 4))
    }
}

@Suite("Right-to-left with asymmetric margins")
struct RightToLeftMarginTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var direction: LayoutDirection
        var anchor: UnitPoint
        var frames: [Rect]
        var testDescription: String { "\(direction) anchored at (\(anchor.x), \(anchor.y))" }
    }

    // Canvas 200 × 100, margins top 5, leading 10, bottom 15, trailing 30.
    // Layout frames (0, 0, 20, 10) and (30, 5, 10, 20): cluster 40 × 25.
    // Available 160 × 80, spare 120 × 55.
    // Right to left mirrors the cluster: (20, 0, 20, 10) and (0, 5, 10, 20), and
    // origin x = 30 (the trailing margin is on the left) + 120 · (1 − ax).
    static let cases: [Case] = [
        // Top-leading in right-to-left sits against the top and the right (leading) margin.
        Case(direction: .rightToLeft, anchor: .topLeading, frames: [rect(170, 5, 20, 10), rect(150, 10, 10, 20)]),
        Case(direction: .rightToLeft, anchor: .topTrailing, frames: [rect(50, 5, 20, 10), rect(30, 10, 10, 20)]),
        Case(direction: .rightToLeft, anchor: .bottom, frames: [rect(110, 60, 20, 10), rect(90, 65, 10, 20)]),
        Case(direction: .rightToLeft, anchor: UnitPoint(x: 0.25, y: 0.5),
             frames: [rect(140, 32.5, 20, 10), rect(120, 37.5, 10, 20)]),
        // The same canvas left to right, for contrast: origin x = 10 + 120 · ax.
        Case(direction: .leftToRight, anchor: .topLeading, frames: [rect(10, 5, 20, 10), rect(40, 10, 10, 20)]),
        Case(direction: .leftToRight, anchor: .topTrailing, frames: [rect(130, 5, 20, 10), rect(160, 10, 10, 20)]),
    ]

    @Test("Frames land exactly where the margins and anchor say", arguments: cases)
    func exactFrames(_ testCase: Case) throws {
        let options = ResolveOptions(contentSize: .fixed(size(200, 100)), margins: lopsided,
                                     contentAnchor: testCase.anchor, direction: testCase.direction)
        let result = try resolve(placing: [rect(0, 0, 20, 10), rect(30, 5, 10, 20)], options)
        expectClose(result.frames, testCase.frames)
        let bounds = result.frames[0].union(result.frames[1])
        expectClose(result.contentBounds, bounds)
        #expect(result.contentSize == size(200, 100))
    }

    @Test("Automatic size in right-to-left puts the wider margin on the left")
    func automaticRightToLeft() throws {
        let options = ResolveOptions(margins: lopsided, direction: .rightToLeft)
        let result = try resolve(placing: [rect(0, 0, 20, 10), rect(30, 5, 10, 20)], options)
        // Content 40 + 40 by 25 + 20; the cluster starts after the 30-point trailing margin.
        #expect(result.contentSize == size(80, 45))
        expectClose(result.frames, [rect(50, 5, 20, 10), rect(30, 10, 10, 20)])
        expectClose(result.contentBounds, rect(30, 5, 40, 25))
    }
}

@Suite("Checking a custom layout's frames")
struct LayoutValidationTests {
    @Test(
        "The wrong number of frames is a bad layout",
        arguments: [
            (itemCount: 2, frameCount: 1),
            (itemCount: 2, frameCount: 3),
            (itemCount: 0, frameCount: 1),
            (itemCount: 3, frameCount: 0),
        ]
    )
    func wrongFrameCount(itemCount: Int, frameCount: Int) {
        let frames = Array(repeating: rect(0, 0, 1, 1), count: frameCount)
        let sizes = Array(repeating: size(1, 1), count: itemCount)
        expectCanvasError(.badLayout, messageContains: ["\(frameCount)", "\(itemCount)"]) {
            _ = try resolve(sizes, with: StubLayout.returning(frames))
        }
        expectCanvasError(.badLayout) {
            _ = try Resolver.arrange(frames, count: itemCount, options: ResolveOptions())
        }
    }

    @Test(
        "A non-finite frame is a bad layout naming the item",
        arguments: [
            rect(.nan, 0, 10, 10),
            rect(0, .infinity, 10, 10),
            rect(0, 0, .infinity, 10),
            rect(0, 0, 10, -.infinity),
            rect(-.infinity, 0, 10, 10),
            rect(0, 0, .nan, .nan),
        ]
    )
    func nonFiniteFrame(bad: Rect) {
        // The second of three items is bad; messages count items from 0, as C and Swift index.
        let frames = [rect(0, 0, 10, 10), bad, rect(20, 0, 10, 10)]
        expectCanvasError(.badLayout, messageContains: ["item 1:"]) {
            _ = try resolve(placing: frames)
        }
    }

    @Test("A negative frame size is a bad layout", arguments: [rect(0, 0, -1, 10), rect(0, 0, 10, -0.5)])
    func negativeSize(bad: Rect) {
        expectCanvasError(.badLayout, messageContains: ["item 0:"]) {
            _ = try resolve([size(10, 10)], with: StubLayout.returning([bad]))
        }
    }

    @Test("Zero-size frames at negative coordinates are accepted")
    func zeroSizeIsFine() throws {
        let result = try resolve(placing: [rect(-5, -5, 0, 0)])
        expectClose(result.frames, [rect(0, 0, 0, 0)])
    }

    @Test("An error thrown by the layout passes through unchanged")
    func layoutErrorPassesThrough() {
        let error = CanvasError(.callbackFailed, "the host said no")
        let thrown = expectCanvasError(.callbackFailed) {
            _ = try resolve([size(1, 1)], with: StubLayout.failing(error))
        }
        #expect(thrown == error)
    }
}

@Suite("The per-layout cache")
struct LayoutCacheTests {
    @Test("makeCache runs once and the cache's mutations persist between place calls")
    func cachePersists() throws {
        let log = LayoutLog()
        let layout = AnyCanvasLayout(CountingCacheLayout(log: log))
        let sizes = [size(1, 1), size(2, 2)]
        for _ in 0..<3 {
            _ = try Resolver.resolve(sizes: sizes, layout: layout, options: ResolveOptions())
        }
        #expect(log.cachesMade == 1)
        #expect(log.cacheItemCounts == [2])
        #expect(log.cacheCounters == [1, 2, 3])
    }

    @Test("Invalidating the cache makes a fresh one on the next place")
    func invalidateMakesFresh() throws {
        let log = LayoutLog()
        let layout = AnyCanvasLayout(CountingCacheLayout(log: log))
        _ = try layout.place(LayoutItems(sizes: [size(1, 1)]), in: .unspecified)
        _ = try layout.place(LayoutItems(sizes: [size(1, 1)]), in: .unspecified)
        layout.invalidateCache()
        _ = try layout.place(LayoutItems(sizes: [size(1, 1), size(1, 1), size(1, 1)]), in: .unspecified)
        #expect(log.cachesMade == 2)
        #expect(log.cacheItemCounts == [1, 3])
        #expect(log.cacheCounters == [1, 2, 1])
    }

    @Test("A place call that throws still keeps its cache and its mutations")
    func cacheSurvivesFailure() throws {
        let log = LayoutLog()
        let layout = AnyCanvasLayout(CountingCacheLayout(log: log, failOnCall: 2))
        let sizes = [size(1, 1)]
        _ = try Resolver.resolve(sizes: sizes, layout: layout, options: ResolveOptions())
        expectCanvasError(.callbackFailed) {
            _ = try Resolver.resolve(sizes: sizes, layout: layout, options: ResolveOptions())
        }
        _ = try Resolver.resolve(sizes: sizes, layout: layout, options: ResolveOptions())
        #expect(log.cachesMade == 1)
        #expect(log.cacheCounters == [1, 2, 3])
    }
}

@Suite("Empty input")
struct EmptyInputTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var label: String
        var options: ResolveOptions
        var contentSize: Size
        var testDescription: String { label }
    }

    static let cases: [Case] = [
        Case(label: "fixed 640 × 480 stays 640 × 480",
             options: ResolveOptions(contentSize: .fixed(size(640, 480))), contentSize: size(640, 480)),
        Case(label: "fixed with margins stays the fixed size",
             options: ResolveOptions(contentSize: .fixed(size(640, 480)), margins: lopsided), contentSize: size(640, 480)),
        Case(label: "automatic with margins is the margins",
             options: ResolveOptions(margins: lopsided), contentSize: size(40, 20)),
        Case(label: "automatic without margins is zero", options: ResolveOptions(), contentSize: size(0, 0)),
        Case(label: "at-least is the minimum",
             options: ResolveOptions(contentSize: .atLeast(size(100, 50)), margins: Insets(all: 10)),
             contentSize: size(100, 50)),
        Case(label: "at-least smaller than the margins is the margins",
             options: ResolveOptions(contentSize: .atLeast(size(5, 50)), margins: Insets(all: 10)),
             contentSize: size(20, 50)),
        Case(label: "right-to-left automatic with margins is the margins",
             options: ResolveOptions(margins: lopsided, direction: .rightToLeft), contentSize: size(40, 20)),
    ]

    @Test("A flow layout with no items gives no frames and a size from the options", arguments: cases)
    func emptyFlow(_ testCase: Case) throws {
        let result = try resolve([], with: FlowLayout(), testCase.options)
        #expect(result.frames.isEmpty)
        expectClose(result.contentSize, testCase.contentSize)
        #expect(result.contentBounds.size == .zero)
    }

    @Test("A grid layout with no items gives no frames and a size from the options", arguments: cases)
    func emptyGrid(_ testCase: Case) throws {
        for columns in [3, 1, 0, -2] {
            let result = try resolve([], with: GridLayout(columns: columns), testCase.options)
            #expect(result.frames.isEmpty)
            expectClose(result.contentSize, testCase.contentSize, "columns \(columns)")
        }
    }

    @Test("A custom layout with no items is handed an empty list")
    func emptyCustom() throws {
        let log = LayoutLog()
        let result = try resolve([], with: StubLayout.stacked(log: log), ResolveOptions(margins: lopsided))
        #expect(log.itemSizes == [[]])
        #expect(result.frames.isEmpty)
        #expect(result.contentSize == size(40, 20))
    }

    @Test("An empty cluster on a fixed canvas sits at the anchor")
    func emptyBoundsAnchored() throws {
        // Available 640 − 40 by 480 − 20; spare all of it; centered → (10 + 300, 5 + 230).
        let options = ResolveOptions(contentSize: .fixed(size(640, 480)), margins: lopsided)
        let result = try resolve([], with: FlowLayout(), options)
        expectClose(result.contentBounds, rect(310, 235, 0, 0))
    }
}
