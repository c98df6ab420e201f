// Edits anywhere in the data order on a mixed-size free canvas (issue 20):
// removing one card from the middle, 1000 scattered removals, 1000 inserts
// at the front, a selection's delete, each with its undo and redo; an idle
// tick; the first drag against the tenth; viewport queries fresh and after
// random edits; memory per card after it all.
//
// Usage: canvas-bench edit-order [items] [random edits]   (default 1000000 100000)

import CanvasCore
import Glibc

/// Mixed cards: sides log-normal (median 64, clamped 16–1600), aspect
/// ratios 0.3–3 (log-uniform), positions in 300 Gaussian blobs plus a
/// uniform fifth in the background.
func mixedScene(count: Int, seed: UInt64) -> (frames: [Rect], side: Double) {
    var rng = SplitMix64(state: seed)
    func gaussian() -> Double {
        let u = max(rng.uniform(0, 1), 1e-300), v = rng.uniform(0, 1)
        return (-2 * log(u)).squareRoot() * cos(2 * Double.pi * v)
    }
    let side = (Double(count) * 12_000).squareRoot()
    let blobs = (0..<300).map { _ in
        (x: rng.uniform(0, side), y: rng.uniform(0, side), spread: rng.uniform(0.005, 0.03) * side)
    }
    let frames = (0..<count).map { _ -> Rect in
        let size = min(max(64 * exp(0.9 * gaussian()), 16), 1600)
        let aspect = exp(rng.uniform(log(0.3), log(3)))
        let width = size * aspect.squareRoot(), height = size / aspect.squareRoot()
        if rng.uniform(0, 1) < 0.2 {
            return Rect(x: rng.uniform(0, side), y: rng.uniform(0, side), width: width, height: height)
        }
        let blob = blobs[Int(rng.next() % UInt64(blobs.count))]
        return Rect(x: blob.x + gaussian() * blob.spread, y: blob.y + gaussian() * blob.spread, width: width, height: height)
    }
    return (frames, side)
}

func runOrderEditBench(count: Int, randomEdits: Int = 100_000) {

    let (frames, side) = mixedScene(count: count, seed: 20)
    let heapBefore = heapInUse()
    let engine = CanvasEngine()
    // Explicit ids, as a host with its own keys has them.
    let ids = (0..<UInt64(count)).map { $0 * 2 + 1000 }
    var rng = SplitMix64(state: 2020)
    var nextID: UInt64 = 1 << 40
    func ms(_ seconds: Double) -> String { fixed(seconds * 1e3, 2) + " ms" }
    func us(_ seconds: Double) -> String { fixed(seconds * 1e6, 1) + " µs" }
    func time(_ body: () -> Void) -> Double {
        let start = now()
        body()
        return now() - start
    }
    do {
        try engine.setItemFrames(frames, ids: ids)
        try engine.resolve()
        try engine.setViewport(size: Size(width: 1280, height: 800), x: side / 2, y: side / 2)
    } catch {
        report("edit-order bench: \(error)")
        exit(1)
    }
    report("edit-order bench at \(count) mixed cards (explicit ids)")

    // One card from the middle, and its undo, 21 times.
    var one: [Double] = [], oneUndo: [Double] = []
    for _ in 0..<21 {
        let id = engine.items.ids[engine.items.count / 2 + Int(rng.next() % 1000)]
        one.append(time { _ = try? engine.remove([id]) })
        oneUndo.append(time { _ = try? engine.undo() })
    }
    report("  remove one from the middle (median)   \(us(median(one)))   undo \(us(median(oneUndo)))")

    func scattered(_ n: Int) -> [UInt64] {
        var picked = Set<UInt64>()
        while picked.count < n { picked.insert(engine.items.ids[Int(rng.next() % UInt64(engine.items.count))]) }
        return Array(picked)
    }
    // Each group edit five times (edit, undo, redo, undo), medians: on a
    // shared machine one sample says little.
    func cycle(_ edit: () -> Void) -> (Double, Double, Double) {
        var edits: [Double] = [], undos: [Double] = [], redos: [Double] = []
        for _ in 0..<5 {
            edits.append(time(edit))
            undos.append(time { _ = try? engine.undo() })
            redos.append(time { _ = try? engine.redo() })
            _ = try? engine.undo()
        }
        return (median(edits), median(undos), median(redos))
    }
    let spread = scattered(1000)
    let (removeTime, removeUndo, removeRedo) = cycle { _ = try? engine.remove(spread) }
    report("  remove 1000 scattered                 \(ms(removeTime))   undo \(ms(removeUndo))   redo \(ms(removeRedo))")

    let newItems = (0..<1000).map { _ -> NewItem in
        nextID += 1
        return NewItem(id: nextID, frame: Rect(x: rng.uniform(0, side), y: rng.uniform(0, side), width: 50, height: 40))
    }
    let firstID = engine.items.ids[0]
    let (insertTime, insertUndo, insertRedo) = cycle { _ = try? engine.insert(newItems, before: firstID) }
    _ = try? engine.redo()
    report("  insert 1000 at the front              \(ms(insertTime))   undo \(ms(insertUndo))   redo \(ms(insertRedo))")

    // A selection of about 1000 cards around the centre, deleted.
    var marquee = 400.0
    while engine.query(Rect(x: side / 2 - marquee, y: side / 2 - marquee, width: 2 * marquee, height: 2 * marquee)).count < 1000 {
        marquee *= 1.2
    }
    engine.selectRect(Rect(x: side / 2 - marquee, y: side / 2 - marquee, width: 2 * marquee, height: 2 * marquee))
    let selected = engine.selection.count
    let (deleteTime, deleteUndo, deleteRedo) = cycle { _ = try? engine.removeSelection() }
    report("  delete a selection of \(selected)            \(ms(deleteTime))   undo \(ms(deleteUndo))   redo \(ms(deleteRedo))")

    // Idle ticks, level of detail off and on.
    var clock = 1.0
    func idle() -> Double {
        _ = try? engine.tick(at: clock)
        var samples: [Double] = []
        for _ in 0..<101 {
            clock += 1.0 / 60
            samples.append(time { _ = try? engine.tick(at: clock) })
        }
        return median(samples)
    }
    let idleOff = idle()
    _ = try? engine.setLevelOfDetail(DetailSettings())
    let idleOn = idle()
    _ = try? engine.setLevelOfDetail(nil)
    report("  idle tick, LOD off / on               \(us(idleOff)) / \(us(idleOn))")

    // Drags of the selection: the first step of the first drag and of the tenth.
    engine.selectRect(Rect(x: side / 2 - marquee, y: side / 2 - marquee, width: 2 * marquee, height: 2 * marquee))
    engine.setTool(.select)
    var firstSteps: [Double] = []
    for drag in 0..<10 {
        guard let id = engine.selection.first, let frame = engine.frame(of: id) else { break }
        let press = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        _ = engine.beginSelectGesture(at: press)
        let step = Double(drag % 2 == 0 ? 9 : -9)
        firstSteps.append(time { _ = engine.updateSelectGesture(to: Point(x: press.x + step, y: press.y + step)) })
        for move in 1..<5 { _ = engine.updateSelectGesture(to: Point(x: press.x + step * Double(move + 1), y: press.y)) }
        _ = engine.endSelectGesture()
    }
    if firstSteps.count == 10 {
        report("  first drag step, 1st / 10th drag      \(ms(firstSteps[0])) / \(ms(firstSteps[9]))")
    }
    // The same with level of detail on, its pyramid built by a frame first.
    _ = try? engine.setLevelOfDetail(DetailSettings())
    firstSteps = []
    for drag in 0..<10 {
        guard let id = engine.selection.first, let frame = engine.frame(of: id) else { break }
        let press = Point(x: frame.x + frame.width / 2, y: frame.y + frame.height / 2)
        _ = engine.beginSelectGesture(at: press)
        let step = Double(drag % 2 == 0 ? 9 : -9)
        firstSteps.append(time { _ = engine.updateSelectGesture(to: Point(x: press.x + step, y: press.y + step)) })
        for move in 1..<5 { _ = engine.updateSelectGesture(to: Point(x: press.x + step * Double(move + 1), y: press.y)) }
        _ = engine.endSelectGesture()
    }
    _ = try? engine.setLevelOfDetail(nil)
    engine.setTool(.pan)
    if firstSteps.count == 10 {
        report("  the same with LOD on                  \(ms(firstSteps[0])) / \(ms(firstSteps[9]))")
    }

    // Viewport queries, fresh and after 100k random edits (moves, and
    // removals with reinsertion anywhere in the order).
    func viewportQueries() -> Double {
        var query = SplitMix64(state: 99)
        var samples: [Double] = []
        for _ in 0..<201 {
            let rect = Rect(x: query.uniform(0, side - 1280), y: query.uniform(0, side - 800), width: 1280, height: 800)
            samples.append(time { _ = engine.query(rect) })
        }
        return median(samples)
    }
    let fresh = viewportQueries()
    let editStart = now()
    for step in 0..<randomEdits {
        let position = Int(rng.next() % UInt64(engine.items.count))
        let id = engine.items.ids[position]
        if step % 10 == 0 {
            let frame = engine.frame(of: id)!
            _ = try? engine.remove([id])
            let before = engine.items.ids[Int(rng.next() % UInt64(engine.items.count))]
            _ = try? engine.insert([NewItem(id: id, frame: frame)], before: before)
        } else {
            _ = try? engine.move(id, to: Point(x: rng.uniform(0, side), y: rng.uniform(0, side)))
        }
    }
    let editTime = now() - editStart
    let edited = viewportQueries()
    report("  viewport query fresh / after \(randomEdits) edits   \(us(fresh)) / \(us(edited))   (edits \(fixed(editTime, 1)) s)")
    let heapAfter = heapInUse()
    report("  resident memory per card after it all     \(fixed(Double(heapAfter - heapBefore) / Double(count))) B")
}

/// A line of results, written out at once (the runs are long).
private func report(_ line: String) {
    print(line)
    fflush(nil)
}
