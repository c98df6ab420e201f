/// An idle tick: nothing moving, nothing dragged, nothing edited since the
/// last publish. Every call that changes what is visible (an edit, a
/// setter, a resolve, a level-of-detail setting) publishes at once, so such
/// a tick has nothing to publish and skips the cull (issue 20: it re-culled,
/// 0.14–0.35 ms at a million cards with level of detail off, far more on).
extension CanvasEngine {
    /// Whether the tick that started at `before` left the viewport as it
    /// was last published, with nothing a clamp would move.
    func isSettled(since before: (offset: Point, scale: Double)) -> Bool {
        guard let last = published, motion.activity.isIdle,
              viewport.offset == before.offset, zoomScale == before.scale,
              last.rect == viewport.visibleRect, last.isMoving == isMoving
        else { return false }
        // An edit does not clamp; the next tick that publishes does. Leave
        // that tick to do it.
        return clamped(viewport.offset) == viewport.offset && last.contentSize == contentSize
    }
}

extension MotionState.Activity {
    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
}
