/// What the viewport is doing, as a host is told.
public enum MotionPhase: String, CaseIterable, Sendable {
    case idle
    case dragging
    case decelerating
    case bouncing
    case animating
    case pinching
}

/// A pointer that is down: where it went down, the offset a drag starts
/// from (before the rubber band), and its recent samples.
struct PointerDrag: Hashable, Sendable {
    /// How far (in points) a pointer moves before a drag starts panning.
    static let slop = 8.0

    var down: Point
    var last: Point
    /// The offset the drag moves from: what the pointer went down on, with
    /// any rubber band taken off, so content caught mid-bounce stays put.
    var rawStart: Point
    var isPanning = false
    /// The axes this drag moves, decided when it starts panning.
    var axis = PanAxis.free
    var tracker = VelocityTracker()
    var modifiers = InputModifiers()
    /// The pointer went down on content past an edge (a bounce caught):
    /// it stays there until the drag pans or the pointer lets go.
    var holdsOverscroll = false
}

/// The crown (a rotary input) turning: its samples along its axis.
struct CrownTurn: Hashable, Sendable {
    var total = 0.0
    var lastTime: Double
    var tracker = VelocityTracker()
}

/// An animated zoom and pan along the smooth path.
struct ZoomAnimation: Hashable, Sendable {
    var path: SmoothZoomPath
    var start: Double
    var duration: Double
    var targetScale: Double
    var targetOffset: Point
}

/// Which modifier keys are held during an input event.
public struct InputModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    public static let shift = InputModifiers(rawValue: 1 << 0)
    public static let ctrl = InputModifiers(rawValue: 1 << 1)
    public static let alt = InputModifiers(rawValue: 1 << 2)
    public static let meta = InputModifiers(rawValue: 1 << 3)
}

/// The engine's motion: its settings, the host's clock as last seen, and
/// the one activity in progress.
struct MotionState: Hashable, Sendable {
    enum Activity: Hashable, Sendable {
        case idle
        case pointer(PointerDrag)
        case fling(x: AxisMotion, y: AxisMotion)
        case scroll(ScrollAnimation)
        case zoom(ZoomAnimation)
        case crown(CrownTurn)
    }

    var settings = MotionSettings()
    /// The latest time the host gave, in milliseconds; times never go back.
    var clock: Double?
    var activity = Activity.idle
    /// When the last motion came to rest (for the indicators' fade).
    var stoppedAt: Double?
    /// Where the current fling would come to rest under friction alone.
    var projectedEnd: Point?

    /// A drag that is panning, or a released or flung viewport: the two
    /// that may hold the offset past an edge.
    var allowsOverscroll: Bool {
        switch activity {
        case .pointer(let drag): drag.isPanning || drag.holdsOverscroll
        case .fling: true
        default: false
        }
    }

    func phase(at t: Double) -> MotionPhase {
        switch activity {
        case .idle: .idle
        case .pointer(let drag): drag.isPanning ? .dragging : .idle
        case .crown: .dragging
        case .fling(let x, let y): x.isBouncing(at: t) || y.isBouncing(at: t) ? .bouncing : .decelerating
        case .scroll, .zoom: .animating
        }
    }
}
