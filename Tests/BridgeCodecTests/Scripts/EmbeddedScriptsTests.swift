import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Snippets: js/ and the library agree")
struct EmbeddedScriptsTests {
    /// Each snippet under its file's name, in the target that builds scripts with it: the core's
    /// in `js/`, the providers' in `js/providers/`.
    @Test func everyFileInJsIsEmbeddedVerbatim() throws {
        let embedded: [(folder: String, snippets: [String: String])] = [
            ("js", ["bridge.js": EmbeddedScripts.bridge, "transport.js": EmbeddedScripts.transport]),
            (
                "js/providers",
                [
                    "branch-plaid-open.js": ProviderSnippets.branchPlaidOpen, "embedded-checkout.js": ProviderSnippets.embeddedCheckout,
                    "sovendus.js": ProviderSnippets.sovendus,
                    "swedbank-pay.js": ProviderSnippets.swedbankPay, "volt.js": ProviderSnippets.volt,
                ]
            ),
        ]
        for (folder, snippets) in embedded {
            let url = TestData.packageRoot.appendingPathComponent(folder)
            let files = try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".js") }.sorted()
            #expect(Set(files) == Set(snippets.keys), "run scripts/embed-js")
            for file in files {
                let source = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
                #expect(
                    snippets[file].map { $0 + "\n" } == source, "\(folder)/\(file) drifted from the library: run scripts/embed-js")
            }
        }
    }
}

@Suite("Script builder")
struct BridgeScriptsTests {
    @Test func namesReachTheCodeOnlyAsEscapedData() {
        let hostile = "x\"]);alert(1);//</script>\u{2028}"
        let script = BridgeScripts.voltRedirectCallback(transport: .webKitObject, handler: hostile)
        #expect(!script.contains(hostile))
        #expect(
            script.hasSuffix(
                "})("
                    + Escaper.scriptJSON(
                        .object(
                            JSONObject([
                                .init(key: "transport", value: .string("webkit-object")), .init(key: "handler", value: .string(hostile)),
                                .init(key: "androidInterface", value: .string("Android")),
                                .init(key: "androidMethod", value: .string("postMessage")),
                            ]) ?? JSONObject())) + ");\n"))
        #expect(!script.contains("</script"))
    }

    /// The Sovendus origin list reaches the snippet as data, lowercased (origins are); without
    /// one the snippet is told `null`, which forwards every frame's message.
    @Test func sovendusMessageOriginsAreDataInTheConfig() throws {
        let listed = try BridgeScripts.sovendusBridge(
            transport: .webKitObject, messageOrigins: ["https://*.Sovendus.COM", "https://p.example"])
        #expect(listed.hasSuffix(#""messageOrigins":["https:\/\/*.sovendus.com","https:\/\/p.example"]});"# + "\n"))
        #expect(BridgeScripts.sovendusBridge(transport: .android).hasSuffix(#""messageOrigins":null});"# + "\n"))
        // A Unicode host reaches the page as MessageEvent.origin reports it, in its xn-- form.
        #expect(
            try BridgeScripts.messageOrigins(["https://Bücher.example", "https://*.straße.example:8443", "https://\u{212A}.example"])
                == .array([
                    .string("https://xn--bcher-kva.example"), .string("https://*.xn--strae-oqa.example:8443"), .string("https://k.example"),
                ]))
        for refused in ["https://bücher.example/", "https://bücher.example:443", "https://b\u{2488}.example", "https://u@bücher.example"] {
            #expect(throws: InvalidArgument.notAnOrigin(refused)) { try BridgeScripts.messageOrigins([refused]) }
        }
        let order = SovendusOrder(
            sessionId: "s", orderId: "o", currencyCode: "EUR", usedCouponCode: "", trafficSourceNumber: 1, trafficMediumNumber: 2,
            netOrderValue: 1)
        let page = try SovendusBannerPage.html(order: order, timestamp: 1, messageOrigins: ["https://www.sovendus.com"])
        #expect(page.contains(#""messageOrigins":["https:\/\/www.sovendus.com"]});"#))
    }

    /// Entries are origins as `MessageEvent.origin` reports them, or a subdomain pattern; anything
    /// no frame's origin could equal is refused, since it would silently drop every message.
    @Test func messageOriginsMustBeOrigins() throws {
        for origin in [
            "https://www.sovendus.com", "HTTPS://WWW.Sovendus.com", "https://*.sovendus.com", "http://localhost:8080", "https://[::1]:8443",
            "https://192.0.2.1", "https://a.example:65535", "https://b\u{FC}cher.example",
        ] {
            #expect(throws: Never.self, "\(origin)") { try BridgeScripts.sovendusBridge(messageOrigins: [origin]) }
        }
        for entry in [
            "https://www.sovendus.com/", "https://www.sovendus.com/path", "www.sovendus.com", "//www.sovendus.com", "https://",
            "https://*.", "https://a.example:443", "http://a.example:80", "https://a.example:0443", "https://a.example:",
            "https://a.example:65536", "https://a.example:0", "https://*.[::1]", "https://a.example?x", "https://a.example#x",
            "https://user@a.example",
            "javascript://a.example", "file://a.example", "app://a.example", "https://*", "https://a.*.example",
            "https://b\u{FC}cher.example/", "https://xn--a.b\u{FC}cher.example",
            #"https://a.example\.b.example"#, "https://a b.example", "",
        ] {
            #expect(throws: InvalidArgument.notAnOrigin(entry), "\(entry)") {
                try BridgeScripts.sovendusBridge(messageOrigins: ["https://www.sovendus.com", entry])
            }
        }
        let order = SovendusOrder(
            sessionId: "s", orderId: "o", currencyCode: "EUR", usedCouponCode: "", trafficSourceNumber: 1, trafficMediumNumber: 2,
            netOrderValue: 1)
        #expect(throws: InvalidArgument.notAnOrigin("https://www.sovendus.com/")) {
            try SovendusBannerPage.html(order: order, timestamp: 1, messageOrigins: ["https://www.sovendus.com/"])
        }
    }

    @Test func everySnippetCarriesTheTransportCodeExceptTheEventDispatch() throws {
        for transport in ScriptTransport.allCases {
            for script in [
                BridgeScripts.voltRedirectCallback(transport: transport), BridgeScripts.sovendusBridge(transport: transport),
                BridgeScripts.branchPlaidLinkOpener(transport: transport), BridgeScripts.swedbankPayHooks(transport: transport),
            ] {
                #expect(script.contains("function bridgecodecPost(config, name, body)"))
                #expect(script.contains("\"transport\":\"\(transport.rawValue)\""))
            }
        }
        // Branch's completion is the page-call builder's event.
        let completion = BridgeScripts.branchPlaidLinkCompletion(.error(message: "</script>"))
        #expect(
            completion
                == #"window.dispatchEvent(new CustomEvent("branchPlaidLinkComplete", { detail: {"message":"\u003C\/script\u003E","status":"error"} }));"#
                + "\n")
        #expect(
            try completion
                == BridgeScripts.dispatchEvent(named: "branchPlaidLinkComplete", detail: PlaidLinkCompletion.error(message: "</script>")))
    }
}
