import Testing
@testable import CanvasCore

/// Inserting and removing groups anywhere in the data order (issue 20),
/// against a model that edits plain arrays one item at a time.
@Suite("Edits anywhere in the order")
struct OrderEditTests {
    /// What the model says the engine holds.
    struct State: Equatable {
        var ids: [UInt64]
        var frames: [Rect]
        var selection: Set<UInt64>
        var focus: UInt64?
    }

    /// Which parts differ, short enough to read in a failure.
    func differences(_ engine: CanvasEngine, _ model: State) -> [String] {
        let now = state(of: engine)
        var parts: [String] = []
        if now.ids != model.ids { parts.append("order (\(now.ids.count) vs \(model.ids.count) ids)") }
        if now.frames != model.frames { parts.append("frames") }
        if now.selection != model.selection { parts.append("selection \(now.selection.symmetricDifference(model.selection).sorted().prefix(8))") }
        if now.focus != model.focus { parts.append("focus \(String(describing: now.focus)) vs \(String(describing: model.focus))") }
        return parts
    }

    func state(of engine: CanvasEngine) -> State {
        State(ids: Array(engine.resolvedIDs), frames: engine.frames, selection: Set(engine.selection), focus: engine.focusedID)
    }

    /// Every id maps back to its position, the item list and the frames agree.
    func checkConsistent(_ engine: CanvasEngine, _ model: State, _ what: String) {
        #expect(Array(engine.items.ids) == model.ids, "\(what): item order")
        #expect(engine.items.count == engine.resolution.frames.count, "\(what): counts")
        var positionsRight = true
        for (position, id) in model.ids.enumerated() where engine.items.index(of: id) != position { positionsRight = false }
        #expect(positionsRight, "\(what): id → position")
        #expect(engine.items.sizes == model.frames.map(\.size), "\(what): sizes")
    }

    @Test("groups inserted and removed anywhere match the model; undo and redo restore frames, order, selection and focus exactly",
          arguments: [(201, 0, 600), (202, 1, 600), (203, 0, 600), (204, 1, 600), (205, 2, 600), (206, 2, 600),
                      (207, 0, 6000), (208, 1, 6000)] as [(UInt64, Int, Int)])
    func randomizedGroups(seed: UInt64, idScheme: Int, count: Int) throws {
        var rng = SplitMix64(seed: seed)
        // Past 4,096 items an edit's tail is renumbered in one pass over the
        // id table (ItemList.renumber), not id by id: the larger runs reach it.
        let rounds = count > 1000 ? 30 : 120
        // 0: the default ids 1…n; 1: explicit ids numbered closely, with
        // gaps (the id table's dense part); 2: ids far apart (its hash part).
        let explicitIDs = idScheme != 0
        let given: [UInt64] = switch idScheme {
        case 0: Array(1...UInt64(count))
        case 1: (0..<UInt64(count)).map { $0 * 3 + 7 }
        default: (0..<UInt64(count)).map { $0 * 1_000_003 + 5 }
        }
        var model = State(ids: given, frames: [], selection: [], focus: nil)
        var used = Set(given)
        model.frames = model.ids.map { _ in randomFrame(&rng, spread: 3000) }
        let engine = try freeEngine(model.frames, ids: explicitIDs ? model.ids : nil, viewport: size(800, 600))
        var nextID: UInt64 = 100_000
        var history: [State] = [state(of: engine)]
        for round in 0..<rounds {
            // Some selection and a focus, so removals have them to take away.
            if rng.below(3) == 0 {
                for _ in 0..<5 { try engine.select(id: model.ids[rng.below(model.ids.count)]) }
            }
            if rng.below(3) == 0 { try engine.focus(model.ids[rng.below(model.ids.count)]) }
            model.selection = Set(engine.selection)
            model.focus = engine.focusedID
            history[history.count - 1] = model  // selection and focus are not steps of their own
            let pick = { (rng: inout SplitMix64) in model.ids[rng.below(model.ids.count)] }
            switch rng.below(5) {
            case 0, 1:
                // Scattered removals, sometimes the whole selection.
                let gone: [UInt64]
                if rng.below(3) == 0 && !model.selection.isEmpty {
                    gone = engine.selection
                    try engine.removeSelection()
                } else {
                    gone = Array(Set((0..<(1 + rng.below(40))).map { _ in pick(&rng) }))
                    try engine.remove(gone)
                }
                let set = Set(gone)
                let kept = zip(model.ids, model.frames).filter { !set.contains($0.0) }
                model.ids = kept.map(\.0)
                model.frames = kept.map(\.1)
                model.selection.subtract(set)
                if let focus = model.focus, set.contains(focus) { model.focus = nil }
            case 2, 3:
                // A group inserted before any item: the first, the middle, the end.
                let new = (0..<(1 + rng.below(40))).map { _ in
                    // Half the time an id never used below 2,000 (in the
                    // dense part's range, or past the default ids' end), else a far one.
                    var id = UInt64(1 + rng.below(2000))
                    if rng.below(2) == 0 || used.contains(id) {
                        nextID += 1
                        id = nextID
                    }
                    used.insert(id)
                    return NewItem(id: id, frame: randomFrame(&rng, spread: 3000))
                }
                let before: UInt64? = switch rng.below(4) {
                case 0: model.ids[0]
                case 1: nil
                default: pick(&rng)
                }
                try engine.insert(new, before: before)
                let at = before.map { model.ids.firstIndex(of: $0)! } ?? model.ids.count
                model.ids.insert(contentsOf: new.map(\.id), at: at)
                model.frames.insert(contentsOf: new.map(\.frame), at: at)
            default:
                let moved = Array(Set((0..<(1 + rng.below(20))).map { _ in pick(&rng) }))
                let front = rng.below(2) == 0
                if front { try engine.bringToFront(moved) } else { try engine.sendToBack(moved) }
                let set = Set(moved)
                let kept = zip(model.ids, model.frames).filter { !set.contains($0.0) }
                let taken = zip(model.ids, model.frames).filter { set.contains($0.0) }
                let order = front ? kept + taken : taken + kept
                model.ids = order.map(\.0)
                model.frames = order.map(\.1)
            }
            #expect(differences(engine, model) == [], "round \(round)")
            checkConsistent(engine, model, "round \(round)")
            let probe = Rect(x: rng.uniform(-3200, 3200), y: rng.uniform(-3200, 3200), width: rng.uniform(1, 1500), height: rng.uniform(1, 1500))
            #expect(engine.query(probe).map { model.ids[$0] } == bruteQuery(model.ids, model.frames, probe), "round \(round): query")
            #expect(engine.published?.visible == bruteQuery(model.ids, model.frames, engine.viewport.cullingRect), "round \(round): visible")
            history.append(model)
        }
        // Undo every step the history holds, each back to the state before it, then redo.
        let steps = engine.editing.history.undoSteps.count
        for back in 1...steps {
            try engine.undo()
            let expected = history[history.count - 1 - back]
            #expect(differences(engine, expected) == [], "undo \(back)")
            checkConsistent(engine, expected, "undo \(back)")
        }
        for forward in stride(from: steps - 1, through: 0, by: -1) {
            try engine.redo()
            let expected = history[history.count - 1 - forward]
            // Redo gives back the step's own selection and focus, which
            // were taken after it (the model's later picks are not steps).
            #expect(Array(engine.resolvedIDs) == expected.ids, "redo to \(forward): order")
            #expect(engine.frames == expected.frames, "redo to \(forward): frames")
            checkConsistent(engine, expected, "redo to \(forward)")
        }
        let everything = rect(-4000, -4000, 8000, 8000)
        #expect(engine.query(everything).map { model.ids[$0] } == bruteQuery(model.ids, model.frames, everything))
    }

    @Test("undoing the removal of the focused item gives the focus back; redoing it takes it away")
    func focusComesBack() throws {
        let frames = (0..<10).map { rect(Double($0) * 30, 0, 20, 20) }
        let engine = try freeEngine(frames)
        try engine.focus(5)
        try engine.remove([5, 2])
        #expect(engine.focusedID == nil)
        try engine.undo()
        #expect(engine.focusedID == 5)
        try engine.redo()
        #expect(engine.focusedID == nil)
        try engine.undo()
        #expect(engine.focusedID == 5)
        try engine.remove([5])
        try engine.undo()
        #expect(engine.focusedID == 5)
    }

    @Test("one pass: removing and inserting at sorted positions match removing and inserting one by one", arguments: [31, 32, 33] as [UInt64])
    func sortedArrayEdits(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let array = (0..<rng.below(50)).map { _ in rng.below(1000) }
            let picked = Array(Set((0..<rng.below(array.count + 1)).map { _ in rng.below(max(array.count, 1)) })).filter { $0 < array.count }.sorted()
            var once = array, oneByOne = array
            once.remove(atSorted: picked)
            for position in picked.reversed() { oneByOne.remove(at: position) }
            #expect(once == oneByOne)
            // Inserting them back where they were restores the array.
            once.insert(picked.map { array[$0] }, atSorted: picked)
            #expect(once == array)
        }
    }
}

@Suite("The id → position table")
struct PositionTableTests {
    @Test("sets, removals and renumbering match a dictionary, through growth and backward-shift deletion, with and without a dense part",
          arguments: [(41, 0), (42, 0), (43, 300), (44, 501)] as [(UInt64, Int)])
    func againstDictionary(seed: UInt64, denseLimit: Int) {
        var rng = SplitMix64(seed: seed)
        var table = denseLimit > 0 ? PositionTable(denseLimit: denseLimit, minimumCapacity: 0) : PositionTable(minimumCapacity: 4)
        var model: [UInt64: Int] = [:]
        // Few distinct ids with clustered hashes' neighbours, so probe runs form and deletions shift them.
        let universe = (0..<3000).map { _ in rng.below(4) == 0 ? UInt64(rng.below(500)) : rng.next() }
        for round in 0..<20_000 {
            let id = universe[rng.below(universe.count)]
            switch rng.below(200) {
            case 0..<100:
                let position = rng.below(100_000)
                #expect(table.set(id, position) == model.updateValue(position, forKey: id), "round \(round): set")
            case 100..<160:
                table.remove(id)
                model[id] = nil
            case 160..<198:
                let first = rng.below(100_000), delta = rng.below(50) + 1
                table.renumber(from: first, by: delta)
                for (key, value) in model where value >= first { model[key] = value + delta }
            default:
                let first = rng.below(100_000)
                let top = (model.values.max() ?? 0) + 1
                let moved = (first..<max(first, top)).map { Int32($0 + 7) }
                moved.withUnsafeBufferPointer { table.renumber(from: first, $0) }
                for (key, value) in model where value >= first { model[key] = value + 7 }
            }
            #expect(table.count == model.count, "round \(round): count")
            if round % 500 == 0 {
                for id in universe where table[id] != model[id] {
                    Issue.record("round \(round): id \(id) at \(String(describing: table[id])), not \(String(describing: model[id]))")
                    return
                }
            }
        }
        for id in universe { #expect(table[id] == model[id]) }
    }
}

@Suite("Idle ticks")
struct IdleTickTests {
    @Test("an idle tick publishes nothing and changes nothing; one after an edit that shrank the content still clamps")
    func idleTicks() throws {
        let frames = (0..<50).map { rect(Double($0) * 100, 0, 80, 80) }
        let engine = try freeEngine(frames, viewport: size(400, 300))
        engine.setScrollExtent(.content)
        engine.setViewportOffset(point(4600, 0))
        let published = engine.published
        let count = engine.publishCount
        for step in 1...5 {
            let result = try engine.tick(at: Double(step) * 16)
            #expect(!result.published && !result.moved)
        }
        #expect(engine.publishCount == count)
        #expect(engine.published == published)
        // An edit does not clamp (it never moves what the viewport shows); the next tick does.
        try engine.remove(Array(30...50))
        let offset = engine.viewport.offset
        let result = try engine.tick(at: 200)
        #expect(engine.viewport.offset.x < offset.x)
        #expect(result.published)
        #expect(engine.published?.visible == bruteQuery(Array(1...29), Array(frames.prefix(29)), engine.viewport.cullingRect))
    }
}
