// A custom layout in Swift (a staircase: each item one step down and to the
// left of the one before, so frames go negative), resolved, queried and
// zoomed through CanvasCore. Prints what it checks; exits 1 when a check fails.
import CanvasCore

struct Staircase: CanvasLayout {
    var step: Double

    func place(_ items: LayoutItems, in proposal: Proposal, cache: inout Void) -> [Rect] {
        items.map { item in
            let offset = Double(item.index) * step
            return Rect(x: -offset, y: offset, width: item.size.width, height: item.size.height)
        }
    }
}

var failures = 0
@MainActor func check(_ condition: Bool, _ what: String) {
    print(condition ? "ok: \(what)" : "FAIL: \(what)")
    if !condition { failures += 1 }
}

let engine = CanvasEngine()
do {
    try engine.setItems(sizes: Array(repeating: Size(width: 40, height: 20), count: 5))
    engine.setLayout(Staircase(step: 30))
    engine.options.margins = Insets(all: 10)
    try engine.resolve()

    // The cluster is normalized: the last item (furthest left) starts at the margin.
    check(engine.frame(at: 4) == Rect(x: 10, y: 130, width: 40, height: 20), "frames are normalized and inset")
    check(engine.contentSize == Size(width: 180, height: 160), "content size is the cluster plus margins")

    _ = try engine.setViewport(size: Size(width: 100, height: 60), x: 0, y: 0, overscan: 0)
    let hits = engine.query(Rect(x: 100, y: 0, width: 80, height: 50))
    check(hits == [0, 1], "a query returns the positions under a rect, in data order")

    try engine.setZoom(2)
    check(engine.zoom.scale == 2, "the zoom is 2")
    check(engine.frame(at: 0) == Rect(x: 260, y: 10, width: 80, height: 20), "frames are zoomed horizontally")

    // Built-in settings, each one expression naming only what differs from the defaults.
    engine.setLayout(FlowLayout(spacing: 4, maxWidth: 400))
    engine.options = ResolveOptions(margins: Insets(all: 16), direction: .rightToLeft)
    _ = try engine.setZoomSettings(ZoomSettings(axis: .both, maximum: 8))
    try engine.setMotionSettings(MotionSettings(bounce: .never, panAxis: .locked))
    try engine.resolve()
    check(engine.zoomSettings.maximum == 8 && engine.motionSettings.panAxis == .locked, "settings in one expression")
} catch {
    print("FAIL: \(error)")
    failures += 1
}
if failures > 0 { fatalError("\(failures) checks failed") }
print("staircase: all checks passed")
