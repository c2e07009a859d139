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
    /// The channels' names as integers, read once here; `channels` is a `let`, so it cannot go stale.
    private let lookup: ChannelLookup

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
        self.lookup = ChannelLookup(unique)
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
        if kind.bodyIsString, let message = plainStringMessage(jsonText, as: kind) {
            return message
        }
        return try dispatchParsing(jsonText, as: kind, name: handlerName)
    }

    /// The message of a body that is a bare string without escapes (``BridgeChannel/Kind/bodyIsString``),
    /// read in one scan; nil for any other body, which takes the full path.
    @inline(__always)
    private func plainStringMessage(_ jsonText: String, as kind: BridgeChannel.Kind) -> ProviderMessage? {
        switch kind {
        case .branchHostedLink:
            // Checked as JSON and as a URL at once.
            guard let url = PlainURLBody.url(in: jsonText, limits: limits, policy: urlPolicy) else { return nil }
            return .branchHostedLink(BranchHostedLinkRequest(url: BridgeURL(url)))
        case .swedbankPayCompleted:
            guard let status = PlainStringBody.string(in: jsonText, limits: limits) else { return nil }
            return .swedbankPayCompleted(SwedbankPayCompleted(status: status))
        default: return nil
        }
    }

    /// The full path from text, which every body can take and the only one that reports errors:
    /// strict parse, the model, then the URL policy.
    @inline(__always)
    func dispatchParsing(_ jsonText: String, as kind: BridgeChannel.Kind, name: String) throws(BridgeError) -> ProviderMessage {
        // Parsed onto the stack and read in place by the model: no tree, and no allocation beyond
        // the strings the message keeps. The buffers' closures pass no typed error through, so
        // the outcome comes back as one `Result`, made where it is known (nested ones were copied
        // and destroyed through generic value witnesses) and consumed here: the message is moved
        // out of it, not copied.
        let outcome: Result<ProviderMessage, BridgeError> = JSONView.withParsedDocument(jsonText, limits: limits) { root in
            do throws(BridgeError) {
                return .success(try decode(root, as: kind, name: name))
            } catch {
                return .failure(error)
            }
        } malformed: { error in
            .failure(BridgeError(handlerName: name, reason: .malformedJSON(error)))
        }
        switch consume outcome {
        case .success(let message): return message
        case .failure(let error): throw error
        }
    }

    /// Decodes and checks one WKWebView message (`WKScriptMessage.name`, `.body`, and the frame's
    /// origin): every value of the graph is checked, then the model reads the graph in place,
    /// with nothing serialised or converted. The body is taken, not borrowed: passing
    /// `message.body` hands it over without a copy (a copy of an `Any` goes through the runtime).
    public func dispatch(
        handlerName: String, foundationBody: consuming Any?, origin: FrameOrigin? = nil
    ) throws(BridgeError) -> ProviderMessage {
        // Channel and origin first: a frame that may not post never has its graph walked.
        let kind = try self.kind(of: handlerName, origin: origin)
        guard kind.bodyIsString else { return try dispatchWalking(foundationBody, as: kind, name: handlerName) }
        // A bare string on a channel whose body is one (Branch's link, Swedbank Pay's status) is
        // made the message here: no node, walk or model read, half of such a message (Swedbank
        // Pay 733 -> 563 instructions, Branch 958 -> 766; as NSStrings 1,299 -> 796, 1,525 -> 999).
        guard case .some(var object) = consume foundationBody else { return try dispatchWalking(nil, as: kind, name: handlerName) }
        // A Swift string is moved out; an `NSString`, as WKWebView hands a string over on Apple
        // platforms, is bridged once.
        guard let string = FoundationValue.takeSwiftString(&object) ?? FoundationValue.bridgedString(object) else {
            return try dispatchWalking(object, as: kind, name: handlerName)
        }
        if let message = bareStringMessage(string, as: kind) { return message }
        return try dispatchWalking(string, as: kind, name: handlerName)
    }

    /// The message of `string` as the whole body, when the full path would accept it: within the
    /// limits, and for Branch a URL the policy passes on its plain-`https` shape. `nil` when it
    /// might not, so that the full path decides and reports.
    @inline(__always)
    func bareStringMessage(_ string: String, as kind: BridgeChannel.Kind) -> ProviderMessage? {
        var budget = StructureBudget(limits: limits)
        guard (try? budget.string(utf8Count: string.utf8.count)) != nil else { return nil }
        switch kind {
        case .branchHostedLink:
            guard string.withUTF8Bytes({ urlPolicy.passesAsPlainHTTPS($0) }) else { return nil }
            return .branchHostedLink(BranchHostedLinkRequest(url: BridgeURL(string)))
        case .swedbankPayCompleted:
            return .swedbankPayCompleted(SwedbankPayCompleted(status: string))
        default: return nil
        }
    }

    /// The full path from an object graph, which every body can take and the only one that
    /// reports errors: the whole graph is checked, then the model reads it where it is (no tree
    /// is built), then the URL policy.
    @inline(__always)
    func dispatchWalking(_ body: consuming Any?, as kind: BridgeChannel.Kind, name: String) throws(BridgeError) -> ProviderMessage {
        let root: FoundationNode
        do throws(JSONDecodeError) {
            root = try FoundationNode(checking: body, limits: limits)
        } catch {
            throw BridgeError(handlerName: name, path: error.path, reason: .invalidMessage(error.reason))
        }
        return try decode(root, as: kind, name: name)
    }

    /// What the channel for `name` carries, once the origin is known to be allowed on it.
    /// Only the kind leaves: copying the channel (its name, its origin policy) costs more than the lookup.
    @inline(__always)
    private func kind(of name: String, origin: FrameOrigin?) throws(BridgeError) -> BridgeChannel.Kind {
        guard let channel = lookup.channel(named: name) else {
            throw BridgeError(handlerName: name, reason: .unknownHandler)
        }
        if channel.checksOrigin, let refusal = channels[channel.index].origins.refusal(of: origin) {
            throw BridgeError(handlerName: name, reason: .originNotAllowed(refusal))
        }
        return channel.kind
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
    /// Nothing is returned, so the caller moves the message on instead of copying it.
    private func checkURL(of decoded: ProviderMessage, name: String) throws(BridgeError) {
        // The URL is read where it sits: returning it (and its key) from the message copied it.
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
    @inline(__always)
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
