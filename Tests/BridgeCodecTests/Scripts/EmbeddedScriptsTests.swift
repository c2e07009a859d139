import Foundation
import Testing

@testable import BridgeCodec

@Suite("Snippets: js/ and the library agree")
struct EmbeddedScriptsTests {
    @Test func everyFileInJsIsEmbeddedVerbatim() throws {
        let folder = TestData.packageRoot.appendingPathComponent("js")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".js") }.sorted()
        #expect(files.count == 6)
        #expect(Set(files) == Set(EmbeddedScripts.files.keys), "run scripts/embed-js")
        for file in files {
            let source = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            #expect(EmbeddedScripts.files[file].map { $0 + "\n" } == source, "\(file) drifted from the library: run scripts/embed-js")
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
        let listed = BridgeScripts.sovendusBridge(
            transport: .webKitObject, messageOrigins: ["https://*.Sovendus.COM", "https://p.example"])
        #expect(listed.hasSuffix(#""messageOrigins":["https:\/\/*.sovendus.com","https:\/\/p.example"]});"# + "\n"))
        #expect(BridgeScripts.sovendusBridge(transport: .android).hasSuffix(#""messageOrigins":null});"# + "\n"))
        // ASCII case only: U+212A (Kelvin sign) stays what it is, an origin no browser reports,
        // where `lowercased()` would have made it `k` and allowed `https://k.example`.
        let kelvin = BridgeScripts.sovendusBridge(transport: .webKitObject, messageOrigins: ["https://\u{212A}.Example"])
        let kelvinConfig = #""messageOrigins":["https:\/\/\#u{212A}.example"]});"# + "\n"
        #expect(kelvin.utf8.reversed().starts(with: kelvinConfig.utf8.reversed()))
        let order = SovendusOrder(
            sessionId: "s", orderId: "o", currencyCode: "EUR", usedCouponCode: "", trafficSourceNumber: 1, trafficMediumNumber: 2,
            netOrderValue: 1)
        let page = try SovendusBannerPage.html(order: order, timestamp: 1, messageOrigins: ["https://www.sovendus.com"])
        #expect(page.contains(#""messageOrigins":["https:\/\/www.sovendus.com"]});"#))
    }

    @Test func everySnippetCarriesTheTransportCodeExceptTheEventDispatch() {
        for transport in ScriptTransport.allCases {
            for script in [
                BridgeScripts.voltRedirectCallback(transport: transport), BridgeScripts.sovendusBridge(transport: transport),
                BridgeScripts.branchPlaidLinkOpener(transport: transport), BridgeScripts.swedbankPayHooks(transport: transport),
            ] {
                #expect(script.contains("function bridgecodecPost(config, name, body)"))
                #expect(script.contains("\"transport\":\"\(transport.rawValue)\""))
            }
        }
        let completion = BridgeScripts.branchPlaidLinkCompletion(.error(message: "</script>"))
        #expect(!completion.contains("bridgecodecPost"))
        #expect(completion.contains(#"{"event":"branchPlaidLinkComplete","detail":{"status":"error","message":"\u003C\/script\u003E"}}"#))
    }
}
