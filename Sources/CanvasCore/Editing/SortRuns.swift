/// Sorts `values`, distinct non-negative indices, ascending, taking
/// advantage of ascending runs: a freshly built `EditableIndex` keeps each
/// cell's entries in data order, so a query's answer is a few ascending
/// runs, one a cell, and merging them pairwise costs ⌈log₂ runs⌉ moves a
/// value, against `sortIndices`'s bucket pass and insertion sort (about
/// forty instructions a value on a screenful of clustered cards; issue 20).
/// With more runs than `mergedRunLimit` (a screenful over many cells, or
/// cells that edits left out of order), or 3 or more runs in a narrow
/// range, it is `sortIndices`.
func sortRuns(_ values: UnsafeMutableBufferPointer<Int>) {
    let count = values.count
    guard count > 32 else {
        sortIndices(values)  // insertion sort, which likes runs too
        return
    }
    // The runs, and the range `sortIndices` needs, in one pass.
    var runs = 1
    var lowest = values[0], highest = values[0]
    for next in 1..<count {
        let value = values[next]
        runs &+= value < values[next &- 1] ? 1 : 0
        lowest = Swift.min(lowest, value)
        highest = Swift.max(highest, value)
    }
    if runs == 1 { return }
    // Values packed in a narrow range (a screenful of one cluster whose
    // cards were given together): the bitmap pass of `sortIndices` costs a
    // few instructions a value, where merging 3 or more runs moves each
    // value twice or more.
    guard runs <= mergedRunLimit, runs <= 2 || highest &- lowest >= 64 &* count else {
        sortIndices(values, lowest: lowest, highest: highest)
        return
    }
    withUnsafeTemporaryAllocation(of: Int.self, capacity: count) { scratch in
        withUnsafeTemporaryAllocation(of: Int.self, capacity: runs + 1) { bounds in
            // Where each run starts, and the end.
            var k = 0
            bounds[0] = 0
            for next in 1..<count where values[next] < values[next &- 1] {
                k &+= 1
                bounds[k] = next
            }
            bounds[runs] = count
            var source = values, target = scratch
            var remaining = runs
            while remaining > 1 {
                var merged = 0
                var run = 0
                while run < remaining {
                    // The last run of an odd count is copied over as it is.
                    let low = bounds[run], middle = bounds[run + 1]
                    let high = run + 2 <= remaining ? bounds[run + 2] : middle
                    mergeRuns(source, target, low, middle, high)
                    bounds[merged] = low
                    merged &+= 1
                    run &+= 2
                }
                bounds[merged] = count
                remaining = merged
                swap(&source, &target)
            }
            if source.baseAddress != values.baseAddress {
                _ = values.update(fromContentsOf: source)
            }
        }
    }
}

/// Past this many runs the passes of merging cost more than `sortIndices`
/// (issue 20: at 16, merging was a quarter of a clustered query's
/// instructions, a screenful of 48 ids in a dozen runs spread over the
/// whole range).
let mergedRunLimit = 4

/// Merges `source[low..<middle]` and `source[middle..<high]`, each
/// ascending, into `target[low..<high]`, without a branch on the values.
@inline(__always)
private func mergeRuns(_ source: UnsafeMutableBufferPointer<Int>, _ target: UnsafeMutableBufferPointer<Int>,
                       _ low: Int, _ middle: Int, _ high: Int) {
    var i = low, j = middle, k = low
    while i < middle && j < high {
        let a = source[i], b = source[j]
        let takeRight = b < a
        target[k] = takeRight ? b : a
        i &+= takeRight ? 0 : 1
        j &+= takeRight ? 1 : 0
        k &+= 1
    }
    while i < middle {
        target[k] = source[i]
        i &+= 1
        k &+= 1
    }
    while j < high {
        target[k] = source[j]
        j &+= 1
        k &+= 1
    }
}
