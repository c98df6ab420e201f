extension DetailPyramid {
    /// A level's wholly small classes merged into one grid: a cell's group
    /// is the merge of those classes' groups in it. On mixed sizes a view
    /// meets tens of classes in every cell; merged once, a pan or an idle
    /// frame at the same zoom visits each cell once instead of once per
    /// class (issue 20: the cost grew with the number of size classes).
    /// Kept per level for the last set of classes asked for; edits keep it
    /// exact cell by cell (`catchUp`, `remerge`).
    struct SmallCells: Hashable, Sendable {
        /// By class id: whether the class is merged in.
        var classes: [Bool]
        var cells: Cells
    }

    /// The merged grid of the classes wholly small at this query, built
    /// when the set changed: nil when fewer than two such classes have
    /// cells here, or when the level is much larger than what the view
    /// covers (zoomed in, a view meets a small part of a fine level, so
    /// merging all of it would cost more than the classes' cells in view).
    mutating func smallCells(_ key: LevelKey, kinds: [Kind], rect: Rect, zoom: ZoomTransform) -> SmallCells? {
        var classes = [Bool](repeating: false, count: kinds.count)
        var ids: [Int] = [], total = 0
        for id in kinds.indices where kinds[id] == .small {
            guard let cells = grid(key, id), cells.cellCount > 0 else { continue }
            classes[id] = true
            ids.append(id)
            total += cells.cellCount
        }
        guard ids.count >= 2 else { return nil }
        if let cached = merged[key], cached.classes == classes { return cached }
        let cover = zoom.unzoomedCover(rect)
        let coverCells = (cover.width / Self.power(key.x) + 2) * (cover.height / Self.power(key.y) + 2)
        guard Double(total) <= Swift.max(65_536, 8 * coverCells) else { return nil }
        let built = SmallCells(classes: classes, cells: Self.merge(ids.map { grid(key, $0)! }))
        merged[key] = built
        return built
    }

    /// The cell-by-cell merge of several grids: a row at a time, its
    /// cells gathered from every grid and sorted by column.
    static func merge(_ grids: [Cells]) -> Cells {
        var rows = Set<Int>()
        for grid in grids { rows.formUnion(grid.rows.keys) }
        var result = Cells()
        var pairs: [(column: Int, group: Group)] = []
        for row in rows {
            pairs.removeAll(keepingCapacity: true)
            for grid in grids {
                guard let cells = grid.rows[row] else { continue }
                for slot in cells.columns.indices { pairs.append((cells.columns[slot], cells.payloads[slot])) }
            }
            pairs.sort { $0.column < $1.column }
            var columns: [Int] = [], payloads: [Group] = []
            for (column, group) in pairs { appendMerging(group, at: column, columns: &columns, payloads: &payloads) }
            result.setRow(row, columns: columns, payloads: payloads)
        }
        return result
    }

    /// Appends `group` at `column` to a row being built in column order,
    /// merged into the last cell when it is that column.
    @inline(__always)
    static func appendMerging(_ group: Group, at column: Int, columns: inout [Int], payloads: inout [Group]) {
        if columns.last == column {
            payloads[payloads.count - 1].merge(group)
        } else {
            columns.append(column)
            payloads.append(group)
        }
    }

    /// Merged cells (`key`, row, column) merged again from their classes'
    /// cells, once the class grids hold an edit: for the cells a removed
    /// item shaped (the others took a count less in place).
    mutating func remerge(_ cells: [(key: LevelKey, row: Int, column: Int)]) {
        for (key, row, column) in cells {
            guard let classes = merged[key]?.classes else { continue }
            var fresh = Group()
            for id in classes.indices where classes[id] {
                if let group = grid(key, id)?.payload(row: row, column: column) { fresh.merge(group) }
            }
            merged[key]!.cells.update(row: row, column: column) { $0 = fresh }
        }
    }
}
