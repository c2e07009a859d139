/// A strictly parsed document: its bytes and the parser's tokens, read in place.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string becomes
/// a `String` only when a model keeps it. Every read goes through a ``JSONView`` of the document,
/// where the reading rules are written once: the dispatcher's models read views directly, and
/// ``Node`` (which the Codable decoder holds) lends itself one for each call.
///
/// A class, so that a node, which the Codable decoder copies at every step, holds one reference.
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

    /// A document of `value`, already within limits, built from the tree without writing text and
    /// parsing it: each string and number is copied as its bytes, and its token says what the
    /// parser's would (a string read as it stands, a number's short-integer form).
    init(value: JSONValue, urlPolicy: URLPolicy?) {
        // Room for a typical message, so that a small one grows neither array.
        var tokens: [JSONToken] = []
        tokens.reserveCapacity(32)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(512)
        Self.append(value, to: &tokens, &bytes)
        self.bytes = bytes
        self.tokens = tokens
        self.urlPolicy = urlPolicy
        rootPath = .root
    }

    /// Appends the tokens of `value` and the bytes of its strings and numbers. Offsets fit 32
    /// bits: a value within limits is under 4 GiB as JSON text, and its bytes here are fewer.
    private static func append(_ value: JSONValue, to tokens: inout [JSONToken], _ bytes: inout [UInt8]) {
        let position = tokens.count
        func token(_ kind: JSONToken.Kind, flags: UInt8 = 0, start: Int, length: Int) {
            tokens.append(
                JSONToken(
                    kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
                    next: UInt32(truncatingIfNeeded: position + 1)))
        }
        func text(_ kind: JSONToken.Kind, _ string: String, flags: (UnsafeBufferPointer<UInt8>) -> UInt8) {
            let start = bytes.count
            let flag = string.withUTF8Bytes { utf8 in
                bytes.append(contentsOf: utf8)
                return flags(utf8)
            }
            token(kind, flags: flag, start: start, length: bytes.count - start)
        }
        switch value {
        case .null: token(.null, start: bytes.count, length: 0)
        case .bool(let bool): token(bool ? .true : .false, start: bytes.count, length: 0)
        case .number(let number):
            text(.number, number.text) { JSONNumberText.isShortInteger($0) ? JSONToken.shortIntegerFlag : 0 }
        case .string(let string):
            text(.string, string) { utf8 in utf8.contains { $0 >= 0x80 } ? JSONToken.notPlainASCIIFlag : 0 }
        case .array(let elements):
            token(.array, start: bytes.count, length: elements.count)
            for element in elements { append(element, to: &tokens, &bytes) }
            tokens[position].next = UInt32(truncatingIfNeeded: tokens.count)
        case .object(let object):
            token(.object, start: bytes.count, length: object.count)
            for member in object {
                append(.string(member.key), to: &tokens, &bytes)
                append(member.value, to: &tokens, &bytes)
            }
            tokens[position].next = UInt32(truncatingIfNeeded: tokens.count)
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
extension JSONDocument.Node: JSONNode {
    var kind: JSONKind { document.withView(at: index) { $0.kind } }
    /// The boolean; `nil` for any other kind.
    var boolValue: Bool? { document.withView(at: index) { $0.boolValue } }
    var stringValue: String? { document.withView(at: index) { $0.stringValue } }
    func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        document.withView(at: index) { $0.withStringUTF8(body) }
    }
    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? { document.withView(at: index) { $0.numberValue } }
    var doubleValue: Double? { document.withView(at: index) { $0.doubleValue } }
    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        document.withView(at: index) { $0.exactInteger(Integer.self) }
    }
    var jsonValue: JSONValue { document.withView(at: index) { $0.jsonValue } }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Self? {
        document.withView(at: index) { $0.member(forKeyUTF8: key)?.index }.map { Self(document: document, index: $0) }
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
