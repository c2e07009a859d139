import BridgeCodec

extension BridgeScripts {
    /// Swedbank Pay: defines `window.swedbankPayCompleted(status)` and `window.swedbankPayCanceled()` for the
    /// complete and cancel pages (on Android: `callbacks.completed(status)` and `callbacks.canceled()`).
    public static func swedbankPayHooks(
        transport: ScriptTransport, completedHandler: String = "completed", canceledHandler: String = "canceled",
        androidInterface: String = "callbacks"
    ) -> String {
        script(
            running: ProviderSnippets.swedbankPay, transport: transport,
            config: [
                "completedHandler": .string(completedHandler), "canceledHandler": .string(canceledHandler),
                "androidInterface": .string(androidInterface),
            ])
    }
}
