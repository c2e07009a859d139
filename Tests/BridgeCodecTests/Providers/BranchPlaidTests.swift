import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Branch and Plaid")
struct BranchPlaidTests {
    let harness = DispatchHarness()
    let hostedLink = "https://hosted.plaid.com/link/lp1234"

    @Test func hostedLinkFromEveryTransport() {
        let expected = ProviderMessage.branchHostedLink(BranchHostedLinkRequest(url: .literal(hostedLink)))
        // iOS: the body is a bare string; WebKit string / React Native: JSON text of that string.
        #expect(harness.accept("branchPlaidLink", "\"\(hostedLink)\"") == expected)
        // Android: BranchAndroidBridge.openHostedLink(url) passes the raw string.
        let android = harness.dispatcher.outcome(BridgeMessage(handlerName: "branchPlaidLink", stringArgument: hostedLink))
        #expect(android == .success(expected))
    }

    @Test func hostedLinkRejections() {
        #expect(
            harness.reject("branchPlaidLink", #"{"url":"https://hosted.plaid.com/"}"#)?.reason
                == .invalidMessage(.typeMismatch(expected: "a string", found: .object)))
        #expect(
            harness.reject("branchPlaidLink", #""javascript:alert(1)""#)?.description
                == #"branchPlaidLink: $: URL scheme "javascript:" is never allowed"#)
        #expect(harness.reject("branchPlaidLink", #""""#)?.reason == .invalidMessage(.urlRejected(.unreadable(.empty))))
        let absent = harness.dispatcher.outcome(BridgeMessage(handlerName: "branchPlaidLink", body: .absent))
        #expect(absent.failureValue?.reason == .invalidMessage(.typeMismatch(expected: "a string", found: .null)))
    }

    @Test func linkCompletionDetails() {
        #expect(
            harness.accept(
                "branchPlaidLinkComplete", #"{"status":"completed","callbackUrl":"branchapp://plaid-hosted-link-complete?public_token=x"}"#)
                == .branchLinkComplete(.completed(callbackUrl: BridgeURL.literal("branchapp://plaid-hosted-link-complete?public_token=x"))))
        #expect(harness.accept("branchPlaidLinkComplete", #"{"status":"canceled"}"#) == .branchLinkComplete(.canceled))
        #expect(
            harness.accept("branchPlaidLinkComplete", #"{"status":"error","message":"The operation couldn’t be completed."}"#)
                == .branchLinkComplete(.error(message: "The operation couldn’t be completed.")))
    }

    @Test func linkCompletionRejections() {
        #expect(harness.reject("branchPlaidLinkComplete", #"{"status":"done"}"#)?.path.description == "$.status")
        #expect(harness.reject("branchPlaidLinkComplete", #"{"status":"completed"}"#)?.path.description == "$.callbackUrl")
        #expect(
            harness.reject("branchPlaidLinkComplete", #"{"status":"completed","callbackUrl":""}"#)?.reason
                == .invalidMessage(.urlRejected(.unreadable(.empty))))
        #expect(
            harness.reject("branchPlaidLinkComplete", #"{"status":"completed","callbackUrl":"otherapp://x"}"#)?.reason
                == .invalidMessage(.urlRejected(.schemeNotAllowed("otherapp"))))
        #expect(
            harness.reject("branchPlaidLinkComplete", #"{"status":"completed","callbackUrl":"otherapp://x"}"#)?.path.description
                == "$.callbackUrl")
        #expect(harness.reject("branchPlaidLinkComplete", #"{"status":"error","message":42}"#)?.path.description == "$.message")
        #expect(harness.reject("branchPlaidLinkComplete", #"{"status":true}"#)?.path.description == "$.status")
    }

    @Test func encodesTheEventDetail() throws {
        for detail in [
            PlaidLinkCompletion.completed(callbackUrl: .literal("branchapp://done")), .canceled, .error(message: "x\"</script>"),
        ] {
            let encoded = try JSONEncoder().encode(detail)
            #expect(try StrictJSONDecoder().decode(PlaidLinkCompletion.self, from: encoded) == detail)
        }
        #expect(try wireValue(PlaidLinkCompletion.canceled) == JSONValue(parsing: #"{"status":"canceled"}"#))
        #expect(try wireValue(PlaidLinkCompletion.error(message: "m")) == JSONValue(parsing: #"{"message":"m","status":"error"}"#))
    }
}
