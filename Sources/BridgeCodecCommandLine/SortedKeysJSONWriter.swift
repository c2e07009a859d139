import BridgeCodec
import Foundation

/// Writes any `Encodable` value as compact JSON text, as `JSONEncoder` with `.sortedKeys` writes
/// it: object members sorted (by code points), `URL` as its absolute string, `Data` as base64,
/// `Decimal` from its digits, a `Date` in its own `Encodable` form, `nil` in a keyed container left
/// out, a key written twice keeping its last value; a double as JavaScript writes it
/// (``JSONNumber/init(_:)-(Double)``). NaN and infinity are refused at their path. A ``JSONValue``
/// is written as it stands, members in its own order.
///
/// The CLI writes every result with it. A value is written through one arena of nodes whose
/// scalars are already text, so nothing is built twice and no member copies its coding path; a
/// writer keeps its arena's storage from one value to the next, so one writer per thread writes a
/// stream of small values without allocating for each.
package final class SortedKeysJSONWriter {
    private let arena = Arena()

    package init() {}

    /// Appends `value`'s text to `output`; on an error `output` is left as it was.
    package func write(_ value: some Encodable, into output: inout [UInt8]) throws(JSONError) {
        arena.reset()
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

    /// Appends `value`'s text to `output` with a writer of its own.
    package static func write(_ value: some Encodable, into output: inout [UInt8]) throws(JSONError) {
        try SortedKeysJSONWriter().write(value, into: &output)
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
/// nodes of their own, linked in order (an object's kept sorted by key as they are added); a
/// scalar is a range of ``scalars``, already JSON text. Flat arrays, so that a small value
/// allocates a handful of times however many members it has.
private final class Arena {
    enum Kind: UInt8 {
        /// Nothing written yet: an empty object, as `JSONEncoder` writes an encoder given no value.
        case empty
        case scalar, object, array
    }

    struct Node {
        var kind = Kind.empty
        /// A scalar's text in ``scalars``.
        var start = 0
        var end = 0
        /// A container's first member, an array's last (where the next is appended), and the
        /// member after this one in its container.
        var first = -1
        var last = -1
        var next = -1
        var count = 0
        /// The container that holds this node, and this node's key or index in it, for paths.
        let parent: Int
        let key: String?
        let index: Int
    }

    var nodes: [Node] = []
    var scalars: [UInt8] = []

    /// Empties the arena for the next value, keeping its storage: node 0 is the value.
    func reset() {
        nodes.removeAll(keepingCapacity: true)
        scalars.removeAll(keepingCapacity: true)
        nodes.append(Node(parent: -1, key: nil, index: 0))
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
        nodes[node].kind = .scalar
        nodes[node].start = start
        nodes[node].end = scalars.count
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

    /// Makes `node` a container of `kind`, keeping what it holds if it is one already.
    func make(_ node: Int, _ kind: Kind) {
        guard nodes[node].kind != kind else { return }
        nodes[node].kind = kind
        nodes[node].first = -1
        nodes[node].last = -1
        nodes[node].count = 0
    }

    /// The node of member `key` of `node` (made an object if it is not one). A key written again
    /// starts its value over, as `JSONEncoder` replaces it, unless `keeping` (a nested container,
    /// which adds to what the member holds).
    func member(_ key: String, of node: Int, keeping: Bool = false) -> Int {
        make(node, .object)
        // Members stay sorted by key, in UTF-8 byte order, which is code-point order.
        var previous = -1
        var current = nodes[node].first
        while current >= 0, let existing = nodes[current].key {
            if existing == key {
                if !keeping { nodes[current].kind = .empty }
                return current
            }
            if key.utf8.lexicographicallyPrecedes(existing.utf8) { break }
            previous = current
            current = nodes[current].next
        }
        let child = nodes.count
        nodes.append(Node(next: current, parent: node, key: key, index: 0))
        if previous < 0 { nodes[node].first = child } else { nodes[previous].next = child }
        nodes[node].count += 1
        return child
    }

    /// A new last element of `node` (made an array if it is not one).
    func appendElement(to node: Int) -> Int {
        make(node, .array)
        let child = nodes.count
        nodes.append(Node(parent: node, key: nil, index: nodes[node].count))
        if nodes[node].last < 0 { nodes[node].first = child } else { nodes[nodes[node].last].next = child }
        nodes[node].last = child
        nodes[node].count += 1
        return child
    }

    func count(of node: Int) -> Int { nodes[node].kind == .array ? nodes[node].count : 0 }

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

    /// Appends node `node`'s text to `output`.
    func text(of node: Int, into output: inout [UInt8]) {
        let entry = nodes[node]
        switch entry.kind {
        case .empty: output.append(contentsOf: "{}".utf8)
        case .scalar: output.append(contentsOf: scalars[entry.start..<entry.end])
        case .array, .object:
            output.append(entry.kind == .array ? UInt8(ascii: "[") : UInt8(ascii: "{"))
            var member = entry.first
            while member >= 0 {
                if member != entry.first { output.append(UInt8(ascii: ",")) }
                if let key = nodes[member].key {
                    JSONValue.writeString(key, &output)
                    output.append(UInt8(ascii: ":"))
                }
                text(of: member, into: &output)
                member = nodes[member].next
            }
            output.append(entry.kind == .array ? UInt8(ascii: "]") : UInt8(ascii: "}"))
        }
    }
}

private struct Writer: Encoder {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        arena.make(node, .object)
        return KeyedEncodingContainer(Keyed<Key>(arena: arena, node: node))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        arena.make(node, .array)
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
        let nested = arena.member(key.stringValue, of: node, keeping: true)
        arena.make(nested, .object)
        return KeyedEncodingContainer(Keyed<NestedKey>(arena: arena, node: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = arena.member(key.stringValue, of: node, keeping: true)
        arena.make(nested, .array)
        return Unkeyed(arena: arena, node: nested)
    }

    mutating func superEncoder() -> any Encoder { Writer(arena: arena, node: arena.member("super", of: node, keeping: true)) }
    mutating func superEncoder(forKey key: Key) -> any Encoder {
        Writer(arena: arena, node: arena.member(key.stringValue, of: node, keeping: true))
    }
}

private struct Unkeyed: UnkeyedEncodingContainer, ScalarWriting {
    let arena: Arena
    let node: Int

    var codingPath: [any CodingKey] { arena.codingPath(of: node) }
    var count: Int { arena.count(of: node) }

    mutating func nextNode() -> Int { arena.appendElement(to: node) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = arena.appendElement(to: node)
        arena.make(nested, .object)
        return KeyedEncodingContainer(Keyed<NestedKey>(arena: arena, node: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = arena.appendElement(to: node)
        arena.make(nested, .array)
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
