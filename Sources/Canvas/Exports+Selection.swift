import CanvasCore
import CCanvasHeader

@c(canvas_select_at)
public func canvasSelectAt(_ engine: UnsafeMutableRawPointer?, _ point: canvas_point, _ idOut: UnsafeMutablePointer<UInt64>?, _ resultOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        switch handle.engine.select(atViewportPoint: try Check.point(point, "point")) {
        case .selected(let id):
            idOut?.pointee = id
            resultOut?.pointee = CANVAS_SELECT_SELECTED
        case .nothingHit:
            resultOut?.pointee = CANVAS_SELECT_NOTHING
        case .refusedDuringPinch:
            resultOut?.pointee = CANVAS_SELECT_REFUSED
        }
    }
}

@c(canvas_select_id)
public func canvasSelectID(_ engine: UnsafeMutableRawPointer?, _ id: UInt64) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try core { () throws(CanvasError) in try handle.engine.select(id: id) }
    }
}

@c(canvas_deselect_id)
public func canvasDeselectID(_ engine: UnsafeMutableRawPointer?, _ id: UInt64) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.deselect(id: id) }
}

@c(canvas_clear_selection)
public func canvasClearSelection(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.clearSelection() }
}

@c(canvas_copy_selection)
public func canvasCopySelection(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.selection, as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}
