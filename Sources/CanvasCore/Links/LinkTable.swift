/// The links of a canvas, in the order they were given, with their ids
/// indexed. A link's ends are item ids; where the items stand is looked up
/// through the item list when a route is needed, so inserting or removing
/// items never rewrites the links.
///
/// Stored as columns (ids, sources, targets, and style and sides packed in
/// one byte): 25 bytes a link at most, where an array of `Link` pads to 32.
/// Ids that fit in 32 bits take 4 bytes (`IDColumn`); the id map costs
/// nothing when the ids count up from the first (a host's usual numbering),
/// and then the ids column is not kept either (an id is the first plus the
/// position), so such a table holds 9 bytes a link. Closely numbered ids
/// take a 4-byte slot each, others a hash table (`LinkIDMap`).
public struct LinkTable: Sendable {
    /// Empty while `map` counts: the ids are implied by their positions.
    private var ids = IDColumn()
    private var sources = IDColumn()
    private var targets = IDColumn()
    /// Style (2 bits), source side and target side (3 bits each).
    private var looks: [UInt8] = []
    /// Where each id stands.
    private var map = LinkIDMap.counting(from: 0)

    public static let empty = LinkTable()

    public init() {}

    /// - Throws: `.invalidArgument` for an id given twice.
    public init(_ links: [Link]) throws(CanvasError) {
        var table = LinkTable()
        table.ids = IDColumn(links.lazy.map(\.id))
        table.sources = IDColumn(links.lazy.map(\.source))
        table.targets = IDColumn(links.lazy.map(\.target))
        table.looks = links.map(Self.look)
        try table.indexIDs()
        self = table
    }

    /// The links, built afresh from the columns (O(count)).
    public var links: [Link] { (0..<count).map { self[$0] } }

    public var count: Int { looks.count }
    public var isEmpty: Bool { looks.isEmpty }

    public func position(of id: UInt64) -> Int? { map.position(of: id, count: count) }

    /// Builds the id map from the ids column, then lets the column go when
    /// the map counts (every id is then implied by its position).
    private mutating func indexIDs() throws(CanvasError) {
        map = try LinkIDMap(ids)
        if case .counting = map { ids = IDColumn() }
    }

    public func link(_ id: UInt64) -> Link? { position(of: id).map { self[$0] } }

    public subscript(position: Int) -> Link {
        let look = looks[position]
        return Link(id: id(at: position), source: sources[position], target: targets[position],
                    style: Self.styles[Int(look & 3)], sourceSide: Self.sides[Int((look >> 2) & 7)],
                    targetSide: Self.sides[Int(look >> 5)])
    }

    /// The id, source and target of the link at `position`, without building a `Link`.
    func id(at position: Int) -> UInt64 {
        if case .counting(let first) = map { return first &+ UInt64(position) }
        return ids[position]
    }
    func source(at position: Int) -> UInt64 { sources[position] }
    func target(at position: Int) -> UInt64 { targets[position] }

    private static let styles: [LinkStyle] = [.straight, .step, .curve]
    private static let sides: [LinkSide] = [.auto, .top, .bottom, .leading, .trailing]

    private static func look(_ link: Link) -> UInt8 {
        let style: UInt8 = switch link.style { case .straight: 0; case .step: 1; case .curve: 2 }
        func side(_ s: LinkSide) -> UInt8 {
            switch s { case .auto: 0; case .top: 1; case .bottom: 2; case .leading: 3; case .trailing: 4 }
        }
        return style | side(link.sourceSide) << 2 | side(link.targetSide) << 5
    }

    /// Inserts links at ascending final positions (as `PlacedItems` does for items).
    mutating func insert(_ placed: PlacedLinks) {
        let total = count + placed.links.count
        var merged = LinkTable()
        merged.reserve(total)
        var old = 0, next = 0
        while merged.count < total {
            if next < placed.positions.count && placed.positions[next] == merged.count {
                merged.append(placed.links[next]); next += 1
            } else {
                merged.append(from: self, old); old += 1
            }
        }
        // The ids were checked unique by the caller.
        if (try? merged.indexIDs()) == nil { merged.map = .counting(from: 0) }
        self = merged
    }

    /// Removes the links at ascending positions.
    mutating func remove(_ placed: PlacedLinks) {
        guard !placed.positions.isEmpty else { return }
        var kept = LinkTable()
        kept.reserve(count - placed.positions.count)
        var next = 0
        for position in 0..<count {
            if next < placed.positions.count && placed.positions[next] == position { next += 1; continue }
            kept.append(from: self, position)
        }
        if (try? kept.indexIDs()) == nil { kept.map = .counting(from: 0) }
        self = kept
    }

    private mutating func reserve(_ capacity: Int) {
        ids.reserveCapacity(capacity)
        sources.reserveCapacity(capacity)
        targets.reserveCapacity(capacity)
        looks.reserveCapacity(capacity)
    }

    private mutating func append(_ link: Link) {
        ids.append(link.id)
        sources.append(link.source)
        targets.append(link.target)
        looks.append(Self.look(link))
    }

    private mutating func append(from other: LinkTable, _ position: Int) {
        ids.append(other.id(at: position))
        sources.append(other.sources[position])
        targets.append(other.targets[position])
        looks.append(other.looks[position])
    }

    /// The links at ascending `positions`, for an edit to record.
    func placed(at positions: [Int]) -> PlacedLinks {
        PlacedLinks(positions: positions, links: positions.map { self[$0] })
    }

    /// Positions (ascending) of the links with an end among `ids`.
    func positions(touching ids: Set<UInt64>) -> [Int] {
        guard !ids.isEmpty else { return [] }
        if ids.count == 1, let id = ids.first {  // one item removed: no hashing a link
            return (0..<count).filter { sources[$0] == id || targets[$0] == id }
        }
        // A bit per id, about 16 bits an id (small enough to stay in cache):
        // most links are told apart by two bit tests, not two hashes.
        var shift = 64
        while (1 << (64 - shift)) < ids.count * 16 { shift -= 1 }
        var filter = [UInt64](repeating: 0, count: Swift.max(1, (1 << (64 - shift)) / 64))
        func bit(_ id: UInt64) -> Int { shift == 64 ? 0 : Int(truncatingIfNeeded: (id &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift)) }
        for id in ids { let b = bit(id); filter[b >> 6] |= 1 << UInt64(b & 63) }
        func maybe(_ id: UInt64) -> Bool { let b = bit(id); return filter[b >> 6] & (1 << UInt64(b & 63)) != 0 }
        return (0..<count).filter {
            let s = sources[$0], t = targets[$0]
            return (maybe(s) && ids.contains(s)) || (maybe(t) && ids.contains(t))
        }
    }

    /// Bytes the table holds: the columns and the id map.
    public var byteCount: Int {
        ids.byteCount + sources.byteCount + targets.byteCount + looks.capacity + map.byteCount
    }
}

/// Where each link id stands in the table, in the least memory its ids allow.
enum LinkIDMap: Sendable {
    /// The ids are `first`, `first + 1`, … in table order: a position is a subtraction.
    case counting(from: UInt64)
    /// The ids lie within `base ..< base + slots.count` (at most about twice
    /// as many slots as ids): a slot holds the position, or -1.
    case slots(base: UInt64, [Int32])
    /// Any other ids.
    case hashed([UInt64: Int32])

    /// - Throws: `.invalidArgument` for an id given twice.
    init(_ ids: IDColumn) throws(CanvasError) {
        guard ids.count > 0 else { self = .counting(from: 0); return }
        let first = ids[0]
        if UInt64(ids.count) <= UInt64.max - first, (0..<ids.count).allSatisfy({ ids[$0] == first &+ UInt64($0) }) {
            self = .counting(from: first)
            return
        }
        var low = first, high = first
        for position in 0..<ids.count {
            let id = ids[position]
            low = min(low, id)
            high = max(high, id)
        }
        if high - low < UInt64(2 * ids.count + 64) {
            var slots = [Int32](repeating: -1, count: Int(high - low) + 1)
            for position in 0..<ids.count {
                let id = ids[position], slot = Int(id - low)
                guard slots[slot] < 0 else { throw CanvasError(.invalidArgument, "duplicate link id \(id)") }
                slots[slot] = Int32(position)
            }
            self = .slots(base: low, slots)
            return
        }
        var table: [UInt64: Int32] = [:]
        table.reserveCapacity(ids.count)
        for position in 0..<ids.count {
            let id = ids[position]
            guard table.updateValue(Int32(position), forKey: id) == nil else {
                throw CanvasError(.invalidArgument, "duplicate link id \(id)")
            }
        }
        self = .hashed(table)
    }

    func position(of id: UInt64, count: Int) -> Int? {
        switch self {
        case .counting(let first):
            guard id >= first, id - first < UInt64(count) else { return nil }
            return Int(id - first)
        case .slots(let base, let slots):
            guard id >= base, id - base < UInt64(slots.count) else { return nil }
            let position = slots[Int(id - base)]
            return position < 0 ? nil : Int(position)
        case .hashed(let table):
            return table[id].map(Int.init)
        }
    }

    /// Bytes the map holds (a hash table's buckets at the standard library's 75% load).
    var byteCount: Int {
        switch self {
        case .counting: 0
        case .slots(_, let slots): slots.capacity * 4
        case .hashed(let table): table.capacity * 4 / 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)
        }
    }
}

/// Links at their positions in the table, ascending: what inserting or
/// removing them records for undo.
struct PlacedLinks: Hashable, Sendable {
    var positions: [Int]
    var links: [Link]
}
