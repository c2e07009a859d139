/// The JavaScript / JSON string encoding behind ``Escaper/javaScriptString(_:)`` and
/// ``Escaper/scriptJSON(_:)-(JSONValue)``.
enum JavaScriptEscaping {
    /// ASCII escapes; C1 controls (lead byte 0xC2) and U+2028/U+2029 (lead byte 0xE2) depend on the next bytes.
    private static let table = ByteEscapeTable { byte in
        switch byte {
        case 0x08: Array(#"\b"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x5C: Array(#"\\"#.utf8)
        case 0x2F: Array(#"\/"#.utf8)
        case 0..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x60, 0x7F: ByteEscapeTable.unicodeEscape(UInt32(byte))
        case 0xC2, 0xE2: []
        default: nil
        }
    }

    /// What JSON text may hold, inside its strings, that ends a script or a string literal in one.
    private static let scriptUnsafe = ByteEscapeTable { byte in
        switch byte {
        case 0x26, 0x27, 0x3C, 0x3E, 0x7F: ByteEscapeTable.unicodeEscape(UInt32(byte))
        case 0xC2, 0xE2: []
        default: nil
        }
    }

    /// JSON text with `<`, `>`, `&`, `'`, DEL, C1 controls, U+2028 and U+2029 as `\uXXXX` escapes.
    static func scriptSafe(_ json: UnsafeBufferPointer<UInt8>) -> String {
        scriptUnsafe.escapedString(json, following: lineTerminatorOrC1)
    }

    /// Appends `bytes` as a string literal, quotes included.
    static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        table.escape(bytes, into: &output, delimiter: quote, following: lineTerminatorOrC1)
    }

    /// `bytes` as a string literal, quotes included.
    static func quoted(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        table.escapedString(bytes, delimiter: quote, following: lineTerminatorOrC1)
    }

    /// The string literal's delimiter.
    private static let quote = UInt8(ascii: "\"")

    /// For a lead byte the table marks: the C1 control or the U+2028/U+2029 it starts, to be
    /// written as `\uXXXX`, and its length in bytes; nil for any other character.
    private static func lineTerminatorOrC1(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (scalar: UInt32, consumed: Int)? {
        let count = bytes.count
        if bytes[index] == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
            return (UInt32(bytes[index + 1]), 2)
        }
        if bytes[index] == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
            return (bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029, 3)
        }
        return nil
    }

    static func appendValue(_ value: JSONValue, to output: inout [UInt8]) {
        value.write(into: &output) { text, output in Escaper.append(text, escapedFor: .javaScriptString, to: &output) }
    }
}
