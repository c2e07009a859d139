import Foundation
import Testing

@testable import BridgeCodec

/// Hosts read as a browser reads them (UTS #46 in the URL Standard's domain to ASCII), checked
/// against web-platform-tests' own cases.
@Suite("Hosts as the browser reads them")
struct DomainToASCIITests {
    struct Case: Sendable, CustomStringConvertible {
        let input: String
        /// The host a browser reads; `nil` where it refuses the URL.
        let output: String?
        var description: String { JSONValue.string(input).jsonText }
    }

    static func cases(_ file: String) throws -> [Case] {
        let text = try String(contentsOf: TestData.vendored.appendingPathComponent("wpt-url/" + file), encoding: .utf8)
        guard case .array(let entries) = try JSONValue(parsing: Data(try asUSVString(text).utf8), limits: .largest) else { return [] }
        return entries.compactMap { entry in
            guard case .object(let members) = entry, case .string(let input)? = members["input"] else { return nil }
            if case .string(let output)? = members["output"] { return Case(input: input, output: output) }
            return Case(input: input, output: nil)
        }
    }

    /// `json` with each escaped lone surrogate as U+FFFD: a browser's `URL` takes a USVString and so
    /// replaces it, and a Swift string cannot hold one.
    static func asUSVString(_ json: String) throws -> String {
        let loneSurrogate = try NSRegularExpression(
            pattern: #"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F])|(?<!\\u[dD][89abAB][0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"#)
        return loneSurrogate.stringByReplacingMatches(
            in: json, range: NSRange(json.startIndex..., in: json), withTemplate: #"\\uFFFD"#)
    }

    /// The host of `https://INPUT/x`, as web-platform-tests reads each case, or `nil` when refused.
    static func host(_ input: String) -> String? {
        (try? WebURL("https://" + input + "/x"))?.host?.description
    }

    @Test func everyToASCIICaseReadsAsTheBrowserReadsIt() throws {
        let cases = try Self.cases("toascii.json")
        #expect(cases.count == 87)
        for testCase in cases {
            #expect(Self.host(testCase.input) == testCase.output, "\(testCase)")
        }
    }

    /// Unicode's own conformance cases for UTS #46, as web-platform-tests reads them into the URL
    /// Standard (IPv4-like, STD3 and bidi cases left out by its generator).
    @Test func everyIDNATestCaseReadsAsTheBrowserReadsIt() throws {
        let cases = try Self.cases("IdnaTestV2.json")
        #expect(cases.count == 2671)
        // The data predates Unicode 18.0, which assigns U+3E8AC (SMALL SEAL CHARACTER-3E8AC): it
        // refuses that character as unassigned, where the tables read it as valid.
        let assignedSince: Unicode.Scalar = "\u{3E8AC}"
        #expect(IDNAData.shared.mapping(of: assignedSince) == .valid)
        var compared = 0
        // web-platform-tests skips the empty input too: `https:///x` has the host `x`.
        for testCase in cases where !testCase.input.isEmpty {
            if testCase.input.unicodeScalars.contains(assignedSince) {
                #expect(testCase.output == nil, "\(testCase)")
                continue
            }
            compared += 1
            #expect(Self.host(testCase.input) == testCase.output, "\(testCase)")
        }
        #expect(compared == 2668)
    }

    /// An ASCII domain is never refused by UTS #46, even with an `xn--` label that is not Punycode
    /// (browsers read such hosts as written); the same label in a domain with non-ASCII text is checked.
    @Test func anASCIIDomainIsReadAsWritten() {
        #expect(Self.host("XN--A.example") == "xn--a.example")
        #expect(Self.host("xn--zn7c.com") == "xn--zn7c.com")
        #expect(Self.host("xn--a.bücher.de") == nil)
        #expect(Self.host("xn--zn7c.bücher.de") == nil)
        #expect(Self.host("xn--bcher-kva.bücher.de") == "xn--bcher-kva.xn--bcher-kva.de")
        // The forbidden code points stay forbidden.
        #expect(Self.host("xn--a%.example") == nil)
    }

    /// Shops, banks and pages of the providers' markets, as the browser writes their hosts.
    @Test func theProvidersMarketsHostsReadInTheirXNForm() throws {
        for (written, host) in [
            ("bücher.de", "xn--bcher-kva.de"), ("BÜCHER.DE", "xn--bcher-kva.de"), ("bu\u{308}cher.de", "xn--bcher-kva.de"),
            ("räksmörgås.se", "xn--rksmrgs-5wao1o.se"), ("straße.de", "xn--strae-oqa.de"),
            ("blåbærsyltetøy.no", "xn--blbrsyltety-y8ao3x.no"),
            ("żółw.pl", "xn--w-uga1v8h.pl"), ("hyvää.fi", "xn--hyv-slaa.fi"), ("øl.dk", "xn--l-4ga.dk"),
            ("www.xn--bcher-kva.de", "www.xn--bcher-kva.de"), ("shop。example", "shop.example"), ("ＳＨＯＰ．example", "shop.example"),
        ] {
            #expect(Self.host(written) == host, "\(written)")
        }
        // The Unicode spelling and the xn-- form are one origin.
        #expect(try WebURL("https://bücher.de/a").origin == WebURL("https://xn--bcher-kva.de/b").origin)
    }

    @Test func punycodeWritesWhatItReads() throws {
        // RFC 3492's sample strings, and labels the browser writes.
        for (text, encoded) in [
            (
                "\u{644}\u{64A}\u{647}\u{645}\u{627}\u{628}\u{62A}\u{643}\u{644}\u{645}\u{648}\u{634}\u{639}\u{631}\u{628}\u{64A}\u{61F}",
                "egbpdaj6bu4bxfgehfvwxn"
            ),
            ("\u{4ED6}\u{4EEC}\u{4E3A}\u{4EC0}\u{4E48}\u{4E0D}\u{8BF4}\u{4E2D}\u{6587}", "ihqwcrb4cv8a8dqg056pqjye"),
            ("3\u{5E74}B\u{7D44}\u{91D1}\u{516B}\u{5148}\u{751F}", "3B-ww4c5e180e575a65lsy2b"),
            ("bücher", "bcher-kva"), ("ß", "zca"), ("-†", "--xhn"),
        ] {
            #expect(Punycode.encode(Array(text.unicodeScalars)).map { String(decoding: $0, as: UTF8.self) } == encoded, "\(text)")
            #expect(Punycode.decode(ArraySlice(encoded.utf8)) == Array(text.unicodeScalars), "\(encoded)")
        }
        // A delimiter with nothing before it, a digit past the end, a delta past 32 bits, a non-ASCII byte.
        for invalid in ["-abc", "a-b", "99999999999", "a-€"] {
            #expect(Punycode.decode(ArraySlice(invalid.utf8)) == nil, "\(invalid)")
        }
    }

    /// The joiners and the bidi rule, beyond web-platform-tests' cases.
    @Test func joinersAndBidiAreCheckedAsUTS46ChecksThem() {
        // U+200C between dual- and right-joining letters, or after a virama; U+200D after a virama only.
        #expect(Self.host("\u{628}\u{200C}\u{627}") != nil)
        #expect(Self.host("\u{915}\u{94D}\u{200D}\u{937}") != nil)
        #expect(Self.host("a\u{200C}b") == nil)
        #expect(Self.host("\u{627}\u{200C}\u{628}") == nil)
        // A right-to-left label may not hold a left-to-right letter, nor both kinds of digits;
        // in a Bidi domain name, a non-ASCII label must start with L, R or AL.
        #expect(Self.host("\u{5D0}a") == nil)
        #expect(Self.host("\u{627}1\u{660}") == nil)
        #expect(Self.host("0\u{E0}.\u{5D0}") == nil)
        #expect(Self.host("\u{E0}.\u{5D0}") == "xn--0ca.xn--4db")
        // An ASCII label of a Bidi domain name holds to the rule too; a trailing dot's empty label is no label.
        #expect(Self.host("1.\u{64A}") == nil)
        #expect(Self.host("\u{64A}.a") == "xn--mhb.a")
        #expect(Self.host("\u{64A}.") == "xn--mhb.")
        // A mark never starts a label; a disallowed character is refused wherever it stands.
        #expect(Self.host("\u{301}a.example") == nil)
        #expect(Self.host("a\u{2488}com") == nil)
    }

    /// The tables are read once and agree with the version they name.
    @Test func theTablesNameTheirUnicodeVersion() {
        #expect(IDNATables.unicodeVersion == "18.0.0")
        #expect(IDNAData.shared.mapping(of: "A") == .mapped(["a"]))
        #expect(IDNAData.shared.mapping(of: "\u{DF}") == .valid)
        #expect(IDNAData.shared.mapping(of: "\u{AD}") == .mapped([]))
        #expect(IDNAData.shared.mapping(of: "\u{FFFD}") == .disallowed)
        #expect(IDNAData.shared.properties(of: "\u{5D0}").bidi == .rightToLeft)
        #expect(IDNAData.shared.properties(of: "\u{94D}").isVirama)
    }
}
