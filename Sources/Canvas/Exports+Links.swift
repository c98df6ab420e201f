import CCanvasHeader
import CanvasCore

// Links (canvas.h, "Links"): validate and convert, the engine does the rest.

// The enumerators typed (C imports them as plain ints), as Constants.swift does.
let CANVAS_LINK_STRAIGHT = canvas_link_style(CCanvasHeader.CANVAS_LINK_STRAIGHT)
let CANVAS_LINK_STEP = canvas_link_style(CCanvasHeader.CANVAS_LINK_STEP)
let CANVAS_LINK_CURVE = canvas_link_style(CCanvasHeader.CANVAS_LINK_CURVE)
let CANVAS_SIDE_AUTO = canvas_side(CCanvasHeader.CANVAS_SIDE_AUTO)
let CANVAS_SIDE_TOP = canvas_side(CCanvasHeader.CANVAS_SIDE_TOP)
let CANVAS_SIDE_BOTTOM = canvas_side(CCanvasHeader.CANVAS_SIDE_BOTTOM)
let CANVAS_SIDE_LEADING = canvas_side(CCanvasHeader.CANVAS_SIDE_LEADING)
let CANVAS_SIDE_TRAILING = canvas_side(CCanvasHeader.CANVAS_SIDE_TRAILING)

func linkStyle(_ raw: canvas_link_style) throws(ABIFailure) -> LinkStyle {
    switch raw {
    case CANVAS_LINK_STRAIGHT: return .straight
    case CANVAS_LINK_STEP: return .step
    case CANVAS_LINK_CURVE: return .curve
    default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown link style \(raw)")
    }
}

func linkSide(_ raw: canvas_side, _ name: String) throws(ABIFailure) -> LinkSide {
    switch raw {
    case CANVAS_SIDE_AUTO: return .auto
    case CANVAS_SIDE_TOP: return .top
    case CANVAS_SIDE_BOTTOM: return .bottom
    case CANVAS_SIDE_LEADING: return .leading
    case CANVAS_SIDE_TRAILING: return .trailing
    default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown \(name) \(raw)")
    }
}

func coreLinks(_ links: UnsafePointer<canvas_link>?, _ count: UInt) throws(ABIFailure) -> [Link] {
    try Check.array(links, count, "links").map { (raw) throws(ABIFailure) in
        Link(id: raw.id, source: raw.source, target: raw.target, style: try linkStyle(raw.style),
             sourceSide: try linkSide(raw.source_side, "source side"), targetSide: try linkSide(raw.target_side, "target side"))
    }
}

@c(canvas_set_links)
public func canvasSetLinks(_ engine: UnsafeMutableRawPointer?, _ links: UnsafePointer<canvas_link>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let list = try coreLinks(links, count)
        try core { () throws(CanvasError) in try handle.engine.setLinks(list) }
    }
}

@c(canvas_copy_link_route)
public func canvasCopyLinkRoute(_ engine: UnsafeRawPointer?, _ id: UInt64, _ points: UnsafeMutablePointer<canvas_point>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let countOut = try Check.notNull(countOut, "count_out")
        // Straight into the caller's buffer (a point is two doubles on both sides).
        let room = points == nil ? 0 : Int(clamping: capacity)
        let found = UnsafeMutableRawPointer(points).map {
            handle.engine.copyLinkRoute(id, into: UnsafeMutableBufferPointer(start: $0.bindMemory(to: Point.self, capacity: room), count: room))
        } ?? handle.engine.copyLinkRoute(id, into: UnsafeMutableBufferPointer(start: nil, count: 0))
        guard let count = found else {
            throw ABIFailure(CANVAS_ERR_NOT_FOUND, handle.engine.links.position(of: id) == nil
                ? "no link has id \(id)" : "link \(id) has no route yet: its ends have no frames (resolve first)")
        }
        try reportCount(count, of: "points", to: countOut, fitting: points == nil ? nil : capacity)
    }
}

@c(canvas_query_links)
public func canvasQueryLinks(_ engine: UnsafeRawPointer?, _ rect: canvas_rect, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.queryLinks(Rect(rect)), as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_visible_links)
public func canvasCopyVisibleLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.visibleLinks ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_appeared_links)
public func canvasCopyAppearedLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.appearedLinks ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_disappeared_links)
public func canvasCopyDisappearedLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.published?.disappearedLinks ?? [], as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_copy_cluster_links)
public func canvasCopyClusterLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_cluster_link>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let aggregated = (handle.engine.published?.clusterLinks ?? []).map { link in
            canvas_cluster_link(from: link.from, to: link.to, count: UInt64(link.count),
                                from_kind: Int32(link.fromKind.rawValue), to_kind: Int32(link.toKind.rawValue))
        }
        try copyOut(aggregated, as: canvas_cluster_link.self, to: out, capacity: capacity, countOut: countOut, what: "cluster links")
    }
}

@c(canvas_hit_test_link)
public func canvasHitTestLink(_ engine: UnsafeRawPointer?, _ point: canvas_point, _ idOut: UnsafeMutablePointer<UInt64>?, _ foundOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let idOut = try Check.notNull(idOut, "id_out")
        let foundOut = try Check.notNull(foundOut, "found_out")
        let hit = handle.engine.hitTestLink(at: try Check.point(point, "point"))
        answer(foundOut, hit != nil)
        if let hit { idOut.pointee = hit }
    }
}

@c(canvas_insert_links)
public func canvasInsertLinks(_ engine: UnsafeMutableRawPointer?, _ links: UnsafePointer<canvas_link>?, _ count: UInt, _ beforeID: UnsafePointer<UInt64>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let list = try coreLinks(links, count)
        let before = beforeID?.pointee
        try core { () throws(CanvasError) in try handle.engine.insertLinks(list, before: before) }
    }
}

@c(canvas_remove_links)
public func canvasRemoveLinks(_ engine: UnsafeMutableRawPointer?, _ ids: UnsafePointer<UInt64>?, _ count: UInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let idList = try Check.array(ids, count, "ids")
        try core { () throws(CanvasError) in try handle.engine.removeLinks(idList) }
    }
}

// Link selection (canvas.h, after canvas_remove_links).

@c(canvas_select_link)
public func canvasSelectLink(_ engine: UnsafeMutableRawPointer?, _ id: UInt64, _ add: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try core { () throws(CanvasError) in try handle.engine.selectLink(id, adding: add != 0) }
    }
}

@c(canvas_deselect_link)
public func canvasDeselectLink(_ engine: UnsafeMutableRawPointer?, _ id: UInt64) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.deselectLink(id) }
}

@c(canvas_clear_link_selection)
public func canvasClearLinkSelection(_ engine: UnsafeMutableRawPointer?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.clearLinkSelection() }
}

@c(canvas_copy_selected_links)
public func canvasCopySelectedLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<UInt64>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.selectedLinkIDs, as: UInt64.self, to: out, capacity: capacity, countOut: countOut, what: "ids")
    }
}

@c(canvas_set_marquee_links)
public func canvasSetMarqueeLinks(_ engine: UnsafeMutableRawPointer?, _ on: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in handle.engine.marqueeSelectsLinks = on != 0 }
}

@c(canvas_get_marquee_links)
public func canvasGetMarqueeLinks(_ engine: UnsafeRawPointer?, _ onOut: UnsafeMutablePointer<CInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        answer(try Check.notNull(onOut, "on_out"), handle.engine.marqueeSelectsLinks)
    }
}
