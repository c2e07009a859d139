import Foundation
import Testing

@testable import BridgeCodec

@Suite("Bridge URLs")
struct BridgeURLTests {
    /// A URL that passed a policy becomes a Foundation `URL` of exactly its text: no
    /// normalisation, no second encoding of what is already percent-encoded.
    @Test func checkedURLsBecomeFoundationURLsOfTheSameText() throws {
        let policy = URLPolicy.https(plusAppSchemes: ["myapp"])
        let texts = [
            "https://bank.example/auth?state=a%20b#x", "myapp://plaid-complete?x=1", "https://[::1]:8443/p", "HTTPS://Bank.Example/A/../b",
        ]
        for text in texts {
            try policy.check(text)
            #expect(BridgeURL(text).foundationURL?.absoluteString == text, "\(text)")
        }
    }

    @Test func schemesAreLowercased() {
        #expect(BridgeURL("HTTPS://bank.example").scheme == "https")
        #expect(BridgeURL("/relative").scheme == nil)
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
