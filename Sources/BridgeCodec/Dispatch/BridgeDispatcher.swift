/// Turns bridge messages into typed provider messages, or into errors that say exactly why not.
///
/// A pure step: no side effects, same result for the same message. The body may be a
/// WKWebView object graph or JSON text; both give the same message, or throw the same
/// ``BridgeError`` (the handler, the path in the body, the reason).
public struct BridgeDispatcher: Sendable {
    /// The registered channels, one per handler name.
    public let channels: [BridgeChannel]
    /// The rule every URL in a message must pass.
    public var urlPolicy: URLPolicy
    /// Bounds on a body's size and shape.
    public var limits: JSONLimits
    /// The channels' handler names as UTF-8, in the same order: a lookup compares these bytes
    /// alone, without copying each channel or lending each name's bytes.
    private let handlerNames: [[UInt8]]
    /// A dispatcher for `channels`; a later channel with the same handler name replaces an earlier one.
    public init(channels: [BridgeChannel], urlPolicy: URLPolicy = .httpsOnly, limits: JSONLimits = .default) {
        // A later channel with the same name wins. Names are compared by code units, as the page
        // spells them: a Swift `Dictionary` would merge names that are canonically equivalent.
        var unique: [BridgeChannel] = []
        for channel in channels {
            unique.removeAll { $0.handlerName.hasSameCodeUnits(as: channel.handlerName) }
            unique.append(channel)
        }
        self.channels = unique
        handlerNames = unique.map { Array($0.handlerName.utf8) }
        self.urlPolicy = urlPolicy
        self.limits = limits
    }

    /// Decodes and checks one message. A structured body (an Android string argument, say)
    /// meets the dispatcher's limits as text would, before the model reads it.
    public func dispatch(_ message: BridgeMessage) throws(BridgeError) -> ProviderMessage {
        let value: JSONValue
        switch message.body {
        case .jsonText(let text): return try dispatch(handlerName: message.handlerName, jsonText: text, origin: message.origin)
        case .value(let structured): value = structured
        case .absent: value = .null
        }
        let name = message.handlerName
        let kind = try kind(of: name, origin: message.origin)
        do throws(JSONDecodeError) {
            try value.checkLimits(limits)
        } catch {
            throw BridgeError(handlerName: name, path: error.path, reason: .invalidMessage(error.reason))
        }
        return try decode(value, as: kind, name: name)
    }

    /// Decodes and checks one message whose body is JSON text, as Android's `@JavascriptInterface`,
    /// React Native and Cordova deliver it (or a WKWebView body posted as `JSON.stringify(data)`).
    public func dispatch(handlerName: String, jsonText: String, origin: FrameOrigin? = nil) throws(BridgeError) -> ProviderMessage {
        let kind = try self.kind(of: handlerName, origin: origin)
        // The model reads the parsed text through a view, which copies no reference per read. The
        // buffers' closures pass no typed error through, so the outcome comes back as a `Result`.
        let outcome = jsonText.withUTF8Bytes { bytes -> Result<ProviderMessage, BridgeError> in
            func decoded(_ tokens: UnsafeBufferPointer<JSONToken>) -> Result<ProviderMessage, BridgeError> {
                Result { () throws(BridgeError) in try decode(JSONView(tokens: tokens, bytes: bytes, index: 0), as: kind, name: handlerName)
                }
            }
            if let string = JSONParser.plainStringDocument(bytes, limits: limits) {
                return withUnsafePointer(to: string) { decoded(UnsafeBufferPointer(start: $0, count: 1)) }
            }
            do throws(JSONParseError) {
                return try JSONParser.tokens(of: bytes, limits: limits).withUnsafeBufferPointer(decoded)
            } catch {
                return .failure(BridgeError(handlerName: handlerName, reason: .malformedJSON(error)))
            }
        }
        return try outcome.get()
    }

    /// Decodes and checks one WKWebView message (`WKScriptMessage.name`, `.body`, and the frame's
    /// origin): the graph is checked and converted in one walk (``JSONValue/init(foundationObject:limits:)``),
    /// never serialised; no body is `null`.
    /// The body is taken, not borrowed: passing `message.body` hands it over without a copy.
    public func dispatch(
        handlerName: String, foundationBody: consuming Any?, origin: FrameOrigin? = nil
    ) throws(BridgeError) -> ProviderMessage {
        // Channel and origin first: a frame that may not post never has its graph walked.
        let kind = try self.kind(of: handlerName, origin: origin)
        let root: JSONValue
        do {
            switch consume foundationBody {
            case .some(let body): root = try JSONValue(foundationObject: body, limits: limits)
            case .none: root = .null
            }
        } catch {
            throw BridgeError(handlerName: handlerName, path: error.path, reason: .invalidMessage(error.reason))
        }
        return try decode(root, as: kind, name: handlerName)
    }

    /// What the channel for `name` carries, once the origin is known to be allowed on it.
    private func kind(of name: String, origin: FrameOrigin?) throws(BridgeError) -> BridgeChannel.Kind {
        let found = name.withUTF8Bytes { name in handlerNames.firstIndex { $0.withUnsafeBufferPointer { $0.hasSameBytes(as: name) } } }
        guard let index = found else {
            throw BridgeError(handlerName: name, reason: .unknownHandler)
        }
        if let refusal = channels[index].origins.refusal(of: origin) {
            throw BridgeError(handlerName: name, reason: .originNotAllowed(refusal))
        }
        return channels[index].kind
    }

    /// The model of `kind` from the body's value, then the URL policy on the URL it carries;
    /// errors name the handler `name`.
    private func decode<Node: JSONNode>(_ value: Node, as kind: BridgeChannel.Kind, name: String) throws(BridgeError) -> ProviderMessage {
        let decoded: ProviderMessage
        do {
            decoded = try Self.decode(value, as: kind)
        } catch {
            throw BridgeError(handlerName: name, path: error.path, reason: .invalidMessage(error.reason))
        }
        try checkURL(of: decoded, name: name)
        return decoded
    }

    /// Checks the URL `decoded` carries against the URL policy; errors name the handler `name`.
    private func checkURL(of decoded: ProviderMessage, name: String) throws(BridgeError) {
        // No provider message carries more than one.
        switch decoded {
        case .volt(.bankRedirect(let url)), .volt(.merchantRedirect(_, let url)): try check(url, at: "url", name: name)
        case .sovendus(.openUrl(let url)): try check(url, at: "value", name: name)
        case .branchHostedLink(let request): try check(request.url, at: nil, name: name)
        case .branchLinkComplete(.completed(let callbackUrl)): try check(callbackUrl, at: "callbackUrl", name: name)
        case .sovendus(.height), .branchLinkComplete, .swedbankPayCompleted, .swedbankPayCanceled: return
        }
    }

    /// Checks `url`, found at the member `key` of the body (`nil`: the body itself).
    private func check(_ url: BridgeURL, at key: String?, name: String) throws(BridgeError) {
        do {
            try urlPolicy.check(url.string)
        } catch {
            throw BridgeError(handlerName: name, path: JSONPath(key.map { [.key($0)] } ?? []), reason: .urlRejected(error))
        }
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
