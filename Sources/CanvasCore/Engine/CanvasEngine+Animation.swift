/// Animated motion: scrolling to a target, paging, and zooming to fit along
/// the smooth zoom path. Each ends exactly on its (clamped) target; any new
/// pointer, wheel, crown, fling or pinch input stops it where it is.
extension CanvasEngine {
    /// Scrolls so that `region` (zoomed content coordinates) meets the
    /// window at `anchor`, as `scroll(toRegion:anchor:)`, over `duration`
    /// milliseconds from `time` (`ScrollAnimation.defaultDuration` when nil).
    /// - Throws: `CanvasError` for a bad duration or time; nothing changes.
    public func scroll(toRegion region: Rect, anchor: UnitPoint, duration: Double?, at time: Double) throws(CanvasError) {
        let duration = try checkDuration(duration, default: ScrollAnimation.defaultDuration)
        try advanceClock(to: time, "scroll time")
        animateScroll(to: Viewport.offset(showing: region, at: anchor, size: viewport.size), duration: duration, at: time)
    }

    /// `scroll(toRegion:anchor:duration:at:)` to an item's frame.
    /// - Throws: `CanvasError.notFound` for an unknown id; nothing moves.
    public func scroll(toID id: UInt64, anchor: UnitPoint, duration: Double?, at time: Double) throws(CanvasError) {
        guard let frame = frame(of: id) else { throw CanvasError(.notFound, "no item has id \(id)") }
        try scroll(toRegion: frame, anchor: anchor, duration: duration, at: time)
    }

    /// `scroll(toRegion:anchor:duration:at:)` to a content point.
    public func scroll(toPoint point: Point, anchor: UnitPoint, duration: Double?, at time: Double) throws(CanvasError) {
        try scroll(toRegion: Rect(origin: point, size: .zero), anchor: anchor, duration: duration, at: time)
    }

    /// One page in `direction`, animated; from the target of a page or
    /// scroll already animating, so pages pressed quickly add up.
    /// - Returns: false when the target is where the viewport already is.
    @discardableResult
    public func page(_ direction: PageDirection, duration: Double?, at time: Double) throws(CanvasError) -> Bool {
        let duration = try checkDuration(duration, default: ScrollAnimation.defaultDuration)
        try advanceClock(to: time, "page time")
        var target = viewport.offset
        if case .scroll(let animation) = motion.activity { target = animation.to }
        let step = PageDirection.pageFraction
        switch direction {
        case .left: target.x -= viewport.size.width * step
        case .right: target.x += viewport.size.width * step
        case .up: target.y -= viewport.size.height * step
        case .down: target.y += viewport.size.height * step
        }
        return animateScroll(to: target, duration: duration, at: time)
    }

    /// Starts an eased scroll from where the viewport is to `target`
    /// (clamped); a zero duration jumps at once.
    /// - Returns: false when there is nowhere to go.
    @discardableResult
    func animateScroll(to target: Point, duration: Double, at time: Double) -> Bool {
        stopMotion()
        rebaseDrag()
        if case .pointer = motion.activity { motion.activity = .idle }
        let target = clamped(target)
        guard target != viewport.offset else {
            viewportChanged()
            return false
        }
        if duration <= 0 {
            viewport.offset = target
        } else {
            motion.activity = .scroll(ScrollAnimation(from: viewport.offset, to: target, start: time, duration: duration))
        }
        viewportChanged()
        return true
    }

    /// The scale that fits `region` (zoomed content coordinates; nil: every
    /// item) into the viewport with `padding` points on each side:
    /// clamp(min((W − 2p) / Rw, (H − 2p) / Rh)) over the zoomed axes, with
    /// Rw, Rh the region's unzoomed size; nil when the region has no extent
    /// on any zoomed axis.
    public func fittingScale(for region: Rect?, padding: Double) throws(CanvasError) -> (scale: Double, region: Rect)? {
        guard padding.isFinite else { throw CanvasError(.nonFinite, "zoom to fit padding is not finite") }
        guard padding >= 0 else { throw CanvasError(.invalidArgument, "zoom to fit padding must not be negative, got \(padding)") }
        let unzoomed: Rect
        if let region {
            guard region.isFinite else { throw CanvasError(.nonFinite, "zoom to fit region is not finite") }
            guard region.width >= 0, region.height >= 0 else {
                throw CanvasError(.invalidArgument, "zoom to fit region has a negative side")
            }
            unzoomed = zoom.unzoomed(region)
        } else {
            guard resolvedCount > 0 else { return nil }
            unzoomed = placement.contentBounds
        }
        let axis = zoomSettings.axis
        let room = Size(width: viewport.size.width - 2 * padding, height: viewport.size.height - 2 * padding)
        var ratio = Double.infinity
        if axis.zoomsX, unzoomed.width > 0 { ratio = min(ratio, room.width / unzoomed.width) }
        if axis.zoomsY, unzoomed.height > 0 { ratio = min(ratio, room.height / unzoomed.height) }
        guard ratio.isFinite else { return nil }
        guard ratio > 0 else {
            throw CanvasError(.invalidArgument, "zoom to fit padding \(padding) leaves no room in a \(viewport.size.width) × \(viewport.size.height) viewport")
        }
        return (zoomSettings.clamp(ratio), unzoomed)
    }

    /// Zooms to fit `region` (nil: every item) with `padding`, centred on it;
    /// animated along the smooth zoom path over `duration` (nil: the path's
    /// own S · 1000 ms, at most `SmoothZoomPath.defaultDurationCap`), or at
    /// once. A fit that is already where it would end does nothing. The
    /// target is clamped by the scroll bounds at the scale it ends at (a
    /// free canvas's extent; [0, content − viewport] when laid out).
    /// - Returns: the zoom events (at once; an animation reports them per tick).
    /// - Throws: `CanvasError` for bad numbers or a time that goes back; nothing changes.
    @discardableResult
    public func zoomToFit(region: Rect? = nil, padding: Double = 0, animated: Bool = false,
                          duration: Double? = nil, at time: Double? = nil) throws(CanvasError) -> [ZoomEvent] {
        let duration = try duration.map { (value) throws(CanvasError) in try checkDuration(value, default: 0) }
        let checkpoint = motionCheckpoint
        if let time { try advanceClock(to: time, "zoom to fit time") }
        guard let (scale, region) = try fittingScale(for: region, padding: padding) else { return [] }
        let target = ZoomTransform(scale: scale, axis: zoomSettings.axis)
        let center = Point(x: region.x + region.width / 2, y: region.y + region.height / 2)
        // Clamped by the bounds at the scale the fit ends at: a free canvas's
        // extent (anywhere, or its padded items), else [0, content − viewport].
        let offset = scrollBounds(at: target).clamp(Point(
            x: target.position(center.x, axis: .horizontal) - viewport.size.width / 2,
            y: target.position(center.y, axis: .vertical) - viewport.size.height / 2
        ))
        stopMotion()
        rebaseDrag()
        if case .pointer = motion.activity { motion.activity = .idle }
        let now = time ?? motion.clock ?? 0
        let from = currentZoomView, to = zoomView(scale: scale, offset: offset)
        let path = SmoothZoomPath(from: from, to: to)
        let length = duration ?? min(path.duration, SmoothZoomPath.defaultDurationCap)
        // Already there (within half a point, the same scale): nothing to show.
        let there = abs(offset.x - viewport.offset.x) < 0.5 && abs(offset.y - viewport.offset.y) < 0.5
            && abs(scale - zoomScale) <= 1e-9 * scale
        guard animated, length > 0, from != to, !there else {
            let events = applyZoom(scale, offset: offset)
            viewportChanged()
            return events
        }
        motion.activity = .zoom(ZoomAnimation(path: path, start: now, duration: length, targetScale: scale, targetOffset: offset))
        try checkMotionFinite("animated zoom to fit of \(Resolver.describe(zoom.rect(region))) (its smooth path)", since: checkpoint)
        viewportChanged()
        return []
    }

    /// One frame of a zoom animation: the view on the path at `time`.
    func stepZoom(_ animation: ZoomAnimation, at time: Double) -> [ZoomEvent] {
        let u = animation.duration > 0 ? (time - animation.start) / animation.duration : 1
        guard u < 1 else { return applyZoom(animation.targetScale, offset: animation.targetOffset) }
        let view = animation.path.view(at: u)
        let scale = zoomSettings.clamp(viewSpan / view.width)
        let zoom = ZoomTransform(scale: scale, axis: zoomSettings.axis)
        let offset = Point(x: zoom.position(view.center.x, axis: .horizontal) - viewport.size.width / 2,
                           y: zoom.position(view.center.y, axis: .vertical) - viewport.size.height / 2)
        return applyZoom(scale, offset: offset)
    }

    /// The viewport's side the path's width measures: across for a zoom
    /// that includes x, else down.
    private var viewSpan: Double { zoomSettings.axis.zoomsX ? viewport.size.width : viewport.size.height }

    /// What the viewport shows now, in unzoomed content coordinates.
    var currentZoomView: ZoomView { zoomView(scale: zoomScale, offset: viewport.offset) }

    private func zoomView(scale: Double, offset: Point) -> ZoomView {
        let zoom = ZoomTransform(scale: scale, axis: zoomSettings.axis)
        return ZoomView(
            center: Point(x: zoom.unzoomedPosition(offset.x + viewport.size.width / 2, axis: .horizontal),
                          y: zoom.unzoomedPosition(offset.y + viewport.size.height / 2, axis: .vertical)),
            width: viewSpan / scale
        )
    }

    private func checkDuration(_ duration: Double?, default fallback: Double) throws(CanvasError) -> Double {
        guard let duration else { return fallback }
        guard duration.isFinite else { throw CanvasError(.nonFinite, "animation duration is not finite") }
        guard duration >= 0 else { throw CanvasError(.invalidArgument, "animation duration must not be negative, got \(duration)") }
        return duration
    }
}
