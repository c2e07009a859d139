import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// The documents `bridgecodec decode --model NAME` reads: the Merchant Backend API's and problems.
enum DocumentModel: String, CaseIterable {
    case problem
    case root = "merchant-backend.root"
    case consumersRequest = "merchant-backend.consumers-request"
    case consumersResponse = "merchant-backend.consumers-response"
    case paymentOrderRequest = "merchant-backend.paymentorder-request"
    case paymentOrderResponse = "merchant-backend.paymentorder-response"
    case setInstrumentRequest = "merchant-backend.set-instrument-request"

    /// `data` strictly decoded as this model, written back as the model holds it (members sorted
    /// by key, those it does not read left out).
    func decode(_ data: Data) throws(JSONError) -> JSONValue {
        let decoder = StrictJSONDecoder()
        switch self {
        case .problem: return try decoder.decode(MerchantBackend.ProblemDetails.self, from: data).jsonValue
        case .root: return DecodeOutput.encoded(try decoder.decode(MerchantBackend.Root.self, from: data))
        case .consumersRequest: return DecodeOutput.encoded(try decoder.decode(MerchantBackend.ConsumersRequest.self, from: data))
        case .consumersResponse: return DecodeOutput.encoded(try decoder.decode(MerchantBackend.ConsumersResponse.self, from: data))
        case .paymentOrderRequest: return try decoder.decode(MerchantBackend.PaymentOrderRequest.self, from: data).jsonValue
        case .paymentOrderResponse: return DecodeOutput.encoded(try decoder.decode(MerchantBackend.PaymentOrderResponse.self, from: data))
        case .setInstrumentRequest: return DecodeOutput.encoded(try decoder.decode(MerchantBackend.SetInstrumentRequest.self, from: data))
        }
    }
}
