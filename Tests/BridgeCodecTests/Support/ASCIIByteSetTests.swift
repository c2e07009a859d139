import Testing

@testable import BridgeCodec

/// The byte sets the scanners read, against their rules written out byte by byte.
@Suite("ASCII byte sets")
struct ASCIIByteSetTests {
    @Test func membershipIsTheRuleForEveryByte() {
        let excludedFromURLs = Array(#" "<>\^`{|}"#.utf8)
        let sets: [(name: String, set: ASCIIByteSet, rule: (UInt8) -> Bool)] = [
            ("URL characters", URLPolicy.urlCharacters, { $0 > 0x20 && $0 < 0x7F && !excludedFromURLs.contains($0) }),
            ("plain string bytes", JSONParser.plainStringBytes, { $0 >= 0x20 && $0 <= 0x7F && $0 != 0x22 && $0 != 0x5C }),
        ]
        for (name, set, rule) in sets {
            for byte in UInt8.min...UInt8.max { #expect(set.contains(byte) == rule(byte), "\(name): byte \(byte)") }
        }
    }

    @Test func firstNonMemberStopsAtTheFirstByteOutside() {
        let set = ASCIIByteSet { $0 == UInt8(ascii: "a") }
        let bytes = Array("aaab\u{E9}a".utf8)
        bytes.withUnsafeBufferPointer { bytes in
            #expect(set.firstNonMember(in: bytes, from: 0, before: bytes.count) == 3)
            #expect(set.firstNonMember(in: bytes, from: 3, before: bytes.count) == 3)
            #expect(set.firstNonMember(in: bytes, from: 0, before: 2) == 2)
            #expect(set.firstNonMember(in: bytes, from: 6, before: bytes.count) == bytes.count)
            #expect(set.firstNonMember(in: bytes, from: 4, before: bytes.count) == 4)
        }
    }
}
