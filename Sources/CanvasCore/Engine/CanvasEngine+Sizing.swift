/// Sizing by id: a fixed size, or an estimate refined by measuring in chunks.
extension CanvasEngine {
    /// Chooses where sizes come from. Switching to measuring starts from the
    /// first item again; sizes already measured stay cached by id.
    public func setSizing(_ sizing: ItemSizing) {
        self.sizing = sizing
        measureCursor = 0
    }

    /// Sets the host's measure function (nil removes it) and the chunk size.
    /// A measure function means sizes are measured: unless an estimate is
    /// already set, sizing becomes measuring with the default estimate.
    /// - Throws: `CanvasError.invalidArgument` when `chunkSize` is below 1.
    public func setMeasure(_ measure: MeasureFunction?, chunkSize: Int = ItemSizing.defaultChunkSize) throws(CanvasError) {
        guard chunkSize >= 1 else {
            throw CanvasError(.invalidArgument, "measure chunk size must be at least 1, got \(chunkSize)")
        }
        self.measure = measure
        measureChunkSize = chunkSize
        measureCursor = 0
        if measure != nil, !sizing.isMeasured {
            sizing = .measured(estimate: ItemSizing.defaultEstimate)
        }
    }

    /// The rule for the measured-size cache: it holds sizes of live items
    /// only. When the items change, a size stays for every id still present
    /// (reordered, or taken out and put back within the same update: one
    /// `setItems`) and goes for every id that left, as Pannable drops them;
    /// an id that comes back in a later update is measured again. So the
    /// cache never holds more entries than there are items.
    func forgetMeasurementsOfGoneItems() {
        guard !measuredSizes.isEmpty else { return }
        measuredSizes = measuredSizes.filter { items.index(of: $0.key) != nil }
    }

    /// Forgets every measured size; items are measured again from the first.
    public func invalidateMeasurements() {
        measuredSizes = [:]
        measureCursor = 0
    }

    /// The measured size of `id`, if it has one.
    public func measuredSize(of id: UInt64) -> Size? { measuredSizes[id] }

    /// How many items still wait to be measured.
    public var pendingMeasurements: Int {
        guard case .measured = sizing, measure != nil else { return 0 }
        return items.ids[measureCursor...].lazy.filter { self.measuredSizes[$0] == nil }.count
    }

    /// The sizes the next resolve lays out.
    func currentSizes() -> ItemSizes {
        switch sizing {
        case .given:
            return items.sizes
        case .fixed(let size):
            return ItemSizes(repeating: size, count: items.count)
        case .measured(let estimate):
            guard !measuredSizes.isEmpty else { return ItemSizes(repeating: estimate, count: items.count) }
            return ItemSizes(items.ids.map { measuredSizes[$0] ?? estimate })
        }
    }

    /// One run-loop turn of measuring: measures the next chunk of items that
    /// have no cached size, and after the last chunk resolves the layout
    /// once. Does nothing while the viewport moves, so scrolling stays smooth.
    /// - Throws: the measure function's error (the chunk's sizes are
    ///   discarded and the cursor stays, so the engine is as it was), or the
    ///   layout's.
    public func step() throws(CanvasError) -> StepResult {
        guard case .measured = sizing, let measure else { return .idle }
        guard !isMoving else { return .deferred }
        let proposalWidth = Resolver.proposal(for: options).width

        var cursor = measureCursor
        var chunk: [(UInt64, Size)] = []
        while cursor < items.count && chunk.count < measureChunkSize {
            let id = items.ids[cursor]
            if measuredSizes[id] == nil {
                chunk.append((id, ItemSizing.clampMeasured(try measure(id, cursor, proposalWidth))))
            }
            cursor += 1
        }
        for (id, size) in chunk { measuredSizes[id] = size }
        measureCursor = cursor
        if !chunk.isEmpty { measuredSinceResolve = true }

        guard cursor >= items.count else { return .measured(chunk.count) }
        guard measuredSinceResolve else { return .idle }
        try resolve()
        return .resolved
    }
}
