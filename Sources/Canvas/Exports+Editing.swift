import CanvasCore
import CCanvasHeader

// The free layout, edits by id, batches, undo, selection by rectangle, the
// select tool's settings, guides and focus: each a check and a core call.

extension Check {
    /// `count` elements at `pointer`, which may be NULL only when count is 0.
    static func array<T>(_ pointer: UnsafePointer<T>?, _ count: UInt, _ name: String) throws(ABIFailure) -> [T] {
        let count = try Check.count(count, "count")
        guard count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: try notNull(pointer, name), count: count))
    }

    static func direction(_ direction: canvas_page_direction) throws(ABIFailure) -> FocusDirection {
        switch direction {
        case CANVAS_PAGE_LEFT: return .left
        case CANVAS_PAGE_RIGHT: return .right
        case CANVAS_PAGE_UP: return .up
        case CANVAS_PAGE_DOWN: return .down
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown direction \(direction)")
        }
    }
}

@c(canvas_set_item_frames)
public func canvasSetItemFrames(_ engine: UnsafeMutableRawPointer?, _ frames: UnsafePointer<canvas_rect>?, _ ids: UnsafePointer<UInt64>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let frameList = try Check.array(frames, count, "frames").map(Rect.init)
        let idList = ids.map { Array(UnsafeBufferPointer(start: $0, count: frameList.count)) }
        try handle.notifyingZoom { () throws(CanvasError) in try handle.engine.setItemFrames(frameList, ids: idList) }
    }
}

@c(canvas_set_layout_free)
public func canvasSetLayoutFree(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.setLayoutFree() }
}

@c(canvas_set_scroll_extent)
public func canvasSetScrollExtent(_ engine: UnsafeMutableRawPointer?, _ extent: canvas_scroll_extent, _ publishedOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let value: ScrollExtent = switch extent {
        case CANVAS_SCROLL_UNBOUNDED: .unbounded
        case CANVAS_SCROLL_CONTENT: .content
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown scroll extent \(extent)")
        }
        answer(publishedOut, handle.engine.setScrollExtent(value) != nil)
    }
}

@c(canvas_get_scroll_bounds)
public func canvasGetScrollBounds(_ engine: UnsafeRawPointer?, _ boundsOut: UnsafeMutablePointer<canvas_scroll_bounds>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(boundsOut, "bounds_out")
        let bounds = handle.engine.scrollBounds
        out.pointee = canvas_scroll_bounds(min_x: bounds.minX, max_x: bounds.maxX, min_y: bounds.minY, max_y: bounds.maxY)
    }
}

@c(canvas_insert_items)
public func canvasInsertItems(
    _ engine: UnsafeMutableRawPointer?, _ frames: UnsafePointer<canvas_rect>?, _ ids: UnsafePointer<UInt64>?,
    _ count: UInt, _ beforeID: UnsafePointer<UInt64>?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let frameList = try Check.array(frames, count, "frames")
        let idList = try Check.array(ids, count, "ids")
        let items = zip(idList, frameList).map { NewItem(id: $0, frame: Rect($1)) }
        try core { () throws(CanvasError) in try handle.engine.insert(items, before: beforeID?.pointee) }
    }
}

@c(canvas_get_publish_count)
public func canvasGetPublishCount(_ engine: UnsafeRawPointer?, _ countOut: UnsafeMutablePointer<UInt64>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try Check.notNull(countOut, "count_out").pointee = handle.engine.publishCount
    }
}

@c(canvas_remove_items)
public func canvasRemoveItems(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let idList = try Check.array(ids, count, "ids")
        try core { () throws(CanvasError) in try handle.engine.remove(idList) }
    }
}

@c(canvas_move_items)
public func canvasMoveItems(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ origins: UnsafePointer<canvas_point>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let moves = zip(try Check.array(ids, count, "ids"), try Check.array(origins, count, "origins"))
            .map { (id: $0, origin: Point($1)) }
        try core { () throws(CanvasError) in try handle.engine.move(moves) }
    }
}

@c(canvas_set_frames_by_id)
public func canvasSetFramesByID(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ frames: UnsafePointer<canvas_rect>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let changes = zip(try Check.array(ids, count, "ids"), try Check.array(frames, count, "frames"))
            .map { (id: $0, frame: Rect($1)) }
        try core { () throws(CanvasError) in try handle.engine.setFrames(changes) }
    }
}

@c(canvas_resize_items)
public func canvasResizeItems(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ sizes: UnsafePointer<canvas_size>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let changes = zip(try Check.array(ids, count, "ids"), try Check.array(sizes, count, "sizes"))
            .map { (id: $0, size: Size($1)) }
        try core { () throws(CanvasError) in try handle.engine.resize(changes) }
    }
}

@c(canvas_reorder)
public func canvasReorder(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ count: UInt, _ kind: canvas_reorder_kind) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let idList = try Check.array(ids, count, "ids")
        switch kind {
        case CANVAS_REORDER_FRONT: try core { () throws(CanvasError) in try handle.engine.bringToFront(idList) }
        case CANVAS_REORDER_BACK: try core { () throws(CanvasError) in try handle.engine.sendToBack(idList) }
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown reorder kind \(kind)")
        }
    }
}

@c(canvas_batch_begin)
public func canvasBatchBegin(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in try core { () throws(CanvasError) in try handle.engine.beginBatch() } }
}

@c(canvas_batch_commit)
public func canvasBatchCommit(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in _ = try core { () throws(CanvasError) in try handle.engine.commitBatch() } }
}

@c(canvas_batch_rollback)
public func canvasBatchRollback(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        guard handle.engine.isBatchOpen else { throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "no batch is open") }
        handle.engine.rollbackBatch()
    }
}

@c(canvas_undo)
public func canvasUndo(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try refuseDuringBatch(handle)
        try core { () throws(CanvasError) in try handle.engine.undo() }
    }
}

@c(canvas_redo)
public func canvasRedo(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try refuseDuringBatch(handle)
        try core { () throws(CanvasError) in try handle.engine.redo() }
    }
}

private func refuseDuringBatch(_ handle: EngineHandle) throws(ABIFailure) {
    if handle.engine.isBatchOpen { throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "a batch is open: commit or roll it back first") }
}

@c(canvas_select_rect)
public func canvasSelectRect(_ engine: UnsafeMutableRawPointer?, _ rect: canvas_rect, _ mode: canvas_marquee_mode, _ op: canvas_selection_op) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let area = try Check.rect(rect, "rect")
        let marquee: MarqueeMode = switch mode {
        case CANVAS_MARQUEE_INTERSECT: .intersect
        case CANVAS_MARQUEE_CONTAIN: .contain
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown marquee mode \(mode)")
        }
        let selectionOp: SelectionOp = switch op {
        case CANVAS_SELECTION_REPLACE: .replace
        case CANVAS_SELECTION_ADD: .add
        case CANVAS_SELECTION_TOGGLE: .toggle
        case CANVAS_SELECTION_SUBTRACT: .subtract
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown selection op \(op)")
        }
        handle.engine.selectRect(area, mode: marquee, op: selectionOp)
    }
}

@c(canvas_select_all)
public func canvasSelectAll(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.selectAll() }
}

@c(canvas_get_selection_bounds)
public func canvasGetSelectionBounds(_ engine: UnsafeRawPointer?, _ boundsOut: UnsafeMutablePointer<canvas_rect>?, _ hasOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(boundsOut, "bounds_out")
        let has = try Check.notNull(hasOut, "has_out")
        let bounds = handle.engine.selectionBounds
        if let bounds { out.pointee = canvas_rect(bounds) }
        answer(has, bounds != nil)
    }
}

@c(canvas_set_tool)
public func canvasSetTool(_ engine: UnsafeMutableRawPointer?, _ tool: canvas_tool) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        switch tool {
        case CANVAS_TOOL_PAN: handle.engine.setTool(.pan)
        case CANVAS_TOOL_SELECT: handle.engine.setTool(.select)
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown tool \(tool)")
        }
    }
}

@c(canvas_set_snap)
public func canvasSetSnap(_ engine: UnsafeMutableRawPointer?, _ snap: UnsafePointer<canvas_snap>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let given = try Check.notNull(snap, "snap").pointee
        let grid = try Check.finite(given.grid, "snap.grid")
        let settings = SnapSettings(grid: grid > 0 ? grid : nil, items: given.items != 0, gaps: given.gaps != 0, threshold: given.threshold)
        try core { () throws(CanvasError) in try handle.engine.setSnap(settings) }
    }
}

@c(canvas_copy_guides)
public func canvasCopyGuides(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_guide>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let guides = handle.engine.guides.map { guide in
            let kind: canvas_guide_kind = switch guide.kind {
            case .edge: CANVAS_GUIDE_EDGE
            case .center: CANVAS_GUIDE_CENTER
            case .gap: CANVAS_GUIDE_GAP
            case .grid: CANVAS_GUIDE_GRID
            }
            return canvas_guide(x1: guide.x1, y1: guide.y1, x2: guide.x2, y2: guide.y2, kind: kind)
        }
        try copyOut(guides, as: canvas_guide.self, to: out, capacity: capacity, countOut: countOut, what: "guides")
    }
}

@c(canvas_get_marquee)
public func canvasGetMarquee(_ engine: UnsafeRawPointer?, _ rectOut: UnsafeMutablePointer<canvas_rect>?, _ activeOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(rectOut, "rect_out")
        let active = try Check.notNull(activeOut, "active_out")
        let marquee = handle.engine.marqueeRect
        if let marquee { out.pointee = canvas_rect(marquee) }
        answer(active, marquee != nil)
    }
}

@c(canvas_nudge)
public func canvasNudge(_ engine: UnsafeMutableRawPointer?, _ direction: canvas_page_direction, _ shift: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let way = try Check.direction(direction)
        try core { () throws(CanvasError) in try handle.engine.nudge(way, shift: shift != 0) }
    }
}

@c(canvas_focus)
public func canvasFocus(_ engine: UnsafeMutableRawPointer?, _ id: UInt64) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in _ = try core { () throws(CanvasError) in try handle.engine.focus(id) } }
}

@c(canvas_focus_next)
public func canvasFocusNext(_ engine: UnsafeMutableRawPointer?, _ direction: canvas_page_direction, _ idOut: UnsafeMutablePointer<UInt64>?, _ foundOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let found = handle.engine.focusNext(try Check.direction(direction))
        if let found { idOut?.pointee = found }
        answer(foundOut, found != nil)
    }
}

@c(canvas_get_focus)
public func canvasGetFocus(_ engine: UnsafeRawPointer?, _ idOut: UnsafeMutablePointer<UInt64>?, _ hasOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(idOut, "id_out")
        let has = try Check.notNull(hasOut, "has_out")
        if let id = handle.engine.focusedID { out.pointee = id }
        answer(has, handle.engine.focusedID != nil)
    }
}
