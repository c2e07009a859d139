/// The handle a channel that answers hands the app with each message: it writes the app's
/// `Answer`, or an error text, for the transport the request came on. The value is written by
/// ``ScriptJSONEncoder``, so no string in it can break out of the page's script.
public struct BridgeReply<Answer: Encodable & Sendable>: Sendable {
    /// Where the answer goes.
    public let route: BridgeReplyRoute

    /// A handle for a request that arrived on `route`.
    public init(route: BridgeReplyRoute) {
        self.route = route
    }

    /// Whether the page waits for an answer: `false` for a post.
    public var isRequest: Bool { route != .none }

    /// The answer that resolves the request with `value`. Throws when `value` has no JSON form
    /// (NaN, an infinite number, a type that writes nothing).
    public func answer(_ value: Answer) throws(JSONError) -> BridgeAnswer {
        let text = try ScriptJSONEncoder().encode(value)
        // The encoder's text is strict JSON (its escapes are JSON's own), read back as a value
        // for the route to write; only nesting deeper than any limits allow is refused here.
        guard let json = try? JSONValue(parsing: text, limits: .largest) else {
            throw JSONError(path: .root, reason: .nestingTooDeep(limit: JSONLimits.deepestNesting))
        }
        return route.answer(.value(json))
    }

    /// The answer that rejects the request with `message`; the page's client rejects its
    /// Promise with an `Error` of that message.
    public func fail(_ message: String) -> BridgeAnswer {
        route.failure(message)
    }
}
