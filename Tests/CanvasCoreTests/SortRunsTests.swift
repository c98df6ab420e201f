import Testing
@testable import CanvasCore

@Suite("Sorting a query's answer by its runs")
struct SortRunsTests {
    @Test("distinct values in ascending runs (one a cell, as a fresh index answers) or in no order sort as sorted() does", arguments: [101, 102] as [UInt64])
    func matchesSorted(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        for round in 0..<600 {
            let count = [0, 1, 2, 31, 33, 64, 250, 1500, 5000][rng.below(9)]
            // Distinct values spread over a range, dealt into `runs` sorted runs.
            var pool = Set<Int>()
            let range = [count + 1, 4 * count + 8, 1_000_000][rng.below(3)]
            while pool.count < count { pool.insert(rng.below(range)) }
            let runs = [1, 2, 3, 4, 5, 7, 16, 17, 40, count + 1][rng.below(10)]
            var dealt = [[Int]](repeating: [], count: Swift.max(runs, 1))
            for value in pool { dealt[rng.below(dealt.count)].append(value) }
            var values = rng.below(5) == 0 ? Array(pool) : dealt.flatMap { $0.sorted() }
            let expected = values.sorted()
            values.withUnsafeMutableBufferPointer { sortRuns($0) }
            #expect(values == expected, "round \(round): \(count) values in \(runs) runs")
        }
    }
}
