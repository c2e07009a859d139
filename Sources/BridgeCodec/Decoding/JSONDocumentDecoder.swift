import Foundation

/// The `Decoder` over a value of a ``JSONDocument``, read in place.
/// Strict: a value decodes only as its own kind, and numbers only into types that hold them exactly.
///
/// Built for the way Codable calls it. Not generic over the node: `Decodable` types reach the
/// containers through existentials, where a generic container makes the runtime look its
/// metadata up on every call. No path is carried: the document finds a value's path from its
/// position (``JSONDocument/Node/path``), and only errors and `codingPath` ask. So a decoder is
/// one node, small enough to sit inside an `any Decoder` without a heap box.
@usableFromInline
struct JSONDocumentDecoder: Decoder {
    @usableFromInline let node: JSONDocument.Node

    @usableFromInline
    init(node: JSONDocument.Node) {
        self.node = node
    }

    @usableFromInline var codingPath: [any CodingKey] { node.path.codingKeys }
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    @usableFromInline func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try reading([String: Any].self) {
            guard node.kind == .object else { throw node.mismatch("an object") }
            return KeyedDecodingContainer(KeyedContainer<Key>(object: node))
        }
    }

    @usableFromInline func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try reading([Any].self) {
            guard let elements = node.elements else { throw node.mismatch("an array") }
            return UnkeyedContainer(array: node, elements: elements)
        }
    }

    /// The decoder is its own single-value container: both are the one value.
    @inlinable
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }
}

// MARK: - Containers

/// Runs a container's read. A failure reaches the model's own `init(from:)` as the
/// `DecodingError` `JSONDecoder` would throw (so its `catch DecodingError.keyNotFound` and the
/// like behave the same), with the package's error as its underlying error; at the decoder's
/// API it is that error again. A model's own errors pass as they are.
@inlinable @inline(__always)
func reading<Value>(_ type: Any.Type, _ read: () throws -> Value) throws -> Value {
    do {
        return try read()
    } catch let error as JSONError {
        throw error.decodingError(type)
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let object: JSONDocument.Node

    var codingPath: [any CodingKey] { object.path.codingKeys }
    var allKeys: [Key] { (object.members ?? []).compactMap { Key(stringValue: $0.key) } }

    func contains(_ key: Key) -> Bool { object.member(forKey: key.stringValue) != nil }

    private func value(for key: Key) throws(JSONError) -> JSONDocument.Node {
        guard let value = object.member(forKey: key.stringValue) else {
            throw JSONError(path: object.path.appending(key: key.stringValue), reason: .missingKey)
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool { try reading(Bool.self) { try value(for: key).kind == .null } }
    func decode(_: Bool.Type, forKey key: Key) throws -> Bool { try reading(Bool.self) { try StrictDecoding.bool(value(for: key)) } }
    func decode(_: String.Type, forKey key: Key) throws -> String {
        try reading(String.self) { try StrictDecoding.string(value(for: key)) }
    }
    func decode(_: Double.Type, forKey key: Key) throws -> Double {
        try reading(Double.self) { try StrictDecoding.double(value(for: key)) }
    }
    func decode(_: Float.Type, forKey key: Key) throws -> Float { try reading(Float.self) { try StrictDecoding.float(value(for: key)) } }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
        try reading(Int.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
        try reading(Int8.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
        try reading(Int16.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
        try reading(Int32.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
        try reading(Int64.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
        try reading(UInt.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
        try reading(UInt8.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
        try reading(UInt16.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
        try reading(UInt32.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
        try reading(UInt64.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 {
        try reading(Int128.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 {
        try reading(UInt128.self) { try StrictDecoding.integer(value(for: key), as: type) }
    }
    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try reading(T.self) { try StrictDecoding.decode(type, from: value(for: key)) }
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try JSONDocumentDecoder(node: value(for: key)).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONDocumentDecoder(node: value(for: key)).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        superDecoder(named: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        superDecoder(named: key.stringValue)
    }

    /// As in `JSONDecoder`, a missing super key decodes as `null`.
    private func superDecoder(named name: String) -> any Decoder {
        JSONDocumentDecoder(
            node: object.member(forKey: name) ?? JSONDocument(nullAt: object.path.appending(key: name), readAs: object.document).root)
    }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
    let array: JSONDocument.Node
    let elements: JSONDocument.Elements
    private(set) var currentIndex = 0
    private var position: Int

    init(array: JSONDocument.Node, elements: JSONDocument.Elements) {
        self.array = array
        self.elements = elements
        self.position = elements.startIndex
    }

    var codingPath: [any CodingKey] { array.path.codingKeys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { position == elements.endIndex }

    /// The next element; advances only when `read` succeeds, as Codable expects.
    private mutating func next<T>(_ read: (JSONDocument.Node) throws -> T) throws -> T {
        guard !isAtEnd else { throw JSONError(path: array.path.appending(index: currentIndex), reason: .missingElement) }
        let result = try read(elements[position])
        advance()
        return result
    }

    private mutating func advance() {
        position = elements.index(after: position)
        currentIndex += 1
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd else {
            throw JSONError(path: array.path.appending(index: currentIndex), reason: .missingElement).decodingError(Any?.self)
        }
        if elements[position].kind == .null {
            advance()
            return true
        }
        return false
    }

    mutating func decode(_: Bool.Type) throws -> Bool { try reading(Bool.self) { try next(StrictDecoding.bool) } }
    mutating func decode(_: String.Type) throws -> String { try reading(String.self) { try next(StrictDecoding.string) } }
    mutating func decode(_: Double.Type) throws -> Double { try reading(Double.self) { try next(StrictDecoding.double) } }
    mutating func decode(_: Float.Type) throws -> Float { try reading(Float.self) { try next(StrictDecoding.float) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try reading(Int.self) { try integer(type) } }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try reading(Int8.self) { try integer(type) } }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try reading(Int16.self) { try integer(type) } }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try reading(Int32.self) { try integer(type) } }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try reading(Int64.self) { try integer(type) } }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try reading(UInt.self) { try integer(type) } }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try reading(UInt8.self) { try integer(type) } }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try reading(UInt16.self) { try integer(type) } }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try reading(UInt32.self) { try integer(type) } }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try reading(UInt64.self) { try integer(type) } }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try reading(Int128.self) { try integer(type) } }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try reading(UInt128.self) { try integer(type) } }
    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try reading(T.self) { try next { value in try StrictDecoding.decode(type, from: value) } }
    }

    private mutating func integer<Integer: FixedWidthInteger>(_ type: Integer.Type) throws -> Integer {
        try next { value in try StrictDecoding.integer(value, as: type) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        try next { value in try JSONDocumentDecoder(node: value).container(keyedBy: type) }
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try next { value in try JSONDocumentDecoder(node: value).unkeyedContainer() }
    }

    mutating func superDecoder() throws -> any Decoder {
        try next { value in JSONDocumentDecoder(node: value) }
    }
}

extension JSONDocumentDecoder: SingleValueDecodingContainer {
    @usableFromInline func decodeNil() -> Bool { node.kind == .null }
    @usableFromInline func decode(_: Bool.Type) throws -> Bool { try reading(Bool.self) { try StrictDecoding.bool(node) } }
    @usableFromInline func decode(_: String.Type) throws -> String { try reading(String.self) { try StrictDecoding.string(node) } }
    @usableFromInline func decode(_: Double.Type) throws -> Double { try reading(Double.self) { try StrictDecoding.double(node) } }
    @usableFromInline func decode(_: Float.Type) throws -> Float { try reading(Float.self) { try StrictDecoding.float(node) } }
    @usableFromInline func decode(_ type: Int.Type) throws -> Int { try reading(Int.self) { try StrictDecoding.integer(node, as: type) } }
    @usableFromInline func decode(_ type: Int8.Type) throws -> Int8 {
        try reading(Int8.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: Int16.Type) throws -> Int16 {
        try reading(Int16.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: Int32.Type) throws -> Int32 {
        try reading(Int32.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: Int64.Type) throws -> Int64 {
        try reading(Int64.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: UInt.Type) throws -> UInt {
        try reading(UInt.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: UInt8.Type) throws -> UInt8 {
        try reading(UInt8.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: UInt16.Type) throws -> UInt16 {
        try reading(UInt16.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: UInt32.Type) throws -> UInt32 {
        try reading(UInt32.self) { try StrictDecoding.integer(node, as: type) }
    }
    @usableFromInline func decode(_ type: UInt64.Type) throws -> UInt64 {
        try reading(UInt64.self) { try StrictDecoding.integer(node, as: type) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @usableFromInline func decode(_ type: Int128.Type) throws -> Int128 {
        try reading(Int128.self) { try StrictDecoding.integer(node, as: type) }
    }
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @usableFromInline func decode(_ type: UInt128.Type) throws -> UInt128 {
        try reading(UInt128.self) { try StrictDecoding.integer(node, as: type) }
    }
    @inlinable
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try reading(T.self) { try StrictDecoding.decode(type, from: node) } }
}

// MARK: - Coding keys for a path

/// A key of a path: a member's name or an element's index. An index's text is made only when
/// asked for, and the key fits inside an `any CodingKey` without a box.
package struct PathKey: CodingKey {
    private enum Step {
        case member(String)
        case index(Int)
    }

    private let step: Step

    package init(stringValue: String) {
        step = .member(stringValue)
    }

    package init(intValue: Int) {
        step = .index(intValue)
    }

    package var stringValue: String {
        switch step {
        case .member(let name): name
        case .index(let index): "Index \(index)"
        }
    }

    package var intValue: Int? {
        guard case .index(let index) = step else { return nil }
        return index
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
