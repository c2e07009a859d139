import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// The Sovendus banner's `sovHandler` messages (its height, a link to open).
    public static func sovendus(handlerName: String = "sovHandler", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SovendusMessage.self, as: ProviderMessage.sovendus)
    }
}
