import CanvasCore
import CCanvasHeader

@c(canvas_set_zoom_callback)
public func canvasSetZoomCallback(_ engine: UnsafeMutableRawPointer?, _ callback: canvas_zoom_fn?, _ user: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.zoomCallback = callback
        handle.zoomUser = user
    }
}

/// Changes one zoom setting, reporting any zoom change it causes.
private func changeZoomSettings(
    _ engine: UnsafeMutableRawPointer?,
    _ change: (inout ZoomSettings) throws(ABIFailure) -> Void
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        var settings = handle.engine.zoomSettings
        try change(&settings)
        try handle.notifyingZoom { () throws(CanvasError) in try handle.engine.setZoomSettings(settings) }
    }
}

@c(canvas_set_zoom_axis)
public func canvasSetZoomAxis(_ engine: UnsafeMutableRawPointer?, _ axis: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let chosen: ZoomAxis? = switch axis {
        case CANVAS_ZOOM_HORIZONTAL: .horizontal
        case CANVAS_ZOOM_VERTICAL: .vertical
        case CANVAS_ZOOM_BOTH: .both
        case CANVAS_ZOOM_AUTOMATIC: nil
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown zoom axis \(axis)")
        }
        try handle.notifyingZoom { () throws(CanvasError) in try handle.engine.setZoomAxis(chosen) }
    }
}

@c(canvas_get_zoom_axis)
public func canvasGetZoomAxis(_ engine: UnsafeRawPointer?, _ axisOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(axisOut, "axis_out")
        out.pointee = switch handle.engine.zoomSettings.axis {
        case .horizontal: CANVAS_ZOOM_HORIZONTAL
        case .vertical: CANVAS_ZOOM_VERTICAL
        case .both: CANVAS_ZOOM_BOTH
        }
    }
}

@c(canvas_set_zoom_limits)
public func canvasSetZoomLimits(_ engine: UnsafeMutableRawPointer?, _ minimum: Double, _ maximum: Double) -> CInt {
    changeZoomSettings(engine) { settings throws(ABIFailure) in
        settings.minimum = try Check.finite(minimum, "minimum")
        settings.maximum = try Check.finite(maximum, "maximum")
    }
}

@c(canvas_set_zoom_speed)
public func canvasSetZoomSpeed(_ engine: UnsafeMutableRawPointer?, _ speed: Double) -> CInt {
    changeZoomSettings(engine) { settings throws(ABIFailure) in
        settings.speed = try Check.finite(speed, "speed")
    }
}

@c(canvas_set_zoom_stops)
public func canvasSetZoomStops(_ engine: UnsafeMutableRawPointer?, _ stops: UnsafePointer<Double>?, _ count: UInt) -> CInt {
    changeZoomSettings(engine) { settings throws(ABIFailure) in
        let count = try Check.count(count, "count")
        guard count > 0 else {
            settings.stops = []
            return
        }
        let stops = try Check.notNull(stops, "stops")
        settings.stops = try UnsafeBufferPointer(start: stops, count: count).map { stop throws(ABIFailure) in
            try Check.finite(stop, "stop")
        }
    }
}

@c(canvas_set_pinch_enabled)
public func canvasSetPinchEnabled(_ engine: UnsafeMutableRawPointer?, _ enabled: CInt) -> CInt {
    changeZoomSettings(engine) { settings throws(ABIFailure) in settings.isPinchEnabled = enabled != 0 }
}

@c(canvas_set_selection_during_zoom)
public func canvasSetSelectionDuringZoom(_ engine: UnsafeMutableRawPointer?, _ allowed: CInt) -> CInt {
    changeZoomSettings(engine) { settings throws(ABIFailure) in settings.allowsSelectionDuringZoom = allowed != 0 }
}

@c(canvas_set_zoom)
public func canvasSetZoom(_ engine: UnsafeMutableRawPointer?, _ scale: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try handle.notifyingZoom { () throws(CanvasError) in try handle.engine.setZoom(scale) }
    }
}

@c(canvas_get_zoom)
public func canvasGetZoom(_ engine: UnsafeRawPointer?, _ scaleOut: UnsafeMutablePointer<Double>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(scaleOut, "scale_out").pointee = handle.engine.zoomScale
    }
}

@c(canvas_pinch)
public func canvasPinch(_ engine: UnsafeMutableRawPointer?, _ phase: CInt, _ scale: Double, _ touches: CInt, _ location: canvas_point) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let pinchPhase: PinchPhase = switch phase {
        case CANVAS_PINCH_BEGAN: .began
        case CANVAS_PINCH_CHANGED: .changed
        case CANVAS_PINCH_ENDED: .ended
        case CANVAS_PINCH_CANCELLED: .cancelled
        case CANVAS_PINCH_FAILED: .failed
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown pinch phase \(phase)")
        }
        // A non-finite scale or location is what a recognizer never sends;
        // the engine ignores such events, as it does non-positive scales.
        let event = PinchEvent(phase: pinchPhase, scale: scale, touches: Int(touches), location: Point(location))
        try handle.notifyingZoom { () throws(CanvasError) in handle.engine.handlePinch(event) }
    }
}

@c(canvas_touches)
public func canvasTouches(_ engine: UnsafeMutableRawPointer?, _ fingers: UnsafePointer<canvas_point>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let count = try Check.count(count, "count")
        var points: [Point] = []
        if count > 0 {
            for finger in UnsafeBufferPointer(start: try Check.notNull(fingers, "fingers"), count: count) {
                points.append(try Check.point(finger, "finger"))
            }
        }
        try handle.notifyingZoom { () throws(CanvasError) in handle.engine.handleTouches(points) }
    }
}

@c(canvas_two_finger_tap)
public func canvasTwoFingerTap(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try handle.notifyingZoom { () throws(CanvasError) in handle.engine.twoFingerTap() }
    }
}
