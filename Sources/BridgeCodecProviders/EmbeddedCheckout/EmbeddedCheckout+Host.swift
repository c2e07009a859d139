import BridgeCodec

extension EmbeddedCheckout {
    /// The app's event the host's answers go to the page as, through the page's client: the
    /// consumer snippet hands each to `window.EmbeddedCheckoutProtocol.postMessage`.
    public static let answerEvent = "EmbeddedCheckoutProtocol"
}

extension BridgeChannel {
    /// The channel the checkout page posts its JSON-RPC text on (``EmbeddedCheckout/consumerHandler``):
    /// from the main frame at `checkoutHosts` (the `continue_url`'s host, or hosts the app names)
    /// only, never from a frame inside the checkout (a 3-D Secure challenge, a bank's page). The
    /// body must be text, as the spec's consumer takes it; give it to ``EmbeddedCheckout/Session/receive(_:)``.
    public static func embeddedCheckout(
        checkoutHosts: [String], handlerName: String = EmbeddedCheckout.consumerHandler, as message: @escaping @Sendable (String) -> Message
    ) throws(InvalidArgument) -> BridgeChannel {
        BridgeChannel(handlerName, origins: try .hosts(checkoutHosts), decoding: String.self, as: message)
    }
}

extension BridgeScripts {
    /// UCP's Embedded Checkout Protocol: defines `window.EmbeddedCheckoutProtocolConsumer`, whose
    /// `postMessage(text)` forwards the page's JSON-RPC text to `handler`, and hands the host's
    /// answers, the app's ``EmbeddedCheckout/answerEvent`` through the client on `window[global]`,
    /// to `window.EmbeddedCheckoutProtocol.postMessage(message)`. Inject it after the client
    /// (`BridgeHost` does, with it in `snippets`), in the main frame only.
    public static func embeddedCheckoutConsumer(
        transport: ScriptTransport, handler: String = EmbeddedCheckout.consumerHandler, global: String = BridgeClient.defaultGlobal,
        androidInterface: String = EmbeddedCheckout.consumerHandler
    ) -> String {
        script(
            running: ProviderSnippets.embeddedCheckout, transport: transport,
            config: [
                "handler": .string(handler), "global": .string(global), "event": .string(EmbeddedCheckout.answerEvent),
                "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
            ])
    }
}

extension EmbeddedCheckout.Response {
    /// The answer as the host sends it through `BridgeHost`: the app's event
    /// ``EmbeddedCheckout/answerEvent`` with the response as its detail, on the consumer's
    /// `channel`, for the document showing now and no other (`holding: false`): an answer for a
    /// page gone, or for a page at another origin, is never delivered.
    public func send<Message>(through host: inout BridgeHost<Message>, channel: String = EmbeddedCheckout.consumerHandler)
        -> BridgeHost<Message>.EventOutcome
    {
        host.send(event: EmbeddedCheckout.answerEvent, detail: json, channel: channel, holding: false)
    }
}
