/// A strictly parsed document kept as its bytes and their tokens, read without building a tree.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string
/// becomes a `String` only when a model keeps it. A class, so that each ``Node`` holds one
/// reference: nodes are copied at every step of a read.
final class JSONTape {
    /// The document's bytes, held in the form they came in so that none is copied.
    enum Source {
        case bytes([UInt8])
        case text(String)
    }

    let source: Source
    let tokens: JSONTokens

    /// Parses `bytes` strictly within `limits`.
    convenience init(parsing bytes: [UInt8], limits: JSONLimits) throws(JSONParseError) {
        try self.init(source: .bytes(bytes), limits: limits)
    }

    /// Parses `text` strictly within `limits`.
    convenience init(parsing text: String, limits: JSONLimits) throws(JSONParseError) {
        try self.init(source: .text(text), limits: limits)
    }

    private init(source: Source, limits: JSONLimits) throws(JSONParseError) {
        self.source = source
        self.tokens = try Self.withBytes(of: source) { buffer in
            Result { () throws(JSONParseError) in try JSONParser.tokens(of: buffer, limits: limits) }
        }.get()
    }

    /// Reads the document's bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        Self.withBytes(of: source, body)
    }

    @inline(__always)
    private static func withBytes<Result>(of source: Source, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch source {
        case .bytes(let bytes):
            return bytes.withUnsafeBufferPointer(body)
        case .text(var text):
            // Native strings are contiguous UTF-8 already, so this borrows it without copying.
            return text.withUTF8(body)
        }
    }

    /// The top-level value.
    var root: Node { Node(tape: self, index: 0) }

    /// One value of the document.
    struct Node {
        let tape: JSONTape
        let index: Int

        var token: JSONToken { tape.tokens[index] }

        func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
            tape.withBytes(body)
        }
    }

    /// The elements of an array, walked by skipping each one's tokens.
    struct Elements: Collection {
        let tape: JSONTape
        let startIndex: Int
        let endIndex: Int
        let count: Int

        subscript(position: Int) -> Node { Node(tape: tape, index: position) }

        func index(after position: Int) -> Int { Int(tape.tokens[position].next) }
    }
}

extension JSONTape.Node: JSONNode {
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
        return withBytes { token.string(in: $0) }
    }

    func isString(withCodeUnitsOf string: String) -> Bool {
        let token = token
        guard token.kind == .string else { return false }
        var string = string
        return string.withUTF8 { utf8 in withBytes { token.stringHasCodeUnits(utf8, in: $0) } }
    }

    var numberValue: JSONNumber? {
        let token = token
        guard token.kind == .number else { return nil }
        return withBytes { token.number(in: $0) }
    }

    var doubleValue: Double? {
        let token = token
        guard token.kind == .number else { return nil }
        return withBytes { token.doubleValue(in: $0) }
    }

    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        let token = token
        guard token.kind == .number else { return nil }
        guard token.isShortInteger else { return numberValue?.exactInteger(Integer.self) }
        // At most 18 digits: exact in an Int64, then checked against the type's range.
        return withBytes { bytes in
            let (isNegative, magnitude) = JSONNumberText.shortInteger(UnsafeBufferPointer(rebasing: bytes[token.range]))
            return Integer(exactly: isNegative ? -magnitude : magnitude)
        }
    }

    func member(forKey key: String) -> Self? {
        let token = token
        guard token.kind == .object else { return nil }
        var key = key
        return key.withUTF8 { utf8 in
            withBytes { bytes in
                let tokens = tape.tokens
                var position = index + 1
                while position < Int(token.next) {
                    if tokens[position].stringHasCodeUnits(utf8, in: bytes) { return Self(tape: tape, index: position + 1) }
                    position = Int(tokens[position + 1].next)
                }
                return nil
            }
        }
    }

    var members: [(key: String, value: Self)]? {
        let token = token
        guard token.kind == .object else { return nil }
        return withBytes { bytes in
            var members: [(key: String, value: Self)] = []
            var position = index + 1
            while position < Int(token.next) {
                members.append((tape.tokens[position].string(in: bytes), Self(tape: tape, index: position + 1)))
                position = Int(tape.tokens[position + 1].next)
            }
            return members
        }
    }

    var elements: JSONTape.Elements? {
        let token = token
        guard token.kind == .array else { return nil }
        return JSONTape.Elements(tape: tape, startIndex: index + 1, endIndex: Int(token.next), count: Int(token.length))
    }

    var jsonValue: JSONValue {
        let end = Int(token.next)
        return tape.tokens.withUnsafeBufferPointer { all in
            withBytes { JSONValue(tokens: UnsafeBufferPointer(rebasing: all[index..<end]), in: $0) }
        }
    }
}
