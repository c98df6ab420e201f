/// Whether content springs past its edges.
public enum Bounce: String, CaseIterable, Sendable {
    /// The same as `basedOnSize`.
    case automatic
    /// Every axis bounces, even when the content fits the viewport.
    case always
    /// An axis bounces only when its content is larger than the viewport.
    case basedOnSize = "based_on_size"
    /// Hard edges: a drag stops at them and a fling's velocity dies there.
    case never
}

/// When the scroll indicators show.
public enum IndicatorVisibility: String, CaseIterable, Sendable {
    /// While moving, fading out after the motion stops.
    case automatic
    case visible
    case hidden
}

/// Which axes a pointer drag moves.
public enum PanAxis: String, CaseIterable, Sendable {
    case free
    case horizontal
    case vertical
    /// A drag that starts mostly along one axis stays on it; a diagonal one is free.
    case locked
}

/// An axis of the viewport.
public enum Axis: String, CaseIterable, Sendable {
    case horizontal
    case vertical
}

/// How the viewport moves under a user's hands (Pannable's Behavior modifiers).
public struct MotionSettings: Hashable, Sendable {
    /// The share of a fling's velocity left after each millisecond, in (0, 1).
    public var deceleration = DecelerationRate.normal
    public var bounce = Bounce.automatic
    /// When false, drags, flings, wheel scrolling, the crown and keys leave
    /// the offset alone; scroll-to, paging and setting the viewport still move it.
    public var isScrollEnabled = true
    public var indicators = IndicatorVisibility.automatic
    public var panAxis = PanAxis.free
    /// The axis the crown (a rotary input) scrolls.
    public var crownAxis = Axis.vertical

    public init(
        deceleration: Double = DecelerationRate.normal, bounce: Bounce = .automatic, isScrollEnabled: Bool = true,
        indicators: IndicatorVisibility = .automatic, panAxis: PanAxis = .free, crownAxis: Axis = .vertical
    ) {
        self.deceleration = deceleration
        self.bounce = bounce
        self.isScrollEnabled = isScrollEnabled
        self.indicators = indicators
        self.panAxis = panAxis
        self.crownAxis = crownAxis
    }

    /// - Throws: `CanvasError` for a deceleration rate outside (0, 1).
    public func validate() throws(CanvasError) {
        guard deceleration.isFinite else { throw CanvasError(.nonFinite, "deceleration rate is not finite") }
        guard deceleration > 0, deceleration < 1 else {
            throw CanvasError(.invalidArgument, "deceleration rate must be between 0 and 1 (exclusive), got \(deceleration)")
        }
    }

    /// Whether an axis whose offsets span `range` bounces.
    public func bounces(_ range: ScrollRange) -> Bool {
        switch bounce {
        case .always: true
        case .never: false
        case .automatic, .basedOnSize: range.canScroll
        }
    }
}
