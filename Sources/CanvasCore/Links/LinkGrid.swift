/// The culling index over the links' route bounds, in 12 to 16 bytes a
/// link: each link is kept once, in the cell of its bounds' lower corner
/// (a point-keyed grid), with its bounds as four 16-bit steps from that
/// cell's corner. A query widens its rectangle downwards by the largest
/// bounds' sides, so a link keyed left of or above it is still found.
///
/// Links are sorted into levels by the larger side of their bounds (level
/// *k* holds sides up to twice the typical side times 2^*k*), each level a
/// grid of its own over its links' corners: one long link widens only its
/// level's queries, not the near-neighbour links' of level 0.
///
/// The 16-bit bounds are rounded, so each side is known within the level's
/// `slack`: a link whose rounded bounds miss the query by more than that is
/// out, one that meets it with that much to spare is in, and only a link
/// whose side lies within the slack of the query's edge (about 1/32,000 of a
/// cell) asks its exact bounds (recomputed from its ends' frames, as the
/// build computed them). So the answer is exactly the one the exact bounds
/// give, at any zoom (the zoom maps coordinates monotonically).
struct LinkGrid: Sendable {
    /// A link in its cell: its position in the table and its bounds, as
    /// steps of the level's quantum from the cell's corner.
    struct Reach: Sendable {
        var x: UInt16
        var y: UInt16
    }

    struct Entry: Sendable {
        var position: UInt32
        var minX: UInt16
        var minY: UInt16
        var maxX: UInt16
        var maxY: UInt16
    }

    /// One level's grid: `columns × rows` square cells of `side` from
    /// (`originX`, `originY`), the least corner among its links.
    struct Level: Sendable {
        var originX: Double
        var originY: Double
        var side: Double
        var columns: Int
        var rows: Int
        /// Where the level's cells start in `cellStart`.
        var cellBase: Int
        /// The largest width and height among the level's bounds.
        var maxWidth: Double
        var maxHeight: Double
        var stepX: Double
        var stepY: Double
        /// How far a decoded side may lie from the exact one.
        var slackX: Double
        var slackY: Double
        /// The coordinates are too large to round safely: every link of the
        /// level is checked against its exact bounds.
        var exactOnly: Bool

        /// The column (row) of a coordinate, clamped to −1…`columns`.
        @inline(__always) func column(_ x: Double) -> Int { Self.slot((x - originX) / side, columns) }
        @inline(__always) func row(_ y: Double) -> Int { Self.slot((y - originY) / side, rows) }

        @inline(__always) static func slot(_ value: Double, _ count: Int) -> Int {
            LinkGrid.floor(value, -1, count)
        }
    }

    private(set) var levels: [Level] = []
    /// Every level's cells, flat: level `l`'s cell `c` holds
    /// `entries[cellStart[l.cellBase + c] ..< cellStart[l.cellBase + c + 1]]`,
    /// ascending by position.
    private var cellStart: [UInt32] = []
    /// How far each cell's links reach right and down, in its level's
    /// steps from the cell's corner (their largest `maxX` and `maxY`): a
    /// cell the widened query takes in is skipped when none reaches it.
    private var reach: [Reach] = []
    private var entries: [Entry] = []

    /// The steps a level's cell plus its largest side are cut into: below
    /// 65,535, so rounding near the far edge never runs out of steps.
    static let steps = 65_000.0
    static let levelLimit = 48
    /// Cells a level may have per link it holds (so about 2 bytes a link):
    /// a level's cells double until they fit.
    static let linksPerCell = 2

    init() {}

    /// Indexes `bounds` (by link position); bounds that are not finite or
    /// have no area are never found.
    init(bounds: [Rect]) {
        precondition(bounds.count < Int(UInt32.max), "too many links for a 32-bit link index")
        let base = Self.typicalSide(bounds)
        guard base > 0 else { return }
        struct Gather {
            var count = 0
            var minX = Double.infinity, minY = Double.infinity
            var maxX = -Double.infinity, maxY = -Double.infinity
            var maxWidth = 0.0, maxHeight = 0.0
        }
        var gathered = [Gather](repeating: Gather(), count: Self.levelLimit)
        for b in bounds where SpatialIndex.isIndexable(b) {
            let k = Self.level(of: b, base: base)
            gathered[k].count += 1
            gathered[k].minX = Swift.min(gathered[k].minX, b.x)
            gathered[k].minY = Swift.min(gathered[k].minY, b.y)
            gathered[k].maxX = Swift.max(gathered[k].maxX, b.x)
            gathered[k].maxY = Swift.max(gathered[k].maxY, b.y)
            gathered[k].maxWidth = Swift.max(gathered[k].maxWidth, b.width)
            gathered[k].maxHeight = Swift.max(gathered[k].maxHeight, b.height)
        }
        // Each level's shape; `slot[k]` is its place in `levels` (or −1).
        var slot = [Int](repeating: -1, count: Self.levelLimit)
        var cells = 0
        var side = base
        for k in 0..<Self.levelLimit {
            defer { side += side }
            let g = gathered[k]
            guard g.count > 0 else { continue }
            let spanX = Swift.min(g.maxX - g.minX, .greatestFiniteMagnitude)
            let spanY = Swift.min(g.maxY - g.minY, .greatestFiniteMagnitude)
            let limit = Double(Swift.max(16, g.count / Self.linksPerCell))
            var levelSide = Swift.min(side, .greatestFiniteMagnitude)
            var columns = 1.0, rows = 1.0
            while true {
                columns = (spanX / levelSide).rounded(.down) + 1
                rows = (spanY / levelSide).rounded(.down) + 1
                if columns * rows <= limit || levelSide > .greatestFiniteMagnitude / 2 { break }
                levelSide += levelSide
            }
            if !(columns * rows <= limit) { columns = 1; rows = 1 }  // only at the largest doubles
            let stepX = (levelSide + g.maxWidth) / Self.steps
            let stepY = (levelSide + g.maxHeight) / Self.steps
            // Rounding in the corners' and the decoded sides' arithmetic:
            // a few units in the last place of the largest coordinate.
            let magnitudeX = Swift.max(abs(g.minX), abs(g.maxX) + levelSide + g.maxWidth)
            let magnitudeY = Swift.max(abs(g.minY), abs(g.maxY) + levelSide + g.maxHeight)
            let slackX = stepX + 8 * magnitudeX.ulp, slackY = stepY + 8 * magnitudeY.ulp
            let exactOnly = !(4 * magnitudeX).isFinite || !(4 * magnitudeY).isFinite
                || !slackX.isFinite || !slackY.isFinite || !(stepX > 0) || !(stepY > 0)
            slot[k] = levels.count
            levels.append(Level(originX: g.minX, originY: g.minY, side: levelSide,
                                columns: Int(columns), rows: Int(rows), cellBase: cells,
                                maxWidth: g.maxWidth, maxHeight: g.maxHeight, stepX: stepX, stepY: stepY,
                                slackX: slackX, slackY: slackY, exactOnly: exactOnly))
            cells += Int(columns) * Int(rows)
        }
        // Counted, turned into each cell's end, then filled walking
        // backwards (each link decrementing its cell's end), so each cell's
        // links come out ascending with no second cursor array.
        let levels = self.levels
        var starts = [UInt32].large(count: cells + 1) { $0.initialize(repeating: 0) }
        starts.withUnsafeMutableBufferPointer { starts in
            for b in bounds where SpatialIndex.isIndexable(b) {
                let level = levels[slot[Self.level(of: b, base: base)]]
                starts[level.cellBase + Self.cell(of: b, in: level)] += 1
            }
            var total: UInt32 = 0
            for cell in 0..<cells {
                total += starts[cell]
                starts[cell] = total
            }
            starts[cells] = total
        }
        let total = Int(starts[cells])
        entries = [Entry].large(count: total) { entries in
            starts.withUnsafeMutableBufferPointer { starts in
                var position = bounds.count
                while position > 0 {
                    position -= 1
                    let b = bounds[position]
                    guard SpatialIndex.isIndexable(b) else { continue }
                    let level = levels[slot[Self.level(of: b, base: base)]]
                    let cell = Self.cell(of: b, in: level)
                    starts[level.cellBase + cell] -= 1
                    entries.initializeElement(at: Int(starts[level.cellBase + cell]),
                                              to: Self.entry(b, position: position, cell: cell, in: level))
                }
            }
        }
        cellStart = starts
        var reach = [Reach].large(count: cells) { $0.initialize(repeating: Reach(x: 0, y: 0)) }
        for level in levels {
            for cell in level.cellBase..<(level.cellBase + level.columns * level.rows) {
                for slot in Int(starts[cell])..<Int(starts[cell + 1]) {
                    reach[cell].x = Swift.max(reach[cell].x, entries[slot].maxX)
                    reach[cell].y = Swift.max(reach[cell].y, entries[slot].maxY)
                }
            }
        }
        self.reach = reach
    }

    /// Twice the median of the larger side of the bounds (of an even
    /// sample past 65,536), the side of level 0.
    static func typicalSide(_ bounds: [Rect]) -> Double {
        let stride = Swift.max(1, bounds.count / SpatialIndex.sizeSampleLimit)
        var sides: [Double] = []
        sides.reserveCapacity(bounds.count / stride + 1)
        for position in Swift.stride(from: 0, to: bounds.count, by: stride) where SpatialIndex.isIndexable(bounds[position]) {
            sides.append(Swift.max(bounds[position].width, bounds[position].height))
        }
        if sides.isEmpty {
            for b in bounds where SpatialIndex.isIndexable(b) { sides.append(Swift.max(b.width, b.height)) }
        }
        guard !sides.isEmpty else { return 0 }
        return selectValue(atRank: sides.count / 2, in: &sides)
    }

    /// The level of a link's bounds: the first whose side limit holds the larger side.
    @inline(__always) static func level(of b: Rect, base: Double) -> Int {
        let side = Swift.max(b.width, b.height)
        var k = 0, limit = base
        while side > limit && k < levelLimit - 1 {
            limit += limit
            k += 1
        }
        return k
    }

    /// The cell (row-major) of a link's lower corner; the corner lies at or
    /// past the level's origin, so the division is never negative.
    @inline(__always) static func cell(of b: Rect, in level: Level) -> Int {
        let column = Swift.min(Swift.max(level.column(b.x), 0), level.columns - 1)
        let row = Swift.min(Swift.max(level.row(b.y), 0), level.rows - 1)
        return row * level.columns + column
    }

    static func entry(_ b: Rect, position: Int, cell: Int, in level: Level) -> Entry {
        guard !level.exactOnly else { return Entry(position: UInt32(position), minX: 0, minY: 0, maxX: 0, maxY: 0) }
        let (x, y) = corner(cell, in: level)
        func steps(_ value: Double, _ from: Double, _ step: Double) -> UInt16 {
            UInt16(Swift.max(0, Swift.min(((value - from) / step).rounded(), 65_535)))
        }
        return Entry(position: UInt32(position),
                     minX: steps(b.x, x, level.stepX), minY: steps(b.y, y, level.stepY),
                     maxX: steps(b.x + b.width, x, level.stepX), maxY: steps(b.y + b.height, y, level.stepY))
    }

    /// The corner of a cell: computed alike when building and querying, so
    /// the decoded sides are the encoded ones.
    @inline(__always) static func corner(_ cell: Int, in level: Level) -> (x: Double, y: Double) {
        let row = cell / level.columns, column = cell - row * level.columns
        return (level.originX + Double(column) * level.side, level.originY + Double(row) * level.side)
    }

    /// Positions (ascending) of the links whose bounds, mapped by `zoom`,
    /// meet `rect`. `cover` is `rect` unzoomed (or wider); `exact` decides a
    /// link the rounded bounds leave in doubt.
    func query(_ rect: Rect, cover: Rect, zoom: ZoomTransform, exact: (Int) -> Bool) -> [Int] {
        guard !levels.isEmpty, rect.isFinite, cover.isFinite else { return [] }
        let sx = zoom.scalesX ? zoom.scale : 1, sy = zoom.scalesY ? zoom.scale : 1
        let rectMaxX = rect.x + rect.width, rectMaxY = rect.y + rect.height
        var result: [Int] = []
        result.reserveCapacity(256)
        // The rectangle's edges, unzoomed, for the whole-step tests below.
        let left = rect.x / sx, right = rectMaxX / sx, top = rect.y / sy, bottom = rectMaxY / sy
        func scan(
            _ level: Level, _ starts: UnsafeBufferPointer<UInt32>, _ reach: UnsafeBufferPointer<Reach>,
            _ entries: UnsafeBufferPointer<Entry>, into result: inout [Int],
            decide: (Int, Entry, Double, Double) -> Bool
        ) {
            // Corners from the cover's left less the widest link, to its right.
            var c0 = 0, c1 = level.columns - 1, r0 = 0, r1 = level.rows - 1
            if !level.exactOnly {
                c0 = Swift.max(level.column(cover.x - level.maxWidth - level.slackX), 0)
                c1 = Swift.min(level.column(cover.x + cover.width), level.columns - 1)
                r0 = Swift.max(level.row(cover.y - level.maxHeight - level.slackY), 0)
                r1 = Swift.min(level.row(cover.y + cover.height), level.rows - 1)
            }
            guard c0 <= c1, r0 <= r1 else { return }
            // Whole steps of doubt around each edge: the slack, and the
            // rounding of the edges' division and of the thresholds.
            let marginX = level.slackX / level.stepX + 2, marginY = level.slackY / level.stepY + 2
            @inline(__always) func steps(_ value: Double) -> Int { LinkGrid.floor(value, -4, 65_540) }
            for row in r0...r1 {
                let base = level.cellBase + row * level.columns
                let y = level.originY + Double(row) * level.side
                // Out: above the top edge or below the bottom; in: well inside both.
                let outBelow = steps((bottom - y) / level.stepY + marginY) + 1, inAbove = steps((bottom - y) / level.stepY - marginY)
                let outAbove = steps((top - y) / level.stepY - marginY), inBelow = steps((top - y) / level.stepY + marginY) + 1
                for column in c0...c1 {
                    let cell = base + column
                    let range = Int(starts[cell])..<Int(starts[cell + 1])
                    guard !range.isEmpty else { continue }
                    if level.exactOnly {
                        for slot in range where exact(Int(entries[slot].position)) { result.append(Int(entries[slot].position)) }
                        continue
                    }
                    let x = level.originX + Double(column) * level.side
                    let outRight = steps((right - x) / level.stepX + marginX) + 1, inLeft = steps((right - x) / level.stepX - marginX)
                    let outLeft = steps((left - x) / level.stepX - marginX), inRight = steps((left - x) / level.stepX + marginX) + 1
                    guard Int(reach[cell].x) > outLeft, Int(reach[cell].y) > outAbove else { continue }
                    for slot in range {
                        let e = entries[slot]
                        let minX = Int(e.minX), maxX = Int(e.maxX), minY = Int(e.minY), maxY = Int(e.maxY)
                        // Whole steps first: most links are clearly out or in.
                        if minX >= outRight || maxX <= outLeft || minY >= outBelow || maxY <= outAbove { continue }
                        if minX <= inLeft && maxX >= inRight && minY <= inAbove && maxY >= inBelow {
                            result.append(Int(e.position))
                            continue
                        }
                        if decide(Int(e.position), e, x, y) { result.append(Int(e.position)) }
                    }
                }
            }
        }
        cellStart.withUnsafeBufferPointer { starts in
            reach.withUnsafeBufferPointer { reach in
                entries.withUnsafeBufferPointer { entries in
                    for level in levels {
                        scan(level, starts, reach, entries, into: &result) { position, e, x, y in
                            // Decoded, out with the slack on the link's side; in with it against.
                            let ex = level.slackX, ey = level.slackY
                            let x0 = x + Double(e.minX) * level.stepX, x1 = x + Double(e.maxX) * level.stepX
                            let y0 = y + Double(e.minY) * level.stepY, y1 = y + Double(e.maxY) * level.stepY
                            guard (x0 - ex) * sx < rectMaxX, rect.x < (x1 + ex) * sx,
                                  (y0 - ey) * sy < rectMaxY, rect.y < (y1 + ey) * sy else { return false }
                            if (x0 + ex) * sx < rectMaxX, rect.x < (x1 - ex) * sx,
                               (y0 + ey) * sy < rectMaxY, rect.y < (y1 - ey) * sy {
                                return true
                            }
                            return exact(position)
                        }
                    }
                }
            }
        }
        if result.count > 1 { result.withUnsafeMutableBufferPointer { sortIndices($0) } }
        return result
    }

    /// `value` rounded down and clamped to `low...high` (NaN gives `low`),
    /// without the call `rounded(.down)` makes.
    @inline(__always) static func floor(_ value: Double, _ low: Int, _ high: Int) -> Int {
        guard value > Double(low) else { return low }
        guard value < Double(high) else { return high }
        let truncated = Int(value)
        return Double(truncated) > value ? truncated - 1 : truncated
    }

    /// Links indexed.
    var count: Int { entries.count }

    /// Bytes the index holds.
    var byteCount: Int {
        cellStart.capacity * MemoryLayout<UInt32>.stride + entries.capacity * MemoryLayout<Entry>.stride
            + reach.capacity * MemoryLayout<Reach>.stride
            + levels.capacity * MemoryLayout<Level>.stride
    }
}
