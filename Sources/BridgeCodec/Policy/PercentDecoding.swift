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
            guard let high = utf8.popFirst().flatMap(\.hexDigitValue), let low = utf8.popFirst().flatMap(\.hexDigitValue) else {
                return nil
            }
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
            if byte == UInt8(ascii: "%"), let high = rest.first.flatMap(\.hexDigitValue),
                let low = rest.dropFirst().first.flatMap(\.hexDigitValue)
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
            guard digits.count == 2, digits.allSatisfy({ $0.hexDigitValue != nil }) else { return true }
            rest = rest[digits.endIndex...]
        }
        return false
    }
}
