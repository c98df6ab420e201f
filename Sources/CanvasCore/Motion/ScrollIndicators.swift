/// A scroll indicator, in viewport coordinates: the strip it runs along
/// (the track) and the part that shows where the viewport is (the thumb).
public struct ScrollIndicator: Hashable, Sendable {
    public var track: Rect
    public var thumb: Rect
    public var opacity: Double

    public init(track: Rect, thumb: Rect, opacity: Double) {
        self.track = track
        self.thumb = thumb
        self.opacity = opacity
    }
}

/// The indicators of the axes that can scroll, laid out as UIScrollView's:
/// a track 3 points thick, 2 points in from the viewport's bottom (or
/// trailing) edge, stopping short of the corner when both show; a thumb as
/// long as the track × viewport / content, at least 36 points, placed at
/// (track − thumb) × offset / (content − viewport), and shorter by the
/// overshoot while rubber-banding past an edge (never shorter than thick).
public struct ScrollIndicators: Hashable, Sendable {
    public static let thickness = 3.0
    public static let inset = 2.0
    public static let minimumThumb = 36.0
    /// In automatic mode, how long the indicators take to fade out once the
    /// motion stops, in milliseconds.
    public static let fadeDuration = 300.0

    public var horizontal: ScrollIndicator?
    public var vertical: ScrollIndicator?

    public init(horizontal: ScrollIndicator?, vertical: ScrollIndicator?) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    public static let none = ScrollIndicators(horizontal: nil, vertical: nil)

    /// Lays out the indicators for a viewport of `size` at `offset`, over
    /// offsets spanning `x` and `y`.
    public static func layout(size: Size, offset: Point, x: ScrollRange, y: ScrollRange, opacity: Double) -> ScrollIndicators {
        let showsX = x.canScroll && x.lower.isFinite && x.upper.isFinite
        let showsY = y.canScroll && y.lower.isFinite && y.upper.isFinite
        let corner = showsX && showsY ? thickness + inset : 0
        var result = ScrollIndicators.none
        if showsX {
            let track = Rect(x: inset, y: size.height - inset - thickness,
                             width: max(0, size.width - 2 * inset - corner), height: thickness)
            let (start, length) = thumb(track: track.width, viewport: size.width, offset: offset.x, range: x)
            result.horizontal = ScrollIndicator(
                track: track, thumb: Rect(x: track.x + start, y: track.y, width: length, height: thickness), opacity: opacity)
        }
        if showsY {
            let track = Rect(x: size.width - inset - thickness, y: inset,
                             width: thickness, height: max(0, size.height - 2 * inset - corner))
            let (start, length) = thumb(track: track.height, viewport: size.height, offset: offset.y, range: y)
            result.vertical = ScrollIndicator(
                track: track, thumb: Rect(x: track.x, y: track.y + start, width: thickness, height: length), opacity: opacity)
        }
        return result
    }

    /// Where the thumb starts along its track, and how long it is.
    static func thumb(track: Double, viewport: Double, offset: Double, range: ScrollRange) -> (start: Double, length: Double) {
        let content = range.upper - range.lower + viewport
        let full = min(track, max(minimumThumb, track * viewport / content))
        let (overshoot, outward, _) = range.overshoot(offset)
        let length = min(full, max(thickness, full - overshoot))
        if outward < 0 { return (0, length) }
        if outward > 0 { return (track - length, length) }
        let share = (offset - range.lower) / (range.upper - range.lower)
        return ((track - full) * share, full)
    }
}
