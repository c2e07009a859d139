/// A strictly checked document kept as its bytes and their tokens, read without building a tree.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string
/// becomes a `String` only when a model keeps it. Text is parsed into one (``parse(_:limits:)``);
/// values that arrive already structured, a Foundation object graph or a ``JSONValue``, are
/// written into one by ``JSONTapeBuilder``, so every way in is read by the same code.
///
/// The tokens live in this object's own tail, so a document is one allocation, and each
/// ``Node`` holds one reference: nodes are copied at every step of a read.
final class JSONTape: ManagedBuffer<JSONTape.Header, JSONToken> {
    /// The document's bytes, held in the form they came in so that none is copied.
    enum Source {
        case bytes([UInt8])
        case text(String)
    }

    /// What the object holds besides its tokens.
    struct Header {
        var source: Source
        /// How many of the elements are tokens.
        var count: Int
        /// Where the root sits in a larger document: the root for a whole message.
        var rootPath = JSONPath.root
    }

    /// Storage for `minimumCapacity` tokens, none written yet.
    static func empty(minimumCapacity: Int) -> JSONTape {
        // `create` called on this class makes an instance of it.
        unsafeDowncast(
            create(minimumCapacity: minimumCapacity) { _ in Header(source: .bytes([]), count: 0) },
            to: JSONTape.self)
    }

    /// Parses `bytes` strictly within `limits`.
    static func parse(_ bytes: [UInt8], limits: JSONLimits) throws(JSONParseError) -> JSONTape {
        try parse(source: .bytes(bytes), limits: limits)
    }

    /// Parses `text` strictly within `limits`.
    static func parse(_ text: String, limits: JSONLimits) throws(JSONParseError) -> JSONTape {
        try parse(source: .text(text), limits: limits)
    }

    private static func parse(source: Source, limits: JSONLimits) throws(JSONParseError) -> JSONTape {
        try withBytes(of: source) { buffer in
            Result { () throws(JSONParseError) in try JSONParser.tokens(of: buffer, limits: limits) }
        }.get().document(over: source)
    }

    /// The token at `index`, which is below the document's token count.
    @inline(__always)
    func token(at index: Int) -> JSONToken {
        withUnsafeMutablePointerToElements { $0[index] }
    }

    /// Reads the document's bytes.
    @inline(__always)
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withUnsafeMutablePointerToHeader { Self.withBytes(of: $0.pointee.source, body) }
    }

    /// Reads the tokens of the value at `index`, that value first.
    func withTokens<Result>(ofValueAt index: Int, _ body: (UnsafeBufferPointer<JSONToken>) -> Result) -> Result {
        let end = Int(token(at: index).next)
        return withUnsafeMutablePointerToElements { body(UnsafeBufferPointer(start: $0 + index, count: end - index)) }
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

    /// The path from the root to the value at `index`, found by walking down the containers that
    /// hold it. Reads keep no paths; only errors and `codingPath` ask for one.
    func path(to index: Int) -> JSONPath {
        var path = header.rootPath
        var current = 0
        withBytes { bytes in
            descent: while current < index {
                let container = token(at: current)
                guard container.kind == .array || container.kind == .object, index < Int(container.next) else { break }
                let isObject = container.kind == .object
                var position = current + 1
                var element = 0
                while position < Int(container.next) {
                    let value = isObject ? position + 1 : position
                    let end = Int(token(at: value).next)
                    if index < end {
                        path.components.append(isObject ? .key(token(at: position).string(in: bytes)) : .index(element))
                        current = value
                        continue descent
                    }
                    position = end
                    element += 1
                }
                break
            }
        }
        return path
    }

    /// One value of the document.
    struct Node {
        let tape: JSONTape
        let index: Int

        var token: JSONToken { tape.token(at: index) }

        /// Where this value sits in the document.
        var path: JSONPath { tape.path(to: index) }

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

        func index(after position: Int) -> Int { Int(tape.token(at: position).next) }
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
                var position = index + 1
                while position < Int(token.next) {
                    if tape.token(at: position).stringHasCodeUnits(utf8, in: bytes) { return Self(tape: tape, index: position + 1) }
                    position = Int(tape.token(at: position + 1).next)
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
                members.append((tape.token(at: position).string(in: bytes), Self(tape: tape, index: position + 1)))
                position = Int(tape.token(at: position + 1).next)
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
        tape.withTokens(ofValueAt: index) { tokens in withBytes { JSONValue(tokens: tokens, in: $0) } }
    }
}
