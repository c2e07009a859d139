extension BridgeChannel where Message == ProviderMessage {
    /// The Sovendus banner's `sovHandler` messages (its height, a link to open).
    public static func sovendus(handlerName: String = "sovHandler", origins: OriginPolicy) -> Self {
        Self(handlerName: handlerName, origins: origins, reader: .reading(SovendusMessage.self, as: ProviderMessage.sovendus))
    }
}
