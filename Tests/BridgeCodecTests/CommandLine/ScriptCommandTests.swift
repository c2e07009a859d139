import BridgeCodec
import BridgeCodecProviders
import SwedbankPayMerchantBackend
import Testing

@Suite("bridgecodec script")
struct ScriptCommandTests {
    @Test func sovendusTakesMessageOrigins() throws {
        let result = runCLI([
            "script", "sovendus", "--transport", "webkit-object", "--message-origins", "https://*.sovendus.com,https://p.example",
        ])
        #expect(result.code == 0)
        #expect(
            result.out
                == (try BridgeScripts.sovendusBridge(
                    transport: .webKitObject, messageOrigins: ["https://*.sovendus.com", "https://p.example"])))
    }

    /// An entry no frame's origin could equal would drop every message in the page: refused.
    @Test func anEntryThatIsNotAnOriginIsAUsageError() throws {
        for command in [["script", "sovendus", "--transport", "android"], ["page", "sovendus", "--order", "-"]] {
            let result = runCLI(
                command + ["--message-origins", "https://www.sovendus.com,https://www.sovendus.com/"],
                stdin:
                    #"{"sessionId":"s","orderId":"o","currencyCode":"EUR","usedCouponCode":"","trafficSourceNumber":1,"trafficMediumNumber":2,"netOrderValue":1}"#
            )
            #expect(result.code == 2, "\(command)")
            #expect(result.err.hasPrefix(#"error: --message-origins: "https://www.sovendus.com/" is not an origin"#), "\(command)")
        }
    }

    /// A security setting that a snippet would not apply is refused, never ignored.
    @Test func messageOriginsForAnotherProviderAreAUsageError() {
        let result = runCLI(["script", "volt", "--transport", "android", "--message-origins", "https://p.example"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: --message-origins applies to sovendus only"))
    }
}
