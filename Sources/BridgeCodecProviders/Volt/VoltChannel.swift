import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Volt's `voltRedirectCallback` data, posted by the snippet `BridgeScripts` writes. Volt's
    /// samples name no handler; `voltRedirect` is this package's.
    public static func voltRedirect(handlerName: String = "voltRedirect", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: VoltRedirect.self, as: ProviderMessage.volt)
    }
}
