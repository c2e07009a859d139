import Foundation

/// The strict RFC 8259 parser: checks everything once and records each value as a ``JSONToken``.
///
/// Iterative: nesting is bounded by ``JSONLimits/maxDepth`` and tracked through the tokens
/// themselves (an open container's `next` holds its parent until it closes), so no input can
/// overflow the call stack and no stack of its own is allocated. One pass over the bytes.
struct JSONParser {
    private let bytes: UnsafeBufferPointer<UInt8>
    private let limits: JSONLimits
    private var index = 0
    private var tokens: [JSONToken] = []
    /// The innermost container not yet closed: an open container's `next` holds its parent.
    private var open = Self.noParent
    /// Whether the string being read is an object's key.
    private var readingKey = false

    /// Above this many members, duplicate detection switches from a linear scan to a hash set.
    private static let linearKeyScanLimit = 32
    /// Marks "no open container" in a token's parent link.
    private static let noParent = UInt32.max

    private init(bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    /// The tokens of `bytes`, or why they are not strict JSON within `limits`: a `Result`, because
    /// the APIs that lend bytes rethrow only untyped errors.
    static func tokens(of bytes: UnsafeBufferPointer<UInt8>, limits: JSONLimits) -> Result<[JSONToken], JSONError> {
        // About one token per four bytes holds most documents without growing; the cap (64 MiB
        // of tokens) keeps a large input that is mostly one string from reserving gigabytes.
        var parser = JSONParser(bytes: bytes, limits: limits)
        parser.tokens.reserveCapacity(min(bytes.count / 4 + 8, 1 << 22))
        do throws(JSONError) {
            try parser.parseDocument()
        } catch {
            // A breached limit names the value that breaks it, as a walk of the same value built
            // in memory does.
            var located = error
            switch error.reason {
            case .nestingTooDeep, .stringTooLong: located.path = parser.pathOfValueBeingRead(inContainer: true)
            case .tooManyMembers: located.path = parser.pathOfValueBeingRead(inContainer: false)
            default: break
            }
            return .failure(located)
        }
        return .success(parser.tokens)
    }

    /// Malformed JSON: `syntax` at `offset`.
    private func fail(_ syntax: JSONError.Syntax, at offset: Int) -> JSONError {
        JSONError(path: .root, reason: .malformedJSON(syntax, at: JSONTextPosition(offset: offset, in: bytes)))
    }

    /// A breached limit, found at `offset`; the path is the value's, set once the parse stops.
    private func failLimit(_ reason: JSONError.Reason, at offset: Int) -> JSONError {
        JSONError(path: .root, reason: reason, textPosition: JSONTextPosition(offset: offset, in: bytes))
    }

    private func failUnexpected(expected: String) -> JSONError {
        index < bytes.count
            ? fail(.unexpectedByte(bytes[index], expected: expected), at: index)
            : fail(.unexpectedEnd(expected: expected), at: index)
    }

    private mutating func parseDocument() throws(JSONError) {
        let maxBytes = limits.maxBytes
        guard bytes.count <= maxBytes else { throw failLimit(.tooLarge(limit: maxBytes), at: maxBytes) }
        // JSON text starts with an ASCII byte other than NUL, and UTF-16 and UTF-32 put a NUL in
        // the first two bytes: text that passes this needs no closer look.
        if let first = bytes.first, first == 0 || first >= 0x80 || (bytes.count >= 2 && bytes[1] == 0) {
            try checkEncoding()
        }
        skipWhitespace()
        guard index < bytes.count else { throw fail(.emptyInput, at: index) }

        var depth = 0
        // Keys of the objects that outgrew a linear duplicate scan, by the object's token index.
        // A local, not a property: the parser then holds nothing to release but its token storage.
        var largeObjectKeys: [Int: Set<CodeUnitKey>]?
        parseValue: while true {
            skipWhitespace()
            guard index < bytes.count else { throw failUnexpected(expected: "a value") }
            let position = tokens.count
            switch bytes[index] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard depth < limits.maxDepth else { throw failLimit(.nestingTooDeep(limit: limits.maxDepth), at: index) }
                let isObject = bytes[index] == UInt8(ascii: "{")
                tokens.append(JSONToken(kind: isObject ? .object : .array, flags: 0, start: UInt32(index), length: 0, next: open))
                index += 1
                skipWhitespace()
                if index < bytes.count, bytes[index] == UInt8(ascii: isObject ? "}" : "]") {
                    index += 1
                    tokens[position].next = UInt32(tokens.count)
                } else {
                    open = UInt32(position)
                    depth += 1
                    if isObject {
                        // Later keys are counted against the limit before they are read; so is the first.
                        guard limits.maxObjectMembers > 0 else {
                            throw failLimit(.tooManyMembers(limit: limits.maxObjectMembers), at: index)
                        }
                        try parseKey()
                    }
                    continue parseValue
                }
            case UInt8(ascii: "\""):
                try parseString()
            case UInt8(ascii: "t"):
                try appendLiteral("true", kind: .true)
            case UInt8(ascii: "f"):
                try appendLiteral("false", kind: .false)
            case UInt8(ascii: "n"):
                try appendLiteral("null", kind: .null)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                try parseNumber()
            default:
                throw failUnexpected(expected: "a value")
            }

            // A value is complete: count it in its container; close containers as long as they end here.
            while open != Self.noParent {
                let container = Int(open)
                tokens[container].length += 1
                skipWhitespace()
                if tokens[container].kind == .array {
                    guard index < bytes.count else { throw failUnexpected(expected: "',' or ']'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        continue parseValue
                    }
                    guard bytes[index] == UInt8(ascii: "]") else { throw failUnexpected(expected: "',' or ']'") }
                } else {
                    guard index < bytes.count else { throw failUnexpected(expected: "',' or '}'") }
                    if bytes[index] == UInt8(ascii: ",") {
                        index += 1
                        skipWhitespace()
                        let keyOffset = index
                        try parseKey()
                        guard Int(tokens[container].length) < limits.maxObjectMembers else {
                            throw failLimit(.tooManyMembers(limit: limits.maxObjectMembers), at: keyOffset)
                        }
                        if Int(tokens[container].length) < Self.linearKeyScanLimit {
                            try checkLastKeyIsNew(inObjectAt: container, keyOffset: keyOffset)
                        } else {
                            try checkLastKeyIsNew(inLargeObjectAt: container, keyOffset: keyOffset, keys: &largeObjectKeys)
                        }
                        continue parseValue
                    }
                    guard bytes[index] == UInt8(ascii: "}") else { throw failUnexpected(expected: "',' or '}'") }
                }
                index += 1
                open = tokens[container].next
                tokens[container].next = UInt32(tokens.count)
                depth -= 1
            }
            skipWhitespace()
            guard index == bytes.count else { throw fail(.trailingData, at: index) }
            return
        }
    }

    /// The path of the value being read when the parse stopped: down the open containers from
    /// the root, then (`inContainer`) the member whose key was read last or the next element; an
    /// object itself while its key is read. What a walk of the same value built in memory reports.
    private func pathOfValueBeingRead(inContainer: Bool) -> JSONPath {
        var chain: [Int] = []
        var container = open
        while container != Self.noParent {
            chain.append(Int(container))
            container = tokens[Int(container)].next
        }
        chain.reverse()
        var path = JSONPath.root
        for (level, container) in chain.enumerated() {
            let isObject = tokens[container].kind == .object
            if level + 1 < chain.count {
                // The key of an object's member sits just before its value.
                let child = chain[level + 1]
                path.components.append(isObject ? .key(tokens[child - 1].string(in: bytes)) : .index(Int(tokens[container].length)))
            } else if !inContainer {
                break
            } else if !isObject {
                path.components.append(.index(Int(tokens[container].length)))
            } else if !readingKey, let key = tokens.last, tokens.count - 1 > container {
                path.components.append(.key(key.string(in: bytes)))
            }
        }
        return path
    }

    /// Throws when the key just parsed (the last token) repeats an earlier key of the object at
    /// `container`, comparing it with each: for objects of up to ``linearKeyScanLimit`` members.
    /// `mutating` though it changes nothing: inlined as a non-mutating method, it copied the parser
    /// onto the stack for every key.
    @inline(__always)
    private mutating func checkLastKeyIsNew(inObjectAt container: Int, keyOffset: Int) throws(JSONError) {
        let keyIndex = tokens.count - 1
        let key = tokens[keyIndex]
        var earlier = container + 1
        while earlier < keyIndex {
            if tokens[earlier].stringHasSameCodeUnits(as: key, in: bytes) {
                throw fail(.duplicateKey(key.string(in: bytes)), at: keyOffset)
            }
            earlier = Int(tokens[earlier + 1].next)
        }
    }

    /// The same check for a larger object, through a set of its keys in `largeObjectKeys`, made
    /// from its earlier keys the first time.
    private func checkLastKeyIsNew(
        inLargeObjectAt container: Int, keyOffset: Int, keys largeObjectKeys: inout [Int: Set<CodeUnitKey>]?
    ) throws(JSONError) {
        let keyIndex = tokens.count - 1
        let key = tokens[keyIndex]
        if largeObjectKeys?[container] == nil {
            var keys = Set<CodeUnitKey>()
            var earlier = container + 1
            while earlier < keyIndex {
                keys.insert(CodeUnitKey(tokens[earlier].string(in: bytes)))
                earlier = Int(tokens[earlier + 1].next)
            }
            if largeObjectKeys == nil { largeObjectKeys = [:] }
            largeObjectKeys?[container] = keys
        }
        let string = key.string(in: bytes)
        guard largeObjectKeys?[container]?.insert(CodeUnitKey(string)).inserted ?? false else {
            throw fail(.duplicateKey(string), at: keyOffset)
        }
    }

    // MARK: Encoding

    /// Refuses a byte order mark, UTF-16 and UTF-32; called only when the first bytes are not plain ASCII.
    private func checkEncoding() throws(JSONError) {
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            throw fail(.byteOrderMark, at: 0)
        }
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw fail(.notUTF8, at: 0)
        }
        // UTF-8 JSON text holds no NUL byte anywhere; UTF-16 and UTF-32 text holds one among its
        // first four bytes (UTF-32BE `[` is 00 00 00 5B), as it starts with an ASCII character.
        if bytes.count >= 2, bytes.prefix(4).contains(0) {
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

    private mutating func appendLiteral(_ literal: StaticString, kind: JSONToken.Kind) throws(JSONError) {
        let start = index
        let expected = literal.utf8Start
        for offset in 0..<literal.utf8CodeUnitCount {
            guard index < bytes.count, bytes[index] == expected[offset] else {
                throw failUnexpected(expected: "'\(literal)'")
            }
            index += 1
        }
        tokens.append(JSONToken(kind: kind, flags: 0, start: UInt32(start), length: UInt32(index - start), next: UInt32(tokens.count + 1)))
    }

    // MARK: Strings

    /// Parses a key and the colon after it.
    @inline(__always)
    private mutating func parseKey() throws(JSONError) {
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
            throw failUnexpected(expected: "a string key")
        }
        readingKey = true
        try parseString()
        readingKey = false
        skipWhitespace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw failUnexpected(expected: "':'") }
        index += 1
    }

    /// Checks the string whose opening quote is at `index` and records it.
    @inline(__always)
    private mutating func parseString() throws(JSONError) {
        let start = index + 1
        let maxLength = limits.maxStringLength
        // The scan reads no further than one byte past the longest string allowed; the sum stays
        // in range whatever the limit (`Int.max` means "none").
        let fastEnd = maxLength < bytes.count - start ? start + maxLength + 1 : bytes.count
        // Fast path: printable ASCII with no escapes is the common case in bridge messages.
        index = Self.plainStringBytes.firstNonMember(in: bytes, from: start, before: fastEnd)
        var flags: UInt8 = 0
        if index < fastEnd, bytes[index] != UInt8(ascii: "\"") {
            // An escape, a control character or non-ASCII: the slow path counts the unescaped
            // length itself and stops at the closing quote.
            let hasEscapes = try checkStringSlowly(from: start)
            flags = hasEscapes ? JSONToken.escapesFlag : 0
        } else if index - start > maxLength {
            throw failLimit(.stringTooLong(limit: maxLength), at: start)
        }
        guard index < bytes.count else { throw fail(.unexpectedEnd(expected: "'\"' closing the string"), at: index) }
        appendString(start: start, end: index, flags: flags)
        index += 1
    }

    /// Printable ASCII other than `"` and `\`, and DEL: copied as it is.
    static let plainStringBytes = ASCIIByteSet { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }

    /// Records the string whose bytes (after the opening quote) are `start..<end`.
    @inline(__always)
    private mutating func appendString(start: Int, end: Int, flags: UInt8) {
        // Offsets and counts fit: the parse refuses input of `UInt32.max` bytes or more before it
        // reads a string, and there are never more tokens than bytes.
        tokens.append(
            JSONToken(
                kind: .string, flags: flags, start: UInt32(truncatingIfNeeded: start),
                length: UInt32(truncatingIfNeeded: end &- start), next: UInt32(truncatingIfNeeded: tokens.count &+ 1)))
    }

    /// Checks escapes and multi-byte UTF-8 up to the closing quote, which it leaves `index` at,
    /// counting the unescaped length against the limit. Returns whether there was an escape.
    private mutating func checkStringSlowly(from start: Int) throws(JSONError) -> Bool {
        var length = index - start
        var hasEscapes = false
        let maxLength = limits.maxStringLength
        while true {
            guard length <= maxLength else { throw failLimit(.stringTooLong(limit: maxLength), at: start) }
            guard index < bytes.count else { throw fail(.unexpectedEnd(expected: "'\"' closing the string"), at: index) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                return hasEscapes
            case UInt8(ascii: "\\"):
                hasEscapes = true
                do {
                    let (scalar, escapeLength) = try JSONStringEscapes.escape(in: bytes, at: index)
                    length += UTF8.width(scalar)
                    index += escapeLength
                } catch {
                    throw fail(error.reason, at: error.offset)
                }
            case 0..<0x20:
                throw fail(.controlCharacterInString(byte), at: index)
            case 0x20..<0x80:
                length += 1
                index += 1
            default:
                let sequenceLength = try validateUTF8Sequence()
                length += sequenceLength
                index += sequenceLength
            }
        }
    }

    /// Length of the well-formed multi-byte UTF-8 sequence at `index` (RFC 3629, Table 3-7 of Unicode).
    private func validateUTF8Sequence() throws(JSONError) -> Int {
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

    // MARK: Numbers

    private mutating func parseNumber() throws(JSONError) {
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
        let isShortInteger = isPlainInteger && index - start <= 18
        if !isShortInteger {
            // Only these can overflow or underflow a Double.
            guard let value = JSONNumberText.doubleValue(UnsafeBufferPointer(rebasing: bytes[start..<index]), isShortInteger: false)
            else { throw fail(.invalidNumber, at: start) }
            guard value.isFinite else { throw fail(.numberOverflow, at: start) }
            if value == 0 && hasNonZeroDigit { throw fail(.numberUnderflow, at: start) }
        }
        tokens.append(
            JSONToken(
                kind: .number, flags: isShortInteger ? JSONToken.shortIntegerFlag : 0, start: UInt32(start),
                length: UInt32(index - start), next: UInt32(tokens.count + 1)))
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }
}
