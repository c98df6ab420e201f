/// Which pointer button went down (issue 22.7).
public enum PointerButton: String, CaseIterable, Sendable {
    case primary, secondary, middle
}

/// Keys whose held state the engine reads (issue 22.7): the host reports
/// each press and release with `setKey(_:down:)`.
public enum HeldKey: String, CaseIterable, Sendable {
    /// Held, a primary press pans with the select tool, as on every whiteboard.
    case space
}

/// Routing a press by its button: with the select tool the primary button
/// selects and drags, and the middle and secondary buttons pan; so does the
/// primary one while space is held. The route is chosen at the press and
/// kept to its up or cancel, whatever happens to space meanwhile.
extension CanvasEngine {
    /// Whether `key` is held, as the host last said.
    public func isKeyHeld(_ key: HeldKey) -> Bool {
        switch key {
        case .space: editing.spaceHeld
        }
    }

    /// The host's report that `key` went down or up.
    public func setKey(_ key: HeldKey, down: Bool) {
        switch key {
        case .space: editing.spaceHeld = down
        }
    }

    /// Whether a press with `button` goes to the select tool (when it is on).
    func pressSelects(_ button: PointerButton) -> Bool {
        button == .primary && !editing.spaceHeld
    }
}
