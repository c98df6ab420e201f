/// A uniform grid over a list of frames that answers which frames lie in a
/// rectangle, and which frame is under a point, without scanning them all.
///
/// An item is identified by its frame's position in the array given to
/// `init(frames:)`, its *data order*. Only frames with finite coordinates and
/// a positive width and height are indexed; any other frame is never
/// returned.
///
/// Cells follow the typical item size: each side starts at twice the median
/// width (or height) of the indexed frames (of an even sample of them past
/// 131,072 frames), clamped to 64…2048, so a typical
/// item covers one to four cells. The sides then double together until the
/// grid has at most max(1024, 2 × indexed items) cells, so a sparse scene
/// cannot demand an enormous table, and keep doubling while the (item, cell)
/// entries exceed max(4096, 6 × indexed items), so many huge items cannot
/// either. Together these bound the index, frames included, to about 64
/// bytes per item.
///
/// The cells are stored flat (compressed sparse rows): `cellStart[c]..<
/// cellStart[c + 1]` is the range of `entries` holding cell `c`'s items, each
/// cell's items in ascending order. Two arrays of `UInt32`, whatever the item
/// count, keep the build to a few linear passes and the memory compact.
///
/// The index is a value: build it once for a set of frames and query it
/// from any thread; rebuild it when the frames change.
///
/// - Complexity: Building is O(*n* + *e*), where *n* is the number of frames
///   and *e* the number of (item, cell) entries, at most max(4096, 6*n*).
package struct SpatialIndex: Sendable {
    /// The frames as given: the exact shapes the cells only approximate.
    /// Kept whole, not compacted, so an entry is directly a data-order index
    /// (and so the index shares the caller's storage instead of copying it).
    let frames: [Rect]
    let grid: SpatialGrid
    /// `cellStart[c]..<cellStart[c + 1]` is cell `c`'s range in `entries`;
    /// `cellStart.count == cellCount + 1`, or 0 when nothing is indexed.
    let cellStart: [UInt32]
    /// Item indices, grouped by cell, ascending within each cell. The top
    /// two bits say whether the cell lies past the item's first column
    /// (`laterColumnFlag`) or first row (`laterRowFlag`): a query dedupes an
    /// item spanning several cells with a bit test instead of recomputing
    /// where the item starts, and without loading its frame.
    let entries: [UInt32]
    /// The bounds of each run of `blockSize` consecutive entries
    /// (`blockBounds[b]` covers `entries[b * blockSize ..< (b + 1) *
    /// blockSize]`), kept only when the occupied cells are crowded, so a
    /// query can step over a run whose bounds miss its rectangle. See
    /// `blocks(entries:frames:cellStart:)`.
    let blockBounds: [BlockBounds]

    /// Set on an entry whose cell is not in its item's first column.
    static let laterColumnFlag: UInt32 = 1 << 30
    /// Set on an entry whose cell is not in its item's first row.
    static let laterRowFlag: UInt32 = 1 << 31
    /// The bits of an entry that hold the item index.
    static let indexMask: UInt32 = (1 << 30) - 1

    /// The number of frames that passed the checks and were indexed.
    public let indexedCount: Int

    /// A query falls back to a straight scan of the frames once its cells hold
    /// at least `frames.count / linearScanDivisor` candidates: the scan then
    /// costs at most this many times the candidates, and needs neither
    /// deduplication nor a sort to produce data order. Measured (see
    /// scripts/bench-index), a branch-free scan of *n* frames costs about as
    /// much as *n* / 4 candidates sorted into data order.
    static let linearScanDivisor = 4

    /// Indexes `frames`.
    ///
    /// - Parameter frames: The frames in data order. Frames that are not
    ///   finite, or whose width or height is not positive, are kept out.
    /// - Precondition: `frames.count` fits the 30 index bits of an entry
    ///   (below about 500 million).
    /// - Complexity: O(*n* + *e*); see the type's notes.
    public init(frames: [Rect]) {
        // Also keeps 6 entries per item within the 32-bit offsets.
        precondition(frames.count <= Int(UInt32.max) / 8, "too many frames for a 32-bit spatial index")
        self.frames = frames

        var indexed = 0
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        frames.withUnsafeBufferPointer { frames in
            for frame in frames where Self.isIndexable(frame) {
                indexed += 1
                minX = Swift.min(minX, frame.x)
                minY = Swift.min(minY, frame.y)
                maxX = Swift.max(maxX, frame.x + frame.width)
                maxY = Swift.max(maxY, frame.y + frame.height)
            }
        }
        indexedCount = indexed
        guard indexed > 0 else {
            grid = .empty
            cellStart = []
            entries = []
            blockBounds = []
            return
        }

        let (medianWidth, medianHeight) = Self.typicalSize(of: frames)
        func startingSide(_ median: Double) -> Double {
            Swift.min(Swift.max(2 * median, SpatialGrid.minimumCellSide), SpatialGrid.maximumCellSide)
        }
        let cellLimit = SpatialGrid.cellLimit(itemCount: indexed)
        let entryLimit = SpatialGrid.entryLimit(itemCount: indexed)
        var grid = SpatialGrid.fitting(
            minX: minX, minY: minY, maxX: maxX, maxY: maxY,
            cellWidth: startingSide(medianWidth), cellHeight: startingSide(medianHeight),
            cellLimit: cellLimit
        )
        var cellStart: [UInt32]
        while true {
            if let counts = Self.countEntries(frames, in: grid, limit: entryLimit) {
                cellStart = counts
                break
            }
            // Too many entries: items are large next to the cells. Coarser
            // cells bound the memory; a single cell always fits, since then
            // each item has exactly one entry.
            grid = grid.coarsened(cellLimit: cellLimit)
        }
        self.grid = grid
        entries = Self.fill(&cellStart, from: frames, in: grid)
        self.cellStart = cellStart
        blockBounds = Self.blocks(entries: entries, frames: frames, cellStart: cellStart)
    }

    /// Whether a frame is indexed: finite, with positive area.
    @inline(__always)
    static func isIndexable(_ frame: Rect) -> Bool {
        frame.width > 0 && frame.height > 0 && frame.isFinite
    }

    /// The most sides the typical size is taken from; see `typicalSize(of:)`.
    static let sizeSampleLimit = 1 << 16

    /// The median width and height of the indexable frames (the upper
    /// median for an even count): of every frame in a list shorter than
    /// 2 × `sizeSampleLimit`, of every k-th frame of a longer one (k = count
    /// / `sizeSampleLimit`). The cells only need the typical size, and the
    /// sample keeps the build's scratch under 2 MB at any count, where every
    /// side would be 8 bytes an item (80 MB at ten million).
    static func typicalSize(of frames: [Rect]) -> (width: Double, height: Double) {
        let stride = Swift.max(1, frames.count / sizeSampleLimit)
        var widths: [Double] = []
        var heights: [Double] = []
        widths.reserveCapacity(frames.count / stride + 1)
        heights.reserveCapacity(frames.count / stride + 1)
        frames.withUnsafeBufferPointer { frames in
            for position in Swift.stride(from: 0, to: frames.count, by: stride) where isIndexable(frames[position]) {
                widths.append(frames[position].width)
                heights.append(frames[position].height)
            }
        }
        // A sparse sample can miss every indexable frame: take them all then.
        if widths.isEmpty {
            for frame in frames where isIndexable(frame) {
                widths.append(frame.width)
                heights.append(frame.height)
            }
        }
        return (selectValue(atRank: widths.count / 2, in: &widths), selectValue(atRank: heights.count / 2, in: &heights))
    }

    /// The number of items in each cell, in `cellStart`'s shape with the last
    /// slot zero, or `nil` as soon as the entries would exceed `limit`.
    ///
    /// - Complexity: O(*n* + min(*e*, `limit`) + cells).
    static func countEntries(_ frames: [Rect], in grid: SpatialGrid, limit: Int) -> [UInt32]? {
        var counts = [UInt32].large(count: grid.cellCount + 1) { $0.initialize(repeating: 0) }
        let fits = frames.withUnsafeBufferPointer { frames in
            counts.withUnsafeMutableBufferPointer { counts in
                var total = 0
                for frame in frames where isIndexable(frame) {
                    let firstColumn = grid.column(of: frame.x)
                    let lastColumn = grid.column(of: frame.x + frame.width)
                    let firstRow = grid.row(of: frame.y)
                    let lastRow = grid.row(of: frame.y + frame.height)
                    // Checked before touching the cells, so an oversized
                    // grid is abandoned early rather than counted in full.
                    total += (lastColumn - firstColumn + 1) * (lastRow - firstRow + 1)
                    if total > limit { return false }
                    for row in firstRow...lastRow {
                        let base = row * grid.columns
                        for column in firstColumn...lastColumn {
                            counts[base + column] &+= 1
                        }
                    }
                }
                return true
            }
        }
        return fits ? counts : nil
    }

    /// Turns per-cell counts into offsets and lays out the entries.
    ///
    /// The counts become running totals (each cell's end), and the items are
    /// placed walking backwards, each decrementing its cells' offsets. So
    /// every offset ends at its cell's start, with no second cursor array,
    /// and each cell's items come out in ascending order.
    ///
    /// - Complexity: O(*n* + *e* + cells).
    static func fill(_ cellStart: inout [UInt32], from frames: [Rect], in grid: SpatialGrid) -> [UInt32] {
        var total: UInt32 = 0
        cellStart.withUnsafeMutableBufferPointer { offsets in
            for cell in 0..<(offsets.count - 1) {
                total += offsets[cell]
                offsets[cell] = total
            }
            offsets[offsets.count - 1] = total
        }
        // Written out of order, cell by cell: where huge pages help most.
        return [UInt32].large(count: Int(total)) { entries in
            frames.withUnsafeBufferPointer { frames in
                cellStart.withUnsafeMutableBufferPointer { offsets in
                    var index = frames.count
                    while index > 0 {
                        index -= 1
                        let frame = frames[index]
                        guard isIndexable(frame) else { continue }
                        let firstColumn = grid.column(of: frame.x)
                        let lastColumn = grid.column(of: frame.x + frame.width)
                        let firstRow = grid.row(of: frame.y)
                        let lastRow = grid.row(of: frame.y + frame.height)
                        for row in firstRow...lastRow {
                            let base = row * grid.columns
                            let rowFlag = row == firstRow ? 0 : laterRowFlag
                            for column in firstColumn...lastColumn {
                                let flags = rowFlag | (column == firstColumn ? 0 : laterColumnFlag)
                                offsets[base + column] -= 1
                                entries.initializeElement(at: Int(offsets[base + column]), to: UInt32(index) | flags)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Block bounds: what lets a query step over most of a crowded cell.
///
/// The grid's cells follow the typical item, but only until the cell limit
/// (two per item over the bounding box) coarsens them. Where the items fill
/// little of their bounding box (on a ring, along a few lines, in a few
/// clusters), that leaves the few occupied cells holding hundreds of items,
/// and a small query would check every one of them. Each run of
/// `blockSize` consecutive entries gets the bounds of its items' frames,
/// and a query skips the runs whose bounds miss it. Entries are grouped by
/// cell in data order, and data order usually follows space, so a run's
/// bounds are tight where it matters.
extension SpatialIndex {
    /// The bounds of a run of entries' frames, rounded outwards to `Float`
    /// so they can only over-cover: 16 bytes per `blockSize` entries.
    struct BlockBounds: Sendable {
        var minX: Float
        var minY: Float
        var maxX: Float
        var maxY: Float

        /// False only when no frame inside can share area with `rect`.
        @inline(__always)
        func meets(_ rect: Rect, maxX rectMaxX: Double, maxY rectMaxY: Double) -> Bool {
            Double(minX) < rectMaxX && rect.x < Double(maxX) && Double(minY) < rectMaxY && rect.y < Double(maxY)
        }
    }

    static let blockSize = 32

    /// Blocks are kept when the occupied cells hold more than this many
    /// entries on average; below it a cell is scanned about as fast as its
    /// blocks would be, and the index stays as small as before.
    static let crowdedCell = 32

    /// The bounds of every run of `blockSize` entries, or none when the
    /// occupied cells are not crowded.
    ///
    /// - Complexity: O(*e* + cells).
    static func blocks(entries: [UInt32], frames: [Rect], cellStart: [UInt32]) -> [BlockBounds] {
        var occupied = 0
        for cell in 0..<(cellStart.count - 1) where cellStart[cell] != cellStart[cell + 1] {
            occupied += 1
        }
        guard entries.count > crowdedCell * occupied else { return [] }
        let count = (entries.count + blockSize - 1) / blockSize
        return frames.withUnsafeBufferPointer { frames in
            entries.withUnsafeBufferPointer { entries in
                (0..<count).map { block in
                    var minX = Double.infinity, minY = Double.infinity
                    var maxX = -Double.infinity, maxY = -Double.infinity
                    for slot in (block * blockSize)..<Swift.min((block + 1) * blockSize, entries.count) {
                        let frame = frames[Int(entries[slot] & indexMask)]
                        minX = Swift.min(minX, frame.x)
                        minY = Swift.min(minY, frame.y)
                        maxX = Swift.max(maxX, frame.x + frame.width)
                        maxY = Swift.max(maxY, frame.y + frame.height)
                    }
                    return BlockBounds(minX: below(minX), minY: below(minY), maxX: above(maxX), maxY: above(maxY))
                }
            }
        }
    }

    /// The largest `Float` at or below `value` (-infinity below them all).
    static func below(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) > value ? rounded.nextDown : rounded
    }

    /// The smallest `Float` at or above `value` (+infinity above them all).
    static func above(_ value: Double) -> Float {
        let rounded = Float(value)
        return Double(rounded) < value ? rounded.nextUp : rounded
    }
}

extension SpatialIndex {
    /// An index over no frames.
    public static let empty = SpatialIndex(frames: [])

    /// The number of frames given, indexed or not.
    public var count: Int { frames.count }

    /// The side lengths of a cell, or zero when nothing is indexed.
    public var cellSize: Size { Size(width: grid.cellWidth, height: grid.cellHeight) }

    /// The number of cell columns, or zero when nothing is indexed.
    public var columns: Int { grid.columns }

    /// The number of cell rows, or zero when nothing is indexed.
    public var rows: Int { grid.rows }

    /// The number of (item, cell) entries: an item is listed once per cell
    /// it covers.
    public var entryCount: Int { entries.count }

    /// The bytes the index keeps alive, counting the frames (which it shares
    /// with the array it was built from, when that still exists).
    public var byteCount: Int {
        frames.count * MemoryLayout<Rect>.stride
            + (cellStart.count + entries.count) * MemoryLayout<UInt32>.stride
            + blockBounds.count * MemoryLayout<BlockBounds>.stride
    }
}

extension SpatialIndex {
    /// Returns the indices of the frames that share area with `rect`, each
    /// once, in ascending (data) order.
    ///
    /// Frames that only touch `rect` along an edge or at a corner do not
    /// count, as in `Rect.intersects(_:)`. A rectangle that is not finite or
    /// has no area matches nothing; one reaching past the indexed frames is
    /// clamped to them.
    ///
    /// - Parameter rect: The area to search.
    /// - Returns: Ascending indices into the frames the index was built from.
    /// - Complexity: O(*c* + *m*), where *c* is the number of cells `rect`
    ///   covers and *m* the entries in them, which bound the *k* results.
    ///   Restoring data order costs O(*k* + *r* / 64) for results spanning
    ///   a range *r* of indices up to 64 *k*, else O(*k*) expected (see
    ///   `sortIndices`).
    ///   Once *m* reaches *n* / 4, a scan of all *n* frames replaces the
    ///   cells: still O(*m*), and faster there.
    public func query(_ rect: Rect) -> [Int] {
        guard let span = span(of: rect) else { return [] }
        if let bound = scanBound(span) {
            // One slot past the bound: the scan writes one past the last match.
            return scan(rect, bound: bound)
        }
        // The candidates bound the results, so the results go straight
        // into uninitialized storage, with no per-item capacity checks.
        return gatherIndices(capacity: span.candidates) { buffer in
            collect(rect, span, into: buffer)
        }
    }

    /// `query(_:)` written to `buffer` instead of a new array: the number of
    /// results, which fill `buffer` from its start, or `nil` when `buffer`
    /// is too small for the work (it needs room for every candidate, not
    /// just every result), in which case nothing was written.
    ///
    /// For a caller that has memory at hand, such as the C ABI's output
    /// buffer: a small query then allocates nothing.
    public func query(_ rect: Rect, into buffer: UnsafeMutableBufferPointer<Int>) -> Int? {
        guard let span = span(of: rect) else { return 0 }
        if let bound = scanBound(span) {
            // Rare (a quarter of the entries or more), and the scan of
            // every frame costs far more than copying its results.
            let found = scan(rect, bound: bound)
            guard found.count <= buffer.count else { return nil }
            _ = buffer.update(fromContentsOf: found)
            return found.count
        }
        return buffer.count >= span.candidates ? collect(rect, span, into: buffer) : nil
    }

    /// The cells a query rectangle covers, and how many entries they hold.
    struct Span {
        var columns: ClosedRange<Int>
        var rows: ClosedRange<Int>
        /// Entries in those cells: at least the number of results.
        var candidates: Int
    }

    /// The cells `rect` covers, or `nil` when nothing can match.
    @inline(__always)
    func span(of rect: Rect) -> Span? {
        guard indexedCount > 0, rect.width > 0, rect.height > 0, rect.isFinite else { return nil }
        let rectMaxX = rect.x + rect.width
        let rectMaxY = rect.y + rect.height
        // Outside the bounding box nothing matches, and clamping would
        // otherwise send the rectangle to scan the border cells.
        guard rect.x < grid.maxX, grid.minX < rectMaxX, rect.y < grid.maxY, grid.minY < rectMaxY else {
            return nil
        }
        let firstColumn = grid.column(of: rect.x)
        let lastColumn = grid.column(of: rectMaxX)
        let firstRow = grid.row(of: rect.y)
        let lastRow = grid.row(of: rectMaxY)
        let columns = grid.columns
        // A row's cells are adjacent in `entries`, so counting the
        // candidates costs one subtraction per row.
        let candidates = cellStart.withUnsafeBufferPointer { offsets in
            var candidates = 0
            for row in firstRow...lastRow {
                let base = row * columns
                candidates += Int(offsets[base + lastColumn + 1]) - Int(offsets[base + firstColumn])
            }
            return candidates
        }
        guard candidates > 0 else { return nil }
        return Span(columns: firstColumn...lastColumn, rows: firstRow...lastRow, candidates: candidates)
    }

    /// The most matches a scan can find, when `span` holds enough
    /// candidates that scanning every frame is the faster way; else `nil`.
    @inline(__always)
    func scanBound(_ span: Span) -> Int? {
        span.candidates >= frames.count / Self.linearScanDivisor ? Swift.min(span.candidates, indexedCount) : nil
    }

    /// Writes the items in `rect` from the cells of `span` to `result`, in
    /// data order, and returns how many. `result` must have room for
    /// `span.candidates`.
    @inline(__always)
    func collect(_ rect: Rect, _ span: Span, into result: UnsafeMutableBufferPointer<Int>) -> Int {
        let found = frames.withUnsafeBufferPointer { frames in
            cellStart.withUnsafeBufferPointer { offsets in
                entries.withUnsafeBufferPointer { entries in
                    blockBounds.withUnsafeBufferPointer { blocks in
                        collect(
                            rect, columns: span.columns, rows: span.rows,
                            frames: frames, offsets: offsets, entries: entries, blocks: blocks,
                            into: result
                        )
                    }
                }
            }
        }
        // Each run of cells is ascending; results from several runs may
        // need a sort, which wants their bounds. One branch-free pass finds
        // both.
        var lowest = Int.max
        var highest = -1
        var descents = 0
        var previous = -1
        for slot in 0..<found {
            let index = result[slot]
            lowest = Swift.min(lowest, index)
            highest = Swift.max(highest, index)
            descents |= index < previous ? 1 : 0
            previous = index
        }
        if descents != 0 {
            sortIndices(UnsafeMutableBufferPointer(rebasing: result[..<found]), lowest: lowest, highest: highest)
        }
        return found
    }

    /// Writes the items in `rect` from the cells in `columns` × `rows`, each
    /// once, to `result`, and returns how many. `result` must have room for
    /// every entry in those cells.
    ///
    /// An item spanning several cells is reported only from the cell holding
    /// the top-left corner of item ∩ rect: column max(item's first column,
    /// first query column), and likewise for rows. So past the first query
    /// column (row), an entry counts only in its item's first column (row).
    ///
    /// The cells of a row sit side by side in `entries`, so a row takes at
    /// most three runs, not one loop per cell: its first cell, where entries
    /// from earlier columns count; the cells between, whose items in an
    /// inner row all meet `rect`; and its last cell. Fewer, longer loops
    /// mean fewer mispredicted loop exits, which at a few entries a cell
    /// cost more than the entries.
    ///
    /// A function rather than a closure, so the mutable state is plain
    /// locals, free of per-element exclusivity checks.
    @inline(__always)
    func collect(
        _ rect: Rect, columns: ClosedRange<Int>, rows: ClosedRange<Int>,
        frames: UnsafeBufferPointer<Rect>, offsets: UnsafeBufferPointer<UInt32>,
        entries: UnsafeBufferPointer<UInt32>, blocks: UnsafeBufferPointer<BlockBounds>,
        into result: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        let width = grid.columns
        let rectMaxX = rect.x + rect.width
        let rectMaxY = rect.y + rect.height
        let first = columns.lowerBound
        let last = columns.upperBound
        var count = 0

        /// Keeps the entries in `slots` that `skip` lets through and whose
        /// frames meet `rect`.
        ///
        /// Branch-free: where data order does not follow space, whether an
        /// entry counts is as good as random, so every index is written and
        /// the count advances only on a match. A skipped entry's frame is
        /// tested too; its item reaches into an earlier cell of this query,
        /// where its frame was usually loaded already.
        @inline(__always)
        func keepMeeting(_ slots: Range<Int>, skip: UInt32) {
            for slot in slots {
                let entry = entries[slot]
                let index = Int(entry & Self.indexMask)
                let frame = frames[index]
                let meets = all(
                    SIMD4(frame.x, rect.x, frame.y, rect.y)
                        .< SIMD4(rectMaxX, frame.x + frame.width, rectMaxY, frame.y + frame.height)
                )
                result[count] = index
                count += (entry & skip == 0 ? 1 : 0) & (meets ? 1 : 0)
            }
        }

        /// `keepMeeting`, stepping over the runs of entries whose block
        /// bounds miss `rect`. A block is tested even where `slots` holds
        /// only part of it: its bounds cover all its entries, so they cover
        /// any part.
        ///
        /// Blocks are kept where cells are crowded, which is where items
        /// follow a line or a cluster in data order; there a block that
        /// meets `rect` mostly meets it in one stretch, the branches
        /// predict well, and skipping a frame is cheaper than testing it.
        @inline(__always)
        func keepMeetingByBlocks(_ slots: Range<Int>, skip: UInt32) {
            guard !blocks.isEmpty else { return keepMeeting(slots, skip: skip) }
            var slot = slots.lowerBound
            while slot < slots.upperBound {
                let block = slot / Self.blockSize
                let end = Swift.min((block + 1) * Self.blockSize, slots.upperBound)
                if blocks[block].meets(rect, maxX: rectMaxX, maxY: rectMaxY) {
                    for slot in slot..<end where entries[slot] & skip == 0 {
                        let index = Int(entries[slot] & Self.indexMask)
                        if frames[index].intersects(rect) {
                            result[count] = index
                            count += 1
                        }
                    }
                }
                slot = end
            }
        }

        for row in rows {
            let base = row * width
            let rowFlag = row == rows.lowerBound ? 0 : Self.laterRowFlag
            let cellEnd = { (column: Int) in Int(offsets[base + column + 1]) }
            keepMeetingByBlocks(Int(offsets[base + first])..<cellEnd(first), skip: rowFlag)
            guard last > first else { continue }
            let skip = rowFlag | Self.laterColumnFlag
            if row == rows.lowerBound || row == rows.upperBound {
                keepMeetingByBlocks(cellEnd(first)..<cellEnd(last), skip: skip)
                continue
            }
            // An inner cell's items all meet `rect`: such an item spans past
            // the columns (rows) of rect's left and right (top and bottom)
            // edges, and the mapping is monotone. So no frame is loaded;
            // and as `skip` holds both flags, a kept entry is a bare index.
            // Branch-free, as above.
            for slot in cellEnd(first)..<cellEnd(last - 1) {
                let entry = entries[slot]
                result[count] = Int(entry)
                count += entry & skip == 0 ? 1 : 0
            }
            keepMeetingByBlocks(cellEnd(last - 1)..<cellEnd(last), skip: skip)
        }
        return count
    }

    /// `query(_:)` by checking every frame; already in data order.
    ///
    /// Branch-free, since when a large share of frames match, in no pattern
    /// the data order shows, a branch per frame would mispredict often: the
    /// eight comparisons run as one vector compare, every index is written,
    /// and the count advances only on a match. (Written as `+=`, not `&+=`:
    /// with the overflow check, the compiler keeps the count branch-free.)
    ///
    /// - Parameter bound: At least the number of matches.
    /// - Complexity: O(*n*).
    func scan(_ rect: Rect, bound: Int) -> [Int] {
        let rectMaxX = rect.x + rect.width
        let rectMaxY = rect.y + rect.height
        // One slot past the bound: the write after the last match lands there.
        return [Int](uninitializedCapacity: bound + 1) { result, initialized in
            var count = 0
            frames.withUnsafeBufferPointer { frames in
                for index in frames.indices {
                    let frame = frames[index]
                    result[count] = index
                    // `intersects(rect)`, then `isIndexable` reduced to the
                    // sides: an infinite or NaN x or y already fails the
                    // comparisons with a finite `rect`.
                    let low = SIMD8(
                        frame.x, rect.x, frame.y, rect.y,
                        0, 0, frame.width, frame.height
                    )
                    let high = SIMD8(
                        rectMaxX, frame.x + frame.width, rectMaxY, frame.y + frame.height,
                        frame.width, frame.height, .infinity, .infinity
                    )
                    count += all(low .< high) ? 1 : 0
                }
            }
            initialized = count
        }
    }

    /// Returns the index of the frame under `point`, the last in data order
    /// where frames overlap, or `nil` when there is none.
    ///
    /// A frame holds its top and left edges but not its bottom and right
    /// ones, as in `Rect.contains(_:)`. The last frame wins because later
    /// items draw on top of earlier ones.
    ///
    /// - Parameter point: The point to test; a point that is not finite
    ///   hits nothing.
    /// - Complexity: O(*m*), where *m* is the number of items in the cell
    ///   under `point`.
    public func item(at point: Point) -> Int? {
        guard indexedCount > 0, point.isFinite,
              point.x >= grid.minX, point.x < grid.maxX,
              point.y >= grid.minY, point.y < grid.maxY
        else { return nil }
        let cell = grid.row(of: point.y) * grid.columns + grid.column(of: point.x)
        return frames.withUnsafeBufferPointer { frames in
            cellStart.withUnsafeBufferPointer { offsets in
                entries.withUnsafeBufferPointer { entries in
                    // Entries ascend, so walking back finds the last first.
                    var slot = Int(offsets[cell + 1])
                    let start = Int(offsets[cell])
                    while slot > start {
                        slot -= 1
                        let index = Int(entries[slot] & Self.indexMask)
                        if frames[index].contains(point) { return index }
                    }
                    return nil
                }
            }
        }
    }
}

/// Answers without an index. Building one costs about thirty scans at a
/// million frames, so a single question about new frames (a host that lays
/// out and looks once) is cheaper answered by a scan; the engine builds the
/// index when a second question comes.
extension SpatialIndex {
    /// `query(_:)` over `frames`, by checking every one.
    /// - Complexity: O(*n*).
    public static func scan(_ frames: [Rect], for rect: Rect) -> [Int] {
        guard !frames.isEmpty, rect.width > 0, rect.height > 0, rect.isFinite else { return [] }
        return SpatialIndex(scanning: frames).scan(rect, bound: frames.count)
    }

    /// `item(at:)` over `frames`, by checking every one, the last first.
    /// - Complexity: O(*n*).
    public static func item(at point: Point, scanning frames: [Rect]) -> Int? {
        guard point.isFinite else { return nil }
        return frames.lastIndex { isIndexable($0) && $0.contains(point) }
    }

    /// Frames without cells, for `scan(_:bound:)`, which reads nothing else.
    private init(scanning frames: [Rect]) {
        self.frames = frames
        grid = .empty
        cellStart = []
        entries = []
        blockBounds = []
        indexedCount = frames.count
    }
}

/// The first `body(buffer)` of `capacity` indices that `body` writes to
/// `buffer`, as an array.
///
/// A few hundred are gathered in scratch memory (on the stack when they
/// fit) and copied out exactly sized: `Array(unsafeUninitializedCapacity:)`
/// allocates through an unspecialized runtime entry point that looks up
/// generic metadata, under a lock, which costs a small query more than the
/// copy. More are written in place, where that lookup is nothing beside
/// the results and a copy would not be.
@inline(__always)
func gatherIndices(capacity: Int, _ body: (UnsafeMutableBufferPointer<Int>) -> Int) -> [Int] {
    if capacity <= 512 {
        return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { buffer in
            Array(UnsafeBufferPointer(rebasing: buffer[..<body(buffer)]))
        }
    }
    var result = [Int](uninitializedCapacity: capacity) { buffer, initialized in
        initialized = body(buffer)
    }
    // Don't hand back a large allocation that is mostly empty.
    if capacity - result.count > 1024 {
        result = Array(result)
    }
    return result
}

/// Sorts `values`, distinct non-negative indices, ascending.
///
/// A query's results come cell by cell, so they arrive in spatial, not data,
/// order. Where data order follows space (a flow, a grid, a ring, anything
/// laid out in reading order), a screenful of results spans a narrow range
/// of indices, and a bitmap over that range sorts them in one pass each way.
/// Where it does not, the results are spread thinly over a wide range, and
/// one pass into about *k* buckets by their high bits leaves only
/// neighbours to order; past a couple of thousand results an LSD radix sort
/// does better. A tiny result falls back to insertion sort.
///
/// - Complexity: O(*k* + *r* / 64) with the bitmap, where *k* is
///   `values.count` and *r* the range of the values; O(*k*) expected with
///   the buckets, and O(*k* · ⌈log₂ *r* / log₂ *k*⌉) at worst.
func sortIndices(_ values: UnsafeMutableBufferPointer<Int>) {
    var lowest = Int.max
    var highest = -1
    for value in values {
        lowest = Swift.min(lowest, value)
        highest = Swift.max(highest, value)
    }
    sortIndices(values, lowest: lowest, highest: highest)
}

/// `sortIndices(_:)` for a caller that already knows the smallest and
/// largest value, as a query does from gathering them.
func sortIndices(_ values: UnsafeMutableBufferPointer<Int>, lowest: Int, highest: Int) {
    let count = values.count
    if count <= 32 {
        for next in values.indices.dropFirst() {
            let value = values[next]
            var slot = next
            while slot > 0 && values[slot - 1] > value {
                values[slot] = values[slot - 1]
                slot -= 1
            }
            values[slot] = value
        }
        return
    }
    let span = highest - lowest + 1
    // Setting and reading back a bit costs about what one radix pass costs
    // a value, and each 64-bit word of the bitmap about what a value does:
    // so the bitmap wins while it has no more words than there are values.
    if span <= 64 * count {
        sortByBitmap(values, lowest: lowest, span: span)
    } else if count < 2048 {
        sortByBuckets(values, lowest: lowest, span: span)
    } else {
        // Past a couple of thousand values the bucket table outgrows the
        // cache, and the radix sort's small digit tables win (measured).
        radixSort(values, lowest: lowest, span: span)
    }
}

/// `sortIndices` for distinct values in `lowest..<lowest + span`: one bit
/// per possible value, then the set bits read back in order.
private func sortByBitmap(_ values: UnsafeMutableBufferPointer<Int>, lowest: Int, span: Int) {
    let words = (span + 63) / 64
    withUnsafeTemporaryAllocation(of: UInt64.self, capacity: words) { bits in
        bits.initialize(repeating: 0)
        for value in values {
            let offset = value - lowest
            bits[offset >> 6] |= 1 << UInt64(offset & 63)
        }
        var next = 0
        for word in 0..<words {
            var remaining = bits[word]
            while remaining != 0 {
                values[next] = lowest + (word << 6) + remaining.trailingZeroBitCount
                next += 1
                remaining &= remaining - 1
            }
        }
    }
}

/// `sortIndices` for values spread over a wide range `lowest..<lowest +
/// span`: one pass drops each into one of at least `count` buckets by its
/// high bits, which leaves them in order but for values sharing a bucket,
/// and an insertion sort finishes, moving each only past its bucket's few
/// others. When the values cluster and a bucket is crowded, the radix sort
/// takes over instead, so the insertion sort can never go quadratic.
///
/// At a few hundred values (a viewport's worth) the fixed costs count as
/// much as the passes: so the tables are scratch memory (on the stack when
/// they fit), the bucket starts 16-bit (`sortIndices` sends fewer than
/// 2048 values here), and the arithmetic unchecked (every value lies in the
/// range).
private func sortByBuckets(_ values: UnsafeMutableBufferPointer<Int>, lowest: Int, span: Int) {
    let count = values.count
    precondition(count < 1 << 16)
    let keyBits = Int.bitWidth - Swift.max(span - 1, 1).leadingZeroBitCount
    let bucketBits = Swift.min(Int.bitWidth - count.leadingZeroBitCount, keyBits)
    let shift = keyBits - bucketBits
    let sorted = withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 1 << bucketBits) { starts in
        starts.initialize(repeating: 0)
        for value in values {
            starts[(value &- lowest) &>> shift] &+= 1
        }
        var start: UInt16 = 0
        var crowded: UInt16 = 0
        for bucket in starts.indices {
            let size = starts[bucket]
            starts[bucket] = start
            start &+= size
            crowded = Swift.max(crowded, size)
        }
        guard crowded <= 16 else { return false }
        withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { scratch in
            for value in values {
                let bucket = (value &- lowest) &>> shift
                scratch[Int(starts[bucket])] = value
                starts[bucket] &+= 1
            }
            for next in 0..<count {
                let value = scratch[next]
                var slot = next
                while slot > 0 && values[slot &- 1] > value {
                    values[slot] = values[slot &- 1]
                    slot &-= 1
                }
                values[slot] = value
            }
        }
        return true
    }
    if !sorted {
        radixSort(values, lowest: lowest, span: span)
    }
}

/// `sortIndices` for values in `lowest..<lowest + span`: LSD radix on the
/// offsets from `lowest`.
private func radixSort(_ values: UnsafeMutableBufferPointer<Int>, lowest: Int, span: Int) {
    let count = values.count
    let keyBits = Int.bitWidth - Swift.max(span - 1, 1).leadingZeroBitCount
    // About log₂(count) bits a digit, 4…11: more buckets than values would
    // cost more to clear than they save in passes.
    let preferredBits = Swift.min(Swift.max(Int.bitWidth - count.leadingZeroBitCount, 4), 11)
    let passes = (keyBits + preferredBits - 1) / preferredBits
    let digitBits = (keyBits + passes - 1) / passes
    let digitMask = (1 << digitBits) - 1

    let scratch = UnsafeMutableBufferPointer<Int>.allocate(capacity: count)
    defer { scratch.deallocate() }
    let buckets = UnsafeMutableBufferPointer<Int>.allocate(capacity: digitMask + 1)
    defer { buckets.deallocate() }
    var source = values
    var target = scratch
    var shift = 0
    for _ in 0..<passes {
        buckets.initialize(repeating: 0)
        for value in source {
            buckets[((value - lowest) >> shift) & digitMask] += 1
        }
        var start = 0
        for digit in buckets.indices {
            let size = buckets[digit]
            buckets[digit] = start
            start += size
        }
        for value in source {
            let digit = ((value - lowest) >> shift) & digitMask
            target[buckets[digit]] = value
            buckets[digit] += 1
        }
        swap(&source, &target)
        shift += digitBits
    }
    if source.baseAddress != values.baseAddress {
        _ = values.update(fromContentsOf: source)
    }
}
