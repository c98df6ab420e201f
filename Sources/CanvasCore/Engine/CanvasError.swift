/// What went wrong, in a form every boundary can translate: the C ABI maps
/// `kind` to a status code and `message` to its last-error string.
public struct CanvasError: Error, Equatable, Sendable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// An argument is outside what the call accepts.
        case invalidArgument
        /// A number that must be finite is NaN or infinite.
        case nonFinite
        /// A layout returned frames the engine cannot use.
        case badLayout
        /// A host callback reported a failure.
        case callbackFailed
        /// An id or other key names nothing the engine holds.
        case notFound
        /// The memory an input asks for cannot exist: a count past its
        /// documented limit (such as `ItemList.maximumCount`), or more than
        /// the system will hand out.
        case noMemory
    }

    public var kind: Kind
    public var message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
