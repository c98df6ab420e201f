// canvas-bench: times SpatialIndex against a brute-force scan, side by side
// in one run, on the same frames and the same queries. Not a test: run it
// through scripts/bench-index, which builds it in release mode.
//
// Usage: canvas-bench [runs] [item counts...]   (default: 7 10000 100000 1000000)

import CanvasCore
import Glibc

/// SplitMix64: fixed seeds, so every run times the same scenes.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func uniform(_ low: Double, _ high: Double) -> Double {
        low + Double(next() >> 11) * 0x1p-53 * (high - low)
    }
}

func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Items 10–60 points a side, 1% of them 200–600, at about one item per
/// 60 × 60 points: a busy board, with overlaps.
func scene(count: Int, seed: UInt64) -> (frames: [Rect], side: Double) {
    var rng = SplitMix64(state: seed)
    let side = (Double(count) * 3600).squareRoot()
    let frames = (0..<count).map { index -> Rect in
        let big = index % 100 == 99
        let width = big ? rng.uniform(200, 600) : rng.uniform(10, 60)
        let height = big ? rng.uniform(200, 600) : rng.uniform(10, 60)
        return Rect(x: rng.uniform(0, side), y: rng.uniform(0, side), width: width, height: height)
    }
    return (frames, side)
}

/// The reference: every frame checked, results already in data order.
@inline(never)
func bruteQuery(_ frames: [Rect], _ rect: Rect) -> [Int] {
    frames.withUnsafeBufferPointer { frames in
        var result: [Int] = []
        for index in frames.indices {
            let frame = frames[index]
            if frame.intersects(rect) && frame.width > 0 && frame.height > 0 && frame.isFinite {
                result.append(index)
            }
        }
        return result
    }
}

@inline(never)
func bruteHit(_ frames: [Rect], _ point: Point) -> Int? {
    frames.withUnsafeBufferPointer { frames in
        var index = frames.count
        while index > 0 {
            index -= 1
            let frame = frames[index]
            if frame.contains(point) && frame.width > 0 && frame.height > 0 && frame.isFinite { return index }
        }
        return nil
    }
}

/// Runs `body` over every query, returning seconds per query and a checksum
/// that both keeps the work alive and proves the two sides agree.
@inline(never)
func timeQueries(_ queries: [Rect], _ body: (Rect) -> [Int]) -> (seconds: Double, checksum: Int) {
    var checksum = 0
    let start = now()
    for query in queries {
        let result = body(query)
        checksum &+= result.count &* 31 &+ (result.first ?? 0) &+ (result.last ?? 0)
    }
    return ((now() - start) / Double(queries.count), checksum)
}

@inline(never)
func timeHits(_ points: [Point], _ body: (Point) -> Int?) -> (seconds: Double, checksum: Int) {
    var checksum = 0
    let start = now()
    for point in points { checksum &+= (body(point) ?? -1) &+ 1 }
    return ((now() - start) / Double(points.count), checksum)
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// `value` with `digits` decimals, without Foundation's formatting.
func fixed(_ value: Double, _ digits: Int = 1) -> String {
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = scaled / Int(scale)
    let fraction = String(abs(scaled) % Int(scale))
    if digits == 0 { return String(whole) }
    return "\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

// `canvas-bench edit [items]`: the editing bench (EditBench.swift), run by scripts/bench-editing.
if CommandLine.arguments.dropFirst().first == "edit" {
    runEditBench(count: CommandLine.arguments.dropFirst(2).first.flatMap { Int($0) } ?? 1_000_000)
    exit(0)
}

// `canvas-bench graph [runs] [only]`: the graph layouts (GraphBench.swift), run by scripts/bench-graph.
if CommandLine.arguments.dropFirst().first == "graph" {
    let rest = Array(CommandLine.arguments.dropFirst(2))
    runGraphBench(runs: rest.first.flatMap { Int($0) } ?? 5, only: rest.dropFirst().first)
    exit(0)
}

// `canvas-bench edit-order [items] [random edits]`: edits anywhere in the order (OrderEditBench.swift).
if CommandLine.arguments.dropFirst().first == "edit-order" {
    let numbers = CommandLine.arguments.dropFirst(2).compactMap { Int($0) }
    runOrderEditBench(count: numbers.first ?? 1_000_000, randomEdits: numbers.dropFirst().first ?? 100_000)
    exit(0)
}

let arguments = CommandLine.arguments.dropFirst().compactMap { Int($0) }
let runs = arguments.first ?? 7
let counts = arguments.count > 1 ? Array(arguments.dropFirst()) : [10_000, 100_000, 1_000_000]

print("SpatialIndex vs a brute-force scan; medians of \(runs) runs, per operation")
print("viewport: 1280x800 query; zoomed: query over 10% of the scene; hit: item(at:)")
print("each cell: index / brute force, then × = brute / index")
print("")
let columns = [
    ("items", 9), ("build ms", 10), ("B/item", 8), ("cell", 6),
    ("viewport µs", 20), ("×", 7), ("zoomed µs", 22), ("×", 6), ("hit µs", 18), ("×", 8),
    ("build/scan", 12),
]
print(columns.map { pad($0.0, $0.1) }.joined())

/// "index / brute" and their ratio, for one kind of operation.
func compare(_ times: (index: [Double], brute: [Double])) -> (String, String) {
    let index = median(times.index)
    let brute = median(times.brute)
    return ("\(fixed(index * 1e6, 2)) / \(fixed(brute * 1e6, 1))", fixed(brute / index, 1))
}

var failed = false
for count in counts {
    let (frames, side) = scene(count: count, seed: 0xC0FFEE &+ UInt64(count))
    var rng = SplitMix64(state: 42)
    let viewports = (0..<500).map { _ in
        Rect(x: rng.uniform(-640, side - 640), y: rng.uniform(-400, side - 400), width: 1280, height: 800)
    }
    let zoomSide = side * 0.1.squareRoot()
    let zoomed = (0..<20).map { _ in
        Rect(x: rng.uniform(0, side - zoomSide), y: rng.uniform(0, side - zoomSide), width: zoomSide, height: zoomSide)
    }
    let points = (0..<500).map { _ in Point(x: rng.uniform(0, side), y: rng.uniform(0, side)) }

    var builds: [Double] = []
    var viewport: (index: [Double], brute: [Double]) = ([], [])
    var zoom: (index: [Double], brute: [Double]) = ([], [])
    var hit: (index: [Double], brute: [Double]) = ([], [])
    var index = SpatialIndex.empty
    for _ in 0..<runs {
        // Drop the previous index first, so builds don't overlap in memory.
        index = .empty
        let start = now()
        index = SpatialIndex(frames: frames)
        builds.append(now() - start)

        let built = index
        let a = timeQueries(viewports) { built.query($0) }
        let b = timeQueries(viewports) { bruteQuery(frames, $0) }
        let c = timeQueries(zoomed) { built.query($0) }
        let d = timeQueries(zoomed) { bruteQuery(frames, $0) }
        let e = timeHits(points) { built.item(at: $0) }
        let f = timeHits(points) { bruteHit(frames, $0) }
        if a.checksum != b.checksum || c.checksum != d.checksum || e.checksum != f.checksum {
            print("MISMATCH at \(count) items: the index and the scan disagree")
            failed = true
        }
        viewport.index.append(a.seconds)
        viewport.brute.append(b.seconds)
        zoom.index.append(c.seconds)
        zoom.brute.append(d.seconds)
        hit.index.append(e.seconds)
        hit.brute.append(f.seconds)
    }
    let build = median(builds)
    let (viewportTimes, viewportRatio) = compare(viewport)
    let (zoomTimes, zoomRatio) = compare(zoom)
    let (hitTimes, hitRatio) = compare(hit)
    let cells = [
        String(count), fixed(build * 1e3, 2), fixed(Double(index.byteCount) / Double(count), 1),
        fixed(index.cellSize.width, 0),
        viewportTimes, viewportRatio, zoomTimes, zoomRatio, hitTimes, hitRatio,
        fixed(build / median(viewport.brute), 1),
    ]
    print(zip(cells, columns).map { pad($0, $1.1) }.joined())
}
print("")
print("build/scan: one build costs this many brute-force viewport scans")
print("B/item: the frames (32 B, shared with the caller) plus cell offsets and entries")
if failed { exit(1) }
