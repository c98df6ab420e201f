import CanvasCore
import CCanvasHeader

// Version, status strings and the engine's life cycle.

@c(canvas_abi_version)
public func canvasABIVersion() -> CUnsignedInt {
    CUnsignedInt(CANVAS_ABI_VERSION)
}

private let versionString: StaticString = "0.1.0"

@c(canvas_version)
public func canvasVersion() -> UnsafePointer<CChar>? {
    UnsafeRawPointer(versionString.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c(canvas_status_string)
public func canvasStatusString(_ status: CInt) -> UnsafePointer<CChar>? {
    let text: StaticString = switch status {
    case CANVAS_OK: "ok"
    case CANVAS_ERR_NULL: "a required pointer was NULL"
    case CANVAS_ERR_INVALID_ARGUMENT: "invalid argument"
    case CANVAS_ERR_NON_FINITE: "a number was not finite"
    case CANVAS_ERR_CALLBACK: "a callback failed"
    case CANVAS_ERR_BUFFER_TOO_SMALL: "buffer too small"
    case CANVAS_ERR_BAD_LAYOUT: "the layout returned unusable frames"
    case CANVAS_ERR_BUSY: "engine is busy in one of its callbacks"
    case CANVAS_ERR_NOT_FOUND: "not found"
    case CANVAS_ERR_NO_MEMORY: "not enough memory"
    default: "unknown status"
    }
    return UnsafeRawPointer(text.utf8Start).assumingMemoryBound(to: CChar.self)
}

@c(canvas_engine_create)
public func canvasEngineCreate() -> UnsafeMutableRawPointer? {
    Unmanaged.passRetained(EngineHandle()).toOpaque()
}

@c(canvas_engine_destroy)
public func canvasEngineDestroy(_ engine: UnsafeMutableRawPointer?) {
    guard let engine else { return }
    let handle = EngineHandle.from(engine)
    // Destroying from inside a callback would free the engine under its own feet.
    guard !handle.isInCallback else {
        handle.setLastError("canvas_engine_destroy called from inside a callback; ignored")
        return
    }
    Unmanaged<EngineHandle>.fromOpaque(engine).release()
}

private let nullEngineMessage: StaticString = "engine is NULL"

@c(canvas_engine_last_error)
public func canvasEngineLastError(_ engine: UnsafeRawPointer?) -> UnsafePointer<CChar>? {
    guard let engine else {
        return UnsafeRawPointer(nullEngineMessage.utf8Start).assumingMemoryBound(to: CChar.self)
    }
    return UnsafePointer(EngineHandle.from(engine).lastError)
}

@c(canvas_callback_error)
public func canvasCallbackError(_ engine: UnsafeMutableRawPointer?, _ message: UnsafePointer<CChar>?) -> CInt {
    guard let engine else { return CANVAS_ERR_NULL }
    let handle = EngineHandle.from(engine)
    guard handle.isInCallback else {
        handle.setLastError("canvas_callback_error called outside a callback")
        return CANVAS_ERR_INVALID_ARGUMENT
    }
    handle.callbackMessage = message.map { String(cString: $0) } ?? "callback failed"
    return CANVAS_OK
}
