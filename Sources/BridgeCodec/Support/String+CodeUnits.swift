import Foundation

extension String {
    /// Whether this string's UTF-8 is exactly `utf8`.
    func hasCodeUnits(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // A native string knows its length: most strings of another length are told apart unread.
        self.utf8.count == utf8.count && withUTF8Bytes { $0.hasSameBytes(as: utf8) }
    }

    /// Code-unit equality: what JavaScript's `===` means for property names, where Swift's `==`
    /// is canonical equivalence (NFC and NFD "é" are one `String`, two JavaScript strings).
    @usableFromInline package func hasSameCodeUnits(as other: String) -> Bool {
        other.withUTF8Bytes { hasCodeUnits($0) }
    }

    /// Feeds `hasher` what ``hasSameCodeUnits(as:)`` compares.
    func hashCodeUnits(into hasher: inout Hasher) {
        withUTF8Bytes { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether both buffers hold the same bytes.
    func hasSameBytes(as other: UnsafeBufferPointer<UInt8>) -> Bool {
        guard count == other.count else { return false }
        guard let own = baseAddress, let bytes = other.baseAddress else { return true }  // both empty
        return memcmp(own, bytes, count) == 0
    }
}

/// A string key hashed and compared by its UTF-8 code units, not by Unicode canonical equivalence.
struct CodeUnitKey: Hashable {
    let string: String

    init(_ string: String) {
        self.string = string
    }

    static func == (lhs: CodeUnitKey, rhs: CodeUnitKey) -> Bool {
        lhs.string.hasSameCodeUnits(as: rhs.string)
    }

    func hash(into hasher: inout Hasher) {
        string.hashCodeUnits(into: &hasher)
    }
}
