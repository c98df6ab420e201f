/// The select tool as calls a host routes its pointer events to.
///
/// Points are zoomed content coordinates (viewport offset + pointer
/// position). A press on an item selects it (with shift, adds it, or
/// toggles it off if it was selected) and a drag past `dragThreshold`
/// moves the selection; a press on empty space (or on a published cluster,
/// see `hit(at:)`) draws a marquee that
/// replaces the selection (adds to it with shift). A press on a link with
/// no item under it selects the link as a press on an item would, without
/// dragging; the marquee selects links too when `marqueeSelectsLinks` is on
/// (CanvasEngine+LinkSelection.swift). The whole move is one
/// undo step; cancelling puts the frames and the selections back.
///
///     engine.beginSelectGesture(at: p, shift: shift)   // pointer down
///     engine.updateSelectGesture(to: p)                // pointer move
///     engine.endSelectGesture()                        // pointer up
///     engine.cancelSelectGesture()                     // pointer cancel
///     engine.autoPan(pointer: q, elapsed: dt)          // every tick while down (dt in ms)
extension CanvasEngine {
    /// How far (screen points) a press must travel before items move.
    public static let dragThreshold = 3.0

    /// What a press landed on.
    public enum SelectPress: Hashable, Sendable {
        case item(UInt64)
        /// A link, with no item under the press (CanvasEngine+LinkSelection.swift).
        case link(UInt64)
        case emptySpace
    }

    /// The current tool.
    public var tool: Tool { editing.tool }

    /// Sets the tool; a press in progress is cancelled.
    public func setTool(_ tool: Tool) {
        if editing.gesture != nil { cancelSelectGesture() }
        editing.tool = tool
    }

    /// What snaps while moving.
    public var snapSettings: SnapSettings { editing.snap }

    /// Sets what snaps.
    /// - Throws: `.nonFinite` or `.invalidArgument` for a grid step or
    ///   threshold that is not a finite number ≥ 0.
    public func setSnap(_ settings: SnapSettings) throws(CanvasError) {
        if let grid = settings.grid {
            guard grid.isFinite else { throw CanvasError(.nonFinite, "snap grid is not finite (\(grid))") }
            guard grid >= 0 else { throw CanvasError(.invalidArgument, "snap grid is negative (\(grid))") }
        }
        guard settings.threshold.isFinite else { throw CanvasError(.nonFinite, "snap threshold is not finite (\(settings.threshold))") }
        guard settings.threshold >= 0 else { throw CanvasError(.invalidArgument, "snap threshold is negative (\(settings.threshold))") }
        editing.snap = settings
    }

    /// True from a press until it ends or is cancelled.
    public var isSelectGestureActive: Bool { editing.gesture != nil }

    /// True while a press is moving the selection.
    public var isDraggingSelection: Bool { editing.gesture?.phase == .moving }

    /// The marquee being drawn (zoomed content), or `nil`.
    public var marqueeRect: Rect? {
        guard let gesture = editing.gesture, gesture.phase == .marquee else { return nil }
        return Self.rect(from: gesture.start, to: gesture.current)
    }

    /// The snap guides of the current drag step (zoomed content), empty when none.
    public var guides: [Guide] {
        guard let gesture = editing.gesture, gesture.phase == .moving else { return [] }
        let zoom = self.zoom
        guard !zoom.isIdentity else { return gesture.guides }
        return gesture.guides.map { guide in
            let a = zoom.rect(Rect(x: guide.x1, y: guide.y1, width: 0, height: 0))
            let b = zoom.rect(Rect(x: guide.x2, y: guide.y2, width: 0, height: 0))
            return Guide(x1: a.x, y1: a.y, x2: b.x, y2: b.y, kind: guide.kind)
        }
    }

    /// Pointer down with the select tool. A press already in progress is cancelled first.
    @discardableResult
    public func beginSelectGesture(at point: Point, shift: Bool = false) -> SelectPress {
        if editing.gesture != nil { cancelSelectGesture() }
        let before = selected, linksBefore = selectedLinks
        // Over a published cluster (nil from hitTest) a press starts a marquee, as over empty space.
        guard point.isFinite, let hit = hitTest(at: point) else {
            // No item: a link under the press (not under a cluster, drawn above links) selects it.
            if point.isFinite, !isOverCluster(point), let link = pressedLink(at: point) {
                if !selectedLinks.contains(link) {
                    if !shift { selected.removeAll(); selectedLinks.removeAll() }
                    selectedLinks.insert(link)
                }
                var gesture = SelectGesture(phase: .linkPressed, start: point, current: point, shift: shift, hit: nil, selectionBefore: before)
                gesture.link = link
                gesture.linkSelectionBefore = linksBefore
                editing.gesture = gesture
                return .link(link)
            }
            if !shift { selected.removeAll(); selectedLinks.removeAll() }
            var gesture = SelectGesture(phase: .marquee, start: point, current: point, shift: shift, hit: nil, selectionBefore: before)
            gesture.linkSelectionBefore = linksBefore
            editing.gesture = gesture
            return .emptySpace
        }
        if !selected.contains(hit) {
            if !shift { selected.removeAll(); selectedLinks.removeAll() }
            selected.insert(hit)
        }
        // A shift-press on a selected item toggles it off at release, unless it drags.
        var gesture = SelectGesture(phase: .pressed, start: point, current: point, shift: shift, hit: hit, selectionBefore: before)
        gesture.linkSelectionBefore = linksBefore
        // A press on an item may start a drag of the selection: what the
        // move needs is read now, so its first step costs what a later one
        // does (issue 20: that step of 1,000 cards was 1.7 times a later
        // one, the first drag's p99 twice the tenth's).
        if editing.isFree, editing.index != nil {
            prepareMove(&gesture)
            gesture.preparedVersion = editing.selectionVersion
        }
        editing.gesture = gesture
        return .item(hit)
    }

    /// The selection's slots and frames (in data order) for a move, and
    /// where their entries sit in crowded cells of the editable index,
    /// found in one sweep, so no step searches them (`learnPlaces`).
    func prepareMove(_ gesture: inout SelectGesture) {
        let ids = selection
        gesture.startSlots = ids.map { resolvedSlot(of: $0)! }
        let frames = placement.frames
        gesture.startFrames = zip(ids, gesture.startSlots).map { id, slot in (id, frames[slot]) }
        editing.index?.learnPlaces(of: gesture.startFrames)
    }

    /// Whether what the press read for a move still holds: the same
    /// selection, each item where it was (the host may edit between the
    /// press and the move).
    func isPrepared(_ gesture: SelectGesture) -> Bool {
        guard gesture.preparedVersion == editing.selectionVersion, gesture.startSlots.count == selected.count else { return false }
        let frames = placement.frames
        for ((id, frame), slot) in zip(gesture.startFrames, gesture.startSlots) {
            guard slot < frames.count, frames[slot] == frame, resolvedIDs.id(ofSlot: slot) == id else { return false }
        }
        return true
    }

    /// Pointer move. Past the drag threshold the selection follows the
    /// pointer (snapping unless `snapping` is false, as with a held
    /// modifier); a marquee selects what it covers as it grows.
    @discardableResult
    /// A point that would drag the items too far apart to measure does nothing.
    public func updateSelectGesture(to point: Point, snapping: Bool = true) -> VisibleUpdate? {
        (try? checkedSelectGesture(to: point, snapping: snapping)) ?? nil
    }

    /// `updateSelectGesture`, refusing a step that leaves the frames too far
    /// apart to measure: its moves are undone before anything is published.
    /// - Throws: `.nonFinite` naming the point; nothing changes.
    func checkedSelectGesture(to point: Point, snapping: Bool) throws(CanvasError) -> VisibleUpdate? {
        guard point.isFinite, let before = editing.gesture else { return nil }
        let moves = stepSelectGesture(to: point, snapping: snapping)
        guard moves.isEmpty || freeFramesMeasurable() else {
            apply(moves.reversed().map { .setFrame(id: $0.id, from: $0.to, to: $0.from) })
            editing.gesture = before
            settleFreeBounds()
            throw CanvasError(.nonFinite, "dragging the selection to content point (\(point.x), \(point.y)) would place the items too far apart to measure")
        }
        return moves.isEmpty ? nil : publishAfterMoves(moves)
    }

    /// Moves the gesture to `point` without publishing; returns the frames it changed.
    @discardableResult
    private func stepSelectGesture(to point: Point, snapping: Bool) -> [(id: UInt64, from: Rect, to: Rect)] {
        guard var gesture = editing.gesture else { return [] }
        gesture.current = point
        gesture.snapping = snapping
        switch gesture.phase {
        case .marquee:
            editing.gesture = gesture
            let rect = Self.rect(from: gesture.start, to: point)
            let found = idsInRect(rect, mode: .intersect)
            selected = gesture.shift ? gesture.selectionBefore.union(found) : Set(found)
            if editing.marqueeLinks {
                let foundLinks = linksInRect(rect)
                selectedLinks = gesture.shift ? gesture.linkSelectionBefore.union(foundLinks) : Set(foundLinks)
            }
            return []
        case .linkPressed:
            editing.gesture = gesture  // a link does not drag
            return []
        case .pressed:
            let dx = point.x - gesture.start.x, dy = point.y - gesture.start.y
            guard dx * dx + dy * dy >= Self.dragThreshold * Self.dragThreshold, editing.isFree else {
                editing.gesture = gesture
                return []
            }
            if editing.index == nil { _ = try? resolveFree() }
            gesture.phase = .moving
            if !isPrepared(gesture) { prepareMove(&gesture) }
            gesture.startBounds = gesture.startFrames.dropFirst().reduce(gesture.startFrames.first?.frame ?? .zero) { $0.union($1.frame) }
        case .moving:
            break
        }
        let zoom = self.zoom
        let delta = Point(
            x: zoom.scalesX ? (point.x - gesture.start.x) / zoom.scale : point.x - gesture.start.x,
            y: zoom.scalesY ? (point.y - gesture.start.y) / zoom.scale : point.y - gesture.start.y
        )
        var moved = gesture.startBounds
        moved.x += delta.x
        moved.y += delta.y
        var offset = Point.zero
        gesture.guides = []
        if snapping && !editing.snap.isOff {
            if gesture.moving.isEmpty { gesture.moving = PositionBits(gesture.startSlots, count: placement.frames.count) }
            let result = Snapping.snap(
                moved, candidates: snapCandidates(around: moved, excluding: gesture.moving),
                settings: editing.snap, threshold: editing.snap.threshold / zoom.scale
            )
            offset = result.offset
            gesture.guides = result.guides
        }
        editing.gesture = gesture
        var moves: [(id: UInt64, from: Rect, to: Rect)] = []
        moves.reserveCapacity(gesture.startFrames.count)
        let frames = placement.frames
        for ((id, frame), slot) in zip(gesture.startFrames, gesture.startSlots) {
            let target = Rect(x: frame.x + delta.x + offset.x, y: frame.y + delta.y + offset.y, width: frame.width, height: frame.height)
            let current = frames[slot]
            if current != target { moves.append((id, current, target)) }
        }
        // One run: the level-of-detail pyramid follows the lot at once.
        apply(moves.map { .setFrame(id: $0.id, from: $0.from, to: $0.to) })
        return moves
    }

    /// Pointer up. A move becomes one undo step; a press that did not move
    /// settles the selection (a plain press on one of several selected items
    /// selects just it; a shift-press on a selected item deselects it).
    @discardableResult
    public func endSelectGesture() -> VisibleUpdate? {
        guard let gesture = editing.gesture else { return nil }
        editing.gesture = nil
        switch gesture.phase {
        case .moving:
            var step = HistoryStep(selectionBefore: gesture.selectionBefore)
            for (id, frame) in gesture.startFrames {
                let now = placement.frames[resolvedSlot(of: id)!]
                if now != frame { step.done.append(.setFrame(id: id, from: frame, to: now)) }
            }
            step.selectionAfter = selected
            editing.history.push(step)
            return nil  // each step published as it went
        case .pressed:
            if let hit = gesture.hit {
                if gesture.shift && gesture.selectionBefore.contains(hit) {
                    selected.remove(hit)
                } else if !gesture.shift {
                    selected = [hit]
                    selectedLinks.removeAll()
                }
            }
            return nil
        case .marquee:
            return nil
        case .linkPressed:
            // As for an item: a shift-press on a selected link deselects it,
            // a plain press on one of several selected selects just it.
            if let link = gesture.link {
                if gesture.shift && gesture.linkSelectionBefore.contains(link) {
                    selectedLinks.remove(link)
                } else if !gesture.shift {
                    selected.removeAll()
                    selectedLinks = [link]
                }
            }
            return nil
        }
    }

    /// Pointer cancel: the frames and the selection go back to how they were at the press.
    @discardableResult
    public func cancelSelectGesture() -> VisibleUpdate? {
        guard let gesture = editing.gesture else { return nil }
        editing.gesture = nil
        selected = gesture.selectionBefore
        selectedLinks = gesture.linkSelectionBefore.filter { links.position(of: $0) != nil }
        guard gesture.phase == .moving else { return nil }
        var moves: [(id: UInt64, from: Rect, to: Rect)] = []
        for (id, frame) in gesture.startFrames {
            let now = placement.frames[resolvedSlot(of: id)!]
            if now != frame { moves.append((id, now, frame)) }
        }
        apply(moves.map { .setFrame(id: $0.id, from: $0.from, to: $0.to) })
        return publishAfterMoves(moves)
    }

    /// One tick of auto-pan while a press is held: near a viewport edge the
    /// viewport scrolls by `AutoPan.velocity` × `elapsed` seconds and the
    /// dragged items (or the marquee) follow the pointer, which stays put on screen.
    /// - Parameters:
    ///   - pointer: the pointer in viewport coordinates.
    ///   - elapsed: milliseconds since the last tick, from the host's clock.
    /// - Returns: the visible diff, `nil` when nothing scrolled.
    @discardableResult
    public func autoPan(pointer: Point, elapsed: Double) -> VisibleUpdate? {
        guard let gesture = editing.gesture, gesture.phase != .pressed, gesture.phase != .linkPressed, elapsed > 0, elapsed.isFinite else { return nil }
        let velocity = AutoPan.velocity(pointer: pointer, viewport: viewport.size)
        guard velocity != .zero else { return nil }
        let before = viewport.offset
        viewport.offset = scrollBounds.clamp(Point(x: before.x + velocity.x * elapsed, y: before.y + velocity.y * elapsed))
        guard viewport.offset != before else { return nil }
        stepSelectGesture(to: Point(x: viewport.offset.x + pointer.x, y: viewport.offset.y + pointer.y), snapping: gesture.snapping)
        settleFreeBounds()
        return viewportChanged(clamping: false)
    }

    /// Snap candidates: other items' frames (unzoomed) near `bounds`, from the
    /// index, in data order. "Near" is half a screen around the bounds (at least 256
    /// points), so neighbours just off screen count too; the nearest 64 by
    /// centre distance are kept (the first in data order on a tie), which
    /// bounds the gap search.
    ///
    /// The index's hits are taken as they come and only the kept ones are
    /// sorted: a drag step of 1,000 cards in a dense blob found thousands,
    /// and sorting them all, then hashing each id to leave out the moving
    /// ones, was most of the candidates' cost (issue 20).
    func snapCandidates(around bounds: Rect, excluding moving: PositionBits) -> [Rect] {
        let zoom = self.zoom
        let reach = max(256, max(viewport.size.width, viewport.size.height) / 2 / zoom.scale)
        let area = Rect(x: bounds.x - reach, y: bounds.y - reach, width: bounds.width + 2 * reach, height: bounds.height + 2 * reach)
        let cx = bounds.x + bounds.width / 2, cy = bounds.y + bounds.height / 2
        let frames = placement.frames, ids = resolvedIDs
        func distance(_ r: Rect) -> Double {
            let dx = r.x + r.width / 2 - cx, dy = r.y + r.height / 2 - cy
            return dx * dx + dy * dy
        }
        var found: [(position: Int, distance: Double)] = []
        found.reserveCapacity(256)
        forEachSlot(in: area) { slot in
            guard !moving.contains(slot) else { return }
            found.append((slot, distance(frames[slot])))
        }
        if found.count > Self.snapCandidateLimit {
            // The limit-th smallest distance in linear time, then a filter.
            var distances = found.map(\.distance)
            let cutoff = selectValue(atRank: Self.snapCandidateLimit - 1, in: &distances)
            found.removeAll { $0.distance > cutoff }
        }
        // The kept ones in data order (`found` holds slots until here).
        if ids.hasOrder { for index in found.indices { found[index].position = ids.position(ofSlot: found[index].position)! } }
        found.sort { $0.position < $1.position }
        if found.count > Self.snapCandidateLimit { found.removeLast(found.count - Self.snapCandidateLimit) }
        return found.map { worldFrame(at: $0.position) }
    }

    /// Calls `body` with the slot of each item whose frame meets `rect`
    /// (unzoomed), once each, in no particular order: `worldQuerySlots`
    /// without its sort and its array.
    func forEachSlot(in rect: Rect, _ body: (Int) -> Void) {
        guard let index = editing.index else {
            for slot in worldQuerySlots(rect) { body(slot) }
            return
        }
        guard index.count > 0, rect.isFinite, !rect.isEmpty else { return }
        let items = self.items, frames = placement.frames
        for id in index.oversized {
            let slot = items.slot(of: id)!
            if frames[slot].intersects(rect) { body(slot) }
        }
        index.forEachHit(rect, frame: { frames[items.slot(of: $0)!] }) { body(items.slot(of: $0)!) }
    }

    static let snapCandidateLimit = 64

    static func rect(from a: Point, to b: Point) -> Rect {
        Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(b.x - a.x), height: abs(b.y - a.y))
    }
}
