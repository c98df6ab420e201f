/// Motion under the host's clock: every time comes from the host, in
/// milliseconds, and never goes back; `tick(at:)` advances whatever is in
/// motion to that time, culls once and publishes one update. Each motion is
/// a value asked "where at time t" (`AxisMotion`, `ScrollAnimation`,
/// `SmoothZoomPath`), so a frame at any time is exact.
extension CanvasEngine {
    /// What one tick did.
    public struct TickResult: Hashable, Sendable {
        /// The offset or the zoom changed.
        public var moved: Bool
        /// Motion continues: keep ticking.
        public var isActive: Bool
        public var phase: MotionPhase
        /// This tick published a viewport update.
        public var published: Bool
        /// The scroll indicators are still fading out: keep drawing them.
        public var isFading: Bool
        /// Zoom changes this tick made, for the host's zoom callback.
        public var zoomEvents: [ZoomEvent]
    }

    public var motionSettings: MotionSettings { motion.settings }

    /// Replaces the motion settings. Turning scrolling off stops a drag,
    /// fling or crown turn where it is.
    /// - Throws: `CanvasError` for a bad deceleration rate; nothing changes.
    public func setMotionSettings(_ settings: MotionSettings) throws(CanvasError) {
        try settings.validate()
        motion.settings = settings
        if !settings.isScrollEnabled {
            switch motion.activity {
            case .pointer, .fling, .crown: stopMotion()
            default: break
            }
        }
        viewportChanged()
    }

    /// The phase at the host's latest time.
    public var motionPhase: MotionPhase {
        if isPinching { return .pinching }
        return motion.phase(at: motion.clock ?? 0)
    }

    /// True while dragging, decelerating, bouncing, animating or pinching,
    /// or while the host says it is moving (`setMoving`). Measuring waits.
    public var isMoving: Bool { viewport.isMoving || motionPhase != .idle }

    /// The viewport offset's rate of change, in points per millisecond, at
    /// the host's latest time.
    public var motionVelocity: Point {
        let t = motion.clock ?? 0
        switch motion.activity {
        case .idle, .zoom: return .zero
        case .pointer(let drag):
            guard drag.isPanning else { return .zero }
            let v = drag.tracker.velocity()
            return mask(Point(x: -v.x, y: -v.y), to: drag.axis)
        case .crown(let turn):
            return along(motion.settings.crownAxis, turn.tracker.velocity().x)
        case .fling(let x, let y): return Point(x: x.velocity(at: t), y: y.velocity(at: t))
        case .scroll(let animation): return animation.velocity(at: t)
        }
    }

    /// Where the fling in progress comes to rest under friction alone
    /// (x0 − v / ln d per axis), so a host can prefetch there; nil when not flinging.
    public var projectedEnd: Point? {
        if case .fling = motion.activity { return motion.projectedEnd }
        return nil
    }

    /// When the running animation (an animated scroll, page, key press or
    /// zoom) ends, in the host's milliseconds; nil when none runs.
    public var animationEndTime: Double? {
        switch motion.activity {
        case .scroll(let animation): animation.start + animation.duration
        case .zoom(let animation): animation.start + animation.duration
        default: nil
        }
    }

    /// The host's latest time, if it has given one.
    public var clock: Double? { motion.clock }

    /// Advances everything in motion to `now`, culls once and publishes at
    /// most one update.
    /// - Throws: `CanvasError` for a time that is not finite or goes back; nothing changes.
    public func tick(at now: Double) throws(CanvasError) -> TickResult {
        try advanceClock(to: now, "tick time")
        let before = (offset: viewport.offset, scale: zoomScale)
        selectToolTick(at: now)  // auto-pan while the select tool drags (issue 14)
        var events: [ZoomEvent] = []
        switch motion.activity {
        case .idle, .pointer:
            break
        case .fling(let x, let y):
            viewport.offset = Point(x: x.position(at: now), y: y.position(at: now))
            if x.isDone(at: now) && y.isDone(at: now) { settle(at: now) }
        case .scroll(let animation):
            viewport.offset = animation.offset(at: now)
            if animation.isDone(at: now) { settle(at: now) }
        case .zoom(let animation):
            events = stepZoom(animation, at: now)
            if now >= animation.start + animation.duration { settle(at: now) }
        case .crown(let turn):
            // The crown reports turns, not a release: a pause ends the turn
            // and the content flings on with the crown's velocity.
            if now - turn.lastTime > VelocityTracker.stopGap {
                release(velocity: along(motion.settings.crownAxis, turn.tracker.velocity().x), at: now)
            }
        }
        // The same rule as `viewportChanged`'s own, checked first so an idle tick costs a comparison.
        let update = isClampOrPublishPending ? viewportChanged() : nil
        let phase = motionPhase
        let indicatorOpacity = indicatorOpacity
        return TickResult(
            moved: viewport.offset != before.offset || zoomScale != before.scale,
            isActive: phase != .idle,
            phase: phase,
            published: update != nil,
            isFading: motion.settings.indicators == .automatic && !isMoving && indicatorOpacity > 0,
            zoomEvents: events
        )
    }

    /// The scroll indicators at the host's latest time.
    public var indicators: ScrollIndicators {
        let ranges = scrollRanges
        return ScrollIndicators.layout(size: viewport.size, offset: viewport.offset,
                                       x: ranges.x, y: ranges.y, opacity: indicatorOpacity)
    }

    var indicatorOpacity: Double {
        switch motion.settings.indicators {
        case .visible: return 1
        case .hidden: return 0
        case .automatic:
            if isMoving { return 1 }
            guard let stopped = motion.stoppedAt, let now = motion.clock else { return 0 }
            return max(0, 1 - (now - stopped) / ScrollIndicators.fadeDuration)
        }
    }

    // MARK: Helpers shared by input and animation

    /// Takes the host's time for an event: finite, and never before the last.
    func advanceClock(to time: Double, _ what: String) throws(CanvasError) {
        guard time.isFinite else { throw CanvasError(.nonFinite, "\(what) is not finite") }
        if let clock = motion.clock, time < clock {
            throw CanvasError(.invalidArgument, "\(what) \(time) ms is before the previous event's \(clock) ms; times must not go back")
        }
        motion.clock = time
    }

    /// Ends whatever is in motion, where it is. A pointer that is down
    /// stays down, its drag starting again from here.
    func stopMotion(clamping: Bool = true) {
        let now = motion.clock ?? 0
        switch motion.activity {
        case .idle: return
        case .pointer:
            rebaseDrag()
        case .fling, .scroll, .zoom, .crown:
            if motion.phase(at: now) != .idle { motion.stoppedAt = now }
            motion.activity = .idle
        }
        // Stopped past an edge (a spring caught mid-way): back on the content,
        // unless a pointer caught it (pointerDown holds it there).
        if clamping && !motion.allowsOverscroll {
            viewport.offset = clamped(viewport.offset)
        }
    }

    /// The motion is over: at rest, and the indicators start to fade.
    func settle(at time: Double) {
        motion.activity = .idle
        motion.stoppedAt = time
        motion.projectedEnd = nil
    }

    /// Lets the viewport go at `velocity` (offset points per ms): friction
    /// inside the content, a spring back from past an edge, or a hard stop
    /// at an edge that does not bounce.
    func release(velocity: Point, at time: Double) {
        let velocity = Self.saturated(velocity)  // past the fastest fling: at it (CanvasEngine+FiniteMotion.swift)
        let ranges = scrollRanges
        let rate = motion.settings.deceleration
        let offset = viewport.offset
        let x = AxisMotion(position: offset.x, velocity: velocity.x, start: time, range: ranges.x,
                           bounces: motion.settings.bounces(ranges.x), rate: rate)
        let y = AxisMotion(position: offset.y, velocity: velocity.y, start: time, range: ranges.y,
                           bounces: motion.settings.bounces(ranges.y), rate: rate)
        viewport.offset = Point(x: x.position(at: time), y: y.position(at: time))
        if x.isDone(at: time) && y.isDone(at: time) {
            let wasMoving = motion.phase(at: time) != .idle
            motion.activity = .idle
            motion.projectedEnd = nil
            if wasMoving { motion.stoppedAt = time }
            return
        }
        motion.activity = .fling(x: x, y: y)
        motion.projectedEnd = Point(x: x.projectedEnd ?? offset.x, y: y.projectedEnd ?? offset.y)
    }

    /// The drag offset that shows `offset`: the rubber band taken off.
    func unbanded(_ offset: Point) -> Point {
        let ranges = scrollRanges
        return Point(x: ranges.x.unbanded(offset.x, dimension: viewport.size.width),
                     y: ranges.y.unbanded(offset.y, dimension: viewport.size.height))
    }

    func mask(_ point: Point, to axis: PanAxis) -> Point {
        switch axis {
        case .horizontal: Point(x: point.x, y: 0)
        case .vertical: Point(x: 0, y: point.y)
        case .free, .locked: point
        }
    }

    func along(_ axis: Axis, _ value: Double) -> Point {
        axis == .horizontal ? Point(x: value, y: 0) : Point(x: 0, y: value)
    }

    /// The visible items (the published update's, in data order) with
    /// their zoomed frames, one by one, for a host that draws them.
    /// - Complexity: O(visible).
    public func forEachVisibleItem(_ body: (UInt64, Rect) -> Void) {
        guard let published else { return }
        let zoom = self.zoom
        let frames = placement.frames
        if let positions = publishedPositions, positions.count == published.visible.count {
            // Ascending positions: their slots in one walk through the order.
            let slots = resolvedIDs.slots(at: positions)
            // Visible items lie anywhere in data order, so each frame read
            // misses the cache; read a run of them before handing any out,
            // so the misses overlap (they came one at a time around the
            // body's call: a quarter of a ctrl-wheel frame, issue 20).
            let run = DetailPyramid.gatherRun
            frames.withUnsafeBufferPointer { frames in
                withUnsafeTemporaryAllocation(of: Rect.self, capacity: run) { scratch in
                    let scratch = scratch.baseAddress!
                    var base = 0
                    while base < slots.count {
                        let end = Swift.min(slots.count, base + run)
                        for k in base..<end { (scratch + (k &- base)).initialize(to: frames[slots[k]]) }
                        for k in base..<end { body(published.visible[k], zoom.rect(scratch[k &- base])) }
                        base = end
                    }
                }
            }
            return
        }
        for id in published.visible {
            if let slot = resolvedSlot(of: id) { body(id, zoom.rect(frames[slot])) }
        }
    }

    /// How many items `forEachVisibleItem` hands out.
    public var visibleItemCount: Int {
        guard let published else { return 0 }
        if let positions = publishedPositions, positions.count == published.visible.count { return positions.count }
        return published.visible.reduce(0) { $0 + (resolvedPosition(of: $1) == nil ? 0 : 1) }
    }
}
