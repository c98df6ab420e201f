import CanvasCore
import Testing

// Shared helpers for the CanvasCore tests: short constructors for tables,
// tolerant comparisons for floating results, and stub layouts that record
// what the engine hands them.

// MARK: - Short constructors

/// The tolerance every floating comparison uses unless told otherwise.
let defaultTolerance = 1e-9

func size(_ width: Double, _ height: Double) -> Size {
    Size(width: width, height: height)
}

func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
    Rect(x: x, y: y, width: width, height: height)
}

func point(_ x: Double, _ y: Double) -> Point {
    Point(x: x, y: y)
}

// MARK: - Tolerant expectations

func isClose(_ actual: Double, _ expected: Double, tolerance: Double = defaultTolerance) -> Bool {
    if actual == expected { return true }  // also covers equal infinities
    return abs(actual - expected) <= tolerance
}

func expectClose(
    _ actual: Double,
    _ expected: Double,
    tolerance: Double = defaultTolerance,
    _ label: String = "value",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !isClose(actual, expected, tolerance: tolerance) {
        Issue.record("\(label): expected ≈ \(expected), got \(actual)", sourceLocation: sourceLocation)
    }
}

func expectClose(
    _ actual: Size,
    _ expected: Size,
    tolerance: Double = defaultTolerance,
    _ label: String = "size",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !(isClose(actual.width, expected.width, tolerance: tolerance)
        && isClose(actual.height, expected.height, tolerance: tolerance))
    {
        Issue.record(
            "\(label): expected ≈ \(describe(expected)), got \(describe(actual))",
            sourceLocation: sourceLocation
        )
    }
}

func expectClose(
    _ actual: Point,
    _ expected: Point,
    tolerance: Double = defaultTolerance,
    _ label: String = "point",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !(isClose(actual.x, expected.x, tolerance: tolerance)
        && isClose(actual.y, expected.y, tolerance: tolerance))
    {
        Issue.record(
            "\(label): expected ≈ \(describe(expected)), got \(describe(actual))",
            sourceLocation: sourceLocation
        )
    }
}

func expectClose(
    _ actual: Rect,
    _ expected: Rect,
    tolerance: Double = defaultTolerance,
    _ label: String = "rect",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if !rectsClose(actual, expected, tolerance: tolerance) {
        Issue.record(
            "\(label): expected ≈ \(describe(expected)), got \(describe(actual))",
            sourceLocation: sourceLocation
        )
    }
}

/// Compares frame lists item by item, reporting every frame that differs.
func expectClose(
    _ actual: [Rect],
    _ expected: [Rect],
    tolerance: Double = defaultTolerance,
    _ label: String = "frames",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard actual.count == expected.count else {
        Issue.record(
            "\(label): expected \(expected.count) frames, got \(actual.count): \(actual.map(describe))",
            sourceLocation: sourceLocation
        )
        return
    }
    for (index, (got, want)) in zip(actual, expected).enumerated() {
        expectClose(got, want, tolerance: tolerance, "\(label)[\(index)]", sourceLocation: sourceLocation)
    }
}

func rectsClose(_ a: Rect, _ b: Rect, tolerance: Double = defaultTolerance) -> Bool {
    isClose(a.x, b.x, tolerance: tolerance) && isClose(a.y, b.y, tolerance: tolerance)
        && isClose(a.width, b.width, tolerance: tolerance) && isClose(a.height, b.height, tolerance: tolerance)
}

func describe(_ size: Size) -> String { "(\(size.width) × \(size.height))" }
func describe(_ point: Point) -> String { "(\(point.x), \(point.y))" }
func describe(_ rect: Rect) -> String { "(\(rect.x), \(rect.y), \(rect.width) × \(rect.height))" }

/// Runs `body`, expecting it to throw a `CanvasError` of `kind` whose
/// message is not empty and contains every fragment. Returns the error.
@discardableResult
func expectCanvasError(
    _ kind: CanvasError.Kind,
    messageContains fragments: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> CanvasError? {
    do {
        try body()
    } catch let error as CanvasError {
        #expect(error.kind == kind, "wrong error kind; message: \(error.message)", sourceLocation: sourceLocation)
        #expect(!error.message.isEmpty, "the error has no message", sourceLocation: sourceLocation)
        for fragment in fragments {
            #expect(
                error.message.contains(fragment),
                "message \"\(error.message)\" lacks \"\(fragment)\"",
                sourceLocation: sourceLocation
            )
        }
        return error
    } catch {
        Issue.record("expected a CanvasError of kind \(kind), got \(error)", sourceLocation: sourceLocation)
        return nil
    }
    Issue.record("expected a CanvasError of kind \(kind), but nothing was thrown", sourceLocation: sourceLocation)
    return nil
}

// MARK: - Running layouts

/// Runs the whole pipeline with `layout`.
func resolve(
    _ sizes: [Size],
    with layout: some CanvasLayout,
    _ options: ResolveOptions = ResolveOptions()
) throws(CanvasError) -> Resolution {
    try Resolver.resolve(sizes: sizes, layout: AnyCanvasLayout(layout), options: options)
}

/// Runs the pipeline with a layout that returns exactly `frames` (one item
/// per frame, sized like it), so the pipeline's own steps can be checked.
func resolve(placing frames: [Rect], _ options: ResolveOptions = ResolveOptions()) throws(CanvasError) -> Resolution {
    try resolve(frames.map(\.size), with: StubLayout.returning(frames), options)
}

/// Calls a built-in layout directly, without the pipeline.
func place<L: CanvasLayout>(
    _ sizes: [Size],
    with layout: L,
    in proposal: Proposal = .unspecified
) throws(CanvasError) -> [Rect] where L.Cache == Void {
    var cache: Void = ()
    return try layout.place(LayoutItems(sizes: sizes), in: proposal, cache: &cache)
}

// MARK: - Stub layouts

/// What a stub layout saw, shared by reference so a test can read it after
/// the engine has copied the layout.
final class LayoutLog {
    var proposals: [Proposal] = []
    var itemSizes: [[Size]] = []
    var cachesMade = 0
    /// The item count each cache was made for.
    var cacheItemCounts: [Int] = []
    /// The cache's call counter as `place` found it (after incrementing).
    var cacheCounters: [Int] = []
}

/// A custom layout whose frames come from a closure; it records every
/// proposal and item list it is handed.
struct StubLayout: CanvasLayout {
    typealias Place = (LayoutItems, Proposal) throws(CanvasError) -> [Rect]

    var log: LayoutLog
    var frames: Place

    init(log: LayoutLog = LayoutLog(), frames: @escaping Place) {
        self.log = log
        self.frames = frames
    }

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) throws(CanvasError) -> [Rect] {
        log.proposals.append(proposal)
        log.itemSizes.append(Array(items.sizes))
        return try frames(items, proposal)
    }

    /// Returns `frames` whatever the items.
    static func returning(_ frames: [Rect], log: LayoutLog = LayoutLog()) -> StubLayout {
        StubLayout(log: log) { _, _ in frames }
    }

    /// Puts every item at the origin, at its own size.
    static func stacked(log: LayoutLog = LayoutLog()) -> StubLayout {
        StubLayout(log: log) { items, _ in items.map { Rect(origin: .zero, size: $0.size) } }
    }

    /// Throws `error` on every call.
    static func failing(_ error: CanvasError, log: LayoutLog = LayoutLog()) -> StubLayout {
        StubLayout(log: log) { (_, _) throws(CanvasError) -> [Rect] in throw error }
    }
}

/// A custom layout with a cache: `makeCache` and `place` report to the log,
/// and `place` bumps a counter inside the cache so a test can see whether
/// the mutation survived to the next call.
struct CountingCacheLayout: CanvasLayout {
    struct Cache {
        var placeCalls = 0
        var itemCount: Int
    }

    var log: LayoutLog
    /// When set, the call that brings the counter to this value throws
    /// `.callbackFailed` (after the counter has been bumped).
    var failOnCall: Int? = nil

    func makeCache(for items: LayoutItems) -> Cache {
        log.cachesMade += 1
        log.cacheItemCounts.append(items.count)
        return Cache(itemCount: items.count)
    }

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Cache) throws(CanvasError) -> [Rect] {
        cache.placeCalls += 1
        log.cacheCounters.append(cache.placeCalls)
        if cache.placeCalls == failOnCall {
            throw CanvasError(.callbackFailed, "failing on call \(cache.placeCalls) as asked")
        }
        return items.map { Rect(origin: .zero, size: $0.size) }
    }
}

// MARK: - Seeded randomness

/// SplitMix64: a tiny seeded generator, so randomized checks repeat exactly.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Uniform in `low..<high`.
    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + Double(next() >> 11) * 0x1p-53 * (high - low)
    }

    /// Uniform in `0..<count`.
    mutating func below(_ count: Int) -> Int {
        Int(next() % UInt64(count))
    }
}
