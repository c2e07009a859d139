/// Where the answer to a page's request goes, as the request arrived: what a reply handle
/// (``BridgeReply``) writes its answer for.
public enum BridgeReplyRoute: Sendable, Hashable {
    /// A post: nothing in the page waits for an answer.
    case none
    /// WebKit's reply handler (`WKScriptMessageHandlerWithReply`, which makes `postMessage`
    /// return a Promise): the answer is a JSON-compatible Foundation value or an error text.
    case webKitReplyHandler
    /// androidx.webkit's reply proxy (`JavaScriptReplyProxy.postMessage`): the answer is JSON
    /// text the page's client reads from the listener object's message event.
    case androidReplyProxy(requestID: Int)
    /// Any other transport (the Android interface, React Native, Cordova): a script to evaluate
    /// in the page, which settles the request in the client on `window[global]` with the
    /// client's secret.
    case script(requestID: Int, global: String, secret: BridgeSecret)

    /// The route of a request that came over `transport` with `requestID` (the envelope's `id`;
    /// `nil` for a post) to the client on `window[global]` injected with `secret`.
    public init(transport: ScriptTransport, requestID: Int?, global: String, secret: BridgeSecret) {
        switch (transport, requestID) {
        case (.webKitObject, _), (.webKitString, _): self = .webKitReplyHandler
        case (_, nil): self = .none
        case (.androidListener, let id?): self = .androidReplyProxy(requestID: id)
        case (.android, let id?), (.reactNative, let id?), (.cordova, let id?):
            self = .script(requestID: id, global: global, secret: secret)
        }
    }

    /// Whether the page waits for an answer on this route: `false` for a post.
    public var isRequest: Bool { self != .none }

    /// The answer that rejects the request with `message`, such as a ``BridgeError``'s
    /// description when the dispatcher refuses the request before any channel reads it.
    public func failure(_ message: String) -> BridgeAnswer {
        answer(.error(message))
    }

    /// How a request ends: with the app's value, or rejected with a text.
    enum Outcome {
        case value(JSONValue)
        case error(String)

        /// `{"value": …}` or `{"error": …}`, what the page's client settles a request with.
        var members: [JSONObject.Member] {
            switch self {
            case .value(let value): [JSONObject.Member(key: "value", value: value)]
            case .error(let message): [JSONObject.Member(key: "error", value: .string(message))]
            }
        }
    }

    /// The answer carrying `outcome` on this route.
    func answer(_ outcome: Outcome) -> BridgeAnswer {
        switch (self, outcome) {
        case (.none, _):
            .none
        case (.webKitReplyHandler, .value(let value)):
            .webKitReply(value: value, errorMessage: nil)
        case (.webKitReplyHandler, .error(let message)):
            .webKitReply(value: nil, errorMessage: message)
        case (.androidReplyProxy(let id), _):
            .replyProxyText(JSONValue.object(JSONObject(uniqueMembers: [Self.idMember(id)] + outcome.members)).jsonText)
        case (.script(let id, let global, let secret), _):
            .script(
                "(function (client) { if (client && typeof client.settle === \"function\") client.settle("
                    + "\(Escaper.javaScriptString(secret.text)), \(id), "
                    + "\(Escaper.scriptJSON(.object(JSONObject(uniqueMembers: outcome.members))))); })"
                    + "(window[\(Escaper.javaScriptString(global))]);\n")
        }
    }

    private static func idMember(_ id: Int) -> JSONObject.Member {
        JSONObject.Member(key: "id", value: .number(JSONNumber(id)))
    }
}
