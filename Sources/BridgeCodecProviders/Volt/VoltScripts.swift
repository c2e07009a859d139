import BridgeCodec

extension BridgeScripts {
    /// Volt: defines `window.voltRedirectCallback(data)`, forwarding `data` to `handler`
    /// (on Android: `androidInterface.postMessage(JSON.stringify(data))`).
    public static func voltRedirectCallback(
        transport: ScriptTransport, handler: String = "voltRedirect", androidInterface: String = "Android"
    ) -> String {
        script(
            running: ProviderSnippets.volt, transport: transport,
            config: [
                "handler": .string(handler), "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
            ])
    }
}
