/// Tells, sixteen bytes at a time, whether text holds only the characters ``URLPolicy`` allows:
/// printable ASCII (`!` to `~`) except `"` `<` `>` `\` `^` `` ` `` `{` `|` `}`.
///
/// A URL a page sends is checked on every message; a table read per byte cost more than the
/// rest of the check together.
struct URLCharacterTest: Sendable {
    static let shared = URLCharacterTest()

    // Built once, here: vectors made from literals inside the loop cost more than the scan.
    private let firstAllowed = SIMD16<UInt8>(repeating: 0x21)
    /// `{`: it, `|`, `}` and everything above but `~` are refused.
    private let openingBrace = SIMD16<UInt8>(repeating: UInt8(ascii: "{"))
    private let tilde = SIMD16<UInt8>(repeating: UInt8(ascii: "~"))
    private let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    private let backtick = SIMD16<UInt8>(repeating: UInt8(ascii: "`"))
    /// With bit 1 set, `<` and `>` both read as `>`, `\` and `^` both as `^`; no other byte does.
    private let bit1 = SIMD16<UInt8>(repeating: 2)
    private let greaterThan = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    private let caret = SIMD16<UInt8>(repeating: UInt8(ascii: "^"))

    /// Whether every byte of `bytes` is a URL character.
    func allAreURLCharacters(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        guard count >= 16 else {
            for byte in bytes where !URLPolicy.isURLCharacter(byte) { return false }
            return true
        }
        var offset = 0
        while offset + 16 <= count {
            if !isClean(UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)) { return false }
            offset += 16
        }
        // The last sixteen bytes, overlapping checked ones, instead of a byte loop for the tail.
        return offset == count || isClean(UnsafeRawPointer(base + count - 16).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    @inline(__always)
    private func isClean(_ block: SIMD16<UInt8>) -> Bool {
        let outsidePrintable = (block .< firstAllowed) .| ((block .>= openingBrace) .& (block .!= tilde))
        let folded = block | bit1
        let special = (block .== quote) .| (block .== backtick) .| (folded .== greaterThan) .| (folded .== caret)
        // A mask lane is all zeros or all ones; read as two words (`any(_:)` compiles to a generic call).
        let halves = unsafeBitCast(outsidePrintable .| special, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] == 0
    }
}
