/// Which axes a zoom stretches.
public enum ZoomAxis: String, CaseIterable, Sendable {
    /// Widths and x positions only: the default, so nothing changes shape by surprise.
    case horizontal
    /// Heights and y positions only.
    case vertical
    /// Both, so the whole canvas grows.
    case both

    public var zoomsX: Bool { self != .vertical }
    public var zoomsY: Bool { self != .horizontal }
}
