extension DetailPyramid {
    /// Bins items into one level's grids for some classes: a dense grid per
    /// class over the centres' bounds where that is not much larger than
    /// the class (else a sparse one), and consecutive items in the same cell
    /// of the same class summed in registers before they touch either.
    struct LevelBuilder {
        let inverseWidth: Double, inverseHeight: Double
        let row0: Int, column0: Int, rows: Int, columns: Int
        let total: Int
        /// Expected items per class id, when known (for the dense budget).
        let expected: [Int]?
        /// Per class id: whether it is built here, and its dense grid's offset
        /// in `scratch` (-1: sparse).
        var included: [Bool] = []
        var denseBase: [Int] = []
        /// The classes built, in the order they were set up.
        var classes: [Int] = []
        var scratch: [Group] = []
        /// Per class id, the items outside its dense grid (or of a class
        /// without one) by cell, gathered and sorted at the end: added to a
        /// sparse grid one by one, each cost a row lookup and an insertion
        /// in the middle of the row (issue 20: most of binning mixed sizes,
        /// whose classes are too sparse for a dense grid).
        var sparse: [Int: [(row: Int, column: Int, position: Int)]] = [:]
        /// Per class id, the sides of the items `addAll` met.
        var sides: [Sides] = []
        /// What the groups' firsts hold (see `Labels`).
        let labels: Labels

        init(key: LevelKey, centres: CentreBounds, total: Int, expected: [Int]?, labels: Labels) {
            self.labels = labels
            let width = DetailPyramid.power(key.x), height = DetailPyramid.power(key.y)
            inverseWidth = 1 / width
            inverseHeight = 1 / height
            self.total = total
            self.expected = expected
            (row0, column0, rows, columns) = centres.cells(width: width, height: height) ?? (0, 0, 0, 0)
        }

        /// Builds class `id` here: densely while the grid is not much larger
        /// than the class and all dense grids stay within a budget.
        mutating func include(_ id: Int) {
            if id >= included.count {
                included += [Bool](repeating: false, count: id + 1 - included.count)
                denseBase += [Int](repeating: -1, count: id + 1 - denseBase.count)
            }
            guard !included[id] else { return }
            included[id] = true
            classes.append(id)
            let cells = Double(rows) * Double(columns)
            let expect = expected.map { id < $0.count ? $0[id] : 0 } ?? total / 4
            guard rows > 0 && DetailPyramid.keepsDense(cells: cells, expected: expect, used: scratch.count, total: total) else { return }
            denseBase[id] = scratch.count
            scratch += repeatElement(Group(), count: rows * columns)
        }

        /// Adds one item of class `id` (included).
        mutating func add(_ position: Int, _ frame: Rect, _ id: Int) {
            let row = Cells.slot((frame.y + frame.height / 2) * inverseHeight)
            let column = Cells.slot((frame.x + frame.width / 2) * inverseWidth)
            let base = denseBase[id]
            let r = row - row0, c = column - column0
            if base >= 0 && r >= 0 && r < rows && c >= 0 && c < columns {
                scratch[base + r * columns + c].add(labels(position), frame)
            } else {
                sparse[id, default: []].append((row, column, position))
            }
        }

        /// One pass over `frames` in data order: counts the items taking
        /// part by class and adds those of the classes `classOf` includes.
        /// `classOf` gives a class's id by its exponents and whether to
        /// build it (called once per run of one class). Returns the counts by id.
        mutating func addAll(_ frames: UnsafeBufferPointer<Rect>, classOf: (Int, Int) -> (id: Int, included: Bool)) -> [Int] {
            var counts: [Int] = []
            func counted(_ id: Int, _ n: Int) {
                if id >= counts.count { counts += [Int](repeating: 0, count: id + 1 - counts.count) }
                counts[id] += n
            }
            // The sides of the last item whose class's sides were widened
            // (a run of one size costs a comparison per item).
            var sideWidth = 0.0, sideHeight = 0.0
            @inline(__always) func sized(_ id: Int, _ frame: Rect) {
                if id >= sides.count { sides += [Sides](repeating: Sides(), count: id + 1 - sides.count) }
                sides[id].add(frame.width, frame.height)
                (sideWidth, sideHeight) = (frame.width, frame.height)
            }
            var run = Run()
            var lastWidth = 0.0, lastHeight = 0.0  // the sides of the run's last item
            var lastKey = UInt64.max, lastID = -1, lastBase = -1, included = false, classRun = 0
            let inverseWidth = self.inverseWidth, inverseHeight = self.inverseHeight
            let width = 1 / inverseWidth, height = 1 / inverseHeight
            let row0 = self.row0, column0 = self.column0, columns = self.columns
            let rowLow = Double(row0), rowHigh = Double(row0) + Double(rows)
            let columnLow = Double(column0), columnHigh = Double(column0) + Double(columns)
            let lesser = DetailPyramid.lesserOf, greater = DetailPyramid.greaterOf
            let labels = self.labels, ascending = labels.ascending
            // Takes the run on from `next` over the items like the one just
            // summed into it (`frame`), and skips the loop past them.
            var next = 0
            @inline(__always) func extend(after frame: Rect) {
                // Mixed sizes seldom repeat: no call for a run of one.
                guard next < frames.count, frames[next].width == frame.width, frames[next].height == frame.height else { return }
                let end = scratch.withUnsafeMutableBufferPointer { cells in
                    LevelBuilder.extend(&run, over: frames, from: next, width: frame.width, height: frame.height,
                                        cellWidth: width, columnEnd: column0 + columns, labels: labels, into: cells)
                }
                classRun += end - next
                next = end
            }
            while next < frames.count {
                let position = next
                next += 1
                let frame = frames[position]
                // Signs and biased exponents of the sides.
                let key = (frame.width.bitPattern >> 52) << 12 | frame.height.bitPattern >> 52
                if key == lastKey {
                    // The class of the item before: sides positive and normal.
                    if (frame.width != sideWidth || frame.height != sideHeight) && lastID >= 0 { sized(lastID, frame) }
                    if included {
                        let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
                        // In the run's cell (so finite): the common case, first.
                        if run.holds(cx, cy) {
                            // Positions ascend: the run's first stays, unless labels do not.
                            if !ascending { run.group.first = Swift.min(run.group.first, labels(position)) }
                            classRun += 1
                            run.group.count += 1
                            run.group.minX = lesser(run.group.minX, frame.x)
                            run.group.minY = lesser(run.group.minY, frame.y)
                            run.group.maxX = greater(run.group.maxX, frame.x + frame.width)
                            run.group.maxY = greater(run.group.maxY, frame.y + frame.height)
                            // Sides equal to the last item's in the run leave its extremes.
                            if frame.width != lastWidth || frame.height != lastHeight {
                                lastWidth = frame.width
                                lastHeight = frame.height
                                run.group.minWidth = lesser(run.group.minWidth, frame.width)
                                run.group.maxWidth = greater(run.group.maxWidth, frame.width)
                                run.group.minHeight = lesser(run.group.minHeight, frame.height)
                                run.group.maxHeight = greater(run.group.maxHeight, frame.height)
                            }
                            extend(after: frame)
                            continue
                        }
                    }
                } else {
                    // 1...2046 is a positive normal side.
                    let wb = key >> 12, hb = key & 0xFFF
                    guard wb &- 1 < 2046 && hb &- 1 < 2046 else {
                        // Subnormal sides, or no part at all: the general rules.
                        guard SpatialIndex.isIndexable(frame) else { continue }
                        let (id, include) = classOf(Int(frame.width.exponent), Int(frame.height.exponent))
                        guard id >= 0 else { continue }
                        counted(id, 1)
                        sized(id, frame)
                        sideWidth = .nan  // the next item sets its class's sides
                        if include {
                            self.include(id)
                            add(position, frame, id)
                        }
                        continue
                    }
                    if lastID >= 0 { counted(lastID, classRun) }
                    classRun = 0
                    lastKey = key
                    (lastID, included) = classOf(Int(wb) - 1023, Int(hb) - 1023)
                    if lastID >= 0 { sized(lastID, frame) }
                    if included && !(lastID < self.included.count && self.included[lastID]) { include(lastID) }
                    lastBase = included ? denseBase[lastID] : -1
                    run.highX = -.infinity  // a run never spans two classes
                }
                guard frame.x.isFinite && frame.y.isFinite else { continue }
                classRun += 1
                guard included else { continue }
                let cx = frame.x + frame.width / 2, cy = frame.y + frame.height / 2
                let tx = cx * inverseWidth, ty = cy * inverseHeight
                guard lastBase >= 0 && ty >= rowLow && ty < rowHigh && tx >= columnLow && tx < columnHigh else {
                    add(position, frame, lastID)
                    continue
                }
                // In the dense box, so within the cells' clamp.
                let row = Cells.floored(ty), column = Cells.floored(tx)
                let cell = lastBase &+ (row &- row0) &* columns &+ (column &- column0)
                if cell == run.cell {
                    run.group.add(labels(position), frame)
                    continue
                }
                if run.cell >= 0 { scratch[run.cell].merge(run.group) }
                run = Run(cell: cell, column: column, row: row, width: width, height: height)
                run.group.add(labels(position), frame)
                lastWidth = frame.width
                lastHeight = frame.height
                extend(after: frame)
            }
            if run.cell >= 0 { scratch[run.cell].merge(run.group) }
            if lastID >= 0 { counted(lastID, classRun) }
            return counts
        }

        /// The run of items in one dense cell, summed in registers: the
        /// cell (an index in `scratch`, which tells the class too), its
        /// column, and its content square, to tell cheaply that an item stays
        /// in it. The square is finite, so a centre in it proves the frame
        /// finite, or empty (`highX` -∞) when it cannot be.
        struct Run {
            var group = Group()
            var cell = -1, column = 0
            var lowX = 0.0, highX = -Double.infinity, lowY = 0.0, highY = -Double.infinity

            init() {}

            init(cell: Int, column: Int, row: Int, width: Double, height: Double) {
                self.cell = cell
                self.column = column
                (lowX, highX) = (Double(column) * width, Double(column + 1) * width)
                (lowY, highY) = (Double(row) * height, Double(row + 1) * height)
                if !lowX.isFinite || !highX.isFinite || !lowY.isFinite || !highY.isFinite { highX = -.infinity }
            }

            @inline(__always)
            func holds(_ cx: Double, _ cy: Double) -> Bool { cx >= lowX && cx < highX && cy >= lowY && cy < highY }
        }

        /// Takes `run` on over the items from `start` whose sides are `width`
        /// and `height` bit for bit (those of its last item, so the same
        /// class, and sides the run and the class already hold): those whose
        /// centres stay in its cell, and on along the row into the next
        /// cell of the dense grid (`cellWidth` wide, columns before
        /// `columnEnd`), the finished cell merged into `scratch`. Returns
        /// the first item it did not take. When many items share a size this
        /// is most of them, and a flow's rows cross cells: it is kept apart
        /// so that its few values stay in registers.
        @inline(never)
        static func extend(_ run: inout Run, over frames: UnsafeBufferPointer<Rect>, from start: Int,
                           width: Double, height: Double, cellWidth: Double, columnEnd: Int, labels: Labels,
                           into scratch: UnsafeMutableBufferPointer<Group>) -> Int {
            guard run.highX.isFinite && run.cell >= 0 else { return start }
            let widthBits = width.bitPattern, heightBits = height.bitPattern
            // Equal bits halve alike: the centres are those of frame.x + frame.width / 2.
            let halfWidth = width / 2, halfHeight = height / 2
            let lesser = DetailPyramid.lesserOf, greater = DetailPyramid.greaterOf
            var group = run.group, cell = run.cell, column = run.column
            var lowX = run.lowX, highX = run.highX
            let lowY = run.lowY, highY = run.highY
            var position = start
            let ascending = labels.ascending
            while position < frames.count {
                let frame = frames[position]
                guard frame.width.bitPattern == widthBits && frame.height.bitPattern == heightBits else { break }
                let cx = frame.x + halfWidth, cy = frame.y + halfHeight
                guard cy >= lowY && cy < highY && cx >= lowX else { break }
                if cx >= highX {
                    // The next cell along the row, as Run(cell:...) would make it.
                    let nextHigh = Double(column + 2) * cellWidth
                    guard cx < nextHigh && nextHigh.isFinite && column + 1 < columnEnd else { break }
                    scratch[cell].merge(group)
                    group = Group()
                    group.first = labels(position)
                    (group.minWidth, group.maxWidth, group.minHeight, group.maxHeight) = (width, width, height, height)
                    cell += 1
                    column += 1
                    (lowX, highX) = (highX, nextHigh)
                }
                // Positions ascend: the cell's first stays, unless labels do not.
                if !ascending { group.first = Swift.min(group.first, labels(position)) }
                group.count += 1
                group.minX = lesser(group.minX, frame.x)
                group.minY = lesser(group.minY, frame.y)
                group.maxX = greater(group.maxX, frame.x + width)
                group.maxY = greater(group.maxY, frame.y + height)
                position += 1
            }
            run.group = group
            (run.cell, run.column, run.lowX, run.highX) = (cell, column, lowX, highX)
            return position
        }

        /// Sorts entries by row, then column: by one integer each where rows
        /// and columns fit in 32 bits (as on any real board; comparing pairs
        /// cost twice as much).
        static func sortByCell(_ entries: inout [(row: Int, column: Int, position: Int)]) {
            let range = Int(Int32.min)...Int(Int32.max)
            guard entries.allSatisfy({ range.contains($0.row) && range.contains($0.column) }) else {
                entries.sort { $0.row != $1.row ? $0.row < $1.row : $0.column < $1.column }
                return
            }
            var keyed = entries.map { (key: $0.row << 32 | ($0.column - Int(Int32.min)), position: $0.position) }
            keyed.sort { $0.key < $1.key }
            for slot in keyed.indices {
                let key = keyed[slot].key
                entries[slot] = (key >> 32, (key & 0xFFFF_FFFF) + Int(Int32.min), keyed[slot].position)
            }
        }

        /// The grids, by class id, from the dense grids and the items
        /// gathered outside them (whose frames are `frames`').
        mutating func finish(_ frames: UnsafeBufferPointer<Rect>) -> [(Int, Cells)] {
            var result: [(Int, Cells)] = []
            for id in classes {
                var cells = Cells()
                if var entries = sparse.removeValue(forKey: id) {
                    Self.sortByCell(&entries)
                    var columns: [Int] = [], groups: [Group] = []
                    var slot = 0
                    while slot < entries.count {
                        let row = entries[slot].row
                        columns.removeAll(keepingCapacity: true)
                        groups.removeAll(keepingCapacity: true)
                        while slot < entries.count && entries[slot].row == row {
                            let (column, position) = (entries[slot].column, entries[slot].position)
                            if columns.last != column {
                                columns.append(column)
                                groups.append(Group())
                            }
                            groups[groups.count - 1].add(labels(position), frames[position])
                            slot += 1
                        }
                        cells.setRow(row, columns: exactCopy(columns), payloads: exactCopy(groups))
                    }
                }
                let base = denseBase[id]
                if base >= 0 {
                    let spill = cells.cellCount > 0
                    var rowColumns: [Int] = [], rowGroups: [Group] = []
                    for r in 0..<rows {
                        rowColumns.removeAll(keepingCapacity: true)
                        rowGroups.removeAll(keepingCapacity: true)
                        let start = base + r * columns
                        for c in 0..<columns where scratch[start + c].count > 0 {
                            rowColumns.append(column0 + c)
                            rowGroups.append(scratch[start + c])
                        }
                        if !spill {
                            // Stored at their own size, not the scratch rows' room.
                            cells.setRow(row0 + r, columns: exactCopy(rowColumns), payloads: exactCopy(rowGroups))
                        } else {
                            for (column, group) in zip(rowColumns, rowGroups) {
                                cells.update(row: row0 + r, column: column) { $0.merge(group) }
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
