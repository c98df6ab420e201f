import CanvasCore
import Testing

// GridLayout: a fixed number of columns, filled row by row.
//
// The reference grid: two columns, five items.
//
//     item 0 (10 × 20)   item 1 (30 × 10)      column widths: 20, 30
//     item 2 (20 × 5)    item 3 (5 × 15)       row heights:   20, 15, 8
//     item 4 (8 × 8)
//
// With the default 8-point spacing the columns start at x = 0 and 28, the
// rows at y = 0, 28 and 51.

private let referenceSizes = [size(10, 20), size(30, 10), size(20, 5), size(5, 15), size(8, 8)]

@Suite("Grid layout")
struct GridLayoutTests {
    @Test("Defaults are 8-point spacing and centered cells")
    func defaults() {
        let grid = GridLayout(columns: 3)
        #expect(grid.columns == 3)
        #expect(grid.horizontalSpacing == 8)
        #expect(grid.verticalSpacing == 8)
        #expect(grid.alignment == .center)
    }

    @Test(
        "The column count is clamped to at least one",
        arguments: [(3, 3), (1, 1), (0, 1), (-1, 1), (-4, 1), (Int.min, 1)]
    )
    func effectiveColumns(columns: Int, expected: Int) {
        #expect(GridLayout(columns: columns).effectiveColumns == expected)
    }

    @Test("Zero or negative columns stack every item in one column", arguments: [0, -3])
    func clampedColumnsPlaceOneColumn(columns: Int) throws {
        // One column 20 wide; rows 10 and 5 tall; centered horizontally.
        let frames = try place([size(10, 10), size(20, 5)], with: GridLayout(columns: columns))
        expectClose(frames, [rect(5, 0, 10, 10), rect(0, 18, 20, 5)])
    }

    struct AlignmentCase: Sendable, CustomTestStringConvertible {
        var label: String
        var alignment: UnitPoint
        var frames: [Rect]
        var testDescription: String { label }
    }

    // x = column start + (column width − item width) · ax; y likewise with rows.
    static let alignmentCases: [AlignmentCase] = [
        AlignmentCase(label: "center", alignment: .center, frames: [
            rect(5, 0, 10, 20), rect(28, 5, 30, 10),
            rect(0, 33, 20, 5), rect(40.5, 28, 5, 15),
            rect(6, 51, 8, 8),
        ]),
        AlignmentCase(label: "top leading", alignment: .topLeading, frames: [
            rect(0, 0, 10, 20), rect(28, 0, 30, 10),
            rect(0, 28, 20, 5), rect(28, 28, 5, 15),
            rect(0, 51, 8, 8),
        ]),
        AlignmentCase(label: "bottom trailing", alignment: .bottomTrailing, frames: [
            rect(10, 0, 10, 20), rect(28, 10, 30, 10),
            rect(0, 38, 20, 5), rect(53, 28, 5, 15),
            rect(12, 51, 8, 8),
        ]),
        AlignmentCase(label: "arbitrary (0.25, 0.75)", alignment: UnitPoint(x: 0.25, y: 0.75), frames: [
            rect(2.5, 0, 10, 20), rect(28, 7.5, 30, 10),
            rect(0, 35.5, 20, 5), rect(34.25, 28, 5, 15),
            rect(3, 51, 8, 8),
        ]),
    ]

    @Test("Columns are as wide as their widest item, rows as tall as their tallest, items aligned in their cell",
          arguments: alignmentCases)
    func referenceGrid(_ testCase: AlignmentCase) throws {
        let frames = try place(referenceSizes, with: GridLayout(columns: 2, alignment: testCase.alignment))
        expectClose(frames, testCase.frames)
    }

    @Test("Spacing separates columns and rows")
    func customSpacing() throws {
        let grid = GridLayout(columns: 2, horizontalSpacing: 3, verticalSpacing: 4)
        let frames = try place(Array(repeating: size(10, 10), count: 4), with: grid)
        expectClose(frames, [rect(0, 0, 10, 10), rect(13, 0, 10, 10), rect(0, 14, 10, 10), rect(13, 14, 10, 10)])
    }

    @Test("Zero spacing packs cells edge to edge")
    func zeroSpacing() throws {
        let grid = GridLayout(columns: 3, horizontalSpacing: 0, verticalSpacing: 0, alignment: .topLeading)
        let frames = try place([size(1, 2), size(3, 4), size(5, 6), size(7, 8)], with: grid)
        // Columns 7, 3, 5 wide at x = 0, 7, 10; rows 6 and 8 tall at y = 0, 6.
        expectClose(frames, [rect(0, 0, 1, 2), rect(7, 0, 3, 4), rect(10, 0, 5, 6), rect(0, 6, 7, 8)])
    }

    @Test("More columns than items make a single row")
    func moreColumnsThanItems() throws {
        let frames = try place([size(10, 10), size(20, 20)], with: GridLayout(columns: 5))
        expectClose(frames, [rect(0, 5, 10, 10), rect(18, 0, 20, 20)])
    }

    @Test(
        "The proposal is ignored",
        arguments: [
            Proposal.unspecified,
            Proposal(width: 5, height: 5),
            Proposal(width: 1000, height: nil),
            Proposal(width: nil, height: 1000),
            Proposal(width: 0, height: 0),
        ]
    )
    func ignoresProposal(_ proposal: Proposal) throws {
        let frames = try place(referenceSizes, with: GridLayout(columns: 2), in: proposal)
        expectClose(frames, Self.alignmentCases[0].frames)
    }

    @Test("A fixed canvas does not change the grid's shape")
    func fixedCanvasKeepsShape() throws {
        // Cluster 58 × 59 on a 20 × 20 canvas: pinned at the top-left, overflowing.
        let options = ResolveOptions(contentSize: .fixed(size(20, 20)))
        let result = try resolve(referenceSizes, with: GridLayout(columns: 2), options)
        expectClose(result.frames, Self.alignmentCases[0].frames)
        expectClose(result.contentBounds, rect(0, 0, 58, 59))
        #expect(result.contentSize == size(20, 20))
    }
}
