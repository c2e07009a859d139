import BridgeCodec

extension BridgeScripts {
    /// Sovendus: forwards `sovendus:integration` open-URL messages as `{type: "openUrl", value}` and reports
    /// `document.body.scrollHeight` through a `ResizeObserver` as `{type: "height", value}`, both to `handler`.
    /// Every frame's open-URL messages are forwarded, as Sovendus' integration guide does; see
    /// ``sovendusBridge(transport:handler:androidInterface:messageOrigins:)`` to name the frames.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = "sovHandler", androidInterface: String = "Android"
    ) -> String {
        sovendusBridge(transport: transport, handler: handler, androidInterface: androidInterface, origins: .null)
    }

    /// Sovendus, forwarding open-URL messages only from the frames in `messageOrigins`: an origin
    /// such as `https://www.sovendus.com`, or `https://*.sovendus.com` for every subdomain over https
    /// (compared ignoring ASCII case). Any other frame's message is dropped in the page. Throws for
    /// an entry no origin could equal (a path, a trailing `/`, a default port), which would drop every message.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = "sovHandler", androidInterface: String = "Android",
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
