import CanvasCore
import CCanvasHeader

@c(canvas_set_backdrop)
public func canvasSetBackdrop(_ engine: UnsafeMutableRawPointer?, _ kind: CInt, _ spacing: Double, _ size: Double) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let spacing = try Check.nonNegative(spacing, "spacing")
        let size = try Check.nonNegative(size, "size")
        handle.engine.backdrop = switch kind {
        case CANVAS_BACKDROP_NONE: .none
        case CANVAS_BACKDROP_DOTS: .dots(spacing: spacing, radius: size)
        case CANVAS_BACKDROP_GRID: .grid(spacing: spacing, lineWidth: size)
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown backdrop kind \(kind)")
        }
    }
}

@c(canvas_get_backdrop_tile)
public func canvasGetBackdropTile(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_backdrop_tile>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let out = try Check.notNull(out, "out")
        let backdrop = handle.engine.backdrop
        let tiles = handle.engine.visibleBackdropTiles
        let shapes = backdrop.tileShapes.map(canvas_rect.init)
        var tile = canvas_backdrop_tile()
        tile.kind = switch backdrop {
        case .none: CANVAS_BACKDROP_NONE
        case .dots: CANVAS_BACKDROP_DOTS
        case .grid: CANVAS_BACKDROP_GRID
        }
        tile.side = tiles.side
        tile.phase = canvas_point(tiles.phase)
        tile.shape_count = shapes.count
        if shapes.count > 0 { tile.shapes.0 = shapes[0] }
        if shapes.count > 1 { tile.shapes.1 = shapes[1] }
        out.pointee = tile
    }
}

@c(canvas_copy_backdrop_origins)
public func canvasCopyBackdropOrigins(_ engine: UnsafeRawPointer?, _ out: UnsafeMutablePointer<canvas_point>?, _ capacity: UInt, _ countOut: UnsafeMutablePointer<UInt>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        try copyOut(handle.engine.visibleBackdropTiles.origins, as: canvas_point.self,
                    to: out, capacity: capacity, countOut: countOut, what: "origins")
    }
}
