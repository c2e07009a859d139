import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// The Sovendus banner's `sovHandler` messages (its height, a link to open), posted by the
    /// banner page itself: its iframes reach it through `window.postMessage`, which the snippet's
    /// `messageOrigins` filters. The page has an opaque origin, which no host list matches, so
    /// the channel takes `OriginPolicy.anyOrigin`.
    public static func sovendus(handlerName: String = "sovHandler", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SovendusMessage.self, as: ProviderMessage.sovendus)
    }
}
