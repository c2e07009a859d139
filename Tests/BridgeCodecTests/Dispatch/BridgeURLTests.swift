import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Bridge URLs")
struct BridgeURLTests {
    /// A URL that passed a policy becomes a Foundation `URL` of its serialization: what a browser
    /// would open, with nothing else changed, and never `nil`.
    @Test func checkedURLsBecomeFoundationURLsOfTheirSerialization() throws {
        let policy = URLPolicy.https(plusAppSchemes: ["myapp"])
        let texts = [
            ("https://bank.example/auth?state=a%20b#x", "https://bank.example/auth?state=a%20b#x"),
            ("myapp://plaid-complete?x=1", "myapp://plaid-complete?x=1"), ("https://[::1]:8443/p", "https://[::1]:8443/p"),
            ("HTTPS://Bank.Example/A/../b", "https://bank.example/b"),
            // What a browser keeps as written and RFC 3986 does not allow is percent-encoded for Foundation.
            ("https://shop.example/a|b?q={x}[y]#f#g", "https://shop.example/a%7Cb?q=%7Bx%7D%5By%5D#f%23g"),
            ("https://shop.example/100%?x=%zz", "https://shop.example/100%25?x=%25zz"),
        ]
        for (text, foundation) in texts {
            let url = try BridgeURL(policy.check(text))
            #expect(url.foundationURL.absoluteString == foundation, "\(text)")
            #expect(url.string == (try WebURL(text)).href)
        }
    }

    /// Foundation holds every URL the reader reads whose host RFC 3986 allows: never the fallback.
    @Test func foundationHoldsEveryURLTheReaderReads() throws {
        var held = 0
        for testCase in try WebURLTests.cases() {
            guard let url = testCase.reading else { continue }
            guard let bridged = try? BridgeURL(url) else {
                // Only a host holding what RFC 3986 does not allow in one is refused.
                #expect(
                    url.host.map { $0.description.contains(where: { "\"{}`%|".contains($0) }) || !$0.description.allSatisfy(\.isASCII) }
                        == true, "\(url)")
                continue
            }
            held += 1
            #expect(url.href == "about:blank" || bridged.foundationURL.absoluteString != "about:blank", "\(url)")
            #expect(bridged.foundationURL.scheme?.lowercased() == url.scheme, "\(url)")
        }
        #expect(held > 450)
    }

    @Test func schemesAreLowercased() throws {
        #expect(try BridgeURL("HTTPS://bank.example").scheme == "https")
        #expect(throws: URLPolicy.Violation.unreadable(.relative)) { try BridgeURL("/relative") }
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
