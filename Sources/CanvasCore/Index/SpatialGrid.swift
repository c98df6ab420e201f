/// The geometry of a spatial index's grid: where it starts, how big its cells
/// are, and how a coordinate maps to a column or a row.
///
/// Cells are laid out row-major: cell `row * columns + column`.
struct SpatialGrid: Sendable {
    /// The top-left corner of the indexed frames' bounding box.
    var minX: Double
    var minY: Double
    /// The far edges of the bounding box (the largest `x + width` and
    /// `y + height`); they may be infinite when a finite frame's far edge
    /// overflows.
    var maxX: Double
    var maxY: Double
    var cellWidth: Double
    var cellHeight: Double
    /// `1 / cellWidth` and `1 / cellHeight`: a multiply is cheaper than a
    /// divide in the hot loops, and just as monotone, which is all the
    /// mapping needs (see `column(of:)`).
    var scaleX: Double
    var scaleY: Double
    var columns: Int
    var rows: Int

    /// A grid with no cells, for an index that holds nothing.
    static let empty = SpatialGrid(
        minX: 0, minY: 0, maxX: 0, maxY: 0,
        cellWidth: 0, cellHeight: 0, scaleX: 0, scaleY: 0, columns: 0, rows: 0
    )

    var cellCount: Int { columns * rows }

    /// The column holding `x`, clamped to the grid.
    ///
    /// Correctness rests on one property: the mapping never decreases as `x`
    /// grows. Every rounding step here (subtract, multiply, truncate, clamp)
    /// is monotone, so if an item's span and a query's span share a point,
    /// their column ranges share that point's column. Exact cell edges do
    /// not matter.
    @inline(__always)
    func column(of x: Double) -> Int {
        Self.slot((x - minX) * scaleX, count: columns)
    }

    /// The row holding `y`, clamped to the grid. See `column(of:)`.
    @inline(__always)
    func row(of y: Double) -> Int {
        Self.slot((y - minY) * scaleY, count: rows)
    }

    @inline(__always)
    static func slot(_ t: Double, count: Int) -> Int {
        // `!(t >= 0)` also catches NaN, so no input can trap the conversion.
        if !(t >= 0) { return 0 }
        if t >= Double(count) { return count - 1 }
        return Int(t)
    }
}

extension SpatialGrid {
    /// The smallest side a cell starts from; below it the per-cell overhead
    /// outweighs the gain from finer culling.
    static let minimumCellSide = 64.0
    /// The largest side a cell starts from; larger items span several cells
    /// instead of making every cell coarse.
    static let maximumCellSide = 2048.0

    /// The most cells a grid over `itemCount` items may have.
    ///
    /// Two per item keeps the offsets table at 8 bytes per item, while a
    /// sparse scene still gets cells about as fine as its spacing; the floor
    /// of 1024 keeps small scenes from collapsing into a handful of cells.
    static func cellLimit(itemCount: Int) -> Int {
        max(1024, 2 * itemCount)
    }

    /// The most (item, cell) entries a grid over `itemCount` items may hold.
    ///
    /// Six per item (24 bytes) keeps the whole index, frames included, within
    /// 64 bytes per item. Typical items cover one to four cells; only a large
    /// share of items far bigger than the cells reaches this, and then the
    /// cells grow instead of the memory.
    static func entryLimit(itemCount: Int) -> Int {
        max(4096, 6 * itemCount)
    }

    /// A grid over the box from (`minX`, `minY`) to (`maxX`, `maxY`) whose
    /// cells start at `cellWidth` × `cellHeight` and double on both sides
    /// until there are at most `cellLimit` of them.
    ///
    /// - Complexity: O(log(extent / cell)) steps of O(1).
    static func fitting(
        minX: Double, minY: Double, maxX: Double, maxY: Double,
        cellWidth: Double, cellHeight: Double, cellLimit: Int
    ) -> SpatialGrid {
        // A far edge may have overflowed to infinity; the largest finite
        // extent sizes the grid just as well, since clamping catches the rest.
        let extentX = Swift.min(maxX - minX, .greatestFiniteMagnitude)
        let extentY = Swift.min(maxY - minY, .greatestFiniteMagnitude)
        // Counted in Double so an absurd extent cannot overflow an Int.
        func slots(_ extent: Double, _ side: Double) -> Double {
            Swift.max(1, roundedUp(extent / side))
        }
        var width = cellWidth
        var height = cellHeight
        // Terminates before the sides overflow: by the time a side nears
        // `greatestFiniteMagnitude`, each axis has at most two slots, and
        // `cellLimit` is at least 1024.
        // Bounded by a count as well: 2100 doublings take any positive side
        // past the largest double, whatever the comparison makes of it.
        var doublings = 0
        while slots(extentX, width) * slots(extentY, height) > Double(cellLimit) && doublings < 2100 {
            width *= 2
            height *= 2
            doublings += 1
        }
        return SpatialGrid(
            minX: minX, minY: minY, maxX: maxX, maxY: maxY,
            cellWidth: width, cellHeight: height,
            scaleX: 1 / width, scaleY: 1 / height,
            columns: Int(slots(extentX, width)), rows: Int(slots(extentY, height))
        )
    }

    /// The same bounds with cells twice as wide and twice as tall.
    func coarsened(cellLimit: Int) -> SpatialGrid {
        Self.fitting(
            minX: minX, minY: minY, maxX: maxX, maxY: maxY,
            cellWidth: cellWidth * 2, cellHeight: cellHeight * 2, cellLimit: cellLimit
        )
    }
}

/// `value` rounded up to a whole number, for `value >= 0`.
///
/// Written out because `rounded(.up)` calls libm's `ceil`, which not every
/// product linking CanvasCore links.
@inline(__always)
func roundedUp(_ value: Double) -> Double {
    // From 2^52 up every Double is already whole (and too big for an Int).
    guard value < 0x1p52 else { return value }
    let whole = Double(Int(value))
    return whole < value ? whole + 1 : whole
}

/// The value that would sit at `rank` if `values` were sorted; `values` is
/// reordered in the process.
///
/// Quickselect with a three-way partition, so runs of equal values (a grid
/// of equally sized items) finish in one pass instead of degrading to
/// quadratic time. Pivots come from a fixed-seed xorshift generator, so
/// results are reproducible and no natural ordering of the input is a
/// worst case.
///
/// - Precondition: `values` holds no NaN and `rank` is a valid index.
/// - Complexity: O(*n*) expected.
func selectValue(atRank rank: Int, in values: inout [Double]) -> Double {
    precondition(values.indices.contains(rank))
    return values.withUnsafeMutableBufferPointer { v in
        var low = 0
        var high = v.count - 1
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        while low < high {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let pivot = v[low + Int(state % UInt64(high - low + 1))]
            // Afterwards: [low, less) < pivot, [less, next) == pivot, (greater, high] > pivot.
            var less = low
            var next = low
            var greater = high
            while next <= greater {
                let value = v[next]
                if value < pivot {
                    v.swapAt(less, next)
                    less += 1
                    next += 1
                } else if value > pivot {
                    v.swapAt(next, greater)
                    greater -= 1
                } else {
                    next += 1
                }
            }
            if rank < less {
                high = less - 1
            } else if rank > greater {
                low = greater + 1
            } else {
                return pivot
            }
        }
        return v[rank]
    }
}
