import BridgeCodec
import Testing

@Suite("bridgecodec script")
struct ScriptCommandTests {
    @Test func sovendusTakesMessageOrigins() {
        let result = runCLI([
            "script", "sovendus", "--transport", "webkit-object", "--message-origins", "https://*.sovendus.com,https://p.example",
        ])
        #expect(result.code == 0)
        #expect(
            result.out
                == BridgeScripts.sovendusBridge(transport: .webKitObject, messageOrigins: ["https://*.sovendus.com", "https://p.example"]))
    }

    /// A security setting that a snippet would not apply is refused, never ignored.
    @Test func messageOriginsForAnotherProviderAreAUsageError() {
        let result = runCLI(["script", "volt", "--transport", "android", "--message-origins", "https://p.example"])
        #expect(result.code == 2)
        #expect(result.err.hasPrefix("error: --message-origins applies to sovendus only"))
    }
}
