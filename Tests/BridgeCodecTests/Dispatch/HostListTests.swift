import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Host lists")
struct HostListTests {
    /// Against a model written from the definition: an entry is a host as a browser serializes
    /// it, or `*.` and a domain; anything else (no host, a `*` elsewhere, `*.` before an IP
    /// address) is refused when the list is made. An exact entry matches itself, `*.name` what
    /// ends in `.name` and has something before it. Hosts and entries are drawn from a small
    /// alphabet (with `K`, `k` and U+212A) so that near misses are common.
    @Test func agreesWithTheDefinitionOnRandomHostsAndEntries() throws {
        let pieces = ["a", "A", "k", "K", "\u{212A}", ".", "-", "b.", "*.", "1", "1."]
        var generator = SeededRandom(seed: 0x4057_1157)
        func text(_ maxPieces: Int) -> String {
            (0..<Int.random(in: 0...maxPieces, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        func model(_ entry: String) -> (name: [UInt8], subdomains: Bool)? {
            let subdomains = entry.starts(with: "*.")
            guard let name = URLHost.serialized(subdomains ? String(entry.dropFirst(2)) : entry), !name.contains("*") else { return nil }
            let isIPAddress = name.starts(with: "[") || name.allSatisfy { $0.isNumber || $0 == "." }
            return subdomains && isIPAddress ? nil : (Array(name.utf8), subdomains)
        }
        func modelContains(_ entries: [(name: [UInt8], subdomains: Bool)], _ host: String) -> Bool {
            let host = Array(host.utf8)
            return entries.contains { entry in
                guard entry.subdomains else { return entry.name == host }
                let suffix = Array(".".utf8) + entry.name
                return host.count > suffix.count && host.suffix(suffix.count).elementsEqual(suffix)
            }
        }
        var disagreements: [String] = []
        var refused = 0
        for _ in 0..<5_000 {
            let entries = (0..<Int.random(in: 0...3, using: &generator)).map { _ in text(4) }
            for entry in entries where ((try? OriginPattern(host: entry)) == nil) != (model(entry) == nil) {
                disagreements.append("entry \(entry)")
            }
            let admitted = entries.filter { model($0) != nil }
            refused += entries.count - admitted.count
            let policy = try OriginPolicy.hosts(admitted)
            if entries.count != admitted.count { #expect(throws: InvalidArgument.self) { try OriginPolicy.hosts(entries) } }
            // Hosts reach the list as a browser serializes them.
            for host in ((0..<4).map({ _ in text(5) }) + admitted.map({ $0.uppercased() })).compactMap(URLHost.serialized) {
                let frame = FrameOrigin(scheme: "https", host: host, isMainFrame: true)
                if (policy.refusal(of: frame) == nil) != modelContains(admitted.compactMap(model), host) {
                    disagreements.append("\(admitted.sorted()) \(host)")
                }
            }
        }
        #expect(refused > 100)
        #expect(disagreements.isEmpty, "\(disagreements.prefix(5))")
    }

    /// The Swedbank Pay SDK's patterns, by whole labels: `*.x` is `x` or one label in front,
    /// `**.x` is `x` or any number; the SDK's own suffix test let `evilpayex.com` pass `**.payex.com`.
    @Test func webViewPatternsAreTheSDKsByWholeLabels() throws {
        let list = WebViewHostPatterns(["**.payex.com", "*.3ds.example", "Bank.Example", "127.1"])
        for inside in ["payex.com", "ecom.payex.com", "a.b.ecom.payex.com", "3ds.example", "acs.3ds.example", "bank.example", "127.0.0.1"] {
            #expect(list.contains(try WebURL.Host(inside)), "\(inside)")
        }
        for outside in ["evilpayex.com", "payex.com.evil.example", "a.b.3ds.example", "x3ds.example", "a.bank.example", "example"] {
            #expect(!list.contains(try WebURL.Host(outside)), "\(outside)")
        }
        // Origin patterns keep their meaning: subdomains only, at any depth; `**.` is no origin's.
        let subdomains = try OriginPattern(host: "*.example.com")
        #expect(!subdomains.matches(try WebURL("https://example.com").origin))
        #expect(subdomains.matches(try WebURL("https://a.b.example.com").origin))
        #expect(throws: InvalidArgument.self) { try OriginPattern(host: "**.other.example") }
        let known = WebViewHostPatterns(SwedbankPayNavigationPolicy.knownGoodWebViewHosts)
        #expect(known.contains(.domain("ecom.payex.com")) && known.contains(.domain("acs.3dsecure.no")))
        #expect(!known.contains(.domain("evilpayex.com")))
        // The CLI takes the same patterns.
        func navigate(_ target: String) -> String {
            runCLI([
                "url", "navigate", "--complete-url", "https://s.example/d", "--cancel-url", "https://s.example/c", "--payment-url",
                "https://s.example/p?id=1", "--webview-hosts", "**.payex.com,*.3ds.example", target,
            ]).out
        }
        #expect(navigate("https://a.b.payex.com/x") == #"{"decision":"allow"}"# + "\n")
        #expect(navigate("https://evilpayex.com/x").hasPrefix(#"{"decision":"openExternally""#))
    }
}

/// Android's web-message listener reports the frame's origin, so Android channels keep host lists.
@Suite("WebKit's frame origins")
struct WebKitFrameOriginTests {
    /// WebKit reports port 0 for the scheme's default, and an opaque origin (a page loaded with
    /// `baseURL: nil`) as an empty protocol and host, which no host list matches.
    @Test func theFramesReportIsAFrameOrigin() throws {
        #expect(
            FrameOrigin(webKitProtocol: "https", host: "checkout.volt.io", port: 0, isMainFrame: true)
                == FrameOrigin(scheme: "https", host: "checkout.volt.io", isMainFrame: true))
        #expect(
            FrameOrigin(webKitProtocol: "https", host: "Shop.Example", port: 8443, isMainFrame: false).origin
                == .tuple(scheme: "https", host: .domain("shop.example"), port: 8443))
        #expect(FrameOrigin(webKitProtocol: "https", host: "::1", port: 443, isMainFrame: true).description == "https://[::1]")
        #expect(FrameOrigin(webKitProtocol: "http", host: "127.1", port: 80, isMainFrame: false).description == "http://127.0.0.1 (iframe)")
        let opaque = FrameOrigin(webKitProtocol: "", host: "", port: 0, isMainFrame: true)
        #expect(opaque.origin == .opaque && opaque.description == "null")
        for (scheme, host, port) in [("file", "", 0), ("myapp", "callback", 0), ("https", "a b", 0), ("https", "shop.example", 70_000)] {
            #expect(FrameOrigin(webKitProtocol: scheme, host: host, port: port, isMainFrame: true).origin == .opaque, "\(scheme) \(host)")
        }
        let dispatcher = BridgeDispatcher(channels: [
            .voltRedirect(origins: try .hosts(["checkout.volt.io"])), .sovendus(origins: .anyOrigin),
        ])
        let volt = dispatcher.outcome(
            handlerName: "voltRedirect", jsonText: #"{"type":"bank_redirect","url":"https://bank.example/"}"#, origin: opaque)
        guard case .failure(let error) = volt, case .originNotAllowed = error.reason else {
            Issue.record("a host list accepted an opaque origin: \(volt)")
            return
        }
        #expect(
            dispatcher.outcome(handlerName: "sovHandler", jsonText: #"{"type":"height","value":420}"#, origin: opaque).failureValue == nil)
    }
}

@Suite("Android web-message listener origins")
struct AndroidListenerOriginTests {
    @Test func theListenersOriginIsAFrameOrigin() throws {
        let origin = try #require(FrameOrigin(serializedOrigin: "https://shop.example", isMainFrame: true))
        #expect(origin == FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: true))
        #expect(
            FrameOrigin(serializedOrigin: "https://shop.example:8443", isMainFrame: false)?.origin
                == .tuple(scheme: "https", host: .domain("shop.example"), port: 8443))
        #expect(FrameOrigin(serializedOrigin: "HTTPS://Shop.Example", isMainFrame: true) == origin)
        for notAnOrigin in ["null", "", "https://shop.example/", "https://shop.example:443", "shop.example", "content://x", "https://a b"] {
            #expect(FrameOrigin(serializedOrigin: notAnOrigin, isMainFrame: true) == nil, "\(notAnOrigin)")
        }
        let dispatcher = BridgeDispatcher(channels: [.voltRedirect(origins: try .hosts(["checkout.volt.io"]))])
        let body = #"{"type":"bank_redirect","url":"https://bank.example/"}"#
        func outcome(_ origin: String, main: Bool) -> BridgeError? {
            dispatcher.outcome(
                BridgeMessage(handlerName: "voltRedirect", jsonText: body, origin: FrameOrigin(serializedOrigin: origin, isMainFrame: main))
            ).failureValue
        }
        #expect(outcome("https://checkout.volt.io", main: true) == nil)
        #expect(
            outcome("https://checkout.volt.io", main: false)?.reason
                == .originNotAllowed(
                    .notMainFrame(
                        try #require(
                            FrameOrigin(serializedOrigin: "https://checkout.volt.io", isMainFrame: false)))))
        #expect(outcome("null", main: true)?.reason == .originNotAllowed(.noOrigin))
        #expect(outcome("https://evil.example", main: true) != nil)
    }

    /// The rules that inject the listener's object are the policy's hosts, read as origins are;
    /// an entry no frame could match is refused when the list is made, naming it.
    @Test func allowedOriginRulesAreThePolicysHosts() throws {
        #expect(OriginPolicy.anyOrigin.allowedOriginRules == ["*"])
        #expect(
            try OriginPolicy.hosts(["Shop.Example", "*.sovendus.com", "127.1", "[::1]", "shop.example"]).allowedOriginRules
                == ["https://shop.example", "https://*.sovendus.com", "https://127.0.0.1", "https://[::1]"])
        for entry in ["not a host", "**.x.example", "https://shop.example", "shop.example:443", "shop.example/", "*.127.0.0.1", "", "*."] {
            #expect(throws: InvalidArgument.self, "\(entry)") { try OriginPolicy.hosts(["shop.example", entry]) }
        }
        #expect(
            throws: InvalidArgument.rejected(
                name: "host",
                reason: #""not a host" is not a host: write a host such as shop.example, or *.shop.example for its subdomains"#)
        ) { try OriginPolicy.hosts(["not a host"]) }
        #expect(try OriginPolicy.hosts(["b.example", "a.example"]) == (try OriginPolicy.hosts(["A.example", "b.example", "a.example"])))
    }
}
