/// A strictly parsed document: its bytes, as they came, and the parser's tokens, read in place.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string becomes
/// a `String` only when a model keeps it. The dispatcher's models and the Codable decoder read
/// it through ``Node``, where every reading rule is written once.
struct JSONDocument: Sendable {
    /// The document's bytes, held in the form they came in so that none is copied.
    enum Source: Sendable {
        case bytes([UInt8])
        case text(String)
    }

    let source: Source
    /// The values in document order (``JSONToken``).
    let tokens: [JSONToken]
    /// Where the root sits in a larger document: the root for a whole message.
    var rootPath = JSONPath.root

    /// Parses `text` strictly within `limits`.
    init(parsing text: String, limits: JSONLimits) throws(JSONParseError) {
        try self.init(parsing: .text(text), limits: limits)
    }

    /// Parses `bytes` strictly within `limits`.
    init(parsing bytes: [UInt8], limits: JSONLimits) throws(JSONParseError) {
        try self.init(parsing: .bytes(bytes), limits: limits)
    }

    private init(parsing source: Source, limits: JSONLimits) throws(JSONParseError) {
        self.source = source
        // The buffer-borrowing APIs rethrow only untyped errors, so the typed error travels out as a `Result`.
        tokens = try Self.withBytes(of: source) { bytes in
            Result { () throws(JSONParseError) in try JSONParser.tokens(of: bytes, limits: limits) }
        }.get()
    }

    /// A document that is `null` at `path`: what an absent super key decodes as.
    init(nullAt path: JSONPath) {
        source = .bytes([])
        tokens = [JSONToken(kind: .null, flags: 0, start: 0, length: 0, next: 1)]
        rootPath = path
    }

    /// Reads the document's bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Self.withBytes(of: source, body)
    }

    @inline(__always)
    private static func withBytes<Result>(of source: Source, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch source {
        case .bytes(let bytes): bytes.withUnsafeBufferPointer(body)
        case .text(let text): text.withUTF8Bytes(body)
        }
    }

    /// The top-level value.
    var root: Node { Node(document: self, index: 0) }

    /// The path from the root to the value at `index`, found by walking down the containers
    /// that hold it. Reads keep no paths; only errors and `codingPath` ask for one.
    func path(to index: Int) -> JSONPath {
        var path = rootPath
        var current = 0
        descent: while current < index {
            let container = tokens[current]
            guard container.kind == .array || container.kind == .object, index < Int(container.next) else { break }
            let isObject = container.kind == .object
            var position = current + 1
            var element = 0
            while position < Int(container.next) {
                let value = isObject ? position + 1 : position
                let end = Int(tokens[value].next)
                if index < end {
                    path.components.append(isObject ? .key(withBytes { tokens[position].string(in: $0) }) : .index(element))
                    current = value
                    continue descent
                }
                position = end
                element += 1
            }
            break
        }
        return path
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

extension JSONDocument.Node: JSONNode {
    var kind: JSONKind {
        switch token.kind {
        case .null: .null
        case .true, .false: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// The boolean; `nil` for any other kind.
    var boolValue: Bool? {
        switch token.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    var stringValue: String? {
        let token = token
        guard token.kind == .string else { return nil }
        return document.withBytes { token.string(in: $0) }
    }

    func withStringUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        let token = token
        guard token.kind == .string else { return nil }
        return document.withBytes { bytes in
            let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
            return token.hasEscapes ? JSONStringEscapes.withUnescaped(raw, body) : body(raw)
        }
    }

    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? {
        let token = token
        guard token.kind == .number else { return nil }
        return document.withBytes { token.number(in: $0) }
    }

    var doubleValue: Double? {
        let token = token
        guard token.kind == .number else { return nil }
        return document.withBytes { token.doubleValue(in: $0) }
    }

    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        let token = token
        guard token.kind == .number else { return nil }
        guard token.isShortInteger else { return numberValue?.exactInteger(Integer.self) }
        // At most 18 digits: exact in an Int64, then checked against the type's range.
        let (isNegative, magnitude) = document.withBytes { JSONNumberText.shortInteger(UnsafeBufferPointer(rebasing: $0[token.range])) }
        return Integer(exactly: isNegative ? -magnitude : magnitude)
    }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Self? {
        let token = token
        guard token.kind == .object else { return nil }
        let tokens = document.tokens
        let found: Int? = document.withBytes { bytes in
            var position = index + 1
            while position < Int(token.next) {
                if tokens[position].stringHasCodeUnits(key, in: bytes) { return position + 1 }
                position = Int(tokens[position + 1].next)
            }
            return nil
        }
        return found.map { Self(document: document, index: $0) }
    }

    /// An object's members in order; `nil` for any other kind.
    var members: [(key: String, value: Self)]? {
        let token = token
        guard token.kind == .object else { return nil }
        let tokens = document.tokens
        return document.withBytes { bytes in
            var members: [(key: String, value: Self)] = []
            var position = index + 1
            while position < Int(token.next) {
                members.append((tokens[position].string(in: bytes), Self(document: document, index: position + 1)))
                position = Int(tokens[position + 1].next)
            }
            return members
        }
    }

    /// Two keys of this object that differ in code units but are one Swift `String` (canonically
    /// equivalent: NFC and NFD "é", or "K" and U+212A KELVIN SIGN), which a Swift dictionary would
    /// merge into one entry; `nil` when there are none. Objects whose keys are all plain ASCII
    /// (distinct ASCII text is never equivalent) are answered from their tokens alone.
    var keysEqualAsSwiftStrings: (String, String)? {
        let tokens = document.tokens
        var position = index + 1
        var allPlainASCII = true
        while position < Int(token.next), allPlainASCII {
            allPlainASCII = tokens[position].isPlainASCII
            position = Int(tokens[position + 1].next)
        }
        guard !allPlainASCII, let members else { return nil }
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

    var jsonValue: JSONValue {
        let tokens = document.tokens
        let end = Int(token.next)
        return tokens.withUnsafeBufferPointer { all in
            document.withBytes { JSONValue(tokens: UnsafeBufferPointer(rebasing: all[index..<end]), in: $0) }
        }
    }
}
