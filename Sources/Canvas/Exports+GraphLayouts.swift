import CanvasCore
import CCanvasHeader

// The built-in graph layouts over the canvas's links (canvas_set_layout_tree,
// canvas_set_layout_layered): settings checked here, the layouts in the core.

// The header's enumerators, typed as the field that holds them.
private let graphDown = canvas_graph_direction(CCanvasHeader.CANVAS_GRAPH_DOWN)
private let graphRight = canvas_graph_direction(CCanvasHeader.CANVAS_GRAPH_RIGHT)
private let graphRadial = canvas_graph_direction(CCanvasHeader.CANVAS_GRAPH_RADIAL)

@c(canvas_set_layout_tree)
public func canvasSetLayoutTree(_ engine: UnsafeMutableRawPointer?, _ settings: UnsafePointer<canvas_tree_settings>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let given = settings?.pointee ?? canvas_tree_settings(direction: graphDown, level_spacing: 40, sibling_spacing: 16)
        let direction: TreeLayout.Direction = switch given.direction {
        case graphDown: .down
        case graphRight: .right
        case graphRadial: .radial
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "unknown tree direction \(given.direction)")
        }
        handle.engine.setLayout(TreeLayout(
            direction: direction,
            levelSpacing: try Check.nonNegative(given.level_spacing, "level_spacing"),
            siblingSpacing: try Check.nonNegative(given.sibling_spacing, "sibling_spacing")
        ))
    }
}

@c(canvas_set_layout_layered)
public func canvasSetLayoutLayered(_ engine: UnsafeMutableRawPointer?, _ settings: UnsafePointer<canvas_layered_settings>?) -> CInt {
    withEngine(engine) { handle throws(ABIFailure) in
        let given = settings?.pointee ?? canvas_layered_settings(direction: graphDown, rank_spacing: 50, node_spacing: 20)
        let direction: GraphDirection = switch given.direction {
        case graphDown: .down
        case graphRight: .right
        default: throw ABIFailure(CANVAS_ERR_INVALID_ARGUMENT, "the layered layout grows down or right, not direction \(given.direction)")
        }
        handle.engine.setLayout(LayeredLayout(
            direction: direction,
            rankSpacing: try Check.nonNegative(given.rank_spacing, "rank_spacing"),
            nodeSpacing: try Check.nonNegative(given.node_spacing, "node_spacing")
        ))
    }
}
