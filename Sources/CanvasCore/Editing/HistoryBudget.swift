/// The undo history's memory budget: past `byteLimit` bytes (estimated) the
/// oldest steps are dropped, so a long run of large edits (100 nudges of
/// 100,000 items kept about 830 MB) stays bounded. The newest step is always
/// kept, so the last edit can be undone however large it is.
extension History {
    /// 64 MiB.
    static let defaultByteLimit = 64 << 20

    /// What a step holds: its primitives and the two selections, plus the
    /// arrays' and sets' own headers.
    static func estimatedBytes(of step: HistoryStep) -> Int {
        let primitives = step.done.count * MemoryLayout<Primitive>.stride
        let linkSelections = step.linkSelection.map { $0.before.count + $0.after.count } ?? 0
        let selections = (step.selectionBefore.count + step.selectionAfter.count + linkSelections) * 2 * MemoryLayout<UInt64>.stride
        return primitives + selections + 3 * 32
    }

    /// The undo side's estimated bytes.
    var estimatedBytes: Int { undoSteps.reduce(0) { $0 + History.estimatedBytes(of: $1) } }

    /// Drops the oldest undo steps until the rest fit the budget (or one is left).
    mutating func trimToByteLimit() {
        var total = estimatedBytes
        var drop = 0
        while undoSteps.count - drop > 1 && total > byteLimit {
            total -= History.estimatedBytes(of: undoSteps[drop])
            drop += 1
        }
        if drop > 0 { undoSteps.removeFirst(drop) }
    }
}

extension CanvasEngine {
    /// The undo history's budget in bytes (64 MiB unless set): past it the
    /// oldest steps are dropped, the newest always kept. Setting it trims at
    /// once; 0 keeps only the newest step.
    public var historyByteLimit: Int {
        get { editing.history.byteLimit }
        set {
            editing.history.byteLimit = max(0, newValue)
            editing.history.trimToByteLimit()
        }
    }
}
