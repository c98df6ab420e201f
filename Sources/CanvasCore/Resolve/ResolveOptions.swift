/// Everything the resolve pipeline needs besides the sizes and the layout.
public struct ResolveOptions: Hashable, Sendable {
    public var contentSize: ContentSizeMode
    public var margins: Insets
    /// Where the cluster sits inside the space the margins leave.
    public var contentAnchor: UnitPoint
    public var direction: LayoutDirection

    public init(
        contentSize: ContentSizeMode = .automatic,
        margins: Insets = .zero,
        contentAnchor: UnitPoint = .center,
        direction: LayoutDirection = .leftToRight
    ) {
        self.contentSize = contentSize
        self.margins = margins
        self.contentAnchor = contentAnchor
        self.direction = direction
    }
}
