import Testing

@testable import BridgeCodec

@Suite("URL policy character table")
struct URLPolicyCharacterTableTests {
    /// The bit masks are literals for speed; this rebuilds them from the rule they encode.
    @Test func masksMatchTheRule() {
        var below64: UInt64 = 0
        var from64: UInt64 = 0
        for byte in UInt8(0x21)...0x7E where !#""<>\^`{|}"#.utf8.contains(byte) {
            if byte < 0x40 { below64 |= 1 << byte } else { from64 |= 1 << (byte - 0x40) }
        }
        #expect(URLPolicy.urlCharactersBelow64 == below64)
        #expect(URLPolicy.urlCharactersFrom64 == from64)
    }

    /// The check reads eight bytes per step and the rest one by one: a character that is not
    /// allowed is found at every offset, inside a block and in the tail.
    @Test func everyOffsetIsChecked() {
        let base = Array("https://merchant.example/checkout/cancel".utf8)
        for offset in 8...base.count {
            for (inserted, expected) in [
                (" ", URLPolicy.Violation.invalidCharacter(" ")), ("<", .invalidCharacter("<")), ("\u{7F}", .invalidCharacter("\u{7F}")),
                ("é", .invalidCharacter("é")), ("\\", .backslash),
            ] {
                let url = String(decoding: base[..<offset] + Array(inserted.utf8) + base[offset...], as: UTF8.self)
                #expect(throws: expected, "\(url)") { try URLPolicy.httpsOnly.check(url) }
            }
        }
        #expect(throws: Never.self) { try URLPolicy.httpsOnly.check(String(decoding: base, as: UTF8.self)) }
    }
}
