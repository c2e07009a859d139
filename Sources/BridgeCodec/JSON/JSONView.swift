/// One value of a parsed document, read through pointers to the document's tokens and bytes.
///
/// The reading rules live here once: ``JSONTape/Node`` reads through a view of its document, and
/// the dispatcher reads a message through a view of tokens that live on the stack for one call
/// (``withParsedDocument(_:limits:_:)``). A view is valid only while that memory is; nothing
/// keeps one beyond the call that made it.
struct JSONView {
    let tokens: UnsafePointer<JSONToken>
    let bytes: UnsafeBufferPointer<UInt8>
    let index: Int

    var token: JSONToken { tokens[index] }

    private func view(at position: Int) -> JSONView {
        JSONView(tokens: tokens, bytes: bytes, index: position)
    }

    /// Parses `text` strictly into stack memory when its tokens fit (a typical message's do), and
    /// reads the top-level value with `body`, or the parse error with `malformed`. The view must
    /// not outlive `body`.
    static func withParsedDocument<Result>(
        _ text: String, limits: JSONLimits, _ body: (JSONView) -> Result, malformed: (JSONParseError) -> Result
    ) -> Result {
        text.withUTF8Bytes { bytes in
            // 64 tokens are 1 KiB, which the standard library always places on the stack.
            withUnsafeTemporaryAllocation(of: JSONToken.self, capacity: 64) { stack in
                do throws(JSONParseError) {
                    let tokens = try JSONParser.tokens(of: bytes, limits: limits, into: stack)
                    return tokens.withBase { body(JSONView(tokens: $0, bytes: bytes, index: 0)) }
                } catch {
                    return malformed(error)
                }
            }
        }
    }

    /// The elements of an array, walked by skipping each one's tokens.
    struct Elements: Collection {
        let array: JSONView
        let startIndex: Int
        let endIndex: Int
        let count: Int

        subscript(position: Int) -> JSONView { array.view(at: position) }

        func index(after position: Int) -> Int { Int(array.tokens[position].next) }
    }

    /// The path from the root to this value, found by walking down the containers that hold it.
    /// Reads keep no paths; only errors ask for one.
    func path(from root: JSONPath) -> JSONPath {
        var path = root
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
                    path.components.append(isObject ? .key(tokens[position].string(in: bytes)) : .index(element))
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
}

extension JSONView: JSONNode {
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

    /// The boolean; `nil` for any other kind. (The Codable decoder's reads, beside the models'.)
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
        return token.string(in: bytes)
    }

    func string<Value>(matchingIn table: UTF8PrefixTable<Value>) -> Value? {
        let token = token
        guard token.kind == .string else { return nil }
        let raw = UnsafeBufferPointer(rebasing: bytes[token.range])
        guard token.hasEscapes else { return table.value(forUTF8: raw) }
        return JSONStringEscapes.withUnescaped(raw) { table.value(forUTF8: $0) }
    }

    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? {
        let token = token
        guard token.kind == .number else { return nil }
        return token.number(in: bytes)
    }

    var doubleValue: Double? {
        let token = token
        guard token.kind == .number else { return nil }
        return token.doubleValue(in: bytes)
    }

    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        let token = token
        guard token.kind == .number else { return nil }
        guard token.isShortInteger else { return numberValue?.exactInteger(Integer.self) }
        // At most 18 digits: exact in an Int64, then checked against the type's range.
        let (isNegative, magnitude) = JSONNumberText.shortInteger(UnsafeBufferPointer(rebasing: bytes[token.range]))
        return Integer(exactly: isNegative ? -magnitude : magnitude)
    }

    func member(forKeyUTF8 key: UnsafeBufferPointer<UInt8>) -> JSONView? {
        let token = token
        guard token.kind == .object else { return nil }
        var position = index + 1
        while position < Int(token.next) {
            if tokens[position].stringHasCodeUnits(key, in: bytes) { return view(at: position + 1) }
            position = Int(tokens[position + 1].next)
        }
        return nil
    }

    /// An object's members in order; `nil` for any other kind.
    var members: [(key: String, value: JSONView)]? {
        let token = token
        guard token.kind == .object else { return nil }
        var members: [(key: String, value: JSONView)] = []
        var position = index + 1
        while position < Int(token.next) {
            members.append((tokens[position].string(in: bytes), view(at: position + 1)))
            position = Int(tokens[position + 1].next)
        }
        return members
    }

    /// An array's elements; `nil` for any other kind.
    var elements: Elements? {
        let token = token
        guard token.kind == .array else { return nil }
        return Elements(array: self, startIndex: index + 1, endIndex: Int(token.next), count: Int(token.length))
    }

    var jsonValue: JSONValue {
        JSONValue(tokens: UnsafeBufferPointer(start: tokens + index, count: Int(token.next) - index), in: bytes)
    }
}
