/// The error a tagged message's `init(from:)` attaches, as the underlying error of a
/// `DecodingError.dataCorrupted`, when its discriminator (`type`, `status`, `result`) has
/// a value the model does not know. ``StrictJSONDecoder`` reports it as
/// ``JSONDecodeError/Reason/unknownDiscriminator(_:known:)``; other decoders still see a
/// plain `DecodingError`.
struct UnknownDiscriminator: Error {
    let value: String
    let known: [String]
}

extension KeyedDecodingContainer {
    /// Decodes a string-valued enum, reporting a value outside `Value.allCases` as an unknown discriminator.
    func decodeDiscriminator<Value: RawRepresentable & CaseIterable>(
        _: Value.Type, forKey key: Key
    ) throws -> Value where Value.RawValue == String {
        let raw = try decode(String.self, forKey: key)
        guard let value = Value(rawValue: raw) else {
            let known = Value.allCases.map(\.rawValue)
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "unknown \(key.stringValue) \"\(JSONPath.escaped(raw))\"; known: \(known.joined(separator: ", "))",
                    underlyingError: UnknownDiscriminator(value: raw, known: known)))
        }
        return value
    }
}
