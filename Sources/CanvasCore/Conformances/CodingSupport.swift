// Helpers for the Codable conformances in this folder. They are written by
// hand, not synthesized: Swift synthesizes Codable only in the file that
// declares a type, and these stay out of the declarations' files. Keys are
// the Swift property names; an enum is its case name (or its String raw
// value where it has one).

extension KeyedDecodingContainer {
    /// The value under `key`, or `fallback` when the key is absent, so a
    /// settings value may name only what differs from its defaults.
    func decode<T: Decodable>(_ key: Key, or fallback: T) throws -> T {
        try decodeIfPresent(T.self, forKey: key) ?? fallback
    }

    func decode<T: Decodable>(_ key: Key) throws -> T {
        try decode(T.self, forKey: key)
    }

    /// The string under `key`, which must be one of `names` (an enum case
    /// with associated values names its case under a key).
    func decodeName(_ key: Key, among names: [String]) throws -> String {
        let name = try decode(String.self, forKey: key)
        guard names.contains(name) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self,
                debugDescription: "unknown \(key.stringValue) \"\(name)\"; expected one of \(names.map { "\"\($0)\"" }.joined(separator: ", "))")
        }
        return name
    }
}

/// A case decoded from its name among `names`, or a DecodingError listing them.
func decodeCase<Value>(_ decoder: any Decoder, _ names: [(Value, String)]) throws -> Value {
    let container = try decoder.singleValueContainer()
    let name = try container.decode(String.self)
    guard let match = names.first(where: { $0.1 == name }) else {
        let known = names.map { "\"\($0.1)\"" }.joined(separator: ", ")
        throw DecodingError.dataCorruptedError(
            in: container, debugDescription: "unknown \(Value.self) \"\(name)\"; expected one of \(known)")
    }
    return match.0
}

/// Encodes a case as its name among `names`.
func encodeCase<Value: Equatable>(_ value: Value, _ encoder: any Encoder, _ names: [(Value, String)]) throws {
    var container = encoder.singleValueContainer()
    try container.encode(names.first(where: { $0.0 == value })?.1 ?? "\(value)")
}
