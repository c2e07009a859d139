import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// An app's own message through the dispatcher, from JSON text and from the WKWebView object
/// graph, against `JSONDecoder` and the seeds' path on the same type; and an app value into the
/// page, `ScriptJSONEncoder` against `JSONEncoder`.
enum AppChannelBenchmarks {
    struct AnalyticsEvent: Codable, Sendable {
        enum Name: String, Codable, Sendable, CaseIterable { case viewedBasket, startedCheckout }
        struct Item: Codable, Sendable {
            var sku: String
            var quantity: Int
        }

        var name: Name
        var items: [Item]
        var page: URL
    }

    static let body =
        #"{"name":"startedCheckout","items":[{"sku":"A-1","quantity":2},{"sku":"B-22","quantity":1}],"page":"https://shop.example.com/basket"}"#

    /// What an app reads from the event: its items' quantities and the page's length.
    private static func fieldCount(_ event: AnalyticsEvent?) -> Int {
        guard let event else { return 0 }
        return event.items.reduce(event.page.absoluteString.utf8.count) { $0 + $1.quantity }
    }

    static func bodies() -> [Benchmark] {
        let dispatcher = BridgeDispatcher(channels: [
            BridgeChannel("analytics", origins: .anyOrigin, decoding: AnalyticsEvent.self, as: { $0 })
        ])
        let data = Data(body.utf8)
        let graph = (try? JSONSerialization.jsonObject(with: data)) ?? NSNull()
        let foundation = JSONDecoder()
        let event = try? foundation.decode(AnalyticsEvent.self, from: data)
        let encoder = JSONEncoder()
        let script = ScriptJSONEncoder()
        return [
            Benchmark("dispatch.app.JSONDecoder", { fieldCount(try? foundation.decode(AnalyticsEvent.self, from: data)) }),
            Benchmark(
                "dispatch.app.seedsPath",
                {
                    guard let text = try? JSONSerialization.data(withJSONObject: graph) else { return 0 }
                    return fieldCount(try? foundation.decode(AnalyticsEvent.self, from: text))
                }),
            Benchmark("dispatch.app.bridgecodec.bytes", { fieldCount(try? dispatcher.dispatch(handlerName: "analytics", jsonText: body)) }),
            Benchmark(
                "dispatch.app.bridgecodec.objectGraph",
                { fieldCount(try? dispatcher.dispatch(handlerName: "analytics", foundationBody: graph)) }),
            Benchmark("encode.app.JSONEncoder", { (try? encoder.encode(event))?.count ?? 0 }),
            Benchmark("encode.app.ScriptJSONEncoder", { (try? script.encode(event))?.utf8.count ?? 0 }),
        ]
    }

    static func run() -> [Measurement] {
        let timed = nanosecondsPerCall(bodies())
        func row(_ name: String, measured: String? = nil, baseline: String?) -> Measurement {
            Measurement(name: name, value: timed[measured ?? name] ?? .nan, unit: "ns/op", baseline: baseline)
        }
        return [
            row("dispatch.app.JSONDecoder", baseline: nil),
            row("dispatch.app.seedsPath", baseline: nil),
            row("dispatch.app.bridgecodec.bytes", baseline: "dispatch.app.JSONDecoder"),
            row("dispatch.app.bridgecodec.objectGraph", baseline: "dispatch.app.seedsPath"),
            row("encode.app.JSONEncoder", baseline: nil),
            row("encode.app.ScriptJSONEncoder", baseline: "encode.app.JSONEncoder"),
        ]
    }
}
