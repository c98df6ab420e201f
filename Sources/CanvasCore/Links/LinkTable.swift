/// The links of a canvas, in the order they were given, with their ids
/// indexed. A link's ends are item ids; where the items stand is looked up
/// through the item list when a route is needed, so inserting or removing
/// items never rewrites the links.
public struct LinkTable: Sendable {
    public private(set) var links: [Link] = []
    /// Where each id stands in `links`.
    private var positionByID: [UInt64: Int32] = [:]

    public static let empty = LinkTable()

    public init() {}

    /// - Throws: `.invalidArgument` for an id given twice.
    public init(_ links: [Link]) throws(CanvasError) {
        var table = LinkTable()
        table.positionByID.reserveCapacity(links.count)
        for (position, link) in links.enumerated() {
            guard table.positionByID.updateValue(Int32(position), forKey: link.id) == nil else {
                throw CanvasError(.invalidArgument, "duplicate link id \(link.id)")
            }
        }
        table.links = links
        self = table
    }

    public var count: Int { links.count }
    public var isEmpty: Bool { links.isEmpty }

    public func position(of id: UInt64) -> Int? { positionByID[id].map(Int.init) }

    public func link(_ id: UInt64) -> Link? { position(of: id).map { links[$0] } }

    public subscript(position: Int) -> Link { links[position] }

    /// Inserts links at ascending final positions (as `PlacedItems` does for items).
    mutating func insert(_ placed: PlacedLinks) {
        var merged: [Link] = []
        merged.reserveCapacity(links.count + placed.links.count)
        var old = 0, next = 0
        while merged.count < links.count + placed.links.count {
            if next < placed.positions.count && placed.positions[next] == merged.count {
                merged.append(placed.links[next]); next += 1
            } else {
                merged.append(links[old]); old += 1
            }
        }
        links = merged
        reindex(from: placed.positions.first ?? links.count)
    }

    /// Removes the links at ascending positions.
    mutating func remove(_ placed: PlacedLinks) {
        guard !placed.positions.isEmpty else { return }
        for link in placed.links { positionByID[link.id] = nil }
        var kept: [Link] = []
        kept.reserveCapacity(links.count - placed.positions.count)
        var next = 0
        for (position, link) in links.enumerated() {
            if next < placed.positions.count && placed.positions[next] == position { next += 1; continue }
            kept.append(link)
        }
        links = kept
        reindex(from: placed.positions[0])
    }

    private mutating func reindex(from start: Int) {
        for position in start..<links.count { positionByID[links[position].id] = Int32(position) }
    }

    /// The links at ascending `positions`, for an edit to record.
    func placed(at positions: [Int]) -> PlacedLinks {
        PlacedLinks(positions: positions, links: positions.map { links[$0] })
    }

    /// Positions (ascending) of the links with an end among `ids`.
    func positions(touching ids: Set<UInt64>) -> [Int] {
        guard !ids.isEmpty else { return [] }
        return links.indices.filter { ids.contains(links[$0].source) || ids.contains(links[$0].target) }
    }

    /// Bytes the table holds: the links and the id map (its buckets at the
    /// standard library's 75% load).
    public var byteCount: Int {
        links.capacity * MemoryLayout<Link>.stride
            + positionByID.capacity * 4 / 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
    }
}

/// Links at their positions in the table, ascending: what inserting or
/// removing them records for undo.
struct PlacedLinks: Hashable, Sendable {
    var positions: [Int]
    var links: [Link]
}
