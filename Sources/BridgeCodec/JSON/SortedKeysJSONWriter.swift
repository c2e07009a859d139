import Foundation

/// Writes any `Encodable` value as compact JSON text, as `JSONEncoder` with `.sortedKeys` writes
/// it: object members sorted (by code points), `URL` as its absolute string, `Data` as base64,
/// `Decimal` from its digits, a `Date` in its own `Encodable` form, `nil` in a keyed container left
/// out, a key written twice keeping its last value; a double as JavaScript writes it
/// (``JSONNumber/init(_:)-(Double)``). NaN and infinity are refused at their path. A ``JSONValue``
/// is written as it stands, members in its own order.
///
/// The CLI writes every result with it. A value is written through one arena of nodes whose
/// scalars are already text, so nothing is built twice and no member copies its coding path.
package enum SortedKeysJSONWriter {
    /// Appends `value`'s text to `output`; on an error `output` is left as it was.
    package static func write(_ value: some Encodable, into output: inout [UInt8]) throws(JSONError) {
        let arena = Arena()
        do {
            try arena.write(value, at: 0)
        } catch let error as JSONError {
            throw error
        } catch EncodingError.invalidValue(_, let context) {
            throw JSONError(path: JSONPath(codingPath: context.codingPath), reason: .invalidValue(context.debugDescription))
        } catch {
            throw JSONError(path: .root, reason: .invalidValue("\(error)"))
        }
        arena.text(of: 0, into: &output)
    }
}

extension JSONValue {
    /// `value` as ``SortedKeysJSONWriter`` writes it, read back as a tree.
    package init(encodingSortedKeys value: some Encodable) throws(JSONError) {
        var text: [UInt8] = []
        try SortedKeysJSONWriter.write(value, into: &text)
        self = try JSONValue(parsing: text, limits: .largest)
    }
}

/// The nodes of one value being encoded: node 0 is the value itself. A container's members are
/// nodes of their own, found by key; a scalar is a range of ``scalars``, already JSON text.
private final class Arena {
    enum Content {
        /// Nothing written yet: an empty object, as `JSONEncoder` writes an encoder given no value.
        case empty
        case scalar(Range<Int>)
        case object(keys: [String], children: [Int])
        case array([Int])
    }

    struct Node {
        var content: Content = .empty
        /// The container that holds this node, and this node's key or index in it, for paths.
        let parent: Int
        let key: String?
        let index: Int

        init(parent: Int, key: String? = nil, index: Int = 0) {
            self.parent = parent
            self.key = key
            self.index = index
        }
    }

    var nodes: [Node] = [Node(parent: -1)]
    var scalars: [UInt8] = []

    init() {
        scalars.reserveCapacity(256)
    }

    // MARK: Building

    /// `value` into node `node`: the types `JSONEncoder` writes in a form of its own first.
    func write<Value: Encodable>(_ value: Value, at node: Int) throws {
        if Value.self == JSONValue.self, let json = value as? JSONValue {
            setScalar(node) { json.write(into: &$0) }
        } else if Value.self == URL.self, let url = value as? URL {
            setString(url.absoluteString, at: node)
        } else if Value.self == Data.self, let data = value as? Data {
            setString(data.base64EncodedString(), at: node)
        } else if Value.self == Decimal.self, let decimal = value as? Decimal {
            guard let number = JSONNumber(decimal) else { throw JSONError(path: path(of: node), reason: .nonFiniteNumber) }
            setScalar(node) { $0.append(contentsOf: number.text.utf8) }
        } else {
            try value.encode(to: Writer(arena: self, node: node))
        }
    }

    func setScalar(_ node: Int, _ write: (inout [UInt8]) -> Void) {
        let start = scalars.count
        write(&scalars)
        nodes[node].content = .scalar(start..<scalars.count)
    }

    func setString(_ string: String, at node: Int) {
        setScalar(node) { JSONValue.writeString(string, &$0) }
    }

    func setNumber(_ value: Double, at node: Int) throws {
        guard let number = JSONNumber(value) else { throw JSONError(path: path(of: node), reason: .nonFiniteNumber) }
        setScalar(node) { $0.append(contentsOf: number.text.utf8) }
    }

    /// A `Float` with its own shortest digits (`0.1`, as `JSONEncoder` writes it), not those of the
    /// `Double` it widens to (`0.10000000149011612`).
    func setNumber(_ value: Float, at node: Int) throws {
        guard value.isFinite else { throw JSONError(path: path(of: node), reason: .nonFiniteNumber) }
        let text = value == 0 ? "0" : JSONNumberText.javaScriptText(shortestForm: value.description)
        setScalar(node) { $0.append(contentsOf: text.utf8) }
    }

    func setInteger(_ value: some BinaryInteger, at node: Int) {
        setScalar(node) { $0.append(contentsOf: String(value).utf8) }
    }

    /// Makes `node` an object, keeping the members it has if it is one.
    func makeObject(_ node: Int) {
        if case .object = nodes[node].content { return }
        nodes[node].content = .object(keys: [], children: [])
    }

    /// Makes `node` an array, keeping the elements it has if it is one.
    func makeArray(_ node: Int) {
        if case .array = nodes[node].content { return }
        nodes[node].content = .array([])
    }

    /// The node of member `key` of object `node` (made an object if it is not one): the one it
    /// has, or a new one.
    func member(_ key: String, of node: Int) -> Int {
        makeObject(node)
        guard case .object(var keys, var children) = nodes[node].content else { return node }
        if let existing = keys.lastIndex(of: key) {
            // Written again: the member's value starts over, as `JSONEncoder` replaces it.
            let child = children[existing]
            nodes[child].content = .empty
            return child
        }
        let child = nodes.count
        nodes.append(Node(parent: node, key: key))
        // The node's storage is released before it is appended to, so the arrays grow in place.
        nodes[node].content = .empty
        keys.append(key)
        children.append(child)
        nodes[node].content = .object(keys: keys, children: children)
        return child
    }

    /// The existing member `key` of `node` for a nested container, which adds to what it holds.
    func nestedMember(_ key: String, of node: Int) -> Int {
        if case .object(let keys, let children) = nodes[node].content, let existing = keys.lastIndex(of: key) {
            return children[existing]
        }
        return member(key, of: node)
    }

    /// A new last element of array `node` (made an array if it is not one).
    func appendElement(to node: Int) -> Int {
        makeArray(node)
        guard case .array(var children) = nodes[node].content else { return node }
        let child = nodes.count
        nodes.append(Node(parent: node, index: children.count))
        nodes[node].content = .empty
        children.append(child)
        nodes[node].content = .array(children)
        return child
    }

    func count(of node: Int) -> Int {
        if case .array(let children) = nodes[node].content { return children.count }
        return 0
    }

    // MARK: Paths

    /// The coding path of `node`, found by walking up to the root: only errors and `codingPath` ask.
    func codingPath(of node: Int) -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var current = node
        while current > 0 {
            let entry = nodes[current]
            keys.append(entry.key.map { PathKey(stringValue: $0) } ?? PathKey(intValue: entry.index))
            current = entry.parent
        }
        return keys.reversed()
    }

    func path(of node: Int) -> JSONPath { JSONPath(codingPath: codingPath(of: node)) }

    // MARK: Writing

    /// Appends node `node`'s text to `output`, each object's members sorted by key.
    func text(of node: Int, into output: inout [UInt8]) {
        switch nodes[node].content {
        case .empty: output.append(contentsOf: "{}".utf8)
        case .scalar(let range): output.append(contentsOf: scalars[range])
        case .array(let children):
            output.append(UInt8(ascii: "["))
            for (position, child) in children.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                text(of: child, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let keys, let children):
            output.append(UInt8(ascii: "{"))
            let order = keys.indices.sorted { keys[$0].unicodeScalars.lexicographicallyPrecedes(keys[$1].unicodeScalars) }
            for (position, member) in order.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                JSONValue.writeString(keys[member], &output)
                output.append(UInt8(ascii: ":"))
                text(of: children[member], into: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

private struct Writer: Encoder {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        arena.makeObject(node)
        return KeyedEncodingContainer(Keyed<Key>(arena: arena, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        arena.makeArray(node)
        return Unkeyed(arena: arena, node: node)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { Single(arena: arena, node: node) }
}

/// A container that takes one scalar at a time into a node it names, the unkeyed and the
/// single-value one: its scalars are written the one way below.
private protocol ScalarWriting {
    var arena: Arena { get }
    /// The node the next scalar goes into.
    mutating func nextNode() -> Int
}

extension ScalarWriting {
    mutating func encodeNil() throws { arena.setScalar(nextNode()) { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool) throws { arena.setScalar(nextNode()) { $0.append(contentsOf: (value ? "true" : "false").utf8) } }
    mutating func encode(_ value: String) throws { arena.setString(value, at: nextNode()) }
    mutating func encode(_ value: Double) throws { try arena.setNumber(value, at: nextNode()) }
    mutating func encode(_ value: Float) throws { try arena.setNumber(value, at: nextNode()) }
    mutating func encode(_ value: Int) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: Int8) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: Int16) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: Int32) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: Int64) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: UInt) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: UInt8) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: UInt16) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: UInt32) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode(_ value: UInt64) throws { arena.setInteger(value, at: nextNode()) }
    mutating func encode<T: Encodable>(_ value: T) throws { try arena.write(value, at: nextNode()) }
}

private struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }

    private func member(_ key: Key) -> Int { arena.member(key.stringValue, of: node) }

    mutating func encodeNil(forKey key: Key) throws { arena.setScalar(member(key)) { $0.append(contentsOf: "null".utf8) } }
    mutating func encode(_ value: Bool, forKey key: Key) throws {
        arena.setScalar(member(key)) { $0.append(contentsOf: (value ? "true" : "false").utf8) }
    }
    mutating func encode(_ value: String, forKey key: Key) throws { arena.setString(value, at: member(key)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { try arena.setNumber(value, at: member(key)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { try arena.setNumber(value, at: member(key)) }
    mutating func encode(_ value: Int, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { arena.setInteger(value, at: member(key)) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try arena.write(value, at: member(key)) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = arena.nestedMember(key.stringValue, of: node)
        arena.makeObject(nested)
        return KeyedEncodingContainer(Keyed<NestedKey>(arena: arena, node: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = arena.nestedMember(key.stringValue, of: node)
        arena.makeArray(nested)
        return Unkeyed(arena: arena, node: nested)
    }

    mutating func superEncoder() -> any Encoder { Writer(arena: arena, node: arena.nestedMember("super", of: node)) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { Writer(arena: arena, node: arena.nestedMember(key.stringValue, of: node)) }
}

private struct Unkeyed: UnkeyedEncodingContainer, ScalarWriting {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }
    var count: Int { arena.count(of: node) }

    mutating func nextNode() -> Int { arena.appendElement(to: node) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = arena.appendElement(to: node)
        arena.makeObject(nested)
        return KeyedEncodingContainer(Keyed<NestedKey>(arena: arena, node: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = arena.appendElement(to: node)
        arena.makeArray(nested)
        return Unkeyed(arena: arena, node: nested)
    }

    mutating func superEncoder() -> any Encoder { Writer(arena: arena, node: arena.appendElement(to: node)) }
}

private struct Single: SingleValueEncodingContainer, ScalarWriting {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }

    func nextNode() -> Int { node }
}
