import Testing

@testable import BridgeCodec

@Suite("Channel lookup by handler name")
struct ChannelLookupTests {
    /// Names around the sixteen bytes a key holds, two that share their first sixteen bytes,
    /// and one that is not ASCII.
    static let names = [
        "", "a", "canceled", "completed", "voltRedirect", "branchPlaidLink", "sixteen-bytes-ab", "seventeen-bytes-a",
        "branchPlaidLinkComplete", "branchPlaidLinkCompletf", "branchPlaidLinkCompleteAndThenSomeMore!", "annul\u{E9}",
    ]
    static let channels = names.map { BridgeChannel(.swedbankPayCanceled, handlerName: $0, origins: .anyOrigin) }
    let lookup = ChannelLookup(channels)
    /// The names in a table of their own, for the path a bridged name takes (code units read one
    /// by one), which Linux has no strings to exercise.
    let table = UTF8PrefixTable(names.enumerated().map { ($1, $0) })

    private func index(of name: String) -> Int? {
        let found = lookup.channel(named: name)?.index
        #expect(found == table.value(readingUTF8: Array(name.utf8)), "the two ways to read \(name.debugDescription) disagree")
        return found
    }

    @Test func everyNameFindsItsChannel() {
        for (position, name) in Self.names.enumerated() {
            #expect(index(of: name) == position, "\(name.debugDescription)")
        }
    }

    /// A name differing from a registered one in any single byte, or one byte longer or shorter,
    /// finds no channel (or the one it now equals).
    @Test func namesDifferingInOneByteAreOtherNames() {
        for name in Self.names {
            let utf8 = Array(name.utf8)
            var variants: [[UInt8]] = [utf8 + [UInt8(ascii: "x")], Array(utf8.dropLast())]
            for position in utf8.indices {
                var changed = utf8
                changed[position] ^= 0x01
                variants.append(changed)
            }
            for variant in variants {
                let text = String(decoding: variant, as: UTF8.self)
                // Replacement characters from a broken sequence make another name: skip those.
                guard Array(text.utf8) == variant else { continue }
                #expect(index(of: text) == Self.names.firstIndex(of: text), "\(text.debugDescription)")
            }
        }
    }

    @Test func namesMatchByCodeUnitsNotCanonicalEquivalence() {
        #expect(index(of: "annule\u{301}") == nil)
        #expect("annule\u{301}" == "annul\u{E9}")
    }

    @Test func onlyChannelsWithAHostListCheckTheOrigin() {
        let lookup = ChannelLookup([
            BridgeChannel(.voltRedirect, origins: .anyOrigin), BridgeChannel(.sovendus, origins: .hosts(["a.example"])),
        ])
        #expect(lookup.channel(named: "voltRedirect")?.checksOrigin == false)
        #expect(lookup.channel(named: "sovHandler")?.checksOrigin == true)
        #expect(lookup.channel(named: "sovHandler")?.kind == .sovendus)
    }
}
