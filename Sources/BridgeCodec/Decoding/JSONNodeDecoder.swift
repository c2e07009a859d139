import Foundation

/// The `Decoder` over a ``JSONNode``: a parsed document read in place, or a ``JSONValue``.
/// Strict: a value decodes only as its own kind, and numbers only into types that hold them exactly.
struct JSONNodeDecoder<Node: JSONNode>: Decoder {
    let node: Node
    let path: PendingPath

    var codingPath: [any CodingKey] { path.resolved.codingKeys }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard node.kind == .object else {
            throw JSONDecodeError(path: path.resolved, reason: .typeMismatch(expected: "an object", found: node.kind))
        }
        return KeyedDecodingContainer(KeyedContainer<Key, Node>(object: node, path: path.resolved))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard let elements = node.elements else {
            throw JSONDecodeError(path: path.resolved, reason: .typeMismatch(expected: "an array", found: node.kind))
        }
        return UnkeyedContainer(elements: elements, path: path.resolved)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: node, path: path)
    }
}

// MARK: - Reading one value

/// The strict conversions every container shares.
enum StrictValue {
    static func bool<Node: JSONNode>(_ value: Node, at path: PendingPath) throws(JSONDecodeError) -> Bool {
        guard let bool = value.boolValue else { throw mismatch("a boolean", value, path) }
        return bool
    }

    static func string<Node: JSONNode>(_ value: Node, at path: PendingPath) throws(JSONDecodeError) -> String {
        guard let string = value.stringValue else { throw mismatch("a string", value, path) }
        return string
    }

    static func integer<Integer: FixedWidthInteger, Node: JSONNode>(
        _ value: Node, as _: Integer.Type, at path: PendingPath
    ) throws(JSONDecodeError) -> Integer {
        guard value.kind == .number else { throw mismatch("an integer", value, path) }
        guard let integer = value.exactInteger(Integer.self) else {
            throw JSONDecodeError(
                path: path.resolved, reason: .numberNotRepresentable(value.numberValue?.text ?? "", as: "\(Integer.self)"))
        }
        return integer
    }

    static func double<Node: JSONNode>(_ value: Node, at path: PendingPath) throws(JSONDecodeError) -> Double {
        guard let double = value.doubleValue else { throw mismatch("a number", value, path) }
        return double
    }

    static func float<Node: JSONNode>(_ value: Node, at path: PendingPath) throws(JSONDecodeError) -> Float {
        guard let double = value.doubleValue else { throw mismatch("a number", value, path) }
        let float = Float(double)
        guard float.isFinite else {
            throw JSONDecodeError(path: path.resolved, reason: .numberNotRepresentable(value.numberValue?.text ?? "", as: "Float"))
        }
        return float
    }

    static func decode<T: Decodable, Node: JSONNode>(_: T.Type, from value: Node, at path: PendingPath) throws -> T {
        // URL's own Codable form is an object on Apple platforms; on the bridge it is always a string.
        if T.self == URL.self {
            let string = try string(value, at: path)
            guard let url = URL(string: string) else {
                throw JSONDecodeError(path: path.resolved, reason: .invalidValue("\"\(string)\" is not a valid URL"))
            }
            return try cast(url, at: path)
        }
        return try T(from: JSONNodeDecoder(node: value, path: path))
    }

    private static func cast<T>(_ value: Any, at path: PendingPath) throws(JSONDecodeError) -> T {
        guard let typed = value as? T else {
            throw JSONDecodeError(path: path.resolved, reason: .invalidValue("cannot produce a \(T.self)"))
        }
        return typed
    }

    private static func mismatch<Node: JSONNode>(_ expected: String, _ value: Node, _ path: PendingPath) -> JSONDecodeError {
        JSONDecodeError(path: path.resolved, reason: .typeMismatch(expected: expected, found: value.kind))
    }
}

// MARK: - Containers

private struct KeyedContainer<Key: CodingKey, Node: JSONNode>: KeyedDecodingContainerProtocol {
    let object: Node
    let path: JSONPath

    var codingPath: [any CodingKey] { path.codingKeys }
    var allKeys: [Key] { (object.members ?? []).compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.member(forKey: key.stringValue) != nil }

    private func value(for key: Key) throws(JSONDecodeError) -> Node {
        guard let value = object.member(forKey: key.stringValue) else {
            throw JSONDecodeError(path: path.appending(key: key.stringValue), reason: .missingKey)
        }
        return value
    }

    private func valuePath(_ key: Key) -> PendingPath { PendingPath(parent: path, last: .key(key.stringValue)) }

    func decodeNil(forKey key: Key) throws -> Bool { try value(for: key).kind == .null }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool {
        try StrictValue.bool(value(for: key), at: valuePath(key))
    }
    func decode(_: String.Type, forKey key: Key) throws -> String {
        try StrictValue.string(value(for: key), at: valuePath(key))
    }
    func decode(_: Double.Type, forKey key: Key) throws -> Double {
        try StrictValue.double(value(for: key), at: valuePath(key))
    }
    func decode(_: Float.Type, forKey key: Key) throws -> Float {
        try StrictValue.float(value(for: key), at: valuePath(key))
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try StrictValue.decode(type, from: value(for: key), at: valuePath(key))
    }

    private func integer<Integer: FixedWidthInteger>(_ type: Integer.Type, _ key: Key) throws -> Integer {
        try StrictValue.integer(value(for: key), as: type, at: valuePath(key))
    }

    // The protocol's default `decodeIfPresent` looks the key up three times; these look once.
    // Absent and `null` both give `nil`.
    private func presentValue(for key: Key) -> Node? {
        guard let value = object.member(forKey: key.stringValue), value.kind != .null else { return nil }
        return value
    }

    func decodeIfPresent(_: Bool.Type, forKey key: Key) throws -> Bool? {
        try presentValue(for: key).map { value throws(JSONDecodeError) in try StrictValue.bool(value, at: valuePath(key)) }
    }
    func decodeIfPresent(_: String.Type, forKey key: Key) throws -> String? {
        try presentValue(for: key).map { value throws(JSONDecodeError) in try StrictValue.string(value, at: valuePath(key)) }
    }
    func decodeIfPresent(_: Double.Type, forKey key: Key) throws -> Double? {
        try presentValue(for: key).map { value throws(JSONDecodeError) in try StrictValue.double(value, at: valuePath(key)) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try presentValue(for: key).map { value throws(JSONDecodeError) in try StrictValue.integer(value, as: type, at: valuePath(key)) }
    }
    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try presentValue(for: key).map { value in try StrictValue.decode(type, from: value, at: valuePath(key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONNodeDecoder(node: value(for: key), path: valuePath(key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONNodeDecoder(node: value(for: key), path: valuePath(key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(named: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(named: key.stringValue)
    }

    /// As in `JSONDecoder`, a missing super key decodes as `null`.
    private func superDecoder(named name: String) -> any Decoder {
        guard let value = object.member(forKey: name) else {
            return JSONNodeDecoder(node: JSONValue.null, path: PendingPath(parent: path, last: .key(name)))
        }
        return JSONNodeDecoder(node: value, path: PendingPath(parent: path, last: .key(name)))
    }
}

private struct UnkeyedContainer<Elements: Collection>: UnkeyedDecodingContainer where Elements.Element: JSONNode {
    let elements: Elements
    let path: JSONPath
    private(set) var currentIndex = 0
    private var position: Elements.Index

    init(elements: Elements, path: JSONPath) {
        self.elements = elements
        self.path = path
        self.position = elements.startIndex
    }

    var codingPath: [any CodingKey] { path.codingKeys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { position == elements.endIndex }

    /// The next element and its path; advances only when `read` succeeds, as Codable expects.
    private mutating func next<T>(_ read: (Elements.Element, PendingPath) throws -> T) throws -> T {
        let elementPath = PendingPath(parent: path, last: .index(currentIndex))
        guard !isAtEnd else { throw JSONDecodeError(path: elementPath.resolved, reason: .missingElement) }
        let result = try read(elements[position], elementPath)
        advance()
        return result
    }

    private mutating func advance() {
        position = elements.index(after: position)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else { throw JSONDecodeError(path: path.appending(index: currentIndex), reason: .missingElement) }
        if elements[position].kind == .null {
            advance()
            return true
        }
        return false
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try next { value, path in try StrictValue.bool(value, at: path) } }
    mutating func decode(_: String.Type) throws -> String { try next { value, path in try StrictValue.string(value, at: path) } }
    mutating func decode(_: Double.Type) throws -> Double { try next { value, path in try StrictValue.double(value, at: path) } }
    mutating func decode(_: Float.Type) throws -> Float { try next { value, path in try StrictValue.float(value, at: path) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try next { value, path in try StrictValue.decode(type, from: value, at: path) }
    }

    private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        try next { value, path in try StrictValue.integer(value, as: type, at: path) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try next { value, path in try JSONNodeDecoder(node: value, path: path).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { value, path in try JSONNodeDecoder(node: value, path: path).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next { value, path in JSONNodeDecoder(node: value, path: path) }
    }
}

private struct SingleValueContainer<Node: JSONNode>: SingleValueDecodingContainer {
    let value: Node
    let path: PendingPath

    var codingPath: [any CodingKey] { path.resolved.codingKeys }

    func decodeNil() -> Bool { value.kind == .null }
    func decode(_: Bool.Type) throws -> Bool { try StrictValue.bool(value, at: path) }
    func decode(_: String.Type) throws -> String { try StrictValue.string(value, at: path) }
    func decode(_: Double.Type) throws -> Double { try StrictValue.double(value, at: path) }
    func decode(_: Float.Type) throws -> Float { try StrictValue.float(value, at: path) }
    func decode(_ type: Int.Type) throws -> Int { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try StrictValue.integer(value, as: type, at: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try StrictValue.integer(value, as: type, at: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try StrictValue.decode(type, from: value, at: path) }
}

// MARK: - Coding keys for a path

private struct PathKey: CodingKey {
    let stringValue: String
    let intValue: Int?

    init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    init(intValue: Int) {
        self.stringValue = "Index \(intValue)"
        self.intValue = intValue
    }
}

extension JSONPath {
    var codingKeys: [any CodingKey] {
        components.map { component in
            switch component {
            case .key(let key): PathKey(stringValue: key)
            case .index(let index): PathKey(intValue: index)
            }
        }
    }
}
