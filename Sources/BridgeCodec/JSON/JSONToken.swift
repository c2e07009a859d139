import Foundation

/// One value of a strictly parsed document, as the parser records it: a kind and a byte range.
///
/// A parse produces the document's values in source order (pre-order: a container, then what
/// it holds; an object's members as key, value, key, value). Strings and numbers stay byte
/// ranges, already validated, until something reads them, so a reader that compares keys as
/// bytes never creates a `String` for them.
struct JSONToken: Sendable {
    enum Kind: UInt8, Sendable {
        case null, `true`, `false`, number, string, array, object
    }

    /// The value's kind.
    var kind: Kind
    /// For strings: ``hasEscapes``. For numbers: ``isShortInteger``.
    var flags: UInt8
    /// Strings: the first byte after the opening quote. Numbers: the first byte. Others: the first byte.
    var start: UInt32
    /// Strings and numbers: their length in bytes, quotes excluded. Arrays: element count.
    /// Objects: member count.
    var length: UInt32
    /// The index of the token after this value and everything it contains.
    var next: UInt32

    static let escapesFlag: UInt8 = 1
    static let shortIntegerFlag: UInt8 = 2

    /// The string holds at least one backslash escape, so its bytes are not its UTF-8 as they stand.
    var hasEscapes: Bool { flags & Self.escapesFlag != 0 }
    /// The number is an integer of at most 18 digits: it fits an `Int64`, and no fraction or exponent.
    var isShortInteger: Bool { flags & Self.shortIntegerFlag != 0 }

    /// The byte range of a string's or number's text.
    var range: Range<Int> { Int(start)..<Int(start) + Int(length) }
}

extension JSONToken {
    /// The string this string token stands for: its bytes as they are, or unescaped.
    func string(in bytes: UnsafeBufferPointer<UInt8>) -> String {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        guard hasEscapes else { return String(decoding: raw, as: UTF8.self) }
        return JSONStringEscapes.withUnescaped(raw) { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether this string token's code units are exactly `utf8`'s, without creating a `String`.
    func stringHasCodeUnits(_ utf8: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard !hasEscapes else {
            return JSONStringEscapes.withUnescaped(UnsafeBufferPointer(rebasing: bytes[range])) { $0.elementsEqual(utf8) }
        }
        guard Int(length) == utf8.count else { return false }
        guard let left = bytes.baseAddress, let right = utf8.baseAddress else { return true }
        return memcmp(left + Int(start), right, utf8.count) == 0
    }

    /// Whether two string tokens have the same code units.
    func stringHasSameCodeUnits(as other: JSONToken, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !other.hasEscapes {
            return stringHasCodeUnits(UnsafeBufferPointer(rebasing: bytes[other.range]), in: bytes)
        }
        return JSONStringEscapes.withUnescaped(UnsafeBufferPointer(rebasing: bytes[other.range])) {
            stringHasCodeUnits($0, in: bytes)
        }
    }

    /// The nearest `Double` to this number token; always finite, because the parser checked.
    func doubleValue(in bytes: UnsafeBufferPointer<UInt8>) -> Double {
        JSONNumberText.doubleValue(UnsafeBufferPointer(rebasing: bytes[range]), isShortInteger: isShortInteger) ?? 0
    }

    /// This number token as a ``JSONNumber``.
    func number(in bytes: UnsafeBufferPointer<UInt8>) -> JSONNumber {
        let text = UnsafeBufferPointer(rebasing: bytes[range])
        return JSONNumber(validatedText: String(decoding: text, as: UTF8.self), doubleValue: doubleValue(in: bytes))
    }
}
