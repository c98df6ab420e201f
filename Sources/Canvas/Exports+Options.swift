import CanvasCore
import CCanvasHeader

@c(canvas_set_content_size)
public func canvasSetContentSize(_ engine: UnsafeMutableRawPointer?, _ mode: CInt, _ size: canvas_size) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        func checkedSize() throws(ABIFailure) -> Size {
            Size(width: try Check.nonNegative(size.width, "size.width"),
                 height: try Check.nonNegative(size.height, "size.height"))
        }
        handle.engine.options.contentSize = switch mode {
        case CANVAS_CONTENT_AUTOMATIC: .automatic
        case CANVAS_CONTENT_FIXED: .fixed(try checkedSize())
        case CANVAS_CONTENT_AT_LEAST: .atLeast(try checkedSize())
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown content size mode \(mode)")
        }
    }
}

@c(canvas_set_margins)
public func canvasSetMargins(_ engine: UnsafeMutableRawPointer?, _ margins: canvas_insets) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.options.margins = Insets(
            top: try Check.nonNegative(margins.top, "margins.top"),
            leading: try Check.nonNegative(margins.leading, "margins.leading"),
            bottom: try Check.nonNegative(margins.bottom, "margins.bottom"),
            trailing: try Check.nonNegative(margins.trailing, "margins.trailing")
        )
    }
}

@c(canvas_set_content_anchor)
public func canvasSetContentAnchor(_ engine: UnsafeMutableRawPointer?, _ anchor: canvas_point) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.options.contentAnchor = try Check.unitPoint(anchor, "anchor")
    }
}

@c(canvas_set_layout_direction)
public func canvasSetLayoutDirection(_ engine: UnsafeMutableRawPointer?, _ direction: CInt) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        handle.engine.options.direction = switch direction {
        case CANVAS_DIRECTION_LTR: .leftToRight
        case CANVAS_DIRECTION_RTL: .rightToLeft
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown direction \(direction)")
        }
    }
}
