/// Writes a ``JSONTape`` for a value that is already structured, a ``JSONValue``, so that the
/// Codable decoder reads it with the same code as parsed text.
///
/// Strings are stored as their UTF-8 with no escapes, numbers as their JSON text. Values are
/// written in document order: a container's token first, then what it holds (an object's
/// members as key, value), then ``close(_:count:)``. Keys are written as given: a
/// ``JSONObject``'s are unique. Byte offsets are checked against 32 bits; token counts need no
/// check, as four billion tokens would first need far more memory as a `JSONValue`.
struct JSONTapeBuilder {
    /// The strings and numbers need more bytes than a token's 32-bit offsets reach.
    struct TooLarge: Error {}

    private var bytes: [UInt8] = []
    private var tokens: JSONTokens
    /// The most text bytes a tape holds: offsets are 32-bit.
    static let maxBytes = Int(UInt32.max - 1)

    /// A builder for a document of about `tokens` tokens and `textBytes` bytes of strings and
    /// numbers; both stores grow past that if need be.
    init(tokens: Int = 16, textBytes: Int = 0) {
        self.tokens = JSONTokens(capacity: tokens)
        bytes.reserveCapacity(textBytes)
    }

    mutating func appendNull() {
        tokens.append(scalar(.null, flags: 0, start: 0, length: 0))
    }

    mutating func appendBool(_ value: Bool) {
        tokens.append(scalar(value ? .true : .false, flags: 0, start: 0, length: 0))
    }

    mutating func appendString(_ string: String) throws(TooLarge) {
        try reserve(string.utf8.count)
        string.withUTF8Bytes { utf8 in
            let isASCII = utf8.allSatisfy { $0 < 0x80 }
            appendText(utf8, kind: .string, flags: isASCII ? 0 : JSONToken.notPlainASCIIFlag)
        }
    }

    mutating func appendNumber(_ number: JSONNumber) throws(TooLarge) {
        let text = number.text
        try reserve(text.utf8.count)
        text.withUTF8Bytes { utf8 in
            appendText(utf8, kind: .number, flags: JSONNumberText.isShortInteger(utf8) ? JSONToken.shortIntegerFlag : 0)
        }
    }

    /// Starts an array or object; returns its position for ``close(_:count:)``.
    mutating func open(_ kind: JSONToken.Kind) -> Int {
        let position = tokens.count
        tokens.append(JSONToken(kind: kind, flags: 0, start: 0, length: 0, next: 0))
        return position
    }

    /// Ends the container at `position`, which holds `count` elements or members.
    mutating func close(_ position: Int, count: Int) {
        tokens[position].length = UInt32(truncatingIfNeeded: count)
        tokens[position].next = UInt32(truncatingIfNeeded: tokens.count)
    }

    /// The finished document.
    func document() -> JSONTape {
        tokens.document(over: .bytes(bytes))
    }

    private func scalar(_ kind: JSONToken.Kind, flags: UInt8, start: Int, length: Int) -> JSONToken {
        JSONToken(
            kind: kind, flags: flags, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length),
            next: UInt32(truncatingIfNeeded: tokens.count + 1))
    }

    private mutating func reserve(_ count: Int) throws(TooLarge) {
        guard count <= Self.maxBytes - bytes.count else { throw TooLarge() }
    }

    private mutating func appendText(_ utf8: UnsafeBufferPointer<UInt8>, kind: JSONToken.Kind, flags: UInt8) {
        tokens.append(scalar(kind, flags: flags, start: bytes.count, length: utf8.count))
        bytes.append(contentsOf: utf8)
    }
}

extension JSONTape {
    /// A document that is `null` at `path`: what an absent super key decodes as.
    static func null(at path: JSONPath) -> JSONTape {
        var builder = JSONTapeBuilder(tokens: 1)
        builder.appendNull()
        let document = builder.document()
        document.header.rootPath = path
        return document
    }

    /// `value` as a document, so that it is read by the same code as parsed text.
    ///
    /// Its tokens and text are counted first and each store is allocated once: grown as they
    /// were written, the stores were allocated more or fewer times depending on the order of
    /// the members (a Swift dictionary's order changes from process to process).
    static func convert(_ value: JSONValue) throws(JSONTapeBuilder.TooLarge) -> JSONTape {
        var size = JSONTapeBuilder.Size()
        size.add(value)
        guard size.textBytes <= JSONTapeBuilder.maxBytes else { throw JSONTapeBuilder.TooLarge() }
        var builder = JSONTapeBuilder(tokens: size.tokens, textBytes: size.textBytes)
        try builder.append(value)
        return builder.document()
    }
}

extension JSONTapeBuilder {
    /// How many tokens and text bytes the tape of a value takes.
    struct Size {
        var tokens = 0
        var textBytes = 0

        /// Counts `value` and everything it holds. Every caller has first held the value to its
        /// limits' `maxBytes` (``StructureBudget``), which bounds this walk and these sums; a value
        /// that shares arrays is counted once per place, as its text would be.
        mutating func add(_ value: JSONValue) {
            tokens += 1
            switch value {
            case .null, .bool: break
            case .number(let number): textBytes += number.text.utf8.count
            case .string(let string): textBytes += string.utf8.count
            case .array(let elements):
                for element in elements { add(element) }
            case .object(let object):
                for member in object {
                    tokens += 1
                    textBytes += member.key.utf8.count
                    add(member.value)
                }
            }
        }
    }
}

extension JSONTapeBuilder {
    /// Writes `value` and everything it holds.
    mutating func append(_ value: JSONValue) throws(TooLarge) {
        switch value {
        case .null: appendNull()
        case .bool(let bool): appendBool(bool)
        case .number(let number): try appendNumber(number)
        case .string(let string): try appendString(string)
        case .array(let elements):
            let position = open(.array)
            for element in elements { try append(element) }
            close(position, count: elements.count)
        case .object(let object):
            let position = open(.object)
            for member in object {
                try appendString(member.key)
                try append(member.value)
            }
            close(position, count: object.count)
        }
    }
}
