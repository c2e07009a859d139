/// Where the answer to a page's request goes, as the request arrived: what a reply handle
/// (``BridgeReply``) writes its answer for.
@usableFromInline
package enum BridgeReplyRoute: Sendable, Hashable {
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
    package init(transport: ScriptTransport, requestID: Int?, global: String, secret: BridgeSecret) {
        switch (transport, requestID) {
        case (.webKitObject, _), (.webKitString, _): self = .webKitReplyHandler
        case (_, nil): self = .none
        case (.androidListener, let id?): self = .androidReplyProxy(requestID: id)
        case (.android, let id?), (.reactNative, let id?), (.cordova, let id?):
            self = .script(requestID: id, global: global, secret: secret)
        }
    }

    /// Whether the page waits for an answer on this route: `false` for a post. Over WebKit the
    /// reply handler is there for a post too, so a message that came on it counts as a request.
    package var isRequest: Bool {
        // A pattern, not `!=`: comparing would copy the payloads of the value compared.
        if case .none = self { false } else { true }
    }

    /// Whether the page's id says it waits for an answer, which a channel that takes posts only
    /// refuses: every request route but WebKit's reply handler, which a post reaches too.
    var namesRequest: Bool {
        switch self {
        case .none, .webKitReplyHandler: false
        case .androidReplyProxy, .script: true
        }
    }

    /// The answer that rejects the request with `message`, such as a ``BridgeError``'s
    /// description when the dispatcher refuses the request before any channel reads it.
    package func failure(_ message: String) -> BridgeAnswer {
        answer(.error(message))
    }

    /// How a request ends: with the app's value, already script-safe JSON text, or rejected with a text.
    enum Outcome {
        case value(json: String)
        case error(String)

        /// `"value":…` or `"error":…`, the member the page's client settles a request with, as
        /// script-safe JSON for the script and the reply-proxy text alike.
        var member: String {
            switch self {
            case .value(let json): "\"value\":" + json
            case .error(let message): "\"error\":" + Escaper.javaScriptString(message)
            }
        }
    }

    /// The answer carrying `outcome` on this route.
    func answer(_ outcome: Outcome) -> BridgeAnswer {
        switch (self, outcome) {
        case (.none, _):
            .none
        case (.webKitReplyHandler, .value(let json)):
            .webKitReply(json: json, errorMessage: nil)
        case (.webKitReplyHandler, .error(let message)):
            .webKitReply(json: nil, errorMessage: message)
        case (.androidReplyProxy(let id), _):
            .replyProxyText("{\"id\":\(id)," + outcome.member + "}")
        case (.script(let id, let global, let secret), _):
            .script(
                "(function (client) { if (client && typeof client.settle === \"function\") client.settle("
                    + "\(Escaper.javaScriptString(secret.text)), \(id), {" + outcome.member + "}); })"
                    + "(window[\(Escaper.javaScriptString(global))]);\n")
        }
    }
}
