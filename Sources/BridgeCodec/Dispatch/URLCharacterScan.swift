/// Reads a URL sixteen bytes at a time: whether it holds only the characters ``URLPolicy``
/// allows (printable ASCII, `!` to `~`, except `"` `<` `>` `\` `^` the backtick `{` `|` `}`), and how
/// long the host name at an offset is.
///
/// A URL a page sends is checked on every message; a table read per byte cost more than the
/// rest of the check together.
///
/// Make one where it is used: its vectors then become constants the compiler loads directly.
/// A shared instance was copied onto the stack, sixteen vectors at a time, on every URL.
struct URLCharacterScan: Sendable {
    // Outside the loops: vectors made from literals inside a loop cost more than the scan.
    /// Added to each byte so that `!` to `z` become the lowest signed bytes (-128…-39): one add
    /// and one signed compare test the range, where SSE2 spends three instructions on each end
    /// of an unsigned one. `{` `|` `}` and everything above but `~` are outside it.
    private let allowedRangeBias = SIMD16<UInt8>(repeating: 0x80 - 0x21)
    private let allowedRangeLast = SIMD16<Int8>(repeating: Int8(truncatingIfNeeded: UInt8(ascii: "z") &+ (0x80 - 0x21)))
    private let tilde = SIMD16<UInt8>(repeating: UInt8(ascii: "~"))
    private let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
    private let backtick = SIMD16<UInt8>(repeating: UInt8(ascii: "`"))
    /// With bit 1 set, `<` and `>` both read as `>`, `\` and `^` both as `^`; no other byte does.
    private let bit1 = SIMD16<UInt8>(repeating: 2)
    private let greaterThan = SIMD16<UInt8>(repeating: UInt8(ascii: ">"))
    private let caret = SIMD16<UInt8>(repeating: UInt8(ascii: "^"))
    /// The same signed-range test: `a` to `z` moved to -128…-103, so a letter is below -102.
    private let lettersBias = SIMD16<UInt8>(repeating: 0x80 &- UInt8(ascii: "a"))
    private let pastLetters = SIMD16<Int8>(repeating: -128 + 26)
    /// `-`, `.`, `/` and the digits are one run of bytes, moved the same way; `/` is taken out of it.
    private let hyphenToNineBias = SIMD16<UInt8>(repeating: 0x80 - UInt8(ascii: "-"))
    private let pastNine = SIMD16<Int8>(repeating: -128 + Int8(UInt8(ascii: "9") - UInt8(ascii: "-")) + 1)
    private let slash = SIMD16<UInt8>(repeating: UInt8(ascii: "/"))
    private let bit5 = SIMD16<UInt8>(repeating: 0x20)

    /// Whether every byte of `bytes` from `start` on is a URL character. The last sixteen bytes
    /// are read as one block, which may reach back before `start`: pass only a start whose
    /// earlier bytes are known to be URL characters, or the answer may be a false no.
    @inline(__always)
    func allAreURLCharacters(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        guard count >= 16 else {
            for byte in bytes[start...] where !URLPolicy.isURLCharacter(byte) { return false }
            return true
        }
        // Offsets stay within `count`, so they cannot overflow: wrapping adds skip the checks.
        var offset = start
        while offset &+ 16 <= count {
            if !isClean(UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self)) { return false }
            offset &+= 16
        }
        // The last sixteen bytes, overlapping checked ones, instead of a byte loop for the tail.
        return offset == count || isClean(UnsafeRawPointer(base + count - 16).loadUnaligned(as: SIMD16<UInt8>.self))
    }

    /// How many bytes from `start` are letters, digits, `-` or `.`, the bytes of a DNS host name.
    @inline(__always)
    func hostNameLength(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var offset = start
        while offset &+ 16 <= bytes.count {
            let length = hostNamePrefixLength(UnsafeRawPointer(base + offset).loadUnaligned(as: SIMD16<UInt8>.self))
            offset &+= length
            if length < 16 { return offset &- start }
        }
        while offset < bytes.count, URLPolicy.isHostNameCharacter(bytes[offset]) { offset += 1 }
        return offset - start
    }

    @inline(__always)
    private func hostNamePrefixLength(_ block: SIMD16<UInt8>) -> Int {
        // Setting bit 5 lowercases a letter and makes no other byte a lowercase letter.
        let letter = pastLetters .> unsafeBitCast((block | bit5) &+ lettersBias, to: SIMD16<Int8>.self)
        let digitOrHyphenOrDot = (pastNine .> unsafeBitCast(block &+ hyphenToNineBias, to: SIMD16<Int8>.self)) .& (block .!= slash)
        let halves = unsafeBitCast(.!(letter .| digitOrHyphenOrDot), to: SIMD2<UInt64>.self)
        if halves[0] != 0 { return halves[0].littleEndian.trailingZeroBitCount / 8 }
        if halves[1] != 0 { return 8 + halves[1].littleEndian.trailingZeroBitCount / 8 }
        return 16
    }

    @inline(__always)
    private func isClean(_ block: SIMD16<UInt8>) -> Bool {
        let outsidePrintable = (unsafeBitCast(block &+ allowedRangeBias, to: SIMD16<Int8>.self) .> allowedRangeLast) .& (block .!= tilde)
        let folded = block | bit1
        let special = (block .== quote) .| (block .== backtick) .| (folded .== greaterThan) .| (folded .== caret)
        // A mask lane is all zeros or all ones; read as two words (`any(_:)` compiles to a generic call).
        let halves = unsafeBitCast(outsidePrintable .| special, to: SIMD2<UInt64>.self)
        return halves[0] | halves[1] == 0
    }
}
