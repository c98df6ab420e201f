/// A pattern behind the items, drawn as one small repeated tile instead of
/// a content-sized bitmap (6000 × 6000 points at 3x would be over a gigabyte).
public enum Backdrop: Hashable, Sendable {
    case none
    /// A dot of `radius` centered in each `spacing` × `spacing` tile.
    case dots(spacing: Double, radius: Double)
    /// Lines along each tile's top and left edges.
    case grid(spacing: Double, lineWidth: Double)

    /// The tile side: the spacing, at least 1.
    public var tileSide: Double {
        switch self {
        case .none: 0
        case .dots(let spacing, _), .grid(let spacing, _): max(1, spacing)
        }
    }

    /// The shapes inside one tile, in tile coordinates: for dots one circle
    /// (as its bounding square), for a grid the top and left lines.
    public var tileShapes: [Rect] {
        let side = tileSide
        switch self {
        case .none:
            return []
        case .dots(_, let radius):
            return [Rect(x: side / 2 - radius, y: side / 2 - radius, width: 2 * radius, height: 2 * radius)]
        case .grid(_, let lineWidth):
            let width = lineWidth > 0 ? lineWidth : 0.5  // a hairline, never invisible
            return [Rect(x: 0, y: 0, width: side, height: width), Rect(x: 0, y: 0, width: width, height: side)]
        }
    }

    /// The tiles covering `rect` (content coordinates): the phase is how far
    /// `rect` starts into its first tile, and the origins run row by row.
    /// Empty for `.none`, an empty or non-finite rect.
    ///
    /// The loops count tiles with integers, never by stepping a double: far
    /// from the origin `column + 1` no longer changes a double, and such a
    /// loop never ends. Origins are listed only while every tile index along
    /// the rect lies within ±2^52 (`maximumTileIndex`; beyond it neighbouring
    /// tile origins are no longer distinct doubles) and at most a million
    /// tiles are needed; otherwise the list is empty and a host draws the
    /// pattern with the phase, which stays exact at any distance.
    public func tiles(covering rect: Rect) -> BackdropTiles {
        let side = tileSide
        guard side > 0, rect.isFinite, !rect.isEmpty else {
            return BackdropTiles(side: side, phase: .zero, origins: [])
        }
        let firstColumn = (rect.minX / side).rounded(.down)
        let firstRow = (rect.minY / side).rounded(.down)
        let lastColumn = (rect.maxX / side).rounded(.up)
        let lastRow = (rect.maxY / side).rounded(.up)
        let limit = Self.maximumTileIndex
        let inRange = [firstColumn, firstRow, lastColumn, lastRow].allSatisfy { $0.isFinite && abs($0) <= limit }
        var origins: [Point] = []
        if inRange, (lastColumn - firstColumn) * (lastRow - firstRow) <= Double(Self.maximumOrigins) {
            let columns = Int(lastColumn - firstColumn), rows = Int(lastRow - firstRow)
            origins.reserveCapacity(columns * rows)
            for row in 0..<rows {
                let y = (firstRow + Double(row)) * side
                for column in 0..<columns {
                    origins.append(Point(x: (firstColumn + Double(column)) * side, y: y))
                }
            }
        }
        let phase = inRange
            ? Point(x: rect.minX - firstColumn * side, y: rect.minY - firstRow * side)
            : Point(x: Self.phase(rect.minX, side), y: Self.phase(rect.minY, side))
        return BackdropTiles(side: side, phase: phase, origins: origins)
    }

    /// The largest tile index (a coordinate over the side) origins are listed for: 2^52.
    public static let maximumTileIndex = 0x1p52
    /// The most origins listed for one rect.
    public static let maximumOrigins = 1_000_000

    /// How far `coordinate` lies into its tile, in 0..<side, exactly (the
    /// IEEE remainder is exact at any magnitude).
    static func phase(_ coordinate: Double, _ side: Double) -> Double {
        let remainder = coordinate.remainder(dividingBy: side)
        let phase = remainder < 0 ? remainder + side : remainder
        return phase < side ? phase : 0
    }
}

/// The backdrop tiles that cover a rectangle.
public struct BackdropTiles: Hashable, Sendable {
    /// The tile side, in points.
    public var side: Double
    /// How far the rectangle starts into its first tile, each in 0..<side:
    /// a host drawing a repeated pattern shifts it by minus this.
    public var phase: Point
    /// The top-left corners of the covering tiles, row by row. Empty when
    /// more than a million would be needed, or the rect lies more than 2^52
    /// tiles from the origin (draw with the phase instead).
    public var origins: [Point]
}
