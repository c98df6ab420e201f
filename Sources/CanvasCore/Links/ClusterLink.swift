/// With level of detail on, the links between what a published update
/// draws, when at least one end is drawn inside a cluster: one per pair of
/// drawn things, with how many links join them. Links inside one cluster
/// are not drawn at all; links between two items drawn one by one are the
/// update's `visibleLinks`.
public struct ClusterLink: Hashable, Sendable {
    /// What an end of an aggregated link is drawn as.
    public enum EndKind: Int, Hashable, Sendable {
        /// An item drawn one by one: the end's id is the item's.
        case item = 1
        /// A published cluster: the end's id is the cluster's (`LevelOfDetail.Cluster.id`).
        case cluster = 2
    }

    /// The lesser end, by id then kind (a pair's ends are ordered so each pair comes once).
    public var from: UInt64
    public var to: UInt64
    /// How many links join the two (in either direction).
    public var count: Int
    public var fromKind: EndKind
    public var toKind: EndKind

    public init(from: UInt64, fromKind: EndKind, to: UInt64, toKind: EndKind, count: Int) {
        self.from = from
        self.to = to
        self.count = count
        self.fromKind = fromKind
        self.toKind = toKind
    }

    /// The order of ends and of a list of cluster links: by id, then kind.
    static func precedes(_ a: (UInt64, EndKind), _ b: (UInt64, EndKind)) -> Bool {
        a.0 != b.0 ? a.0 < b.0 : a.1.rawValue < b.1.rawValue
    }
}
