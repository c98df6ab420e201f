// Codable for the motion and zoom values the engine reports (see
// CodingSupport.swift).

extension ScrollRange: Codable {
    private enum CodingKeys: String, CodingKey { case lower, upper }

    /// An unbounded end is an infinity, which the encoder must be able to
    /// write (JSONEncoder needs a `nonConformingFloatEncodingStrategy`).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(lower: try c.decode(.lower), upper: try c.decode(.upper))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(lower, forKey: .lower)
        try c.encode(upper, forKey: .upper)
    }
}

extension ScrollIndicator: Codable {
    private enum CodingKeys: String, CodingKey { case track, thumb, opacity }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(track: try c.decode(.track), thumb: try c.decode(.thumb), opacity: try c.decode(.opacity))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(track, forKey: .track)
        try c.encode(thumb, forKey: .thumb)
        try c.encode(opacity, forKey: .opacity)
    }
}

extension ScrollIndicators: Codable {
    private enum CodingKeys: String, CodingKey { case horizontal, vertical }

    /// An axis without an indicator has no key.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(horizontal: try c.decodeIfPresent(ScrollIndicator.self, forKey: .horizontal),
                  vertical: try c.decodeIfPresent(ScrollIndicator.self, forKey: .vertical))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(horizontal, forKey: .horizontal)
        try c.encodeIfPresent(vertical, forKey: .vertical)
    }
}

extension ZoomTransform: Codable {
    private enum CodingKeys: String, CodingKey { case scale, axis }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(scale: try c.decode(.scale), axis: try c.decode(.axis))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(scale, forKey: .scale)
        try c.encode(axis, forKey: .axis)
    }
}

extension PinchPhase: Codable {}

extension PinchEvent: Codable {
    private enum CodingKeys: String, CodingKey { case phase, scale, touches, location }

    /// `scale`, `touches` and `location` default as in `init(phase:…)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(phase: try c.decode(.phase))
        scale = try c.decode(.scale, or: scale)
        touches = try c.decode(.touches, or: touches)
        location = try c.decode(.location, or: location)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(phase, forKey: .phase)
        try c.encode(scale, forKey: .scale)
        try c.encode(touches, forKey: .touches)
        try c.encode(location, forKey: .location)
    }
}

extension ZoomEvent: Codable {
    private enum CodingKeys: String, CodingKey { case kind, scale }

    /// `{"kind": "willBegin"}`, `{"kind": "didChange", "scale": …}` or `{"kind": "didEnd", "scale": …}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        switch try c.decodeName(.kind, among: ["willBegin", "didChange", "didEnd"]) {
        case "didChange": self = .didChange(scale: try c.decode(.scale))
        case "didEnd": self = .didEnd(scale: try c.decode(.scale))
        default: self = .willBegin
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .willBegin:
            try c.encode("willBegin", forKey: .kind)
        case .didChange(let scale):
            try c.encode("didChange", forKey: .kind)
            try c.encode(scale, forKey: .scale)
        case .didEnd(let scale):
            try c.encode("didEnd", forKey: .kind)
            try c.encode(scale, forKey: .scale)
        }
    }
}
