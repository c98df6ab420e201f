/// Scrolling while a drag nears a viewport edge.
///
/// Within `band` points (40, as React Flow uses) of an edge, the viewport
/// scrolls toward that edge, linearly faster the closer the pointer is: 0
/// at the band's inner edge, `maxSpeed` at the viewport edge and beyond.
/// The host's clock drives it, in milliseconds as every time the engine
/// takes: each tick scrolls by velocity × elapsed time (see
/// `CanvasEngine.autoPan(pointer:elapsed:)`).
package enum AutoPan {
    public static let band = 40.0
    /// Points per millisecond at the edge: 15 points a frame at 60 frames a second.
    public static let maxSpeed = 0.9

    /// The scroll velocity, in points per millisecond, for a pointer at `pointer`
    /// (viewport coordinates) in a viewport of `size`; zero away from the edges.
    public static func velocity(pointer: Point, viewport size: Size, band: Double = band, maxSpeed: Double = maxSpeed) -> Point {
        guard pointer.isFinite, band > 0 else { return .zero }
        func axis(_ p: Double, _ extent: Double) -> Double {
            guard extent > 0 else { return 0 }
            let band = min(band, extent / 2)
            if p < band { return -maxSpeed * min(1, (band - p) / band) }
            if p > extent - band { return maxSpeed * min(1, (p - (extent - band)) / band) }
            return 0
        }
        return Point(x: axis(pointer.x, size.width), y: axis(pointer.y, size.height))
    }
}
