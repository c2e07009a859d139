import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

/// The byte sets the scanners read, against their rules written out byte by byte.
@Suite("ASCII byte sets")
struct ASCIIByteSetTests {
    @Test func membershipIsTheRuleForEveryByte() {
        let sets: [(name: String, contains: (UInt8) -> Bool, rule: (UInt8) -> Bool)] = [
            ("plain string bytes", JSONParser.plainStringBytes.contains, { $0 >= 0x20 && $0 <= 0x7F && $0 != 0x22 && $0 != 0x5C })
        ]
        for (name, contains, rule) in sets {
            for byte in UInt8.min...UInt8.max { #expect(contains(byte) == rule(byte), "\(name): byte \(byte)") }
        }
    }

    /// Runs are tested eight bytes at a time: a byte outside the set is found at every offset of
    /// every run length, and a scan never reads past its end.
    @Test func firstNonMemberFindsTheByteAtEveryOffset() {
        let set = ASCIIByteSet { $0 == UInt8(ascii: "a") }
        for length in 0...40 {
            for outside in 0...length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                if outside < length { bytes[outside] = UInt8(ascii: "b") }
                bytes.append(UInt8(ascii: "b"))
                bytes.withUnsafeBufferPointer { buffer in
                    #expect(set.firstNonMember(in: buffer, from: 0, before: length) == outside, "length \(length), outside at \(outside)")
                }
            }
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
