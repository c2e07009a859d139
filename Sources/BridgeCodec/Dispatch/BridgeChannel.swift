/// One handler the page posts to: its name, which frames may post to it, and how its body
/// becomes a `Message`.
///
/// The providers' channels (`voltRedirect(origins:)` and the others, in `BridgeCodecProviders`)
/// and the app's own (``init(_:origins:decoding:dates:as:)``) are the same kind of value, so one
/// ``BridgeDispatcher`` serves both with the same checks: strict JSON and every limit, the
/// origin policy, and the URL policy on every URL in the body.
public struct BridgeChannel<Message: Sendable>: Sendable {
    /// The handler name messages arrive under (`window.webkit.messageHandlers.NAME`, or the
    /// name the Android interface passes).
    public let handlerName: String
    /// Which frames may post; chosen explicitly.
    public let origins: OriginPolicy
    /// How a `Date` in the body is read: by default the text a page's `JSON.stringify` writes
    /// (``StrictJSONDecoder/DateDecodingStrategy-swift.enum/javaScriptISOString``), which an
    /// `NSDate` from WebKit reads as too.
    public let dates: StrictJSONDecoder.DateDecodingStrategy
    /// How a body within the limits becomes the message; URLs are checked against the policy.
    @usableFromInline let reader: MessageReader<Message>

    /// Whether the channel answers requests (``init(_:origins:decoding:replying:dates:as:)``); a
    /// request to any other is refused with ``BridgeError/Reason/postsOnly``.
    public var answersRequests: Bool { reader.answers }

    @usableFromInline
    init(handlerName: String, origins: OriginPolicy, dates: StrictJSONDecoder.DateDecodingStrategy, reader: MessageReader<Message>) {
        self.handlerName = handlerName
        self.origins = origins
        self.dates = dates
        self.reader = reader
    }

    // Inlinable, as the decoding beneath it, so that the module defining `Body` (a provider's or
    // the app's) specializes the read for it: unspecialized, a short body's read runs through
    // generic witnesses (Branch's hosted link from text misses its floors without it).

    /// A channel for the app's own messages: the body decodes as `Body`, strictly (a boolean
    /// is never a number, an integer only what it holds exactly), and every `URL` and
    /// ``BridgeURL`` in it, however deeply nested, must pass the dispatcher's ``URLPolicy``.
    /// `message` lifts the body into the dispatcher's message type, typically an enum case.
    /// A `Date` reads as `dates` says: a page that sends `Date.now()` needs `.millisecondsSince1970`.
    @inlinable
    public init<Body: Decodable & Sendable>(
        _ handlerName: String, origins: OriginPolicy, decoding _: Body.Type,
        dates: StrictJSONDecoder.DateDecodingStrategy = .javaScriptISOString, as message: @escaping @Sendable (Body) -> Message
    ) {
        self.init(handlerName: handlerName, origins: origins, dates: dates, reader: .decoding(Body.self, as: message))
    }

    /// A channel that answers: the body decodes as `Body`, as for ``init(_:origins:decoding:dates:as:)``,
    /// and `message` also receives the handle (``BridgeReply``) that writes the app's `Answer`, or
    /// an error text, for the transport the request came on: the dispatcher's `answer` calls
    /// (``BridgeDispatcher/answer(envelope:origin:client:_:)-8ivwd``) hand it over and send what it
    /// writes; a message from ``BridgeDispatcher/dispatch(_:)`` is a post, whose handle answers nothing.
    @inlinable
    public init<Body: Decodable & Sendable, Answer: Encodable & Sendable>(
        _ handlerName: String, origins: OriginPolicy, decoding _: Body.Type, replying _: Answer.Type,
        dates: StrictJSONDecoder.DateDecodingStrategy = .javaScriptISOString,
        as message: @escaping @Sendable (Body, BridgeReply<Answer>) -> Message
    ) {
        self.init(
            handlerName: handlerName, origins: origins, dates: dates,
            reader: MessageReader(answers: true) { document, route throws(JSONError) in
                message(try StrictJSONDecoder.decode(Body.self, from: document), BridgeReply(route: route))
            })
    }

    /// The same channel, its messages lifted into another type: how an app's message enum
    /// embeds the providers' messages.
    public func map<Other>(_ transform: @escaping @Sendable (Message) -> Other) -> BridgeChannel<Other> {
        BridgeChannel<Other>(handlerName: handlerName, origins: origins, dates: dates, reader: reader.map(transform))
    }
}

extension BridgeChannel where Message: Decodable & Sendable {
    /// A channel whose body decodes as the message type itself.
    @inlinable
    public init(_ handlerName: String, origins: OriginPolicy, dates: StrictJSONDecoder.DateDecodingStrategy = .javaScriptISOString) {
        self.init(handlerName, origins: origins, decoding: Message.self, dates: dates, as: { $0 })
    }
}

/// How a channel's body becomes its message: read from the document that its text, object
/// graph or structured value became, whose URL policy is the dispatcher's, with the route its
/// answer takes. Errors are
/// ``JSONError``s; the dispatcher adds the handler name.
@usableFromInline
struct MessageReader<Message>: Sendable {
    /// The message in `document`, which arrived on the route given (a channel that answers
    /// hands the app a reply handle for it).
    @usableFromInline let read: @Sendable (JSONDocument, BridgeReplyRoute) throws(JSONError) -> Message
    /// Whether the message carries a reply handle, so that a request to the channel is answered.
    @usableFromInline let answers: Bool

    @usableFromInline
    init(answers: Bool = false, read: @escaping @Sendable (JSONDocument, BridgeReplyRoute) throws(JSONError) -> Message) {
        self.answers = answers
        self.read = read
    }

    func map<Other>(_ transform: @escaping @Sendable (Message) -> Other) -> MessageReader<Other> {
        let read = read
        return MessageReader<Other>(answers: answers) { document, route throws(JSONError) in transform(try read(document, route)) }
    }

    /// Any `Decodable` type, through ``StrictJSONDecoder``.
    @inlinable
    static func decoding<Body: Decodable & Sendable>(_: Body.Type, as message: @escaping @Sendable (Body) -> Message) -> MessageReader {
        MessageReader { document, _ throws(JSONError) in message(try StrictJSONDecoder.decode(Body.self, from: document)) }
    }
}
