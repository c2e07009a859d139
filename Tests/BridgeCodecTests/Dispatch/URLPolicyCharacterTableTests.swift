import Testing

@testable import BridgeCodec

@Suite("URL policy character tables")
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

    @Test func hostNameMasksMatchTheRule() {
        var below64: UInt64 = 0
        var from64: UInt64 = 0
        for byte in UInt8(0)...0x7F {
            let scalar = Unicode.Scalar(byte)
            let isLetterOrDigit = ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
            guard isLetterOrDigit || scalar == "-" || scalar == "." else { continue }
            if byte < 0x40 { below64 |= 1 << byte } else { from64 |= 1 << (byte - 0x40) }
        }
        #expect(URLPolicy.hostNameCharactersBelow64 == below64)
        #expect(URLPolicy.hostNameCharactersFrom64 == from64)
        for byte in UInt8(0x80)...0xFF { #expect(!URLPolicy.isHostNameCharacter(byte)) }
    }

    @Test func settingTheSchemesLowercasesThem() {
        var policy = URLPolicy.httpsOnly
        policy.allowedSchemes = ["myapp"]
        #expect(throws: URLPolicy.Violation.schemeNotAllowed("https")) { try policy.check("https://a.example/") }
        policy.allowedSchemes = ["HTTPS"]
        #expect(policy.allowedSchemes == ["https"])
        #expect(throws: Never.self) { try policy.check("https://a.example/") }
        #expect(policy == URLPolicy.httpsOnly)
    }
}
