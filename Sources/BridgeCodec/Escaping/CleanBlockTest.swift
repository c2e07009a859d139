/// Tells, in a few vector operations, whether sixteen bytes all pass through an escaping
/// table unchanged. Most text is such blocks, and testing them a byte at a time is what an
/// encoder otherwise spends its time on.
///
/// Conservative by construction: every control byte, each printable ASCII byte the table
/// replaces and, when the table treats any byte from DEL up, every byte from DEL up, is
/// flagged, so a block called clean needs nothing. Tables that copy all non-ASCII bytes (HTML)
/// run text in any script sixteen bytes at a time.
struct CleanBlockTest: Sendable {
    /// Tests that take two replaced bytes differing in one bit, `(byte | bit) == both`: one OR
    /// more than a plain equality test, one test fewer for the pair.
    static let pairSlots = 3
    /// Plain equality tests, for bytes that pair with no other.
    static let singleSlots = 2

    /// Added to each byte so that the bytes outside the copied range land above ``rangeLimit``
    /// as signed bytes: one add and one signed compare, where SSE2 has no unsigned compare. Printable ASCII (0x20–0x7E) becomes -128…-34,
    /// control bytes 96…127, and the bytes from DEL up -33…95.
    private let rangeBias = SIMD16<UInt8>(repeating: 0x60)
    /// -34 when the table treats any byte from DEL up, so only printable ASCII passes; 95 when
    /// it copies them all, so only the control bytes are flagged.
    private let rangeLimit: SIMD16<Int8>
    /// Per pair slot, the bit its two bytes differ in and the byte with it set, each broadcast
    /// to a vector once, here, not in the loop.
    private let pairBits: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
    private let pairValues: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)
    private let singles: (SIMD16<UInt8>, SIMD16<UInt8>)

    /// Whether the test can be used: false when the table replaces more printable bytes than the
    /// slots cover (URL components), and every block is then walked byte by byte.
    let isAvailable: Bool

    /// The test for a table that does not copy the bytes for which `isReplaced` holds.
    init(isReplaced: (UInt8) -> Bool) {
        let printables = (UInt8(0x20)..<0x7F).filter(isReplaced)
        rangeLimit = SIMD16(repeating: (UInt8(0x7F)...0xFF).contains(where: isReplaced) ? -34 : 95)
        let slotCount = Self.pairSlots + Self.singleSlots
        let pairs = printables.count <= 2 * slotCount ? Self.pairs(in: printables, atMost: Self.pairSlots) : []
        var unpaired = printables.filter { byte in !pairs.contains { $0.0 == byte || $0.1 == byte } }
        isAvailable = pairs.count + unpaired.count <= slotCount
        // A single byte fills a pair slot as a pair that differs in no bit; an unused slot tests
        // for NUL, which the range test flags anyway.
        var singleSlots = [UInt8](repeating: 0, count: Self.singleSlots)
        for slot in singleSlots.indices where !unpaired.isEmpty { singleSlots[slot] = unpaired.removeFirst() }
        var pairSlots = pairs.map { (bit: $0.0 ^ $0.1, value: $0.0 | $0.1) }
        while pairSlots.count < Self.pairSlots { pairSlots.append((0, unpaired.isEmpty ? 0 : unpaired.removeFirst())) }
        pairBits = (SIMD16(repeating: pairSlots[0].bit), SIMD16(repeating: pairSlots[1].bit), SIMD16(repeating: pairSlots[2].bit))
        pairValues = (
            SIMD16(repeating: pairSlots[0].value), SIMD16(repeating: pairSlots[1].value), SIMD16(repeating: pairSlots[2].value)
        )
        singles = (SIMD16(repeating: singleSlots[0]), SIMD16(repeating: singleSlots[1]))
    }

    /// As many as `limit` pairs of `bytes` that differ in exactly one bit, no byte in two of them:
    /// the most there are, found by trying each partner of the first byte (a table replaces a
    /// handful of printable bytes, so the search is tiny).
    static func pairs(in bytes: [UInt8], atMost limit: Int) -> [(UInt8, UInt8)] {
        guard limit > 0, let first = bytes.first else { return [] }
        let rest = Array(bytes.dropFirst())
        var best = pairs(in: rest, atMost: limit)
        for partner in rest where (first ^ partner).nonzeroBitCount == 1 {
            let withPartner = [(first, partner)] + pairs(in: rest.filter { $0 != partner }, atMost: limit - 1)
            if withPartner.count > best.count { best = withPartner }
        }
        return best
    }

    /// The lanes of `block` that are not copied as they are: each such byte all ones, lanes 0–7 in
    /// the first word and 8–15 in the second, lowest lane in the lowest byte.
    @inline(__always)
    func flaggedLanes(_ block: SIMD16<UInt8>) -> (UInt64, UInt64) {
        let outsideRange = unsafeBitCast(block &+ rangeBias, to: SIMD16<Int8>.self) .> rangeLimit
        let paired =
            ((block | pairBits.0) .== pairValues.0) .| ((block | pairBits.1) .== pairValues.1)
            .| ((block | pairBits.2) .== pairValues.2)
        let single = (block .== singles.0) .| (block .== singles.1)
        // A mask lane is all zeros or all ones: read as two words (`any(_:)` would compile to a
        // call into a generic reduction).
        let halves = unsafeBitCast(outsideRange .| paired .| single, to: SIMD2<UInt64>.self)
        return (halves[0].littleEndian, halves[1].littleEndian)
    }
}
