/// Items in reading order, left to right, wrapping into rows.
///
/// The wrapping width is the explicit `maxWidth` when set, otherwise the
/// proposal's width, otherwise the side of a square holding every item, so
/// an unconstrained canvas comes out roughly square instead of as one long
/// row. It is never less than the widest item, and an item that would pass
/// it starts a new row, so an oversized item gets a row of its own.
public struct FlowLayout: CanvasLayout, Hashable, Sendable {
    public enum VerticalAlignment: Sendable {
        case top, center, bottom

        var fraction: Double {
            switch self {
            case .top: 0
            case .center: 0.5
            case .bottom: 1
            }
        }
    }

    public var horizontalSpacing: Double
    public var verticalSpacing: Double
    public var alignment: VerticalAlignment
    /// The widest a row may grow; `nil` lets the proposal or a square decide.
    public var maxWidth: Double?

    public init(
        horizontalSpacing: Double = 8,
        verticalSpacing: Double = 8,
        alignment: VerticalAlignment = .center,
        maxWidth: Double? = nil
    ) {
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.alignment = alignment
        self.maxWidth = maxWidth
    }

    /// The width rows wrap at for these items and this proposal.
    public func wrappingWidth(_ items: LayoutItems, in proposal: Proposal) -> Double {
        switch items.sizes.storage {
        case .uniform(let size, let count): wrappingWidth(repeatElement(size, count: count), in: proposal)
        case .each(let sizes): sizes.withUnsafeBufferPointer { wrappingWidth($0, in: proposal) }
        }
    }

    public func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        // Generic over the sizes' storage, so each kind gets its own
        // specialized loop: a buffer, or one size repeated (nothing to load).
        switch items.sizes.storage {
        case .uniform(let size, let count): place(repeatElement(size, count: count), in: proposal)
        case .each(let sizes): sizes.withUnsafeBufferPointer { place($0, in: proposal) }
        }
    }

    func wrappingWidth<Sizes: RandomAccessCollection<Size>>(_ sizes: Sizes, in proposal: Proposal) -> Double {
        var widest = 0.0
        var area = 0.0
        // Summed item by item even for one size, so a list of equal sizes
        // wraps exactly where the same sizes given one by one would.
        for size in sizes {
            widest = max(widest, size.width)
            area += (size.width + horizontalSpacing) * (size.height + verticalSpacing)
        }
        if let maxWidth {
            return max(maxWidth, widest)
        }
        if let width = proposal.width, width > 0 {
            return max(width, widest)
        }
        return max(area.squareRoot(), widest)
    }

    func place<Sizes: RandomAccessCollection<Size>>(_ sizes: Sizes, in proposal: Proposal) -> [Rect] where Sizes.Index == Int {
        let limit = wrappingWidth(sizes, in: proposal)
        let count = sizes.count
        let first = sizes.startIndex
        return [Rect].large(count: count) { frames in
            var rowStart = 0       // index of the row's first item
            var rowY = 0.0         // top of the current row
            var rowHeight = 0.0    // tallest item so far in the row
            var cursorX = 0.0      // where the next item in the row would start

            func closeRow(upTo end: Int) {
                // Items were placed at the row's top; align them now that its height is known.
                if alignment != .top {
                    for index in rowStart..<end {
                        frames[index].y = rowY + (rowHeight - frames[index].height) * alignment.fraction
                    }
                }
                rowY += rowHeight + verticalSpacing
                rowStart = end
                rowHeight = 0
                cursorX = 0
            }

            for index in 0..<count {
                let size = sizes[first + index]
                if index > rowStart && cursorX + size.width > limit {
                    closeRow(upTo: index)
                }
                frames.initializeElement(at: index, to: Rect(x: cursorX, y: rowY, width: size.width, height: size.height))
                rowHeight = max(rowHeight, size.height)
                cursorX += size.width + horizontalSpacing
            }
            if rowStart < count {
                closeRow(upTo: count)
            }
        }
    }
}
