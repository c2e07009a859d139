/// A set of ASCII bytes as two 64-bit masks, one bit per byte: a membership test is a shift and
/// a mask, with no branch per excluded byte. Bytes from 0x80 up are never members.
///
/// The sets the scanners test on every byte (URL characters, plain JSON string bytes) are written
/// as literal masks, so that their loops read no global; a test rebuilds each from its rule.
struct ASCIIByteSet: Sendable, Equatable {
    /// Bytes 0x00–0x3F, bit `n` for byte `n`.
    let below64: UInt64
    /// Bytes 0x40–0x7F, bit `n` for byte `0x40 + n`.
    let from64: UInt64

    /// Whether `byte` is in the set.
    @inline(__always)
    func contains(_ byte: UInt8) -> Bool {
        byte < 0x40 ? below64 >> byte & 1 != 0 : byte < 0x80 && from64 >> (byte & 0x3F) & 1 != 0
    }
}

extension ASCIIByteSet {
    /// The ASCII bytes for which `isMember` holds: how the tests check the literal masks.
    init(where isMember: (UInt8) -> Bool) {
        var below64: UInt64 = 0
        var from64: UInt64 = 0
        for byte in UInt8(0)..<0x80 where isMember(byte) {
            if byte < 0x40 { below64 |= 1 << byte } else { from64 |= 1 << (byte - 0x40) }
        }
        self.init(below64: below64, from64: from64)
    }
}
