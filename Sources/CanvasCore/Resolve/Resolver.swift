/// The resolve pipeline: sizes → layout → frames on a canvas.
///
/// A layout only decides where items stand relative to each other. This
/// pipeline does the rest for every layout alike, in this order:
///
/// 1. sanitize sizes (non-finite or negative sides become 0),
/// 2. place them with the layout, offering the proposal the content size allows,
/// 3. check the frames (one per item, all finite, none negative),
/// 4. normalize the cluster so its bounds start at (0, 0),
/// 5. mirror it for right-to-left,
/// 6. work out the content size,
/// 7. anchor the cluster inside the margins.
///
/// Steps 4, 5 and 7 are one translation (and, for 5, a reflection) per
/// frame, so they run as a single pass over the frames.
public enum Resolver {
    /// Lays out `sizes` and places the result on a canvas.
    /// - Parameters:
    ///   - sizes: the items' sizes, in data order; sanitized first.
    ///   - ids: the items' ids, handed to the layout; `nil` for 1…count.
    ///   - links: the links between the items as position pairs, handed to
    ///     the layout (`LayoutItems.links`); `nil` for none.
    ///   - layout: where the items go relative to each other.
    ///   - options: content size, margins, anchor and direction.
    /// - Throws: `CanvasError` when the layout fails or returns unusable frames.
    /// - Complexity: O(n) beyond the layout's own cost.
    public static func resolve(
        sizes: ItemSizes,
        ids: ItemIDs? = nil,
        links: GraphLinks? = nil,
        layout: AnyCanvasLayout,
        options: ResolveOptions
    ) throws(CanvasError) -> Resolution {
        // Step 1; sizes that need no sanitizing are handed on, shared.
        let items = LayoutItems(sizes: sizes.sanitized, ids: ids, links: links)
        let placed = try layout.place(items, in: proposal(for: options))
        return try arrange(consume placed, count: items.count, options: options)
    }

    /// Lays out sizes held in an array; see `resolve(sizes:ids:links:layout:options:)`.
    public static func resolve(
        sizes: [Size],
        ids: ItemIDs? = nil,
        links: GraphLinks? = nil,
        layout: AnyCanvasLayout,
        options: ResolveOptions
    ) throws(CanvasError) -> Resolution {
        try resolve(sizes: ItemSizes(sizes), ids: ids, links: links, layout: layout, options: options)
    }

    /// The space offered to the layout. An automatic canvas leaves both
    /// sides open; otherwise the layout gets the content size less margins.
    public static func proposal(for options: ResolveOptions) -> Proposal {
        let target: Size
        switch options.contentSize {
        case .automatic: return .unspecified
        case .fixed(let size), .atLeast(let size): target = size
        }
        return Proposal(
            width: max(0, target.width - options.margins.horizontal),
            height: max(0, target.height - options.margins.vertical)
        )
    }

    /// Steps 3 to 7: takes the layout's frames and puts them on the canvas.
    /// - Throws: `CanvasError.badLayout` when the frames do not fit the items.
    public static func arrange(
        _ placed: consuming [Rect],
        count: Int,
        options: ResolveOptions
    ) throws(CanvasError) -> Resolution {
        guard placed.count == count else {
            throw CanvasError(.badLayout, "layout returned \(placed.count) frames for \(count) items")
        }
        let cluster = try clusterBounds(of: placed)
        let contentSize = contentSize(for: cluster.size, options: options)
        let origin = anchoredOrigin(of: cluster.size, in: contentSize, options: options)
        // Finite inputs can still add up past the finite range (margins of
        // 1e308): that is an error, not an infinite canvas.
        guard contentSize.isFinite else {
            throw CanvasError(.nonFinite, "margins \(describe(options.margins)) around a cluster of \(cluster.width) × \(cluster.height) make a content size past the finite range")
        }
        guard origin.isFinite, (origin.x + cluster.width).isFinite, (origin.y + cluster.height).isFinite else {
            throw CanvasError(.nonFinite, "margins \(describe(options.margins)) and the content size place the cluster past the finite range")
        }

        // Normalize (subtract the cluster's origin), mirror, then anchor, in
        // one pass, in place: the layout's array is ours to reuse.
        let mirrored = options.direction == .rightToLeft
        var frames = consume placed
        frames.withUnsafeMutableBufferPointer { buffer in
            for index in buffer.indices {
                let frame = buffer[index]
                let normalizedX = frame.x - cluster.x
                let x = mirrored ? cluster.width - (normalizedX + frame.width) : normalizedX
                buffer[index].x = origin.x + x
                buffer[index].y = origin.y + (frame.y - cluster.y)
            }
        }
        return Resolution(
            frames: frames,
            contentSize: contentSize,
            contentBounds: Rect(origin: origin, size: cluster.size)
        )
    }

    /// The union of the frames, after checking each one; empty input gives
    /// an empty cluster at the origin.
    static func clusterBounds(of frames: [Rect]) throws(CanvasError) -> Rect {
        guard !frames.isEmpty else { return .zero }
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        for (index, frame) in frames.enumerated() {
            guard frame.isFinite else {
                throw CanvasError(.badLayout, "layout returned a non-finite frame for item \(index): \(describe(frame))")
            }
            guard frame.width >= 0, frame.height >= 0 else {
                throw CanvasError(.badLayout, "layout returned a negative size for item \(index): \(describe(frame))")
            }
            minX = min(minX, frame.x)
            minY = min(minY, frame.y)
            maxX = max(maxX, frame.x + frame.width)
            maxY = max(maxY, frame.y + frame.height)
        }
        let bounds = Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        guard bounds.isFinite else {
            throw CanvasError(.badLayout, "layout placed items too far apart to measure (\(describe(bounds)))")
        }
        return bounds
    }

    /// Step 6: automatic hugs the cluster, fixed ignores it, at-least takes
    /// the larger of the two on each axis.
    public static func contentSize(for cluster: Size, options: ResolveOptions) -> Size {
        let needed = Size(
            width: cluster.width + options.margins.horizontal,
            height: cluster.height + options.margins.vertical
        )
        switch options.contentSize {
        case .automatic:
            return needed
        case .fixed(let size):
            return size
        case .atLeast(let size):
            return Size(width: max(size.width, needed.width), height: max(size.height, needed.height))
        }
    }

    /// Step 7: where the cluster's top-left corner goes. Spare room is
    /// shared out by the anchor; a cluster larger than the room is pinned at
    /// the leading/top margin (`max(0, …)`), so what overflows spills past
    /// the far edge, where panning can reach it, never before the origin.
    public static func anchoredOrigin(of cluster: Size, in content: Size, options: ResolveOptions) -> Point {
        let margins = options.margins
        let direction = options.direction
        let available = Size(width: content.width - margins.horizontal, height: content.height - margins.vertical)
        let anchorX = direction == .rightToLeft ? 1 - options.contentAnchor.x : options.contentAnchor.x
        return Point(
            x: margins.left(in: direction) + max(0, available.width - cluster.width) * anchorX,
            y: margins.top + max(0, available.height - cluster.height) * options.contentAnchor.y
        )
    }

    static func describe(_ margins: Insets) -> String {
        "{top=\(margins.top), leading=\(margins.leading), bottom=\(margins.bottom), trailing=\(margins.trailing)}"
    }

    static func describe(_ rect: Rect) -> String {
        "{x=\(rect.x), y=\(rect.y), width=\(rect.width), height=\(rect.height)}"
    }
}
