extension JSONValue {
    /// Compact RFC 8259 text: numbers as their source text, members in order, strings with
    /// `"`, `\` and control characters escaped. Parsing the text gives back an equal value.
    ///
    /// This is plain JSON, not safe to place inside HTML `<script>`; see the escaping layer for that.
    public var jsonText: String {
        var output: [UInt8] = []
        write(into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// Appends ``jsonText``'s UTF-8 to `output`.
    package func write(into output: inout [UInt8]) {
        write(into: &output, string: Self.writeString)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// Writes the value; `string` writes each string and key, so that ``jsonText`` and the `<script>`-safe
    /// form of the escaping layer share one walk.
    func write(into output: inout [UInt8], string: (String, inout [UInt8]) -> Void) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let bool): output.append(contentsOf: (bool ? "true" : "false").utf8)
        case .number(let number): output.append(contentsOf: number.text.utf8)
        case .string(let text): string(text, &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                element.write(into: &output, string: string)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                string(member.key, &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(into: &output, string: string)
            }
            output.append(UInt8(ascii: "}"))
        }
    }

    /// What plain JSON text escapes in a string: `"`, the backslash and control characters.
    private static let stringEscapes = ByteEscapeTable { byte in
        switch byte {
        case UInt8(ascii: "\""): Array(#"\""#.utf8)
        case UInt8(ascii: "\\"): Array(#"\\"#.utf8)
        case 0x0A: Array(#"\n"#.utf8)
        case 0x0D: Array(#"\r"#.utf8)
        case 0x09: Array(#"\t"#.utf8)
        case 0..<0x20: Array(#"\u00"#.utf8) + [hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0xF)]]
        default: nil
        }
    }

    /// Appends `string` as a JSON string, quoted and escaped as ``jsonText`` writes it.
    package static func writeString(_ string: String, _ output: inout [UInt8]) {
        string.withUTF8Bytes { stringEscapes.escape($0, into: &output, delimiter: UInt8(ascii: "\"")) }
    }
}
