/// The handle a channel that answers hands the app with each message: it writes the app's
/// `Answer`, or an error text, for the transport the request came on. The value is written once,
/// by ``ScriptJSONEncoder``, so no string in it can break out of the page's script.
public struct BridgeReply<Answer: Encodable & Sendable>: Sendable {
    /// Where the answer goes.
    package let route: BridgeReplyRoute

    /// A handle for a request that arrived on `route`.
    @usableFromInline
    package init(route: BridgeReplyRoute) {
        self.route = route
    }

    /// Whether the page waits for an answer: `false` for a post.
    public var isRequest: Bool { route.isRequest }

    /// The answer that resolves the request with `value`. Throws when `value` has no JSON form
    /// (NaN, an infinite number, a type that writes nothing).
    public func answer(_ value: Answer) throws(JSONError) -> BridgeAnswer {
        route.answer(.value(json: try ScriptJSONEncoder().encode(value)))
    }

    /// The answer that rejects the request with `message`; the page's client rejects its
    /// Promise with an `Error` of that message.
    public func fail(_ message: String) -> BridgeAnswer {
        route.failure(message)
    }
}
