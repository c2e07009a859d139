import BridgeCodec

/// Volt's names, each written here once: its channel's and script's defaults, its
/// ``BridgeProvider/volt`` declaration and its messages' kinds read them.
@usableFromInline
enum Volt {
    static let id = "volt"
    /// Volt's samples name no handler; this one is the package's.
    @usableFromInline static let handler = "voltRedirect"
    /// The `@JavascriptInterface` object the snippet posts to on Android.
    @usableFromInline static let androidInterface = "Android"
    static let bankRedirectKind = id + ".bankRedirect"
    static let merchantRedirectKind = id + ".merchantRedirect"
}

extension BridgeProvider {
    /// Volt Checkout: `window.voltRedirectCallback(data)` posts ``VoltRedirect`` data.
    public static let volt = BridgeProvider(id: Volt.id, handlers: [.voltRedirect], scripts: [.voltRedirectCallback])
}

extension BridgeProvider.Handler {
    /// Volt's ``VoltRedirect`` data, under `voltRedirect`.
    public static let voltRedirect = Self(
        name: Volt.handler,
        example: .providerExample([
            ("type", .string(VoltRedirect.MessageType.merchantRedirect.rawValue)), ("result", .string(VoltMerchantResult.cancel.rawValue)),
            ("url", .string("https://merchant.example/checkout/cancel?order=123")),
        ]),
        channel: { .voltRedirect(handlerName: $0, origins: $1) })
}

extension BridgeProvider.Script {
    /// Volt's `voltRedirectCallback` hook (`BridgeScripts.voltRedirectCallback(transport:handler:androidInterface:)`).
    public static let voltRedirectCallback = Self(
        name: Volt.id, summary: ["window.voltRedirectCallback(data) → handler (default \(Volt.handler))"],
        parameters: [("handler", Volt.handler), ("androidInterface", Volt.androidInterface)],
        build: { transport, names in
            BridgeScripts.voltRedirectCallback(transport: transport, handler: names["handler"], androidInterface: names["androidInterface"])
        })
}

extension BridgeChannel where Message == ProviderMessage {
    /// Volt's `voltRedirectCallback` data, posted by the snippet `BridgeScripts` writes. Volt's
    /// samples name no handler; `voltRedirect` is this package's. Volt's checkout is the WebView's
    /// own page, so its callback posts from the main frame: a host list (`checkout.volt.io`)
    /// needs no frames.
    public static func voltRedirect(handlerName: String = Volt.handler, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: VoltRedirect.self, as: ProviderMessage.volt)
    }
}

extension BridgeScripts {
    /// Volt: defines `window.voltRedirectCallback(data)`, forwarding `data` to `handler`
    /// (on Android: `androidInterface.postMessage(JSON.stringify(data))`).
    public static func voltRedirectCallback(
        transport: ScriptTransport, handler: String = Volt.handler, androidInterface: String = Volt.androidInterface
    ) -> String {
        script(
            running: ProviderSnippets.volt, transport: transport,
            config: [
                "handler": .string(handler), "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
            ])
    }
}
