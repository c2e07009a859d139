/// The JavaScript each provider needs injected, built from the snippets in `js/`.
///
/// Every snippet runs as `(function (config) { … })(CONFIG)`: handler, interface and event
/// names reach the code only as data in `CONFIG`, written by ``Escaper/scriptJSON(_:)-(JSONValue)``,
/// never interpolated into code. Results are ready for `WKUserScript`, `evaluateJavaScript` or
/// Android's `evaluateJavascript`.
public enum BridgeScripts {
    /// Volt: defines `window.voltRedirectCallback(data)`, forwarding `data` to `handler`
    /// (on Android: `androidInterface.postMessage(JSON.stringify(data))`).
    public static func voltRedirectCallback(
        transport: ScriptTransport, handler: String = "voltRedirect", androidInterface: String = "Android"
    ) -> String {
        compose(
            "volt.js", transport: transport,
            config: [
                ("handler", .string(handler)), ("androidInterface", .string(androidInterface)), ("androidMethod", .string("postMessage")),
            ])
    }

    /// Sovendus: forwards `sovendus:integration` open-URL messages as `{type: "openUrl", value}` and reports
    /// `document.body.scrollHeight` through a `ResizeObserver` as `{type: "height", value}`, both to `handler`.
    /// Every frame's open-URL messages are forwarded, as Sovendus' integration guide does; see
    /// ``sovendusBridge(transport:handler:androidInterface:messageOrigins:)`` to name the frames.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = "sovHandler", androidInterface: String = "Android"
    ) -> String {
        sovendusBridge(transport: transport, handler: handler, androidInterface: androidInterface, origins: .null)
    }

    /// Sovendus, forwarding open-URL messages only from the frames in `messageOrigins`: an origin
    /// such as `https://www.sovendus.com`, or `https://*.sovendus.com` for every subdomain over https
    /// (compared ignoring ASCII case). Any other frame's message is dropped in the page. Throws for
    /// an entry no origin could equal (a path, a trailing `/`, a default port), which would drop every message.
    public static func sovendusBridge(
        transport: ScriptTransport = .webKitObject, handler: String = "sovHandler", androidInterface: String = "Android",
        messageOrigins: [String]
    ) throws(EscapingError) -> String {
        for entry in messageOrigins { try MessageOrigin.check(entry) }
        let origins = JSONValue.array(messageOrigins.map { .string($0.asciiLowercased()) })
        return sovendusBridge(transport: transport, handler: handler, androidInterface: androidInterface, origins: origins)
    }

    private static func sovendusBridge(
        transport: ScriptTransport, handler: String, androidInterface: String, origins: JSONValue
    ) -> String {
        compose(
            "sovendus.js", transport: transport,
            config: [
                ("handler", .string(handler)), ("androidInterface", .string(androidInterface)), ("androidMethod", .string("postMessage")),
                ("messageOrigins", origins),
            ])
    }

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

    /// Swedbank Pay: defines `window.swedbankPayCompleted(status)` and `window.swedbankPayCanceled()` for the
    /// complete and cancel pages (on Android: `callbacks.completed(status)` and `callbacks.canceled()`).
    public static func swedbankPayHooks(
        transport: ScriptTransport, completedHandler: String = "completed", canceledHandler: String = "canceled",
        androidInterface: String = "callbacks"
    ) -> String {
        compose(
            "swedbank-pay.js", transport: transport,
            config: [
                ("completedHandler", .string(completedHandler)), ("canceledHandler", .string(canceledHandler)),
                ("androidInterface", .string(androidInterface)),
            ])
    }

    /// `(function (config) { "use strict"; TRANSPORT PROVIDER })(CONFIG);`
    private static func compose(_ file: String, transport: ScriptTransport, config: [(String, JSONValue)]) -> String {
        compose(["transport.js", file], transport: transport, config: config)
    }

    /// `(function (config) { "use strict"; FILES })(CONFIG);`, `CONFIG` holding the transport.
    static func compose(_ files: [String], transport: ScriptTransport, config: [(String, JSONValue)]) -> String {
        let members = [("transport", JSONValue.string(transport.rawValue))] + config
        let body = files.map { EmbeddedScripts.files[$0] ?? "" }.joined(separator: "\n\n")
        return "(function (config) {\n\"use strict\";\n\(body)\n})(\(Escaper.scriptJSON(object(members))));\n"
    }

    private static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(uniqueMembers: members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
