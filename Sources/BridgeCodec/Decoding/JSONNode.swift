/// Read access to one JSON value: a tree (``JSONValue``, which an object graph becomes) or a
/// value of a parsed document read in place (``JSONView``, and ``JSONDocument/Node``, which
/// reads through one). Message models read through this, so each rule is written once and runs
/// on all of them. The Codable decoder reads documents only (``JSONDocumentDecoder``).
protocol JSONNode {
    /// The kind of value.
    var kind: JSONKind { get }
    /// The string; `nil` for any other kind.
    var stringValue: String? { get }
    /// `body`'s result for this string's UTF-8, read without making a `String`; `nil` for any other kind.
    func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result?
    /// The number's nearest `Double`; `nil` for any other kind.
    var doubleValue: Double? { get }
    /// The member whose key has the code units `key`; `nil` when absent or not an object.
    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Self?
    /// The value as a tree; only an object graph's conversion can fail (its limits).
    var jsonValue: JSONValue { get throws(JSONDecodeError) }
}

extension JSONNode {
    /// The member named `key`, compared by code units; `nil` when absent or not an object.
    func member(forKey key: String) -> Self? {
        key.withUTF8Bytes { member(forKeyUTF8: $0) }
    }

    /// The member named by a literal `key`, whose bytes are read in place.
    @inline(__always)
    func member(forKey key: StaticString) -> Self? {
        // `withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a scalar.
        key.withUTF8Buffer { member(forKeyUTF8: $0) }
    }
}

extension JSONValue: JSONNode {
    var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard case .string(let string) = self else { return nil }
        return string.withUTF8Bytes(body)
    }

    var doubleValue: Double? {
        guard case .number(let number) = self else { return nil }
        return number.doubleValue
    }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object.members.first { $0.key.hasCodeUnits(key) }?.value
    }

    var jsonValue: JSONValue { self }
}
