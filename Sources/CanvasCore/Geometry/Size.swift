/// A width and a height, in points.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// True when both sides are finite numbers.
    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The size with every non-finite or negative side replaced by 0.
    ///
    /// Every item size enters the engine through here, so a NaN from a
    /// measurement or a script can never reach a frame.
    public var sanitized: Size {
        Size(width: Self.sanitize(width), height: Self.sanitize(height))
    }

    @inlinable
    static func sanitize(_ side: Double) -> Double {
        side.isFinite && side > 0 ? side : 0
    }

    /// True when `sanitized` would give back this very size, bit for bit
    /// (a -0 side is not: it becomes +0).
    var isSanitized: Bool { Self.isSanitized(width) && Self.isSanitized(height) }

    @inline(__always)
    static func isSanitized(_ side: Double) -> Bool {
        (side.isFinite && side > 0) || side.bitPattern == 0
    }
}
