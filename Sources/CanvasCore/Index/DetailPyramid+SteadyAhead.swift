extension DetailPyramid {
    /// Builds ahead, for each step of `plan` from its finest through its
    /// top, the merged grid a query there answers its steadily small classes
    /// from (`steadySmallCells`), so that no zoom within the limits merges
    /// in a frame (issue 20: the ctrl-wheel's first frame at each level
    /// merged that level's classes, 9.5–36 M instructions at 1M mixed
    /// cards). A class steadily small at a step is so at every coarser one,
    /// so each step's grid is the step below's coarsened by a doubling,
    /// merged with the classes that join the set there: cheaper than merging
    /// every class's cells again at each level. The sums are exact (counts
    /// add, bounds take minima and maxima), so the grid equals the merge of
    /// the level's class grids. Edits keep these grids exact as they keep
    /// any merged grid (`catchUp`, `remerge`).
    mutating func buildSteadyMergesAhead(_ plan: AheadPlan, minSize: Double) {
        guard let steps = plan.steps, steps.lowerBound <= plan.top else { return }
        var running: Cells?
        var classes = [Bool](repeating: false, count: sizeClasses.count)
        var held = 0
        var previous: LevelKey?
        for k in steps.lowerBound...plan.top {
            let key = plan.key(k)
            if let from = previous, var grid = running, key != from {
                grid = grid.coarsened(by: key.x - from.x, key.y - from.y) { $0.merge($1) }
                running = grid
            }
            previous = key
            // The smallest scale of the step: steadyKinds judges at its largest.
            let zoom = ZoomTransform(scale: plan.cell / Self.power(k), axis: plan.axis)
            let steady = steadyKinds(key, zoom: zoom, minSize: minSize, cell: plan.cell)
            var joining: [Cells] = []
            for id in steady.indices where steady[id] == .small && !classes[id] {
                guard let cells = grid(key, id), cells.cellCount > 0 else { continue }
                classes[id] = true
                held += 1
                joining.append(cells)
            }
            if !joining.isEmpty {
                if let grid = running { joining.insert(grid, at: 0) }
                running = joining.count == 1 ? joining[0] : Self.mergeByRow(joining)
            }
            // A query merges only two classes or more (see steadySmallCells).
            if held >= 2, let grid = running { merged[key] = SmallCells(classes: classes, cells: grid) }
        }
    }
}
