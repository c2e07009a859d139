import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Host lists")
struct HostListTests {
    /// Against a model written from the definition: ASCII case folded byte by byte, an exact
    /// entry matches itself, `*.name` matches what ends in `.name` and has something before it.
    /// Hosts and entries are drawn from a small alphabet (with `K`, `k` and U+212A) so that
    /// near misses are common.
    @Test func agreesWithTheDefinitionOnRandomHostsAndEntries() {
        let pieces = ["a", "A", "k", "K", "\u{212A}", ".", "-", "b.", "*."]
        var generator = SeededRandom(seed: 0x4057_1157)
        func text(_ maxPieces: Int) -> String {
            (0..<Int.random(in: 0...maxPieces, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
        }
        func folded(_ text: String) -> [UInt8] {
            text.utf8.map { (0x41...0x5A).contains($0) ? $0 | 0x20 : $0 }
        }
        // An entry's name is the host a browser reads it as, or its folded text when it reads none.
        func name(_ text: String) -> [UInt8] { URLHost.serialized(text).map { Array($0.utf8) } ?? folded(text) }
        func modelContains(_ entries: Set<String>, _ host: String) -> Bool {
            let host = Array(host.utf8)
            return entries.contains { entry in
                guard entry.starts(with: "*.") else { return name(entry) == host }
                let suffix = Array(".".utf8) + name(String(entry.dropFirst(2)))
                return host.count > suffix.count && host.suffix(suffix.count).elementsEqual(suffix)
            }
        }
        var disagreements: [String] = []
        for _ in 0..<5_000 {
            let entries = Set((0..<Int.random(in: 0...3, using: &generator)).map { _ in text(4) })
            let list = HostList(entries)
            // Hosts reach the list as a browser serializes them.
            for host in ((0..<4).map({ _ in text(5) }) + entries.map({ $0.uppercased() })).compactMap(URLHost.serialized)
            where list.contains(host) != modelContains(entries, host) {
                disagreements.append("\(entries.sorted()) \(host)")
            }
        }
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
        // Origin policies keep their meaning: subdomains only, at any depth.
        let origins = HostList(["*.example.com", "**.other.example"])
        #expect(!origins.contains("example.com") && origins.contains("a.b.example.com"))
        #expect(!origins.contains("a.other.example") && origins.contains("**.other.example"))
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
        #expect(FrameOrigin(webKitProtocol: "https", host: "shop.example", port: 8443, isMainFrame: false).port == 8443)
        let opaque = FrameOrigin(webKitProtocol: "", host: "", port: 0, isMainFrame: true)
        let dispatcher = BridgeDispatcher(channels: [
            .voltRedirect(origins: .hosts(["checkout.volt.io"])), .sovendus(origins: .anyOrigin),
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
        #expect(FrameOrigin(serializedOrigin: "https://shop.example:8443", isMainFrame: false)?.port == 8443)
        #expect(FrameOrigin(serializedOrigin: "HTTPS://Shop.Example", isMainFrame: true)?.host == "shop.example")
        for notAnOrigin in ["null", "", "https://shop.example/", "https://shop.example:443", "shop.example", "content://x", "https://a b"] {
            #expect(FrameOrigin(serializedOrigin: notAnOrigin, isMainFrame: true) == nil, "\(notAnOrigin)")
        }
        let dispatcher = BridgeDispatcher(channels: [.voltRedirect(origins: .hosts(["checkout.volt.io"]))])
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

    /// The rules that inject the listener's object are the policy's hosts, read as origins are.
    @Test func allowedOriginRulesAreThePolicysHosts() {
        #expect(OriginPolicy.anyOrigin.allowedOriginRules == ["*"])
        #expect(
            OriginPolicy.hosts(["Shop.Example", "*.sovendus.com", "127.1", "[::1]", "not a host", "**.x.example"]).allowedOriginRules
                == ["https://shop.example", "https://*.sovendus.com", "https://127.0.0.1", "https://[::1]"])
    }
}
