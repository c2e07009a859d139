extension JSONDocument {
    /// The document of the graph WebKit hands over when the page posts the value `node` reads
    /// as: the same JSON, each number the text JavaScript gives its double (`1.0` is `1`,
    /// `9007199254740993` is `9007199254740992`), checked against `limits` as a Foundation graph
    /// is (``init(converting:limits:urlPolicy:dates:)``), with the same errors at the same paths.
    ///
    /// How a captured object body (`bridgecodec decode --jsonl`) reads as the app would read it:
    /// the walk of a Foundation graph over tokens already parsed, never a tree or a Foundation
    /// graph in between.
    static func webKitGraph(
        of node: Node, limits: JSONLimits, urlPolicy: URLPolicy?, dates: StrictJSONDecoder.DateDecodingStrategy
    ) throws(JSONError) -> JSONDocument {
        let source = node.document
        // The APIs that lend bytes rethrow only untyped errors: the walk's result comes back as a value.
        let result = source.tokens.withUnsafeBufferPointer { tokens in
            source.text.withUTF8Bytes { bytes -> Result<JSONDocument, JSONError> in
                do throws(JSONError) {
                    return .success(
                        try JSONDocument(
                            walking: node.index, of: WebKitGraph(tokens: tokens, bytes: bytes), limits: limits, urlPolicy: urlPolicy,
                            dates: dates))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }
}

/// The tokens of a body posted over WebKit as an object, read as the graph WebKit hands over for
/// it: a value is a token's index, an object's key the index of its string.
private struct WebKitGraph: WalkedGraph {
    let tokens: UnsafeBufferPointer<JSONToken>
    let bytes: UnsafeBufferPointer<UInt8>

    /// The values from one token to the end of their container, each after the last's tokens;
    /// an object's are its members, a key and its value.
    struct Siblings: Sequence, IteratorProtocol {
        let tokens: UnsafeBufferPointer<JSONToken>
        var position: Int
        let end: Int
        let isObject: Bool

        mutating func next() -> (key: Int, value: Int)? {
            guard position < end else { return nil }
            let key = position
            let value = isObject ? position + 1 : position
            position = Int(tokens[value].next)
            return (key, value)
        }
    }

    struct Elements: Sequence, IteratorProtocol {
        var siblings: Siblings
        mutating func next() -> Int? { siblings.next()?.value }
    }

    func read(
        _ index: Int, depth: Int, budget: inout StructureBudget, into builder: inout JSONDocument.Builder
    ) throws(JSONError) -> WalkedContainer<Elements, Siblings>? {
        let token = tokens[index]
        switch token.kind {
        case .null:
            try budget.null()
            builder.null()
        case .true, .false:
            try budget.bool(token.kind == .true)
            builder.bool(token.kind == .true)
        case .number:
            let text = UnsafeBufferPointer(rebasing: bytes[token.range])
            if Self.isJavaScriptText(text, isShortInteger: token.isShortInteger) {
                try budget.number(fewestBytes: text.count)
                builder.number(text: text)
            } else {
                // The parser read the number as finite, so its double has a JavaScript text.
                let number = JSONNumber(token.doubleValue(in: bytes)) ?? token.number(in: bytes)
                try budget.number(fewestBytes: number.text.utf8.count)
                builder.number(number)
            }
        case .string:
            try withString(token) { utf8 throws(JSONError) in
                try budget.string(utf8Count: utf8.count)
                builder.string(utf8: utf8)
            }
        case .array:
            let siblings = Siblings(tokens: tokens, position: index + 1, end: Int(token.next), isObject: false)
            return .array(count: Int(token.length), Elements(siblings: siblings))
        case .object:
            return .object(count: Int(token.length), Siblings(tokens: tokens, position: index + 1, end: Int(token.next), isObject: true))
        }
        return nil
    }

    func write(key: Int, budget: inout StructureBudget, into builder: inout JSONDocument.Builder) throws(JSONError) {
        try withString(tokens[key]) { utf8 throws(JSONError) in
            try budget.key(utf8Count: utf8.count)
            builder.string(utf8: utf8)
        }
    }

    func text(of key: Int) -> String { tokens[key].string(in: bytes) }

    /// `body`'s result for a string token's UTF-8, unescaped.
    private func withString(_ token: JSONToken, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> Void) throws(JSONError) {
        let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
        guard token.hasEscapes else { return try body(raw) }
        let failure = JSONStringEscapes.withUnescaped(raw) { utf8 -> JSONError? in
            do throws(JSONError) {
                try body(utf8)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    /// Whether a number's text is already the one JavaScript gives its double: an integer of at
    /// most 15 digits is its own shortest form, exactly held, except `-0`, which a page writes `0`.
    private static func isJavaScriptText(_ text: UnsafeBufferPointer<UInt8>, isShortInteger: Bool) -> Bool {
        isShortInteger && text.count <= 15 && !(text.count == 2 && text[0] == UInt8(ascii: "-") && text[1] == UInt8(ascii: "0"))
    }
}
