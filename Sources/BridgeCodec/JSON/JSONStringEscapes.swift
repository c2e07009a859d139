/// The backslash escapes of RFC 8259 strings, read one way for the parser, which checks them,
/// and for readers of a parsed string, which turn them into UTF-8.
enum JSONStringEscapes {
    /// Why an escape is invalid, and at which offset.
    struct Failure: Error {
        let reason: JSONError.Syntax
        let offset: Int
    }

    /// The escape whose backslash is at `offset`: the scalar it stands for and its length in bytes.
    static func escape(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> (scalar: Unicode.Scalar, length: Int) {
        var index = offset + 1
        guard index < bytes.count else { throw Failure(reason: .unexpectedEnd(expected: "an escape"), offset: index) }
        let byte = bytes[index]
        index += 1
        let value: UInt32
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): value = UInt32(byte)
        case UInt8(ascii: "b"): value = 0x08
        case UInt8(ascii: "f"): value = 0x0C
        case UInt8(ascii: "n"): value = 0x0A
        case UInt8(ascii: "r"): value = 0x0D
        case UInt8(ascii: "t"): value = 0x09
        case UInt8(ascii: "u"):
            let unit = try hex4(in: bytes, at: index)
            index += 4
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                    throw Failure(reason: .loneSurrogate(unit), offset: offset)
                }
                let low = try hex4(in: bytes, at: index + 2)
                guard (0xDC00...0xDFFF).contains(low) else { throw Failure(reason: .loneSurrogate(unit), offset: offset) }
                index += 6
                value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw Failure(reason: .loneSurrogate(unit), offset: offset)
            } else {
                value = UInt32(unit)
            }
        default:
            throw Failure(reason: .invalidEscape(byte), offset: offset)
        }
        guard let scalar = Unicode.Scalar(value) else { throw Failure(reason: .invalidUnicodeEscape, offset: offset) }
        return (scalar, index - offset)
    }

    private static func hex4(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) throws(Failure) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw Failure(reason: .invalidUnicodeEscape, offset: offset) }
        var unit: UInt16 = 0
        for index in offset..<offset + 4 {
            guard let digit = bytes[index].hexDigitValue else { throw Failure(reason: .invalidUnicodeEscape, offset: index) }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// Calls `body` with the UTF-8 of a string's content that the parser has already validated,
    /// unescaped into temporary memory (the stack, for short strings): no array is made for
    /// what is usually compared or copied into a `String` at once. Should an escape be invalid
    /// after all, it reads as U+FFFD rather than trapping.
    ///
    /// Never inlined: a caller holding the stack buffer would set up its frame on every call,
    /// escapes or not.
    @inline(never)
    static func withUnescaped<Result>(_ content: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        // A valid escape writes fewer bytes than it reads (`\u00E9`: six for two; a surrogate
        // pair: twelve for four); an invalid one writes U+FFFD, three bytes for as few as one.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: max(content.count, 1) * 3) { buffer in
            guard let start = buffer.baseAddress else { return body(UnsafeBufferPointer(start: nil, count: 0)) }
            var out = start
            func write(_ bytes: some Sequence<UInt8>) {
                for byte in bytes {
                    out.pointee = byte
                    out += 1
                }
            }
            var index = 0
            while index < content.count {
                let byte = content[index]
                guard byte == UInt8(ascii: "\\") else {
                    out.pointee = byte
                    out += 1
                    index += 1
                    continue
                }
                do {
                    let (scalar, length) = try escape(in: content, at: index)
                    if let encoded = UTF8.encode(scalar) { write(encoded) } else { write(replacementCharacter) }
                    index += length
                } catch {
                    write(replacementCharacter)
                    index += 1
                }
            }
            return body(UnsafeBufferPointer(start: start, count: out - start))
        }
    }

    /// U+FFFD in UTF-8.
    private static let replacementCharacter: [UInt8] = [0xEF, 0xBF, 0xBD]
}
