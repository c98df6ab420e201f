/// How big the canvas is, relative to the cluster of items on it.
public enum ContentSizeMode: Hashable, Sendable {
    /// Exactly the cluster plus the margins.
    case automatic
    /// This size, whatever the items need; a larger cluster spills past the
    /// far edges.
    case fixed(Size)
    /// At least this size on each axis, more when the cluster needs it.
    case atLeast(Size)
}
