import Testing
@testable import CanvasCore

/// `sortIndices` puts a query's results back in data order; it picks a
/// bitmap, buckets or a radix sort by how many values there are and how
/// they spread, so each path is checked against the standard library's sort.
@Suite("Sorting query results")
struct SortIndicesTests {
    /// Distinct values, `count` of them, drawn from `range`, in random order.
    private func values(_ count: Int, in range: Range<Int>, seed: UInt64) -> [Int] {
        var rng = SplitMix64(seed: seed)
        var set = Set<Int>()
        while set.count < count { set.insert(Int.random(in: range, using: &rng)) }
        return Array(set).shuffled(using: &rng)
    }

    private func check(_ input: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
        var sorted = input
        sorted.withUnsafeMutableBufferPointer { sortIndices($0) }
        #expect(sorted == input.sorted(), sourceLocation: sourceLocation)
    }

    @Test("A few values: insertion sort")
    func tiny() {
        check([])
        check([7])
        check(values(32, in: 0..<1_000_000, seed: 1))
    }

    @Test("A narrow range: the bitmap")
    func narrow() {
        check(values(200, in: 5000..<12_000, seed: 2))
        check(Array((0..<500).reversed()))
        check(values(64, in: 1_000_000..<1_004_096, seed: 3))
    }

    @Test("Thinly spread over a wide range: buckets, and the radix sort for thousands")
    func wide() {
        for (count, seed) in [(33, 4), (100, 5), (300, 6), (2047, 10), (5000, 7)] {
            check(values(count, in: 0..<(1 << 20), seed: UInt64(seed)))
        }
    }

    @Test("Clustered over a wide range: crowded buckets fall back to the radix sort")
    func clustered() {
        let near = values(150, in: 0..<2000, seed: 8)
        let far = values(150, in: 900_000_000..<900_002_000, seed: 9)
        check(near + far)
        check((far + near).reversed())
    }
}

