/// The reading direction the canvas mirrors its layouts for.
public enum LayoutDirection: Sendable {
    case leftToRight
    case rightToLeft
}
