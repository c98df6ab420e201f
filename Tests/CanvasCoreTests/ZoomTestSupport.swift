import CanvasCore
import Testing

// Helpers for the viewport, zoom, pinch, sizing, backdrop and selection
// tests: a canvas whose geometry is easy to work out by hand, and fingers
// that drive the UIKit-faithful `PinchRecognizerModel`.

// MARK: - A canvas to work things out on

/// The id of the item at a zero-based position in `tileCanvas` when ids
/// are reversed, so that data order and id order disagree.
func reversedID(_ position: Int) -> UInt64 {
    UInt64(1000 - position)
}

/// `count` items of 100 × 100 in a grid of `columns` columns with no
/// spacing and no margins: the item at position p sits at
/// (100 · (p mod columns), 100 · (p div columns)). With the defaults the
/// canvas is 1000 × 1000 and ids run 1…100.
///
/// The viewport is `viewport` (unless nil), opened at `anchor`, with
/// `overscan`.
func tileCanvas(
    count: Int = 100,
    columns: Int = 10,
    ids: [UInt64]? = nil,
    viewport: Size? = size(200, 100),
    anchor: UnitPoint = .topLeading,
    overscan: Double = 0
) throws -> CanvasEngine {
    let engine = CanvasEngine()
    try engine.setItems(sizes: [Size](repeating: size(100, 100), count: count), ids: ids)
    engine.setLayout(GridLayout(columns: columns, horizontalSpacing: 0, verticalSpacing: 0))
    try engine.resolve()
    engine.initialAnchor = anchor
    try engine.setOverscan(overscan)
    if let viewport { try engine.setViewportSize(viewport) }
    return engine
}

/// Zoom settings built in one expression.
func zoomSettings(
    axis: ZoomAxis = .horizontal,
    minimum: Double = 0.35,
    maximum: Double = 5,
    speed: Double = 1,
    stops: [Double] = [],
    pinchEnabled: Bool = true,
    allowsSelectionDuringZoom: Bool = false
) -> ZoomSettings {
    var settings = ZoomSettings()
    settings.axis = axis
    settings.minimum = minimum
    settings.maximum = maximum
    settings.speed = speed
    settings.stops = stops
    settings.isPinchEnabled = pinchEnabled
    settings.allowsSelectionDuringZoom = allowsSelectionDuringZoom
    return settings
}

/// The raw bytes of a value: two `SpatialIndex` values with the same bytes
/// share the same storage, so an index that was rebuilt shows up as
/// different bytes (its arrays are new allocations while the old ones are
/// still alive in the copy the test holds).
func bytes<T>(of value: T) -> [UInt8] {
    withUnsafeBytes(of: value) { Array($0) }
}

// MARK: - Fingers

/// Fingers on the glass, reported through a `PinchRecognizerModel` exactly
/// as UIKit would report them: `spread` is each finger's distance from the
/// center, so the recognizer's scale is the spread over the spread at
/// `began` (cumulative, never per update).
struct Fingers {
    var recognizer = PinchRecognizerModel()
    /// Where the fingers are centered, in viewport coordinates.
    var center: Point
    /// How many fingers are down (two or three).
    var count: Int

    init(at center: Point = point(100, 50), count: Int = 2) {
        self.center = center
        self.count = count
    }

    /// The finger positions for a spread: two fingers left and right of the
    /// center; a third (if any) on the center itself, which scales the mean
    /// distance by 2/3 at every spread and so leaves ratios alone.
    func positions(spread: Double) -> [Point] {
        var fingers = [point(center.x - spread, center.y), point(center.x + spread, center.y)]
        if count >= 3 { fingers.append(center) }
        return fingers
    }

    /// Moves (or puts down) the fingers; returns what the recognizer reports.
    mutating func move(spread: Double, sourceLocation: SourceLocation = #_sourceLocation) -> PinchEvent {
        guard let event = recognizer.move(to: positions(spread: spread)) else {
            Issue.record("the recognizer reported nothing for \(count) fingers", sourceLocation: sourceLocation)
            return PinchEvent(phase: .failed)
        }
        return event
    }

    /// Lifts the fingers (or lets the system take the gesture).
    mutating func lift(_ phase: PinchPhase = .ended, sourceLocation: SourceLocation = #_sourceLocation) -> PinchEvent {
        guard let event = recognizer.end(phase) else {
            Issue.record("the recognizer had no gesture to end", sourceLocation: sourceLocation)
            return PinchEvent(phase: phase)
        }
        return event
    }
}

extension CanvasEngine {
    /// One whole gesture: fingers down at `from`, moved through each of
    /// `through`, lifted. Returns every event the engine reported, in order.
    @discardableResult
    func pinch(from start: Double, through spreads: [Double], at center: Point = point(100, 50), fingers count: Int = 2) -> [ZoomEvent] {
        var fingers = Fingers(at: center, count: count)
        var events = handlePinch(fingers.move(spread: start))
        for spread in spreads {
            events += handlePinch(fingers.move(spread: spread))
        }
        events += handlePinch(fingers.lift())
        return events
    }
}

/// The scales of the `.didChange` events, in order.
func changes(_ events: [ZoomEvent]) -> [Double] {
    events.compactMap { event in
        if case .didChange(let scale) = event { return scale }
        return nil
    }
}
