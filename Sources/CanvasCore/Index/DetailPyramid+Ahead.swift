extension DetailPyramid {
    /// Which levels `buildAhead` builds: along the chain of levels a zoom
    /// on `axis` walks (`key(_:)`, one step per doubling of the cell), each
    /// class from its finest needed level (`finest`, the first step from the
    /// finest zoom where it need not be wholly large) through the step
    /// where the centres' box fits in two cells a side (`top`), or its own
    /// finest when that is coarser.
    struct AheadPlan: Hashable, Sendable {
        var axis: ZoomAxis
        var cell: Double
        /// Per class id, its finest step (nil: no item of the class).
        var finest: [Int?]
        var top: Int

        /// The level of step `k`: the level of the zoom cell / 2^k, whose
        /// cells are 2^k on a zoomed axis.
        func key(_ k: Int) -> LevelKey {
            DetailPyramid.levelKey(cell: cell, zoom: ZoomTransform(scale: cell / DetailPyramid.power(k), axis: axis))
        }

        /// The classes held at step `k`.
        func classes(at k: Int) -> [Int] {
            finest.indices.filter { id in finest[id].map { $0 <= k && (k <= top || k == $0) } ?? false }
        }

        /// The steps holding some class, finest first.
        var steps: ClosedRange<Int>? {
            guard let low = finest.compactMap({ $0 }).min(), let high = finest.compactMap({ $0 }).max() else { return nil }
            return low...Swift.max(high, top)
        }
    }

    /// The plan for zooms from `zoom` (the finest a caller expects, its
    /// zoom maximum say) out to where the centres fit in two cells a side,
    /// or to `coarsest` when that is further, at this cell size and minimum
    /// size, from the counted classes and their sides.
    func aheadPlan(finest zoom: ZoomTransform, coarsest: ZoomTransform? = nil, minSize: Double, cell: Double) -> AheadPlan {
        let axis = zoom.axis
        let scale = zoom.scale.isFinite && zoom.scale > 0 ? zoom.scale : 1
        // Steps are the exponents on a zoomed axis (both are alike when both zoom).
        let first = Swift.min(Swift.max(Self.levelExponent(cell: cell, scale: scale), -900), 900)
        var top = first
        if centres.minX <= centres.maxX && centres.minY <= centres.maxY {
            let span = Swift.max(axis.zoomsX ? centres.maxX - centres.minX : 0, axis.zoomsY ? centres.maxY - centres.minY : 0)
            // Not past 2^64 finest cells a side (far-flung frames would build
            // hundreds of near-empty levels; a zoom that far merges one then).
            while top < Swift.min(900, first + 64) && Self.power(top) < span { top += 1 }
        }
        if let coarsest, coarsest.scale.isFinite && coarsest.scale > 0 {
            top = Swift.max(top, Swift.min(Self.levelExponent(cell: cell, scale: coarsest.scale), 900))
        }
        var finest = [Int?](repeating: nil, count: sizeClasses.count)
        for id in sizeClasses.indices where classCounts[id] > 0 {
            finest[id] = Self.finestStep(of: sizeClasses[id], sides: classSides[id], from: first, through: top,
                                         axis: axis, minSize: minSize, cell: cell)
        }
        return AheadPlan(axis: axis, cell: cell, finest: finest, top: top)
    }

    /// The first step from `first` where a class need not be wholly large
    /// (`top` if none before it): at a step's smallest scale, cell / 2^k,
    /// its items are at their smallest. With no sides known, by the class's
    /// powers of two: then never after the step its items' sides give.
    static func finestStep(of sizeClass: SizeClass, sides: Sides = Sides(), from first: Int, through top: Int,
                           axis: ZoomAxis, minSize: Double, cell: Double) -> Int {
        var k = first
        while k < top && kind(of: sizeClass, Bounds(zoom: ZoomTransform(scale: cell / power(k), axis: axis), minSize: minSize),
                              sides: sides) == .large {
            k += 1
        }
        return k
    }

    /// Counts the frames, if not yet, and builds every level a zoom from
    /// `finest` out (to `coarsest`, or to where the centres fit in two cells
    /// a side when that is further) can ask for at this cell size and minimum size, so that
    /// no zoom change reads the frames (issue 20: each zoom-out step that
    /// met a class turning small there binned it from every frame): each
    /// class binned once, at its finest needed level (classes sharing one
    /// binned in one pass), and merged upward a doubling at a time; and the
    /// member grids when some zoom mixes small and large items (a query
    /// there reads them, and building them is a pass over the frames too).
    /// A level or class a later query needs beyond this (another cell or
    /// minimum size, a zoom past `finest`, a class an edit made smaller) is
    /// still built when asked for.
    mutating func buildAhead(
        _ frames: UnsafeBufferPointer<Rect>, finest zoom: ZoomTransform, coarsest: ZoomTransform? = nil, minSize: Double, cell: Double
    ) {
        if !counted { countBinningFirstClass(frames, finest: zoom, coarsest: coarsest, minSize: minSize, cell: cell) }
        guard count > 0 else { return }
        settleJournal(frames: frames)
        let plan = aheadPlan(finest: zoom, coarsest: coarsest, minSize: minSize, cell: cell)
        guard let steps = plan.steps else { return }
        if needsMembersAhead(plan) { ensureMembers(frames) }
        for k in steps {
            let ids = plan.classes(at: k)
            // The classes new at a step are read from their member grids when
            // built (a pass over every frame per step cost more on mixed sizes).
            if !ids.isEmpty { ensureLevel(plan.key(k), classes: ids, frames: frames, fromMembers: true) }
        }
        // A class the counting pass binned finer than its sides need: only
        // merged from there, not kept.
        for k in steps {
            let key = plan.key(k)
            guard var grids = levels[key] else { continue }
            var dropped = false
            for id in grids.indices where grids[id] != nil && (id >= plan.finest.count || plan.finest[id].map { k < $0 } ?? true) {
                grids[id] = nil
                dropped = true
            }
            guard dropped else { continue }
            levels[key] = grids.contains { $0 != nil } ? grids : nil
        }
        buildSteadyMergesAhead(plan, minSize: minSize)
    }

    /// The counting pass, binning on the way the classes whose powers of
    /// two put their finest step where the first item's does (all of them
    /// when the items are of one size), when the first items share a class: a separate pass cost a fifth of
    /// building one size's levels (issue 20). Their sides are not known
    /// yet, so the step may be finer than they need; `buildAhead` merges
    /// up from it and keeps only what they need.
    mutating func countBinningFirstClass(
        _ frames: UnsafeBufferPointer<Rect>, finest zoom: ZoomTransform, coarsest: ZoomTransform?, minSize: Double, cell: Double
    ) {
        guard let firstFrame = frames.first(where: SpatialIndex.isIndexable) else {
            ensureCounted(frames)
            return
        }
        // Where the first items are of several classes the sizes are mixed:
        // asking per item whether its class is binned cost more than the
        // pass it saves (most classes are binned from the member grids).
        let firstClass = SizeClass(firstFrame)
        guard !frames.prefix(64).contains(where: { SpatialIndex.isIndexable($0) && SizeClass($0) != firstClass }) else {
            ensureCounted(frames)
            return
        }
        // The plan's steps, from the centres' box the pyramid was made with.
        let plan = aheadPlan(finest: zoom, coarsest: coarsest, minSize: minSize, cell: cell)
        let first = Swift.min(Swift.max(Self.levelExponent(cell: cell, scale: zoom.scale.isFinite && zoom.scale > 0 ? zoom.scale : 1), -900), 900)
        let axis = zoom.axis, top = plan.top
        func step(_ sizeClass: SizeClass) -> Int {
            Self.finestStep(of: sizeClass, from: first, through: top, axis: axis, minSize: minSize, cell: cell)
        }
        let target = step(firstClass)
        // Per class (by its exponents), whether it is binned: asked once per run of a class.
        var steps = ClassLookup()
        ensureCounted(frames, building: plan.key(target)) { sizeClass in
            steps.id(sizeClass.x, sizeClass.y) { step(sizeClass) } == target
        }
    }

    /// Whether some zoom of the plan may mix small and large items, so that
    /// its queries read the member grids: more than one class, or one whose
    /// items' sides differ.
    func needsMembersAhead(_ plan: AheadPlan) -> Bool {
        let present = plan.finest.indices.filter { plan.finest[$0] != nil }
        guard present.count == 1 else { return present.count > 1 }
        let sides = classSides[present[0]]
        return sides.minWidth != sides.maxWidth || sides.minHeight != sides.maxHeight
    }
}
