import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// The Volt message decoded four ways into the same Codable model, and a ~2 KB Merchant Backend
/// payment-order response decoded by both Codable decoders into the package's model.
enum DecodeBenchmarks {
    struct VoltRedirect: Codable {
        var type: String
        var result: String?
        var url: String
    }

    static let message = Data(
        #"{"type":"merchant_redirect","result":"cancel","url":"https://merchant.example/checkout/cancel?order=123"}"#.utf8)

    /// The measured bodies by name; each returns a value derived from its result.
    static func bodies() -> [Benchmark] {
        let bytes = [UInt8](message)
        // What WKWebView hands the app: a Foundation object graph.
        let graph = (try? JSONSerialization.jsonObject(with: message)) ?? NSNull()
        let strict = StrictJSONDecoder()
        let foundation = JSONDecoder()
        let paymentOrder = Data(MerchantBackend.Examples.paymentOrderResponse.utf8)
        let paymentOrderBytes = [UInt8](paymentOrder)
        func operationCount(_ response: MerchantBackend.PaymentOrderResponse?) -> Int { response?.operations.count ?? 0 }
        return [
            Benchmark(
                "decode.paymentorder.JSONDecoder",
                { operationCount(try? foundation.decode(MerchantBackend.PaymentOrderResponse.self, from: paymentOrder)) }),
            Benchmark(
                "decode.paymentorder.bridgecodec.bytes",
                { operationCount(try? strict.decode(MerchantBackend.PaymentOrderResponse.self, from: paymentOrderBytes)) }),
            Benchmark("decode.volt.JSONDecoder", { (try? foundation.decode(VoltRedirect.self, from: message))?.url.utf8.count ?? 0 }),
            Benchmark(
                "decode.volt.seedsPath",
                {
                    guard let data = try? JSONSerialization.data(withJSONObject: graph) else { return 0 }
                    return (try? foundation.decode(VoltRedirect.self, from: data))?.url.utf8.count ?? 0
                }
            ),
            Benchmark("decode.volt.bridgecodec.bytes", { (try? strict.decode(VoltRedirect.self, from: bytes))?.url.utf8.count ?? 0 }),
            Benchmark(
                "decode.volt.bridgecodec.objectGraph",
                { (try? strict.decode(VoltRedirect.self, fromFoundationObject: graph))?.url.utf8.count ?? 0 }
            ),
        ]
    }

    static func run() -> [Measurement] {
        let timed = nanosecondsPerCall(bodies())
        func row(_ name: String, _ measured: String, baseline: String?) -> Measurement {
            Measurement(name: name, value: timed[measured] ?? .nan, unit: "ns/op", baseline: baseline)
        }
        return [
            row("decode.volt.JSONDecoder", "decode.volt.JSONDecoder", baseline: nil),
            row("decode.volt.seedsPath", "decode.volt.seedsPath", baseline: nil),
            row("decode.volt.bridgecodec.bytes", "decode.volt.bridgecodec.bytes", baseline: "decode.volt.JSONDecoder"),
            row("decode.volt.bridgecodec.bytes-vs-seeds", "decode.volt.bridgecodec.bytes", baseline: "decode.volt.seedsPath"),
            row("decode.volt.bridgecodec.objectGraph", "decode.volt.bridgecodec.objectGraph", baseline: "decode.volt.seedsPath"),
            row("decode.paymentorder.JSONDecoder", "decode.paymentorder.JSONDecoder", baseline: nil),
            row(
                "decode.paymentorder.bridgecodec.bytes", "decode.paymentorder.bridgecodec.bytes",
                baseline: "decode.paymentorder.JSONDecoder"),
        ]
    }
}
