import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Swedbank Pay's `completed` hook, posted from the page at the payment's `completeUrl`.
    public static func swedbankPayCompleted(handlerName: String = "completed", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCompleted.self, as: ProviderMessage.swedbankPayCompleted)
    }

    /// Swedbank Pay's `canceled` hook, posted from the page at the payment's `cancelUrl`.
    public static func swedbankPayCanceled(handlerName: String = "canceled", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCanceled.self, as: ProviderMessage.swedbankPayCanceled)
    }
}
