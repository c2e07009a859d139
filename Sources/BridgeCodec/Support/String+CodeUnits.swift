import Foundation

extension String {
    /// Whether this string's UTF-8 is exactly `utf8`.
    func hasCodeUnits(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        // A native string knows its length: most strings of another length are told apart unread.
        self.utf8.count == utf8.count && withUTF8Bytes { $0.hasSameBytes(as: utf8) }
    }

    /// Code-unit equality: what JavaScript's `===` means for property names, where Swift's `==`
    /// is canonical equivalence (NFC and NFD "é" are one `String`, two JavaScript strings).
    func hasSameCodeUnits(as other: String) -> Bool {
        other.withUTF8Bytes { hasCodeUnits($0) }
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
