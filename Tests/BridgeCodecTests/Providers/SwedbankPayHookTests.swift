import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Swedbank Pay hooks")
struct SwedbankPayHookTests {
    let harness = DispatchHarness()

    @Test func completedWithAndWithoutStatus() {
        #expect(harness.accept("completed", #""success""#) == .swedbankPayCompleted(SwedbankPayCompleted(status: "success")))
        #expect(harness.accept("completed", "null") == .swedbankPayCompleted(SwedbankPayCompleted()))
        let android = harness.dispatcher.outcome(BridgeMessage(handlerName: "completed", stringArgument: "success"))
        #expect(android == .success(.swedbankPayCompleted(SwedbankPayCompleted(status: "success"))))
        let absent = harness.dispatcher.outcome(BridgeMessage(handlerName: "completed", body: .absent))
        #expect(absent == .success(.swedbankPayCompleted(SwedbankPayCompleted())))
        #expect(harness.dispatcher.outcome(handlerName: "completed", foundationBody: nil) == absent)
    }

    @Test func completedRejectsOtherShapes() {
        for body in ["1", "true", #"{"status":"success"}"#, #"["success"]"#] {
            #expect(harness.reject("completed", body)?.path.description == "$")
        }
    }

    @Test func canceledTakesNoBody() {
        #expect(harness.accept("canceled", "null") == .swedbankPayCanceled(SwedbankPayCanceled()))
        #expect(
            harness.dispatcher.outcome(BridgeMessage(handlerName: "canceled", body: .absent))
                == .success(.swedbankPayCanceled(SwedbankPayCanceled())))
        #expect(harness.reject("canceled", #""now""#)?.description == "canceled: $: canceled takes no body")
        #expect(harness.reject("canceled", "{}")?.description == "canceled: $: canceled takes no body")
    }
}
