import CanvasCore
import CCanvasHeader

/// A layout whose place function is the host's C callback.
struct CallbackLayout: CanvasLayout {
    let place: canvas_place_fn
    let user: UnsafeMutableRawPointer?
    /// The handle owns the engine that owns this layout; unowned breaks the cycle.
    unowned let handle: EngineHandle

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) throws(CanvasError) -> [Rect] {
        let count = items.count
        var frames = [Rect](repeating: .zero, count: count)
        handle.callbackMessage = nil
        let status = frames.withUnsafeMutableBufferPointer { framesOut in
            framesOut.withMemoryRebound(to: canvas_rect.self) { framesOut in
                items.sizes.withUnsafeBufferPointer { sizes in
                    sizes.withMemoryRebound(to: canvas_size.self) { sizes in
                        handle.callingOut {
                            place(user, sizes.baseAddress, count,
                                  proposal.width ?? .nan, proposal.height ?? .nan,
                                  framesOut.baseAddress)
                        }
                    }
                }
            }
        }
        guard status == CANVAS_OK else {
            let detail = handle.callbackMessage ?? "place callback failed with status \(status)"
            throw CanvasError(.callbackFailed, detail)
        }
        return frames
    }
}
