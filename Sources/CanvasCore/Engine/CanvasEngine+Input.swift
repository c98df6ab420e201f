/// A wheel or trackpad scroll event, as browsers report one.
public struct WheelEvent: Hashable, Sendable {
    public enum Mode: String, CaseIterable, Sendable {
        /// Deltas in points.
        case pixel
        /// Deltas in lines of `WheelEvent.lineHeight` points.
        case line
        /// Deltas in pages (the page step, 0.85 of the viewport).
        case page
    }

    /// How many points a line is.
    public static let lineHeight = 40.0

    public var delta: Point
    public var mode: Mode
    public var modifiers: InputModifiers
    /// Where the pointer is, in viewport coordinates (the zoom's anchor).
    public var pointer: Point
    public var time: Double

    public init(delta: Point, mode: Mode = .pixel, modifiers: InputModifiers = [], pointer: Point, time: Double) {
        self.delta = delta
        self.mode = mode
        self.modifiers = modifiers
        self.pointer = pointer
        self.time = time
    }

    /// d3-zoom's `defaultWheelDelta` multiplies its factor by 10 when ctrl
    /// is held: browsers and several desktop stacks deliver a trackpad pinch
    /// as ctrl+wheel with small deltas, and without it a pinch zooms ten
    /// times slower than in d3-based editors. The engine zooms only with
    /// ctrl, so a ctrl-wheel step is k′ = k · 2^(−dy · f · 10).
    public static let ctrlZoomFactor = 10.0

    /// d3-zoom's factor f for k′ = k · 2^(−dy · f · ctrlZoomFactor): per pixel, line or page.
    public var zoomFactor: Double {
        switch mode {
        case .pixel: 0.002
        case .line: 0.05
        case .page: 1
        }
    }
}

/// The keys the engine acts on: most scroll; with the select tool on a free
/// canvas the arrows nudge the selection, and delete removes it.
public enum ScrollKey: String, CaseIterable, Sendable {
    case left, right, up, down
    case pageUp = "page_up"
    case pageDown = "page_down"
    case home, end
    case delete

    /// The direction an arrow key nudges in.
    var nudgeDirection: FocusDirection? {
        switch self {
        case .left: .left
        case .right: .right
        case .up: .up
        case .down: .down
        default: nil
        }
    }
}

/// Input from the host: a pointer, a fling, the wheel, the crown, keys.
/// Positions are viewport coordinates; times are the host's milliseconds.
/// Any new input stops an animation or a fling where it is.
extension CanvasEngine {
    /// A pointer went down: any motion stops where it is (a fling is caught).
    /// With the select tool the button routes it (see CanvasEngine+PointerButtons.swift).
    /// - Throws: `CanvasError` for a non-finite point or a time that goes back; nothing changes.
    public func pointerDown(at point: Point, time: Double, modifiers: InputModifiers = [],
                            button: PointerButton = .primary) throws(CanvasError) {
        try checkPoint(point, "pointer")
        try advanceClock(to: time, "pointer down time")
        if case .pointer = motion.activity { motion.activity = .idle }  // a lost up: start over
        // A bounce or a spring caught by the pointer stays where it is: the
        // drag goes on from the rubber band's inverse of the offset.
        stopMotion(clamping: false)
        if pressSelects(button), selectToolDown(at: point, time: time, modifiers: modifiers) {  // the select tool (issue 14)
            viewport.offset = clamped(viewport.offset)
            return
        }
        // A panning press after a lost up drops the select tool's press, as a new press of it would.
        if editing.gesture != nil { cancelSelectGesture() }
        var drag = PointerDrag(down: point, last: point, rawStart: unbanded(viewport.offset))
        drag.tracker.add(point, at: time)
        drag.modifiers = modifiers
        drag.holdsOverscroll = clamped(viewport.offset) != viewport.offset
        motion.activity = .pointer(drag)
        viewportChanged()
    }

    /// The pointer moved. Past the slop the drag pans, keeping the content
    /// point first touched under the pointer; past an edge, the rubber band.
    /// - Throws: `CanvasError` with no pointer down, for a non-finite point,
    ///   or a time that goes back; nothing changes.
    public func pointerMove(to point: Point, time: Double) throws(CanvasError) {
        if try selectToolMove(to: point, time: time) { return }
        guard case .pointer(var drag) = motion.activity else {
            throw CanvasError(.invalidArgument, "pointer moved with no pointer down")
        }
        try checkPoint(point, "pointer")
        let checkpoint = motionCheckpoint
        try advanceClock(to: time, "pointer move time")
        drag.tracker.add(point, at: time)
        drag.last = point
        let travel = Point(x: point.x - drag.down.x, y: point.y - drag.down.y)
        if !drag.isPanning, motion.settings.isScrollEnabled,
           (travel.x * travel.x + travel.y * travel.y).squareRoot() > PointerDrag.slop {
            drag.isPanning = true
            drag.axis = Self.lockedAxis(motion.settings.panAxis, travel: travel)
        }
        motion.activity = .pointer(drag)
        if drag.isPanning { pan(drag) }
        try checkMotionFinite("pointer move to (\(point.x), \(point.y))", since: checkpoint)
        viewportChanged()
    }

    /// The pointer went up: a drag flings with the pointer's velocity (none
    /// when it rested more than 40 ms first), or springs back from past an edge.
    /// - Throws: as `pointerMove`.
    public func pointerUp(at point: Point, time: Double) throws(CanvasError) {
        if try selectToolUp(at: point, time: time) { return }
        guard case .pointer(let drag) = motion.activity else {
            throw CanvasError(.invalidArgument, "pointer went up with no pointer down")
        }
        try checkPoint(point, "pointer")
        if point != drag.last { try pointerMove(to: point, time: time) }
        let checkpoint = motionCheckpoint
        try advanceClock(to: time, "pointer up time")
        guard case .pointer(let moved) = motion.activity else { return }
        var velocity = Point.zero
        if moved.isPanning {
            let v = moved.tracker.velocity(releasedAt: time)
            velocity = mask(Point(x: -v.x, y: -v.y), to: moved.axis)
        }
        motion.activity = .idle
        release(velocity: velocity, at: time)
        try checkMotionFinite("pointer up at (\(point.x), \(point.y))", since: checkpoint)
        viewportChanged()
    }

    /// The pointer's gesture was cancelled: no fling; past an edge, the spring back.
    /// - Throws: `CanvasError` with no pointer down, or for a bad time.
    public func pointerCancel(at point: Point, time: Double) throws(CanvasError) {
        if try selectToolCancel(at: point, time: time) { return }
        guard case .pointer = motion.activity else {
            throw CanvasError(.invalidArgument, "pointer cancelled with no pointer down")
        }
        try checkPoint(point, "pointer")
        try advanceClock(to: time, "pointer cancel time")
        motion.activity = .idle
        release(velocity: .zero, at: time)
        viewportChanged()
    }

    /// Starts a fling with the host's own velocity (offset points per ms).
    /// - Throws: `CanvasError` for a non-finite velocity or a bad time.
    public func fling(velocity: Point, time: Double) throws(CanvasError) {
        try checkPoint(velocity, "fling velocity")
        let checkpoint = motionCheckpoint
        try advanceClock(to: time, "fling time")
        guard motion.settings.isScrollEnabled else { return }
        stopMotion()
        if case .pointer = motion.activity { motion.activity = .idle }
        release(velocity: mask(velocity, to: motion.settings.panAxis), at: time)
        try checkMotionFinite("fling velocity (\(velocity.x), \(velocity.y))", since: checkpoint)
        viewportChanged()
    }

    /// A wheel or trackpad event. Plain: scrolls by the delta (shift turns
    /// a vertical delta horizontal). With ctrl (also how browsers report a
    /// trackpad pinch): zooms about the pointer, k′ = clamp(k · 2^(−dy · f · 10)),
    /// d3-zoom's `defaultWheelDelta` with ctrl held.
    /// - Returns: the zoom events it caused.
    /// - Throws: `CanvasError` for non-finite numbers or a bad time; nothing changes.
    @discardableResult
    public func wheel(_ event: WheelEvent) throws(CanvasError) -> [ZoomEvent] {
        try checkPoint(event.delta, "wheel delta")
        try checkPoint(event.pointer, "wheel pointer")
        let checkpoint = motionCheckpoint
        try advanceClock(to: event.time, "wheel time")
        if event.modifiers.contains(.ctrl) {
            guard zoomSettings.isPinchEnabled, event.delta.y != 0 else { return [] }
            stopMotion()
            let scale = zoomSettings.clamp(zoomScale * power(2, -event.delta.y * event.zoomFactor * WheelEvent.ctrlZoomFactor))
            rebaseDrag()
            return setZoomUnchecked(scale, anchor: event.pointer)
        }
        guard motion.settings.isScrollEnabled else { return [] }
        var delta = event.delta
        if event.modifiers.contains(.shift) { delta = Point(x: delta.x + delta.y, y: 0) }
        let unit: Point = switch event.mode {
        case .pixel: Point(x: 1, y: 1)
        case .line: Point(x: WheelEvent.lineHeight, y: WheelEvent.lineHeight)
        case .page: Point(x: viewport.size.width * PageDirection.pageFraction,
                          y: viewport.size.height * PageDirection.pageFraction)
        }
        stopMotion()
        viewport.offset = clamped(Point(x: viewport.offset.x + delta.x * unit.x, y: viewport.offset.y + delta.y * unit.y))
        rebaseDrag()
        try checkMotionFinite("wheel delta (\(event.delta.x), \(event.delta.y))", since: checkpoint)
        viewportChanged()
        return []
    }

    /// The crown (a rotary input) turned by `delta` points along its axis
    /// (`MotionSettings.crownAxis`). When the turning pauses for more than
    /// 40 ms, the content flings on with the crown's velocity.
    /// - Throws: `CanvasError` for a non-finite delta or a bad time.
    public func crown(delta: Double, time: Double) throws(CanvasError) {
        guard delta.isFinite else { throw CanvasError(.nonFinite, "crown delta is not finite") }
        let checkpoint = motionCheckpoint
        try advanceClock(to: time, "crown time")
        guard motion.settings.isScrollEnabled else { return }
        var turn: CrownTurn
        if case .crown(let current) = motion.activity {
            turn = current
        } else {
            stopMotion()
            if case .pointer = motion.activity { return }  // a drag owns the viewport
            turn = CrownTurn(lastTime: time)
        }
        turn.total += delta
        turn.lastTime = time
        turn.tracker.add(Point(x: turn.total, y: 0), at: time)
        let step = along(motion.settings.crownAxis, delta)
        viewport.offset = clamped(Point(x: viewport.offset.x + step.x, y: viewport.offset.y + step.y))
        motion.activity = .crown(turn)
        try checkMotionFinite("crown delta \(delta)", since: checkpoint)
        viewportChanged()
    }

    /// A key. Delete removes the selection (one undo step). With the select
    /// tool on a free canvas and something selected, an arrow nudges the
    /// selection (1 point, 10 with shift, a grid step with grid snapping).
    /// Otherwise the key scrolls, animated: arrows by a line
    /// (`WheelEvent.lineHeight`), page up and down by the page step, home
    /// and end to the content's edges (vertical ones; horizontal when only
    /// that axis scrolls). A key pressed during a key's animation goes on
    /// from its target.
    /// - Throws: `CanvasError` for a bad time, or from the edit; nothing changes.
    public func key(_ key: ScrollKey, modifiers: InputModifiers = [], time: Double) throws(CanvasError) {
        if key == .delete || (editing.isFree && tool == .select && !selection.isEmpty && key.nudgeDirection != nil) {
            try transaction { () throws(CanvasError) in
                try advanceClock(to: time, "key time")
                if let direction = key.nudgeDirection {
                    try nudge(direction, shift: modifiers.contains(.shift))
                } else {
                    try removeSelection()
                }
            }
            return
        }
        try advanceClock(to: time, "key time")
        guard motion.settings.isScrollEnabled else { return }
        var from = viewport.offset
        if case .scroll(let animation) = motion.activity { from = animation.to }
        let ranges = scrollRanges
        let line = WheelEvent.lineHeight
        let page = viewport.size.height * PageDirection.pageFraction
        let vertical = ranges.y.canScroll || !ranges.x.canScroll
        // Home and end go to the content's edges, also where the viewport
        // may scroll without bounds (a free canvas): there the items' bounds.
        let bounds = contentBounds
        let edges = (x: ScrollRange(lower: ranges.x.lower.isFinite ? ranges.x.lower : bounds.x,
                                    upper: ranges.x.upper.isFinite ? ranges.x.upper : bounds.x + bounds.width - viewport.size.width),
                     y: ScrollRange(lower: ranges.y.lower.isFinite ? ranges.y.lower : bounds.y,
                                    upper: ranges.y.upper.isFinite ? ranges.y.upper : bounds.y + bounds.height - viewport.size.height))
        var target = from
        switch key {
        case .left: target.x -= line
        case .right: target.x += line
        case .up: target.y -= line
        case .down: target.y += line
        case .pageUp: target.y -= page
        case .pageDown: target.y += page
        case .home: if vertical { target.y = edges.y.lower } else { target.x = edges.x.lower }
        case .end: if vertical { target.y = edges.y.upper } else { target.x = edges.x.upper }
        case .delete: return
        }
        animateScroll(to: target, duration: ScrollAnimation.defaultDuration, at: time)
    }

    // MARK: Helpers

    func checkPoint(_ point: Point, _ what: String) throws(CanvasError) {
        guard point.isFinite else { throw CanvasError(.nonFinite, "\(what) is not finite: (\(point.x), \(point.y))") }
    }

    func clamped(_ offset: Point) -> Point {
        let ranges = scrollRanges
        return Point(x: ranges.x.clamp(offset.x), y: ranges.y.clamp(offset.y))
    }

    /// Moves the viewport for a drag that is panning.
    private func pan(_ drag: PointerDrag) {
        let moved = mask(Point(x: drag.down.x - drag.last.x, y: drag.down.y - drag.last.y), to: drag.axis)
        let raw = Point(x: drag.rawStart.x + moved.x, y: drag.rawStart.y + moved.y)
        let ranges = scrollRanges
        viewport.offset = Point(
            x: ranges.x.banded(raw.x, bounces: motion.settings.bounces(ranges.x), dimension: viewport.size.width),
            y: ranges.y.banded(raw.y, bounces: motion.settings.bounces(ranges.y), dimension: viewport.size.height)
        )
    }

    /// A drag in progress goes on from the offset as it is now (after a
    /// zoom or a scroll under it), so the pointer does not jump it back.
    func rebaseDrag() {
        guard case .pointer(var drag) = motion.activity else { return }
        if drag.holdsOverscroll {
            // Something else moved the viewport: a caught bounce lets go, on the content.
            drag.holdsOverscroll = false
            viewport.offset = clamped(viewport.offset)
        }
        drag.rawStart = unbanded(viewport.offset)
        drag.down = drag.last
        motion.activity = .pointer(drag)
    }

    /// UIScrollView's directional lock: a drag that starts at least twice as
    /// far along one axis as along the other stays on that axis.
    static func lockedAxis(_ setting: PanAxis, travel: Point) -> PanAxis {
        guard setting == .locked else { return setting }
        if abs(travel.x) > 2 * abs(travel.y) { return .horizontal }
        if abs(travel.y) > 2 * abs(travel.x) { return .vertical }
        return .free
    }
}
