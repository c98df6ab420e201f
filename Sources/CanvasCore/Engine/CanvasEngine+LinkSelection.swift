/// Selecting links: beside the selected items, by id. The select tool picks
/// links up (a press on a link with no item under it, the marquee when
/// `marqueeSelectsLinks` is on), the delete key removes them with the items
/// (`removeSelection`), and undo brings both back, with both selections.
extension CanvasEngine {
    /// The selected links' ids, in link order.
    public var selectedLinkIDs: [UInt64] {
        selectedLinks.compactMap { id in links.position(of: id).map { (id, $0) } }
            .sorted { $0.1 < $1.1 }
            .map(\.0)
    }

    public func isLinkSelected(_ id: UInt64) -> Bool { selectedLinks.contains(id) }

    /// Selects a link by id: added to the selection when `adding`, else the
    /// link alone (the items' selection cleared too, as a press on it does).
    /// - Throws: `.notFound` for an unknown id; nothing changes.
    public func selectLink(_ id: UInt64, adding: Bool = false) throws(CanvasError) {
        guard links.position(of: id) != nil else { throw CanvasError(.notFound, "no link has id \(id)") }
        if !adding {
            selected.removeAll()
            selectedLinks = [id]
        } else {
            selectedLinks.insert(id)
        }
    }

    /// Takes a link out of the selection; unknown ids are ignored.
    public func deselectLink(_ id: UInt64) {
        selectedLinks.remove(id)
    }

    /// Clears the link selection (the items' stays).
    public func clearLinkSelection() {
        selectedLinks.removeAll()
    }

    /// Whether the select tool's marquee selects the links it touches too
    /// (off by default: a marquee selects items only).
    public var marqueeSelectsLinks: Bool {
        get { editing.marqueeLinks }
        set { editing.marqueeLinks = newValue }
    }

    /// The link a press at `point` lands on when no item is under it: the
    /// hit rule for links (`hitTestLink`), and with level of detail on and
    /// an update published, only a link that update draws one by one.
    func pressedLink(at point: Point) -> UInt64? {
        guard !links.isEmpty else { return nil }
        guard detailSettings != nil, published != nil else { return hitTestLink(at: point) }
        let drawn = drawnLinkPositions()
        let slop = Self.hitSlop
        let probe = Rect(x: point.x - slop, y: point.y - slop, width: 2 * slop, height: 2 * slop)
        for position in linkPositions(in: probe).reversed() where Self.containsSorted(drawn, position) {
            if let route = zoomedRoute(at: position), route.distance(to: point) <= slop { return links.id(at: position) }
        }
        return nil
    }

    /// Whether a press at `point` lands on a published cluster (drawn above the links).
    func isOverCluster(_ point: Point) -> Bool {
        guard detailSettings != nil, published != nil, case .cluster = hit(at: point) else { return false }
        return true
    }

    /// The positions (ascending) of the links the published update draws one by one.
    func drawnLinkPositions() -> [Int] {
        if let positions = publishedLinkPositions, publishedLinkTable == linkTableVersion { return positions }
        return (published?.visibleLinks ?? []).compactMap { links.position(of: $0) }.sorted()
    }

    /// The links a marquee over `rect` (zoomed content) selects: those whose
    /// drawn route touches it, in link order; with level of detail on, only
    /// among the links drawn one by one.
    public func linksInRect(_ rect: Rect) -> [UInt64] {
        guard rect.isFinite, !links.isEmpty else { return [] }
        // A marquee of no area (a press not yet moved) still meets a route through it.
        let probe = Rect(x: rect.x - 0.5, y: rect.y - 0.5, width: rect.width + 1, height: rect.height + 1)
        var candidates = linkPositions(in: probe)
        if detailSettings != nil, published != nil {
            let drawn = drawnLinkPositions()
            candidates = candidates.filter { Self.containsSorted(drawn, $0) }
        }
        return candidates.compactMap { position in
            guard let route = zoomedRoute(at: position), route.meets(rect) else { return nil }
            return links.id(at: position)
        }
    }
}
