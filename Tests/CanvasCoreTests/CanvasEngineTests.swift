import CanvasCore
import Testing

// CanvasEngine: items, a layout and options in; the last good resolution out.

private let twoSquares = [size(10, 10), size(10, 10)]

/// An engine holding two 10 × 10 items in a two-column grid, resolved once:
/// frames (0, 0) and (18, 0), content 28 × 10.
private func resolvedEngine() throws -> CanvasEngine {
    let engine = CanvasEngine()
    try engine.setItems(sizes: twoSquares)
    engine.setLayout(GridLayout(columns: 2))
    try engine.resolve()
    return engine
}

@Suite("Canvas engine")
struct CanvasEngineTests {
    @Test("A list of a bare count has ids 1…count and stores neither ids nor sizes it was not given")
    func countOnlyItems() throws {
        let list = try ItemList(count: 3, sizes: nil, ids: nil)
        #expect(list.ids == [1, 2, 3])
        #expect(list.ids.isSequential)
        #expect(list.sizes == [.zero, .zero, .zero])
        #expect(list.sizes.uniformSize == .zero)
        #expect(list.index(of: 3) == 2 && list.index(of: 4) == nil)
        let engine = CanvasEngine()
        engine.setSizing(.fixed(size(10, 5)))
        try engine.setItems(list)
        try engine.resolve()
        #expect(engine.resolvedIDs == [1, 2, 3])
        #expect(engine.frames.map(\.size) == [size(10, 5), size(10, 5), size(10, 5)])
    }

    @Test("A count that disagrees with the sizes or ids is refused")
    func countMismatch() {
        expectCanvasError(.invalidArgument, messageContains: ["2 sizes for 3 items"]) {
            _ = try ItemList(count: 3, sizes: [size(1, 1), size(1, 1)], ids: nil)
        }
        expectCanvasError(.invalidArgument, messageContains: ["2 ids for 3"]) {
            _ = try ItemList(count: 3, sizes: nil, ids: [1, 2])
        }
    }

    @Test("A new engine holds nothing and uses the default options")
    func newEngine() {
        let engine = CanvasEngine()
        #expect(engine.items.count == 0)
        #expect(engine.resolution == .empty)
        #expect(engine.resolvedIDs.isEmpty)
        #expect(engine.options == ResolveOptions())
    }

    @Test("The default layout is a flow with default settings")
    func defaultLayoutIsFlow() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: Array(repeating: size(12, 12), count: 4))
        try engine.resolve()
        // (12 + 8)² · 4 = 1600 → wraps at 40: a 2 × 2 block.
        expectClose(engine.resolution.frames,
                    [rect(0, 0, 12, 12), rect(20, 0, 12, 12), rect(0, 20, 12, 12), rect(20, 20, 12, 12)])
        #expect(engine.resolution.contentSize == size(32, 32))
    }

    @Test("Resolving with no items gives an empty canvas sized by the options")
    func resolveEmpty() throws {
        let engine = CanvasEngine()
        engine.options = ResolveOptions(contentSize: .fixed(size(640, 480)))
        try engine.resolve()
        #expect(engine.resolution.frames.isEmpty)
        #expect(engine.resolution.contentSize == size(640, 480))
        #expect(engine.resolvedIDs.isEmpty)
    }

    // MARK: Items and ids

    @Test("Ids default to 1 through n", arguments: [0, 1, 3, 10])
    func defaultIDs(count: Int) throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: Array(repeating: size(1, 1), count: count))
        let expected = (0..<count).map { UInt64($0 + 1) }
        #expect(engine.items.ids == expected)
        try engine.resolve()
        #expect(engine.resolvedIDs == expected)
        #expect(engine.resolution.frames.count == count)
    }

    @Test("Explicit ids are kept in data order and can be looked up")
    func explicitIDs() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [size(1, 1), size(2, 2), size(3, 3)], ids: [30, 10, 20])
        #expect(engine.items.ids == [30, 10, 20])
        #expect(engine.items.index(of: 10) == 1)
        #expect(engine.items.index(of: 30) == 0)
        #expect(engine.items.index(of: 99) == nil)
        try engine.resolve()
        #expect(engine.resolvedIDs == [30, 10, 20])
    }

    @Test(
        "Duplicate ids are rejected and the items stay as they were",
        arguments: [[5, 5], [1, 2, 1], [7, 8, 9, 8]] as [[UInt64]]
    )
    func duplicateIDs(ids: [UInt64]) throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [size(4, 4), size(6, 6)], ids: [100, 200])
        expectCanvasError(.invalidArgument, messageContains: ["duplicate"]) {
            try engine.setItems(sizes: Array(repeating: size(1, 1), count: ids.count), ids: ids)
        }
        #expect(engine.items.ids == [100, 200])
        #expect(engine.items.sizes == [size(4, 4), size(6, 6)])
    }

    @Test("A count mismatch between ids and sizes is rejected and the items stay")
    func idCountMismatch() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [size(4, 4)], ids: [9])
        expectCanvasError(.invalidArgument) {
            try engine.setItems(sizes: [size(1, 1), size(2, 2)], ids: [1])
        }
        #expect(engine.items.ids == [9])
        #expect(engine.items.sizes == [size(4, 4)])
    }

    @Test("ItemList rejects duplicates directly")
    func itemListDuplicates() {
        expectCanvasError(.invalidArgument) {
            _ = try ItemList(sizes: [size(1, 1), size(1, 1)], ids: [3, 3])
        }
    }

    @Test("Sizes are sanitized when resolved")
    func sanitizesOnResolve() throws {
        let engine = CanvasEngine()
        try engine.setItems(sizes: [size(.nan, 10), size(-5, .infinity)])
        engine.setLayout(GridLayout(columns: 2, alignment: .topLeading))
        try engine.resolve()
        // Widths 0 and 0 (columns at x = 0 and 8), heights 10 and 0.
        expectClose(engine.resolution.frames, [rect(0, 0, 0, 10), rect(8, 0, 0, 0)])
        #expect(engine.resolution.contentSize == size(8, 10))
    }

    // MARK: Options

    @Test("Resolve applies the current options")
    func appliesOptions() throws {
        let engine = try resolvedEngine()
        engine.options = ResolveOptions(contentSize: .fixed(size(100, 50)),
                                        margins: Insets(top: 5, leading: 10, bottom: 15, trailing: 30),
                                        contentAnchor: .topLeading, direction: .rightToLeft)
        try engine.resolve()
        // Cluster 28 × 10; available 60 × 30; right to left: x = 30 + 32 · 1 = 62, y = 5.
        // Mirrored: item 1 first at 0, item 2 at 18 → swapped.
        expectClose(engine.resolution.frames, [rect(80, 5, 10, 10), rect(62, 5, 10, 10)])
        expectClose(engine.resolution.contentBounds, rect(62, 5, 28, 10))
    }

    @Test("Changing options alone does not change the resolution until resolve")
    func optionsNeedResolve() throws {
        let engine = try resolvedEngine()
        let before = engine.resolution
        engine.options.margins = Insets(all: 50)
        #expect(engine.resolution == before)
        try engine.resolve()
        #expect(engine.resolution.contentSize == size(128, 110))
    }

    // MARK: Failures keep the last good state

    @Test("A failed resolve keeps the previous resolution and ids")
    func failedResolveKeepsState() throws {
        let engine = try resolvedEngine()
        let expected = Resolution(frames: [rect(0, 0, 10, 10), rect(18, 0, 10, 10)],
                                  contentSize: size(28, 10), contentBounds: rect(0, 0, 28, 10))
        #expect(engine.resolution == expected)
        #expect(engine.resolvedIDs == [1, 2])

        try engine.setItems(sizes: [size(1, 1), size(2, 2), size(3, 3)], ids: [7, 8, 9])
        engine.setLayout(StubLayout.returning([rect(0, 0, 1, 1)]))  // one frame for three items
        expectCanvasError(.badLayout) { try engine.resolve() }
        #expect(engine.resolution == expected)
        #expect(engine.resolvedIDs == [1, 2])
        #expect(engine.items.ids == [7, 8, 9])
    }

    @Test(
        "Every kind of layout failure keeps the previous resolution",
        arguments: [
            CanvasError.Kind.badLayout, .callbackFailed,
        ]
    )
    func failureKinds(kind: CanvasError.Kind) throws {
        let engine = try resolvedEngine()
        let before = engine.resolution
        switch kind {
        case .badLayout:
            engine.setLayout(StubLayout.returning([rect(0, 0, .nan, 1), rect(0, 0, 1, 1)]))
        default:
            engine.setLayout(StubLayout.failing(CanvasError(kind, "no")))
        }
        expectCanvasError(kind) { try engine.resolve() }
        #expect(engine.resolution == before)
        #expect(engine.resolvedIDs == [1, 2])
    }

    @Test("A resolve after a failure succeeds again once the layout is fixed")
    func recoversAfterFailure() throws {
        let engine = try resolvedEngine()
        engine.setLayout(StubLayout.failing(CanvasError(.callbackFailed, "down")))
        #expect(throws: CanvasError.self) { try engine.resolve() }
        engine.setLayout(GridLayout(columns: 1))
        try engine.resolve()
        expectClose(engine.resolution.frames, [rect(0, 0, 10, 10), rect(0, 18, 10, 10)])
    }

    // MARK: The layout cache

    @Test("makeCache runs once per item set, and setItems starts a new one")
    func cachePerItemSet() throws {
        let log = LayoutLog()
        let engine = CanvasEngine()
        engine.setLayout(CountingCacheLayout(log: log))
        try engine.setItems(sizes: twoSquares)
        try engine.resolve()
        try engine.resolve()
        try engine.resolve()
        #expect(log.cachesMade == 1)
        #expect(log.cacheCounters == [1, 2, 3])

        try engine.setItems(sizes: [size(1, 1), size(1, 1), size(1, 1)])
        try engine.resolve()
        try engine.resolve()
        #expect(log.cachesMade == 2)
        #expect(log.cacheItemCounts == [2, 3])
        #expect(log.cacheCounters == [1, 2, 3, 1, 2])
    }

    @Test("Changing options keeps the cache")
    func optionsKeepCache() throws {
        let log = LayoutLog()
        let engine = CanvasEngine()
        engine.setLayout(CountingCacheLayout(log: log))
        try engine.setItems(sizes: twoSquares)
        try engine.resolve()
        engine.options = ResolveOptions(contentSize: .fixed(size(100, 100)), direction: .rightToLeft)
        try engine.resolve()
        #expect(log.cachesMade == 1)
        #expect(log.cacheCounters == [1, 2])
    }

    @Test("A rejected setItems keeps the cache")
    func rejectedItemsKeepCache() throws {
        let log = LayoutLog()
        let engine = CanvasEngine()
        engine.setLayout(CountingCacheLayout(log: log))
        try engine.setItems(sizes: twoSquares)
        try engine.resolve()
        #expect(throws: CanvasError.self) { try engine.setItems(sizes: twoSquares, ids: [1, 1]) }
        try engine.resolve()
        #expect(log.cachesMade == 1)
        #expect(log.cacheCounters == [1, 2])
    }

    @Test("setLayout starts with an empty cache")
    func newLayoutNewCache() throws {
        let log = LayoutLog()
        let engine = CanvasEngine()
        try engine.setItems(sizes: twoSquares)
        engine.setLayout(CountingCacheLayout(log: log))
        try engine.resolve()
        try engine.resolve()
        engine.setLayout(CountingCacheLayout(log: log))
        try engine.resolve()
        #expect(log.cachesMade == 2)
        #expect(log.cacheCounters == [1, 2, 1])
    }
}
