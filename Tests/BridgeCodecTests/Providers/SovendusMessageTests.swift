import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Sovendus messages")
struct SovendusMessageTests {
    let harness = DispatchHarness()

    private func height(_ text: String) -> SovendusHeight? {
        guard case .sovendus(.height(let height))? = harness.accept("sovHandler", text) else { return nil }
        return height
    }

    @Test func heightsFromNumbersAndNumericStrings() {
        #expect(height(#"{"type":"height","value":420}"#)?.value == 420)
        #expect(height(#"{"type":"height","value":"420"}"#)?.value == 420)
        #expect(height(#"{"type":"height","value":"420.5"}"#)?.value == 420.5)
        #expect(height(#"{"type":"height","value":4.2e2}"#)?.value == 420)
        #expect(height(#"{"type":"height","value":-0}"#)?.value.sign == .plus)
    }

    @Test func onlyHeightsAboveOneHundredAreApplied() {
        #expect(height(#"{"type":"height","value":0}"#)?.shouldApply == false)
        #expect(height(#"{"type":"height","value":100}"#)?.shouldApply == false)
        #expect(height(#"{"type":"height","value":"100.5"}"#)?.shouldApply == true)
        #expect(SovendusHeight.initialHeight == 348)
    }

    @Test(arguments: [
        #""NaN""#, #""Infinity""#, #""-5""#, "-5", "-0.1", #""1e400""#, #"" 420""#, #""420 ""#, #""420px""#, #""0x10""#, #""""#,
        "true", "false", "null", "{}", "[420]", #""+420""#, #""4,2""#, "1e308", "33554432.5", #""1e9""#,
    ])
    func invalidHeightsAreRejectedAtTheValue(value: String) {
        let error = harness.reject("sovHandler", #"{"type":"height","value":\#(value)}"#)
        #expect(error?.path.description == "$.value")
    }

    /// A page cannot hand the app a height no browser lays out, from text or from a WKWebView body.
    @Test func heightsAboveTheMaximumAreRejected() throws {
        #expect(height(#"{"type":"height","value":33554432}"#)?.value == SovendusHeight.maximumHeight)
        #expect(SovendusHeight(SovendusHeight.maximumHeight) != nil)
        #expect(SovendusHeight(SovendusHeight.maximumHeight.nextUp) == nil)
        let error = try #require(harness.reject("sovHandler", #"{"type":"height","value":1e308}"#))
        #expect(error.description == "sovHandler: $.value: height 1e+308 is above the maximum of 33554432")
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let body: [String: Any] = ["type": "height", "value": 1e308]
        guard case .failure(let graphError) = dispatcher.outcome(handlerName: "sovHandler", foundationBody: body) else {
            Issue.record("a height of 1e308 from an object graph was accepted")
            return
        }
        #expect(graphError.path.description == "$.value")
        // Codable decoders read the same rule.
        #expect(throws: (any Error).self) {
            try JSONDecoder().decode(SovendusMessage.self, from: Data(#"{"type":"height","value":1e308}"#.utf8))
        }
    }

    @Test func openUrl() {
        #expect(
            harness.accept("sovHandler", #"{"type":"openUrl","value":"https://www.sovendus.com/x?a=1"}"#)
                == .sovendus(.openUrl(BridgeURL.literal("https://www.sovendus.com/x?a=1"))))
        let hostile = harness.reject("sovHandler", #"{"type":"openUrl","value":"javascript:alert(document.cookie)"}"#)
        #expect(hostile?.description == #"sovHandler: $.value: URL scheme "javascript:" is never allowed"#)
        #expect(harness.reject("sovHandler", #"{"type":"openUrl","value":420}"#)?.path.description == "$.value")
        // An empty URL is refused here as the page's bridge drops it, and as Sovendus' integrations do.
        #expect(harness.reject("sovHandler", #"{"type":"openUrl","value":""}"#)?.description == "sovHandler: $.value: URL is empty")
    }

    @Test func unknownTypesAndMissingFields() {
        #expect(
            harness.reject("sovHandler", #"{"type":"resize","value":1}"#)?.reason
                == .invalidMessage(.unknownDiscriminator("resize", known: ["height", "openUrl"])))
        #expect(harness.reject("sovHandler", #"{"type":"height"}"#)?.path.description == "$.value")
        #expect(harness.reject("sovHandler", #"{"value":420}"#)?.path.description == "$.type")
    }

    @Test func encodesHeightsAsNumbers() throws {
        #expect(
            try wireValue(SovendusMessage.height(try #require(SovendusHeight(420))))
                == JSONValue(parsing: #"{"type":"height","value":420}"#))
        #expect(SovendusHeight(.nan) == nil)
        #expect(SovendusHeight(-1) == nil)
        #expect(SovendusHeight(.infinity) == nil)
    }
}
