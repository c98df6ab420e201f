// Codable for the built-in layouts: each decodes from its defaults, so a
// value names only what differs from them (see CodingSupport.swift).

extension FlowLayout.VerticalAlignment: Codable {
    private static let names: [(Self, String)] = [(.top, "top"), (.center, "center"), (.bottom, "bottom")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension FlowLayout: Codable {
    private enum CodingKeys: String, CodingKey { case horizontalSpacing, verticalSpacing, alignment, maxWidth }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        horizontalSpacing = try c.decode(.horizontalSpacing, or: horizontalSpacing)
        verticalSpacing = try c.decode(.verticalSpacing, or: verticalSpacing)
        alignment = try c.decode(.alignment, or: alignment)
        maxWidth = try c.decodeIfPresent(Double.self, forKey: .maxWidth)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(horizontalSpacing, forKey: .horizontalSpacing)
        try c.encode(verticalSpacing, forKey: .verticalSpacing)
        try c.encode(alignment, forKey: .alignment)
        try c.encodeIfPresent(maxWidth, forKey: .maxWidth)
    }
}

extension GridLayout: Codable {
    private enum CodingKeys: String, CodingKey { case columns, horizontalSpacing, verticalSpacing, alignment }

    /// `columns` is required, as in `init(columns:…)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(columns: try c.decode(.columns))
        horizontalSpacing = try c.decode(.horizontalSpacing, or: horizontalSpacing)
        verticalSpacing = try c.decode(.verticalSpacing, or: verticalSpacing)
        alignment = try c.decode(.alignment, or: alignment)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(columns, forKey: .columns)
        try c.encode(horizontalSpacing, forKey: .horizontalSpacing)
        try c.encode(verticalSpacing, forKey: .verticalSpacing)
        try c.encode(alignment, forKey: .alignment)
    }
}

extension GraphLinks: Codable {
    private enum CodingKeys: String, CodingKey { case sources, targets, ids }

    /// Absent lists are empty; lists of different lengths are kept as they
    /// are (the layouts use the valid pairs, as for any `GraphLinks`); ids
    /// only when given.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(sources: try c.decode(.sources, or: []), targets: try c.decode(.targets, or: []))
        ids = try c.decodeIfPresent([UInt64].self, forKey: .ids)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(sources, forKey: .sources)
        try c.encode(targets, forKey: .targets)
        try c.encodeIfPresent(ids, forKey: .ids)
    }
}

extension GraphDirection: Codable {
    private static let names: [(Self, String)] = [(.down, "down"), (.right, "right")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension LayeredCoordinates: Codable {
    private static let names: [(Self, String)] = [(.brandesKoepf, "brandesKoepf"), (.medianSweeps, "medianSweeps")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension TreeLayout.Direction: Codable {
    private static let names: [(Self, String)] = [(.down, "down"), (.right, "right"), (.radial, "radial")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension TreeLayout: Codable {
    private enum CodingKeys: String, CodingKey { case direction, levelSpacing, siblingSpacing, links }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        direction = try c.decode(.direction, or: direction)
        levelSpacing = try c.decode(.levelSpacing, or: levelSpacing)
        siblingSpacing = try c.decode(.siblingSpacing, or: siblingSpacing)
        links = try c.decode(.links, or: links)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(direction, forKey: .direction)
        try c.encode(levelSpacing, forKey: .levelSpacing)
        try c.encode(siblingSpacing, forKey: .siblingSpacing)
        try c.encode(links, forKey: .links)
    }
}

extension LayeredLayout: Codable {
    private enum CodingKeys: String, CodingKey { case direction, rankSpacing, nodeSpacing, links, sweeps, transpose, coordinates }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        direction = try c.decode(.direction, or: direction)
        rankSpacing = try c.decode(.rankSpacing, or: rankSpacing)
        nodeSpacing = try c.decode(.nodeSpacing, or: nodeSpacing)
        links = try c.decode(.links, or: links)
        sweeps = try c.decode(.sweeps, or: sweeps)
        transpose = try c.decode(.transpose, or: transpose)
        coordinates = try c.decode(.coordinates, or: coordinates)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(direction, forKey: .direction)
        try c.encode(rankSpacing, forKey: .rankSpacing)
        try c.encode(nodeSpacing, forKey: .nodeSpacing)
        try c.encode(links, forKey: .links)
        try c.encode(sweeps, forKey: .sweeps)
        try c.encode(transpose, forKey: .transpose)
        try c.encode(coordinates, forKey: .coordinates)
    }
}
