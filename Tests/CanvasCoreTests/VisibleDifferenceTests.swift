import Testing
@testable import CanvasCore

/// The diff a pan or a zoom step publishes (what appeared, what
/// disappeared), against a brute force by membership.
@Suite("Visible lists: what appeared and disappeared between two")
struct VisibleDifferenceTests {
    /// An id a position stands for (any one-to-one map will do).
    static func id(_ position: Int) -> UInt64 { UInt64(position) &* 7 &+ 3 }

    static func model(_ now: [Int], _ before: [Int]) -> (appeared: [UInt64], disappeared: [UInt64]) {
        let nowSet = Set(now), beforeSet = Set(before)
        return (now.filter { !beforeSet.contains($0) }.map(id), before.filter { !nowSet.contains($0) }.map(id))
    }

    @Test("by position, as the brute force: any overlap, either list empty, in each list's order")
    func byPosition() {
        var rng = SplitMix64(seed: 20)
        func subset(of count: Int, keeping percent: UInt64) -> [Int] {
            (0..<count).filter { _ in rng.next() % 100 < percent }
        }
        var cases: [([Int], [Int])] = [([], []), ([1, 2, 3], []), ([], [4, 5]), ([1, 2, 3], [1, 2, 3]), ([1, 3, 5], [2, 4, 6])]
        for _ in 0..<300 {
            let count = Int(rng.next() % 400)
            cases.append((subset(of: count, keeping: rng.next() % 101), subset(of: count, keeping: rng.next() % 101)))
        }
        for (now, before) in cases {
            let (appeared, disappeared) = CanvasEngine.difference(now, now.map(Self.id), from: before, before.map(Self.id))
            let expected = Self.model(now, before)
            #expect(appeared == expected.appeared && disappeared == expected.disappeared, "\(now) from \(before)")
        }
    }
}
