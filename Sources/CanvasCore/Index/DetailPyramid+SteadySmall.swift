extension DetailPyramid {
    /// The merged grid (`SmallCells`) a query answers its wholly small
    /// classes from: the classes small at this zoom that stay small at
    /// every zoom of the level (small at its largest scale, see
    /// `steadyKinds`). Merging exactly the classes small at this zoom made
    /// the set change with every step of an animated or wheel zoom, so the
    /// cache missed and each frame visited every small class's cells one
    /// class at a time (issue 20: 29 class cells per cluster at the
    /// session's fit, most of a frame). The steady set stays the same
    /// across the level's zooms; the few classes small now but not at the
    /// level's top are visited one by one by the answer, as before.
    ///
    /// Nil when fewer than two such classes have cells here, or when
    /// merging would cost much more than the view reads: zoomed in, a view
    /// meets a small part of a fine level.
    mutating func steadySmallCells(_ key: LevelKey, kinds: [Kind], zoom: ZoomTransform, minSize: Double, cell: Double, rect: Rect)
        -> SmallCells?
    {
        let steady = steadyKinds(key, zoom: zoom, minSize: minSize, cell: cell)
        var classes = [Bool](repeating: false, count: kinds.count)
        var ids: [Int] = [], total = 0
        for id in kinds.indices where kinds[id] == .small && id < steady.count && steady[id] == .small {
            guard let cells = grid(key, id), cells.cellCount > 0 else { continue }
            classes[id] = true
            ids.append(id)
            total += cells.cellCount
        }
        guard ids.count >= 2 else { return nil }
        // Taken out while edited, so that adding to it does not copy it.
        if var cached = merged.removeValue(forKey: key) {
            let reused = reuse(&cached, for: classes, at: key)
            merged[key] = cached
            if reused { return cached }
        }
        guard mergePays(key, total: total, rect: rect, zoom: zoom) else { return nil }
        let built = SmallCells(classes: classes, cells: Self.mergeByRow(ids.map { grid(key, $0)! }))
        merged[key] = built
        return built
    }

    /// The merged grid built for another set of classes (ahead, or by an
    /// earlier query) made to serve `classes` without merging the level
    /// again, when it can: a class in it with no cell here now (its items
    /// removed) adds nothing, and a class joining (a size new since) is
    /// merged in cell by cell while its cells are few (issue 20: an edit
    /// that changed the set had the next frame at every level merge it
    /// afresh). False when a class it holds has cells here but is not wanted
    /// (its sides grew: only a merge from the classes takes it out), or
    /// the classes joining are many; `cached` is left as it was then.
    func reuse(_ cached: inout SmallCells, for classes: [Bool], at key: LevelKey) -> Bool {
        if Self.sameClasses(cached.classes, classes) { return true }
        var joining: [Int] = [], cells = 0
        for id in 0..<Swift.max(cached.classes.count, classes.count) {
            let held = id < cached.classes.count && cached.classes[id]
            let wanted = id < classes.count && classes[id]
            guard held != wanted else { continue }
            let count = grid(key, id)?.cellCount ?? 0
            if held {
                guard count == 0 else { return false }
            } else {
                joining.append(id)
                cells += count
            }
        }
        guard !joining.isEmpty else { return true }
        guard 8 * cells <= cached.cells.cellCount + 4096 else { return false }
        if cached.classes.count < classes.count {
            cached.classes += [Bool](repeating: false, count: classes.count - cached.classes.count)
        }
        for id in joining {
            cached.classes[id] = true
            grid(key, id)?.visitAll { row, column, group in cached.cells.update(row: row, column: column) { $0.merge(group) } }
        }
        return true
    }

    /// Whether two sets of class ids are the same, whatever their lengths: a
    /// class registered since (an insert of a new size) is not in either.
    static func sameClasses(_ a: [Bool], _ b: [Bool]) -> Bool {
        let (short, long) = a.count <= b.count ? (a, b) : (b, a)
        return long.prefix(short.count).elementsEqual(short) && !long.dropFirst(short.count).contains(true)
    }

    /// Each class's kind at the largest scale whose level is `key` (just
    /// below 2 · `cell` / 2^k on the zoomed axis): a class small there is
    /// small at every zoom of the level.
    func steadyKinds(_ key: LevelKey, zoom: ZoomTransform, minSize: Double, cell: Double) -> [Kind] {
        let exponent = zoom.axis.zoomsX ? key.x : key.y
        let top = Swift.max((2 * cell / Self.power(exponent)).nextDown, zoom.scale)
        return kinds(zoom: ZoomTransform(scale: top, axis: zoom.axis), minSize: minSize)
    }

    /// Whether merging `total` class cells pays: few enough whatever the
    /// view, not many more than the cells the view covers, or a view over
    /// a good part of the items' box (then a frame reads most of those
    /// cells class by class anyway, and the merge is paid once per level).
    func mergePays(_ key: LevelKey, total: Int, rect: Rect, zoom: ZoomTransform) -> Bool {
        let width = Self.power(key.x), height = Self.power(key.y)
        let cover = zoom.unzoomedCover(rect)
        let coverCells = (cover.width / width + 2) * (cover.height / height + 2)
        if Double(total) <= Swift.max(65_536, 8 * coverCells) { return true }
        guard centres.minX <= centres.maxX, centres.minY <= centres.maxY else { return false }
        let boxWidth = centres.maxX - centres.minX + width, boxHeight = centres.maxY - centres.minY + height
        let seenWidth = Swift.min(cover.x + cover.width, centres.maxX + width) - Swift.max(cover.x, centres.minX)
        let seenHeight = Swift.min(cover.y + cover.height, centres.maxY + height) - Swift.max(cover.y, centres.minY)
        guard seenWidth > 0, seenHeight > 0 else { return false }
        return 16 * seenWidth * seenHeight >= boxWidth * boxHeight
    }

    /// The cell-by-cell merge of several grids, a row at a time: where a
    /// row's columns span not much more than its cells, summed into a flat
    /// array by column (no sort of 100-byte groups); else gathered and sorted.
    static func mergeByRow(_ grids: [Cells]) -> Cells {
        var rows = Set<Int>()
        for grid in grids { rows.formUnion(grid.rows.keys) }
        var result = Cells()
        var sums: [Group] = [], seen: [Bool] = []
        var found: [Cells.Row] = []
        var order: [(column: Int, source: Int32, slot: Int32)] = []
        for row in rows {
            found.removeAll(keepingCapacity: true)
            var low = Int.max, high = Int.min, cells = 0
            for grid in grids {
                guard let cells_ = grid.rows[row], let first = cells_.columns.first, let last = cells_.columns.last else { continue }
                found.append(cells_)
                low = Swift.min(low, first)
                high = Swift.max(high, last)
                cells += cells_.columns.count
            }
            guard !found.isEmpty else { continue }
            if found.count == 1 {
                result.setRow(row, columns: found[0].columns, payloads: found[0].payloads)
                continue
            }
            let span = Double(high) - Double(low) + 1
            guard span <= Double(4 * cells + 64) else {
                // Sparse: the cells sorted by column as (column, row, slot),
                // not as 100-byte groups in a grid per class and row (that
                // merge was most of a wheel step's first frame at a level, issue 20).
                order.removeAll(keepingCapacity: true)
                for (source, cells_) in found.enumerated() {
                    for slot in cells_.columns.indices { order.append((cells_.columns[slot], Int32(source), Int32(slot))) }
                }
                order.sort { $0.column < $1.column }
                var columns: [Int] = [], payloads: [Group] = []
                for (column, source, slot) in order {
                    appendMerging(found[Int(source)].payloads[Int(slot)], at: column, columns: &columns, payloads: &payloads)
                }
                result.setRow(row, columns: columns, payloads: payloads)
                continue
            }
            let width = Int(span)
            if sums.count < width {
                sums = [Group](repeating: Group(), count: width)
                seen = [Bool](repeating: false, count: width)
            }
            var columns: [Int] = [], payloads: [Group] = []
            columns.reserveCapacity(cells)
            payloads.reserveCapacity(cells)
            // Through buffers: indexing the arrays checked bounds and
            // uniqueness per cell, half of a wheel step's first frame at a level.
            sums.withUnsafeMutableBufferPointer { sums in
                seen.withUnsafeMutableBufferPointer { seen in
                    for cells_ in found {
                        cells_.columns.withUnsafeBufferPointer { cellColumns in
                            cells_.payloads.withUnsafeBufferPointer { groups in
                                for slot in 0..<cellColumns.count {
                                    let offset = cellColumns[slot] &- low
                                    if seen[offset] {
                                        sums[offset].merge(groups[slot])
                                    } else {
                                        seen[offset] = true
                                        sums[offset] = groups[slot]
                                    }
                                }
                            }
                        }
                    }
                    for offset in 0..<width where seen[offset] {
                        seen[offset] = false
                        columns.append(low &+ offset)
                        payloads.append(sums[offset])
                    }
                }
            }
            result.setRow(row, columns: columns, payloads: payloads)
        }
        return result
    }
}
