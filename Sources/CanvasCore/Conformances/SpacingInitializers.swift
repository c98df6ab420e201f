// One spacing for both axes, the common case: `FlowLayout(spacing: 4)`.
// The spacing has no default here, so these never compete with the
// memberwise initializers for a call that names neither spacing.

extension FlowLayout {
    public init(spacing: Double, alignment: VerticalAlignment = .center, maxWidth: Double? = nil) {
        self.init(horizontalSpacing: spacing, verticalSpacing: spacing, alignment: alignment, maxWidth: maxWidth)
    }
}

extension GridLayout {
    public init(columns: Int, spacing: Double, alignment: UnitPoint = .center) {
        self.init(columns: columns, horizontalSpacing: spacing, verticalSpacing: spacing, alignment: alignment)
    }
}
