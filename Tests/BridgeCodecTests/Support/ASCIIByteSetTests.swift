import Testing

@testable import BridgeCodec

/// The byte sets the scanners test are literal masks; each is rebuilt here from the rule it encodes.
@Suite("ASCII byte sets")
struct ASCIIByteSetTests {
    @Test func urlCharactersMatchTheRule() {
        let rule = ASCIIByteSet { (0x21...0x7E).contains($0) && !#""<>\^`{|}"#.utf8.contains($0) }
        #expect(URLPolicy.urlCharacters == rule)
    }

    @Test func hostNameCharactersMatchTheRule() {
        let rule = ASCIIByteSet { byte in
            let scalar = Unicode.Scalar(byte)
            return ("0"..."9").contains(scalar) || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
                || scalar == "-" || scalar == "."
        }
        #expect(URLPolicy.hostNameCharacters == rule)
    }

    @Test func plainStringBytesMatchTheRule() {
        let rule = ASCIIByteSet { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
        #expect(JSONParser.plainStringBytes == rule)
    }

    @Test func membershipIsTheRuleForEveryByte() {
        let sets: [(ASCIIByteSet, (UInt8) -> Bool)] = [
            (URLPolicy.urlCharacters, { (0x21...0x7E).contains($0) && !#""<>\^`{|}"#.utf8.contains($0) }),
            (JSONParser.plainStringBytes, { (0x20...0x7F).contains($0) && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }),
        ]
        for (set, rule) in sets {
            for byte in UInt8.min...UInt8.max { #expect(set.contains(byte) == rule(byte), "byte \(byte)") }
        }
    }
}
