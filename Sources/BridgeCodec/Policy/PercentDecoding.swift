/// The inverse of ``Escaper/urlQueryComponent(_:)``: `%XX` to bytes, strictly.
enum PercentDecoding {
    /// The decoded text, or nil for a `%` without two hex digits or bytes that are not UTF-8.
    /// `+` stays `+` (RFC 3986; form encoding is not assumed).
    static func decode(_ text: Substring) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = utf8.popFirst().flatMap(hexValue), let low = utf8.popFirst().flatMap(hexValue) else { return nil }
            bytes.append(high << 4 | low)
        }
        return String(validatingUTF8Bytes: bytes)
    }

    /// The WHATWG URL Standard's percent-decode, which a browser applies to a host: each `%XX`
    /// to its byte, and a `%` without two hex digits kept as written.
    static func decodeKeepingStrayPercents(_ text: some Collection<UInt8>) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(text.count)
        var rest = text[...]
        while let byte = rest.popFirst() {
            if byte == UInt8(ascii: "%"), let high = rest.first.flatMap(hexValue),
                let low = rest.dropFirst().first.flatMap(hexValue)
            {
                decoded.append(high << 4 | low)
                rest = rest.dropFirst(2)
            } else {
                decoded.append(byte)
            }
        }
        return decoded
    }

    /// Whether `text` holds a `%` without two hex digits after it: what ``decode(_:)`` refuses.
    static func hasStrayPercent(_ text: some Collection<UInt8>) -> Bool {
        var rest = text[...]
        while let percent = rest.firstIndex(of: UInt8(ascii: "%")) {
            let digits = rest[rest.index(after: percent)...].prefix(2)
            guard digits.count == 2, digits.allSatisfy({ hexValue($0) != nil }) else { return true }
            rest = rest[digits.endIndex...]
        }
        return false
    }

    /// The value of a hex digit, either case.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
