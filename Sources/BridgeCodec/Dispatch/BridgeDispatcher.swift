/// Turns bridge messages into typed messages, or into errors that say exactly why not.
///
/// A pure step: no side effects, same result for the same message. The body may be a
/// WKWebView object graph, JSON text or a structured value; all give the same message, or
/// throw the same ``BridgeError`` (the handler, the path in the body, the reason).
///
/// `Message` is what the channels produce: `ProviderMessage` for the providers alone, or an
/// enum of the app's own that embeds them beside its own messages (``BridgeChannel/map(_:)``).
public struct BridgeDispatcher<Message: Sendable>: Sendable {
    /// The registered channels, one per handler name.
    public let channels: [BridgeChannel<Message>]
    /// The rule every URL in a message must pass.
    public var urlPolicy: URLPolicy
    /// Bounds on a body's size and shape.
    public var limits: JSONLimits
    /// The channels' names and origin policies, in the same order, where a lookup needs nothing
    /// of the message type.
    @usableFromInline let table: ChannelTable

    /// A dispatcher for `channels`; a later channel with the same handler name replaces an earlier one.
    public init(channels: [BridgeChannel<Message>], urlPolicy: URLPolicy = .httpsOnly, limits: JSONLimits = .default) {
        // A later channel with the same name wins. Names are compared by code units, as the page
        // spells them: a Swift `Dictionary` would merge names that are canonically equivalent.
        var unique: [BridgeChannel<Message>] = []
        for channel in channels {
            unique.removeAll { $0.handlerName.hasSameCodeUnits(as: channel.handlerName) }
            unique.append(channel)
        }
        self.channels = unique
        table = ChannelTable(
            names: unique.map { Array($0.handlerName.utf8) }, origins: unique.map(\.origins), answers: unique.map(\.answersRequests))
        self.urlPolicy = urlPolicy
        self.limits = limits
    }

    // The entry points are inlinable so that an app's build specializes them for its message
    // type: unspecialized, every dispatch would look the channel type's metadata up at run time.

    /// Decodes and checks one message, a post: a channel that answers hands the app a reply handle
    /// that answers nothing (``BridgeDispatcher/answer(envelope:origin:client:_:)-8ivwd`` and
    /// ``BridgeDispatcher/answer(webKitMessageNamed:body:origin:_:)-6vqd7`` answer requests). A
    /// structured body (an Android string argument, say) meets the dispatcher's limits as text
    /// would, before the channel reads it.
    @inlinable
    public func dispatch(_ message: BridgeMessage) throws(BridgeError) -> Message {
        try dispatch(message, replyRoute: .none)
    }

    /// Decodes and checks one message whose body is JSON text, as Android's `@JavascriptInterface`,
    /// React Native and Cordova deliver it (or a WKWebView body posted as `JSON.stringify(data)`).
    @inlinable
    public func dispatch(handlerName: String, jsonText: String, origin: FrameOrigin? = nil) throws(BridgeError) -> Message {
        try dispatch(handlerName: handlerName, jsonText: jsonText, origin: origin, replyRoute: .none)
    }

    /// Decodes and checks one WKWebView message (`WKScriptMessage.name`, `.body`, and the frame's
    /// origin): the graph is checked and converted in one walk (``JSONValue/init(foundationObject:limits:)``),
    /// never serialised; no body is `null`.
    /// The body is taken, not borrowed: passing `message.body` hands it over without a copy.
    @inlinable
    public func dispatch(handlerName: String, foundationBody: consuming Any?, origin: FrameOrigin? = nil) throws(BridgeError) -> Message {
        try dispatch(handlerName: handlerName, foundationBody: foundationBody, origin: origin, replyRoute: .none)
    }

    /// ``dispatch(_:)`` for a message that arrived on `replyRoute`, which a channel that answers
    /// hands the app in its reply handle.
    @inlinable
    package func dispatch(_ message: BridgeMessage, replyRoute: BridgeReplyRoute) throws(BridgeError) -> Message {
        let value: JSONValue
        switch message.body {
        case .jsonText(let text):
            return try dispatch(handlerName: message.handlerName, jsonText: text, origin: message.origin, replyRoute: replyRoute)
        case .value(let structured): value = structured
        case .absent: value = .null
        }
        let index = try table.index(of: message.handlerName, origin: message.origin, replyRoute: replyRoute)
        do throws(JSONError) {
            return try channels[index].reader.read(
                JSONDocument(converting: value, limits: limits, urlPolicy: urlPolicy, dates: channels[index].dates), replyRoute)
        } catch {
            throw BridgeError(handlerName: message.handlerName, error)
        }
    }

    /// ``dispatch(handlerName:jsonText:origin:)`` for a message that arrived on `replyRoute`.
    @inlinable
    package func dispatch(
        handlerName: String, jsonText: String, origin: FrameOrigin?, replyRoute: BridgeReplyRoute
    ) throws(BridgeError) -> Message {
        let index = try table.index(of: handlerName, origin: origin, replyRoute: replyRoute)
        do throws(JSONError) {
            return try channels[index].reader.read(
                JSONDocument(reading: jsonText, limits: limits, urlPolicy: urlPolicy, dates: channels[index].dates), replyRoute)
        } catch {
            throw BridgeError(handlerName: handlerName, error)
        }
    }

    /// ``dispatch(handlerName:foundationBody:origin:)`` for a message that arrived on `replyRoute`.
    @inlinable
    package func dispatch(
        handlerName: String, foundationBody: consuming Any?, origin: FrameOrigin?, replyRoute: BridgeReplyRoute
    ) throws(BridgeError) -> Message {
        // Channel and origin first: a frame that may not post never has its graph walked.
        let index = try table.index(of: handlerName, origin: origin, replyRoute: replyRoute)
        return try message(channel: index, handlerName: handlerName, foundationBody: foundationBody, replyRoute: replyRoute)
    }

    /// The message of channel `index`, found and admitted, from a WKWebView body.
    @inlinable
    func message(
        channel index: Int, handlerName: String, foundationBody: consuming Any?, replyRoute: BridgeReplyRoute
    ) throws(BridgeError) -> Message {
        do throws(JSONError) {
            let document: JSONDocument
            switch consume foundationBody {
            case .some(let body):
                document = try JSONDocument(converting: body, limits: limits, urlPolicy: urlPolicy, dates: channels[index].dates)
            case .none:
                document = try JSONDocument(converting: JSONValue.null, limits: limits, urlPolicy: urlPolicy, dates: channels[index].dates)
            }
            return try channels[index].reader.read(document, replyRoute)
        } catch {
            throw BridgeError(handlerName: handlerName, error)
        }
    }
}

extension BridgeDispatcher {
    /// Decodes and checks the body of an envelope the page's client posted, read in place in the
    /// envelope's own text, on the route its id and `client` give.
    package func dispatch(_ envelope: BridgeEnvelope, origin: FrameOrigin?, replyRoute: BridgeReplyRoute) throws(BridgeError) -> Message {
        let index = try table.index(of: envelope.handlerName, origin: origin, replyRoute: replyRoute)
        do throws(JSONError) {
            let dates = channels[index].dates
            let document: JSONDocument
            if let body = envelope.body {
                document = JSONDocument(body, urlPolicy: urlPolicy, dates: dates)
            } else {
                document = try JSONDocument(converting: JSONValue.null, limits: limits, urlPolicy: urlPolicy, dates: dates)
            }
            return try channels[index].reader.read(document, replyRoute)
        } catch {
            throw BridgeError(handlerName: envelope.handlerName, error)
        }
    }

    /// Decodes and checks a body posted over WebKit as an object and captured as JSON: `body` is
    /// read as the graph WebKit hands over for it (each number its double's JavaScript text),
    /// within the limits a graph meets, without a tree or a graph in between.
    package func dispatch(handlerName: String, webKitGraphOf body: JSONDocument.Node, origin: FrameOrigin?) throws(BridgeError) -> Message {
        let index = try table.index(of: handlerName, origin: origin, replyRoute: .none)
        do throws(JSONError) {
            return try channels[index].reader.read(
                JSONDocument.webKitGraph(of: body, limits: limits, urlPolicy: urlPolicy, dates: channels[index].dates), .none)
        } catch {
            throw BridgeError(handlerName: handlerName, error)
        }
    }
}

/// The handler names as UTF-8, the channels' origin policies and whether each answers: a lookup
/// compares these bytes alone, without copying each channel or lending each name's bytes.
@usableFromInline
struct ChannelTable: Sendable {
    let names: [[UInt8]]
    let origins: [OriginPolicy]
    let answers: [Bool]

    /// The position of the channel for `name`, once the origin is known to be allowed on it and,
    /// for a request that came as an envelope, the channel known to answer. (Over WebKit a post
    /// and a request reach the handler alike; the client refuses a request to a channel that
    /// takes posts only before it is sent.)
    @usableFromInline
    func index(of name: String, origin: FrameOrigin?, replyRoute: BridgeReplyRoute) throws(BridgeError) -> Int {
        guard let index = position(of: name) else {
            throw BridgeError(handlerName: name, reason: .unknownHandler)
        }
        if !origins[index].allowsAnyOrigin, let refusal = origins[index].refusal(of: origin) {
            throw BridgeError(handlerName: name, reason: .originNotAllowed(refusal))
        }
        if !answers[index], replyRoute.namesRequest {
            throw BridgeError(handlerName: name, reason: .postsOnly)
        }
        return index
    }

    /// The position of the channel for `name`, compared by code units, whatever the origin.
    func position(of name: String) -> Int? {
        name.withUTF8Bytes { name in names.firstIndex { $0.withUnsafeBufferPointer { $0.hasSameBytes(as: name) } } }
    }
}
