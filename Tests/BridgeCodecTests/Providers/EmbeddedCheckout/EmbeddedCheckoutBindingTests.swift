import BridgeCodec
import BridgeCodecCommandLine
import BridgeCodecProviders
import Foundation
import Testing

/// The checkout response's embedded binding, the URL built from it, and `bridgecodec ecp-check` as a checkout team runs it.
@Suite("Embedded Checkout Protocol binding and session checker")
struct EmbeddedCheckoutBindingTests {
    typealias EC = EmbeddedCheckout

    static func response(services: String, continueURL: String = "https://shop.example/checkout/chk_1?lang=en") -> String {
        #"{"ucp":{"version":"2026-04-08","services":{"dev.ucp.shopping":\#(services)},"payment_handlers":{}},"id":"chk_1","#
            + #""continue_url":"\#(continueURL)"}"#
    }

    static let embedded =
        #"[{"version":"2026-04-08","transport":"rest","endpoint":"https://shop.example/ucp"},"#
        + #"{"version":"2026-04-08","transport":"embedded","config":{"delegate":["payment.credential","window.open","loyalty.points"],"#
        + #""color_scheme":["dark","sepia"]}}]"#

    @Test func theBindingGivesTheSessionAndTheURL() throws {
        let binding = try EC.Binding(checkoutResponse: Self.response(services: Self.embedded))
        #expect(binding.version == "2026-04-08" && binding.colorSchemes == [.dark] && binding.checkoutHost == "shop.example")
        #expect(binding.allowed.map(\.id) == ["payment.credential", "window.open", "loyalty.points"])
        let url = try binding.url(requesting: [.windowOpen], colorScheme: .dark)
        #expect(
            url.href == "https://shop.example/checkout/chk_1?lang=en&ec_version=2026-04-08&ec_delegate=window.open&ec_color_scheme=dark")
        #expect(throws: InvalidArgument.self) { try binding.url(requesting: [.fulfillmentAddressChange]) }
        #expect(throws: InvalidArgument.self) { try binding.url(colorScheme: .light) }
        let session = try binding.session(requesting: [.paymentCredential])
        #expect(session.requested == [.paymentCredential] && session.allowed == binding.allowed)
    }

    @Test func theNavigationRuleKeepsTheCheckoutAndItsPaymentRedirectsIn() throws {
        let binding = try EC.Binding(checkoutResponse: Self.response(services: Self.embedded))
        let rule: @Sendable (BridgeHost<String>.Navigation) -> BridgeHost<String>.NavigationDecision =
            try binding.navigationRule(paymentHosts: ["*.bank.example"])
        #expect(rule(.init(url: "https://shop.example/checkout/step2", isMainFrame: true)) == .allow)
        #expect(rule(.init(url: "https://acs.bank.example/3ds", isMainFrame: true)) == .allow)
        #expect(rule(.init(url: "https://elsewhere.example/", isMainFrame: true)) == .openOutside(try WebURL("https://elsewhere.example/")))
        #expect(rule(.init(url: "https://issuer.example/challenge", isMainFrame: false)) == .allow)
        for url in ["javascript:alert(1)", "http://shop.example/", "intent://x#Intent;end", "data:text/html,x", "about:config"] {
            #expect(rule(.init(url: url, isMainFrame: true)) == .cancel, "\(url)")
        }
        #expect(rule(.init(url: "about:blank", isMainFrame: false)) == .allow)
        let host = try BridgeHost(
            channels: [.embeddedCheckout(checkoutHosts: [binding.checkoutHost]) { $0 }], navigation: try binding.navigationRule())
        #expect(host.documentScripts.count == 1)
    }

    @Test func aCheckoutWithoutAnEmbeddedBindingIsRedirectOnly() throws {
        let rest = #"[{"version":"2026-04-08","transport":"rest","endpoint":"https://shop.example/ucp"}]"#
        for text in [
            Self.response(services: rest), Self.response(services: Self.embedded, continueURL: "http://shop.example/c"), "{",
            Self.response(services: #"[{"transport":"embedded","config":{"delegate":["Bad Id"]}}]"#),
        ] {
            #expect(throws: InvalidArgument.self, "\(text)") { try EC.Binding(checkoutResponse: text) }
        }
    }

    static func check(_ lines: [String], _ arguments: [String]) -> (lines: [JSONValue], exit: Int32) {
        let input = Data((lines.joined(separator: "\n") + "\n").utf8)
        let result = BridgeCodecCLI.run(["ecp-check"] + arguments + ["-"], input: .bytes(input))
        let text = String(decoding: result.standardOutput, as: UTF8.self)
        return (text.split(separator: "\n").compactMap { try? JSONValue(parsing: String($0)) }, result.exitCode)
    }

    @Test func theCheckerWritesAVerdictAndAnAnswerPerMessageThenTheViolations() throws {
        let (lines, exit) = Self.check(
            [
                #"{"jsonrpc":"2.0","method":"ec.start","params":{}}"#,
                #"{"jsonrpc":"2.0","id":1,"method":"ec.ready","params":{"delegate":["window.open"]}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"ec.window.open_request","params":{"url":"https://shop.example/terms"}}"#,
                #"{"jsonrpc":"2.0","id":2,"method":"ec.window.open_request","params":{"url":"https://shop.example/terms"}}"#,
                #"{"jsonrpc":"2.0","id":3,"method":"ec.payment.credential_request","params":{"checkout":{}}}"#,
            ], ["--version", "2026-04-08", "--allowed", "window.open,payment.credential", "--requested", "window.open"])
        #expect(exit == 1)
        #expect(lines.count == 6)
        let verdicts = lines.prefix(5).map { line -> String in
            guard case .object(let object) = line, case .string(let verdict)? = object["verdict"] else { return "?" }
            return verdict
        }
        #expect(verdicts == ["before_ready", "answered", "accepted", "duplicate_id", "invalid_params"])
        #expect(
            lines[1].jsonText.contains(#""answer":{"jsonrpc":"2.0","id":1,"result":{"ucp":{"version":"2026-04-08","status":"success"}}}"#))
        #expect(lines[2].jsonText.contains(#""answer":null"#))
        let summary = lines[5].jsonText
        #expect(summary.hasPrefix(#"{"summary":{"violations":[{"line":1,"kind":"before_ready""#), "\(summary)")
        #expect(summary.contains(#"{"line":4,"kind":"duplicate_id""#) && summary.contains(#"{"line":5,"kind":"invalid_params""#))
    }

    @Test func aCleanSessionExitsZeroAndUsageErrorsTwo() {
        let clean = Self.check(
            [#"{"jsonrpc":"2.0","id":"r","method":"ec.ready","params":{"delegate":[]}}"#], ["--version", "2026-04-08", "--allowed", ""])
        #expect(clean.exit == 0 && clean.lines.last?.jsonText.contains(#""violations":[]"#) == true)
        #expect(Self.check([], ["--allowed", "window.open"]).exit == 2)
        #expect(Self.check([], ["--version", "2026-04-08", "--allowed", "Window.Open"]).exit == 2)
        #expect(Self.check([], ["--version", "2026-04-08", "--allowed", "window.open", "--requested", "payment.credential"]).exit == 2)
    }
}
