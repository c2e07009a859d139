/// What the page-side client (``BridgeScripts/bridgeClient(transport:global:androidInterface:timeoutMilliseconds:)``)
/// posts over every transport but WebKit's: `{"handler": NAME, "body": VALUE}`, with `"id": N`
/// for a request. Read it, then dispatch ``message(origin:)`` with ``replyRoute(transport:global:)``.
public struct BridgeEnvelope: Sendable, Hashable {
    /// The channel the body is for.
    public var handlerName: String
    /// The request's id, from 1 to ``largestRequestID`` (an integer JavaScript holds exactly);
    /// `nil` for a post.
    public var requestID: Int?
    /// The body; `null` when the page sent none.
    public var body: JSONValue

    /// The largest id a page can count to exactly, 2^53 − 1, or `Int.max` where `Int` is 32 bits.
    public static let largestRequestID = Int(clamping: (Int64(1) << 53) - 1)

    /// Every id a request may carry: the envelope's reader and the CLI's `script reply` hold ids to it.
    package static let requestIDs = 1...largestRequestID

    /// Reads an envelope strictly, within `limits`: the handler a string, the id an integer in
    /// range, the body any value. Other members are ignored.
    public init(jsonText: String, limits: JSONLimits = .default) throws(JSONError) {
        let wire = try StrictJSONDecoder(limits: limits).decode(Wire.self, from: jsonText)
        if let id = wire.id, !Self.requestIDs.contains(id) {
            throw JSONError(
                path: JSONPath([.key("id")]), reason: .invalidValue("\(id) is not a request id (1 to \(Self.largestRequestID))"))
        }
        handlerName = wire.handler
        requestID = wire.id
        body = wire.body ?? .null
    }

    /// The envelope's message, from a frame of `origin` when the transport reports one (the
    /// web-message listener does; ``FrameOrigin/init(serializedOrigin:isMainFrame:)``).
    public func message(origin: FrameOrigin? = nil) -> BridgeMessage {
        BridgeMessage(handlerName: handlerName, body: .value(body), origin: origin)
    }

    /// Where the answer goes, for an envelope that came over `transport` to the client on `window[global]`.
    public func replyRoute(transport: ScriptTransport, global: String = BridgeScripts.defaultClientGlobal) -> BridgeReplyRoute {
        BridgeReplyRoute(transport: transport, requestID: requestID, global: global)
    }

    private struct Wire: Decodable {
        var handler: String
        var id: Int?
        var body: JSONValue?
    }
}
