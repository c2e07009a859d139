/// Every reading rule of a document, on one of its values: members found by comparing key
/// bytes, strings made only when read, short integers read from their digits, and a value's
/// path found from its position.
extension JSONDocument.Node {
    /// `body`'s result for the document's bytes, lent for the call.
    private func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        document.text.withUTF8Bytes(body)
    }

    private func node(at position: Int) -> Self { Self(document: document, index: position) }

    /// The kind of value.
    @usableFromInline package var kind: JSONKind {
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
    package var boolValue: Bool? {
        switch token.kind {
        case .true: true
        case .false: false
        default: nil
        }
    }

    /// The string; `nil` for any other kind.
    @usableFromInline package var stringValue: String? {
        let token = token
        guard token.kind == .string else { return nil }
        return withBytes { token.string(in: $0) }
    }

    /// The number; `nil` for any other kind.
    var numberValue: JSONNumber? {
        let token = token
        guard token.kind == .number else { return nil }
        return withBytes { token.number(in: $0) }
    }

    /// The number's nearest `Double`; `nil` for any other kind.
    var doubleValue: Double? {
        let token = token
        guard token.kind == .number else { return nil }
        return withBytes { token.doubleValue(in: $0) }
    }

    /// The number as an exact `Integer`; `nil` for any other kind, or when it is not one exactly.
    func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type) -> Integer? {
        let token = token
        guard token.kind == .number else { return nil }
        guard token.isShortInteger else { return numberValue?.exactInteger(Integer.self) }
        // At most 18 digits: exact in an Int64, then checked against the type's range.
        let (isNegative, magnitude) = withBytes { JSONNumberText.shortInteger(UnsafeBufferPointer(rebasing: $0[token.range])) }
        return Integer(exactly: isNegative ? -magnitude : magnitude)
    }

    /// The value as a tree.
    var jsonValue: JSONValue {
        document.tokens.withUnsafeBufferPointer { tokens in
            withBytes { JSONValue(tokens: UnsafeBufferPointer(rebasing: tokens[index..<Int(tokens[index].next)]), in: $0) }
        }
    }

    /// The member named `key`, compared by code units; `nil` when absent or not an object.
    package func member(forKey key: String) -> Self? {
        let token = token
        guard token.kind == .object else { return nil }
        let tokens = document.tokens
        return key.withUTF8Bytes { key in
            withBytes { bytes in
                var position = index + 1
                while position < Int(token.next) {
                    if tokens[position].stringHasCodeUnits(key, in: bytes) { return node(at: position + 1) }
                    position = Int(tokens[position + 1].next)
                }
                return nil
            }
        }
    }

    /// An object's members in order; `nil` for any other kind.
    var members: [(key: String, value: Self)]? {
        let token = token
        guard token.kind == .object else { return nil }
        let tokens = document.tokens
        return withBytes { bytes in
            var members: [(key: String, value: Self)] = []
            var position = index + 1
            while position < Int(token.next) {
                members.append((tokens[position].string(in: bytes), node(at: position + 1)))
                position = Int(tokens[position + 1].next)
            }
            return members
        }
    }

    /// An array's elements; `nil` for any other kind.
    var elements: JSONDocument.Elements? {
        let token = token
        guard token.kind == .array else { return nil }
        return JSONDocument.Elements(document: document, startIndex: index + 1, endIndex: Int(token.next), count: Int(token.length))
    }

    /// A type mismatch: `expected` was wanted here, this value's kind was found.
    @usableFromInline func mismatch(_ expected: String) -> JSONError {
        JSONError(path: path, reason: .typeMismatch(expected: expected, found: kind))
    }

    /// Where this value sits in the document, found by walking down the containers that hold
    /// it from the document's root.
    @usableFromInline var path: JSONPath {
        let tokens = document.tokens
        return withBytes { bytes in
            var path = document.rootPath
            var current = document.rootIndex
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
}
