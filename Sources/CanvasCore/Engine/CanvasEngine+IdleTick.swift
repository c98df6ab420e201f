/// An idle tick: nothing moving, nothing dragged, nothing edited since the
/// last publish. Every call that changes what is visible (an edit, a
/// setter, a resolve, a level-of-detail setting) publishes at once, so such
/// a tick has nothing to publish and skips the cull (issue 20: it re-culled,
/// 0.14–0.35 ms at a million cards with level of detail off, far more on).
///
/// The skip is one rule, `isPublishCurrent` (the published answer's inputs
/// are unchanged), which `viewportChanged` applies too; a tick only adds
/// the clamp an edit left pending.
extension CanvasEngine {
    /// Whether the published answer stands: it exists and nothing it is
    /// computed from (`PublishInputs`) changed since.
    func isPublishCurrent(_ inputs: PublishInputs) -> Bool {
        published != nil && publishedPositions != nil && inputs == publishedInputs
    }

    /// Whether a tick has work for the visible list: a clamp to make (an
    /// edit does not clamp; the next tick does) or a publish not current.
    var isClampOrPublishPending: Bool {
        (!motion.allowsOverscroll && clamped(viewport.offset) != viewport.offset) || !isPublishCurrent(publishInputs)
    }
}

extension MotionState.Activity {
    var isIdle: Bool {
        if case .idle = self { return true }
        return false
    }
}
