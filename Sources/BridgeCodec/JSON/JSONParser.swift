/// The strict RFC 8259 parser.
///
/// Iterative: nesting lives in an explicit stack bounded by ``JSONLimits/maxDepth``,
/// so no input can overflow the call stack. One pass over the bytes; strings
/// without escapes are copied once, straight from the input.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var index = 0

    /// An open object: members so far, the key whose value is being parsed, and, for large
    /// objects, a hash set of keys for duplicate detection.
    private struct OpenObject {
        var members: [JSONObject.Member]
        var keys: Set<CodeUnitKey>?
        var pendingKey: String
    }

    /// Which kind of container is open at each depth. Arrays and objects live on stacks of their
    /// own so that appending mutates them in place, with no copy of the buffer.
    private enum OpenContainer {
        case array
        case object
    }

    /// Above this many members, duplicate detection switches from a linear scan to a hash set.
    private static let linearKeyScanLimit = 12

    init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: bytes, limits: limits)
        return try parser.parseDocument()
    }

    private func fail(_ reason: JSONParseError.Reason, at offset: Int) -> JSONParseError {
        JSONParseError(reason, at: offset, in: bytes)
    }

    private func failUnexpected(expected: String) -> JSONParseError {
        index < bytes.count
            ? fail(.unexpectedByte(bytes[index], expected: expected), at: index)
            : fail(.unexpectedEnd(expected: expected), at: index)
    }

    mutating func parseDocument() throws(JSONParseError) -> JSONValue {
        guard bytes.count <= limits.maxBytes else { throw fail(.inputTooLarge(limit: limits.maxBytes), at: limits.maxBytes) }
        try checkEncoding()
        skipWhitespace()
        guard index < bytes.count else { throw fail(.emptyInput, at: index) }

        var open: [OpenContainer] = []
        var arrays: [[JSONValue]] = []
        var objects: [OpenObject] = []
        var value: JSONValue
        parseValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw failUnexpected(expected: "a value") }
            switch bytes[index] {
            case UInt8(ascii: "{"):
                guard open.count < limits.maxDepth else { throw fail(.nestingTooDeep(limit: limits.maxDepth), at: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
                    index += 1
                    value = .object(JSONObject())
                } else {
                    let key = try parseKey()
                    var members: [JSONObject.Member] = []
                    members.reserveCapacity(8)
                    objects.append(OpenObject(members: members, keys: nil, pendingKey: key))
                    open.append(.object)
                    continue parseValue
                }
            case UInt8(ascii: "["):
                guard open.count < limits.maxDepth else { throw fail(.nestingTooDeep(limit: limits.maxDepth), at: index) }
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
                    index += 1
                    value = .array([])
                } else {
                    arrays.append([])
                    open.append(.array)
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            default:
                throw failUnexpected(expected: "a value")
            }

            // Attach the finished value to its container; close containers as long as they end here.
            while let container = open.last {
                switch container {
                case .array:
                    arrays[arrays.count - 1].append(value)
                    skipWhitespace()
                    guard index < bytes.count else { throw failUnexpected(expected: "',' or ']'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue parseValue
                    }
                    guard bytes[index] == UInt8(ascii: "]") else { throw failUnexpected(expected: "',' or ']'") }
                    index += 1
                    open.removeLast()
                    value = .array(arrays.removeLast())
                case .object:
                    let top = objects.count - 1
                    objects[top].members.append(JSONObject.Member(key: objects[top].pendingKey, value: value))
                    skipWhitespace()
                    guard index < bytes.count else { throw failUnexpected(expected: "',' or '}'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        let keyOffset = index
                        let next = try parseKey()
                        guard objects[top].members.count < limits.maxObjectMembers else {
                            throw fail(.tooManyMembers(limit: limits.maxObjectMembers), at: keyOffset)
                        }
                        guard Self.insert(next, into: &objects[top]) else {
                            throw fail(.duplicateKey(next), at: keyOffset)
                        }
                        objects[top].pendingKey = next
                        continue parseValue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { throw failUnexpected(expected: "',' or '}'") }
                    index += 1
                    open.removeLast()
                    value = .object(JSONObject(uniqueMembers: objects.removeLast().members))
                }
            }
            skipWhitespace()
            guard index == bytes.count else { throw fail(.trailingData, at: index) }
            return value
        }
    }

    /// Records `key` as seen; `false` when an earlier member has the same code units.
    private static func insert(_ key: String, into object: inout OpenObject) -> Bool {
        if object.keys == nil {
            if object.members.count < linearKeyScanLimit {
                return !object.members.contains { $0.key.hasSameCodeUnits(as: key) }
            }
            object.keys = Set(object.members.lazy.map { CodeUnitKey($0.key) })
        }
        return object.keys?.insert(CodeUnitKey(key)).inserted ?? false
    }

    // MARK: Encoding

    private func checkEncoding() throws(JSONParseError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw fail(.byteOrderMark, at: 0)
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw fail(.notUTF8, at: 0)
        }
        // JSON text starts with an ASCII character; a NUL among the first two bytes means UTF-16 or UTF-32.
        if bytes.count >= 2, (bytes[0] == 0) != (bytes[1] == 0) {
            throw fail(.notUTF8, at: 0)
        }
    }

    // MARK: Whitespace and literals

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t"): index += 1
            default: return
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let expected = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index < bytes.count, bytes[index] == expected[offset] else {
                throw failUnexpected(expected: "'\(literal)'")
            }
            index += 1
        }
    }

    // MARK: Strings

    private mutating func parseKey() throws(JSONParseError) -> String {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw failUnexpected(expected: "a string key")
        }
        let key = try parseString()
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failUnexpected(expected: "':'") }
        index += 1
        return key
    }

    /// Parses the string whose opening quote is at `index`.
    private mutating func parseString() throws(JSONParseError) -> String {
        index += 1
        let start = index
        // Fast path: printable ASCII with no escapes is the common case in bridge messages.
        let fastEnd = min(bytes.count, start + limits.maxStringLength + 1)
        if let base = bytes.baseAddress {
            // Eight bytes at a time while none of them needs attention.
            while index + 8 <= fastEnd {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                if Self.needsAttention(word) { break }
                index += 8
            }
        }
        while index < fastEnd {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let string = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
                index += 1
                return string
            }
            if byte < 0x20 || byte == UInt8(ascii: "\\") || byte >= 0x80 { break }
            index += 1
        }
        return try parseStringSlowly(from: start)
    }

    private static let ones: UInt64 = 0x0101_0101_0101_0101
    private static let highBits: UInt64 = 0x8080_8080_8080_8080

    /// Whether any byte of `word` is `"`, `\`, a control character (< 0x20) or non-ASCII (≥ 0x80).
    /// The classic SWAR tests: `(x - 0x01…) & ~x & 0x80…` is non-zero exactly when some byte of x is 0.
    @inline(__always)
    private static func needsAttention(_ word: UInt64) -> Bool {
        let quote = word ^ (ones &* UInt64(UInt8(ascii: "\"")))
        let backslash = word ^ (ones &* UInt64(UInt8(ascii: "\\")))
        let hasQuote = (quote &- ones) & ~quote
        let hasBackslash = (backslash &- ones) & ~backslash
        let hasControl = (word &- ones &* 0x20) & ~word
        return (hasQuote | hasBackslash | hasControl | word) & highBits != 0
    }

    /// Parses escapes and multi-byte UTF-8, validating both, into a buffer.
    private mutating func parseStringSlowly(from start: Int) throws(JSONParseError) -> String {
        var buffer: [UInt8] = []
        buffer.reserveCapacity(index - start + 16)
        buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
        let maxLength = limits.maxStringLength
        while true {
            guard buffer.count <= maxLength else { throw fail(.stringTooLong(limit: maxLength), at: start) }
            guard index < bytes.count else { throw fail(.unexpectedEnd(expected: "'\"' closing the string"), at: index) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return String(decoding: buffer, as: UTF8.self)
            case UInt8(ascii: "\\"):
                try parseEscape(into: &buffer)
            case 0..<0x20:
                throw fail(.controlCharacterInString(byte), at: index)
            case 0x20..<0x80:
                buffer.append(byte)
                index += 1
            default:
                let length = try validateUTF8Sequence()
                buffer.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<index + length]))
                index += length
            }
        }
    }

    /// Length of the well-formed multi-byte UTF-8 sequence at `index` (RFC 3629, Table 3-7 of Unicode).
    private func validateUTF8Sequence() throws(JSONParseError) -> Int {
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            secondRange = 0x80...0x9F
        case 0xF0:
            length = 4
            secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            secondRange = 0x80...0x8F
        default: throw fail(.invalidUTF8, at: index)
        }
        guard index + length <= bytes.count else { throw fail(.invalidUTF8, at: index) }
        guard secondRange.contains(bytes[index + 1]) else { throw fail(.invalidUTF8, at: index) }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            throw fail(.invalidUTF8, at: index)
        }
        return length
    }

    private mutating func parseEscape(into buffer: inout [UInt8]) throws(JSONParseError) {
        let escapeStart = index
        index += 1
        guard index < bytes.count else { throw fail(.unexpectedEnd(expected: "an escape"), at: index) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): buffer.append(byte)
        case UInt8(ascii: "b"): buffer.append(0x08)
        case UInt8(ascii: "f"): buffer.append(0x0C)
        case UInt8(ascii: "n"): buffer.append(0x0A)
        case UInt8(ascii: "r"): buffer.append(0x0D)
        case UInt8(ascii: "t"): buffer.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try parseHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else { throw fail(.loneSurrogate(unit), at: escapeStart) }
                index += 2
                let low = try parseHex4()
                guard (0xDC00...0xDFFF).contains(low) else { throw fail(.loneSurrogate(unit), at: escapeStart) }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw fail(.loneSurrogate(unit), at: escapeStart)
            }
            guard let scalar = Unicode.Scalar(scalarValue), let encoded = UTF8.encode(scalar) else {
                throw fail(.invalidUnicodeEscape, at: escapeStart)
            }
            buffer.append(contentsOf: encoded)
        default:
            throw fail(.invalidEscape(byte), at: escapeStart)
        }
    }

    private mutating func parseHex4() throws(JSONParseError) -> UInt16 {
        guard index + 4 <= bytes.count else { throw fail(.invalidUnicodeEscape, at: index) }
        var unit: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(.invalidUnicodeEscape, at: index)
            }
            unit = unit << 4 | UInt16(digit)
            index += 1
        }
        return unit
    }

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONParseError) -> JSONNumber {
        let start = index
        var isPlainInteger = true
        var hasNonZeroDigit = false
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, isDigit(bytes[index]) { throw fail(.leadingZero, at: start) }
        } else {
            hasNonZeroDigit = true
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            isPlainInteger = false
            index += 1
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) {
                if bytes[index] != UInt8(ascii: "0") { hasNonZeroDigit = true }
                index += 1
            }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            isPlainInteger = false
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index < bytes.count, isDigit(bytes[index]) else { throw fail(.invalidNumber, at: start) }
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        let digitCount = index - start
        let value: Double
        if isPlainInteger && digitCount <= 18 {
            // Up to 18 digits fit an Int64, and Int64 → Double rounds correctly: no need for strtod.
            let isNegative = bytes[start] == UInt8(ascii: "-")
            var magnitude: Int64 = 0
            for byte in bytes[(isNegative ? start + 1 : start)..<index] {
                magnitude = magnitude &* 10 &+ Int64(byte &- UInt8(ascii: "0"))
            }
            value = isNegative ? -Double(magnitude) : Double(magnitude)
        } else {
            guard let parsed = Double(text) else { throw fail(.invalidNumber, at: start) }
            value = parsed
        }
        guard value.isFinite else { throw fail(.numberOverflow, at: start) }
        if value == 0 && hasNonZeroDigit { throw fail(.numberUnderflow, at: start) }
        return JSONNumber(validatedText: text, doubleValue: value)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
