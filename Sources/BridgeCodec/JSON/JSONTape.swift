/// A strictly checked document kept as its bytes and their tokens, read without building a tree.
///
/// Decoders read a message straight from here: keys are compared as bytes, and a string
/// becomes a `String` only when a model keeps it. Text is parsed into one (``parse(_:limits:)``);
/// a ``JSONValue`` (which is what a Foundation object graph becomes) is written into one by
/// ``JSONTapeBuilder``, so the Codable decoder reads every way in with the same code.
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

    @inline(__always)
    private static func withBytes<Result>(of source: Source, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        switch source {
        case .bytes(let bytes):
            return bytes.withUnsafeBufferPointer(body)
        case .text(let text):
            return text.withUTF8Bytes(body)
        }
    }

    /// The top-level value.
    var root: Node { Node(tape: self, index: 0) }

    /// The path from the root to the value at `index`. Reads keep no paths; only errors and
    /// `codingPath` ask for one.
    func path(to index: Int) -> JSONPath {
        withView(at: index) { $0.path(from: header.rootPath) }
    }

    /// Reads the value at `index` through a view of this document.
    @inline(__always)
    func withView<Result>(at index: Int, _ body: (JSONView) -> Result) -> Result {
        withUnsafeMutablePointerToElements { tokens in
            withBytes { bytes in body(JSONView(tokens: tokens, bytes: bytes, index: index)) }
        }
    }

    /// One value of the document.
    struct Node {
        let tape: JSONTape
        let index: Int

        var token: JSONToken { tape.token(at: index) }

        /// Where this value sits in the document.
        var path: JSONPath { tape.path(to: index) }
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

/// Every read goes through ``JSONView``, where the rules are written once; the reads beyond
/// ``JSONNode``'s (booleans, exact numbers, members, elements) are the Codable decoder's.
extension JSONTape.Node: JSONNode {
    var kind: JSONKind { tape.withView(at: index) { $0.kind } }
    var boolValue: Bool? { tape.withView(at: index) { $0.boolValue } }
    var stringValue: String? { tape.withView(at: index) { $0.stringValue } }
    func string<Value>(matchingIn table: UTF8PrefixTable<Value>) -> Value? { tape.withView(at: index) { $0.string(matchingIn: table) } }
    var numberValue: JSONNumber? { tape.withView(at: index) { $0.numberValue } }
    var doubleValue: Double? { tape.withView(at: index) { $0.doubleValue } }
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        tape.withView(at: index) { $0.exactInteger(Integer.self) }
    }
    var jsonValue: JSONValue { tape.withView(at: index) { $0.jsonValue } }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> Self? {
        tape.withView(at: index) { $0.member(forKeyUTF8: key)?.index }.map { Self(tape: tape, index: $0) }
    }

    var members: [(key: String, value: Self)]? {
        tape.withView(at: index) { $0.members?.map { ($0.key, Self(tape: tape, index: $0.value.index)) } }
    }

    /// Two keys of this object that differ in code units but are one Swift `String` (canonically
    /// equivalent: NFC and NFD "é", or "K" and U+212A KELVIN SIGN), which a Swift dictionary would
    /// merge into one entry; `nil` when there are none. Objects whose keys are all plain ASCII
    /// (distinct ASCII text is never equivalent) are answered from their tokens alone.
    var keysEqualAsSwiftStrings: (String, String)? {
        let allPlainASCII = tape.withUnsafeMutablePointerToElements { tokens in
            let end = Int(tokens[index].next)
            var position = index + 1
            while position < end {
                guard tokens[position].isPlainASCII else { return false }
                position = Int(tokens[position + 1].next)
            }
            return true
        }
        guard !allPlainASCII, let members else { return nil }
        var seen: [String: String] = [:]
        for (key, _) in members {
            if let earlier = seen.updateValue(key, forKey: key) { return (earlier, key) }
        }
        return nil
    }

    var elements: JSONTape.Elements? {
        let token = token
        guard token.kind == .array else { return nil }
        return JSONTape.Elements(tape: tape, startIndex: index + 1, endIndex: Int(token.next), count: Int(token.length))
    }
}
