/// A set of item positions as one bit each: what a drag moves, asked of
/// every snap candidate every step, where hashing each candidate's id was
/// a tenth of the step (issue 20). A million items take 125 KB.
struct PositionBits: Sendable {
    private var words: [UInt64] = []

    init() {}

    /// The positions given, below `count`.
    init(_ positions: some Sequence<Int>, count: Int) {
        words = [UInt64](repeating: 0, count: (count + 63) / 64)
        for position in positions where position >= 0 && position < count {
            words[position >> 6] |= 1 << UInt64(position & 63)
        }
    }

    var isEmpty: Bool { words.isEmpty }

    @inline(__always)
    func contains(_ position: Int) -> Bool {
        let word = position >> 6
        return position >= 0 && word < words.count && words[word] & (1 << UInt64(position & 63)) != 0
    }
}
