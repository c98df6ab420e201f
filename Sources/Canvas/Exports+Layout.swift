import CanvasCore
import CCanvasHeader

@c(canvas_set_layout_flow)
public func canvasSetLayoutFlow(
    _ engine: UnsafeMutableRawPointer?,
    _ hSpacing: Double,
    _ vSpacing: Double,
    _ alignment: CInt,
    _ maxWidth: Double
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let vertical: FlowLayout.VerticalAlignment = switch alignment {
        case CANVAS_FLOW_ALIGN_TOP: .top
        case CANVAS_FLOW_ALIGN_CENTER: .center
        case CANVAS_FLOW_ALIGN_BOTTOM: .bottom
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown flow alignment \(alignment)")
        }
        // NaN and 0 both mean "no maximum"; infinity is a mistake, not a wish.
        let limit: Double? = maxWidth.isNaN || maxWidth == 0 ? nil : try Check.nonNegative(maxWidth, "max_width")
        handle.engine.setLayout(FlowLayout(
            horizontalSpacing: try Check.nonNegative(hSpacing, "h_spacing"),
            verticalSpacing: try Check.nonNegative(vSpacing, "v_spacing"),
            alignment: vertical,
            maxWidth: limit
        ))
    }
}

@c(canvas_set_layout_grid)
public func canvasSetLayoutGrid(
    _ engine: UnsafeMutableRawPointer?,
    _ columns: Int64,
    _ hSpacing: Double,
    _ vSpacing: Double,
    _ alignment: canvas_point
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        guard columns >= 0, columns <= Int64(Int32.max) else {
            throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "columns \(columns) is out of range")
        }
        handle.engine.setLayout(GridLayout(
            columns: Int(columns),
            horizontalSpacing: try Check.nonNegative(hSpacing, "h_spacing"),
            verticalSpacing: try Check.nonNegative(vSpacing, "v_spacing"),
            alignment: try Check.unitPoint(alignment, "alignment")
        ))
    }
}

@c(canvas_set_layout_custom)
public func canvasSetLayoutCustom(
    _ engine: UnsafeMutableRawPointer?,
    _ place: canvas_place_fn?,
    _ user: UnsafeMutableRawPointer?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let place = try Check.notNull(place, "place")
        handle.engine.setLayout(CallbackLayout(place: place, user: user, handle: handle))
    }
}

@c(canvas_set_layout_custom_items)
public func canvasSetLayoutCustomItems(
    _ engine: UnsafeMutableRawPointer?,
    _ place: canvas_place_items_fn?,
    _ user: UnsafeMutableRawPointer?
) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let place = try Check.notNull(place, "place")
        handle.engine.setLayout(CallbackItemsLayout(place: place, user: user, handle: handle))
    }
}
