import Testing

@testable import BridgeCodec

@Suite("UTF-8 prefixes")
struct UTF8PrefixTests {
    /// Bytes read in place through overlapping word loads give the prefix that reading them one
    /// by one gives, at every length across the word boundaries and at every alignment; guard
    /// bytes around them would change the prefix if a load reached past either end.
    @Test func bytesInPlaceGiveThePrefixOfTheirSequence() {
        // Seeded, so that a failing text comes back on the next run.
        var generator = SeededRandom(seed: 0x0F_F5E7)
        for length in 0...40 {
            for alignment in 0..<8 {
                let text = (0..<length).map { _ in UInt8.random(in: 0...0xFE, using: &generator) }
                let guarded = [UInt8](repeating: 0xFF, count: 8 + alignment) + text + [UInt8](repeating: 0xFF, count: 8)
                let inPlace = guarded.withUnsafeBufferPointer { buffer in
                    UTF8Prefix(contiguous: UnsafeBufferPointer(rebasing: buffer[(8 + alignment)...].prefix(length)))
                }
                #expect(inPlace == UTF8Prefix(text), "length \(length), alignment \(alignment)")
                #expect(inPlace.length == length)
            }
        }
    }

    /// Changing any one of the first sixteen bytes changes the prefix; bytes beyond are the table's to compare.
    @Test func everyByteOfTheFirstSixteenCounts() {
        for length in 1...20 {
            let text = (0..<length).map { UInt8(ascii: "a") + UInt8($0) }
            let original = text.withUnsafeBufferPointer { UTF8Prefix(contiguous: $0) }
            for position in 0..<min(length, UTF8Prefix.capacity) {
                var changed = text
                changed[position] ^= 0x80
                #expect(changed.withUnsafeBufferPointer { UTF8Prefix(contiguous: $0) } != original, "length \(length), byte \(position)")
            }
        }
    }
}
