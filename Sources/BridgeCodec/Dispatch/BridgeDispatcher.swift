/// Turns bridge messages into typed provider messages, or into errors that say exactly why not.
///
/// A pure step: no side effects, same result for the same message. The body may be a
/// WKWebView object graph or JSON text; both give the same result.
public struct BridgeDispatcher: Sendable {
    /// The registered channels, one per handler name.
    public let channels: [BridgeChannel]
    /// The rule every URL in a message must pass.
    public var urlPolicy: URLPolicy
    /// Bounds on a body's size and shape.
    public var limits: JSONLimits

    /// A dispatcher for `channels`; a later channel with the same handler name replaces an earlier one.
    public init(channels: [BridgeChannel], urlPolicy: URLPolicy = .httpsOnly, limits: JSONLimits = .default) {
        // A later channel with the same name wins. Lookups scan this short list: comparing a few
        // small strings costs less than hashing the name.
        var unique: [BridgeChannel] = []
        for channel in channels {
            unique.removeAll { $0.handlerName.hasSameCodeUnits(as: channel.handlerName) }
            unique.append(channel)
        }
        self.channels = unique
        self.urlPolicy = urlPolicy
        self.limits = limits
    }

    /// Decodes and checks one message.
    public func dispatch(_ message: BridgeMessage) -> Result<ProviderMessage, BridgeError> {
        Result { () throws(BridgeError) in try decode(message) }
    }

    /// Decodes and checks one WKWebView message (`WKScriptMessage.name`, `.body`, and the frame's origin),
    /// reading the object graph directly, without serialising it.
    public func dispatch(handlerName: String, foundationBody: Any?, origin: FrameOrigin? = nil) -> Result<ProviderMessage, BridgeError> {
        Result { () throws(BridgeError) in
            // Channel and origin first: a frame that may not post never has its graph walked.
            let channel = try channel(for: handlerName, origin: origin)
            let value: JSONValue
            if let foundationBody {
                do throws(JSONDecodeError) {
                    value = try JSONValue(foundationObject: foundationBody, limits: limits)
                } catch {
                    throw BridgeError(handlerName: handlerName, path: error.path, reason: .invalidMessage(error.reason))
                }
            } else {
                value = .null
            }
            return try decode(value, on: channel)
        }
    }

    /// The channel for `name`, once the origin is known to be allowed on it.
    private func channel(for name: String, origin: FrameOrigin?) throws(BridgeError) -> BridgeChannel {
        guard let channel = channels.first(where: { $0.handlerName.hasSameCodeUnits(as: name) }) else {
            throw BridgeError(handlerName: name, reason: .unknownHandler)
        }
        if let refusal = channel.origins.refusal(of: origin) {
            throw BridgeError(handlerName: name, reason: .originNotAllowed(refusal))
        }
        return channel
    }

    private func decode(_ message: BridgeMessage) throws(BridgeError) -> ProviderMessage {
        let name = message.handlerName
        let channel = try channel(for: name, origin: message.origin)
        switch message.body {
        case .absent:
            return try decode(JSONValue.null, on: channel)
        case .value(let structured):
            return try decode(structured, on: channel)
        case .jsonText(let text):
            // Parsed onto the stack and read in place by the model: no tree, and no allocation
            // beyond the strings the message keeps.
            // The closures capture only the kind and the name: capturing the dispatcher or the
            // channel copies them.
            let kind = channel.kind
            let read = JSONView.withParsedDocument(text, limits: limits) { root in
                Result { () throws(BridgeError) in
                    do throws(JSONDecodeError) {
                        return try Self.decode(root, as: kind)
                    } catch {
                        throw BridgeError(handlerName: name, path: error.path, reason: .invalidMessage(error.reason))
                    }
                }
            } malformed: { error in
                Result.failure(BridgeError(handlerName: name, reason: .malformedJSON(error)))
            }
            return try checkedURL(of: read.get(), on: channel)
        }
    }

    /// The channel's model from the body's value, then the URL policy on the URL it carries.
    private func decode<Node: JSONNode>(_ value: Node, on channel: BridgeChannel) throws(BridgeError) -> ProviderMessage {
        let decoded: ProviderMessage
        do {
            decoded = try Self.decode(value, as: channel.kind)
        } catch {
            throw BridgeError(handlerName: channel.handlerName, path: error.path, reason: .invalidMessage(error.reason))
        }
        return try checkedURL(of: decoded, on: channel)
    }

    /// `decoded`, once the URL it carries passes the URL policy.
    private func checkedURL(of decoded: ProviderMessage, on channel: BridgeChannel) throws(BridgeError) -> ProviderMessage {
        let name = channel.handlerName
        if let (key, url) = decoded.url {
            do {
                try urlPolicy.check(url.string)
            } catch {
                throw BridgeError(handlerName: name, path: JSONPath(key.map { [.key($0)] } ?? []), reason: .urlRejected(error))
            }
        }
        return decoded
    }

    /// Reads the channel's model straight from the value: no Codable containers in the hot path.
    private static func decode<Node: JSONNode>(_ value: Node, as kind: BridgeChannel.Kind) throws(JSONDecodeError) -> ProviderMessage {
        switch kind {
        case .voltRedirect: .volt(try VoltRedirect(json: value, at: .root))
        case .sovendus: .sovendus(try SovendusMessage(json: value, at: .root))
        case .branchHostedLink: .branchHostedLink(try BranchHostedLinkRequest(json: value, at: .root))
        case .branchLinkComplete: .branchLinkComplete(try PlaidLinkCompletion(json: value, at: .root))
        case .swedbankPayCompleted: .swedbankPayCompleted(try SwedbankPayCompleted(json: value, at: .root))
        case .swedbankPayCanceled: .swedbankPayCanceled(try SwedbankPayCanceled(json: value, at: .root))
        }
    }
}
