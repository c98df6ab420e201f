/// Items in a fixed number of columns, filled row by row. Each column is as
/// wide as its widest item and each row as tall as its tallest, and items
/// sit inside their cell at `alignment`. The proposal is ignored: the
/// column count alone decides the shape.
public struct GridLayout: CanvasLayout, Hashable, Sendable {
    /// Columns; anything below 1 counts as 1.
    public var columns: Int
    public var horizontalSpacing: Double
    public var verticalSpacing: Double
    public var alignment: UnitPoint

    public init(
        columns: Int,
        horizontalSpacing: Double = 8,
        verticalSpacing: Double = 8,
        alignment: UnitPoint = .center
    ) {
        self.columns = columns
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.alignment = alignment
    }

    /// The column count actually used.
    public var effectiveColumns: Int { max(1, columns) }

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        switch items.sizes.storage {
        case .uniform(let size, let count): place(repeatElement(size, count: count))
        case .each(let sizes): sizes.withUnsafeBufferPointer { place($0) }
        }
    }

    func place<Sizes: RandomAccessCollection<Size>>(_ sizes: Sizes) -> [Rect] where Sizes.Index == Int {
        let columnCount = min(effectiveColumns, max(sizes.count, 1))
        let rowCount = (sizes.count + columnCount - 1) / columnCount

        var columnWidths = [Double](repeating: 0, count: columnCount)
        var rowHeights = [Double](repeating: 0, count: rowCount)
        for (index, size) in sizes.enumerated() {
            let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
            columnWidths[column] = max(columnWidths[column], size.width)
            rowHeights[row] = max(rowHeights[row], size.height)
        }

        var columnX = [Double](repeating: 0, count: columnCount)
        for column in columnWidths.indices.dropFirst() {
            columnX[column] = columnX[column - 1] + columnWidths[column - 1] + horizontalSpacing
        }
        var rowY = [Double](repeating: 0, count: rowCount)
        for row in rowHeights.indices.dropFirst() {
            rowY[row] = rowY[row - 1] + rowHeights[row - 1] + verticalSpacing
        }

        let first = sizes.startIndex
        return [Rect].large(count: sizes.count) { frames in
            for index in frames.indices {
                let size = sizes[first + index]
                let (row, column) = index.quotientAndRemainder(dividingBy: columnCount)
                frames.initializeElement(at: index, to: Rect(
                    x: columnX[column] + (columnWidths[column] - size.width) * alignment.x,
                    y: rowY[row] + (rowHeights[row] - size.height) * alignment.y,
                    width: size.width,
                    height: size.height
                ))
            }
        }
    }
}
