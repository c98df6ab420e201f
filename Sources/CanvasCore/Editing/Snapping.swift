/// What a snap line lines up with.
public enum GuideKind: String, CaseIterable, Sendable {
    /// An edge of the moving bounds on an edge of another item.
    case edge
    /// The moving bounds' centre on another item's centre.
    case center
    /// The spacing between two neighbours, repeated.
    case gap
    /// A grid line.
    case grid
}

/// A line segment for the host to draw while something snaps.
public struct Guide: Hashable, Sendable {
    public var x1: Double, y1: Double, x2: Double, y2: Double
    public var kind: GuideKind

    public init(x1: Double, y1: Double, x2: Double, y2: Double, kind: GuideKind) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
        self.kind = kind
    }
}

/// What snaps, and how close is close enough.
public struct SnapSettings: Hashable, Sendable {
    /// The grid step in content points; `nil` (or not positive) turns grid snapping off.
    public var grid: Double?
    /// Snap to other items' edges and centres.
    public var items: Bool
    /// Snap to the gap between two neighbours, repeated.
    public var gaps: Bool
    /// How near counts, in screen points (8, as tldraw and Excalidraw use);
    /// in content that is `threshold / zoom`.
    public var threshold: Double

    public static let defaultThreshold = 8.0

    public init(grid: Double? = nil, items: Bool = true, gaps: Bool = true, threshold: Double = defaultThreshold) {
        self.grid = grid
        self.items = items
        self.gaps = gaps
        self.threshold = threshold
    }

    /// The grid step when grid snapping is on.
    public var gridStep: Double? {
        guard let grid, grid > 0, grid.isFinite else { return nil }
        return grid
    }

    public var isOff: Bool { gridStep == nil && !items && !gaps }
}

/// Snapping as pure functions over the moving bounds and the candidate
/// frames the index found near them, split by kind as tldraw splits its
/// snap manager: each kind proposes nudges per axis, `snap` takes the
/// smallest on each axis, then asks every kind which lines hold at the
/// snapped place, and those are the guides.
///
/// All in one coordinate space (the engine uses unzoomed content).
package enum Snapping {
    /// A nudge proposed on one axis.
    struct Proposal {
        var nudge: Double
    }

    /// Nudges closer than this count as the same line, for guides.
    static let sameLine = 1e-6

    /// The offset that snaps `moving`, and the guides to draw there.
    /// - Parameters:
    ///   - moving: the bounds of what moves, where the pointer put them.
    ///   - candidates: other items' frames (not the moving ones).
    ///   - settings: what snaps (grid, items, gaps).
    ///   - threshold: in the same space as the frames.
    public static func snap(
        _ moving: Rect, candidates: [Rect], settings: SnapSettings, threshold: Double
    ) -> (offset: Point, guides: [Guide]) {
        guard moving.isFinite, threshold >= 0, !settings.isOff else { return (.zero, []) }
        var best = (x: Double?.none, y: Double?.none)
        func consider(_ nudges: (x: [Double], y: [Double])) {
            for nudge in nudges.x where abs(nudge) <= threshold && abs(nudge) < abs(best.x ?? .infinity) { best.x = nudge }
            for nudge in nudges.y where abs(nudge) <= threshold && abs(nudge) < abs(best.y ?? .infinity) { best.y = nudge }
        }
        if let step = settings.gridStep { consider(grid(moving, step: step)) }
        if settings.items { consider(points(moving, candidates: candidates, threshold: threshold).nudges) }
        if settings.gaps { consider(gaps(moving, candidates: candidates, threshold: threshold).nudges) }
        let offset = Point(x: best.x ?? 0, y: best.y ?? 0)
        guard best.x != nil || best.y != nil else { return (.zero, []) }
        let snapped = Rect(x: moving.x + offset.x, y: moving.y + offset.y, width: moving.width, height: moving.height)
        // Guides only on an axis that snapped: the other may sit near a line by chance.
        var guides: [Guide] = []
        func keep(_ found: [Guide]) {
            for guide in found {
                let vertical = guide.x1 == guide.x2 && guide.kind != .gap
                let horizontalGap = guide.kind == .gap && guide.y1 == guide.y2
                let onX = vertical || horizontalGap
                if onX ? best.x != nil : best.y != nil { guides.append(guide) }
            }
        }
        if let step = settings.gridStep { keep(gridGuides(snapped, step: step)) }
        if settings.items { keep(points(snapped, candidates: candidates, threshold: sameLine).guides) }
        if settings.gaps { keep(gaps(snapped, candidates: candidates, threshold: sameLine).guides) }
        return (offset, merged(guides))
    }

    // MARK: Grid

    /// The nudges that put the top-left corner on the grid (`g·round(x/g)`).
    static func grid(_ moving: Rect, step: Double) -> (x: [Double], y: [Double]) {
        ([step * (moving.x / step).rounded() - moving.x], [step * (moving.y / step).rounded() - moving.y])
    }

    static func gridGuides(_ moving: Rect, step: Double) -> [Guide] {
        var guides: [Guide] = []
        if abs(step * (moving.x / step).rounded() - moving.x) <= sameLine {
            guides.append(Guide(x1: moving.x, y1: moving.minY, x2: moving.x, y2: moving.maxY, kind: .grid))
        }
        if abs(step * (moving.y / step).rounded() - moving.y) <= sameLine {
            guides.append(Guide(x1: moving.minX, y1: moving.y, x2: moving.maxX, y2: moving.y, kind: .grid))
        }
        return guides
    }

    // MARK: Edges and centres

    /// Edge-to-edge and centre-to-centre nudges within `threshold`, and the
    /// guide each would draw: a line through the shared coordinate spanning
    /// both rectangles.
    static func points(
        _ moving: Rect, candidates: [Rect], threshold: Double
    ) -> (nudges: (x: [Double], y: [Double]), guides: [Guide]) {
        var nudgesX: [Double] = [], nudgesY: [Double] = []
        var guides: [Guide] = []
        let movingX = [(moving.minX, GuideKind.edge), (moving.x + moving.width / 2, .center), (moving.maxX, .edge)]
        let movingY = [(moving.minY, GuideKind.edge), (moving.y + moving.height / 2, .center), (moving.maxY, .edge)]
        for other in candidates where other.isFinite {
            let otherX = [(other.minX, GuideKind.edge), (other.x + other.width / 2, .center), (other.maxX, .edge)]
            let otherY = [(other.minY, GuideKind.edge), (other.y + other.height / 2, .center), (other.maxY, .edge)]
            for (from, kind) in movingX {
                for (to, otherKind) in otherX where otherKind == kind && abs(to - from) <= threshold {
                    nudgesX.append(to - from)
                    guides.append(Guide(x1: to, y1: min(moving.minY, other.minY), x2: to, y2: max(moving.maxY, other.maxY), kind: kind))
                }
            }
            for (from, kind) in movingY {
                for (to, otherKind) in otherY where otherKind == kind && abs(to - from) <= threshold {
                    nudgesY.append(to - from)
                    guides.append(Guide(x1: min(moving.minX, other.minX), y1: to, x2: max(moving.maxX, other.maxX), y2: to, kind: kind))
                }
            }
        }
        return ((nudgesX, nudgesY), guides)
    }

    // MARK: Equal gaps

    /// Nudges that repeat the gap between two neighbours: beyond either of
    /// them, or centred between them. Neighbours count on the x axis when
    /// they overlap the moving bounds vertically (and the other way round),
    /// and a pair counts only with nothing else between them.
    /// Each guide is a gap segment, drawn through the middle of the moving bounds.
    static func gaps(
        _ moving: Rect, candidates: [Rect], threshold: Double
    ) -> (nudges: (x: [Double], y: [Double]), guides: [Guide]) {
        let midX = moving.x + moving.width / 2, midY = moving.y + moving.height / 2
        var rows: [(low: Double, high: Double)] = [], columns: [(low: Double, high: Double)] = []
        for other in candidates where other.isFinite {
            if other.minY < moving.maxY && moving.minY < other.maxY { rows.append((other.minX, other.maxX)) }
            if other.minX < moving.maxX && moving.minX < other.maxX { columns.append((other.minY, other.maxY)) }
        }
        let alongX = axisGaps(moving.minX, moving.maxX, rows, threshold: threshold) { from, to in
            Guide(x1: from, y1: midY, x2: to, y2: midY, kind: .gap)
        }
        let alongY = axisGaps(moving.minY, moving.maxY, columns, threshold: threshold) { from, to in
            Guide(x1: midX, y1: from, x2: midX, y2: to, kind: .gap)
        }
        return ((alongX.nudges, alongY.nudges), alongX.guides + alongY.guides)
    }

    /// One axis of `gaps`: the moving span [`low`, `high`] and the
    /// neighbours' spans on that axis.
    private static func axisGaps(
        _ low: Double, _ high: Double, _ neighbours: [(low: Double, high: Double)], threshold: Double,
        segment: (Double, Double) -> Guide
    ) -> (nudges: [Double], guides: [Guide]) {
        let sorted = neighbours.sorted { $0.low < $1.low }
        var nudges: [Double] = [], guides: [Guide] = []
        let length = high - low
        for i in sorted.indices {
            let a = sorted[i]
            for j in (i + 1)..<sorted.count {
                let b = sorted[j]
                let gap = b.low - a.high
                guard gap > 0 else { continue }
                // Nothing else may sit in the gap.
                var blocked = false
                for k in sorted.indices where k != i && k != j {
                    let other = sorted[k]
                    if other.low >= b.low { break }  // sorted: nothing later starts before b
                    if other.high > a.high { blocked = true; break }
                }
                if blocked { continue }
                let pair = segment(a.high, b.low)
                // Beyond b: moving starts one gap past b's far edge.
                let after = b.high + gap - low
                if abs(after) <= threshold {
                    nudges.append(after)
                    guides += [pair, segment(b.high, b.high + gap)]
                }
                // Before a: moving ends one gap before a's near edge.
                let before = a.low - gap - high
                if abs(before) <= threshold {
                    nudges.append(before)
                    guides += [segment(a.low - gap, a.low), pair]
                }
                // Centred between them, when it fits.
                if gap > length {
                    let side = (gap - length) / 2
                    let centred = a.high + side - low
                    if abs(centred) <= threshold {
                        nudges.append(centred)
                        guides += [segment(a.high, a.high + side), segment(b.low - side, b.low)]
                    }
                }
            }
        }
        return (nudges, guides)
    }

    /// Guides without repeats, in a stable order: edge and centre lines on
    /// the same coordinate become one line spanning them all (each
    /// neighbour would otherwise draw its own piece of it); gap segments stay
    /// as they are.
    static func merged(_ guides: [Guide]) -> [Guide] {
        var result: [Guide] = []
        var line: [Guide: Int] = [:]  // a line's key (kind and coordinate, ends zeroed) -> its slot
        for guide in guides {
            let vertical = guide.x1 == guide.x2
            guard guide.kind != .gap, vertical || guide.y1 == guide.y2 else {
                if !result.contains(guide) { result.append(guide) }
                continue
            }
            let key = vertical
                ? Guide(x1: guide.x1, y1: 0, x2: guide.x1, y2: 0, kind: guide.kind)
                : Guide(x1: 0, y1: guide.y1, x2: 0, y2: guide.y1, kind: guide.kind)
            guard let slot = line[key] else {
                line[key] = result.count
                result.append(guide)
                continue
            }
            var merged = result[slot]
            if vertical {
                merged.y1 = min(merged.y1, guide.y1)
                merged.y2 = max(merged.y2, guide.y2)
            } else {
                merged.x1 = min(merged.x1, guide.x1)
                merged.x2 = max(merged.x2, guide.x2)
            }
            result[slot] = merged
        }
        return result
    }
}
