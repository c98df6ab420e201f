extension DetailPyramid {
    /// Bins items into one level's grids for some classes: a dense grid per
    /// class over the centres' bounds where that is not much larger than
    /// the class (else a sparse one), and consecutive items in the same cell
    /// of the same class summed in registers before they touch either.
    struct LevelBuilder {
        let inverseWidth: Double, inverseHeight: Double
        let row0: Int, column0: Int, rows: Int, columns: Int
        let classes: [Int]
        /// Per class id: whether it is built, and its dense grid's offset in `scratch` (-1: sparse).
        var included: [Bool]
        var denseBase: [Int]
        var scratch: [Group]
        var sparse: [Int: Cells] = [:]
        var run = Group(), runID = -1, runRow = 0, runColumn = 0

        init(key: LevelKey, classes: [Int], counts: [Int], total: Int, centres: CentreBounds) {
            let width = DetailPyramid.power(key.x), height = DetailPyramid.power(key.y)
            inverseWidth = 1 / width
            inverseHeight = 1 / height
            self.classes = classes
            included = [Bool](repeating: false, count: counts.count)
            denseBase = [Int](repeating: -1, count: counts.count)
            for id in classes { included[id] = true }
            let low = DetailPyramid.cell(of: Rect(x: centres.minX, y: centres.minY, width: 0, height: 0), width: width, height: height)
            let high = DetailPyramid.cell(of: Rect(x: centres.maxX, y: centres.maxY, width: 0, height: 0), width: width, height: height)
            row0 = low.row
            column0 = low.column
            rows = Swift.max(0, high.row - low.row + 1)
            columns = Swift.max(0, high.column - low.column + 1)
            // Dense for the largest classes while the grid is not much larger
            // than the class and all of them stay within a budget.
            let cells = Double(rows) * Double(columns)
            var used = 0
            let budget = Swift.max(1 << 16, 2 * total)
            for id in classes.sorted(by: { counts[$0] > counts[$1] })
            where cells <= Double(4 * counts[id] + 1024) && Double(used) + cells <= Double(budget) {
                denseBase[id] = used
                used += rows * columns
            }
            scratch = [Group](repeating: Group(), count: used)
        }

        @inline(__always)
        func includes(_ id: Int) -> Bool { id < included.count && included[id] }

        /// Adds one item of class `id`.
        @inline(__always)
        mutating func add(_ position: Int, _ frame: Rect, _ id: Int) {
            let row = Cells.slot((frame.y + frame.height / 2) * inverseHeight)
            let column = Cells.slot((frame.x + frame.width / 2) * inverseWidth)
            if id == runID && row == runRow && column == runColumn {
                run.add(position, frame)
                return
            }
            flush()
            run = Group()
            run.add(position, frame)
            runID = id
            runRow = row
            runColumn = column
        }

        private mutating func flush() {
            guard runID >= 0 else { return }
            let base = denseBase[runID]
            let r = runRow - row0, c = runColumn - column0
            if base >= 0 && r >= 0 && r < rows && c >= 0 && c < columns {
                scratch[base + r * columns + c].merge(run)
            } else {
                let group = run
                sparse[runID, default: Cells()].update(row: runRow, column: runColumn, make: { Group() }, isEmpty: { $0.count == 0 }) {
                    $0.merge(group)
                }
            }
            runID = -1
        }

        /// The grids, by class id.
        mutating func finish() -> [(Int, Cells)] {
            flush()
            var result: [(Int, Cells)] = []
            for id in classes {
                var cells = sparse.removeValue(forKey: id) ?? Cells()
                let base = denseBase[id]
                if base >= 0 {
                    let spill = cells.cellCount > 0
                    for r in 0..<rows {
                        var rowColumns: [Int] = [], rowGroups: [Group] = []
                        let start = base + r * columns
                        for c in 0..<columns where scratch[start + c].count > 0 {
                            rowColumns.append(column0 + c)
                            rowGroups.append(scratch[start + c])
                        }
                        if !spill {
                            cells.setRow(row0 + r, columns: rowColumns, payloads: rowGroups)
                        } else {
                            for (column, group) in zip(rowColumns, rowGroups) {
                                cells.update(row: row0 + r, column: column, make: { Group() }, isEmpty: { $0.count == 0 }) { $0.merge(group) }
                            }
                        }
                    }
                }
                result.append((id, cells))
            }
            return result
        }
    }
}
