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
        return try placed(frames, status, handle)
    }
}

/// The items as canvas_place_items_fn and canvas_place_links_fn see them.
private func describe(_ items: LayoutItems) -> [canvas_layout_item] {
    items.map { item in
        canvas_layout_item(id: item.id, index: item.index,
                           size: canvas_size(width: item.size.width, height: item.size.height))
    }
}

/// A layout whose C callback gets each item's id and index as well as its size.
struct CallbackItemsLayout: CanvasLayout {
    let place: canvas_place_items_fn
    let user: UnsafeMutableRawPointer?
    unowned let handle: EngineHandle

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) throws(CanvasError) -> [Rect] {
        let count = items.count
        let described = describe(items)
        var frames = [Rect](repeating: .zero, count: count)
        handle.callbackMessage = nil
        let status = frames.withUnsafeMutableBufferPointer { framesOut in
            framesOut.withMemoryRebound(to: canvas_rect.self) { framesOut in
                described.withUnsafeBufferPointer { described in
                    handle.callingOut {
                        place(user, described.baseAddress, count,
                              proposal.width ?? .nan, proposal.height ?? .nan,
                              framesOut.baseAddress)
                    }
                }
            }
        }
        return try placed(frames, status, handle)
    }
}

/// A layout whose C callback also gets the canvas's links between the items,
/// as item positions, with each link's id.
struct CallbackLinksLayout: CanvasLayout {
    let place: canvas_place_links_fn
    let user: UnsafeMutableRawPointer?
    unowned let handle: EngineHandle

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) throws(CanvasError) -> [Rect] {
        let count = items.count
        let described = describe(items)
        // items.links are the engine's links whose ends are both items, in
        // link order, each with its id (none for links a layout was given).
        let graph = items.links
        // Not unsafeUninitializedCapacity for no links: it writes into the
        // empty-array storage every thread's arrays share (see
        // Array(uninitializedCapacity:), which this module's header check
        // cannot see).
        let links = graph.count == 0 ? [] : [canvas_layout_link](unsafeUninitializedCapacity: graph.count) { links, initialized in
            let ids = graph.ids ?? []
            for k in 0..<graph.count {
                links[k] = canvas_layout_link(id: k < ids.count ? ids[k] : 0,
                                              source: graph.sources[k], target: graph.targets[k])
            }
            initialized = graph.count
        }
        var frames = [Rect](repeating: .zero, count: count)
        handle.callbackMessage = nil
        let status = frames.withUnsafeMutableBufferPointer { framesOut in
            framesOut.withMemoryRebound(to: canvas_rect.self) { framesOut in
                described.withUnsafeBufferPointer { described in
                    links.withUnsafeBufferPointer { links in
                        handle.callingOut {
                            place(user, described.baseAddress, count, links.baseAddress, links.count,
                                  proposal.width ?? .nan, proposal.height ?? .nan,
                                  framesOut.baseAddress)
                        }
                    }
                }
            }
        }
        return try placed(frames, status, handle)
    }
}

/// The frames a callback wrote, or its failure with the message it left.
private func placed(_ frames: [Rect], _ status: canvas_status, _ handle: EngineHandle) throws(CanvasError) -> [Rect] {
    guard status == CANVAS_OK else {
        let detail = handle.callbackMessage ?? "place callback failed with status \(status)"
        throw CanvasError(.callbackFailed, detail)
    }
    return frames
}
