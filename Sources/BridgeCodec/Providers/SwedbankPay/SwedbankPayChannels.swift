extension BridgeChannel where Message == ProviderMessage {
    /// Swedbank Pay's `completed` hook, posted from the page at the payment's `completeUrl`.
    public static func swedbankPayCompleted(handlerName: String = "completed", origins: OriginPolicy) -> Self {
        Self(
            handlerName: handlerName, origins: origins,
            reader: .reading(SwedbankPayCompleted.self, as: ProviderMessage.swedbankPayCompleted))
    }

    /// Swedbank Pay's `canceled` hook, posted from the page at the payment's `cancelUrl`.
    public static func swedbankPayCanceled(handlerName: String = "canceled", origins: OriginPolicy) -> Self {
        Self(
            handlerName: handlerName, origins: origins, reader: .reading(SwedbankPayCanceled.self, as: ProviderMessage.swedbankPayCanceled))
    }
}
