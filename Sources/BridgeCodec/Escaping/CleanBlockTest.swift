/// Tells, in a few vector instructions, whether sixteen bytes all pass through an escaping
/// table unchanged. Most text is such blocks, and testing them a byte at a time is what an
/// encoder otherwise spends its time on.
///
/// Conservative by construction: every control byte, each printable ASCII byte the table
/// replaces and, when the table treats any byte from DEL up, every byte from DEL up, is
/// flagged, so a block called clean needs nothing. Tables that copy all non-ASCII bytes (HTML)
/// run text in any script sixteen bytes at a time.
struct CleanBlockTest: Sendable {
    /// One equality test per printable byte the context replaces: more than this, and the
    /// byte loop is as fast as the test.
    static let maximumReplacedPrintables = 8

    /// Added to each byte so that the bytes outside the copied range land above ``rangeLimit``
    /// as signed bytes: one add and one signed compare, where an unsigned range test costs
    /// SSE2 three instructions for each end. Printable ASCII (0x20–0x7E) becomes -128…-34,
    /// control bytes 96…127, and the bytes from DEL up -33…95.
    private let rangeBias = SIMD16<UInt8>(repeating: 0x60)
    /// -34 when the table treats any byte from DEL up, so only printable ASCII passes; 95 when
    /// it copies them all, so only the control bytes are flagged.
    private let rangeLimit: SIMD16<Int8>
    /// The replaced printable bytes, each broadcast to a vector once, here, not in the loop.
    private let replaced:
        (
            SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>,
            SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>
        )

    /// Whether the test can be used: false when the table replaces more printable bytes than the
    /// test has slots for (URL components), and every block is then walked byte by byte.
    let isAvailable: Bool

    /// The test for a table that does not copy the bytes for which `isReplaced` holds.
    init(isReplaced: (UInt8) -> Bool) {
        let printables = (UInt8(0x20)..<0x7F).filter(isReplaced)
        isAvailable = printables.count <= Self.maximumReplacedPrintables
        rangeLimit = SIMD16(repeating: (UInt8(0x7F)...0xFF).contains(where: isReplaced) ? -34 : 95)
        // Unused slots test for NUL, which the range test flags anyway.
        let slots = Array(
            (printables + [UInt8](repeating: 0, count: Self.maximumReplacedPrintables)).prefix(Self.maximumReplacedPrintables))
        replaced = (
            SIMD16(repeating: slots[0]), SIMD16(repeating: slots[1]), SIMD16(repeating: slots[2]), SIMD16(repeating: slots[3]),
            SIMD16(repeating: slots[4]), SIMD16(repeating: slots[5]), SIMD16(repeating: slots[6]), SIMD16(repeating: slots[7])
        )
    }

    /// The lanes of `block` that are not copied as they are: each such byte all ones, lanes 0–7 in
    /// the first word and 8–15 in the second, lowest lane in the lowest byte.
    @inline(__always)
    func flaggedLanes(_ block: SIMD16<UInt8>) -> (UInt64, UInt64) {
        let outsideRange = unsafeBitCast(block &+ rangeBias, to: SIMD16<Int8>.self) .> rangeLimit
        let firstFour = (block .== replaced.0) .| (block .== replaced.1) .| (block .== replaced.2) .| (block .== replaced.3)
        let lastFour = (block .== replaced.4) .| (block .== replaced.5) .| (block .== replaced.6) .| (block .== replaced.7)
        // A mask lane is all zeros or all ones: read as two words (`any(_:)` would compile to a
        // call into a generic reduction).
        let halves = unsafeBitCast(outsideRange .| firstFour .| lastFour, to: SIMD2<UInt64>.self)
        return (halves[0].littleEndian, halves[1].littleEndian)
    }
}
