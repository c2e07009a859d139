import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// How a captured body reaches the native side, as the CLI names it.
enum BridgeTransport: String, CaseIterable {
    /// WKWebView: the page posts an object; native code receives a Foundation object graph.
    case object
    /// The page posts `JSON.stringify(data)`: Android, React Native, Cordova, WebKit string.
    case string
    /// A bare string argument of an Android interface method: `openHostedLink(url)`, `completed("success")`.
    case argument
    /// No body at all: `postMessage()`, `callbacks.canceled()`.
    case absent

    /// Dispatches `body` (JSON text for `object` and `string`, raw text for `argument`) as this transport delivers it.
    func dispatch(_ body: String, handler: String, with dispatcher: BridgeDispatcher<ProviderMessage>) throws(BridgeError)
        -> ProviderMessage
    {
        switch self {
        case .string:
            return try dispatcher.dispatch(BridgeMessage(handlerName: handler, jsonText: body))
        case .argument:
            return try dispatcher.dispatch(BridgeMessage(handlerName: handler, stringArgument: body))
        case .absent:
            return try dispatcher.dispatch(handlerName: handler, foundationBody: nil)
        case .object:
            // A body read from a file is bounded as text first: it was read only as far as that bound.
            let value: JSONValue
            do {
                value = try JSONValue(parsing: body, limits: dispatcher.limits)
            } catch {
                throw BridgeError(handlerName: handler, error)
            }
            return try Self.dispatchObject(value, handler: handler, with: dispatcher)
        }
    }

    /// An object body, already read, as WKWebView would deliver it: the value the graph WebKit
    /// builds for it reads as (every number its double's JavaScript text), walked within the
    /// dispatcher's limits as the graph is, never turned into text or a Foundation graph again.
    static func dispatchObject(
        _ body: JSONValue, handler: String, with dispatcher: BridgeDispatcher<ProviderMessage>
    ) throws(BridgeError) -> ProviderMessage {
        try dispatcher.dispatch(BridgeMessage(handlerName: handler, body: .value(WebKitBody.value(for: body))))
    }
}

/// The one-line JSON the CLI prints for a decoded message.
enum DecodeOutput {
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(members.map { JSONObject.Member(key: $0.0, value: $0.1) }) ?? JSONObject())
    }

    /// The message in its provider's wire format (members sorted by key).
    static func wireValue(_ message: ProviderMessage) -> JSONValue {
        encoded(message)
    }

    /// `value` as its `Encodable` conformance writes it, members sorted by key.
    static func encoded(_ value: some Encodable) -> JSONValue {
        (try? JSONValue(encodingSortedKeys: value)) ?? .null
    }

    /// `{"handler": NAME, "kind": KIND, "message": …}`.
    static func success(handler: String, _ message: ProviderMessage) -> [(String, JSONValue)] {
        [("handler", .string(handler)), ("kind", .string(message.kind)), ("message", wireValue(message))]
    }
}
