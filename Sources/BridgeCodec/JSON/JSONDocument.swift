/// A strictly parsed document: its bytes and the parser's tokens, read in place.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string becomes
/// a `String` only when a model keeps it. Every read goes through a ``JSONView`` of the document,
/// where the reading rules are written once: the dispatcher's models read views directly, and
/// ``Node`` (which the Codable decoder holds) lends itself one for each call.
///
/// A class, so that a node, which the Codable decoder copies at every step, holds one reference.
@usableFromInline
final class JSONDocument: Sendable {
    /// The document's UTF-8 bytes. Text is copied here once: every read then lends the array's
    /// storage, where lending a `String`'s would ask the runtime for an optional's metadata.
    let bytes: [UInt8]
    /// The values in document order (``JSONToken``).
    let tokens: [JSONToken]
    /// Where the root sits in a larger document: the root for a whole message.
    let rootPath: JSONPath
    /// The rule every URL decoded from the document must pass; `nil` checks none.
    let urlPolicy: URLPolicy?

    /// Parses `text` strictly within `limits`.
    convenience init(parsing text: String, limits: JSONLimits, urlPolicy: URLPolicy? = nil) throws(JSONParseError) {
        try self.init(parsing: Array(text.utf8), limits: limits, urlPolicy: urlPolicy)
    }

    /// Parses `bytes` as a decoder reads them: text that is not strict JSON is a
    /// `malformedJSON` error at the root, and a breached limit its own reason at the path of the
    /// value that breaks it.
    @usableFromInline
    convenience init(reading bytes: [UInt8], limits: JSONLimits, urlPolicy: URLPolicy?) throws(JSONDecodeError) {
        do {
            try self.init(parsing: bytes, limits: limits, urlPolicy: urlPolicy)
        } catch {
            throw JSONDecodeError(error)
        }
    }

    /// Parses `bytes` strictly within `limits`.
    init(parsing bytes: [UInt8], limits: JSONLimits, urlPolicy: URLPolicy? = nil) throws(JSONParseError) {
        self.bytes = bytes
        self.urlPolicy = urlPolicy
        rootPath = .root
        // The buffer-borrowing APIs rethrow only untyped errors, so the typed error travels out as a `Result`.
        tokens = try bytes.withUnsafeBufferPointer { bytes in
            Result { () throws(JSONParseError) in try JSONParser.tokens(of: bytes, limits: limits) }
        }.get()
    }

    /// A document that is `null` at `path`: what an absent super key decodes as.
    init(nullAt path: JSONPath) {
        bytes = []
        urlPolicy = nil
        tokens = [JSONToken(kind: .null, flags: 0, start: 0, length: 0, next: 1)]
        rootPath = path
    }

    /// A document of `value`, already within limits, built without writing text and parsing it.
    @usableFromInline
    convenience init(value: JSONValue, urlPolicy: URLPolicy?) {
        var builder = Builder()
        builder.append(value)
        self.init(builder, urlPolicy: urlPolicy)
    }

    /// The document `builder` holds.
    init(_ builder: consuming Builder, urlPolicy: URLPolicy?) {
        bytes = builder.bytes
        tokens = builder.tokens
        self.urlPolicy = urlPolicy
        rootPath = .root
    }

    /// Builds a document value by value, from what is not text (a tree, an object graph): each
    /// string and number is copied as its bytes, and its token says what the parser's would (a
    /// string read as it stands, a number's short-integer form). Offsets fit 32 bits: a value
    /// within limits is under 4 GiB as JSON text, and its bytes here are fewer.
    struct Builder: ~Copyable {
        // Room for a typical message, so that a small one grows neither array.
        fileprivate var tokens: [JSONToken] = []
        fileprivate var bytes: [UInt8] = []

        init() {
            tokens.reserveCapacity(32)
            bytes.reserveCapacity(512)
        }

        private mutating func token(_ kind: JSONToken.Kind, flags: UInt8 = 0, start: Int, length: Int) {
            let next = UInt32(truncatingIfNeeded: tokens.count + 1)
            tokens.append(
                JSONToken(
                    kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
                    next: next))
        }

        private mutating func text(_ kind: JSONToken.Kind, _ string: String, flags: (UnsafeBufferPointer<UInt8>) -> UInt8) {
            let start = bytes.count
            let flag = string.withUTF8Bytes { utf8 in
                bytes.append(contentsOf: utf8)
                return flags(utf8)
            }
            token(kind, flags: flag, start: start, length: bytes.count - start)
        }

        mutating func null() { token(.null, start: bytes.count, length: 0) }
        mutating func bool(_ bool: Bool) { token(bool ? .true : .false, start: bytes.count, length: 0) }
        mutating func number(_ number: JSONNumber) {
            text(.number, number.text) { JSONNumberText.isShortInteger($0) ? JSONToken.shortIntegerFlag : 0 }
        }
        mutating func string(_ string: String) {
            text(.string, string) { utf8 in utf8.contains { $0 >= 0x80 } ? JSONToken.notPlainASCIIFlag : 0 }
        }

        /// Opens an array or object of `count` elements or members; its contents follow, then
        /// ``close(_:)`` with the position returned here.
        mutating func open(_ kind: JSONToken.Kind, count: Int) -> Int {
            token(kind, start: bytes.count, length: count)
            return tokens.count - 1
        }

        mutating func close(_ position: Int) {
            tokens[position].next = UInt32(truncatingIfNeeded: tokens.count)
        }

        mutating func append(_ value: JSONValue) {
            switch value {
            case .null: null()
            case .bool(let value): bool(value)
            case .number(let value): number(value)
            case .string(let value): string(value)
            case .array(let elements):
                let position = open(.array, count: elements.count)
                for element in elements { append(element) }
                close(position)
            case .object(let object):
                let position = open(.object, count: object.count)
                for member in object {
                    string(member.key)
                    append(member.value)
                }
                close(position)
            }
        }
    }

    /// The top-level value.
    var root: Node { Node(document: self, index: 0) }

    /// Reads the value at `index` through a view of this document, valid only inside `body`.
    @inline(__always)
    func withView<Result>(at index: Int, _ body: (JSONView) -> Result) -> Result {
        tokens.withUnsafeBufferPointer { tokens in
            bytes.withUnsafeBufferPointer { bytes in body(JSONView(tokens: tokens, bytes: bytes, index: index)) }
        }
    }

    /// The path from the root to the value at `index`. Reads keep no paths; only errors and
    /// `codingPath` ask for one.
    func path(to index: Int) -> JSONPath {
        withView(at: index) { $0.path(from: rootPath) }
    }

    /// One value of the document.
    struct Node {
        let document: JSONDocument
        let index: Int

        var token: JSONToken { document.tokens[index] }

        /// Where this value sits in the document.
        var path: JSONPath { document.path(to: index) }
    }

    /// The elements of an array, walked by skipping each one's tokens.
    struct Elements: Collection {
        let document: JSONDocument
        let startIndex: Int
        let endIndex: Int
        let count: Int

        subscript(position: Int) -> Node { Node(document: document, index: position) }

        func index(after position: Int) -> Int { Int(document.tokens[position].next) }
    }
}

/// Each read is the view's, through a view of the document lent for the call.
extension JSONDocument.Node {
    /// The kind of value.
    var kind: JSONKind { document.withView(at: index) { $0.kind } }
    /// The boolean; `nil` for any other kind.
    var boolValue: Bool? { document.withView(at: index) { $0.boolValue } }
    /// The string; `nil` for any other kind.
    var stringValue: String? { document.withView(at: index) { $0.stringValue } }
    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? { document.withView(at: index) { $0.numberValue } }
    /// The number's nearest `Double`; `nil` for any other kind.
    var doubleValue: Double? { document.withView(at: index) { $0.doubleValue } }
    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        document.withView(at: index) { $0.exactInteger(Integer.self) }
    }
    /// The value as a tree.
    var jsonValue: JSONValue { document.withView(at: index) { $0.jsonValue } }

    /// The member named `key`, compared by code units; `nil` when absent or not an object.
    func member(forKey key: String) -> Self? {
        key.withUTF8Bytes { key in
            document.withView(at: index) { $0.member(forKeyUTF8: key)?.index }.map { Self(document: document, index: $0) }
        }
    }

    /// A type mismatch: `expected` was wanted here, this value's kind was found.
    func mismatch(_ expected: String) -> JSONDecodeError {
        JSONDecodeError(path: path, reason: .typeMismatch(expected: expected, found: kind))
    }

    /// An object's members in order; `nil` for any other kind.
    var members: [(key: String, value: Self)]? {
        document.withView(at: index) { $0.members?.map { ($0.key, Self(document: document, index: $0.value.index)) } }
    }

    /// Two keys of this object that differ in code units but are one Swift `String` (canonically
    /// equivalent: NFC and NFD "é", or "K" and U+212A KELVIN SIGN), which a Swift dictionary would
    /// merge into one entry; `nil` when there are none. Objects whose keys are all plain ASCII
    /// (distinct ASCII text is never equivalent) are answered from their tokens alone: every
    /// Codable row (`StrictJSONDecoder`, an app's channel) misses its budget without that.
    var keysEqualAsSwiftStrings: (String, String)? {
        guard !document.withView(at: index, \.keysArePlainASCII), let members else { return nil }
        var seen: [String: String] = [:]
        for (key, _) in members {
            if let earlier = seen.updateValue(key, forKey: key) { return (earlier, key) }
        }
        return nil
    }

    /// An array's elements; `nil` for any other kind.
    var elements: JSONDocument.Elements? {
        let token = token
        guard token.kind == .array else { return nil }
        return JSONDocument.Elements(document: document, startIndex: index + 1, endIndex: Int(token.next), count: Int(token.length))
    }
}
