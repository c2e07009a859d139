/// The JavaScript each provider needs injected, built from the snippets in `js/`; each
/// provider's builders live in its folder.
///
/// Every snippet runs as `(function (config) { … })(CONFIG)`: handler, interface and event
/// names reach the code only as data in `CONFIG`, written by ``Escaper/scriptJSON(_:)-(JSONValue)``,
/// never interpolated into code. Results are ready for `WKUserScript`, `evaluateJavaScript` or
/// Android's `evaluateJavascript`.
public enum BridgeScripts {
    /// `(function (config) { "use strict"; TRANSPORT PROVIDER })(CONFIG);`
    static func compose(_ file: String, transport: ScriptTransport, config: [(String, JSONValue)]) -> String {
        compose(["transport.js", file], transport: transport, config: config)
    }

    /// `(function (config) { "use strict"; FILES })(CONFIG);`, `CONFIG` holding the transport.
    static func compose(_ files: [String], transport: ScriptTransport, config: [(String, JSONValue)]) -> String {
        let members = [("transport", JSONValue.string(transport.rawValue))] + config
        let body = files.map { EmbeddedScripts.files[$0] ?? "" }.joined(separator: "\n\n")
        return "(function (config) {\n\"use strict\";\n\(body)\n})(\(Escaper.scriptJSON(object(members))));\n"
    }

    /// A JSON object of `members`, in their order.
    static func object(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(JSONObject(uniqueMembers: members.map { JSONObject.Member(key: $0.0, value: $0.1) }))
    }
}
