import CanvasCore
import Foundation  // JSONEncoder, in the tests only: CanvasCore itself has no Foundation
import Testing

// Codable round trips of the settings and results, through JSON. Each value
// sets every field away from its default, so a field the conformance drops
// comes back different; the keys are also checked against the stored
// properties (Mirror), so a field added later without a key fails here.

private func json<T: Encodable>(_ value: T) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

private func decode<T: Decodable>(_ type: T.Type, _ text: String) throws -> T {
    try JSONDecoder().decode(type, from: Data(text.utf8))
}

/// The stored properties (not nil) a struct's encoding lacks, as keys of its
/// JSON object (an enum's cases are checked by their round trips instead).
private func missingKeys<T: Encodable>(_ value: T) throws -> [String] {
    let mirror = Mirror(reflecting: value)
    guard mirror.displayStyle == .struct else { return [] }
    let object = try JSONSerialization.jsonObject(with: try JSONEncoder().encode(value)) as? [String: Any] ?? [:]
    // A nil optional has no key (encodeIfPresent).
    let present = mirror.children.filter { child in
        let inner = Mirror(reflecting: child.value)
        return !(inner.displayStyle == .optional && inner.children.isEmpty)
    }
    return present.compactMap(\.label).filter { object[$0] == nil }
}

private func expectRoundTrip<T: Codable & Equatable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) throws {
    let text = try json(value)
    #expect(try decode(T.self, text) == value, "\(T.self) from \(text)", sourceLocation: sourceLocation)
    #expect(try missingKeys(value) == [], "\(T.self): stored properties without a key", sourceLocation: sourceLocation)
}

@Suite struct CodableTests {
    @Test func geometryRoundTrips() throws {
        try expectRoundTrip(Point(x: -1.5, y: 2))
        try expectRoundTrip(Size(width: 3, height: 4.25))
        try expectRoundTrip(Rect(x: -10, y: 20, width: 30, height: 40))
        try expectRoundTrip(Insets(top: 1, leading: 2, bottom: 3, trailing: 4))
        try expectRoundTrip(UnitPoint(x: 0.25, y: 1))
        try expectRoundTrip(LayoutDirection.rightToLeft)
        #expect(try json(Rect(x: 1, y: 2, width: 3, height: 4)) == #"{"height":4,"width":3,"x":1,"y":2}"#)
    }

    @Test func layoutsRoundTrip() throws {
        try expectRoundTrip(FlowLayout(horizontalSpacing: 1, verticalSpacing: 2, alignment: .bottom, maxWidth: 300))
        try expectRoundTrip(GridLayout(columns: 3, horizontalSpacing: 1, verticalSpacing: 2, alignment: .bottomTrailing))
        let links = GraphLinks([(0, 1), (0, 2)])
        try expectRoundTrip(links)
        try expectRoundTrip(TreeLayout(direction: .radial, levelSpacing: 1, siblingSpacing: 2, links: links))
        var layered = LayeredLayout(direction: .right, rankSpacing: 1, nodeSpacing: 2, links: links, sweeps: 3, transpose: false)
        layered.coordinates = .medianSweeps
        try expectRoundTrip(layered)
    }

    @Test func settingsRoundTrip() throws {
        try expectRoundTrip(ResolveOptions(contentSize: .atLeast(Size(width: 5, height: 6)), margins: Insets(all: 3),
                                           contentAnchor: .topLeading, direction: .rightToLeft))
        try expectRoundTrip(ContentSizeMode.fixed(Size(width: 1, height: 2)))
        try expectRoundTrip(ContentSizeMode.automatic)
        try expectRoundTrip(MotionSettings(deceleration: DecelerationRate.fast, bounce: .basedOnSize, isScrollEnabled: false,
                                           indicators: .hidden, panAxis: .locked, crownAxis: .horizontal))
        try expectRoundTrip(ZoomSettings(axis: .both, minimum: 0.5, maximum: 4, speed: 2, stops: [1, 2],
                                         isPinchEnabled: false, allowsSelectionDuringZoom: true))
        try expectRoundTrip(DetailSettings(minSize: 3, cell: 24))
        try expectRoundTrip(SnapSettings(grid: 10, items: false, gaps: false, threshold: 4))
        try expectRoundTrip(ScrollBounds(minX: -1, maxX: 1, minY: -2, maxY: 2))
        try expectRoundTrip(Backdrop.dots(spacing: 20, radius: 1.5))
        try expectRoundTrip(Backdrop.grid(spacing: 24, lineWidth: 1))
        try expectRoundTrip(Backdrop.none)
        try expectRoundTrip(LinkRouter(direction: .rightToLeft, stepOffset: 5, curvature: 0.5))
        try expectRoundTrip(Link(id: 9, source: 1, target: 2, style: .curve, sourceSide: .leading, targetSide: .bottom))
        for tool in Tool.allCases { try expectRoundTrip(tool) }
        for mode in MarqueeMode.allCases { try expectRoundTrip(mode) }
        for op in SelectionOp.allCases { try expectRoundTrip(op) }
        #expect(try json(MotionSettings(bounce: .basedOnSize)).contains(#""bounce":"based_on_size""#))
    }

    @Test func resultsRoundTrip() throws {
        let frames = [Rect(x: 0, y: 0, width: 1, height: 2), Rect(x: -3, y: 4, width: 5, height: 6)]
        try expectRoundTrip(Resolution(frames: frames, contentSize: Size(width: 7, height: 8),
                                       contentBounds: Rect(x: 1, y: 1, width: 5, height: 6)))
        let cluster = LevelOfDetail.Cluster(bounds: Rect(x: 0, y: 0, width: 16, height: 16), count: 40, id: 7)
        var update = VisibleUpdate(rect: frames[1], visible: [1, 2], appeared: [2], disappeared: [3],
                                   contentSize: Size(width: 9, height: 9), isMoving: true)
        update.clusters = [cluster]
        update.visibleLinks = [4]
        update.appearedLinks = [4]
        update.disappearedLinks = [5]
        update.clusterLinks = [ClusterLink(from: 7, fromKind: .cluster, to: 9, toKind: .item, count: 3)]
        try expectRoundTrip(update)
        try expectRoundTrip(LevelOfDetail(items: [LevelOfDetail.Item(id: 4, frame: frames[0])], clusters: [cluster]))
        try expectRoundTrip(Guide(x1: 0, y1: 1, x2: 2, y2: 3, kind: .gap))
        try expectRoundTrip(NewItem(id: 5, frame: frames[1]))
        try expectRoundTrip(LinkRoute(style: .step, points: [Point(x: 0, y: 0), Point(x: 1, y: 1)],
                                      sourceSide: .right, targetSide: .left))
        try expectRoundTrip(ScrollRange(lower: -5, upper: 20))
        let indicator = ScrollIndicator(track: frames[0], thumb: frames[1], opacity: 0.5)
        try expectRoundTrip(ScrollIndicators(horizontal: indicator, vertical: indicator))
        try expectRoundTrip(ScrollIndicators(horizontal: nil, vertical: indicator))
        try expectRoundTrip(ZoomTransform(scale: 2.5, axis: .vertical))
        try expectRoundTrip(PinchEvent(phase: .changed, scale: 1.5, touches: 3, location: Point(x: 4, y: 5)))
        for event in [ZoomEvent.willBegin, .didChange(scale: 2), .didEnd(scale: 3)] { try expectRoundTrip(event) }
        let tiles = Backdrop.dots(spacing: 10, radius: 1).tiles(covering: Rect(x: 3, y: 3, width: 25, height: 12))
        try expectRoundTrip(tiles)
        let layered = LayeredLayout(links: GraphLinks([(0, 1), (1, 2), (0, 2)]))
            .layout(LayoutItems(sizes: Array(repeating: Size(width: 10, height: 10), count: 3)))
        let back = try decode(LayeredResult.self, try json(layered))
        #expect(back.frames == layered.frames && back.bends == layered.bends && back.crossings == layered.crossings)
        #expect(try missingKeys(layered) == [])
    }

    /// A settings value names only what differs from its defaults.
    @Test func absentKeysTakeTheDefaults() throws {
        #expect(try decode(FlowLayout.self, "{}") == FlowLayout())
        #expect(try decode(FlowLayout.self, #"{"verticalSpacing": 3}"#) == FlowLayout(verticalSpacing: 3))
        #expect(try decode(GridLayout.self, #"{"columns": 4}"#) == GridLayout(columns: 4))
        #expect(try decode(TreeLayout.self, "{}") == TreeLayout())
        #expect(try decode(LayeredLayout.self, "{}") == LayeredLayout())
        #expect(try decode(ResolveOptions.self, #"{"margins": {"top": 2}}"#) == ResolveOptions(margins: Insets(top: 2)))
        #expect(try decode(MotionSettings.self, #"{"panAxis": "vertical"}"#) == MotionSettings(panAxis: .vertical))
        #expect(try decode(ZoomSettings.self, #"{"maximum": 8}"#) == ZoomSettings(maximum: 8))
        #expect(try decode(DetailSettings.self, "{}") == DetailSettings())
        #expect(try decode(SnapSettings.self, #"{"grid": 8}"#) == SnapSettings(grid: 8))
        #expect(try decode(LinkRouter.self, "{}") == LinkRouter())
        #expect(try decode(Link.self, #"{"id": 1, "source": 2, "target": 3}"#) == Link(id: 1, source: 2, target: 3))
    }

    @Test func unknownNamesAndMissingRequiredKeysThrow() {
        #expect(throws: DecodingError.self) { try decode(FlowLayout.self, #"{"alignment": "middle"}"#) }
        #expect(throws: DecodingError.self) { try decode(ContentSizeMode.self, #"{"kind": "huge"}"#) }
        #expect(throws: DecodingError.self) { try decode(ContentSizeMode.self, #"{"kind": "fixed"}"#) }
        #expect(throws: DecodingError.self) { try decode(MotionSettings.self, #"{"bounce": "sometimes"}"#) }
        #expect(throws: DecodingError.self) { try decode(GridLayout.self, "{}") }
        #expect(throws: DecodingError.self) { try decode(Rect.self, #"{"x": 1, "y": 2, "width": 3}"#) }
    }

    /// Settings and results cross actors and tasks.
    @Test func settingsAndResultsAreSendable() async {
        func send<T: Sendable>(_ value: T) async -> T { await Task.detached { value }.value }
        #expect(await send(FlowLayout(spacing: 2)) == FlowLayout(spacing: 2))
        #expect(await send(ZoomSettings(maximum: 3)).maximum == 3)
        #expect(await send(Resolution.empty) == Resolution.empty)
        #expect(await send(VisibleUpdate.empty) == VisibleUpdate.empty)
    }
}

@Suite struct SettingsInitializerTests {
    @Test func oneSpacingForBothAxes() {
        #expect(FlowLayout(spacing: 4) == FlowLayout(horizontalSpacing: 4, verticalSpacing: 4))
        #expect(FlowLayout(spacing: 4, alignment: .top, maxWidth: 90)
            == FlowLayout(horizontalSpacing: 4, verticalSpacing: 4, alignment: .top, maxWidth: 90))
        #expect(GridLayout(columns: 3, spacing: 2) == GridLayout(columns: 3, horizontalSpacing: 2, verticalSpacing: 2))
    }

    @Test func memberwiseSettingsDefaultEveryField() {
        var motion = MotionSettings()
        #expect(motion == MotionSettings(deceleration: DecelerationRate.normal, bounce: .automatic, isScrollEnabled: true,
                                         indicators: .automatic, panAxis: .free, crownAxis: .vertical))
        motion.bounce = .never
        motion.panAxis = .horizontal
        #expect(MotionSettings(bounce: .never, panAxis: .horizontal) == motion)

        var zoom = ZoomSettings()
        #expect(zoom == ZoomSettings(axis: .horizontal, minimum: 0.35, maximum: 5, speed: 1, stops: [],
                                     isPinchEnabled: true, allowsSelectionDuringZoom: false))
        zoom.axis = .both
        zoom.stops = [1, 2]
        #expect(ZoomSettings(axis: .both, stops: [1, 2]) == zoom)
    }
}
