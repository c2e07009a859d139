import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecTesting

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
    @Test func webViewPatternsAreTheSDKsByWholeLabels() {
        let list = HostList(["**.payex.com", "*.3ds.example", "bank.example"], wildcards: .webViewPatterns)
        for inside in ["payex.com", "ecom.payex.com", "a.b.ecom.payex.com", "3ds.example", "acs.3ds.example", "bank.example"] {
            #expect(list.contains(inside), "\(inside)")
        }
        for outside in ["evilpayex.com", "payex.com.evil.example", "a.b.3ds.example", "x3ds.example", "a.bank.example", "example"] {
            #expect(!list.contains(outside), "\(outside)")
        }
        // Origin policies keep their meaning: subdomains only, at any depth.
        let origins = HostList(["*.example.com", "**.other.example"])
        #expect(!origins.contains("example.com") && origins.contains("a.b.example.com"))
        #expect(!origins.contains("a.other.example") && origins.contains("**.other.example"))
        let known = HostList(PaymentNavigationPolicy.knownGoodWebViewHosts, wildcards: .webViewPatterns)
        #expect(known.contains("ecom.payex.com") && known.contains("acs.3dsecure.no") && !known.contains("evilpayex.com"))
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
