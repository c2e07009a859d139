import BridgeCodec

/// Swedbank Pay's names, each written here once: its channels' and script's defaults, its
/// ``BridgeProvider/swedbankPay`` declaration and its messages' kinds read them.
@usableFromInline
enum SwedbankPay {
    static let id = "swedbankpay"
    /// The hook the complete page calls: the WebKit handler, and the Android interface's method.
    @usableFromInline static let completedHandler = "completed"
    /// The hook the cancel page calls, named as ``completedHandler`` is.
    @usableFromInline static let canceledHandler = "canceled"
    /// The `@JavascriptInterface` object the SDK gives the page on Android.
    @usableFromInline static let androidInterface = "callbacks"
    static let completedKind = id + ".completed"
    static let canceledKind = id + ".canceled"
}

extension BridgeProvider {
    /// Swedbank Pay: the payment's complete and cancel pages call its hooks
    /// (``SwedbankPayCompleted``, ``SwedbankPayCanceled``).
    public static let swedbankPay = BridgeProvider(
        id: SwedbankPay.id, handlers: [.swedbankPayCompleted, .swedbankPayCanceled], scripts: [.swedbankPayHooks])
}

extension BridgeProvider.Handler {
    /// Swedbank Pay's ``SwedbankPayCompleted`` hook, under `completed`.
    public static let swedbankPayCompleted = Self(
        name: SwedbankPay.completedHandler, example: .string("success"), channel: { .swedbankPayCompleted(handlerName: $0, origins: $1) })

    /// Swedbank Pay's ``SwedbankPayCanceled`` hook, under `canceled`.
    public static let swedbankPayCanceled = Self(
        name: SwedbankPay.canceledHandler, example: .null, channel: { .swedbankPayCanceled(handlerName: $0, origins: $1) })
}

extension BridgeProvider.Script {
    /// Swedbank Pay's hooks (`BridgeScripts.swedbankPayHooks(transport:completedHandler:canceledHandler:androidInterface:)`).
    public static let swedbankPayHooks = Self(
        name: "swedbank-pay",
        summary: [
            "window.swedbankPayCompleted(status), window.swedbankPayCanceled() → \(SwedbankPay.completedHandler) / \(SwedbankPay.canceledHandler)"
        ],
        parameters: [
            ("completedHandler", SwedbankPay.completedHandler), ("canceledHandler", SwedbankPay.canceledHandler),
            ("androidInterface", SwedbankPay.androidInterface),
        ],
        build: { transport, names in
            BridgeScripts.swedbankPayHooks(
                transport: transport, completedHandler: names["completedHandler"], canceledHandler: names["canceledHandler"],
                androidInterface: names["androidInterface"])
        })
}

extension BridgeChannel where Message == ProviderMessage {
    /// Swedbank Pay's `completed` hook, posted from the page at the payment's `completeUrl`, which
    /// the payment WebView's main frame navigates to (a host list needs no frames: the payment
    /// menu's frames never post).
    public static func swedbankPayCompleted(handlerName: String = SwedbankPay.completedHandler, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCompleted.self, as: ProviderMessage.swedbankPayCompleted)
    }

    /// Swedbank Pay's `canceled` hook, posted from the page at the payment's `cancelUrl`, in the
    /// main frame as `completed` is.
    public static func swedbankPayCanceled(handlerName: String = SwedbankPay.canceledHandler, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: SwedbankPayCanceled.self, as: ProviderMessage.swedbankPayCanceled)
    }
}

extension BridgeScripts {
    /// Swedbank Pay: defines `window.swedbankPayCompleted(status)` and `window.swedbankPayCanceled()` for the
    /// complete and cancel pages (on Android: `callbacks.completed(status)` and `callbacks.canceled()`).
    public static func swedbankPayHooks(
        transport: ScriptTransport, completedHandler: String = SwedbankPay.completedHandler,
        canceledHandler: String = SwedbankPay.canceledHandler, androidInterface: String = SwedbankPay.androidInterface
    ) -> String {
        script(
            running: ProviderSnippets.swedbankPay, transport: transport,
            config: [
                "completedHandler": .string(completedHandler), "canceledHandler": .string(canceledHandler),
                "androidInterface": .string(androidInterface),
            ])
    }
}
