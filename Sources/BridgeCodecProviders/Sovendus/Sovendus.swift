import BridgeCodec

/// Sovendus' names, each written here once: its channel's, script's and page's defaults, its
/// ``BridgeProvider/sovendus`` declaration and its messages' kinds read them.
@usableFromInline
enum Sovendus {
    static let id = "sovendus"
    /// The handler Sovendus' integration guide posts to.
    @usableFromInline static let handler = "sovHandler"
    /// The `@JavascriptInterface` object the snippet posts to on Android.
    @usableFromInline static let androidInterface = "Android"
    static let heightKind = id + ".height"
    static let openUrlKind = id + ".openUrl"
}

extension BridgeProvider {
    /// Sovendus' banner: its page posts ``SovendusMessage``s (heights, links to open).
    public static let sovendus = BridgeProvider(id: Sovendus.id, handlers: [.sovendus], scripts: [.sovendusBridge])
}

extension BridgeProvider.Handler {
    /// The Sovendus banner's ``SovendusMessage``s, under `sovHandler`.
    public static let sovendus = Self(
        name: Sovendus.handler,
        example: .providerExample([("type", .string(SovendusMessage.MessageType.height.rawValue)), ("value", .number(JSONNumber(420)))]),
        channel: { .sovendus(handlerName: $0, origins: $1) })
}

extension BridgeProvider.Script {
    /// The Sovendus banner's bridge (`BridgeScripts.sovendusBridge(transport:handler:androidInterface:messageOrigins:)`),
    /// which takes the frames to forward open-URL messages from.
    public static let sovendusBridge = Self(
        name: Sovendus.id,
        summary: [
            "sovendus:integration open-URL messages and ResizeObserver heights → \(Sovendus.handler);",
            "--message-origins forwards only those frames' messages",
            "(https://www.sovendus.com, or https://*.sovendus.com for subdomains)",
        ],
        parameters: [("handler", Sovendus.handler), ("androidInterface", Sovendus.androidInterface)], takesMessageOrigins: true,
        build: { transport, names throws(InvalidArgument) in
            guard let origins = names.messageOrigins else {
                return BridgeScripts.sovendusBridge(
                    transport: transport, handler: names["handler"], androidInterface: names["androidInterface"])
            }
            return try BridgeScripts.sovendusBridge(
                transport: transport, handler: names["handler"], androidInterface: names["androidInterface"], messageOrigins: origins)
        })
}

extension BridgeChannel where Message == ProviderMessage {
    /// The Sovendus banner's `sovHandler` messages (its height, a link to open), posted by the
    /// banner page itself: its iframes reach it through `window.postMessage`, which the snippet's
    /// `messageOrigins` filters. The page has an opaque origin, which no host list matches, so
    /// the channel takes `OriginPolicy.anyOrigin`.
    public static func sovendus(handlerName: String = Sovendus.handler, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SovendusMessage.self, as: ProviderMessage.sovendus)
    }
}

extension BridgeScripts {
    /// Sovendus: forwards `sovendus:integration` open-URL messages as `{type: "openUrl", value}` and reports
    /// `document.body.scrollHeight` through a `ResizeObserver` as `{type: "height", value}`, both to `handler`.
    /// Every frame's open-URL messages are forwarded, as Sovendus' integration guide does; see
    /// ``sovendusBridge(transport:handler:androidInterface:messageOrigins:)`` to name the frames.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = Sovendus.handler, androidInterface: String = Sovendus.androidInterface
    ) -> String {
        sovendusBridge(transport: transport, handler: handler, androidInterface: androidInterface, origins: .null)
    }

    /// Sovendus, forwarding open-URL messages only from the frames in `messageOrigins`: an origin
    /// such as `https://www.sovendus.com`, or `https://*.sovendus.com` for every subdomain over https
    /// (compared ignoring ASCII case). Any other frame's message is dropped in the page. Throws for
    /// an entry no origin could equal (a path, a trailing `/`, a default port), which would drop every message.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = Sovendus.handler,
        androidInterface: String = Sovendus.androidInterface,
        messageOrigins: [String]
    ) throws(InvalidArgument) -> String {
        sovendusBridge(
            transport: transport, handler: handler, androidInterface: androidInterface,
            origins: try BridgeScripts.messageOrigins(messageOrigins))
    }

    private static func sovendusBridge(
        transport: ScriptTransport, handler: String, androidInterface: String, origins: JSONValue
    ) -> String {
        script(
            running: ProviderSnippets.sovendus, transport: transport,
            config: [
                "handler": .string(handler), "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
                "messageOrigins": origins,
            ])
    }
}
