@testable import CanvasCore
import Testing

// ItemSizes: one size for every item is stored once; the list reads and
// edits exactly as an array of sizes would.

@Suite("Item sizes")
struct ItemSizesTests {
    @Test("Sizes all alike are stored once; sizes that differ one by one")
    func storage() {
        #expect(ItemSizes([size(3, 4), size(3, 4), size(3, 4)]).uniformSize == size(3, 4))
        #expect(ItemSizes([size(3, 4), size(3, 5)]).uniformSize == nil)
        #expect(ItemSizes(repeating: size(1, 2), count: 5) == [Size](repeating: size(1, 2), count: 5))
        #expect(ItemSizes([]).isEmpty && ItemSizes.empty.isEmpty)
    }

    @Test("Sanitizing one size keeps it one; sizes that need no sanitizing come back as they were")
    func sanitizing() {
        let one = ItemSizes(repeating: size(.nan, -3), count: 4).sanitized
        #expect(one.uniformSize == size(0, 0) && one.count == 4)
        let mixed = ItemSizes([size(1, .infinity), size(2, 2)]).sanitized
        #expect(mixed == [size(1, 0), size(2, 2)])
    }

    @Test("A contiguous buffer of a one-size list holds the size once per item")
    func buffer() {
        let sizes = ItemSizes(repeating: size(7, 8), count: 3)
        #expect(sizes.withUnsafeBufferPointer { Array($0) } == [size(7, 8), size(7, 8), size(7, 8)])
    }

    @Test("Randomized: edits on an item list match the same edits on arrays, and a one-size list stays one while they keep it so")
    func editsMatchAnArray() throws {
        var random = SplitMix64(seed: 15)
        for round in 0..<40 {
            let start = random.below(6)
            let shared = size(Double(1 + round % 3), 2)
            var list = try ItemList(count: start, sizes: nil, ids: nil)
            var model = [Size](repeating: .zero, count: start)
            if round % 2 == 0 {
                list = try ItemList(sizes: [Size](repeating: shared, count: start), ids: nil)
                model = [Size](repeating: shared, count: start)
            }
            var nextID = UInt64(start + 1)
            for _ in 0..<30 {
                // Mostly the size the list already has, sometimes another.
                let newSize = random.below(5) == 0 ? size(Double(random.below(4)), 9) : (model.first ?? shared)
                switch random.below(3) {
                case 0:
                    let position = random.below(model.count + 1)
                    list.insert(nextID, size: newSize, at: position)
                    model.insert(newSize, at: position)
                    nextID += 1
                case 1 where !model.isEmpty:
                    let position = random.below(model.count)
                    list.remove(at: position)
                    model.remove(at: position)
                case 2 where !model.isEmpty:
                    let position = random.below(model.count)
                    list.setSize(newSize, at: position)
                    model[position] = newSize
                default:
                    break
                }
                #expect(list.sizes == model, "round \(round)")
                if let uniform = list.sizes.uniformSize {
                    #expect(model.allSatisfy { $0 == uniform }, "round \(round)")
                }
            }
        }
    }

    @Test("A fixed size, sizes not given and the same sizes given one by one all lay out alike", arguments: [7, 1000])
    func fixedEqualsGiven(count: Int) throws {
        let given = CanvasEngine()
        try given.setItems(sizes: [Size](repeating: size(80, 60), count: count))
        try given.resolve()

        let fixed = CanvasEngine()
        fixed.setSizing(.fixed(size(80, 60)))
        try fixed.setItems(try ItemList(count: count, sizes: nil, ids: nil))
        try fixed.resolve()
        #expect(fixed.items.sizes.uniformSize == .zero)
        #expect(fixed.resolution == given.resolution)

        func relayout(_ layout: some CanvasLayout) throws {
            given.setLayout(layout)
            fixed.setLayout(layout)
            try given.resolve()
            try fixed.resolve()
            #expect(fixed.resolution == given.resolution)
        }
        try relayout(GridLayout(columns: 9))
        try relayout(FlowLayout(alignment: .bottom))
    }
}
