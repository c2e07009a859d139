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
    /// An encoder.
    public init() {}

    /// `value` as script-safe JSON text.
    public func encode(_ value: some Encodable) throws(EscapingError) -> String {
        let writer = ScriptJSONWriter()
        do {
            try writer.write(value, codingPath: [])
        } catch let error as EscapingError {
            throw error
        } catch {
            throw .notEncodable(path: .root, reason: "\(error)")
        }
        guard !writer.bytes.isEmpty else { throw .notEncodable(path: .root, reason: "\(type(of: value)) encodes no value") }
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}

/// The text being written and the containers still open in it. Codable says when a container
/// opens but not when it ends: a container ends when its parent writes again, or when the
/// value that opened it returns from `encode(to:)`.
final class ScriptJSONWriter {
    private(set) var bytes: [UInt8] = []

    private struct OpenContainer {
        /// Which container: a container that finds another in its place has been closed.
        let token: Int
        /// `]` or `}`; `nil` for a single value, which has no brackets and holds one value.
        let closing: UInt8?
        var count = 0
        /// A `superEncoder`'s writer, whose text becomes the member whose key is written.
        var pendingSuper: ScriptJSONWriter?
    }

    private var open: [OpenContainer] = []
    private var nextToken = 0

    /// Writes `value` at the current position, closing whatever it leaves open.
    func write<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws {
        let depth = open.count
        let start = bytes.count
        if T.self == String.self, let string = value as? String {
            string.withUTF8Bytes { JavaScriptEscaping.appendQuoted($0, to: &bytes) }
        } else if let text = try Self.specialText(value, codingPath: codingPath) {
            bytes.append(contentsOf: text.utf8)
        } else if let members = (value as? any StringKeyedMembers)?.sortedMembers {
            bytes.append(UInt8(ascii: "{"))
            for (index, (key, member)) in members.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                key.withUTF8Bytes { JavaScriptEscaping.appendQuoted($0, to: &bytes) }
                bytes.append(UInt8(ascii: ":"))
                try write(member, codingPath: codingPath + [PathKey(stringValue: key)])
            }
            bytes.append(UInt8(ascii: "}"))
        } else {
            try value.encode(to: ScriptEncoder(writer: self, token: token(), depth: depth, codingPath: codingPath))
            try close(above: depth)
            // As `JSONEncoder` writes a nested value that encodes nothing.
            if bytes.count == start, depth > 0 || !codingPath.isEmpty { bytes.append(contentsOf: "{}".utf8) }
        }
    }

    /// The text of a value Foundation's own `Encodable` conformance would write in another form.
    private static func specialText<T: Encodable>(_ value: T, codingPath: [any CodingKey]) throws(EscapingError) -> String? {
        if T.self == JSONNumber.self, let number = value as? JSONNumber { return number.text }
        if T.self == URL.self, let url = value as? URL { return Escaper.javaScriptString(url.absoluteString) }
        if T.self == Data.self, let data = value as? Data { return Escaper.javaScriptString(data.base64EncodedString()) }
        if T.self == Decimal.self, let decimal = value as? Decimal {
            guard let number = JSONNumber(decimalText: decimal.description) else {
                throw .notEncodable(path: JSONPath(codingPath: codingPath), reason: "\(decimal) is not a finite number")
            }
            return number.text
        }
        return nil
    }

    func token() -> Int {
        nextToken += 1
        return nextToken
    }

    /// Writes a number's text, refusing NaN and infinity.
    func writeNumber(_ number: Double, codingPath: [any CodingKey]) throws(EscapingError) {
        guard let json = JSONNumber(number) else {
            throw .notEncodable(path: JSONPath(codingPath: codingPath), reason: EscapingError.nonFiniteNumber(number).description)
        }
        bytes.append(contentsOf: json.text.utf8)
    }

    func writeInteger(_ value: some BinaryInteger) {
        bytes.append(contentsOf: (Int64(exactly: value).map(JSONNumber.decimalText) ?? "\(value)").utf8)
    }

    func writeLiteral(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    /// Opens a container at `depth` for the encoder `token` (`brackets` `[]` or `{}`, or `nil`
    /// for a single value), or finds the one it opened.
    func openContainer(token: Int, depth: Int, brackets: (UInt8, UInt8)?, codingPath: [any CodingKey]) throws {
        try close(above: depth + 1)
        if open.count == depth + 1, open[depth].token == token, open[depth].closing == brackets?.1, brackets != nil { return }
        guard open.count == depth else { throw misuse(codingPath, "a second container for one value") }
        if let (opening, _) = brackets { bytes.append(opening) }
        open.append(OpenContainer(token: token, closing: brackets?.1))
    }

    /// Makes the container `token` at `depth` current, closing those inside it, and counts a
    /// new element; a container that another has replaced is an error, never broken text.
    func startElement(token: Int, depth: Int, codingPath: [any CodingKey]) throws {
        guard open.count > depth, open[depth].token == token else { throw misuse(codingPath, "a container used after it ended") }
        try close(above: depth + 1)
        if open[depth].count > 0 {
            guard open[depth].closing != nil else { throw misuse(codingPath, "a single value container twice") }
            bytes.append(UInt8(ascii: ","))
        }
        open[depth].count += 1
    }

    /// A member's key, after ``startElement(token:depth:codingPath:)``.
    func writeKey(_ key: String) {
        key.withUTF8Bytes { JavaScriptEscaping.appendQuoted($0, to: &bytes) }
        bytes.append(UInt8(ascii: ":"))
    }

    /// A writer for a `superEncoder`, whose text is written as the current element.
    func superWriter(depth: Int) -> ScriptJSONWriter {
        let writer = ScriptJSONWriter()
        open[depth].pendingSuper = writer
        return writer
    }

    /// Closes the containers at `depth` and deeper.
    func close(above depth: Int) throws {
        while open.count > depth {
            let container = open[open.count - 1]
            if let pending = container.pendingSuper {
                try pending.close(above: 0)
                bytes.append(contentsOf: pending.bytes.isEmpty ? Array("{}".utf8) : pending.bytes)
                open[open.count - 1].pendingSuper = nil
                continue
            }
            if let closing = container.closing { bytes.append(closing) }
            open.removeLast()
        }
    }

    func misuse(_ codingPath: [any CodingKey], _ what: String) -> EscapingError {
        .notEncodable(path: JSONPath(codingPath: codingPath), reason: "the type's encode(to:) uses \(what)")
    }
}

/// A dictionary whose members are written in the order of their keys' code points.
private protocol StringKeyedMembers {
    var sortedMembers: [(String, any Encodable)]? { get }
}

extension Dictionary: StringKeyedMembers where Value: Encodable {
    fileprivate var sortedMembers: [(String, any Encodable)]? {
        // The keys a dictionary encodes as object members: strings, and integers as their digits.
        let members: [(String, any Encodable)]
        if let strings = self as? [String: Value] {
            members = strings.map { ($0.key, $0.value) }
        } else if let integers = self as? [Int: Value] {
            members = integers.map { (String($0.key), $0.value) }
        } else {
            return nil
        }
        return members.sorted { $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars) }
    }
}

private struct ScriptEncoder: Encoder {
    let writer: ScriptJSONWriter
    let token: Int
    let depth: Int
    let codingPath: [any CodingKey]
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
}

private struct ScriptKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: ScriptEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: ScriptJSONWriter { encoder.writer }

    init(encoder: ScriptEncoder) {
        self.encoder = encoder
        // An empty object is still an object. `container(keyedBy:)` cannot throw: a misuse
        // found here is reported by the first member.
        try? open()
    }

    private func open() throws {
        try writer.openContainer(
            token: encoder.token, depth: encoder.depth, brackets: (UInt8(ascii: "{"), UInt8(ascii: "}")), codingPath: codingPath)
    }

    private func member(_ key: Key) throws {
        try open()
        try writer.startElement(token: encoder.token, depth: encoder.depth, codingPath: codingPath + [key])
        writer.writeKey(key.stringValue)
    }

    mutating func encodeNil(forKey key: Key) throws {
        try member(key)
        writer.writeLiteral("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        try member(key)
        writer.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        try member(key)
        try writer.writeNumber(value, codingPath: codingPath + [key])
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        try member(key)
        try writer.writeNumber(Double(value), codingPath: codingPath + [key])
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
        writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try member(key)
        try writer.write(value, codingPath: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        nestedEncoder(key).container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        nestedEncoder(key).unkeyedContainer()
    }

    /// An encoder for the value of `key`; a failure to start the member surfaces when the
    /// nested container writes, as a container used after it ended.
    private func nestedEncoder(_ key: Key) -> ScriptEncoder {
        let started = (try? member(key)) != nil
        return ScriptEncoder(writer: writer, token: started ? writer.token() : -1, depth: encoder.depth + 1, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        superEncoder(named: PathKey(stringValue: "super"))
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        superEncoder(named: key)
    }

    private func superEncoder(named key: any CodingKey) -> any Encoder {
        guard (try? open()) != nil,
            (try? writer.startElement(token: encoder.token, depth: encoder.depth, codingPath: codingPath)) != nil
        else { return ScriptEncoder(writer: ScriptJSONWriter(), token: -1, depth: 0, codingPath: codingPath + [key]) }
        writer.writeKey(key.stringValue)
        let superWriter = writer.superWriter(depth: encoder.depth)
        return ScriptEncoder(writer: superWriter, token: superWriter.token(), depth: 0, codingPath: codingPath + [key])
    }
}

private struct ScriptUnkeyedContainer: UnkeyedEncodingContainer {
    let encoder: ScriptEncoder
    private(set) var count = 0
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: ScriptJSONWriter { encoder.writer }

    init(encoder: ScriptEncoder) {
        self.encoder = encoder
        // An empty array is still an array.
        try? writer.openContainer(
            token: encoder.token, depth: encoder.depth, brackets: (UInt8(ascii: "["), UInt8(ascii: "]")), codingPath: codingPath)
    }

    private mutating func element() throws -> [any CodingKey] {
        let path = codingPath + [PathKey(intValue: count)]
        try writer.startElement(token: encoder.token, depth: encoder.depth, codingPath: path)
        count += 1
        return path
    }

    mutating func encodeNil() throws {
        _ = try element()
        writer.writeLiteral("null")
    }

    mutating func encode(_ value: Bool) throws {
        _ = try element()
        writer.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: Double) throws {
        try writer.writeNumber(value, codingPath: element())
    }

    mutating func encode(_ value: Float) throws {
        try writer.writeNumber(Double(value), codingPath: element())
    }

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
        _ = try element()
        writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try writer.write(value, codingPath: element())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        nestedEncoder().container(keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        nestedEncoder().unkeyedContainer()
    }

    private mutating func nestedEncoder() -> ScriptEncoder {
        let path = (try? element()) ?? codingPath
        return ScriptEncoder(
            writer: writer, token: path.count > codingPath.count ? writer.token() : -1, depth: encoder.depth + 1, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        guard let path = try? element() else {
            return ScriptEncoder(writer: ScriptJSONWriter(), token: -1, depth: 0, codingPath: codingPath)
        }
        let superWriter = writer.superWriter(depth: encoder.depth)
        return ScriptEncoder(writer: superWriter, token: superWriter.token(), depth: 0, codingPath: path)
    }
}

private struct ScriptSingleValueContainer: SingleValueEncodingContainer {
    let encoder: ScriptEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }
    private var writer: ScriptJSONWriter { encoder.writer }

    /// A single value is written where the encoder stands, once.
    private func start() throws {
        try writer.openContainer(token: encoder.token, depth: encoder.depth, brackets: nil, codingPath: codingPath)
        try writer.startElement(token: encoder.token, depth: encoder.depth, codingPath: codingPath)
    }

    mutating func encodeNil() throws {
        try start()
        writer.writeLiteral("null")
    }

    mutating func encode(_ value: Bool) throws {
        try start()
        writer.writeLiteral(value ? "true" : "false")
    }

    mutating func encode(_ value: Double) throws {
        try start()
        try writer.writeNumber(value, codingPath: codingPath)
    }

    mutating func encode(_ value: Float) throws {
        try start()
        try writer.writeNumber(Double(value), codingPath: codingPath)
    }

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
        try start()
        writer.writeInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try start()
        try writer.write(value, codingPath: codingPath)
    }
}
