// Codable for the settings the engine takes: each decodes from its
// defaults, so a value names only what differs from them (see
// CodingSupport.swift). Decoding does not validate; the engine does when it
// is handed the value, as for any other.

extension ContentSizeMode: Codable {
    private enum CodingKeys: String, CodingKey { case kind, size }

    /// `{"kind": "automatic"}`, `{"kind": "fixed", "size": …}` or `{"kind": "atLeast", "size": …}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decodeName(.kind, among: ["automatic", "fixed", "atLeast"]) {
        case "fixed": self = .fixed(try c.decode(.size))
        case "atLeast": self = .atLeast(try c.decode(.size))
        default: self = .automatic
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .automatic:
            try c.encode("automatic", forKey: .kind)
        case .fixed(let size):
            try c.encode("fixed", forKey: .kind)
            try c.encode(size, forKey: .size)
        case .atLeast(let size):
            try c.encode("atLeast", forKey: .kind)
            try c.encode(size, forKey: .size)
        }
    }
}

extension ResolveOptions: Codable {
    private enum CodingKeys: String, CodingKey { case contentSize, margins, contentAnchor, direction }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        contentSize = try c.decode(.contentSize, or: contentSize)
        margins = try c.decode(.margins, or: margins)
        contentAnchor = try c.decode(.contentAnchor, or: contentAnchor)
        direction = try c.decode(.direction, or: direction)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(contentSize, forKey: .contentSize)
        try c.encode(margins, forKey: .margins)
        try c.encode(contentAnchor, forKey: .contentAnchor)
        try c.encode(direction, forKey: .direction)
    }
}

// Enums with String raw values are coded as those (the stdlib's RawRepresentable defaults).
extension Bounce: Codable {}
extension IndicatorVisibility: Codable {}
extension PanAxis: Codable {}
extension Axis: Codable {}
extension ZoomAxis: Codable {}
extension ScrollExtent: Codable {}
extension Tool: Codable {}
extension MarqueeMode: Codable {}
extension SelectionOp: Codable {}
extension GuideKind: Codable {}

extension MotionSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case deceleration, bounce, isScrollEnabled, indicators, panAxis, crownAxis
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        deceleration = try c.decode(.deceleration, or: deceleration)
        bounce = try c.decode(.bounce, or: bounce)
        isScrollEnabled = try c.decode(.isScrollEnabled, or: isScrollEnabled)
        indicators = try c.decode(.indicators, or: indicators)
        panAxis = try c.decode(.panAxis, or: panAxis)
        crownAxis = try c.decode(.crownAxis, or: crownAxis)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(deceleration, forKey: .deceleration)
        try c.encode(bounce, forKey: .bounce)
        try c.encode(isScrollEnabled, forKey: .isScrollEnabled)
        try c.encode(indicators, forKey: .indicators)
        try c.encode(panAxis, forKey: .panAxis)
        try c.encode(crownAxis, forKey: .crownAxis)
    }
}

extension ZoomSettings: Codable {
    private enum CodingKeys: String, CodingKey {
        case axis, minimum, maximum, speed, stops, isPinchEnabled, allowsSelectionDuringZoom
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        axis = try c.decode(.axis, or: axis)
        minimum = try c.decode(.minimum, or: minimum)
        maximum = try c.decode(.maximum, or: maximum)
        speed = try c.decode(.speed, or: speed)
        stops = try c.decode(.stops, or: stops)
        isPinchEnabled = try c.decode(.isPinchEnabled, or: isPinchEnabled)
        allowsSelectionDuringZoom = try c.decode(.allowsSelectionDuringZoom, or: allowsSelectionDuringZoom)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(axis, forKey: .axis)
        try c.encode(minimum, forKey: .minimum)
        try c.encode(maximum, forKey: .maximum)
        try c.encode(speed, forKey: .speed)
        try c.encode(stops, forKey: .stops)
        try c.encode(isPinchEnabled, forKey: .isPinchEnabled)
        try c.encode(allowsSelectionDuringZoom, forKey: .allowsSelectionDuringZoom)
    }
}

extension DetailSettings: Codable {
    private enum CodingKeys: String, CodingKey { case minSize, cell }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        minSize = try c.decode(.minSize, or: minSize)
        cell = try c.decode(.cell, or: cell)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(minSize, forKey: .minSize)
        try c.encode(cell, forKey: .cell)
    }
}

extension SnapSettings: Codable {
    private enum CodingKeys: String, CodingKey { case grid, items, gaps, threshold }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        grid = try c.decodeIfPresent(Double.self, forKey: .grid)
        items = try c.decode(.items, or: items)
        gaps = try c.decode(.gaps, or: gaps)
        threshold = try c.decode(.threshold, or: threshold)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(grid, forKey: .grid)
        try c.encode(items, forKey: .items)
        try c.encode(gaps, forKey: .gaps)
        try c.encode(threshold, forKey: .threshold)
    }
}

extension ScrollBounds: Codable {
    private enum CodingKeys: String, CodingKey { case minX, maxX, minY, maxY }

    /// Every end is required; an unbounded end is an infinity, which the
    /// encoder must be able to write (JSONEncoder needs a
    /// `nonConformingFloatEncodingStrategy` for it).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(minX: try c.decode(.minX), maxX: try c.decode(.maxX), minY: try c.decode(.minY), maxY: try c.decode(.maxY))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(minX, forKey: .minX)
        try c.encode(maxX, forKey: .maxX)
        try c.encode(minY, forKey: .minY)
        try c.encode(maxY, forKey: .maxY)
    }
}

extension Backdrop: Codable {
    private enum CodingKeys: String, CodingKey { case kind, spacing, radius, lineWidth }

    /// `{"kind": "none"}`, `{"kind": "dots", "spacing": …, "radius": …}` or
    /// `{"kind": "grid", "spacing": …, "lineWidth": …}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decodeName(.kind, among: ["none", "dots", "grid"]) {
        case "dots": self = .dots(spacing: try c.decode(.spacing), radius: try c.decode(.radius))
        case "grid": self = .grid(spacing: try c.decode(.spacing), lineWidth: try c.decode(.lineWidth))
        default: self = .none
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .none:
            try c.encode("none", forKey: .kind)
        case .dots(let spacing, let radius):
            try c.encode("dots", forKey: .kind)
            try c.encode(spacing, forKey: .spacing)
            try c.encode(radius, forKey: .radius)
        case .grid(let spacing, let lineWidth):
            try c.encode("grid", forKey: .kind)
            try c.encode(spacing, forKey: .spacing)
            try c.encode(lineWidth, forKey: .lineWidth)
        }
    }
}
