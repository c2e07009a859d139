import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Volt's `voltRedirectCallback` data, posted by the snippet `BridgeScripts` writes. Volt's
    /// samples name no handler; `voltRedirect` is this package's. Volt's checkout is the WebView's
    /// own page, so its callback posts from the main frame: a host list (`checkout.volt.io`)
    /// needs no frames.
    public static func voltRedirect(handlerName: String = "voltRedirect", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: VoltRedirect.self, as: ProviderMessage.volt)
    }
}
