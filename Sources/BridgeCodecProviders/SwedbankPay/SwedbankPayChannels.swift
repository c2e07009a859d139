import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Swedbank Pay's `completed` hook, posted from the page at the payment's `completeUrl`, which
    /// the payment WebView's main frame navigates to (a host list needs no frames: the payment
    /// menu's frames never post).
    public static func swedbankPayCompleted(handlerName: String = "completed", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCompleted.self, as: ProviderMessage.swedbankPayCompleted)
    }

    /// Swedbank Pay's `canceled` hook, posted from the page at the payment's `cancelUrl`, in the
    /// main frame as `completed` is.
    public static func swedbankPayCanceled(handlerName: String = "canceled", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCanceled.self, as: ProviderMessage.swedbankPayCanceled)
    }
}
