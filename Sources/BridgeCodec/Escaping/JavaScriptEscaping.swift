/// The JavaScript / JSON string encoding behind ``Escaper/javaScriptString(_:)`` and
/// ``Escaper/scriptJSON(_:)-(JSONValue)``.
enum JavaScriptEscaping {
    /// For each ASCII byte: nil when it passes through, else its escape. Bytes ≥ 0x80 are
    /// handled apart: only C1 controls and U+2028/U+2029 change.
    private static let asciiEscapes: [[UInt8]?] = (0..<128).map { byte -> [UInt8]? in
        switch byte {
        case 0x08: Array(#"\b"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0C: Array(#"\f"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x5C: Array(#"\\"#.utf8)
        case 0x2F: Array(#"\/"#.utf8)
        case 0..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x60, 0x7F: unicodeEscape(UInt32(byte))
        default: nil
        }
    }

    /// Whether each byte needs a look: the escapes above and every non-ASCII lead byte that may start
    /// a C1 control (0xC2) or U+2028/U+2029 (0xE2).
    private static let needsAttention: [Bool] = (0..<256).map { byte in
        byte < 128 ? asciiEscapes[byte] != nil : (byte == 0xC2 || byte == 0xE2)
    }

    static func unicodeEscape(_ value: UInt32) -> [UInt8] {
        let hex = Escaper.upperHexDigits
        return Array(#"\u"#.utf8) + [12, 8, 4, 0].map { hex[Int((value >> UInt32($0)) & 0xF)] }
    }

    static func appendStringLiteral(_ text: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { appendEscaped($0, to: &output) }
        output.append(UInt8(ascii: "\""))
    }

    /// Copies runs of bytes that need nothing in one go, and escapes the rest.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            guard needsAttention[Int(byte)] else {
                index += 1
                continue
            }
            var replacement: [UInt8]?
            var length = 1
            if byte < 0x80 {
                replacement = asciiEscapes[Int(byte)]
            } else if byte == 0xC2, index + 1 < count, (0x80...0x9F).contains(bytes[index + 1]) {
                replacement = unicodeEscape(UInt32(bytes[index + 1]))
                length = 2
            } else if byte == 0xE2, index + 2 < count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 || bytes[index + 2] == 0xA9 {
                replacement = unicodeEscape(bytes[index + 2] == 0xA8 ? 0x2028 : 0x2029)
                length = 3
            }
            guard let replacement else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            output.append(contentsOf: replacement)
            index += length
            runStart = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<count]))
    }

    static func appendValue(_ value: JSONValue, to output: inout [UInt8]) {
        switch value {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let string): appendStringLiteral(string, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                appendValue(element, to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                appendStringLiteral(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                appendValue(member.value, to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}
