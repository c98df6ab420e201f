/// Margins around the content, in layout-direction terms: leading is the
/// side where reading starts (left in left-to-right, right in right-to-left).
public struct Insets: Hashable, Sendable {
    public var top: Double
    public var leading: Double
    public var bottom: Double
    public var trailing: Double

    public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// The same margin on all four sides.
    public init(all value: Double) {
        self.init(top: value, leading: value, bottom: value, trailing: value)
    }

    public static let zero = Insets()

    public var horizontal: Double { leading + trailing }
    public var vertical: Double { top + bottom }

    /// The inset on the physical left edge.
    public func left(in direction: LayoutDirection) -> Double {
        direction == .rightToLeft ? trailing : leading
    }

    /// The inset on the physical right edge.
    public func right(in direction: LayoutDirection) -> Double {
        direction == .rightToLeft ? leading : trailing
    }

    /// True when every margin is a finite number.
    public var isFinite: Bool {
        top.isFinite && leading.isFinite && bottom.isFinite && trailing.isFinite
    }
}
