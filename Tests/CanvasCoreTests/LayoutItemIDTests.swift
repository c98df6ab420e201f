import CanvasCore
import Testing

// A layout sees each item's id beside its index and size, so layouts that
// depend on which item is which (a calendar, a kanban) need no side channel.

/// Records the items it was handed; stacks them in a column.
private final class Recorder: CanvasLayout {
    var seen: [LayoutItem] = []
    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        seen = Array(items)
        return items.map { rect(0, Double($0.index) * 10, $0.size.width, $0.size.height) }
    }
}

@Suite("Layouts see item ids")
struct LayoutItemIDTests {
    @Test("explicit ids reach the layout, in data order with their indices")
    func explicitIDs() throws {
        let engine = CanvasEngine()
        let recorder = Recorder()
        try engine.setItems(sizes: [size(1, 1), size(2, 2), size(3, 3)], ids: [30, 10, 20])
        engine.setLayout(recorder)
        try engine.resolve()
        #expect(recorder.seen.map(\.id) == [30, 10, 20])
        #expect(recorder.seen.map(\.index) == [0, 1, 2])
        #expect(recorder.seen.map(\.size) == [size(1, 1), size(2, 2), size(3, 3)])
    }

    @Test("default ids are 1…count")
    func defaultIDs() throws {
        let engine = CanvasEngine()
        let recorder = Recorder()
        try engine.setItems(sizes: [size(1, 1), size(1, 1)])
        engine.setLayout(recorder)
        try engine.resolve()
        #expect(recorder.seen.map(\.id) == [1, 2])
        #expect(LayoutItems(sizes: [size(1, 1)]).first?.id == 1)
    }
}
