import CanvasCore
import CCanvasHeader

// Motion: the host's frame, the clock, input, settings and animations.
// Each export checks and converts; the physics is CanvasCore's.

@c(canvas_copy_visible_items)
public func canvasCopyVisibleItems(
    _ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_visible_item>?, _ capacity: UInt,
    _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        let engine = handle.engine
        let count = engine.visibleItemCount
        try reportCount(count, of: "items", to: countOut, fitting: out == nil ? nil : capacity)
        guard let out else { return }
        var slot = 0
        engine.forEachVisibleItem { id, frame in
            out[slot] = canvas_visible_item(id: id, frame: canvas_rect(frame))
            slot += 1
        }
    }
}

@c(canvas_get_frame)
public func canvasGetFrame(_ engine: UnsafeRawPointer?, _ id: UInt64, _ out: UnsafeMutablePointer<canvas_rect>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(out, "out")
        guard let frame = handle.engine.frame(of: id) else {
            throw ABIFailure(CANVAS_ERR_NOT_FOUND, "no item has id \(id)")
        }
        out.pointee = canvas_rect(frame)
    }
}

extension MotionPhase {
    var cValue: canvas_motion_phase {
        switch self {
        case .idle: CANVAS_PHASE_IDLE
        case .dragging: CANVAS_PHASE_DRAGGING
        case .decelerating: CANVAS_PHASE_DECELERATING
        case .bouncing: CANVAS_PHASE_BOUNCING
        case .animating: CANVAS_PHASE_ANIMATING
        case .pinching: CANVAS_PHASE_PINCHING
        }
    }
}

@c(canvas_tick)
public func canvasTick(_ engine: UnsafeMutableRawPointer?, _ now: Double, _ out: UnsafeMutablePointer<canvas_tick_result>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        var result: CanvasEngine.TickResult?
        if handle.zoomCallback == nil {
            // No callback to fail, and a tick throws only before it changes
            // anything: no snapshot, which a select-tool drag's auto-pan
            // (editing frames and the index) would copy on every tick.
            result = try core { () throws(CanvasError) in try handle.engine.tick(at: now) }
        } else {
            try handle.notifyingZoom { () throws(CanvasError) in
                let ticked = try handle.engine.tick(at: now)
                result = ticked
                return ticked.zoomEvents
            }
        }
        guard let out, let result else { return }
        out.pointee = canvas_tick_result(
            moved: result.moved ? 1 : 0, active: result.isActive ? 1 : 0, phase: result.phase.cValue,
            published: result.published ? 1 : 0, fading: result.isFading ? 1 : 0
        )
    }
}

private func modifiers(_ flags: canvas_modifiers) throws(ABIFailure) -> InputModifiers {
    let known = CANVAS_MODIFIER_SHIFT | CANVAS_MODIFIER_CTRL | CANVAS_MODIFIER_ALT | CANVAS_MODIFIER_META
    guard flags & ~known == 0 else { throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown modifier bits \(flags & ~known)") }
    return InputModifiers(rawValue: UInt32(flags))
}

@c(canvas_pointer_event)
public func canvasPointerEvent(
    _ engine: UnsafeMutableRawPointer?, _ phase: canvas_pointer_phase, _ point: canvas_point,
    _ flags: canvas_modifiers, _ time: Double
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let held = try modifiers(flags)
        let engine = handle.engine, point = Point(point)
        try core { () throws(CanvasError) in
            switch phase {
            case CANVAS_POINTER_DOWN: try engine.pointerDown(at: point, time: time, modifiers: held)
            case CANVAS_POINTER_MOVE: try engine.pointerMove(to: point, time: time)
            case CANVAS_POINTER_UP: try engine.pointerUp(at: point, time: time)
            case CANVAS_POINTER_CANCEL: try engine.pointerCancel(at: point, time: time)
            default: throw CanvasError(.invalidArgument, "unknown pointer phase \(phase)")
            }
        }
    }
}

@c(canvas_pointer_event_button)
public func canvasPointerEventButton(
    _ engine: UnsafeMutableRawPointer?, _ phase: canvas_pointer_phase, _ point: canvas_point,
    _ flags: canvas_modifiers, _ button: canvas_pointer_button, _ time: Double
) -> CInt {
    let pressed: PointerButton
    switch button {
    case CANVAS_BUTTON_PRIMARY: pressed = .primary
    case CANVAS_BUTTON_SECONDARY: pressed = .secondary
    case CANVAS_BUTTON_MIDDLE: pressed = .middle
    default: return withEngine(engine) { _ throws(ABIFailure) in
        throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown pointer button \(button)")
    }
    }
    if phase != CANVAS_POINTER_DOWN { return canvasPointerEvent(engine, phase, point, flags, time) }
    return withEngine(engine) { handle throws(ABIFailure) in
        let held = try modifiers(flags)
        let engine = handle.engine
        try core { () throws(CanvasError) in try engine.pointerDown(at: Point(point), time: time, modifiers: held, button: pressed) }
    }
}

@c(canvas_key_state)
public func canvasKeyState(_ engine: UnsafeMutableRawPointer?, _ key: canvas_held_key, _ down: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        guard key == CANVAS_HELD_SPACE else { throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown held key \(key)") }
        handle.engine.setKey(.space, down: down != 0)
    }
}

@c(canvas_pointer_down)
public func canvasPointerDown(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ time: Double) -> CInt {
    canvasPointerEvent(engine, CANVAS_POINTER_DOWN, point, 0, time)
}

@c(canvas_pointer_move)
public func canvasPointerMove(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ time: Double) -> CInt {
    canvasPointerEvent(engine, CANVAS_POINTER_MOVE, point, 0, time)
}

@c(canvas_pointer_up)
public func canvasPointerUp(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ time: Double) -> CInt {
    canvasPointerEvent(engine, CANVAS_POINTER_UP, point, 0, time)
}

@c(canvas_pointer_cancel)
public func canvasPointerCancel(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ time: Double) -> CInt {
    canvasPointerEvent(engine, CANVAS_POINTER_CANCEL, point, 0, time)
}

@c(canvas_fling)
public func canvasFling(_ engine: UnsafeMutableRawPointer?, _ velocity: canvas_point, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try core { () throws(CanvasError) in try handle.engine.fling(velocity: Point(velocity), time: time) }
    }
}

@c(canvas_wheel)
public func canvasWheel(_ engine: UnsafeMutableRawPointer?, _ event: UnsafePointer<canvas_wheel_event>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let event = try Check.notNull(event, "event").pointee
        let mode: WheelEvent.Mode = switch event.mode {
        case CANVAS_WHEEL_PIXEL: .pixel
        case CANVAS_WHEEL_LINE: .line
        case CANVAS_WHEEL_PAGE: .page
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown wheel mode \(event.mode)")
        }
        var held: InputModifiers = []
        if event.shift != 0 { held.insert(.shift) }
        if event.ctrl != 0 { held.insert(.ctrl) }
        let wheel = WheelEvent(delta: Point(x: event.dx, y: event.dy), mode: mode, modifiers: held,
                               pointer: Point(event.pointer), time: event.t_ms)
        try handle.notifyingZoom { () throws(CanvasError) in try handle.engine.wheel(wheel) }
    }
}

@c(canvas_rotary)
public func canvasRotary(_ engine: UnsafeMutableRawPointer?, _ delta: Double, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try core { () throws(CanvasError) in try handle.engine.crown(delta: delta, time: time) }
    }
}

@c(canvas_key)
public func canvasKey(_ engine: UnsafeMutableRawPointer?, _ key: canvas_key_code, _ time: Double) -> CInt {
    canvasKeyEvent(engine, key, 0, time)
}

@c(canvas_key_event)
public func canvasKeyEvent(_ engine: UnsafeMutableRawPointer?, _ key: canvas_key_code, _ flags: canvas_modifiers, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let held = try modifiers(flags)
        let scrollKey: ScrollKey = switch key {
        case CANVAS_KEY_LEFT: .left
        case CANVAS_KEY_RIGHT: .right
        case CANVAS_KEY_UP: .up
        case CANVAS_KEY_DOWN: .down
        case CANVAS_KEY_PAGE_UP: .pageUp
        case CANVAS_KEY_PAGE_DOWN: .pageDown
        case CANVAS_KEY_HOME: .home
        case CANVAS_KEY_END: .end
        case CANVAS_KEY_DELETE: .delete
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown key \(key)")
        }
        try core { () throws(CanvasError) in try handle.engine.key(scrollKey, modifiers: held, time: time) }
    }
}

// MARK: Settings

/// Changes one motion setting.
private func changeMotion(_ engine: UnsafeMutableRawPointer?, _ change: (inout MotionSettings) throws(ABIFailure) -> Void) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        var settings = handle.engine.motionSettings
        try change(&settings)
        try core { () throws(CanvasError) in try handle.engine.setMotionSettings(settings) }
    }
}

@c(canvas_set_deceleration)
public func canvasSetDeceleration(_ engine: UnsafeMutableRawPointer?, _ rate: Double) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in settings.deceleration = rate }
}

@c(canvas_set_bounce)
public func canvasSetBounce(_ engine: UnsafeMutableRawPointer?, _ bounce: canvas_bounce) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in
        settings.bounce = switch bounce {
        case CANVAS_BOUNCE_AUTOMATIC: .automatic
        case CANVAS_BOUNCE_ALWAYS: .always
        case CANVAS_BOUNCE_BASED_ON_SIZE: .basedOnSize
        case CANVAS_BOUNCE_NEVER: .never
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown bounce \(bounce)")
        }
    }
}

@c(canvas_set_scroll_enabled)
public func canvasSetScrollEnabled(_ engine: UnsafeMutableRawPointer?, _ enabled: CInt) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in settings.isScrollEnabled = enabled != 0 }
}

@c(canvas_set_indicators)
public func canvasSetIndicators(_ engine: UnsafeMutableRawPointer?, _ mode: canvas_indicator_mode) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in
        settings.indicators = switch mode {
        case CANVAS_INDICATORS_AUTOMATIC: .automatic
        case CANVAS_INDICATORS_VISIBLE: .visible
        case CANVAS_INDICATORS_HIDDEN: .hidden
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown indicator mode \(mode)")
        }
    }
}

@c(canvas_set_pan_axis)
public func canvasSetPanAxis(_ engine: UnsafeMutableRawPointer?, _ axis: canvas_pan_axis) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in
        settings.panAxis = switch axis {
        case CANVAS_PAN_FREE: .free
        case CANVAS_PAN_HORIZONTAL: .horizontal
        case CANVAS_PAN_VERTICAL: .vertical
        case CANVAS_PAN_LOCKED: .locked
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown pan axis \(axis)")
        }
    }
}

@c(canvas_set_crown_axis)
public func canvasSetCrownAxis(_ engine: UnsafeMutableRawPointer?, _ axis: canvas_axis) -> CInt {
    changeMotion(engine) { settings throws(ABIFailure) in
        settings.crownAxis = switch axis {
        case CANVAS_AXIS_HORIZONTAL: .horizontal
        case CANVAS_AXIS_VERTICAL: .vertical
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown axis \(axis)")
        }
    }
}

// MARK: State

@c(canvas_get_motion)
public func canvasGetMotion(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_motion>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(out, "out")
        let engine = handle.engine
        let end = engine.projectedEnd
        out.pointee = canvas_motion(
            phase: engine.motionPhase.cValue, velocity: canvas_point(engine.motionVelocity),
            moving: engine.isMoving ? 1 : 0, has_projected_end: end == nil ? 0 : 1,
            projected_end: canvas_point(end ?? .zero), time_ms: engine.clock ?? 0
        )
    }
}

extension canvas_indicator {
    init(_ indicator: ScrollIndicator?) {
        guard let indicator else {
            self.init(shown: 0, track: canvas_rect(), thumb: canvas_rect(), opacity: 0)
            return
        }
        self.init(shown: 1, track: canvas_rect(indicator.track), thumb: canvas_rect(indicator.thumb), opacity: indicator.opacity)
    }
}

@c(canvas_get_indicators)
public func canvasGetIndicators(
    _ engine: UnsafeRawPointer?, _ horizontal: UnsafeMutablePointer<canvas_indicator>?,
    _ vertical: UnsafeMutablePointer<canvas_indicator>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let indicators = handle.engine.indicators
        horizontal?.pointee = canvas_indicator(indicators.horizontal)
        vertical?.pointee = canvas_indicator(indicators.vertical)
    }
}

// MARK: Animations

/// A C duration: negative asks for the default (nil to the core). Infinite
/// either way is refused (-inf was taken as the default while +inf failed).
private func duration(_ milliseconds: Double) throws(ABIFailure) -> Double? {
    if milliseconds.isInfinite { _ = try Check.finite(milliseconds, "duration_ms") }
    return milliseconds < 0 ? nil : milliseconds
}

@c(canvas_scroll_to_id_animated)
public func canvasScrollToIDAnimated(_ engine: UnsafeMutableRawPointer?, _ id: UInt64, _ anchor: canvas_point, _ ms: Double, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let anchor = try Check.unitPoint(anchor, "anchor"), durationMs = try duration(ms)
        try core { () throws(CanvasError) in try handle.engine.scroll(toID: id, anchor: anchor, duration: durationMs, at: time) }
    }
}

@c(canvas_scroll_to_point_animated)
public func canvasScrollToPointAnimated(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ anchor: canvas_point, _ ms: Double, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let point = try Check.point(point, "point"), anchor = try Check.unitPoint(anchor, "anchor")
        let durationMs = try duration(ms)
        try core { () throws(CanvasError) in try handle.engine.scroll(toPoint: point, anchor: anchor, duration: durationMs, at: time) }
    }
}

@c(canvas_scroll_to_rect_animated)
public func canvasScrollToRectAnimated(_ engine: UnsafeMutableRawPointer?, _ region: canvas_rect, _ anchor: canvas_point, _ ms: Double, _ time: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let region = try Check.rect(region, "region"), anchor = try Check.unitPoint(anchor, "anchor")
        let durationMs = try duration(ms)
        try core { () throws(CanvasError) in try handle.engine.scroll(toRegion: region, anchor: anchor, duration: durationMs, at: time) }
    }
}

@c(canvas_page_animated)
public func canvasPageAnimated(_ engine: UnsafeMutableRawPointer?, _ direction: CInt, _ ms: Double, _ time: Double, _ movedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let page = try pageDirection(direction), durationMs = try duration(ms)
        let moved = try core { () throws(CanvasError) in try handle.engine.page(page, duration: durationMs, at: time) }
        answer(movedOut, moved)
    }
}

@c(canvas_zoom_to_fit)
public func canvasZoomToFit(
    _ engine: UnsafeMutableRawPointer?, _ region: UnsafePointer<canvas_rect>?, _ padding: Double,
    _ animated: CInt, _ ms: Double, _ time: Double
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let region = try region.map { (rect) throws(ABIFailure) in try Check.rect(rect.pointee, "region") }
        let durationMs = try duration(ms)
        try handle.notifyingZoom { () throws(CanvasError) in
            try handle.engine.zoomToFit(region: region, padding: padding, animated: animated != 0,
                                        duration: durationMs, at: time)
        }
    }
}
