// The graph layouts' bench: the tidy tree of a million nodes through the
// resolve pipeline beside the flow layout's pipeline over the same million
// sizes, and the layered layout of 10,000 nodes and 15,000 links with its
// crossings beside a barycentre-only baseline (no transpose) and the count
// the first order left.
//
// The tree and the flow pipeline are each timed in a fresh process of their
// own (this program again, `graph 1 time-tree` / `time-flow`), alternated
// run by run: both cold, each paying its own page faults on the same
// million sizes, neither on pages the other warmed (timed one after the
// other in one process, the second ran on freed pages the first had
// faulted in, and the pairing leaned on which went first).
//
// Usage: canvas-bench graph [runs] [only]   (only: tree | flow | layered |
// layered-baseline | layered-median, to run one phase once under callgrind;
// time-tree | time-flow, one cold resolve's CPU seconds; or json, every row
// as JSON for bench/links.py).

import CanvasCore
import Glibc

/// The thread's CPU time: on a machine shared with other builds, wall time
/// holds the slices the scheduler gives them (a 60 ms layout read 300 ms
/// wall); CPU time does not, and still counts the cache misses.
func cpuNow() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
}

/// glibc's mallopt (malloc.h is not in the Glibc module).
@_silgen_name("mallopt") func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32

/// The CPU seconds one cold resolve took in a fresh process of this
/// program running `graph 1 <phase>`.
func coldRun(_ phase: String) -> Double {
    var path = [CChar](repeating: 0, count: 4096)
    let length = readlink("/proc/self/exe", &path, path.count - 1)
    precondition(length > 0, "cannot find this program")
    let program = String(cString: path)
    guard let pipe = popen("'\(program)' graph 1 \(phase)", "r") else { fatalError("cannot start \(phase)") }
    var output = ""
    var buffer = [CChar](repeating: 0, count: 256)
    while fgets(&buffer, Int32(buffer.count), pipe) != nil {
        output += String(cString: buffer)
    }
    guard pclose(pipe) == 0, let seconds = Double(output.filter { !$0.isWhitespace }) else {
        fatalError("\(phase) printed \(output)")
    }
    return seconds
}

/// A random recursive tree with mixed sizes: node i hangs under a node a
/// short way before it (a geometric reach, as trees grown by appending
/// children have), a tenth of the time under any earlier node.
func benchTree(count: Int, seed: UInt64) -> (sizes: [Size], links: GraphLinks) {
    var rng = SplitMix64(state: seed)
    let sizes = (0..<count).map { _ in Size(width: rng.uniform(20, 120), height: rng.uniform(16, 48)) }
    var sources: [Int] = [], targets: [Int] = []
    sources.reserveCapacity(count)
    targets.reserveCapacity(count)
    for i in 1..<max(count, 1) {
        let far = rng.next() % 10 == 0
        let reach = far ? i : min(i, 1 + Int(rng.next() % 64))
        sources.append(i - 1 - Int(rng.next() % UInt64(reach)))
        targets.append(i)
    }
    return (sizes, GraphLinks(sources: sources, targets: targets))
}

/// A flow chart's shape at scale: each link runs from a node to one a short
/// way after it in the list (1–40 on), one in twenty back to an earlier one
/// (a loop), over mixed card sizes.
func benchDag(nodes: Int, links: Int, seed: UInt64) -> (sizes: [Size], links: GraphLinks) {
    var rng = SplitMix64(state: seed)
    let sizes = (0..<nodes).map { _ in Size(width: rng.uniform(40, 160), height: rng.uniform(20, 60)) }
    var sources: [Int] = [], targets: [Int] = []
    for _ in 0..<links {
        let s = Int(rng.next() % UInt64(nodes))
        let step = 1 + Int(rng.next() % 40)
        let back = rng.next() % 20 == 0
        let t = back ? max(0, s - step) : min(nodes - 1, s + step)
        sources.append(s)
        targets.append(t)
    }
    return (sizes, GraphLinks(sources: sources, targets: targets))
}

func runGraphBench(runs: Int, only: String?) {
    let count = 1_000_000
    let tree = benchTree(count: count, seed: 24)
    let sizes = ItemSizes(tree.sizes)
    let options = ResolveOptions()
    let treeLayout = AnyCanvasLayout(TreeLayout(levelSpacing: 40, siblingSpacing: 16, links: tree.links))
    let flowLayout = AnyCanvasLayout(FlowLayout(horizontalSpacing: 8, verticalSpacing: 8))
    let dag = benchDag(nodes: 10_000, links: 15_000, seed: 24)
    let dagItems = LayoutItems(sizes: dag.sizes)
    var medianLayout = LayeredLayout(links: dag.links)
    medianLayout.coordinates = .medianSweeps

    func timeResolve(_ layout: AnyCanvasLayout) -> Double {
        let start = cpuNow()
        let resolution = try! Resolver.resolve(sizes: sizes, layout: layout, options: options)
        let elapsed = cpuNow() - start
        precondition(resolution.frames.count == count)
        return elapsed
    }
    let json = only == "json"
    if let only, !json {
        switch only {
        case "tree": _ = timeResolve(treeLayout)
        case "flow": _ = timeResolve(flowLayout)
        case "time-tree": print(timeResolve(treeLayout))
        case "time-flow": print(timeResolve(flowLayout))
        case "layered": print(LayeredLayout(links: dag.links).layout(dagItems).crossings)
        case "layered-baseline": print(LayeredLayout(links: dag.links, transpose: false).layout(dagItems).crossings)
        case "layered-median": print(medianLayout.layout(dagItems).crossings)
        default: print("unknown phase \(only)")
        }
        return
    }

    var treeTimes: [Double] = [], flowTimes: [Double] = []
    for run in 0..<runs {
        // Alternate which goes first, so neither always follows the other.
        if run % 2 == 0 {
            flowTimes.append(coldRun("time-flow"))
            treeTimes.append(coldRun("time-tree"))
        } else {
            treeTimes.append(coldRun("time-tree"))
            flowTimes.append(coldRun("time-flow"))
        }
    }
    let flow = median(flowTimes), treeTime = median(treeTimes)
    // Both warm: in this process, with malloc told to keep freed pages
    // (no trimming, no mmap for big blocks), each layout run once untimed,
    // then alternated: both on pages already faulted in.
    _ = glibcMallopt(-3, 32 << 20)  // M_MMAP_THRESHOLD, at its most (32 MiB)
    _ = glibcMallopt(-1, Int32.max)  // M_TRIM_THRESHOLD
    _ = timeResolve(flowLayout)
    _ = timeResolve(treeLayout)
    var warmTree: [Double] = [], warmFlow: [Double] = []
    for run in 0..<runs {
        if run % 2 == 0 {
            warmFlow.append(timeResolve(flowLayout))
            warmTree.append(timeResolve(treeLayout))
        } else {
            warmTree.append(timeResolve(treeLayout))
            warmFlow.append(timeResolve(flowLayout))
        }
    }
    let flowWarm = median(warmFlow), treeWarm = median(warmTree)
    if !json {
        print("Graph layouts; medians of \(runs) runs, the thread's CPU time; cold: tree and flow each in a fresh")
        print("process; warm: alternated in one process on pages already faulted in")
        print("")
        print("| pipeline, 1,000,000 items | cold ms | × flow | warm ms | × flow |")
        print("|---|---:|---:|---:|---:|")
        print("| flow (resolve) | \(fixed(flow * 1e3, 1)) | 1.0 | \(fixed(flowWarm * 1e3, 1)) | 1.0 |")
        print("| tidy tree (resolve) | \(fixed(treeTime * 1e3, 1)) | \(fixed(treeTime / flow, 2)) | \(fixed(treeWarm * 1e3, 1)) | \(fixed(treeWarm / flowWarm, 2)) |")
        print("")
    }

    var layeredTimes: [Double] = [], baselineTimes: [Double] = [], medianTimes: [Double] = []
    var full = LayeredLayout(links: dag.links).layout(dagItems), baseline = full, medianFit = full
    for _ in 0..<runs {
        var start = cpuNow()
        full = LayeredLayout(links: dag.links).layout(dagItems)
        layeredTimes.append(cpuNow() - start)
        start = cpuNow()
        baseline = LayeredLayout(links: dag.links, transpose: false).layout(dagItems)
        baselineTimes.append(cpuNow() - start)
        start = cpuNow()
        medianFit = medianLayout.layout(dagItems)
        medianTimes.append(cpuNow() - start)
    }
    let first = LayeredLayout(links: dag.links, sweeps: 0, transpose: false).layout(dagItems)
    func bends(_ result: LayeredResult) -> Int { result.bends.reduce(0) { $0 + $1.count } }
    /// Of the segments between two bends (a long link's inner run), how many
    /// run straight along the direction.
    func straight(_ result: LayeredResult) -> String {
        var inner = 0, kept = 0
        for chain in result.bends where chain.count > 1 {
            for k in 1..<chain.count {
                inner += 1
                if abs(chain[k].x - chain[k - 1].x) < 1e-6 { kept += 1 }
            }
        }
        return "\(kept) / \(inner)"
    }
    if json {
        func row(_ name: String, _ result: LayeredResult, _ seconds: Double?) -> String {
            var inner = 0, kept = 0
            for chain in result.bends where chain.count > 1 {
                for k in 1..<chain.count {
                    inner += 1
                    if abs(chain[k].x - chain[k - 1].x) < 1e-6 { kept += 1 }
                }
            }
            let time = seconds.map { "\($0)" } ?? "null"
            return "\"\(name)\": {\"seconds\": \(time), \"crossings\": \(result.crossings), \"bends\": \(bends(result)), "
                + "\"inner\": \(inner), \"straight\": \(kept)}"
        }
        print("{\"clock\": \"thread cpu\", \"runs\": \(runs), \"items\": \(count), \"flow_s\": \(flow), \"tree_s\": \(treeTime), \"flow_warm_s\": \(flowWarm), \"tree_warm_s\": \(treeWarm), \"nodes\": 10000, \"edges\": 15000,")
        print(" " + [row("first", first, nil), row("barycentre", baseline, median(baselineTimes)),
                     row("median_fit", medianFit, median(medianTimes)), row("layered", full, median(layeredTimes))]
            .joined(separator: ",\n ") + "}")
        return
    }
    print("| layered, 10,000 nodes, 15,000 links | ms | crossings | bends | inner segments straight |")
    print("|---|---:|---:|---:|---:|")
    print("| first order (no sweeps) | – | \(first.crossings) | \(bends(first)) | \(straight(first)) |")
    print("| barycentre sweeps only | \(fixed(median(baselineTimes) * 1e3, 1)) | \(baseline.crossings) | \(bends(baseline)) | \(straight(baseline)) |")
    print("| sweeps + transpose, median-fit coordinates (before) | \(fixed(median(medianTimes) * 1e3, 1)) | \(medianFit.crossings) | \(bends(medianFit)) | \(straight(medianFit)) |")
    print("| sweeps + transpose, Brandes–Köpf (default) | \(fixed(median(layeredTimes) * 1e3, 1)) | \(full.crossings) | \(bends(full)) | \(straight(full)) |")
}
