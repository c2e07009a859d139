import BridgeCodecTesting
import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Merchant Backend models")
struct MerchantBackendModelTests {
    private let decoder = StrictJSONDecoder()

    @Test func readsTheExamplePaymentOrderResponse() throws {
        let response = try decoder.decode(MerchantBackend.PaymentOrderResponse.self, from: MerchantBackend.Examples.paymentOrderResponse)
        #expect(response.paymentorder.id == "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce")
        #expect(response.paymentorder.amount == 150_000 && response.paymentorder.vatAmount == 37_500)
        #expect(response.paymentorder.state == "Ready" && response.paymentorder.status == nil)
        #expect(response.operations.count == 4)
        let view = try #require(response.operations.first(rel: MerchantBackend.Operation.viewPaymentOrder))
        #expect(view.contentType == "application/javascript")
        #expect(view.href.hasSuffix("token=5a17c24e-d459-4567-bbad-aa0f17a76119&culture=sv-SE"))
        #expect(response.operations.first(rel: MerchantBackend.Operation.setInstrument)?.method == "PATCH")
        #expect(response.operations.first(rel: MerchantBackend.Operation.viewCheckout) == nil)
        #expect(response.mobileSDK?.validInstruments == ["CreditCard", "Invoice-PayExFinancingSe", "Swish", "Trustly"])
        // Foundation's decoder reads the same model the same way.
        let foundation = try JSONDecoder().decode(
            MerchantBackend.PaymentOrderResponse.self, from: Data(MerchantBackend.Examples.paymentOrderResponse.utf8))
        #expect(foundation == response)
    }

    /// The documents of the Merchant Backend guide (seed 001), as it shows them.
    @Test func readsTheGuidesDocuments() throws {
        let root = try decoder.decode(MerchantBackend.Root.self, from: MerchantBackend.Examples.root)
        #expect(
            root == MerchantBackend.Root(consumers: "/swedbank-pay-mobile/consumers", paymentorders: "/swedbank-pay-mobile/paymentorders"))

        let consumersRequest = try decoder.decode(
            MerchantBackend.ConsumersRequest.self,
            from:
                #"{"operation": "initiate-consumer-session", "language": "sv-SE", "shippingAddressRestrictedToCountryCodes" : ["NO", "SE", "DK"]}"#
        )
        #expect(consumersRequest == .init(language: "sv-SE", shippingAddressRestrictedToCountryCodes: ["NO", "SE", "DK"]))

        let consumers = try decoder.decode(
            MerchantBackend.ConsumersResponse.self,
            from: """
                {"token": "7e380fbb3196ea76cc45814c1d99d59b66db918ce2131b61f585645eff364871",
                 "operations": [{"method": "GET", "rel": "redirect-consumer-identification",
                   "href": "https://ecom.externalintegration.payex.com/consumers/sessions/7e380fbb", "contentType": "text/html"},
                  {"method": "GET", "rel": "view-consumer-identification",
                   "href": "https://ecom.externalintegration.payex.com/consumers/core/scripts/client/px.consumer.client.js?token=5a17c24e",
                   "contentType": "application/javascript"}]}
                """)
        #expect(
            consumers.operations.first(rel: MerchantBackend.Operation.viewConsumerIdentification)?.contentType == "application/javascript")

        let created = try decoder.decode(
            MerchantBackend.PaymentOrderResponse.self,
            from: """
                {"paymentorder": {"id": "/psp/paymentorders/09ccd29a-7c4f-4752-9396-12100cbfecce"},
                 "operations": [{"href": "https://ecom.externalintegration.payex.com/paymentmenu/core/scripts/client/px.paymentmenu.client.js?token=5a17c24e-d459-4567-bbad-aa0f17a76119&culture=sv-SE",
                   "rel": "view-paymentorder", "method": "GET", "contentType": "application/javascript"}]}
                """)
        #expect(created.mobileSDK == nil && created.paymentorder.amount == nil)

        let request = try decoder.decode(MerchantBackend.PaymentOrderRequest.self, from: #"{"paymentorder": {"①": ""}}"#)
        #expect(request.paymentorder["①"] == .string(""))
        #expect(try decoder.decode(MerchantBackend.PaymentOrderRequest.self, from: request.jsonValue) == request)

        let setInstrument = try decoder.decode(
            MerchantBackend.SetInstrumentRequest.self,
            from: #"{"paymentorder": {"operation": "SetInstrument", "instrument": "CreditCard"}}"#)
        #expect(setInstrument.instrument == "CreditCard")
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let written = String(decoding: try encoder.encode(setInstrument), as: UTF8.self)
        #expect(written == #"{"paymentorder":{"instrument":"CreditCard","operation":"SetInstrument"}}"#)
        #expect(try decoder.decode(MerchantBackend.SetInstrumentRequest.self, from: written) == setInstrument)
    }

    @Test func refusesWrongTypesWithTheirPaths() {
        let wrongHref = decoder.failure(
            MerchantBackend.PaymentOrderResponse.self,
            #"{"paymentorder":{"id":"/p"},"operations":[{"rel":"a","method":"GET","href":"https://x.example/","contentType":"t"},{"rel":"b","method":"GET","href":7,"contentType":"t"}]}"#
        )
        #expect(wrongHref?.path.description == "$.operations[1].href")
        #expect(wrongHref?.reason == .typeMismatch(expected: "a string", found: .number))

        let fractionalAmount = decoder.failure(
            MerchantBackend.PaymentOrderResponse.self, #"{"paymentorder":{"id":"/p","amount":1.5},"operations":[]}"#)
        #expect(fractionalAmount?.path.description == "$.paymentorder.amount")
        #expect(fractionalAmount?.reason == .numberNotRepresentable("1.5", as: "Int"))

        let noID = decoder.failure(MerchantBackend.PaymentOrderResponse.self, #"{"paymentorder":{},"operations":[]}"#)
        #expect(noID?.path.description == "$.paymentorder.id" && noID?.reason == .missingKey)

        let notAnObject = decoder.failure(MerchantBackend.PaymentOrderRequest.self, #"{"paymentorder":[]}"#)
        #expect(notAnObject?.path.description == "$.paymentorder")

        let otherOperation = decoder.failure(
            MerchantBackend.SetInstrumentRequest.self, #"{"paymentorder":{"operation":"Abort","instrument":"CreditCard"}}"#)
        #expect(otherOperation?.path.description == "$.paymentorder.operation")
        let extraMember = decoder.failure(
            MerchantBackend.SetInstrumentRequest.self,
            #"{"paymentorder":{"operation":"SetInstrument","instrument":"CreditCard","amount":1}}"#)
        #expect(extraMember?.path.description == "$.paymentorder")
        let numberInstrument = decoder.failure(
            MerchantBackend.SetInstrumentRequest.self, #"{"paymentorder":{"operation":"SetInstrument","instrument":1}}"#)
        #expect(numberInstrument?.path.description == "$.paymentorder.instrument")
    }

    @Test func followsLinksOnlyToTheBackendsDomain() throws {
        let root = try #require(URL(string: "https://backend.example.com/swedbank-pay-mobile/"))
        let links = MerchantBackend.Root(consumers: "/swedbank-pay-mobile/consumers", paymentorders: "paymentorders")
        #expect(try links.consumersURL(relativeTo: root).absoluteString == "https://backend.example.com/swedbank-pay-mobile/consumers")
        #expect(
            try links.paymentOrdersURL(relativeTo: root).absoluteString == "https://backend.example.com/swedbank-pay-mobile/paymentorders")

        func outcome(_ link: String, against root: URL = root, allowed: [String]? = nil) -> Result<String, InvalidArgument> {
            Result { () throws(InvalidArgument) in
                try MerchantBackend.resolve(link, against: root, allowedDomains: allowed).absoluteString
            }
        }
        func hostNotAllowed(_ host: String) -> InvalidArgument {
            .rejected(name: "link", reason: "the link's host \"\(host)\" is not the backend's domain or a subdomain of it")
        }
        func invalidLink(_ link: String) -> InvalidArgument {
            .rejected(name: "link", reason: "the link \"\(link)\" does not resolve to an http or https URL")
        }
        #expect(outcome("https://api.backend.example.com/po") == .success("https://api.backend.example.com/po"))
        #expect(outcome("https://BACKEND.example.com/po") == .success("https://backend.example.com/po"))
        #expect(outcome("../../po") == .success("https://backend.example.com/po"))
        #expect(outcome(#"\\evil.example/po"#) == .failure(hostNotAllowed("evil.example")))
        #expect(outcome("https://evilbackend.example.com/po") == .failure(hostNotAllowed("evilbackend.example.com")))
        #expect(outcome("https://example.com/po") == .failure(hostNotAllowed("example.com")))
        #expect(outcome("https://example.com/po", allowed: ["example.com"]) == .success("https://example.com/po"))
        #expect(outcome("//other.example/po") == .failure(hostNotAllowed("other.example")))
        #expect(outcome("javascript:alert(1)") == .failure(invalidLink("javascript:alert(1)")))
        #expect(outcome("mailto:a@backend.example.com") == .failure(invalidLink("mailto:a@backend.example.com")))
        let fileRoot = try #require(URL(string: "file:///tmp/"))
        #expect(
            outcome("po", against: fileRoot)
                == .failure(.rejected(name: "root", reason: #"the root URL "file:///tmp/" is not an absolute http or https URL"#)))
    }

    /// Problems sorted as the SDK sorts them: the document's status over the HTTP one, 4xx the
    /// client's, 5xx the server's, anything else unexpected; Swedbank Pay's own types named.
    @Test func problemsAreClassifiedAsTheSDKDoes() throws {
        func problem(_ text: String) throws -> MerchantBackend.ProblemDetails {
            try decoder.decode(MerchantBackend.ProblemDetails.self, from: text)
        }
        let untyped = try problem("{}")
        #expect(untyped.type == "about:blank")
        #expect(untyped.category(httpStatus: 404) == .client)
        #expect(untyped.category(httpStatus: 503) == .server)
        #expect(untyped.category(httpStatus: 302) == .unexpected)
        #expect(try problem(#"{"status":500}"#).category(httpStatus: 400) == .server)
        #expect(try problem(#"{"status":409}"#).category(httpStatus: 502) == .client)

        for kind in MerchantBackend.SwedbankPayProblemType.allCases {
            let decoded = try problem(#"{"type":"\#(kind.typeURL)","status":400}"#)
            #expect(decoded.swedbankPayProblem == kind && decoded.merchantBackendProblem == nil)
        }
        #expect(
            MerchantBackend.SwedbankPayProblemType.inputError.category == .client
                && MerchantBackend.SwedbankPayProblemType.configurationError.category == .server)
        #expect(try problem(#"{"type":"https://api.payex.com/psp/errordetail/other"}"#).swedbankPayProblem == nil)

        // A bad gateway carries what the upstream answered, read as such.
        let badGateway = try problem(
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502,"gatewayStatus":500,"body":"<html>"}"#)
        #expect(badGateway.merchantBackendProblem == .badGateway && badGateway.gatewayStatus == 500 && badGateway.gatewayBody == "<html>")
        let unreachable = try problem(#"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","status":502}"#)
        #expect(unreachable.gatewayStatus == nil && unreachable.gatewayBody == nil)
        let wrongStatus = decoder.failure(
            MerchantBackend.ProblemDetails.self,
            #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","gatewayStatus":"500"}"#)
        #expect(wrongStatus?.path.description == "$.gatewayStatus")
        let wrongBody = decoder.failure(
            MerchantBackend.ProblemDetails.self, #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badgateway","body":1}"#)
        #expect(wrongBody?.path.description == "$.body")
        // Elsewhere those members are extensions like any other.
        #expect(try problem(#"{"type":"about:blank","gatewayStatus":"x"}"#).gatewayStatus == nil)
    }
}
