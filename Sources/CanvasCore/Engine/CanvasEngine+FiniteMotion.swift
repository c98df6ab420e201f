/// Guards at the motion inputs' entry (issue 21, item 6). Finite inputs can
/// still add up past the finite range: two wheel deltas of 1e308, a drag from
/// 1e308 to −1e308 (whose velocity is their difference), a smooth zoom path
/// across a ratio of 1e20. Each input checks the state it leaves before it
/// publishes, and is refused whole when any of it is not finite; fling
/// velocities are saturated instead, so a pointer can always go up.
extension CanvasEngine {
    /// The fastest a fling goes, in offset points per millisecond (a
    /// million: far past any hand, and far enough from the finite range that
    /// friction's x0 − v / ln d stays finite for any rate). A release or a
    /// fling faster than this goes at this speed, in the same direction.
    public static let maximumFlingSpeed = 1e6

    /// `velocity` with each component clamped to ±`maximumFlingSpeed` (NaN as 0).
    static func saturated(_ velocity: Point) -> Point {
        func clamp(_ v: Double) -> Double {
            v.isNaN ? 0 : Swift.min(Swift.max(v, -maximumFlingSpeed), maximumFlingSpeed)
        }
        return Point(x: clamp(velocity.x), y: clamp(velocity.y))
    }

    /// What a motion input changes before it publishes, to put back when
    /// the input is refused.
    struct MotionCheckpoint {
        var offset: Point
        var motion: MotionState
        var zoomScale: Double
    }

    var motionCheckpoint: MotionCheckpoint {
        MotionCheckpoint(offset: viewport.offset, motion: motion, zoomScale: zoomScale)
    }

    /// Refuses the input that led here when it left any motion state that
    /// is not finite, putting back `checkpoint` first. Call before publishing.
    /// - Throws: `.nonFinite` naming `input`.
    func checkMotionFinite(_ input: @autoclosure () -> String, since checkpoint: MotionCheckpoint) throws(CanvasError) {
        guard !motionIsFinite else { return }
        let offset = viewport.offset, velocity = motionVelocity
        var state = "offset (\(offset.x), \(offset.y)), velocity (\(velocity.x), \(velocity.y))"
        if case .zoom(let animation) = motion.activity { state = "zoom \(zoomScale) to \(animation.targetScale)" }
        viewport.offset = checkpoint.offset
        motion = checkpoint.motion
        zoomScale = checkpoint.zoomScale
        throw CanvasError(.nonFinite, "\(input()) would take the viewport past the finite range (\(state)); nothing changed")
    }

    /// The viewport, its culling rectangle, the velocity and whatever is in
    /// motion (sampled along its path) are all finite.
    var motionIsFinite: Bool {
        let culling = viewport.cullingRect
        guard viewport.offset.isFinite, culling.isFinite, (culling.x + culling.width).isFinite,
              (culling.y + culling.height).isFinite, zoomScale.isFinite, motionVelocity.isFinite else { return false }
        if let end = motion.projectedEnd, !end.isFinite { return false }
        let now = motion.clock ?? 0
        switch motion.activity {
        case .idle:
            return true
        case .pointer(let drag):
            return drag.rawStart.isFinite
        case .crown(let turn):
            return turn.total.isFinite
        case .fling(let x, let y):
            return [x, y].allSatisfy { axis in
                axis.position(at: now).isFinite && axis.velocity(at: now).isFinite
                    && (axis.handover.map { $0.time.isFinite && axis.position(at: $0.time).isFinite } ?? true)
            }
        case .scroll(let animation):
            return animation.to.isFinite && animation.offset(at: now).isFinite
        case .zoom(let animation):
            guard animation.targetScale.isFinite, animation.targetOffset.isFinite, animation.duration.isFinite else { return false }
            return [0, 0.25, 0.5, 0.75, 0.999].allSatisfy { u in
                let view = animation.path.view(at: u)
                return view.center.isFinite && view.width.isFinite && view.width > 0
            }
        }
    }
}
