/// A point in a unit square, used to say where something sits inside a
/// larger space: (0, 0) is top-leading, (1, 1) bottom-trailing.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)

    /// The nine named points, by the names the Lua description and the
    /// command line use.
    public static let named: [(name: String, point: UnitPoint)] = [
        ("top_leading", .topLeading), ("top", .top), ("top_trailing", .topTrailing),
        ("leading", .leading), ("center", .center), ("trailing", .trailing),
        ("bottom_leading", .bottomLeading), ("bottom", .bottom), ("bottom_trailing", .bottomTrailing),
    ]

    /// True when both coordinates lie in 0...1.
    public var isInUnitSquare: Bool { (0...1).contains(x) && (0...1).contains(y) }
}
