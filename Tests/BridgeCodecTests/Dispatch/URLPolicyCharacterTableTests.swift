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
}
