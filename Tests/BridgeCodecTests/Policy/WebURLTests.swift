import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

/// Every URL is read as a browser reads it, checked against the URL Standard's own test data
/// (web-platform-tests `urltestdata.json`): equal on every part, or refused for a documented reason.
@Suite("URLs as a browser reads them")
struct WebURLTests {
    struct Case: Sendable, CustomStringConvertible {
        let input: String
        let base: String?
        /// The parts the Standard gives, by the names of JavaScript's `URL`; nil where it fails.
        let expected: [String: String]?

        var description: String { "\(JSONValue.string(input).jsonText) against \(base ?? "no base")" }

        /// The input read against its base, or `nil` where either is refused.
        var reading: WebURL? {
            guard let base else { return try? WebURL(input) }
            return (try? WebURL(base)).flatMap { try? WebURL(input, base: $0) }
        }
    }

    static func cases() throws -> [Case] {
        let data = try Data(contentsOf: TestData.vendored.appendingPathComponent("wpt-url/urltestdata.json"))
        guard case .array(let entries) = try JSONValue(parsing: data, limits: .largest) else { return [] }
        return entries.compactMap { entry -> Case? in
            guard case .object(let members) = entry, case .string(let input)? = members["input"] else { return nil }
            var base: String?
            if case .string(let text)? = members["base"] { base = text }
            if members["failure"] == .bool(true) { return Case(input: input, base: base, expected: nil) }
            var fields: [String: String] = [:]
            for member in members { if case .string(let value) = member.value { fields[member.key] = value } }
            return Case(input: input, base: base, expected: fields)
        }
    }

    /// The parts of `url` by the names of JavaScript's `URL`.
    static func parts(_ url: WebURL) -> [String: String] {
        [
            "href": url.href, "origin": url.origin.description, "protocol": url.scheme + ":", "username": url.username,
            "password": url.password, "hostname": url.host?.description ?? "",
            "host": (url.host?.description ?? "") + (url.port.map { ":\($0)" } ?? ""),
            "port": url.port.map(String.init) ?? "", "pathname": url.path,
            "search": url.query.map { $0.isEmpty ? "" : "?" + $0 } ?? "", "hash": url.fragment.map { $0.isEmpty ? "" : "#" + $0 } ?? "",
        ]
    }

    /// The refusal docs/security.md lists for URLs a browser reads: `file:` URLs.
    static func isDocumentedRefusal(_ error: WebURL.ParseError) -> Bool {
        error == .fileURL
    }

    @Test func everyCaseReadsAsTheStandardSaysOrIsADocumentedRefusal() throws {
        let cases = try Self.cases()
        #expect(cases.count > 800)
        var (equal, refusedAsTheStandard) = (0, 0)
        var refusedAsDocumented: [WebURL.ParseError: Int] = [:]
        for testCase in cases {
            let result = Result { () throws(WebURL.ParseError) in
                try WebURL(testCase.input, base: testCase.base.map { text throws(WebURL.ParseError) in try WebURL(text) })
            }
            switch (result, testCase.expected) {
            case (.success(let url), let expected?):
                let actual = Self.parts(url)
                let differences = expected.keys.filter { actual[$0] != nil && actual[$0] != expected[$0] }
                if differences.isEmpty {
                    equal += 1
                } else {
                    Issue.record("\(testCase): \(differences.map { "\($0) \(actual[$0] ?? "") ≠ \(expected[$0] ?? "")" })")
                }
            case (.success(let url), nil):
                Issue.record("\(testCase): read as \(url.href), where the Standard fails")
            case (.failure, nil):
                refusedAsTheStandard += 1
            case (.failure(let violation), _?):
                if Self.isDocumentedRefusal(violation) {
                    refusedAsDocumented[violation, default: 0] += 1
                } else {
                    Issue.record("\(testCase): refused (\(violation)), where the Standard reads \(testCase.expected?["href"] ?? "")")
                }
            }
        }
        // The counts docs/security.md quotes.
        #expect(equal == 500)
        #expect(refusedAsTheStandard == 267)
        #expect(refusedAsDocumented == [.fileURL: 124])
    }

    @Test func readsAsAWebViewReports() throws {
        #expect(try WebURL("HTTPS://Shop.Example:443").href == "https://shop.example/")
        #expect(try WebURL("http://shop.example:80/a/./b/../c").href == "http://shop.example/a/c")
        #expect(try WebURL("https://shop.example/a/%2E%2e/b?x='y'#f").href == "https://shop.example/b?x=%27y%27#f")
        for (written, host) in [
            ("https://0x7f.1/", "127.0.0.1"), ("https://2130706433/", "127.0.0.1"), ("https://0177.0.0.1/", "127.0.0.1"),
            ("https://127.1/", "127.0.0.1"), ("https://[0:0::1]/", "[::1]"), ("https://xn--nxasmq6b.example/", "xn--nxasmq6b.example"),
            ("https://a_b.example/", "a_b.example"),
        ] {
            #expect(try WebURL(written).host?.description == host, "\(written)")
        }
        for refused in ["https://1.2.3.4.5/", "https://256.1.1.1/", "https://xn--a.b\u{FC}cher.example/", "https://a^b/", "https://[::1/"] {
            #expect(throws: WebURL.ParseError.invalidHost, "\(refused)") { try WebURL(refused) }
        }
        #expect(throws: WebURL.ParseError.invalidPort) { try WebURL("https://a:65536/") }
        #expect(try WebURL("https://bücher.example/").host == .domain("xn--bcher-kva.example"))
        #expect(try WebURL("https://shop.example/a|b^c{d}\\e?q=|^{}#|^{}").href == "https://shop.example/a|b%5Ec%7Bd%7D/e?q=|^{}#|^{}")
        #expect(try WebURL("https://shop.example/a b/ü?q=a b").href == "https://shop.example/a%20b/%C3%BC?q=a%20b")
    }

    @Test func relativeReferencesResolveAsABrowserResolvesThem() throws {
        let base = try WebURL("https://backend.example/swedbank-pay-mobile/?x=1#f")
        #expect(try WebURL("consumers", base: base).href == "https://backend.example/swedbank-pay-mobile/consumers")
        #expect(try WebURL("../paymentorders?y", base: base).href == "https://backend.example/paymentorders?y")
        #expect(try WebURL("//other.example/p", base: base).href == "https://other.example/p")
        #expect(try WebURL("?z", base: base).href == "https://backend.example/swedbank-pay-mobile/?z")
        #expect(try WebURL("", base: base).href == "https://backend.example/swedbank-pay-mobile/?x=1")
        #expect(throws: WebURL.ParseError.relative) { try WebURL("consumers") }
        #expect(throws: WebURL.ParseError.relative) { try WebURL("x", base: WebURL("about:blank")) }
    }

    /// The one-scan reading of URLs already in their serialization gives what the whole reader gives.
    @Test func theSerializedFormsScanIsTheReadersReading() throws {
        var generator = SeededRandom(seed: 0x5EED_0C0D)
        func some(_ pieces: [String], _ count: ClosedRange<Int>) -> String {
            (0..<Int.random(in: count, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        let hosts = ["a", "z", "b", "c", "0", "9", ".", "-", "_", "xn--", "0x", "A", "%41"]
        let ports = ["", "", "", ":443", ":80", ":8080", ":0", ":08", ":65536", ":"]
        // Mostly what a serialization holds, with each character that sends a text to the whole reader.
        let rest = [
            "a", "b/", "c", "/", "x=y", "&", "!", "$", "(", "*", "+", ",", ";", ":", "@", "~", "-", "_", "/", "//", "\\", "?", "#", "%",
            "%2e", "%41", ".", "..", "'", " ", "|", "^", "{", "`", "\"", "<", "ü", "\t",
        ]
        let generated = (0..<20_000).map { _ in
            some(["https://", "http://", "HTTP://"], 1...1) + some(hosts, 1...5) + some(ports, 1...1) + "/"
                + some(rest, 0...8)
        }
        var scanned = 0
        for text in try Self.cases().map(\.input) + generated {
            guard let parts = text.withUTF8Bytes(URLReader.serializedWebURL) else { continue }
            scanned += 1
            let read = try URLReader.read(text, base: nil)
            #expect(read.bytes.elementsEqual(text.utf8) && read.offsets == parts, "\(text)")
        }
        #expect(scanned > 400)
    }

    @Test func everyReadingReadsItsOwnSerializationBack() throws {
        for testCase in try Self.cases() {
            guard let url = testCase.reading else { continue }
            #expect(try WebURL(url.href) == url, "\(testCase)")
            #expect(try WebURL(url.href).href == url.href, "\(testCase)")
        }
    }
}
