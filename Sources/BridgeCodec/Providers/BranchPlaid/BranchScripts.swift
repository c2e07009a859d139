extension BridgeScripts {
    /// Branch: defines `window.branchPlaidOpenHostedLink(url)`, posting the bare URL string to `handler`
    /// (on Android: `BranchAndroidBridge.openHostedLink(url)`).
    public static func branchPlaidLinkOpener(
        transport: ScriptTransport, handler: String = "branchPlaidLink", androidInterface: String = "BranchAndroidBridge"
    ) -> String {
        compose(
            "branch-plaid-open.js", transport: transport,
            config: [
                ("handler", .string(handler)), ("androidInterface", .string(androidInterface)),
                ("androidMethod", .string("openHostedLink")),
            ])
    }

    /// Branch: dispatches the `branchPlaidLinkComplete` CustomEvent on `window` with `completion` as its detail.
    public static func branchPlaidLinkCompletion(_ completion: PlaidLinkCompletion, eventName: String = "branchPlaidLinkComplete") -> String
    {
        dispatchEvent(named: eventName, detail: object(completion.wireMembers.map { ($0.key.stringValue, JSONValue.string($0.value)) }))
    }
}
