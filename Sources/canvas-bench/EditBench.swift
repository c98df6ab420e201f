// The editing bench: what the core does on a free canvas where the C ABI
// cannot reach yet (a drag step of the select tool, with snapping), its
// parts, and the heap it holds per item after the edits.
//
// Usage: canvas-bench edit [items]   (default 1000000); scripts/bench-editing runs it.

import CanvasCore
import Glibc

/// Resident memory in bytes (/proc/self/statm), for memory per item.
func heapInUse() -> Int {
    guard let file = fopen("/proc/self/statm", "r") else { return 0 }
    defer { fclose(file) }
    var size = 0, resident = 0
    guard withUnsafeMutablePointer(to: &size, { s in withUnsafeMutablePointer(to: &resident) { r in
        vfscanf_wrapper(file, s, r) } }) else { return 0 }
    return resident * Int(sysconf(Int32(_SC_PAGESIZE)))
}

/// Reads the first two numbers of statm.
private func vfscanf_wrapper(_ file: UnsafeMutablePointer<FILE>, _ a: UnsafeMutablePointer<Int>, _ b: UnsafeMutablePointer<Int>) -> Bool {
    var buffer = [CChar](repeating: 0, count: 128)
    guard fgets(&buffer, 128, file) != nil else { return false }
    let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let fields = String(decoding: line, as: UTF8.self).split(separator: " ")
    guard fields.count >= 2, let first = Int(fields[0]), let second = Int(fields[1]) else { return false }
    a.pointee = first
    b.pointee = second
    return true
}

func timeMedian(_ runs: Int, _ body: () -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = now()
        body()
        samples.append(now() - start)
    }
    return median(samples)
}

func runEditBench(count: Int) {
    let (frames, side) = scene(count: count, seed: 7)
    let heapBefore = heapInUse()
    let engine = CanvasEngine()
    do {
        try engine.setItemFrames(frames)
        try engine.resolve()
        try engine.setViewport(size: Size(width: 1280, height: 800), x: side / 2, y: side / 2)
    } catch {
        print("edit bench: \(error)")
        exit(1)
    }
    let heapBuilt = heapInUse()

    // A drag step of the select tool with 1000 items selected, snapping on
    // (items and gaps, 8-point threshold): press on the first, then steps.
    let center = Point(x: side / 2 + 640, y: side / 2 + 400)
    engine.selectRect(Rect(x: center.x - 1000, y: center.y - 1000, width: 2000, height: 2000), mode: .contain)
    var selected = engine.selection
    if selected.count > 1000 { selected.removeLast(selected.count - 1000) }
    engine.clearSelection()
    for id in selected { try? engine.select(id: id) }
    engine.setTool(.select)
    let first = engine.frame(of: selected[0])!
    let press = Point(x: first.x + first.width / 2, y: first.y + first.height / 2)
    engine.beginSelectGesture(at: press, shift: true)
    engine.beginSelectGesture(at: press)  // a press on a selected item keeps the selection
    var step = 0.0
    let dragSnapped = timeMedian(31) {
        step += 7.3
        engine.updateSelectGesture(to: Point(x: press.x + step, y: press.y + step / 2))
    }
    let dragPlain = timeMedian(31) {
        step += 7.3
        engine.updateSelectGesture(to: Point(x: press.x + step, y: press.y + step / 2), snapping: false)
    }
    engine.endSelectGesture()
    let undo = timeMedian(1) { _ = try? engine.undo() }

    // The marquee's parts.
    let marqueeSide = (10_000.0 * 3600).squareRoot()
    let marquee = Rect(x: side / 4, y: side / 4, width: marqueeSide, height: marqueeSide)
    var found = 0
    let query = timeMedian(21) { found = engine.query(marquee).count }
    let select = timeMedian(21) { engine.selectRect(marquee) }

    // A nudge of the 1000 and a focus move, each one undo step.
    engine.clearSelection()
    for id in selected { try? engine.select(id: id) }
    let nudge = timeMedian(11) { _ = try? engine.nudge(.right) }
    _ = try? engine.focus(selected[0])
    let focus = timeMedian(101) { _ = engine.focusNext(.right) }

    let heapAfter = heapInUse()
    print("edit bench at \(count) items (medians)")
    print("  drag step, 1000 selected, snapping   \(fixed(dragSnapped * 1e6)) µs")
    print("  drag step, 1000 selected, no snap    \(fixed(dragPlain * 1e6)) µs")
    print("  undo of that drag                    \(fixed(undo * 1e6)) µs")
    print("  nudge of 1000 selected               \(fixed(nudge * 1e6)) µs")
    print("  focus_next                           \(fixed(focus * 1e6, 2)) µs")
    print("  marquee query (\(found) found)        \(fixed(query * 1e6)) µs")
    print("  marquee select (replace)             \(fixed(select * 1e6)) µs")
    print("  resident memory per item after building         \(fixed(Double(heapBuilt - heapBefore) / Double(count))) B")
    print("  resident memory per item after the edits        \(fixed(Double(heapAfter - heapBefore) / Double(count))) B")
}
