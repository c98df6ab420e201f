import Testing
@testable import CanvasCore

// Sizing by id: a fixed size, or an estimate refined by a measure function
// in chunks, cached by id, waiting while the viewport moves, and leaving the
// engine as it was when the measure function fails.

/// Records every call to the measure function it hands out.
private final class MeasureLog {
    var calls: [(id: UInt64, index: Int)] = []
    var proposals: [Double?] = []
    /// The id whose measurement throws, while set.
    var failOn: UInt64?
    /// The size reported for an id.
    var sizeOf: (UInt64) -> Size = { id in size(Double(id) * 10, Double(id)) }

    var ids: [UInt64] { calls.map(\.id) }

    var function: MeasureFunction {
        { (id: UInt64, index: Int, width: Double?) throws(CanvasError) -> Size in
            self.calls.append((id, index))
            self.proposals.append(width)
            if id == self.failOn { throw CanvasError(.callbackFailed, "cannot measure \(id)") }
            return self.sizeOf(id)
        }
    }
}

/// Items with the given ids and no sizes, stacked at the origin by a
/// layout that logs its calls, sized by measuring.
private func measuringCanvas(
    ids: [UInt64],
    estimate: Size = ItemSizing.defaultEstimate,
    measure log: MeasureLog,
    chunkSize: Int = ItemSizing.defaultChunkSize,
    layoutLog: LayoutLog = LayoutLog()
) throws -> CanvasEngine {
    let engine = CanvasEngine()
    try engine.setItems(sizes: nil, ids: ids)
    engine.setLayout(StubLayout.stacked(log: layoutLog))
    engine.setSizing(.measured(estimate: estimate))
    try engine.setMeasure(log.function, chunkSize: chunkSize)
    return engine
}

private func ids(_ range: ClosedRange<Int>) -> [UInt64] { range.map { UInt64($0) } }

@Suite("Sizing")
struct SizingTests {
    @Test("A fixed size applies to every item and nothing is measured")
    func fixedSize() throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: ids(1...3), measure: log)
        engine.setSizing(.fixed(size(50, 20)))
        #expect(engine.pendingMeasurements == 0)
        #expect(try engine.step() == .idle)
        try engine.resolve()
        #expect(engine.frames.map(\.size) == [size(50, 20), size(50, 20), size(50, 20)])
        #expect(log.calls.isEmpty)
    }

    @Test("A measure function set after a fixed size switches to measuring from the default estimate")
    func measureAfterFixedSize() throws {
        let log = MeasureLog()
        let engine = CanvasEngine()
        try engine.setItems(sizes: nil, ids: ids(1...2))
        engine.setSizing(.fixed(size(50, 50)))
        try engine.setMeasure(log.function)
        #expect(engine.sizing == .measured(estimate: ItemSizing.defaultEstimate))
        #expect(engine.pendingMeasurements == 2)
        try engine.resolve()
        #expect(engine.frames.map(\.size) == [ItemSizing.defaultEstimate, ItemSizing.defaultEstimate])
        #expect(try engine.step() == .resolved)
        #expect(log.ids == [1, 2])
    }

    @Test("A measure function keeps an estimate already set")
    func measureKeepsEstimate() throws {
        let engine = CanvasEngine()
        engine.setSizing(.measured(estimate: size(30, 40)))
        try engine.setMeasure(MeasureLog().function)
        #expect(engine.sizing == .measured(estimate: size(30, 40)))
    }

    @Test("Until measured, items use the estimate: 120 × 120 by default", arguments: [size(120, 120), size(30, 40)])
    func estimateUntilMeasured(estimate: Size) throws {
        #expect(ItemSizing.defaultEstimate == size(120, 120))
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: ids(1...3), estimate: estimate, measure: log)
        try engine.resolve()
        #expect(engine.frames.map(\.size) == [estimate, estimate, estimate])
        #expect(engine.pendingMeasurements == 3)
        #expect(engine.measuredSize(of: 1) == nil)
        #expect(log.calls.isEmpty)

        #expect(try engine.step() == .resolved)
        #expect(engine.frames.map(\.size) == [size(10, 1), size(20, 2), size(30, 3)])
    }

    @Test("step() measures chunks of 200 by default and resolves once, after the last")
    func defaultChunks() throws {
        #expect(ItemSizing.defaultChunkSize == 200)
        let log = MeasureLog()
        let layoutLog = LayoutLog()
        let engine = try measuringCanvas(ids: ids(1...450), measure: log, layoutLog: layoutLog)
        #expect(engine.measureChunkSize == 200)
        #expect(engine.pendingMeasurements == 450)

        #expect(try engine.step() == .measured(200))
        #expect(log.ids == ids(1...200))
        #expect(log.calls.map(\.index) == Array(0..<200))
        #expect(engine.pendingMeasurements == 250)
        #expect(layoutLog.proposals.isEmpty, "resolved before the last chunk")

        #expect(try engine.step() == .measured(200))
        #expect(engine.pendingMeasurements == 50)
        #expect(layoutLog.proposals.isEmpty, "resolved before the last chunk")

        #expect(try engine.step() == .resolved)
        #expect(log.calls.count == 450)
        #expect(layoutLog.proposals.count == 1)
        #expect(engine.pendingMeasurements == 0)
        #expect(engine.frames.map(\.size) == ids(1...450).map { size(Double($0) * 10, Double($0)) })

        #expect(try engine.step() == .idle)
        #expect(log.calls.count == 450)
        #expect(layoutLog.proposals.count == 1)
    }

    @Test(
        "Chunks follow the chunk size; the step that measures the last one resolves",
        arguments: [
            (5, 2, [StepResult.measured(2), .measured(2), .resolved]),
            (4, 2, [.measured(2), .resolved]),
            (7, 3, [.measured(3), .measured(3), .resolved]),
            (3, 5, [.resolved]),
            (1, 1, [.resolved]),
        ]
    )
    func chunkSizes(count: Int, chunkSize: Int, expected: [StepResult]) throws {
        let log = MeasureLog()
        let layoutLog = LayoutLog()
        let engine = try measuringCanvas(ids: ids(1...count), measure: log, chunkSize: chunkSize, layoutLog: layoutLog)
        #expect(engine.measureChunkSize == chunkSize)
        var results: [StepResult] = []
        for _ in expected { results.append(try engine.step()) }
        #expect(results == expected)
        #expect(try engine.step() == .idle)
        #expect(log.calls.count == count)
        #expect(layoutLog.proposals.count == 1)
    }

    @Test("A chunk size below 1 is refused and the old one stays", arguments: [0, -3])
    func badChunkSize(chunkSize: Int) throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: ids(1...5), measure: log, chunkSize: 2)
        expectCanvasError(.invalidArgument) { try engine.setMeasure(log.function, chunkSize: chunkSize) }
        #expect(engine.measureChunkSize == 2)
        #expect(try engine.step() == .measured(2))
    }

    @Test("Nothing is measured while the viewport moves")
    func deferredWhileMoving() throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: ids(1...3), measure: log)
        engine.setMoving(true)
        #expect(try engine.step() == .deferred)
        #expect(try engine.step() == .deferred)
        #expect(log.calls.isEmpty)
        #expect(engine.pendingMeasurements == 3)
        engine.setMoving(false)
        #expect(try engine.step() == .resolved)
        #expect(log.calls.count == 3)
    }

    @Test(
        "Measured sizes are clamped to 0…10,000 on each side, non-finite as 0",
        arguments: [
            (size(20_000, 5), size(10_000, 5)),
            (size(-3, 7), size(0, 7)),
            (size(.nan, .infinity), size(0, 0)),
            (size(-.infinity, 12.5), size(0, 12.5)),
            (size(10_000, 0), size(10_000, 0)),
            (size(9999.5, 10_000.5), size(9999.5, 10_000)),
        ]
    )
    func measuredSizesClamp(reported: Size, expected: Size) throws {
        #expect(ItemSizing.maximumMeasuredSide == 10_000)
        #expect(ItemSizing.clampMeasured(reported) == expected)
        let log = MeasureLog()
        log.sizeOf = { _ in reported }
        let engine = try measuringCanvas(ids: [1], measure: log)
        #expect(try engine.step() == .resolved)
        #expect(engine.measuredSize(of: 1) == expected)
        #expect(engine.frame(at: 0).size == expected)
    }

    @Test("Sizes are cached by id: after a reorder, an insert or a removal only new ids are measured")
    func cachedByID() throws {
        let log = MeasureLog()
        let layoutLog = LayoutLog()
        let engine = try measuringCanvas(ids: [1, 2, 3], measure: log, layoutLog: layoutLog)
        #expect(try engine.step() == .resolved)
        #expect(log.ids == [1, 2, 3])

        // Reordered, with 4 inserted at position 2.
        log.calls = []
        try engine.setItems(sizes: nil, ids: [3, 1, 4, 2])
        #expect(engine.pendingMeasurements == 1)
        #expect(try engine.step() == .resolved)
        #expect(log.calls.map(\.id) == [4])
        #expect(log.calls.map(\.index) == [2])
        #expect(engine.frames.map(\.size) == [size(30, 3), size(10, 1), size(40, 4), size(20, 2)])

        // 3 and 1 removed: nothing to measure, the rest keep their sizes.
        log.calls = []
        try engine.setItems(sizes: nil, ids: [4, 2])
        #expect(engine.pendingMeasurements == 0)
        _ = try engine.step()
        #expect(log.calls.isEmpty)
        try engine.resolve()
        #expect(engine.frames.map(\.size) == [size(40, 4), size(20, 2)])
        #expect(engine.measuredSize(of: 4) == size(40, 4))
    }

    // Issue 12: sizes of ids no longer present were kept for ever.
    @Test("The cache holds live items only: ids that leave are forgotten and measured again when they return")
    func cacheFollowsTheLiveItems() throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: [1, 2, 3], measure: log)
        #expect(try engine.step() == .resolved)
        try engine.setItems(sizes: nil, ids: [2])
        #expect(engine.measuredSize(of: 1) == nil && engine.measuredSize(of: 3) == nil)
        #expect(engine.measuredSize(of: 2) == size(20, 2))
        try engine.setItems(sizes: nil, ids: [3, 2, 1])
        #expect(engine.pendingMeasurements == 2)
        // 200,000 updates with fresh ids leave one update's worth behind.
        for round in 0..<2_000 {
            let fresh = (0..<100).map { UInt64(1_000 + round * 100 + $0) }
            try engine.setItems(sizes: nil, ids: fresh)
            _ = try engine.step()
        }
        #expect(engine.measuredSizes.count == 100)
    }

    @Test("Randomized: the cache equals a model that keeps the sizes of live ids only")
    func cacheAgainstAModel() throws {
        var random = SplitMix64(seed: 15)
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: [], measure: log, chunkSize: 7)
        var model: [UInt64: Size] = [:]
        for _ in 0..<300 {
            // A new list: some ids kept (shuffled), some dropped, some new or returning.
            var ids = Set(engine.items.ids.filter { _ in random.below(3) != 0 })
            for _ in 0..<random.below(12) { ids.insert(UInt64(1 + random.below(60))) }
            let list = Array(ids).shuffled(using: &random)
            try engine.setItems(sizes: nil, ids: list)
            model = model.filter { ids.contains($0.key) }
            for _ in 0..<random.below(3) {
                _ = try engine.step()
            }
            for id in list where engine.measuredSize(of: id) != nil { model[id] = log.sizeOf(id) }
            #expect(engine.measuredSizes == model)
            #expect(engine.measuredSizes.count <= engine.items.count)
        }
    }

    @Test("invalidateMeasurements measures every item again")
    func invalidate() throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: [1, 2, 3], measure: log)
        #expect(try engine.step() == .resolved)
        log.sizeOf = { id in size(Double(id) * 100, 1) }
        engine.invalidateMeasurements()
        #expect(engine.measuredSize(of: 2) == nil)
        #expect(engine.pendingMeasurements == 3)
        #expect(try engine.step() == .resolved)
        #expect(log.ids == [1, 2, 3, 1, 2, 3])
        #expect(engine.frames.map(\.size) == [size(100, 1), size(200, 1), size(300, 1)])
    }

    @Test("A throwing measure discards its chunk and keeps the cursor: the engine is as it was")
    func throwingMeasure() throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: ids(1...5), estimate: size(5, 5), measure: log, chunkSize: 2)
        try engine.resolve()
        #expect(try engine.step() == .measured(2))
        let frames = engine.frames
        let published = engine.published

        log.failOn = 4
        expectCanvasError(.callbackFailed) { _ = try engine.step() }
        #expect(log.ids == [1, 2, 3, 4])
        #expect(engine.measuredSize(of: 3) == nil, "a size from the failed chunk was kept")
        #expect(engine.measuredSize(of: 4) == nil)
        #expect(engine.pendingMeasurements == 3)
        #expect(engine.frames == frames)
        #expect(engine.published == published)

        log.failOn = nil
        #expect(try engine.step() == .measured(2))
        #expect(log.ids == [1, 2, 3, 4, 3, 4])
        #expect(try engine.step() == .resolved)
        #expect(engine.frames.map(\.size) == ids(1...5).map { size(Double($0) * 10, Double($0)) })
    }

    @Test(
        "The measure function is offered the width the canvas proposes",
        arguments: [
            (ContentSizeMode.automatic, Insets.zero, Double?.none),
            (.fixed(size(500, 400)), Insets(all: 10), 480),
            (.atLeast(size(300, 100)), .zero, 300),
            (.fixed(size(15, 15)), Insets(all: 10), 0),
        ] as [(ContentSizeMode, Insets, Double?)]
    )
    func proposalWidth(mode: ContentSizeMode, margins: Insets, expected: Double?) throws {
        let log = MeasureLog()
        let engine = try measuringCanvas(ids: [1, 2], measure: log)
        engine.options = ResolveOptions(contentSize: mode, margins: margins)
        _ = try engine.step()
        #expect(log.proposals == [expected, expected])
    }
}
