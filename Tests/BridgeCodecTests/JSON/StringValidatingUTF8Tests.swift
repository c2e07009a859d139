import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Strict UTF-8 strings")
struct StringValidatingUTF8Tests {
    /// Each ill-formed class Unicode names (table 3-7): a lone continuation, a truncated sequence,
    /// overlong forms, surrogates, scalars above U+10FFFF and bytes that never occur.
    @Test func illFormedSequencesAreRefused() {
        let illFormed: [[UInt8]] = [
            [0x80], [0xBF], [0xC2], [0xE2, 0x82], [0xF0, 0x9F, 0x98], [0xC0, 0xAF], [0xC1, 0xBF], [0xE0, 0x80, 0xAF],
            [0xF0, 0x80, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
            [0xFE], [0xFF], [0x61, 0xFF, 0x62], [0xE2, 0x82, 0x61],
        ]
        for bytes in illFormed {
            #expect(String(validatingUTF8Bytes: bytes) == nil, "\(bytes)")
            #expect(String(validatingUTF8Bytes: [0x61] + bytes + [0x62]) == nil, "\(bytes) inside text")
        }
    }

    @Test func wellFormedTextIsKeptAsItIs() {
        for text in ["", "a", "\u{0}", "é", "€", "😀", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}", "e\u{301}", "\u{FEFF}x"] {
            let string = String(validatingUTF8Bytes: Array(text.utf8))
            #expect(string.map { Array($0.utf8) } == Array(text.utf8), "\(text.unicodeScalars.map(\.value))")
        }
    }

    /// Random byte strings, mostly near-valid, judged as the standard library's own validating
    /// initialiser judges them where the system has it.
    @Test func agreesWithTheStandardLibrary() {
        guard #available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *) else { return }
        var generator = SeededRandom(seed: 0x0F8_7E57)
        let pieces: [[UInt8]] = [
            [0x61], [0xC3, 0xA9], [0xE2, 0x82, 0xAC], [0xF0, 0x9F, 0x98, 0x80], [0xED, 0x9F, 0xBF], [0xEE, 0x80, 0x80],
        ]
        for _ in 0..<5_000 {
            var bytes = (0..<Int.random(in: 0...6, using: &generator)).flatMap { _ in pieces.randomElement(using: &generator) ?? [] }
            if !bytes.isEmpty, Bool.random(using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...0xFF, using: &generator)
            }
            if !bytes.isEmpty, Bool.random(using: &generator) { bytes.removeLast() }
            #expect(String(validatingUTF8Bytes: bytes) == String(validating: bytes, as: UTF8.self), "\(bytes)")
        }
    }
}
