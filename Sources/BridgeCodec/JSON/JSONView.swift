/// One value of a parsed document, read through pointers to the document's tokens and bytes:
/// where every reading rule is written, once.
///
/// A view is valid only inside the call that lent it (``JSONDocument/withView(at:_:)``), and
/// nothing keeps one beyond it. Reading through pointers copies no reference per step: the
/// dispatcher reads a message's model through views, and ``JSONDocument/Node`` (which the
/// Codable decoder holds) reads through a view of its document for each call.
struct JSONView {
    let tokens: UnsafeBufferPointer<JSONToken>
    let bytes: UnsafeBufferPointer<UInt8>
    let index: Int

    var token: JSONToken { tokens[index] }

    private func view(at position: Int) -> JSONView {
        JSONView(tokens: tokens, bytes: bytes, index: position)
    }

    /// The boolean; `nil` for any other kind.
    var boolValue: Bool? {
        switch token.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? {
        let token = token
        guard token.kind == .number else { return nil }
        return token.number(in: bytes)
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

    /// Whether every key of this object is ASCII written without escapes.
    var keysArePlainASCII: Bool {
        var position = index + 1
        while position < Int(token.next) {
            guard tokens[position].isPlainASCII else { return false }
            position = Int(tokens[position + 1].next)
        }
        return true
    }

    /// The path from `root` to this value, found by walking down the containers that hold it.
    /// Reads keep no paths; only errors and `codingPath` ask for one.
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

extension JSONView {
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

    var stringValue: String? {
        let token = token
        guard token.kind == .string else { return nil }
        return token.string(in: bytes)
    }

    var doubleValue: Double? {
        let token = token
        guard token.kind == .number else { return nil }
        return token.doubleValue(in: bytes)
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

    var jsonValue: JSONValue {
        JSONValue(tokens: UnsafeBufferPointer(rebasing: tokens[index..<Int(token.next)]), in: bytes)
    }
}
