import CanvasCore
import CCanvasHeader

@c(canvas_resolve)
public func canvasResolve(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try core { () throws(CanvasError) -> VisibleUpdate? in try handle.engine.resolve() }
    }
}

@c(canvas_copy_frames)
public func canvasCopyFrames(
    _ engine: UnsafeRawPointer?,
    _ out: UnsafeMutablePointer<canvas_rect>?,
    _ capacity: UInt,
    _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.frames, as: canvas_rect.self,
                    to: out, capacity: capacity, countOut: countOut, what: "frames")
    }
}

@c(canvas_copy_ids)
public func canvasCopyIDs(
    _ engine: UnsafeRawPointer?,
    _ out: UnsafeMutablePointer<UInt64>?,
    _ capacity: UInt,
    _ countOut: UnsafeMutablePointer<UInt>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.resolvedIDs, as: UInt64.self,
                    to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_get_content_size)
public func canvasGetContentSize(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_size>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(out, "out").pointee = canvas_size(handle.engine.contentSize)
    }
}

@c(canvas_get_content_bounds)
public func canvasGetContentBounds(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_rect>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(out, "out").pointee = canvas_rect(handle.engine.contentBounds)
    }
}
