import CanvasCore
import CCanvasHeader

@c(canvas_set_item_size)
public func canvasSetItemSize(_ engine: UnsafeMutableRawPointer?, _ size: canvas_size) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.setSizing(.fixed(try Check.size(size, "size")))
    }
}

@c(canvas_set_estimated_item_size)
public func canvasSetEstimatedItemSize(_ engine: UnsafeMutableRawPointer?, _ estimate: canvas_size) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.setSizing(.measured(estimate: try Check.size(estimate, "estimate")))
    }
}

@c(canvas_set_measure)
public func canvasSetMeasure(
    _ engine: UnsafeMutableRawPointer?,
    _ measure: canvas_measure_fn?,
    _ user: UnsafeMutableRawPointer?,
    _ chunkSize: UInt
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let chunk = chunkSize == 0 ? ItemSizing.defaultChunkSize : try Check.count(chunkSize, "chunk_size")
        guard let measure else {
            try core { () throws(CanvasError) in try handle.engine.setMeasure(nil, chunkSize: chunk) }
            return
        }
        // The handle owns the engine that owns this closure; unowned breaks the cycle.
        let function: MeasureFunction = { [unowned handle] (id, index, proposalWidth) throws(CanvasError) -> Size in
            var size = canvas_size(width: 0, height: 0)
            handle.callbackMessage = nil
            let status = handle.callingOut { measure(user, id, index, proposalWidth ?? .nan, &size) }
            guard status == CANVAS_OK else {
                throw CanvasError(.callbackFailed, handle.callbackMessage ?? "measure callback failed with status \(status) for id \(id)")
            }
            return Size(size)
        }
        try core { () throws(CanvasError) in try handle.engine.setMeasure(function, chunkSize: chunk) }
    }
}

@c(canvas_step)
public func canvasStep(_ engine: UnsafeMutableRawPointer?, _ resultOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let result = try core { () throws(CanvasError) in try handle.engine.step() }
        resultOut?.pointee = switch result {
        case .idle: CANVAS_STEP_IDLE
        case .deferred: CANVAS_STEP_DEFERRED
        case .measured: CANVAS_STEP_MEASURED
        case .resolved: CANVAS_STEP_RESOLVED
        }
    }
}

@c(canvas_invalidate_measurements)
public func canvasInvalidateMeasurements(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.invalidateMeasurements() }
}

@c(canvas_get_pending_measurements)
public func canvasGetPendingMeasurements(_ engine: UnsafeRawPointer?) -> UInt {
    guard let engine else { return 0 }
    return UInt(EngineHandle.from(engine).engine.pendingMeasurements)
}
