extension JSONError {
    /// What makes text not strict JSON (RFC 8259, UTF-8, no duplicate keys); a breached
    /// ``JSONLimits`` bound is a reason of its own (``Reason/tooLarge(limit:)`` and the others).
    public enum Syntax: Sendable, Hashable, CustomStringConvertible {
        /// The input has no value at all.
        case emptyInput
        /// The input ended where `expected` was needed.
        case unexpectedEnd(expected: String)
        /// A byte that cannot start or continue what `expected` names.
        case unexpectedByte(UInt8, expected: String)
        /// Bytes after the top-level value.
        case trailingData
        /// The input starts with a UTF-8 byte order mark, which RFC 8259 forbids.
        case byteOrderMark
        /// The input looks like UTF-16 or UTF-32; only UTF-8 is accepted.
        case notUTF8
        /// A byte sequence that is not well-formed UTF-8.
        case invalidUTF8
        /// A raw control character (U+0000–U+001F) inside a string.
        case controlCharacterInString(UInt8)
        /// A backslash followed by a byte that starts no escape.
        case invalidEscape(UInt8)
        /// `\u` not followed by four hex digits.
        case invalidUnicodeEscape
        /// A `\u` escape of a UTF-16 surrogate without its partner.
        case loneSurrogate(UInt16)
        /// A number with a leading zero, such as `01`.
        case leadingZero
        /// Text that starts like a number but is not one, such as `-`, `1.` or `1e`.
        case invalidNumber
        /// A number too large for a `Double`, such as `1e400`.
        case numberOverflow
        /// A non-zero number so small that a `Double` holds it as zero, such as `1e-400`.
        case numberUnderflow
        /// An object key that appeared before in the same object.
        case duplicateKey(String)

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .emptyInput: "the input holds no JSON value"
            case .unexpectedEnd(let expected): "the input ends where \(expected) was expected"
            case .unexpectedByte(let byte, let expected):
                "found \(Self.describe(byte)) where \(expected) was expected"
            case .trailingData: "unexpected data after the JSON value"
            case .byteOrderMark: "a byte order mark is not allowed"
            case .notUTF8: "the input is UTF-16 or UTF-32; only UTF-8 is accepted"
            case .invalidUTF8: "invalid UTF-8"
            case .controlCharacterInString(let byte):
                "unescaped control character \(Self.describe(byte)) in a string"
            case .invalidEscape(let byte): "invalid escape \\\(Self.printable(byte)) in a string"
            case .invalidUnicodeEscape: "\\u must be followed by four hex digits"
            case .loneSurrogate(let unit):
                "escaped lone surrogate \\u\(String(unit, radix: 16, uppercase: true)) has no partner"
            case .leadingZero: "numbers must not have leading zeros"
            case .invalidNumber: "malformed number"
            case .numberOverflow: "number is too large for a 64-bit float"
            case .numberUnderflow: "non-zero number is too small for a 64-bit float and would read as 0"
            case .duplicateKey(let key): "duplicate object key \(Escaper.logString(key))"
            }
        }

        private static func printable(_ byte: UInt8) -> String {
            (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : describe(byte)
        }

        private static func describe(_ byte: UInt8) -> String {
            if (0x21...0x7E).contains(byte) { return "'\(UnicodeScalar(byte))'" }
            let hex = String(byte, radix: 16, uppercase: true)
            return "byte 0x" + (hex.count == 1 ? "0" + hex : hex)
        }
    }
}

extension JSONTextPosition {
    /// The position of the byte at `offset` in `bytes` (the input's length when it ended early).
    init(offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        self.init(line: line, column: column, offset: offset)
    }
}
