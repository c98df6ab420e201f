// Codable for the geometry values (see CodingSupport.swift for the format).

extension Point: Codable {
    private enum CodingKeys: String, CodingKey { case x, y }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(.x), y: try c.decode(.y))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
    }
}

extension Size: Codable {
    private enum CodingKeys: String, CodingKey { case width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(width: try c.decode(.width), height: try c.decode(.height))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}

extension Rect: Codable {
    private enum CodingKeys: String, CodingKey { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(.x), y: try c.decode(.y), width: try c.decode(.width), height: try c.decode(.height))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
        try c.encode(width, forKey: .width)
        try c.encode(height, forKey: .height)
    }
}

extension Insets: Codable {
    private enum CodingKeys: String, CodingKey { case top, leading, bottom, trailing }

    /// Absent edges are 0, as in `init(top:leading:bottom:trailing:)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(top: try c.decode(.top, or: 0), leading: try c.decode(.leading, or: 0),
                  bottom: try c.decode(.bottom, or: 0), trailing: try c.decode(.trailing, or: 0))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(top, forKey: .top)
        try c.encode(leading, forKey: .leading)
        try c.encode(bottom, forKey: .bottom)
        try c.encode(trailing, forKey: .trailing)
    }
}

extension UnitPoint: Codable {
    private enum CodingKeys: String, CodingKey { case x, y }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x: try c.decode(.x), y: try c.decode(.y))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x, forKey: .x)
        try c.encode(y, forKey: .y)
    }
}

extension LayoutDirection: Codable {
    private static let names: [(Self, String)] = [(.leftToRight, "leftToRight"), (.rightToLeft, "rightToLeft")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}
