import Testing

@testable import BridgeCodec

@Suite("URL policy character tables and fast path")
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

    @Test func httpsPrefixWordIsHTTPSColonSlashSlash() {
        var word: UInt64 = 0
        for (offset, byte) in "https://".utf8.enumerated() { word |= UInt64(byte) << (8 * offset) }
        #expect(URLPolicy.httpsPrefix == word)
        #expect(URLPolicy.httpsLetterCaseBits == 0x20_2020_2020)
    }

    /// The vector test agrees with the per-byte rule for every byte at every offset of texts of
    /// 1 to 40 bytes: inside a block, in the overlapping last block, and below sixteen bytes;
    /// scanning from the start and from the byte itself.
    @Test func blockTestAgreesWithTheRuleAtEveryOffset() {
        forEveryByteAtEveryOffset(lengths: 1...40) { text, offset, byte in
            for start in Set([0, offset]) {
                let found = text.withUnsafeBufferPointer { URLCharacterScan().allAreURLCharacters($0, from: start) }
                if found != URLPolicy.isURLCharacter(byte) {
                    Issue.record("byte \(byte) at \(offset) of \(text.count) from \(start): block test says \(found)")
                }
            }
        }
    }

    /// The host-name scan stops at the first byte that is not a letter, digit, `-` or `.`, for every
    /// byte at every offset, from the start and from one byte in.
    @Test func hostNameScanAgreesWithTheRuleAtEveryOffset() {
        forEveryByteAtEveryOffset(lengths: 1...40) { text, offset, byte in
            let end = URLPolicy.isHostNameCharacter(byte) ? text.count : offset
            for start in Set([0, min(1, offset)]) {
                let found = text.withUnsafeBufferPointer { URLCharacterScan().hostNameLength($0, from: start) }
                if found != end - start { Issue.record("byte \(byte) at \(offset) of \(text.count) from \(start): \(found)") }
            }
        }
    }

    /// The check reads sixteen bytes per step: a character that is not allowed is found at every
    /// offset, inside a block and in the tail.
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

    @Test(arguments: [
        "https://hosted.plaid.com/link/lp-1234567890", "HTTPS://A.EXAMPLE", "hTtPs://a.example?x=1", "https://a.example#top",
        "https://merchant.example/checkout/cancel?order=123",
    ])
    func plainHTTPSURLsTakeTheFastPath(url: String) {
        #expect(Array(url.utf8).withUnsafeBufferPointer { URLPolicy.isPlainHTTPS($0) })
    }

    @Test(arguments: [
        "https://a.example:443/", "https://user@a.example/", "http://a.example/", "https://[::1]/", "https:///path",
        "https://", "https:/a.example", "https://a.example/<", "https://a_b.example/", "https://a.example\\x", "ftps://a.example/",
    ])
    func otherShapesAreLeftToTheExactCheck(url: String) {
        #expect(!Array(url.utf8).withUnsafeBufferPointer { URLPolicy.isPlainHTTPS($0) })
    }

    /// The fast path may only say "valid" where the exact check does: for every single-byte change
    /// of typical URLs (each byte replaced by, or inserted as, every byte value), under several
    /// policies, the policy's verdict is the exact check's.
    @Test func fastPathAgreesWithTheExactCheck() {
        let policies = [
            URLPolicy.httpsOnly, URLPolicy.https(plusAppSchemes: ["myapp"]), URLPolicy(allowedSchemes: ["http"]),
            URLPolicy(maxLength: 24),
        ]
        let bases = ["https://hosted.plaid.com/link/lp-1", "https://a.example", "HTTPS://Bank.Example:8443/x?y#z"]
        var checked = 0
        for base in bases.map({ Array($0.utf8) }) {
            for offset in 0...base.count {
                for byte in UInt8(0)...0xFF {
                    var variants = [base[..<offset] + [byte] + base[offset...]]
                    if offset < base.count { variants.append(base[..<offset] + [byte] + base[(offset + 1)...]) }
                    for variant in variants {
                        variant.withUnsafeBufferPointer { bytes in
                            for policy in policies where policy.violation(in: bytes) != policy.exactViolation(in: bytes) {
                                Issue.record("\(Array(bytes)): fast \(String(describing: policy.violation(in: bytes)))")
                            }
                        }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 40_000)
    }

    @Test func settingTheSchemesLowercasesThemAndKeepsTheFastPathInStep() {
        var policy = URLPolicy.httpsOnly
        policy.allowedSchemes = ["myapp"]
        #expect(throws: URLPolicy.Violation.schemeNotAllowed("https")) { try policy.check("https://a.example/") }
        policy.allowedSchemes = ["HTTPS"]
        #expect(policy.allowedSchemes == ["https"])
        #expect(throws: Never.self) { try policy.check("https://a.example/") }
        #expect(policy == URLPolicy.httpsOnly)
    }
}
