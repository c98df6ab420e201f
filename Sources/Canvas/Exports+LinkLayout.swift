import CCanvasHeader
import CanvasCore

// Links read back whole, and a custom layout that sees them: what a binding
// needs to hand a script its links (Lua's c:links() and place(items, proposal, links)).

@c(canvas_copy_links)
public func canvasCopyLinks(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_link>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let links = handle.engine.links.links
        // A count-only ask (out NULL) or a short buffer converts nothing.
        if out == nil || capacity < UInt(links.count) {
            let countOut = try Check.notNull(countOut, "count_out")
            try reportCount(links.count, of: "links", to: countOut, fitting: out == nil ? nil : capacity)
            return
        }
        try copyOut(links.map(cLink), as: canvas_link.self, to: out, capacity: capacity, countOut: countOut, what: "links")
    }
}

func cLink(_ link: Link) -> canvas_link {
    canvas_link(id: link.id, source: link.source, target: link.target, style: cLinkStyle(link.style),
                source_side: cLinkSide(link.sourceSide), target_side: cLinkSide(link.targetSide))
}

func cLinkStyle(_ style: LinkStyle) -> canvas_link_style {
    switch style {
    case .straight: CANVAS_LINK_STRAIGHT
    case .step: CANVAS_LINK_STEP
    case .curve: CANVAS_LINK_CURVE
    }
}

func cLinkSide(_ side: LinkSide) -> canvas_side {
    switch side {
    case .auto: CANVAS_SIDE_AUTO
    case .top: CANVAS_SIDE_TOP
    case .bottom: CANVAS_SIDE_BOTTOM
    case .leading: CANVAS_SIDE_LEADING
    case .trailing: CANVAS_SIDE_TRAILING
    }
}

@c(canvas_set_layout_custom_links)
public func canvasSetLayoutCustomLinks(
    _ engine: UnsafeMutableRawPointer?,
    _ place: canvas_place_links_fn?,
    _ user: UnsafeMutableRawPointer?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let place = try Check.notNull(place, "place")
        handle.engine.setLayout(CallbackLinksLayout(place: place, user: user, handle: handle))
    }
}
