import CanvasCore
import CCanvasHeader

/// What a `canvas_engine *` points at: the core engine plus the state only
/// the C boundary needs (the last-error string and the re-entrancy guard).
final class EngineHandle {
    let engine = CanvasEngine()

    /// The last failure's message, NUL-terminated. Owned here and replaced
    /// only by the next failure, so the pointer `canvas_engine_last_error`
    /// hands out stays valid until then, as the header promises.
    private(set) var lastError: UnsafeMutablePointer<CChar> = copyCString("")

    /// True while the engine runs one of the host's callbacks; calls made
    /// from inside are refused instead of touching half-updated state.
    var isInCallback = false

    /// A message a failing callback left with `canvas_callback_error`.
    var callbackMessage: String?

    /// The host's zoom callback and its user pointer.
    var zoomCallback: canvas_zoom_fn?
    var zoomUser: UnsafeMutableRawPointer?

    deinit { lastError.deallocate() }

    func setLastError(_ message: String) {
        let replaced = lastError
        lastError = copyCString(message)
        replaced.deallocate()
    }

    /// Runs `body` with the re-entrancy guard up, for calls out to the host.
    func callingOut<Result>(_ body: () -> Result) -> Result {
        isInCallback = true
        defer { isInCallback = false }
        return body()
    }

    /// Runs a core call that may change the zoom, tells the host's zoom
    /// callback about each change, and undoes the whole call if the callback
    /// fails, so a failure leaves the engine as it was.
    func notifyingZoom(_ body: () throws(CanvasError) -> [ZoomEvent]) throws(ABIFailure) {
        try core { () throws(CanvasError) in
            try engine.transaction { () throws(CanvasError) in
                for event in try body() { try deliver(event) }
            }
        }
    }

    private func deliver(_ event: ZoomEvent) throws(CanvasError) {
        guard let callback = zoomCallback else { return }
        let (kind, scale): (Int32, Double) = switch event {
        case .willBegin: (CANVAS_ZOOM_WILL_BEGIN, engine.zoomScale)
        case .didChange(let scale): (CANVAS_ZOOM_DID_CHANGE, scale)
        case .didEnd(let scale): (CANVAS_ZOOM_DID_END, scale)
        }
        callbackMessage = nil
        let status = callingOut { callback(zoomUser, kind, scale) }
        guard status == CANVAS_OK else {
            throw CanvasError(.callbackFailed, callbackMessage ?? "zoom callback failed with status \(status)")
        }
    }

    // MARK: Handles

    var pointer: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static func from(_ pointer: UnsafeRawPointer) -> EngineHandle {
        Unmanaged<EngineHandle>.fromOpaque(pointer).takeUnretainedValue()
    }
}

/// A heap copy of `text` as a NUL-terminated C string; the caller deallocates it.
private func copyCString(_ text: String) -> UnsafeMutablePointer<CChar> {
    let bytes = text.utf8CString
    let copy = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    bytes.withUnsafeBufferPointer { copy.initialize(from: $0.baseAddress!, count: bytes.count) }
    return copy
}

/// A failure on its way out through the C boundary.
struct ABIFailure: Error {
    var status: canvas_status
    var message: String

    init(_ status: Int32, _ message: String) {
        self.status = status
        self.message = message
    }

    init(_ error: CanvasError) {
        let status: Int32 = switch error.kind {
        case .invalidArgument: CANVAS_ERR_INVALID_ARGUMENT
        case .nonFinite: CANVAS_ERR_NON_FINITE
        case .badLayout: CANVAS_ERR_BAD_LAYOUT
        case .callbackFailed: CANVAS_ERR_CALLBACK
        case .notFound: CANVAS_ERR_NOT_FOUND
        case .noMemory: CANVAS_ERR_NO_MEMORY
        }
        self.init(status, error.message)
    }
}

/// The one way into the engine from C: checks the handle, refuses calls
/// from inside a callback, and turns a thrown failure into a status code
/// plus the last-error message. Every exported function that can fail goes
/// through here, so none of them can let a Swift error escape.
func withEngine(
    _ pointer: UnsafeRawPointer?,
    _ function: StaticString = #function,
    _ body: (EngineHandle) throws(ABIFailure) -> Void
) -> canvas_status {
    guard let pointer else { return CANVAS_ERR_NULL }
    let handle = EngineHandle.from(pointer)
    guard !handle.isInCallback else {
        // The engine is mid-call; record nothing in it beyond the message.
        handle.setLastError("engine is busy: called from inside one of its own callbacks")
        return CANVAS_ERR_BUSY
    }
    do throws(ABIFailure) {
        try body(handle)
        return CANVAS_OK
    } catch {
        handle.setLastError(error.message)
        return error.status
    }
}

/// Runs a core call, translating its error for the boundary.
@discardableResult
func core<Result>(_ body: () throws(CanvasError) -> Result) throws(ABIFailure) -> Result {
    do throws(CanvasError) {
        return try body()
    } catch {
        throw ABIFailure(error)
    }
}
