import BridgeCodec

extension BridgeScripts {
    /// Branch: defines `window.branchPlaidOpenHostedLink(url)`, posting the bare URL string to `handler`
    /// (on Android: `BranchAndroidBridge.openHostedLink(url)`).
    public static func branchPlaidLinkOpener(
        transport: ScriptTransport, handler: String = "branchPlaidLink", androidInterface: String = "BranchAndroidBridge"
    ) -> String {
        script(
            running: ProviderSnippets.branchPlaidOpen, transport: transport,
            config: [
                "handler": .string(handler), "androidInterface": .string(androidInterface),
                "androidMethod": .string("openHostedLink"),
            ])
    }

    /// Branch: dispatches the `branchPlaidLinkComplete` CustomEvent on `window` with `completion` as its detail.
    public static func branchPlaidLinkCompletion(_ completion: PlaidLinkCompletion, eventName: String = "branchPlaidLinkComplete") -> String
    {
        var detail = JSONObject()
        for (key, value) in completion.wireMembers { detail[key.stringValue] = .string(value) }
        return dispatchEvent(named: eventName, detail: .object(detail))
    }
}
