import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// Decode + dispatch of each provider's typical message, from bytes and from the WKWebView
/// object graph, against `JSONDecoder` from bytes into the same model (the package's provider
/// models are `Decodable`), and against the seeds' path (object graph → JSONSerialization.data
/// → JSONDecoder into the providers' sample models, plain strings); and the object graph
/// against bare `as?` casts of the same fields, which check nothing.
enum DispatchBenchmarks {
    private struct VoltSample: Codable {
        var type: String
        var result: String?
        var url: String
    }

    private struct SovendusSample: Codable {
        var type: String
        var value: Double
    }

    private struct PlaidCompletionSample: Codable {
        var status: String
        var callbackUrl: String?
        var message: String?
    }

    private struct Provider: Sendable {
        let name: String
        /// The provider's handler, as its declaration names it.
        let handler: BridgeProvider.Handler
        let body: String
        /// `JSONDecoder` on the package's own model of the body.
        let modelDecode: @Sendable (JSONDecoder, Data) -> Int
        /// The seeds' decode of the same body: a plain Codable model of strings, as the providers' samples have.
        let sampleDecode: @Sendable (JSONDecoder, Data) -> Int
        /// The fields read from the object graph by `as?` casts, as app code does without a codec.
        let castsDecode: @Sendable (Any) -> Int
    }

    private static let providers: [Provider] = [
        Provider(
            name: "volt", handler: .voltRedirect,
            body: #"{"type":"merchant_redirect","result":"cancel","url":"https://merchant.example/checkout/cancel?order=123"}"#,
            modelDecode: { decoder, data in (try? decoder.decode(VoltRedirect.self, from: data))?.url.string.utf8.count ?? 0 },
            sampleDecode: { decoder, data in (try? decoder.decode(VoltSample.self, from: data))?.url.utf8.count ?? 0 },
            castsDecode: { graph in
                guard let body = graph as? [String: Any], let type = body["type"] as? String, let url = body["url"] as? String else {
                    return 0
                }
                return type.utf8.count + url.utf8.count + ((body["result"] as? String)?.utf8.count ?? 0)
            }),
        Provider(
            name: "sovendus", handler: .sovendus, body: #"{"type":"height","value":420}"#,
            modelDecode: { decoder, data in
                guard case .height(let height) = try? decoder.decode(SovendusMessage.self, from: data) else { return 0 }
                return Int(height.value)
            },
            sampleDecode: { decoder, data in Int((try? decoder.decode(SovendusSample.self, from: data))?.value ?? 0) },
            castsDecode: { graph in
                guard let body = graph as? [String: Any], let type = body["type"] as? String, let value = body["value"] as? Double else {
                    return 0
                }
                return type.utf8.count + Int(value)
            }),
        Provider(
            name: "branch", handler: .branchHostedLink, body: #""https://hosted.plaid.com/link/lp-1234567890""#,
            modelDecode: { decoder, data in (try? decoder.decode(BranchHostedLinkRequest.self, from: data))?.url.string.utf8.count ?? 0 },
            sampleDecode: { decoder, data in (try? decoder.decode(String.self, from: data))?.utf8.count ?? 0 },
            castsDecode: { graph in (graph as? String)?.utf8.count ?? 0 }),
        Provider(
            name: "swedbankpay", handler: .swedbankPayCompleted, body: #""success""#,
            modelDecode: { decoder, data in (try? decoder.decode(SwedbankPayCompleted.self, from: data))?.status?.utf8.count ?? 0 },
            sampleDecode: { decoder, data in (try? decoder.decode(String.self, from: data))?.utf8.count ?? 0 },
            castsDecode: { graph in (graph as? String)?.utf8.count ?? 0 }),
        Provider(
            name: "plaidcomplete", handler: .branchLinkComplete,
            body: #"{"status":"completed","callbackUrl":"https://app.example/plaid/complete?public_token=p-1"}"#,
            modelDecode: { decoder, data in
                guard case .completed(let url) = try? decoder.decode(PlaidLinkCompletion.self, from: data) else { return 0 }
                return url.string.utf8.count
            },
            sampleDecode: { decoder, data in (try? decoder.decode(PlaidCompletionSample.self, from: data))?.callbackUrl?.utf8.count ?? 0
            },
            castsDecode: { graph in
                guard let body = graph as? [String: Any], let status = body["status"] as? String else { return 0 }
                return status.utf8.count + ((body["callbackUrl"] as? String)?.utf8.count ?? 0)
            }),
        Provider(
            name: BridgeProvider.Handler.swedbankPayCanceled.name, handler: .swedbankPayCanceled, body: "null",
            modelDecode: { decoder, data in (try? decoder.decode(SwedbankPayCanceled.self, from: data)) == nil ? 0 : 1 },
            sampleDecode: { decoder, data in (try? decoder.decode(String?.self, from: data)) == .some(nil) ? 1 : 0 },
            castsDecode: { graph in graph is NSNull ? 1 : 0 }),
    ]

    static func bodies() -> [Benchmark] {
        precondition(
            Set(providers.map(\.handler.name)) == Set(BridgeProvider.all.flatMap(\.handlers).map(\.name)),
            "every registered provider handler has one row")
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let foundation = JSONDecoder()
        var bodies: [Benchmark] = []
        for provider in providers {
            let data = Data(provider.body.utf8)
            let graph = (try? JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)) ?? NSNull()
            // The same body as WKWebView hands it over on iOS: Foundation class instances, every
            // number an NSNumber holding a double (Linux's JSONSerialization returns Swift values).
            let classGraph: Any = (try? WebKitBody.graph(forJSON: provider.body)) ?? NSNull()
            let handler = provider.handler.name
            let text = provider.body
            bodies += [
                Benchmark("dispatch.\(provider.name).JSONDecoder", { provider.modelDecode(foundation, data) }),
                Benchmark("dispatch.\(provider.name).JSONDecoder.sampleModel", { provider.sampleDecode(foundation, data) }),
                Benchmark(
                    "dispatch.\(provider.name).seedsPath",
                    {
                        guard let reserialised = try? JSONSerialization.data(withJSONObject: graph, options: .fragmentsAllowed) else {
                            return 0
                        }
                        return provider.sampleDecode(foundation, reserialised)
                    }
                ),
                Benchmark("dispatch.\(provider.name).asCasts", { provider.castsDecode(graph) }),
                Benchmark(
                    "dispatch.\(provider.name).bridgecodec.bytes",
                    { fieldCount { () throws(BridgeError) in try dispatcher.dispatch(handlerName: handler, jsonText: text) } }
                ),
                Benchmark(
                    "dispatch.\(provider.name).bridgecodec.objectGraph",
                    { fieldCount { () throws(BridgeError) in try dispatcher.dispatch(handlerName: handler, foundationBody: graph) } }
                ),
                Benchmark(
                    "dispatch.\(provider.name).bridgecodec.classGraph",
                    { fieldCount { () throws(BridgeError) in try dispatcher.dispatch(handlerName: handler, foundationBody: classGraph) } }
                ),
            ]
        }
        return bodies
    }

    /// What an app reads from a dispatched message, the same fields the baselines read, by a
    /// `switch` over the message as README's examples do: its URL's or status's length, or the
    /// height; 0 for an error.
    @inline(__always)
    private static func fieldCount(_ dispatch: () throws(BridgeError) -> ProviderMessage) -> Int {
        let message: ProviderMessage
        do {
            message = try dispatch()
        } catch {
            return 0
        }
        switch message {
        case .volt(.bankRedirect(let url)), .volt(.merchantRedirect(_, let url)), .sovendus(.openUrl(let url)),
            .branchLinkComplete(.completed(let url)):
            return url.string.utf8.count
        case .branchHostedLink(let request): return request.url.string.utf8.count
        case .sovendus(.height(let height)): return Int(height.value)
        case .branchLinkComplete(.error(let message)): return message.utf8.count
        case .branchLinkComplete: return 1
        case .swedbankPayCompleted(let completed): return completed.status?.utf8.count ?? 1
        case .swedbankPayCanceled: return 1
        }
    }

    /// What each decoded message needs on its own: a fresh copy of every string it holds, made
    /// from bytes. The floor for the allocations of a decode.
    static func resultBodies() -> [Benchmark] {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        return providers.map { provider in
            let decoded = try? dispatcher.dispatch(BridgeMessage(handlerName: provider.handler.name, jsonText: provider.body))
            let held = decoded.map(heldStrings) ?? []
            let utf8 = held.map { Array($0.utf8) }
            return Benchmark(
                "dispatch.\(provider.name).resultValue",
                { utf8.reduce(0) { total, bytes in total + String(decoding: bytes, as: UTF8.self).utf8.count } }
            )
        }
    }

    /// The strings a decoded message keeps.
    private static func heldStrings(of message: ProviderMessage) -> [String] {
        switch message {
        case .volt(let redirect): [redirect.url.string]
        case .sovendus(.openUrl(let url)): [url.string]
        case .sovendus(.height): []
        case .branchHostedLink(let request): [request.url.string]
        case .branchLinkComplete(.completed(let url)): [url.string]
        case .branchLinkComplete(.error(let message)): [message]
        case .branchLinkComplete: []
        case .swedbankPayCompleted(let completed): completed.status.map { [$0] } ?? []
        case .swedbankPayCanceled: []
        }
    }

    /// The decoding bodies whose results differ from the package's for the same message: a
    /// baseline that fails to decode would return 0 quickly and look fast. (The casts read
    /// more fields, and decode nothing.)
    static func disagreeing(_ bodies: [Benchmark]) -> [String] {
        providers.flatMap { provider in
            let own = bodies.filter { $0.name.hasPrefix("dispatch.\(provider.name).") && !$0.name.hasSuffix(".asCasts") }
            let expected = own.first { $0.name.hasSuffix(".bridgecodec.bytes") }?.body()
            return own.filter { $0.body() != expected || expected == 0 }.map(\.name)
        }
    }

    static func run() -> [Measurement] {
        let bodies = bodies()
        let disagreeing = disagreeing(bodies)
        guard disagreeing.isEmpty else {
            let message = "bridgecodec-bench: these read other fields than the package's dispatch: \(disagreeing)\n"
            FileHandle.standardError.write(Data(message.utf8))
            exit(1)
        }
        let timed = nanosecondsPerCall(bodies)
        return providers.flatMap { provider -> [Measurement] in
            let prefix = "dispatch.\(provider.name)."
            /// A row named `name` showing the time of the body `measured` (by default its own).
            func row(_ name: String, measured: String? = nil, baseline: String?) -> Measurement {
                Measurement(
                    name: prefix + name, value: timed[prefix + (measured ?? name)] ?? .nan, unit: "ns/op",
                    baseline: baseline.map { prefix + $0 })
            }
            return [
                row("JSONDecoder", baseline: nil),
                row("JSONDecoder.sampleModel", baseline: nil),
                row("seedsPath", baseline: nil),
                row("bridgecodec.bytes", baseline: "JSONDecoder"),
                // Not a floor: JSONDecoder into plain strings, which checks no URL and no discriminator.
                row("bridgecodec.bytes-vs-sampleModel", measured: "bridgecodec.bytes", baseline: "JSONDecoder.sampleModel"),
                row("bridgecodec.bytes-vs-seeds", measured: "bridgecodec.bytes", baseline: "seedsPath"),
                row("bridgecodec.objectGraph", baseline: "seedsPath"),
                row("bridgecodec.classGraph", baseline: "seedsPath"),
                row("asCasts", baseline: nil),
                // Below 1: slower than the casts; the goal is within 1.5× of them (a ratio of at least 0.67).
                row("bridgecodec.objectGraph-vs-casts", measured: "bridgecodec.objectGraph", baseline: "asCasts"),
            ]
        }
    }
}
