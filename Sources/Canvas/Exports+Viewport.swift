import CanvasCore
import CCanvasHeader

@c(canvas_set_viewport_size)
public func canvasSetViewportSize(_ engine: UnsafeMutableRawPointer?, _ size: canvas_size, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let size = try Check.size(size, "size")
        answer(publishedOut, try core { () throws(CanvasError) in try handle.engine.setViewportSize(size) } != nil)
    }
}

@c(canvas_set_viewport)
public func canvasSetViewport(
    _ engine: UnsafeMutableRawPointer?,
    _ size: canvas_size,
    _ offset: UnsafePointer<canvas_point>?,
    _ overscan: Double,
    _ publishedOut: UnsafeMutablePointer<CInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        // NaN means "keep"; an infinity is still a mistake.
        func given(_ value: Double?, _ name: String) throws(ABIFailure) -> Double? {
            guard let value, !value.isNaN else { return nil }
            return try Check.finite(value, name)
        }
        let size = try Check.size(size, "size")
        let x = try given(offset?.pointee.x, "offset.x"), y = try given(offset?.pointee.y, "offset.y")
        let overscan = try given(overscan, "overscan")
        let update = try core { () throws(CanvasError) in
            try handle.engine.setViewport(size: size, x: x, y: y, overscan: overscan)
        }
        answer(publishedOut, update != nil)
    }
}

@c(canvas_set_viewport_offset)
public func canvasSetViewportOffset(_ engine: UnsafeMutableRawPointer?, _ offset: canvas_point, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        answer(publishedOut, handle.engine.setViewportOffset(try Check.point(offset, "offset")) != nil)
    }
}

@c(canvas_set_overscan)
public func canvasSetOverscan(_ engine: UnsafeMutableRawPointer?, _ overscan: Double, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let overscan = try Check.finite(overscan, "overscan")
        answer(publishedOut, try core { () throws(CanvasError) in try handle.engine.setOverscan(overscan) } != nil)
    }
}

@c(canvas_set_moving)
public func canvasSetMoving(_ engine: UnsafeMutableRawPointer?, _ moving: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.setMoving(moving != 0) }
}

@c(canvas_set_initial_anchor)
public func canvasSetInitialAnchor(_ engine: UnsafeMutableRawPointer?, _ anchor: canvas_point) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.initialAnchor = try Check.unitPoint(anchor, "anchor")
    }
}

@c(canvas_get_viewport)
public func canvasGetViewport(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_rect>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(out, "out").pointee = canvas_rect(handle.engine.viewport.visibleRect)
    }
}

@c(canvas_copy_visible)
public func canvasCopyVisible(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.visible ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_appeared)
public func canvasCopyAppeared(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.appeared ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_disappeared)
public func canvasCopyDisappeared(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.disappeared ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_query)
public func canvasQuery(_ engine: UnsafeRawPointer?, _ rect: canvas_rect, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        // The engine writes the ids straight into `out` when they fit (see
        // `queryIDs`): a screenful costs no allocation and no second copy.
        let count = handle.engine.queryIDs(Rect(rect), into: out, capacity: Int(clamping: capacity))
        try reportCount(count, of: "ids", to: countOut, fitting: out == nil ? nil : capacity)
    }
}

@c(canvas_hit_test)
public func canvasHitTest(_ engine: UnsafeRawPointer?, _ point: canvas_point, _ idOut: UnsafeMutablePointer<UInt64>?, _ foundOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let idOut = try Check.notNull(idOut, "id_out")
        let foundOut = try Check.notNull(foundOut, "found_out")
        let hit = handle.engine.hitTest(at: try Check.point(point, "point"))
        answer(foundOut, hit != nil)
        if let hit { idOut.pointee = hit }
    }
}

@c(canvas_scroll_to_id)
public func canvasScrollToID(_ engine: UnsafeMutableRawPointer?, _ id: UInt64, _ anchor: canvas_point, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let anchor = try Check.unitPoint(anchor, "anchor")
        let update = try core { () throws(CanvasError) in try handle.engine.scroll(toID: id, anchor: anchor) }
        answer(publishedOut, update != nil)
    }
}

@c(canvas_scroll_to_point)
public func canvasScrollToPoint(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ anchor: canvas_point, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let update = handle.engine.scroll(toPoint: try Check.point(point, "point"), anchor: try Check.unitPoint(anchor, "anchor"))
        answer(publishedOut, update != nil)
    }
}

@c(canvas_scroll_to_rect)
public func canvasScrollToRect(_ engine: UnsafeMutableRawPointer?, _ region: canvas_rect, _ anchor: canvas_point, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let update = handle.engine.scroll(toRegion: try Check.rect(region, "region"), anchor: try Check.unitPoint(anchor, "anchor"))
        answer(publishedOut, update != nil)
    }
}

@c(canvas_page)
public func canvasPage(_ engine: UnsafeMutableRawPointer?, _ direction: CInt, _ movedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        answer(movedOut, handle.engine.page(try pageDirection(direction)))
    }
}

/// A C page direction as the core's.
func pageDirection(_ direction: CInt) throws(ABIFailure) -> PageDirection {
    switch direction {
    case CANVAS_PAGE_LEFT: .left
    case CANVAS_PAGE_RIGHT: .right
    case CANVAS_PAGE_UP: .up
    case CANVAS_PAGE_DOWN: .down
    default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown page direction \(direction)")
    }
}
