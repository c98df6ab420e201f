extension DetailPyramid {
    /// A boundary class's mixed cells (those whose small and large items a
    /// query must tell apart one by one) resolved in one sweep of the
    /// class's member grid over the box of those cells, instead of a visit
    /// per level cell: member cells are eight class sizes a side, so where
    /// a level cell is smaller than that, visiting per level cell read each
    /// member cell many times (4 to 64 times zoomed in on mixed sizes, the
    /// cost of a LOD frame there, issue 20).
    struct BoundarySweep {
        /// The box of level cells swept: first row and column, and columns.
        let row0: Int, column0: Int, rows: Int, columns: Int
        /// Per cell of the box: -1 when it was not swept, else twice the
        /// index of its part, plus 1 when it is covered. Four bytes a box
        /// cell: a flag and an aggregate per box cell (65 bytes) were fresh
        /// memory every zoom step, whose page faults were a quarter of a
        /// ctrl-wheel frame on mixed sizes (issue 20).
        var codes: [Int32]
        /// Per swept cell, in the order the cells were given: the aggregate
        /// of its small items (empty unless the cell is covered).
        var parts: [Group]

        /// The small items' aggregate of a swept cell; nil when the cell
        /// was not swept (the caller then visits its members itself).
        @inline(__always)
        func part(row: Int, column: Int) -> Group? {
            let r = row &- row0, c = column &- column0
            guard r >= 0 && r < rows && c >= 0 && c < columns else { return nil }
            let code = codes[r * columns + c]
            return code >= 0 ? parts[Int(code >> 1)] : nil
        }
    }

    /// Sweeps a class's member grid (`members`, of `sizeClass`) for the
    /// level cells in `cells` (row, column) at cells `width` × `height`: each member whose centre is in
    /// one of them is large (appended to `items` when its zoomed frame
    /// meets `rect`) or small (added to its cell's part when the cell is
    /// covered, `inner`). Nil, and nothing appended, when a sweep does not
    /// pay or cannot be exact: fewer than four cells, a box much larger
    /// than the cells, or a box touching the clamped edge cells (whose
    /// squares do not hold their centres).
    /// Inlined into the answer, so that `meets` is
    /// not a call per member (the sweep reads every member of a boundary
    /// class in view: a third of a frame zoomed in on mixed sizes).
    @inline(__always)
    static func sweep(
        _ cells: [(row: Int, column: Int)], members: Members, sizeClass: SizeClass, width: Double, height: Double,
        frames: UnsafeBufferPointer<Rect>, labels: Labels, inner: (Int, Int) -> Bool, bounds: Bounds, meets: (Rect) -> Bool,
        items: inout [Int]
    ) -> BoundarySweep? {
        guard cells.count >= 4 && cells.count < 1 << 30 else { return nil }
        var lowRow = Int.max, highRow = Int.min, lowColumn = Int.max, highColumn = Int.min
        for (row, column) in cells {
            lowRow = Swift.min(lowRow, row)
            highRow = Swift.max(highRow, row)
            lowColumn = Swift.min(lowColumn, column)
            highColumn = Swift.max(highColumn, column)
        }
        let limit = Int(SparseCells<Group>.slotLimit)
        guard lowRow > -limit, highRow < limit, lowColumn > -limit, highColumn < limit else { return nil }
        let rows = highRow - lowRow + 1, columns = highColumn - lowColumn + 1
        guard Double(rows) * Double(columns) <= Double(8 * cells.count + 4096) else { return nil }
        let (classWidth, classHeight) = classSides(sizeClass)
        guard let memberRows = covered(Double(lowRow) * height, Double(highRow + 1) * height, side: classHeight),
              let memberColumns = covered(Double(lowColumn) * width, Double(highColumn + 1) * width, side: classWidth)
        else { return nil }
        var sweep = BoundarySweep(row0: lowRow, column0: lowColumn, rows: rows, columns: columns,
                                  codes: [Int32](repeating: -1, count: rows * columns),
                                  parts: [Group](repeating: Group(), count: cells.count))
        // Whether a cell is covered is asked once per cell, not once per
        // member (`inner` and `isLarge` were calls per member, and the
        // arrays' checks too: issue 20).
        for (index, (row, column)) in cells.enumerated() {
            let slot = (row - lowRow) * columns + (column - lowColumn)
            sweep.codes[slot] = Int32(truncatingIfNeeded: 2 * index + (inner(row, column) ? 1 : 0))
        }
        // Cell sides are powers of two: multiplying by the inverse is the
        // division `cell(of:)` does, exactly.
        let inverseWidth = 1 / width, inverseHeight = 1 / height
        sweep.codes.withUnsafeBufferPointer { codes in
            sweep.parts.withUnsafeMutableBufferPointer { parts in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: gatherRun) { scratch in
                    members.visit(rows: memberRows, columns: memberColumns) { _, _, list in
                        list.withUnsafeBufferPointer { list in
                            forEachGathered(list, frames: frames, scratch: scratch.baseAddress!) { position, frame in
                                let row = Cells.slot((frame.y + frame.height / 2) * inverseHeight)
                                let column = Cells.slot((frame.x + frame.width / 2) * inverseWidth)
                                let r = row &- lowRow, c = column &- lowColumn
                                guard r >= 0 && r < rows && c >= 0 && c < columns else { return }
                                let code = codes[r &* columns &+ c]
                                guard code >= 0 else { return }
                                if bounds.isLarge(frame) {
                                    if meets(frame) { items.append(position) }
                                } else if code & 1 == 1 {
                                    parts[Int(code >> 1)].add(labels(position), frame)
                                }
                            }
                        }
                    }
                }
            }
        }
        return sweep
    }
}

extension DetailPyramid {
    /// How many members' frames `forEachGathered` reads ahead.
    static let gatherRun = 64

    /// Calls `body` with each member of `list` (positions into `frames`) and
    /// its frame. A member cell's items lie anywhere in data order, so each
    /// frame read misses the cache, and a loop that branched on a frame
    /// before reading the next waited on the misses one by one (three
    /// quarters of a boundary sweep, issue 20). The frames are read a run at
    /// a time into `scratch` (room for `gatherRun`) in a loop with no branch
    /// on what they hold, so the loads overlap, and handed out from there.
    @inline(__always)
    static func forEachGathered(
        _ list: UnsafeBufferPointer<UInt32>, frames: UnsafeBufferPointer<Rect>, scratch: UnsafeMutablePointer<Rect>,
        _ body: (Int, Rect) -> Void
    ) {
        var base = 0
        while base < list.count {
            let end = Swift.min(list.count, base + gatherRun)
            for k in base..<end { (scratch + (k &- base)).initialize(to: frames[Int(list[k])]) }
            for k in base..<end { body(Int(list[k]), scratch[k &- base]) }
            base = end
        }
    }
}
