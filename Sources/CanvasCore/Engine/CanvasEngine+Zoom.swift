/// Zoom: settings, direct changes, the pinch, the two-finger tap.
///
/// A zoom step changes only `zoomScale` and the offset: the resolution and
/// the index are unzoomed, so its cost follows what is visible.
extension CanvasEngine {
    /// Replaces the zoom settings. Narrowing the limits brings the zoom back
    /// inside them; changing the axis re-applies the current scale to the
    /// new axes.
    /// - Throws: `CanvasError` for settings that do not hold together; nothing changes.
    @discardableResult
    /// A different axis from the one in force counts as set (see `setZoomAxis(_:)`).
    public func setZoomSettings(_ settings: ZoomSettings) throws(CanvasError) -> [ZoomEvent] {
        try settings.validate()
        try checkFinite(placement, at: settings.clamp(zoomScale), axis: settings.axis, "zoom limits \(settings.minimum)…\(settings.maximum)")
        let axisChanged = settings.axis != zoomSettings.axis
        if axisChanged { zoomAxisIsDefault = false }
        zoomSettings = settings
        let events = setZoomUnchecked(settings.clamp(zoomScale), anchor: viewportCenter)
        if axisChanged && events.isEmpty { viewportChanged() }
        return events
    }

    /// The zoom axis a canvas has until one is set: both on a free canvas
    /// (a board grows as a whole), horizontal on a laid-out one (so nothing
    /// changes shape by surprise). Every face takes its default from here.
    public var defaultZoomAxis: ZoomAxis { editing.isFree ? .both : .horizontal }

    /// Sets the zoom axis, re-applying the current scale to it; `nil` goes
    /// back to `defaultZoomAxis`, which then follows the layout.
    /// - Throws: `CanvasError.nonFinite` when the current scale on the new
    ///   axes takes the content past the finite range; nothing changes.
    @discardableResult
    public func setZoomAxis(_ axis: ZoomAxis?) throws(CanvasError) -> [ZoomEvent] {
        var settings = zoomSettings
        settings.axis = axis ?? defaultZoomAxis
        let events = try setZoomSettings(settings)
        zoomAxisIsDefault = axis == nil
        return events
    }

    /// After the layout changed between free and laid out: an axis never
    /// set follows the new layout's default (when the content stays finite).
    func followDefaultZoomAxis() {
        guard zoomAxisIsDefault, zoomSettings.axis != defaultZoomAxis else { return }
        _ = try? setZoomAxis(nil)
    }

    /// Sets the zoom directly: clamped, not snapped, anchored at the
    /// middle of the window. Reports the change, or nothing when unchanged.
    /// - Throws: `CanvasError.nonFinite` or `.invalidArgument` for a non-positive scale.
    @discardableResult
    public func setZoom(_ scale: Double) throws(CanvasError) -> [ZoomEvent] {
        guard scale.isFinite else { throw CanvasError(.nonFinite, "zoom scale is not finite") }
        guard scale > 0 else { throw CanvasError(.invalidArgument, "zoom scale must be positive, got \(scale)") }
        let clamped = zoomSettings.clamp(scale)
        try checkFinite(placement, at: clamped, axis: zoomSettings.axis, "zoom scale \(scale)")
        return setZoomUnchecked(clamped, anchor: viewportCenter)
    }

    /// The two-finger tap: back to 1 (clamped); nothing when already there.
    @discardableResult
    public func twoFingerTap() -> [ZoomEvent] {
        setZoomUnchecked(zoomSettings.clamp(1), anchor: viewportCenter)
    }

    /// True from a pinch's `began` until its end, cancel or failure.
    public var isPinching: Bool { pinch != nil }

    /// Feeds one recognizer event. See `PinchTracker` for why the zoom is
    /// derived from the gesture's start instead of accumulated.
    /// - Returns: what to tell the host, in order.
    public func handlePinch(_ event: PinchEvent) -> [ZoomEvent] {
        switch event.phase {
        case .began:
            guard zoomSettings.isPinchEnabled else { return [] }
            stopMotion()
            let baseline = event.scale.isFinite && event.scale > 0 ? event.scale : 1
            pinch = PinchTracker(zoom: zoomScale, recognizerScale: baseline)
            return [.willBegin]
        case .changed:
            guard var tracker = pinch, zoomSettings.isPinchEnabled,
                  event.touches >= 2, event.scale.isFinite, event.scale > 0 else { return [] }
            let proposed = tracker.propose(recognizerScale: event.scale, currentZoom: zoomScale, settings: zoomSettings)
            let location = event.location.isFinite ? event.location : viewportCenter
            let events = setZoomUnchecked(proposed, anchor: location)
            tracker.settle(at: zoomScale)
            pinch = tracker
            return events
        case .ended, .cancelled, .failed:
            guard pinch != nil else { return [] }
            pinch = nil
            return [.didEnd(scale: zoomScale)]
        }
    }

    /// For hosts with only finger positions: runs the engine's own
    /// UIKit-faithful recognizer and feeds its events to `handlePinch`.
    /// Fewer than two fingers end a pinch in progress.
    public func handleTouches(_ fingers: [Point]) -> [ZoomEvent] {
        if let event = recognizer.move(to: fingers) {
            return handlePinch(event)
        }
        guard let end = recognizer.end(.ended) else { return [] }
        return handlePinch(end)
    }

    var viewportCenter: Point {
        Point(x: viewport.size.width / 2, y: viewport.size.height / 2)
    }

    /// Applies a zoom already clamped (and snapped, for pinches), keeping
    /// the content point under `anchor` (viewport coordinates) still on each
    /// zoomed axis; the offset is then clamped. Unzoomed axes keep theirs.
    ///
    /// A scale that would take the zoomed canvas past the finite range is
    /// not applied (a pinch or tap then does nothing); the setters that take
    /// a scale from the host refuse it first (`checkFinite`).
    @discardableResult
    func setZoomUnchecked(_ scale: Double, anchor: Point?) -> [ZoomEvent] {
        guard scale != zoomScale, zoomedIsFinite(placement, at: scale, axis: zoomSettings.axis) else { return [] }
        // A fling's or an animation's offsets are in the old zoom's points.
        stopMotion()
        var offset = viewport.offset
        if let anchor {
            let ratio = scale / zoomScale
            if zoomSettings.axis.zoomsX { offset.x = (offset.x + anchor.x) * ratio - anchor.x }
            if zoomSettings.axis.zoomsY { offset.y = (offset.y + anchor.y) * ratio - anchor.y }
        }
        let events = applyZoom(scale, offset: offset)
        rebaseDrag()
        viewportChanged()
        return events
    }

    /// Sets the scale and the offset together without publishing, for the
    /// callers that publish once after (zoom to fit and its animation).
    func applyZoom(_ scale: Double, offset: Point) -> [ZoomEvent] {
        viewport.offset = offset
        guard scale != zoomScale else { return [] }
        zoomScale = scale
        return [.didChange(scale: scale)]
    }

    /// Whether `resolution` zoomed by `scale` on `axis` stays finite: its
    /// content size and bounds (every frame lies inside the bounds).
    func zoomedIsFinite(_ resolution: Resolution, at scale: Double, axis: ZoomAxis) -> Bool {
        let transform = ZoomTransform(scale: scale, axis: axis)
        let size = transform.size(resolution.contentSize), bounds = transform.rect(resolution.contentBounds)
        return size.isFinite && bounds.isFinite && (bounds.x + bounds.width).isFinite && (bounds.y + bounds.height).isFinite
    }

    /// Refuses a zoom that takes `resolution` past the finite range;
    /// `input` names what asked for it.
    /// - Throws: `CanvasError.nonFinite`.
    func checkFinite(_ resolution: Resolution, at scale: Double, axis: ZoomAxis, _ input: String) throws(CanvasError) {
        guard zoomedIsFinite(resolution, at: scale, axis: axis) else {
            let size = resolution.contentSize
            throw CanvasError(.nonFinite, "\(input): the content (\(size.width) × \(size.height)) zoomed by \(scale) is past the finite range")
        }
    }

}
