/// What a view shows, in unzoomed content coordinates: the point at its
/// centre and how wide a span of content fits across it.
package struct ZoomView: Hashable, Sendable {
    public var center: Point
    public var width: Double

    public init(center: Point, width: Double) {
        self.center = center
        self.width = width
    }
}

/// Van Wijk and Nuij's smooth zoom and pan ("Smooth and efficient zooming
/// and panning", 2003), with ρ = √2 as d3-interpolate's interpolateZoom:
/// over a long distance the view zooms out, travels, and zooms back in,
/// at a speed that feels constant. `view(at:)` takes u from 0 to 1;
/// `duration` is S · 1000 ms for the path's length S.
package struct SmoothZoomPath: Hashable, Sendable {
    public static let rho = 2.0.squareRoot()

    public var from: ZoomView
    public var to: ZoomView
    /// The path's length S, in the paper's units.
    public private(set) var length: Double
    private var r0 = 0.0
    private var distance = 0.0

    public init(from: ZoomView, to: ZoomView) {
        self.from = from
        self.to = to
        let rho = Self.rho, rho2 = rho * rho, rho4 = rho2 * rho2
        let dx = to.center.x - from.center.x, dy = to.center.y - from.center.y
        let d2 = dx * dx + dy * dy
        if d2 < 1e-12 {
            length = logarithm(to.width / from.width) / rho
            return
        }
        let d1 = d2.squareRoot()
        let w0 = from.width, w1 = to.width
        let b0 = (w1 * w1 - w0 * w0 + rho4 * d2) / (2 * w0 * rho2 * d1)
        let b1 = (w1 * w1 - w0 * w0 - rho4 * d2) / (2 * w1 * rho2 * d1)
        r0 = logarithm((b0 * b0 + 1).squareRoot() - b0)
        let r1 = logarithm((b1 * b1 + 1).squareRoot() - b1)
        length = (r1 - r0) / rho
        distance = d1
    }

    /// S · 1000 milliseconds (d3's duration for ρ = √2).
    public var duration: Double { abs(length) * 1000 }

    /// The most an animated zoom to fit takes when no duration is given:
    /// 750 ms, the duration of d3's own "zoom to bounding box" example.
    /// The path's S · 1000 ms suits a map flown across; in an editor a fit
    /// is a command whose answer the user waits for (a fit from zoom 1.3
    /// across a board took 4 s uncapped), so shorter paths keep their own
    /// length and longer ones travel faster.
    public static let defaultDurationCap = 750.0

    /// The view at u ∈ [0, 1] along the path; exactly `to` at 1.
    public func view(at u: Double) -> ZoomView {
        if u >= 1 { return to }
        let u = max(0, u)
        let rho = Self.rho
        let s = u * length
        let dx = to.center.x - from.center.x, dy = to.center.y - from.center.y
        if distance == 0 {
            return ZoomView(
                center: Point(x: from.center.x + u * dx, y: from.center.y + u * dy),
                width: from.width * exponential(rho * s)
            )
        }
        let coshR0 = hyperbolicCosine(r0)
        let travelled = from.width / (rho * rho * distance)
            * (coshR0 * hyperbolicTangent(rho * s + r0) - hyperbolicSine(r0))
        return ZoomView(
            center: Point(x: from.center.x + travelled * dx, y: from.center.y + travelled * dy),
            width: from.width * coshR0 / hyperbolicCosine(rho * s + r0)
        )
    }
}
