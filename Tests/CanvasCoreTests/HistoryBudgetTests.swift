import Testing
@testable import CanvasCore

/// The undo history's byte budget drops the oldest steps (issue 21: 100
/// nudges of 100,000 items kept about 830 MB of history).
@Suite("History: the byte budget")
struct HistoryBudgetTests {
    private func step(moving count: Int) -> HistoryStep {
        var step = HistoryStep(selectionBefore: [])
        let frame = Rect(x: 0, y: 0, width: 1, height: 1)
        step.done = (0..<count).map { .setFrame(id: UInt64($0), from: frame, to: frame) }
        return step
    }

    @Test("Past the budget the oldest steps go; the newest stays whatever its size")
    func dropsOldest() {
        var history = History()
        let one = History.estimatedBytes(of: step(moving: 1000))
        history.byteLimit = one * 3
        for _ in 0..<10 { history.push(step(moving: 1000)) }
        #expect(history.undoSteps.count == 3)
        #expect(history.estimatedBytes <= history.byteLimit)
        history.push(step(moving: 10000))
        #expect(history.undoSteps.count == 1)
    }

    @Test("The default budget bounds 100 steps of 100,000 moves")
    func defaultBound() {
        var history = History()
        for _ in 0..<100 { history.push(step(moving: 100_000)) }
        #expect(history.estimatedBytes <= History.defaultByteLimit)
        #expect(history.undoSteps.count >= 1 && history.undoSteps.count < 100)
    }

    @Test("An engine's budget is settable; lowering it trims the undo side at once")
    func engineBudget() throws {
        let frames = (0..<1000).map { Rect(x: Double($0) * 20, y: 0, width: 10, height: 10) }
        let engine = try freeEngine(frames)
        #expect(engine.historyByteLimit == History.defaultByteLimit)
        engine.selectAll()
        for _ in 0..<10 { try engine.nudge(.right) }
        #expect(engine.editing.history.undoSteps.count == 10)
        let one = History.estimatedBytes(of: engine.editing.history.undoSteps[0])
        engine.historyByteLimit = one * 4
        #expect(engine.editing.history.undoSteps.count == 4)
        engine.historyByteLimit = 0
        #expect(engine.editing.history.undoSteps.count == 1)
        #expect(engine.canUndo)
    }
}
