/// One handler the page posts to: its name, which frames may post to it, and how its body
/// becomes a `Message`.
///
/// The providers' channels (``voltRedirect(handlerName:origins:)`` and the others) and the
/// app's own (``init(_:origins:decoding:as:)``) are the same kind of value, so one
/// ``BridgeDispatcher`` serves both with the same checks: strict JSON and every limit, the
/// origin policy, and the URL policy on every URL in the body.
public struct BridgeChannel<Message: Sendable>: Sendable {
    /// The handler name messages arrive under (`window.webkit.messageHandlers.NAME`, or the
    /// name the Android interface passes).
    public let handlerName: String
    /// Which frames may post; chosen explicitly.
    public let origins: OriginPolicy
    /// How a body within the limits becomes the message; URLs are checked against the policy.
    @usableFromInline let reader: MessageReader<Message>

    init(handlerName: String, origins: OriginPolicy, reader: MessageReader<Message>) {
        self.handlerName = handlerName
        self.origins = origins
        self.reader = reader
    }

    /// A channel for the app's own messages: the body decodes as `Body`, strictly (a boolean
    /// is never a number, an integer only what it holds exactly), and every `URL` and
    /// ``BridgeURL`` in it, however deeply nested, must pass the dispatcher's ``URLPolicy``.
    /// `message` lifts the body into the dispatcher's message type, typically an enum case.
    public init<Body: Decodable & Sendable>(
        _ handlerName: String, origins: OriginPolicy, decoding _: Body.Type, as message: @escaping @Sendable (Body) -> Message
    ) {
        self.init(handlerName: handlerName, origins: origins, reader: .decoding(Body.self, as: message))
    }

    /// The same channel, its messages lifted into another type: how an app's message enum
    /// embeds the providers' messages.
    public func map<Other>(_ transform: @escaping @Sendable (Message) -> Other) -> BridgeChannel<Other> {
        BridgeChannel<Other>(handlerName: handlerName, origins: origins, reader: reader.map(transform))
    }
}

extension BridgeChannel where Message: Decodable & Sendable {
    /// A channel whose body decodes as the message type itself.
    public init(_ handlerName: String, origins: OriginPolicy) {
        self.init(handlerName, origins: origins, decoding: Message.self, as: { $0 })
    }
}

/// How a channel's body becomes its message: read from the document that its text, object
/// graph or structured value became, whose URL policy is the dispatcher's. Errors are
/// ``JSONDecodeError``s; the dispatcher adds the handler name.
@usableFromInline
struct MessageReader<Message>: Sendable {
    @usableFromInline let read: @Sendable (JSONDocument) throws(JSONDecodeError) -> Message

    func map<Other>(_ transform: @escaping @Sendable (Message) -> Other) -> MessageReader<Other> {
        let read = read
        return MessageReader<Other> { document throws(JSONDecodeError) in transform(try read(document)) }
    }

    /// Any `Decodable` type, through ``StrictJSONDecoder``.
    static func decoding<Body: Decodable & Sendable>(_: Body.Type, as message: @escaping @Sendable (Body) -> Message) -> MessageReader {
        MessageReader { document throws(JSONDecodeError) in message(try StrictJSONDecoder.decode(Body.self, from: document)) }
    }
}
