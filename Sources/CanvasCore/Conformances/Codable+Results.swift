// Codable for what the engine hands back, and for links (see
// CodingSupport.swift). Every field is required when decoding.

extension Resolution: Codable {
    private enum CodingKeys: String, CodingKey { case frames, contentSize, contentBounds }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(frames: try c.decode(.frames), contentSize: try c.decode(.contentSize),
                  contentBounds: try c.decode(.contentBounds))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frames, forKey: .frames)
        try c.encode(contentSize, forKey: .contentSize)
        try c.encode(contentBounds, forKey: .contentBounds)
    }
}

extension VisibleUpdate: Codable {
    private enum CodingKeys: String, CodingKey {
        case rect, contentSize, isMoving, visible, appeared, disappeared, clusters
        case visibleLinks, appearedLinks, disappearedLinks, clusterLinks
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(rect: try c.decode(.rect), visible: try c.decode(.visible), appeared: try c.decode(.appeared),
                  disappeared: try c.decode(.disappeared), contentSize: try c.decode(.contentSize),
                  isMoving: try c.decode(.isMoving))
        clusters = try c.decode(.clusters)
        visibleLinks = try c.decode(.visibleLinks, or: [])
        appearedLinks = try c.decode(.appearedLinks, or: [])
        disappearedLinks = try c.decode(.disappearedLinks, or: [])
        clusterLinks = try c.decode(.clusterLinks, or: [])
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(rect, forKey: .rect)
        try c.encode(contentSize, forKey: .contentSize)
        try c.encode(isMoving, forKey: .isMoving)
        try c.encode(visible, forKey: .visible)
        try c.encode(appeared, forKey: .appeared)
        try c.encode(disappeared, forKey: .disappeared)
        try c.encode(clusters, forKey: .clusters)
        try c.encode(visibleLinks, forKey: .visibleLinks)
        try c.encode(appearedLinks, forKey: .appearedLinks)
        try c.encode(disappearedLinks, forKey: .disappearedLinks)
        try c.encode(clusterLinks, forKey: .clusterLinks)
    }
}

extension ClusterLink: Codable {
    private enum CodingKeys: String, CodingKey { case from, to, count, fromKind, toKind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        func kind(_ key: CodingKeys) throws -> EndKind {
            try c.decodeName(key, among: ["item", "cluster"]) == "item" ? .item : .cluster
        }
        self.init(from: try c.decode(.from), fromKind: try kind(.fromKind), to: try c.decode(.to),
                  toKind: try kind(.toKind), count: try c.decode(.count))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(from, forKey: .from)
        try c.encode(to, forKey: .to)
        try c.encode(count, forKey: .count)
        try c.encode(fromKind == .item ? "item" : "cluster", forKey: .fromKind)
        try c.encode(toKind == .item ? "item" : "cluster", forKey: .toKind)
    }
}

extension LevelOfDetail.Item: Codable {
    private enum CodingKeys: String, CodingKey { case id, frame }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(.id), frame: try c.decode(.frame))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(frame, forKey: .frame)
    }
}

extension LevelOfDetail.Cluster: Codable {
    private enum CodingKeys: String, CodingKey { case bounds, count, id, selected }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(bounds: try c.decode(.bounds), count: try c.decode(.count), id: try c.decode(.id),
                  selected: try c.decode(.selected, or: 0))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(bounds, forKey: .bounds)
        try c.encode(count, forKey: .count)
        try c.encode(id, forKey: .id)
        try c.encode(selected, forKey: .selected)
    }
}

extension LevelOfDetail: Codable {
    private enum CodingKeys: String, CodingKey { case items, clusters }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(items: try c.decode(.items), clusters: try c.decode(.clusters))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(items, forKey: .items)
        try c.encode(clusters, forKey: .clusters)
    }
}

extension LayeredResult: Codable {
    private enum CodingKeys: String, CodingKey { case frames, bends, crossings, rankGaps }

    /// Without `rankGaps` (a result written before they were kept), none.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(frames: try c.decode(.frames), bends: try c.decode(.bends), crossings: try c.decode(.crossings),
                  rankGaps: try c.decode(.rankGaps, or: []))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(frames, forKey: .frames)
        try c.encode(bends, forKey: .bends)
        try c.encode(crossings, forKey: .crossings)
        try c.encode(rankGaps, forKey: .rankGaps)
    }
}

extension BackdropTiles: Codable {
    private enum CodingKeys: String, CodingKey { case side, phase, origins }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(side: try c.decode(.side), phase: try c.decode(.phase), origins: try c.decode(.origins))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(side, forKey: .side)
        try c.encode(phase, forKey: .phase)
        try c.encode(origins, forKey: .origins)
    }
}

extension Guide: Codable {
    private enum CodingKeys: String, CodingKey { case x1, y1, x2, y2, kind }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(x1: try c.decode(.x1), y1: try c.decode(.y1), x2: try c.decode(.x2), y2: try c.decode(.y2),
                  kind: try c.decode(.kind))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(x1, forKey: .x1)
        try c.encode(y1, forKey: .y1)
        try c.encode(x2, forKey: .x2)
        try c.encode(y2, forKey: .y2)
        try c.encode(kind, forKey: .kind)
    }
}

extension NewItem: Codable {
    private enum CodingKeys: String, CodingKey { case id, frame }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(.id), frame: try c.decode(.frame))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(frame, forKey: .frame)
    }
}

extension LinkStyle: Codable {
    private static let names: [(Self, String)] = [(.straight, "straight"), (.step, "step"), (.curve, "curve")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension LinkSide: Codable {
    private static let names: [(Self, String)] = [
        (.auto, "auto"), (.top, "top"), (.bottom, "bottom"), (.leading, "leading"), (.trailing, "trailing"),
    ]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension PhysicalSide: Codable {
    private static let names: [(Self, String)] = [(.top, "top"), (.bottom, "bottom"), (.left, "left"), (.right, "right")]
    public init(from decoder: any Decoder) throws { self = try decodeCase(decoder, Self.names) }
    public func encode(to encoder: any Encoder) throws { try encodeCase(self, encoder, Self.names) }
}

extension Link: Codable {
    private enum CodingKeys: String, CodingKey { case id, source, target, style, sourceSide, targetSide }

    /// `style` and the sides default as in `init(id:source:target:…)`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(id: try c.decode(.id), source: try c.decode(.source), target: try c.decode(.target))
        style = try c.decode(.style, or: style)
        sourceSide = try c.decode(.sourceSide, or: sourceSide)
        targetSide = try c.decode(.targetSide, or: targetSide)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(id, forKey: .id)
        try c.encode(source, forKey: .source)
        try c.encode(target, forKey: .target)
        try c.encode(style, forKey: .style)
        try c.encode(sourceSide, forKey: .sourceSide)
        try c.encode(targetSide, forKey: .targetSide)
    }
}

extension LinkRoute: Codable {
    private enum CodingKeys: String, CodingKey { case style, points, sourceSide, targetSide }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(style: try c.decode(.style), points: try c.decode(.points), sourceSide: try c.decode(.sourceSide),
                  targetSide: try c.decode(.targetSide))
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(style, forKey: .style)
        try c.encode(points, forKey: .points)
        try c.encode(sourceSide, forKey: .sourceSide)
        try c.encode(targetSide, forKey: .targetSide)
    }
}

extension LinkRouter: Codable {
    private enum CodingKeys: String, CodingKey { case direction, stepOffset, curvature }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        direction = try c.decode(.direction, or: direction)
        stepOffset = try c.decode(.stepOffset, or: stepOffset)
        curvature = try c.decode(.curvature, or: curvature)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(direction, forKey: .direction)
        try c.encode(stepOffset, forKey: .stepOffset)
        try c.encode(curvature, forKey: .curvature)
    }
}
