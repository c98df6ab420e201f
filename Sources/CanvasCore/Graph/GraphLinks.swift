/// The links a graph layout reads: pairs of zero-based item positions, in
/// the order the links were given. Ids are the engine's business; a layout
/// sees positions, as it sees sizes.
public struct GraphLinks: Hashable, Sendable {
    public var sources: [Int]
    public var targets: [Int]
    /// Each link's id when the links come from a canvas (one per link, the
    /// engine's filter already applied, so a host's layout is told them
    /// without filtering the table again); nil otherwise.
    public var ids: [UInt64]?

    public init(sources: [Int], targets: [Int]) {
        precondition(sources.count == targets.count, "one target per source")
        self.sources = sources
        self.targets = targets
        ids = nil
    }

    /// Links with their ids, one per pair.
    public init(sources: [Int], targets: [Int], ids: [UInt64]) {
        precondition(sources.count == targets.count && ids.count == sources.count, "one target and one id per source")
        self.sources = sources
        self.targets = targets
        self.ids = ids
    }

    public init(_ pairs: [(Int, Int)]) {
        self.init(sources: pairs.map(\.0), targets: pairs.map(\.1))
    }

    public var count: Int { sources.count }

    /// The links whose ends are both among `count` items and are not the
    /// same item; a layout ignores the rest.
    func valid(count: Int) -> [(Int, Int)] {
        var pairs: [(Int, Int)] = []
        pairs.reserveCapacity(sources.count)
        for (s, t) in zip(sources, targets) where s != t && s >= 0 && t >= 0 && s < count && t < count {
            pairs.append((s, t))
        }
        return pairs
    }
}

/// Which way a graph layout grows: parents above children (down) or to
/// their leading side (right; mirrored with the rest for right to left).
public enum GraphDirection: Hashable, Sendable {
    case down
    case right
}
