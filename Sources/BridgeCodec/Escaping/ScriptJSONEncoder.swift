import Foundation

/// Writes any `Encodable` value as JSON that is safe wherever the app puts it into a page:
/// inside an HTML `<script>` block, in `evaluateJavaScript`, as a JavaScript expression.
///
/// Strings and keys are written as ``Escaper/javaScriptString(_:)`` writes them, so the text
/// holds no raw `<`, `>`, `&`, `'`, U+2028 or U+2029. NaN and infinity are refused, never
/// written as `null` or `0`. Members are written in the order the type encodes them (a
/// synthesized `Encodable` follows its declaration); a dictionary's, in the order of their keys'
/// code points, so the same value always gives the same text. As `JSONEncoder` writes them
/// by default, a `URL` is its absolute string and `Data` is base64; a `Decimal` is written from
/// its digits, never through a `Double`.
///
/// Read with `JSON.parse`, the text gives back the value exactly. Evaluated as a JavaScript
/// literal, it does too, except that a member named `__proto__` sets that object's prototype,
/// as in any object literal, instead of becoming a member.
public struct ScriptJSONEncoder: Sendable {
    /// An encoder. It has no settings and keeps no state between calls: one serves every value, on any thread.
    public init() {}

    /// `value` as script-safe JSON text.
    public func encode(_ value: some Encodable) throws(EscapingError) -> String {
        let writer = ScriptJSONWriter()
        do {
            try writer.write(value, pathLength: 0, at: nil)
        } catch let error as EscapingError {
            throw error
        } catch EncodingError.invalidValue(_, let context) {
            // A type's own refusal, at the path its encoder was given.
            throw .notEncodable(path: JSONPath(codingPath: context.codingPath), reason: context.debugDescription)
        } catch {
            throw .notEncodable(path: .root, reason: "\(error)")
        }
        guard !writer.bytes.isEmpty else { throw .notEncodable(path: .root, reason: "\(type(of: value)) encodes no value") }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// What every encoder and container of one `encode` call shares: the text and the path.
/// Codable says when a container opens but not when it ends: a container ends when its parent
/// writes again, or when the value that opened it returns from `encode(to:)`.
final class ScriptJSONWriter {
    /// The text and the open containers, changed by one mutating call per step: a class's
    /// stored property costs an exclusivity check per access, a struct's fields none.
    var text = ScriptJSONText()
    /// The keys from the root to the value being written. Encoding is depth first, so an
    /// encoder's path is a prefix of these (its length); no path is built unless asked for.
    private var keys: [any CodingKey]
    /// The path of the value a `superEncoder`'s writer writes.
    private let basePath: [any CodingKey]

    init(basePath: [any CodingKey] = []) {
        self.basePath = basePath
        keys = []
        keys.reserveCapacity(8)
    }

    var bytes: [UInt8] { text.bytes }

    /// The path of an encoder `pathLength` keys down.
    func codingPath(_ pathLength: Int) -> [any CodingKey] {
        basePath + keys.prefix(pathLength)
    }

    /// The key type `Dictionary` encodes its members under (the standard library's own, which
    /// is not public), found once by encoding one: its containers' members are sorted.
    fileprivate static let dictionaryKeyType: ObjectIdentifier? = {
        let probe = ScriptJSONWriter()
        probe.text.isProbe = true
        try? probe.write(["": 0], pathLength: 0, at: nil)
        return probe.text.lastKeyType
    }()

    /// Writes `value`, the member `key` of the container `pathLength` keys down (`nil`: the
    /// container's value itself), closing whatever it leaves open.
    func write<T: Encodable>(_ value: T, pathLength: Int, at key: (any CodingKey)?) throws {
        if T.self == String.self, let string = value as? String {
            text.appendQuoted(string)
            return
        }
        if try writeSpecial(value, path: { codingPath(pathLength) + (key.map { [$0] } ?? []) }) { return }
        let innerPathLength = key.map { enter($0, below: pathLength) } ?? pathLength
        let (depth, start, token) = text.startValue()
        try value.encode(to: ScriptEncoder(writer: self, token: token, depth: depth, pathLength: innerPathLength))
        try text.endValue(depth: depth, start: start)
    }

    /// Writes a value whose own `Encodable` conformance writes another form than JSON holds;
    /// `false` for any other value.
    private func writeSpecial<T: Encodable>(_ value: T, path: () -> [any CodingKey]) throws(EscapingError) -> Bool {
        if T.self == JSONNumber.self, let number = value as? JSONNumber {
            text.bytes.append(contentsOf: number.text.utf8)
        } else if T.self == URL.self, let url = value as? URL {
            text.appendQuoted(url.absoluteString)
        } else if T.self == Data.self, let data = value as? Data {
            text.appendQuoted(data.base64EncodedString())
        } else if T.self == Decimal.self, let decimal = value as? Decimal {
            guard let number = JSONNumber(decimalText: decimal.description) else {
                throw .notEncodable(path: JSONPath(codingPath: path()), reason: "\(decimal) is not a finite number")
            }
            text.bytes.append(contentsOf: number.text.utf8)
        } else {
            return false
        }
        return true
    }

    /// The path length of a nested container's encoder: `key` below the first `pathLength` keys.
    func enter(_ key: any CodingKey, below pathLength: Int) -> Int {
        if keys.count > pathLength { keys.removeSubrange(pathLength...) }
        keys.append(key)
        return keys.count
    }

    /// A writer for a `superEncoder` at `path`, whose text is written as the current element.
    func superWriter(depth: Int, path: [any CodingKey]) -> ScriptJSONWriter {
        let writer = ScriptJSONWriter(basePath: path)
        text.setPendingSuper(writer, depth: depth)
        return writer
    }
}

/// The text being written and the containers still open in it, with the rules that keep the
/// text JSON whatever order the containers are used in.
struct ScriptJSONText {
    var bytes: [UInt8] = []

    private struct OpenContainer {
        /// Which container: a container that finds another in its place has been closed.
        let token: Int
        /// `]` or `}`; `nil` for a single value, which has no brackets and holds one value.
        let closing: UInt8?
        var count = 0
        /// A `superEncoder`'s writer, whose text becomes the member whose key is written.
        var pendingSuper: ScriptJSONWriter?
        /// A dictionary's members, each key with where its text starts: sorted when it closes.
        var members: [(key: String, start: Int)]?
    }

    private var open: [OpenContainer]

    init() {
        bytes.reserveCapacity(256)
        open = []
        open.reserveCapacity(8)
    }
    private var nextToken = 0
    /// Whether this text finds `Dictionary`'s key type, and sorts no dictionary.
    fileprivate var isProbe = false
    /// The key type of a container seen last, for the probe.
    fileprivate private(set) var lastKeyType: ObjectIdentifier?

    /// A new container's token, in 32 bits as an encoder holds it.
    mutating func token() -> Int {
        nextToken = nextToken == Int(Int32.max) ? 1 : nextToken + 1
        return nextToken
    }

    mutating func appendQuoted(_ string: String) {
        string.withUTF8Bytes { JavaScriptEscaping.appendQuoted($0, to: &bytes) }
    }

    /// Where a value the type encodes itself starts: the depth, the offset, its encoder's token.
    mutating func startValue() -> (depth: Int, start: Int, token: Int) {
        (open.count, bytes.count, token())
    }

    /// Closes what the value that started at `depth` and `start` left open.
    mutating func endValue(depth: Int, start: Int) throws {
        try close(above: depth)
        // As `JSONEncoder` writes a nested value that encodes nothing.
        if bytes.count == start, depth > 0 { bytes.append(contentsOf: "{}".utf8) }
    }

    /// Writes a number's text, refusing NaN and infinity.
    mutating func writeNumber(_ number: Double, path: @autoclosure () -> [any CodingKey]) throws(EscapingError) {
        guard let json = JSONNumber(number) else {
            throw .notEncodable(path: JSONPath(codingPath: path()), reason: EscapingError.nonFiniteNumber(number).description)
        }
        bytes.append(contentsOf: json.text.utf8)
    }

    mutating func writeInteger(_ value: some BinaryInteger) {
        bytes.append(contentsOf: String(value).utf8)
    }

    mutating func writeLiteral(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Opens a container at `depth` for the encoder `token` (`brackets` `[]` or `{}`, or `nil`
    /// for a single value), or finds the one it opened; `keyType` is an object's key type.
    mutating func openContainer(
        token: Int, depth: Int, brackets: (UInt8, UInt8)?, keyType: Any.Type? = nil, path: @autoclosure () -> [any CodingKey]
    ) throws {
        try close(above: depth + 1)
        if open.count == depth + 1, open[depth].token == token, open[depth].closing == brackets?.1, brackets != nil { return }
        guard open.count == depth else { throw misuse(path(), "a second container for one value") }
        if let (opening, _) = brackets { bytes.append(opening) }
        var container = OpenContainer(token: token, closing: brackets?.1)
        if let keyType {
            lastKeyType = ObjectIdentifier(keyType)
            if !isProbe, lastKeyType == ScriptJSONWriter.dictionaryKeyType { container.members = [] }
        }
        open.append(container)
    }

    /// Makes the container `token` at `depth` current, closing those inside it, and starts a new
    /// element (`key`: a member); a container that another has replaced is an error, never broken text.
    mutating func startElement(token: Int, depth: Int, key: String? = nil, path: @autoclosure () -> [any CodingKey]) throws {
        guard open.count > depth, open[depth].token == token else { throw misuse(path(), "a container used after it ended") }
        try close(above: depth + 1)
        if open[depth].members != nil, let key {
            // Sorted when the dictionary closes; the commas are written then.
            open[depth].members?.append((key, bytes.count))
        } else if open[depth].count > 0 {
            guard open[depth].closing != nil else { throw misuse(path(), "a single value container twice") }
            bytes.append(UInt8(ascii: ","))
        }
        open[depth].count += 1
        if let key {
            key.withUTF8Bytes { JavaScriptEscaping.appendQuoted($0, to: &bytes) }
            bytes.append(UInt8(ascii: ":"))
        }
    }

    mutating func setPendingSuper(_ writer: ScriptJSONWriter, depth: Int) {
        open[depth].pendingSuper = writer
    }

    /// Closes the containers at `depth` and deeper.
    mutating func close(above depth: Int) throws {
        while open.count > depth {
            let container = open[open.count - 1]
            if let pending = container.pendingSuper {
                try pending.text.close(above: 0)
                bytes.append(contentsOf: pending.bytes.isEmpty ? Array("{}".utf8) : pending.bytes)
                open[open.count - 1].pendingSuper = nil
                continue
            }
            if let members = container.members, let first = members.first {
                sortMembers(members, from: first.start)
            }
            if let closing = container.closing { bytes.append(closing) }
            open.removeLast()
        }
    }

    /// Puts a dictionary's members, written from `start` to the end, in the order of their keys'
    /// code points, with commas between them.
    private mutating func sortMembers(_ members: [(key: String, start: Int)], from start: Int) {
        let ends = members.dropFirst().map(\.start) + [bytes.count]
        let ordered = zip(members, ends).sorted { $0.0.key.unicodeScalars.lexicographicallyPrecedes($1.0.key.unicodeScalars) }
        var sorted: [UInt8] = []
        sorted.reserveCapacity(bytes.count - start + members.count)
        for (index, (member, end)) in ordered.enumerated() {
            if index > 0 { sorted.append(UInt8(ascii: ",")) }
            sorted.append(contentsOf: bytes[member.start..<end])
        }
        bytes.replaceSubrange(start..., with: sorted)
    }

    func misuse(_ path: [any CodingKey], _ what: String) -> EscapingError {
        .notEncodable(path: JSONPath(codingPath: path), reason: "the type's encode(to:) uses \(what)")
    }
}

private struct ScriptEncoder: Encoder {
    let writer: ScriptJSONWriter
    // 32-bit fields: with the writer, an encoder (and a container holding one) fits inside an
    // existential's inline buffer, and handing out a container allocates nothing.
    private let packedToken: Int32
    private let packedDepth: Int32
    private let packedPathLength: Int32
    var token: Int { Int(packedToken) }
    var depth: Int { Int(packedDepth) }
    /// How many of the writer's keys lead here.
    var pathLength: Int { Int(packedPathLength) }

    init(writer: ScriptJSONWriter, token: Int, depth: Int, pathLength: Int) {
        self.writer = writer
        packedToken = Int32(truncatingIfNeeded: token)
        packedDepth = Int32(truncatingIfNeeded: depth)
        packedPathLength = Int32(truncatingIfNeeded: pathLength)
    }
    var codingPath: [any CodingKey] { writer.codingPath(pathLength) }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(ScriptKeyedContainer<Key>(encoder: self))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        ScriptUnkeyedContainer(encoder: self)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        ScriptSingleValueContainer(encoder: self)
    }

    /// An encoder that writes nowhere, for a container that could not start its element: the
    /// misuse is reported when it writes.
    func detached(_ path: [any CodingKey]) -> ScriptEncoder {
        ScriptEncoder(writer: ScriptJSONWriter(basePath: path), token: -1, depth: 0, pathLength: 0)
    }
}

private struct ScriptKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ScriptEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: ScriptJSONWriter { encoder.writer }

    init(encoder: ScriptEncoder) {
        self.encoder = encoder
        // An empty object is still an object. `container(keyedBy:)` cannot throw: a misuse
        // found here is reported by the first member.
        try? writer.text.openContainer(
            token: encoder.token, depth: encoder.depth, brackets: (UInt8(ascii: "{"), UInt8(ascii: "}")), keyType: Key.self,
            path: encoder.codingPath)
    }

    private func member(_ key: some CodingKey) throws {
        try writer.text.startElement(token: encoder.token, depth: encoder.depth, key: key.stringValue, path: codingPath + [key])
    }

    mutating func encodeNil(forKey key: Key) throws {
        try member(key)
        writer.text.writeLiteral("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try member(key)
        writer.text.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        try member(key)
        try writer.write(value, pathLength: encoder.pathLength, at: key)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try member(key)
        try writer.text.writeNumber(value, path: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try member(key)
        try writer.text.writeNumber(Double(value), path: codingPath + [key])
    }

    // Every primitive is a requirement of its own, whose default calls the generic `encode`;
    // integers are written here, where they cannot come back to it.
    mutating func encode(_ value: Int, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try integer(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try integer(value, key) }

    private mutating func integer(_ value: some BinaryInteger, _ key: Key) throws {
        try member(key)
        writer.text.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.write(value, pathLength: encoder.pathLength, at: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: PathKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    /// An encoder for the value of `key`.
    private func nestedEncoder(_ key: Key) -> ScriptEncoder {
        guard (try? member(key)) != nil else { return encoder.detached(codingPath + [key]) }
        return ScriptEncoder(
            writer: writer, token: writer.text.token(), depth: encoder.depth + 1, pathLength: writer.enter(key, below: encoder.pathLength))
    }

    private func superEncoder(named key: some CodingKey) -> any Encoder {
        let path = codingPath + [key]
        guard (try? member(key)) != nil else { return encoder.detached(path) }
        let superWriter = writer.superWriter(depth: encoder.depth, path: path)
        return ScriptEncoder(writer: superWriter, token: superWriter.text.token(), depth: 0, pathLength: 0)
    }
}

/// What the unkeyed and single-value containers share: every value is written once the next
/// element starts.
private protocol ScriptValueContainer {
    var encoder: ScriptEncoder { get }
    /// Starts the next value and gives its key: an array's index, or `nil` for a single value.
    mutating func startValue() throws -> (any CodingKey)?
}

extension ScriptValueContainer {
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: ScriptJSONWriter { encoder.writer }

    private func path(_ key: (any CodingKey)?) -> [any CodingKey] {
        codingPath + (key.map { [$0] } ?? [])
    }

    mutating func encodeNil() throws {
        _ = try startValue()
        writer.text.writeLiteral("null")
    }

    mutating func encode(_ value: Bool) throws {
        _ = try startValue()
        writer.text.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: String) throws {
        try writer.write(value, pathLength: encoder.pathLength, at: startValue())
    }

    mutating func encode(_ value: Double) throws {
        let key = try startValue()
        try writer.text.writeNumber(value, path: path(key))
    }

    mutating func encode(_ value: Float) throws {
        let key = try startValue()
        try writer.text.writeNumber(Double(value), path: path(key))
    }

    // Every primitive is a requirement of its own; integers are written here, where they cannot
    // come back to the generic `encode`.
    mutating func encode(_ value: Int) throws { try integer(value) }
    mutating func encode(_ value: Int8) throws { try integer(value) }
    mutating func encode(_ value: Int16) throws { try integer(value) }
    mutating func encode(_ value: Int32) throws { try integer(value) }
    mutating func encode(_ value: Int64) throws { try integer(value) }
    mutating func encode(_ value: UInt) throws { try integer(value) }
    mutating func encode(_ value: UInt8) throws { try integer(value) }
    mutating func encode(_ value: UInt16) throws { try integer(value) }
    mutating func encode(_ value: UInt32) throws { try integer(value) }
    mutating func encode(_ value: UInt64) throws { try integer(value) }

    private mutating func integer(_ value: some BinaryInteger) throws {
        _ = try startValue()
        writer.text.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.write(value, pathLength: encoder.pathLength, at: startValue())
    }
}

private struct ScriptUnkeyedContainer: UnkeyedEncodingContainer, ScriptValueContainer {
    let encoder: ScriptEncoder
    private var packedCount: Int32 = 0
    var count: Int { Int(packedCount) }
    private var writer: ScriptJSONWriter { encoder.writer }

    init(encoder: ScriptEncoder) {
        self.encoder = encoder
        // An empty array is still an array.
        try? writer.text.openContainer(
            token: encoder.token, depth: encoder.depth, brackets: (UInt8(ascii: "["), UInt8(ascii: "]")), path: encoder.codingPath)
    }

    /// Starts the next element; its path is made only when asked for.
    mutating func startValue() throws -> (any CodingKey)? {
        let index = count
        try writer.text.startElement(token: encoder.token, depth: encoder.depth, path: codingPath + [PathKey(intValue: index)])
        packedCount &+= 1
        return PathKey(intValue: index)
    }

    private var lastPath: [any CodingKey] { codingPath + [PathKey(intValue: count - 1)] }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    private mutating func nestedEncoder() -> ScriptEncoder {
        guard (try? startValue()) != nil else { return encoder.detached(codingPath) }
        let pathLength = writer.enter(PathKey(intValue: count - 1), below: encoder.pathLength)
        return ScriptEncoder(writer: writer, token: writer.text.token(), depth: encoder.depth + 1, pathLength: pathLength)
    }

    mutating func superEncoder() -> any Encoder {
        guard (try? startValue()) != nil else { return encoder.detached(codingPath) }
        let superWriter = writer.superWriter(depth: encoder.depth, path: lastPath)
        return ScriptEncoder(writer: superWriter, token: superWriter.text.token(), depth: 0, pathLength: 0)
    }
}

private struct ScriptSingleValueContainer: SingleValueEncodingContainer, ScriptValueContainer {
    let encoder: ScriptEncoder
    private var writer: ScriptJSONWriter { encoder.writer }

    /// A single value is written where the encoder stands, once.
    mutating func startValue() throws -> (any CodingKey)? {
        try writer.text.openContainer(token: encoder.token, depth: encoder.depth, brackets: nil, path: codingPath)
        try writer.text.startElement(token: encoder.token, depth: encoder.depth, path: codingPath)
        return nil
    }
}
