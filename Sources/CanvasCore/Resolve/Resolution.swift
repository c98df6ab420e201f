/// The outcome of resolving a layout: where every item goes on the canvas.
public struct Resolution: Hashable, Sendable {
    /// One frame per item, in data order, in canvas coordinates.
    public var frames: [Rect]
    /// The size of the whole canvas, margins included.
    public var contentSize: Size
    /// Where the cluster of items ended up: its origin and its size.
    public var contentBounds: Rect

    public init(frames: [Rect], contentSize: Size, contentBounds: Rect) {
        self.frames = frames
        self.contentSize = contentSize
        self.contentBounds = contentBounds
    }

    /// A canvas with no items, sized by `options` alone.
    public static let empty = Resolution(frames: [], contentSize: .zero, contentBounds: .zero)
}
