import CanvasCore
import Testing

// FlowLayout: items left to right, wrapping into rows. Four 12 × 12 items
// with the default 8-point spacing cover (12 + 8)² · 4 = 1600, so the
// square fallback wraps them at √1600 = 40: a 2 × 2 block.

private let fourSquares = Array(repeating: size(12, 12), count: 4)

@Suite("Flow layout")
struct FlowLayoutTests {
    @Test("Defaults are 8-point spacing, centered rows and no maximum width")
    func defaults() {
        let flow = FlowLayout()
        #expect(flow.horizontalSpacing == 8)
        #expect(flow.verticalSpacing == 8)
        #expect(flow.alignment == .center)
        #expect(flow.maxWidth == nil)
    }

    // MARK: Wrapping width

    struct WidthCase: Sendable, CustomTestStringConvertible {
        var label: String
        var layout: FlowLayout
        var sizes: [Size]
        var proposal: Proposal
        var expected: Double
        var testDescription: String { label }
    }

    static let widthCases: [WidthCase] = [
        WidthCase(label: "max width wins when set", layout: FlowLayout(maxWidth: 100), sizes: fourSquares,
                  proposal: .unspecified, expected: 100),
        WidthCase(label: "max width wins over the proposal", layout: FlowLayout(maxWidth: 100), sizes: fourSquares,
                  proposal: Proposal(width: 50, height: nil), expected: 100),
        WidthCase(label: "a smaller max width also wins over the proposal", layout: FlowLayout(maxWidth: 20),
                  sizes: fourSquares, proposal: Proposal(width: 50, height: nil), expected: 20),
        WidthCase(label: "max width below the widest item becomes the widest", layout: FlowLayout(maxWidth: 5),
                  sizes: fourSquares, proposal: .unspecified, expected: 12),
        WidthCase(label: "max width of zero becomes the widest", layout: FlowLayout(maxWidth: 0),
                  sizes: fourSquares, proposal: Proposal(width: 50, height: nil), expected: 12),
        WidthCase(label: "proposal width when there is no max width", layout: FlowLayout(), sizes: fourSquares,
                  proposal: Proposal(width: 50, height: 10), expected: 50),
        WidthCase(label: "proposal width below the widest item becomes the widest", layout: FlowLayout(),
                  sizes: fourSquares, proposal: Proposal(width: 5, height: nil), expected: 12),
        WidthCase(label: "a zero proposal width falls back to the square", layout: FlowLayout(), sizes: fourSquares,
                  proposal: Proposal(width: 0, height: 0), expected: 40),
        WidthCase(label: "a negative proposal width falls back to the square", layout: FlowLayout(),
                  sizes: fourSquares, proposal: Proposal(width: -10, height: nil), expected: 40),
        WidthCase(label: "no proposal falls back to the square", layout: FlowLayout(), sizes: fourSquares,
                  proposal: .unspecified, expected: 40),
        WidthCase(label: "a proposal height alone falls back to the square", layout: FlowLayout(), sizes: fourSquares,
                  proposal: Proposal(width: nil, height: 300), expected: 40),
        WidthCase(label: "the square uses the layout's own spacing", layout: FlowLayout(horizontalSpacing: 4,
                  verticalSpacing: 4), sizes: fourSquares, proposal: .unspecified, expected: 32),  // √(16·16·4)
        WidthCase(label: "the square pads widths by the horizontal and heights by the vertical spacing",
                  layout: FlowLayout(horizontalSpacing: 4, verticalSpacing: 24), sizes: fourSquares,
                  proposal: .unspecified, expected: 48),  // √(16·36·4)
        WidthCase(label: "the square mixes item sizes", layout: FlowLayout(),
                  sizes: [size(30, 10), size(10, 10), size(10, 10)], proposal: .unspecified,
                  expected: (38.0 * 18 + 18 * 18 + 18 * 18).squareRoot()),  // √1332 ≈ 36.5
        WidthCase(label: "a square narrower than the widest item becomes the widest", layout: FlowLayout(),
                  sizes: [size(100, 1)], proposal: .unspecified, expected: 100),  // √(108·9) ≈ 31.2
        WidthCase(label: "no items and no proposal give zero", layout: FlowLayout(), sizes: [],
                  proposal: .unspecified, expected: 0),
    ]

    @Test("The wrapping width follows max width, then proposal, then a square", arguments: widthCases)
    func wrappingWidth(_ testCase: WidthCase) {
        let width = testCase.layout.wrappingWidth(LayoutItems(sizes: testCase.sizes), in: testCase.proposal)
        expectClose(width, testCase.expected)
    }

    // MARK: Rows

    struct PlaceCase: Sendable, CustomTestStringConvertible {
        var label: String
        var layout: FlowLayout
        var sizes: [Size]
        var proposal: Proposal = .unspecified
        var frames: [Rect]
        var testDescription: String { label }
    }

    static let placeCases: [PlaceCase] = [
        PlaceCase(label: "four equal items fill a square two by two", layout: FlowLayout(), sizes: fourSquares,
                  frames: [rect(0, 0, 12, 12), rect(20, 0, 12, 12), rect(0, 20, 12, 12), rect(20, 20, 12, 12)]),
        // Square √((12 + 4) · (12 + 24) · 4) = 48: three items per row (the third ends at 44).
        PlaceCase(label: "unequal spacing shapes the square and separates rows",
                  layout: FlowLayout(horizontalSpacing: 4, verticalSpacing: 24), sizes: fourSquares,
                  frames: [rect(0, 0, 12, 12), rect(16, 0, 12, 12), rect(32, 0, 12, 12), rect(0, 36, 12, 12)]),
        PlaceCase(label: "an item ending exactly at the width stays in the row", layout: FlowLayout(maxWidth: 32),
                  sizes: Array(fourSquares.prefix(3)),
                  frames: [rect(0, 0, 12, 12), rect(20, 0, 12, 12), rect(0, 20, 12, 12)]),
        PlaceCase(label: "an item passing the width by a fraction wraps", layout: FlowLayout(maxWidth: 31.9),
                  sizes: Array(fourSquares.prefix(3)),
                  frames: [rect(0, 0, 12, 12), rect(0, 20, 12, 12), rect(0, 40, 12, 12)]),
        PlaceCase(label: "the proposal width wraps when there is no max width", layout: FlowLayout(),
                  sizes: fourSquares, proposal: Proposal(width: 30, height: nil),
                  frames: [rect(0, 0, 12, 12), rect(0, 20, 12, 12), rect(0, 40, 12, 12), rect(0, 60, 12, 12)]),
        PlaceCase(label: "a wide max width keeps one row", layout: FlowLayout(maxWidth: 1000),
                  sizes: Array(repeating: size(10, 10), count: 3),
                  frames: [rect(0, 0, 10, 10), rect(18, 0, 10, 10), rect(36, 0, 10, 10)]),
        // Limit max(50, 100) = 100: the wide item cannot follow the first, and nothing can follow it.
        PlaceCase(label: "an oversized item gets a row of its own", layout: FlowLayout(maxWidth: 50),
                  sizes: [size(10, 10), size(100, 10), size(10, 10)],
                  frames: [rect(0, 0, 10, 10), rect(0, 18, 100, 10), rect(0, 36, 10, 10)]),
        PlaceCase(label: "rows after an oversized item fill normally", layout: FlowLayout(maxWidth: 100),
                  sizes: [size(50, 10), size(100, 20), size(30, 10), size(30, 10)],
                  frames: [rect(0, 0, 50, 10), rect(0, 18, 100, 20), rect(0, 46, 30, 10), rect(38, 46, 30, 10)]),
        PlaceCase(label: "custom spacing separates items and rows",
                  layout: FlowLayout(horizontalSpacing: 2, verticalSpacing: 5, maxWidth: 25),
                  sizes: Array(repeating: size(10, 10), count: 3),
                  frames: [rect(0, 0, 10, 10), rect(12, 0, 10, 10), rect(0, 15, 10, 10)]),
        PlaceCase(label: "mixed sizes wrap at the square's side (√1332 ≈ 36.5)", layout: FlowLayout(),
                  sizes: [size(30, 10), size(10, 10), size(10, 10)],
                  frames: [rect(0, 0, 30, 10), rect(0, 18, 10, 10), rect(18, 18, 10, 10)]),
        // Square √(8 · 8 · 4) = 16: items at 0, 8, 16, then the cursor (24) passes it.
        PlaceCase(label: "zero-size items still advance by the spacing", layout: FlowLayout(),
                  sizes: Array(repeating: size(0, 0), count: 4),
                  frames: [rect(0, 0, 0, 0), rect(8, 0, 0, 0), rect(16, 0, 0, 0), rect(0, 8, 0, 0)]),
        PlaceCase(label: "no items give no frames", layout: FlowLayout(), sizes: [], frames: []),
    ]

    @Test("Items fill rows and wrap when the next one would pass the width", arguments: placeCases)
    func placesRows(_ testCase: PlaceCase) throws {
        let frames = try place(testCase.sizes, with: testCase.layout, in: testCase.proposal)
        expectClose(frames, testCase.frames)
    }

    // MARK: Alignment

    // maxWidth 50, items 10 wide: three fit a row (x = 0, 18, 36), the fourth wraps.
    // Row 0: heights 10, 30, 20 → 30 tall. Row 1 at y = 30 + 8 = 38: heights 4, 8 → 8 tall.
    static let alignmentSizes = [size(10, 10), size(10, 30), size(10, 20), size(10, 4), size(10, 8)]

    @Test(
        "Items align top, center or bottom inside their row",
        arguments: [
            (FlowLayout.VerticalAlignment.top, [0.0, 0, 0, 38, 38]),
            (FlowLayout.VerticalAlignment.center, [10.0, 0, 5, 40, 38]),
            (FlowLayout.VerticalAlignment.bottom, [20.0, 0, 10, 42, 38]),
        ]
    )
    func alignment(_ alignment: FlowLayout.VerticalAlignment, expectedY: [Double]) throws {
        let frames = try place(Self.alignmentSizes, with: FlowLayout(alignment: alignment, maxWidth: 50))
        let xs = [0.0, 18, 36, 0, 18]
        let expected = zip(zip(xs, expectedY), Self.alignmentSizes).map { position, itemSize in
            Rect(x: position.0, y: position.1, width: itemSize.width, height: itemSize.height)
        }
        expectClose(frames, expected)
    }

    @Test("A row is as tall as its tallest item, and the next row starts after it plus the spacing")
    func rowHeight() throws {
        let frames = try place([size(10, 40), size(10, 5), size(10, 7)],
                               with: FlowLayout(verticalSpacing: 3, alignment: .top, maxWidth: 28))
        // Row 0: items 0 and 1 (cursor 18 + 10 = 28 fits), 40 tall. Row 1 at 40 + 3.
        expectClose(frames, [rect(0, 0, 10, 40), rect(18, 0, 10, 5), rect(0, 43, 10, 7)])
    }

    // MARK: Through the pipeline

    @Test("A fixed canvas's width less its margins becomes the wrapping width")
    func fixedCanvasWraps() throws {
        // Proposal width 50 − 10 − 10 = 30: each 12-point item passes 30 after the first → one column.
        let options = ResolveOptions(contentSize: .fixed(size(50, 200)),
                                     margins: Insets(top: 0, leading: 10, bottom: 0, trailing: 10),
                                     contentAnchor: .topLeading)
        let result = try resolve(fourSquares, with: FlowLayout(), options)
        expectClose(result.frames, [rect(10, 0, 12, 12), rect(10, 20, 12, 12), rect(10, 40, 12, 12), rect(10, 60, 12, 12)])
        #expect(result.contentSize == size(50, 200))
    }

    @Test("An at-least canvas also offers its width to the flow")
    func atLeastCanvasWraps() throws {
        // Same column, cluster 12 × 72: content max(50, 32) × max(0, 72) = 50 × 72;
        // spare 18 × 0, centered → origin (10 + 9, 0).
        let options = ResolveOptions(contentSize: .atLeast(size(50, 0)),
                                     margins: Insets(top: 0, leading: 10, bottom: 0, trailing: 10))
        let result = try resolve(fourSquares, with: FlowLayout(), options)
        #expect(result.contentSize == size(50, 72))
        expectClose(result.frames, [rect(19, 0, 12, 12), rect(19, 20, 12, 12), rect(19, 40, 12, 12), rect(19, 60, 12, 12)])
    }

    @Test("An explicit max width overrides the canvas and overflows it")
    func maxWidthOverflows() throws {
        // One row 72 wide in 30 points of room: pinned at the left margin, spilling right.
        let options = ResolveOptions(contentSize: .fixed(size(50, 200)),
                                     margins: Insets(top: 0, leading: 10, bottom: 0, trailing: 10),
                                     contentAnchor: .topLeading)
        let result = try resolve(fourSquares, with: FlowLayout(maxWidth: 1000), options)
        expectClose(result.frames, [rect(10, 0, 12, 12), rect(30, 0, 12, 12), rect(50, 0, 12, 12), rect(70, 0, 12, 12)])
        expectClose(result.contentBounds, rect(10, 0, 72, 12))
    }

    @Test("An automatic canvas leaves the flow to its square")
    func automaticCanvasSquare() throws {
        let result = try resolve(fourSquares, with: FlowLayout(), ResolveOptions(margins: Insets(all: 4)))
        expectClose(result.frames, [rect(4, 4, 12, 12), rect(24, 4, 12, 12), rect(4, 24, 12, 12), rect(24, 24, 12, 12)])
        #expect(result.contentSize == size(40, 40))
    }
}
