/// Edits in place, by id: insert, remove, move, resize, set a frame, bring
/// to front, send to back; alone or in a batch that applies whole or not at
/// all. Every edit (or batch) is one undo step and publishes the visible diff.
///
/// On a free canvas an edit updates the frames, the item list and the
/// `EditableIndex` where they stand: moving or resizing costs O(cells the
/// item leaves and enters), whatever the item count; inserting, removing
/// and reordering shift the arrays behind the position (a memmove) but never
/// rebuild the index. On flow, grid and custom layouts an edit edits the
/// item list and re-runs the layout (once per batch).
///
/// Coordinates are the items' own, unzoomed, as `setItemFrames` takes them.
///
/// Every edit is checked whole before anything changes, so a bad one (an
/// unknown or repeated id, a non-finite frame, a move on a laid-out canvas)
/// throws and leaves the engine as it was.
extension CanvasEngine {
    // MARK: The edits

    /// Inserts items before the item `before` (at the end when `nil`).
    /// - Throws: `.invalidArgument` for an id already on the canvas or given
    ///   twice; `.notFound` when `before` names no item; `.nonFinite` or
    ///   `.invalidArgument` for a bad frame.
    @discardableResult
    public func insert(_ newItems: [NewItem], before: UInt64? = nil) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        var seen = Set<UInt64>()
        for (index, item) in newItems.enumerated() {
            try Self.checkFrame(item.frame, "inserted item \(index) (id \(item.id))")
            guard items.index(of: item.id) == nil else {
                throw CanvasError(.invalidArgument, "cannot insert id \(item.id): an item already has it")
            }
            guard seen.insert(item.id).inserted else {
                throw CanvasError(.invalidArgument, "duplicate id \(item.id) among the inserted items")
            }
        }
        var position = items.count
        if let before {
            guard let found = items.index(of: before) else {
                throw CanvasError(.notFound, "cannot insert before id \(before): no item has it")
            }
            position = found
        }
        try checkMeasurable(newItems.map { (id: $0.id, isNew: true, frame: $0.frame) }) { id in "cannot insert id \(id)" }
        return try edit { () throws(CanvasError) in
            if newItems.count == 1 {
                perform(.insert(id: newItems[0].id, position: position, frame: newItems[0].frame))
            } else if !newItems.isEmpty {
                // One pass over the arrays for the lot, wherever they go.
                perform(.insertMany(PlacedItems(
                    positions: Array(position..<(position + newItems.count)),
                    ids: newItems.map(\.id), frames: newItems.map(\.frame))))
            }
        }
    }

    /// Removes items by id; they leave the selection too.
    /// - Throws: `.notFound` for an unknown id, `.invalidArgument` for one given twice.
    @discardableResult
    public func remove(_ ids: [UInt64]) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        try checkIDs(ids, "remove")
        // All in one pass over the arrays, however scattered (undo replays
        // the exact inverse, one pass too).
        return try edit { () throws(CanvasError) in recordRemoval(of: ids) }
    }

    /// Records the removal of checked item ids and of their links into the open step.
    private func recordRemoval(of ids: [UInt64]) {
        let positions = ids.map { items.index(of: $0)! }.sorted()
        removeLinks(touching: ids)
        if positions.count == 1 {
            perform(.remove(id: items.ids[positions[0]], position: positions[0], frame: currentFrame(at: positions[0])))
        } else if !positions.isEmpty {
            perform(.removeMany(placed(at: positions)))
        }
    }

    /// Removes the selected items and the selected links, as one step (what
    /// a delete key does); undo brings back both, and both selections.
    /// - Returns: the visible diff; `nil` when nothing is selected.
    @discardableResult
    public func removeSelection() throws(CanvasError) -> VisibleUpdate? {
        let ids = selection
        let linkPositions = selectedLinks.compactMap { links.position(of: $0) }.sorted()
        guard !ids.isEmpty || !linkPositions.isEmpty else { return nil }
        try checkEditable()
        return try edit { () throws(CanvasError) in
            if !linkPositions.isEmpty { perform(.removeLinks(links.placed(at: linkPositions))) }
            recordRemoval(of: ids)
        }
    }

    /// Moves items so their frames' top-left corners land on the given origins.
    /// - Throws: `.invalidArgument` on a laid-out canvas (only free items
    ///   have their own positions) or for a repeated id; `.notFound`;
    ///   `.nonFinite` for an origin with NaN or an infinity.
    @discardableResult
    public func move(_ moves: [(id: UInt64, origin: Point)]) throws(CanvasError) -> VisibleUpdate? {
        try setFrames(try moves.map { (move) throws(CanvasError) in
            guard move.origin.isFinite else {
                throw CanvasError(.nonFinite, "cannot move id \(move.id) to a point that is not finite (\(move.origin.x), \(move.origin.y))")
            }
            guard let position = items.index(of: move.id) else { throw CanvasError(.notFound, "cannot move id \(move.id): no item has it") }
            return (move.id, Rect(origin: move.origin, size: currentFrame(at: position).size))
        })
    }

    /// Moves one item.
    @discardableResult
    public func move(_ id: UInt64, to origin: Point) throws(CanvasError) -> VisibleUpdate? {
        try move([(id, origin)])
    }

    /// Sets items' frames.
    /// - Throws: as `move`, plus `.invalidArgument` for a negative size.
    @discardableResult
    public func setFrames(_ frames: [(id: UInt64, frame: Rect)]) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        guard editing.isFree else {
            throw CanvasError(.invalidArgument, "items have their own positions only on a free canvas (layout free); resize them instead")
        }
        try checkIDs(frames.map(\.id), "set the frame of")
        for change in frames { try Self.checkFrame(change.frame, "id \(change.id)") }
        try checkMeasurable(frames.map { (id: $0.id, isNew: false, frame: $0.frame) }) { id in "cannot move id \(id)" }
        return try edit { () throws(CanvasError) in
            perform(frames.compactMap { framePrimitive($0.id, $0.frame) })
        }
    }

    /// Sets one item's frame.
    @discardableResult
    public func setFrame(_ id: UInt64, to frame: Rect) throws(CanvasError) -> VisibleUpdate? {
        try setFrames([(id, frame)])
    }

    /// Resizes items, keeping their origins (on a laid-out canvas, sets
    /// their given sizes and re-runs the layout).
    /// - Throws: `.notFound`, `.invalidArgument` for a repeated id or a
    ///   negative side, `.nonFinite`.
    @discardableResult
    public func resize(_ sizes: [(id: UInt64, size: Size)]) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        try checkIDs(sizes.map(\.id), "resize")
        for change in sizes {
            try Self.checkFrame(Rect(origin: .zero, size: change.size), "id \(change.id)")
        }
        try checkMeasurable(sizes.map { change in
            (id: change.id, isNew: false, frame: Rect(origin: currentFrame(at: items.index(of: change.id)!).origin, size: change.size))
        }) { id in "cannot resize id \(id)" }
        return try edit { () throws(CanvasError) in
            perform(sizes.compactMap { change in
                let frame = currentFrame(at: items.index(of: change.id)!)
                return framePrimitive(change.id, Rect(origin: frame.origin, size: change.size))
            })
        }
    }

    /// Moves items to the end of the data order (on top for hit testing and
    /// drawing), keeping their order among themselves.
    /// - Throws: `.notFound`, `.invalidArgument` for a repeated id.
    @discardableResult
    public func bringToFront(_ ids: [UInt64]) throws(CanvasError) -> VisibleUpdate? {
        try reorder(ids, toFront: true)
    }

    /// Moves items to the start of the data order (below everything else).
    @discardableResult
    public func sendToBack(_ ids: [UInt64]) throws(CanvasError) -> VisibleUpdate? {
        try reorder(ids, toFront: false)
    }

    private func reorder(_ ids: [UInt64], toFront: Bool) throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        try checkIDs(ids, toFront ? "bring to front" : "send to back")
        return try edit { () throws(CanvasError) in
            // In their current data order, so their order among themselves
            // stays: out in one pass, back in at the end or the start in another.
            guard !ids.isEmpty else { return }
            // Taking them out and putting them back leaves them selected and focused as they were.
            let selection = selected, focus = editing.focused
            defer { selected = selection; editing.focused = focus }
            let removed = placed(at: ids.map { items.index(of: $0)! }.sorted())
            perform(.removeMany(removed))
            let start = toFront ? items.count : 0
            perform(.insertMany(PlacedItems(
                positions: Array(start..<(start + removed.count)), ids: removed.ids, frames: removed.frames)))
        }
    }

    /// How many visible updates the engine has published so far: an edit
    /// published one when this grew (the C ABI's edits return only a status).
    public var publishCount: UInt64 { editing.publishCount }

    /// A counter that changes whenever the selection does (it may also move
    /// when a call rewrites the selection unchanged), so a host copies the
    /// selection only when this moved.
    public var selectionVersion: UInt64 { editing.selectionVersion }

    // MARK: Batches

    /// Whether a batch is open.
    public var isBatchOpen: Bool { editing.batchDepth > 0 }

    /// Opens a batch: the edits until `commitBatch` are one undo step and
    /// publish one diff (on a laid-out canvas, the layout runs at the commit).
    /// - Throws: `.invalidArgument` when a batch is already open.
    public func beginBatch() throws(CanvasError) {
        guard editing.batchDepth == 0 else { throw CanvasError(.invalidArgument, "a batch is already open") }
        try checkNoDrag()
        editing.batchDepth = 1
        editing.openStep = newStep()
    }

    /// Closes the batch, keeping its edits.
    /// - Throws: `.invalidArgument` when no batch is open; `CanvasError`
    ///   from the layout, in which case the batch is rolled back.
    @discardableResult
    public func commitBatch() throws(CanvasError) -> VisibleUpdate? {
        guard editing.batchDepth > 0, let step = editing.openStep else {
            throw CanvasError(.invalidArgument, "no batch is open")
        }
        do {
            let update = try finish(step)
            editing.batchDepth = 0
            editing.openStep = nil
            return update
        } catch {
            _ = rollbackBatch()
            throw error
        }
    }

    /// Closes the batch, undoing its edits: the engine is as it was at `beginBatch`.
    /// - Returns: the visible diff, `nil` when no batch was open or nothing changed.
    @discardableResult
    public func rollbackBatch() -> VisibleUpdate? {
        guard editing.batchDepth > 0, let step = editing.openStep else { return nil }
        editing.batchDepth = 0
        editing.openStep = nil
        apply(step.done.reversed().map(\.inverse))
        restoreSelection(before: step)
        return publishAfterEdit(reordered: step.done.contains(where: \.reorders))
    }

    /// Runs `body` as one batch: if it throws, every edit it made is undone.
    public func batch<Result>(_ body: () throws(CanvasError) -> Result) throws(CanvasError) -> Result {
        try beginBatch()
        let result: Result
        do {
            result = try body()
        } catch {
            rollbackBatch()
            throw error
        }
        try commitBatch()
        return result
    }

    // MARK: Undo

    public var canUndo: Bool { !editing.history.undoSteps.isEmpty }
    public var canRedo: Bool { !editing.history.redoSteps.isEmpty }

    /// How many steps the history keeps (100 unless set; at least 1).
    public var historyLimit: Int {
        get { editing.history.limit }
        set {
            editing.history.limit = max(1, newValue)
            if editing.history.undoSteps.count > editing.history.limit {
                editing.history.undoSteps.removeFirst(editing.history.undoSteps.count - editing.history.limit)
            }
        }
    }

    /// Undoes the last step: frames, order and selection as they were before it.
    /// - Throws: `.invalidArgument` when there is nothing to undo, or a batch
    ///   or drag is open; a layout's error (nothing changes then).
    @discardableResult
    public func undo() throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        guard let step = editing.history.undoSteps.last else { throw CanvasError(.invalidArgument, "nothing to undo") }
        let update = try replay(step.done.reversed().map(\.inverse), selection: step.selectionBefore,
                                focus: step.focus.map(\.before) ?? editing.focused, links: step.linkSelection?.before)
        editing.history.undoSteps.removeLast()
        editing.history.redoSteps.append(step)
        return update
    }

    /// Redoes the last undone step.
    /// - Throws: `.invalidArgument` when there is nothing to redo; as `undo`.
    @discardableResult
    public func redo() throws(CanvasError) -> VisibleUpdate? {
        try checkEditable()
        guard let step = editing.history.redoSteps.last else { throw CanvasError(.invalidArgument, "nothing to redo") }
        let update = try replay(step.done, selection: step.selectionAfter,
                                focus: step.focus.map(\.after) ?? editing.focused, links: step.linkSelection?.after)
        editing.history.redoSteps.removeLast()
        editing.history.undoSteps.append(step)
        return update
    }

    /// `links`: the selected links to restore (nil: those left after the primitives).
    private func replay(_ primitives: [Primitive], selection: Set<UInt64>, focus: UInt64?, links linkSelection: Set<UInt64>?) throws(CanvasError) -> VisibleUpdate? {
        let selectionNow = selected, focusNow = editing.focused, linksNow = selectedLinks
        let wasCurrent = isPublishCurrent(publishInputs)
        apply(primitives)
        selected = selection
        editing.focused = focus.flatMap { items.index(of: $0) != nil ? $0 : nil }
        if let linkSelection { selectedLinks = linkSelection.filter { links.position(of: $0) != nil } }
        do {
            return try settle(primitives, wasCurrent: wasCurrent)
        } catch {
            apply(primitives.reversed().map(\.inverse))
            selected = selectionNow
            editing.focused = focusNow
            selectedLinks = linksNow
            throw error
        }
    }

    // MARK: Machinery

    /// Refuses edits during a drag; resolves a free canvas not yet resolved,
    /// so that edits always meet frames and an index.
    func checkEditable() throws(CanvasError) {
        try checkNoDrag()
        if editing.isFree && editing.index == nil { try resolveFree() }
    }

    func checkNoDrag() throws(CanvasError) {
        if let gesture = editing.gesture, gesture.phase == .moving {
            throw CanvasError(.invalidArgument, "a drag is in progress: end or cancel it before editing")
        }
    }

    /// Every id known and none repeated.
    func checkIDs(_ ids: [UInt64], _ verb: String) throws(CanvasError) {
        if ids.count == 1 {
            guard items.index(of: ids[0]) != nil else { throw CanvasError(.notFound, "cannot \(verb) id \(ids[0]): no item has it") }
            return
        }
        var seen = Set<UInt64>(minimumCapacity: ids.count)
        for id in ids {
            guard items.index(of: id) != nil else { throw CanvasError(.notFound, "cannot \(verb) id \(id): no item has it") }
            guard seen.insert(id).inserted else { throw CanvasError(.invalidArgument, "cannot \(verb) id \(id) twice in one edit") }
        }
    }

    /// The frame an item has now, unzoomed: its own on a free canvas, its
    /// laid-out frame (or its size at the origin, before a resolve) otherwise.
    func currentFrame(at position: Int) -> Rect {
        if editing.isFree && editing.index != nil { return worldFrame(at: position) }
        if let slot = resolvedSlot(of: items.id(at: position)) {
            return Rect(origin: placement.frames[slot].origin, size: items.size(at: position))
        }
        return Rect(origin: .zero, size: items.size(at: position))
    }

    /// The items at `positions` (ascending) with their current frames.
    private func placed(at positions: [Int]) -> PlacedItems {
        PlacedItems(positions: positions, ids: positions.map { items.ids[$0] }, frames: positions.map(currentFrame(at:)))
    }

    /// The set-frame primitive for a frame that changes, nil otherwise.
    /// The ids of one edit are distinct, so all of its primitives can be
    /// made before any is applied, and applied as one run of moves.
    private func framePrimitive(_ id: UInt64, _ frame: Rect) -> Primitive? {
        let old = currentFrame(at: items.index(of: id)!)
        return old == frame ? nil : .setFrame(id: id, from: old, to: frame)
    }

    /// A step about to record an edit: the selections and focus before it.
    func newStep() -> HistoryStep {
        var step = HistoryStep(selectionBefore: selected, focus: (editing.focused, nil))
        step.linkSelection = (selectedLinks, [])
        return step
    }

    /// Puts the selections and focus back as they were before `step`.
    func restoreSelection(before step: HistoryStep) {
        selected = step.selectionBefore
        if let focus = step.focus { editing.focused = focus.before }
        if let links = step.linkSelection { selectedLinks = links.before }
    }

    /// Runs `body`'s primitives as one step: into the open batch, or as a
    /// step of its own, settled (laid out or published) at once.
    func edit(_ body: () throws(CanvasError) -> Void) throws(CanvasError) -> VisibleUpdate? {
        if editing.batchDepth > 0 {
            try body()
            return nil
        }
        editing.openStep = newStep()
        defer { editing.openStep = nil }
        let wasCurrent = isPublishCurrent(publishInputs)
        do {
            try body()
        } catch {
            apply(editing.openStep!.done.reversed().map(\.inverse))
            restoreSelection(before: editing.openStep!)
            throw error
        }
        let step = editing.openStep!
        do {
            return try finish(step, wasCurrent: wasCurrent)
        } catch {
            apply(step.done.reversed().map(\.inverse))
            restoreSelection(before: step)
            _ = publishAfterEdit(reordered: step.done.contains(where: \.reorders))
            throw error
        }
    }

    /// Settles a finished step and pushes it onto the history.
    /// `wasCurrent`: the published update stood for the engine before the step.
    private func finish(_ step: HistoryStep, wasCurrent: Bool = false) throws(CanvasError) -> VisibleUpdate? {
        let update = try settle(step.done, wasCurrent: wasCurrent)
        var step = step
        step.selectionAfter = selected
        if step.focus != nil { step.focus!.after = editing.focused }
        if step.linkSelection != nil { step.linkSelection!.after = selectedLinks }
        editing.history.push(step)
        return update
    }

    /// After primitives: a free canvas publishes (quickly when only frames
    /// changed), a laid-out one resolves.
    private func settle(_ primitives: [Primitive], wasCurrent: Bool) throws(CanvasError) -> VisibleUpdate? {
        guard editing.isFree && editing.index != nil else { return try resolve() }
        var moves: [(id: UInt64, from: Rect, to: Rect)] = []
        for primitive in primitives {
            guard case .setFrame(let id, let from, let to) = primitive else {
                settleFreeBounds()
                if let edited = editedVisible(after: primitives, wasCurrent: wasCurrent) {
                    return viewportChanged(clamping: false, edited: edited)
                }
                return publishAfterEdit(reordered: true)
            }
            moves.append((id, from, to))
        }
        return publishAfterMoves(moves)
    }

    /// Publishes what an edit changed on screen, without moving the viewport.
    func publishAfterEdit(reordered: Bool) -> VisibleUpdate? {
        guard editing.isFree && editing.index != nil else { return nil }
        settleFreeBounds()
        if reordered { publishedPositions = nil }
        return viewportChanged(clamping: false)
    }

    /// Applies a primitive and records it in the open step.
    func perform(_ primitive: Primitive) {
        apply(primitive)
        editing.openStep?.done.append(primitive)
    }

    /// Applies primitives and records them in the open step (see `apply(_:)` for many).
    func perform(_ primitives: [Primitive]) {
        apply(primitives)
        editing.openStep?.done.append(contentsOf: primitives)
    }

    /// Applies primitives in order, as one by one, except that each run of
    /// moves brings the level-of-detail pyramid along once for the run
    /// (`updateDetail(moves:)`): a drag step or a nudge of 1,000 cards
    /// used to update it 1,000 times (issue 20).
    /// The moved cards' links are re-routed once for the run too
    /// (`linkEndsMoved`): a link between two dragged cards once, not once
    /// for each end.
    func apply(_ primitives: [Primitive]) {
        var moves: [DetailPyramid.Move]? = detailStore == nil || primitives.count < 2 ? nil : []
        var linkEnds: MovedLinkEnds? = builtLinkCulling == nil || primitives.count < 2 ? nil : MovedLinkEnds()
        for primitive in primitives {
            if case .setFrame = primitive {} else {
                if let pending = moves, !pending.isEmpty {
                    updateDetail(moves: pending)  // before an edit that renumbers
                    moves = []
                }
                if let pending = linkEnds, !pending.ids.isEmpty {
                    linkEndsMoved(pending.ids, wasCurrent: pending.wasCurrent)
                    linkEnds = MovedLinkEnds()
                }
            }
            apply(primitive, deferring: &moves, linkEnds: &linkEnds)
        }
        if let moves { updateDetail(moves: moves) }
        if let linkEnds, !linkEnds.ids.isEmpty { linkEndsMoved(linkEnds.ids, wasCurrent: linkEnds.wasCurrent) }
    }

    /// Applies one primitive to the item list and, on a resolved free
    /// canvas, to the frames and the index, in place.
    func apply(_ primitive: Primitive) {
        var moves: [DetailPyramid.Move]? = nil
        var linkEnds: MovedLinkEnds? = nil
        apply(primitive, deferring: &moves, linkEnds: &linkEnds)
    }

    /// A run of moves whose links are re-routed after it: the moved ids, and
    /// whether the culling index matched the frames before the run's first move.
    struct MovedLinkEnds {
        var ids: [UInt64] = []
        var wasCurrent = false
    }

    /// `apply`; a move's pyramid update is appended to `moves` instead
    /// when that is not nil (the caller updates the pyramid for them), and
    /// its id to `linkEnds` likewise (the caller re-routes their links).
    private func apply(_ primitive: Primitive, deferring moves: inout [DetailPyramid.Move]?, linkEnds: inout MovedLinkEnds?) {
        let live = editing.isFree && editing.index != nil
        if live { builtIndex = nil }  // it shares the frames' storage; let it go before writing
        // Items inserted or removed carry no links then (a removal's go first): the cluster-link counts, by slot, still stand.
        let clustersCurrent = live && clusterLinksCurrent
        // Moves the pyramid was spared go in before anything renumbers the frames.
        if live, detailStore != nil, primitive.reorders { settleDetail() }
        switch primitive {
        case .insertLinks, .removeLinks:
            applyLinks(primitive)
        case .insert(let id, let position, let frame):
            if live { resolvedIDs = .empty }  // shares items.ids: let go, so the insert is in place
            items.insert(id, size: frame.size, at: position)
            if live {
                resolvedIDs = items.ids
                let slot = items.slot(at: position)
                placeFrames([frame], atSlots: [slot])
                editing.index!.insert(id, frame: frame)
                updateFreeBounds(removing: nil, adding: frame)
                orderEdited(inserting: [slot], at: [position], frames: [frame])
                clusterLinksFollowItems(inSlots: [slot], wasCurrent: clustersCurrent)
            }
        case .remove(let id, let position, let frame):
            let slot = items.slot(at: position)
            if live { resolvedIDs = .empty }
            items.remove(at: position)
            selected.remove(id)
            if editing.focused == id { editing.focused = nil }
            if live {
                resolvedIDs = items.ids
                clearFrames(atSlots: [slot])
                editing.index!.remove(id, frame: frame)
                updateFreeBounds(removing: frame, adding: nil)
                orderEdited(removing: [slot], frames: [frame])
                clusterLinksFollowItems(inSlots: [slot], wasCurrent: clustersCurrent)
            }
        case .insertMany(let placed):
            if live { resolvedIDs = .empty }
            items.insert(placed.ids, sizes: placed.frames.map(\.size), atSorted: placed.positions)
            if live {
                resolvedIDs = items.ids
                let slots = items.slots(at: placed.positions)
                placeFrames(placed.frames, atSlots: slots)
                for (id, frame) in zip(placed.ids, placed.frames) {
                    editing.index!.insert(id, frame: frame)
                    updateFreeBounds(removing: nil, adding: frame)
                }
                orderEdited(inserting: slots, at: placed.positions, frames: placed.frames)
                clusterLinksFollowItems(inSlots: slots, wasCurrent: clustersCurrent)
            }
        case .removeMany(let placed):
            let slots = live ? items.slots(at: placed.positions) : []
            if live { resolvedIDs = .empty }
            items.remove(atSorted: placed.positions)
            for id in placed.ids { selected.remove(id) }
            if let focused = editing.focused, placed.ids.contains(focused) { editing.focused = nil }
            if live {
                resolvedIDs = items.ids
                clearFrames(atSlots: slots)
                for (id, frame) in zip(placed.ids, placed.frames) {
                    editing.index!.remove(id, frame: frame)
                    updateFreeBounds(removing: frame, adding: nil)
                }
                orderEdited(removing: slots, frames: placed.frames)
                clusterLinksFollowItems(inSlots: slots, wasCurrent: clustersCurrent)
            }
        case .setFrame(let id, let from, let to):
            let slot = items.slot(of: id)!
            items.setSize(to.size, ofSlot: slot)
            if live {
                let linksCurrent = builtLinkCulling?.generation == contentGeneration
                placement.frames[slot] = to
                editing.index!.move(id, from: from, to: to)
                updateFreeBounds(removing: from, adding: to)
                // The pyramid numbers items by slot.
                if moves != nil {
                    moves!.append(DetailPyramid.Move(position: slot, from: from, to: to))
                } else {
                    updateDetail(position: slot, from: from, to: to)
                }
                if linkEnds != nil {
                    if linkEnds!.ids.isEmpty { linkEnds!.wasCurrent = linksCurrent }  // later moves of the run bumped the generation
                    linkEnds!.ids.append(id)
                } else {
                    linkEndsMoved([id], wasCurrent: linksCurrent)
                }
                clusterLinksFollowMove(slot, from: from, wasCurrent: clustersCurrent)
            }
        }
    }
}

/// The frames kept by slot (`placement`) follow an insert or a removal:
/// only the edited items' slots are written (issue 20).
extension CanvasEngine {
    /// Writes inserted items' frames into their slots, after `items` took the insert.
    private func placeFrames(_ frames: [Rect], atSlots slots: [Int]) {
        fitFramesToSlots()
        for (slot, frame) in zip(slots, frames) { placement.frames[slot] = frame }
    }

    /// Zeroes removed items' slots (a dead slot's frame takes part in
    /// nothing), after `items` took the removal.
    private func clearFrames(atSlots slots: [Int]) {
        for slot in slots where slot < placement.frames.count { placement.frames[slot] = .zero }
        fitFramesToSlots()
    }

    /// One frame for every slot `items` has handed out: more after an
    /// insert that took new slots, fewer after a removal at the end of a
    /// list still in its slots' own order.
    private func fitFramesToSlots() {
        let count = items.slotCount, kept = placement.frames.count
        if kept > count {
            placement.frames.removeLast(kept - count)
        } else if kept < count {
            placement.frames.appendGrowing(repeating: .zero, count: count - kept)
        }
    }

    /// After `items` and the frames took an insert: the pyramid follows.
    func orderEdited(inserting slots: [Int], at positions: [Int], frames placed: [Rect]) {
        guard detailStore != nil else { return }
        updateDetail(slots: slots, atSorted: positions, frames: placed, inserted: true)
    }

    /// After `items` and the frames took a removal of `slots` (theirs before it).
    func orderEdited(removing slots: [Int], frames placed: [Rect]) {
        guard detailStore != nil else { return }
        updateDetail(slots: slots, atSorted: [], frames: placed, inserted: false)
    }
}
