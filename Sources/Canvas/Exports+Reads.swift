import CanvasCore
import CCanvasHeader

// What a host reads every frame without copying a whole result: whether
// undo and redo have a step, the selection's version, the running
// animation's end. Each a check and a core read.

@c(canvas_can_undo)
public func canvasCanUndo(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        answer(try Check.notNull(out, "out"), handle.engine.canUndo)
    }
}

@c(canvas_can_redo)
public func canvasCanRedo(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        answer(try Check.notNull(out, "out"), handle.engine.canRedo)
    }
}

@c(canvas_set_history_limit)
public func canvasSetHistoryLimit(_ engine: UnsafeMutableRawPointer?, _ bytes: UInt64) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        // Beyond Int.max is no limit at all, so it saturates.
        handle.engine.historyByteLimit = bytes > UInt64(Int.max) ? Int.max : Int(bytes)
    }
}

@c(canvas_get_history_limit)
public func canvasGetHistoryLimit(_ engine: UnsafeRawPointer?, _ bytesOut: UnsafeMutablePointer<UInt64>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(bytesOut, "bytes_out").pointee = UInt64(handle.engine.historyByteLimit)
    }
}

@c(canvas_get_selection_version)
public func canvasGetSelectionVersion(_ engine: UnsafeRawPointer?, _ versionOut: UnsafeMutablePointer<UInt64>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(versionOut, "version_out").pointee = handle.engine.selectionVersion
    }
}

@c(canvas_get_motion_end)
public func canvasGetMotionEnd(_ engine: UnsafeRawPointer?, _ endOut: UnsafeMutablePointer<Double>?, _ hasOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let end = try Check.notNull(endOut, "end_ms_out")
        let has = try Check.notNull(hasOut, "has_out")
        let time = handle.engine.animationEndTime
        end.pointee = time ?? 0
        answer(has, time != nil)
    }
}
