/// Read access to one JSON value: a tree (``JSONValue``, as a WKWebView object graph becomes)
/// or a value of a parsed document that has not been turned into a tree. Message models read
/// through this, so each rule is written once and runs on both; the compiler specialises them
/// for each. The Codable decoder reads documents only (``JSONTapeDecoder``).
protocol JSONNode {
    /// An array's elements in order.
    associatedtype Elements: Collection where Elements.Element == Self

    /// The kind of value.
    var kind: JSONKind { get }
    /// The boolean; `nil` for any other kind.
    var boolValue: Bool? { get }
    /// The string; `nil` for any other kind.
    var stringValue: String? { get }
    /// The value `table` has for this string; `nil` when it has none or this is not a string.
    func string<Value>(matchingIn table: UTF8PrefixTable<Value>) -> Value?
    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? { get }
    /// The number's nearest `Double`; `nil` for any other kind.
    var doubleValue: Double? { get }
    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer?
    /// The member whose key has the code units `key`; `nil` when absent or not an object.
    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Self?
    /// An object's members in order; `nil` for any other kind.
    var members: [(key: String, value: Self)]? { get }
    /// An array's elements; `nil` for any other kind.
    var elements: Elements? { get }
    /// The value as a tree.
    var jsonValue: JSONValue { get }
}

extension JSONNode {
    /// The member named `key`, compared by code units; `nil` when absent or not an object.
    func member(forKey key: String) -> Self? {
        var key = key
        return key.withUTF8 { member(forKeyUTF8: $0) }
    }

    /// The member named by a literal `key`, whose bytes are read in place.
    @inline(__always)
    func member(forKey key: StaticString) -> Self? {
        // `withUTF8Buffer`, not `utf8Start`: a one-character literal may be stored as a scalar.
        key.withUTF8Buffer { member(forKeyUTF8: $0) }
    }
}

extension JSONValue: JSONNode {
    var boolValue: Bool? {
        guard case .bool(let bool) = self else { return nil }
        return bool
    }

    var stringValue: String? {
        guard case .string(let string) = self else { return nil }
        return string
    }

    func string<Value>(matchingIn table: UTF8PrefixTable<Value>) -> Value? {
        guard case .string(let string) = self else { return nil }
        return table.value(for: string)
    }

    var numberValue: JSONNumber? {
        guard case .number(let number) = self else { return nil }
        return number
    }

    var doubleValue: Double? { numberValue?.doubleValue }

    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        numberValue?.exactInteger(Integer.self)
    }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> JSONValue? {
        guard case .object(let object) = self else { return nil }
        return object.members.first { $0.key.hasCodeUnits(key) }?.value
    }

    var members: [(key: String, value: JSONValue)]? {
        guard case .object(let object) = self else { return nil }
        return object.members.map { ($0.key, $0.value) }
    }

    var elements: [JSONValue]? {
        guard case .array(let elements) = self else { return nil }
        return elements
    }

    var jsonValue: JSONValue { self }
}
