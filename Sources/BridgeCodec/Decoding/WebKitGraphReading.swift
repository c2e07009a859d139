extension JSONDocument {
    /// The document of the graph WebKit hands over when the page posts the value `node` reads
    /// as: the same JSON, each number the text JavaScript gives its double (`1.0` is `1`,
    /// `9007199254740993` is `9007199254740992`), checked against `limits` as a Foundation graph
    /// is (``init(converting:limits:urlPolicy:dates:)``), with the same errors at the same paths.
    ///
    /// How a captured object body (`bridgecodec decode --jsonl`) reads as the app would read it:
    /// one walk of tokens already parsed, never a tree or a Foundation graph in between.
    package convenience init(
        webKitGraphOf node: Node, limits: JSONLimits, urlPolicy: URLPolicy?, dates: StrictJSONDecoder.DateDecodingStrategy
    ) throws(JSONError) {
        var builder = Builder()
        let source = node.document
        // The APIs that lend bytes rethrow only untyped errors: the walk's error comes back as a value.
        let failure = source.tokens.withUnsafeBufferPointer { tokens in
            source.text.withUTF8Bytes { bytes -> JSONError? in
                do throws(JSONError) {
                    try StructureBudget.walking(limits) { budget throws(JSONError) in
                        try Self.webKitGraph(at: node.index, tokens, bytes, depth: 0, budget: &budget, into: &builder)
                    }
                    return nil
                } catch {
                    return error
                }
            }
        }
        if let failure { throw failure }
        self.init(builder, urlPolicy: urlPolicy, dates: dates)
    }

    /// The value at `index`, `depth` containers below the body's root, checked and converted.
    /// An error's path is built as it unwinds, as ``init(converting:limits:urlPolicy:dates:)`` builds it.
    private static func webKitGraph(
        at index: Int, _ tokens: UnsafeBufferPointer<JSONToken>, _ bytes: UnsafeBufferPointer<UInt8>, depth: Int,
        budget: inout StructureBudget, into builder: inout Builder
    ) throws(JSONError) {
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
            if isJavaScriptText(text, isShortInteger: token.isShortInteger) {
                try budget.number(fewestBytes: text.count)
                builder.number(text: text)
            } else {
                // The parser read the number as finite, so its double has a JavaScript text.
                let number = JSONNumber(token.doubleValue(in: bytes)) ?? token.number(in: bytes)
                try budget.number(fewestBytes: number.text.utf8.count)
                builder.number(number)
            }
        case .string:
            try withString(token, bytes) { utf8 throws(JSONError) in
                try budget.string(utf8Count: utf8.count)
                builder.string(utf8: utf8)
            }
        case .array:
            let inner = try budget.array(count: Int(token.length), depth: depth)
            let position = builder.open(.array, count: Int(token.length))
            var element = index + 1
            var offset = 0
            while element < Int(token.next) {
                do {
                    try webKitGraph(at: element, tokens, bytes, depth: inner, budget: &budget, into: &builder)
                } catch {
                    throw error.prepending(.index(offset))
                }
                element = Int(tokens[element].next)
                offset += 1
            }
            builder.close(position)
        case .object:
            let inner = try budget.object(count: Int(token.length), depth: depth)
            let position = builder.open(.object, count: Int(token.length))
            var key = index + 1
            while key < Int(token.next) {
                try withString(tokens[key], bytes) { utf8 throws(JSONError) in
                    try budget.key(utf8Count: utf8.count)
                    builder.string(utf8: utf8)
                }
                do {
                    try webKitGraph(at: key + 1, tokens, bytes, depth: inner, budget: &budget, into: &builder)
                } catch {
                    throw error.prepending(.key(tokens[key].string(in: bytes)))
                }
                key = Int(tokens[key + 1].next)
            }
            builder.close(position)
        }
    }

    /// `body`'s result for a string token's UTF-8, unescaped.
    private static func withString(
        _ token: JSONToken, _ bytes: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) throws(JSONError) -> Void
    ) throws(JSONError) {
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
