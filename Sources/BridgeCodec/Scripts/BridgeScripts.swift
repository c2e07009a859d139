/// The JavaScript a page needs injected, built from snippets: the core's (the transport and the
/// page client) and the providers', each in `js/`.
///
/// Every snippet runs as `(function (config) { … })(CONFIG)`: handler, interface and event
/// names reach the code only as data in `CONFIG`, written by ``Escaper/scriptJSON(_:)-(JSONValue)``,
/// never interpolated into code. Results are ready for `WKUserScript`, `evaluateJavaScript` or
/// Android's `evaluateJavascript`.
public enum BridgeScripts {
    /// `(function (config) { "use strict"; TRANSPORT SNIPPET })(CONFIG);`: `snippet`, JavaScript
    /// that reads its names from `config` and posts with `bridgecodecPost(config, handler, body)`
    /// (which sends `body` over `config.transport`; see `js/transport.js`), run after the
    /// transport, with `config` as its `config` object and `config.transport` set to `transport`
    /// (a `transport` member of `config` is replaced).
    public static func script(running snippet: String, transport: ScriptTransport, config: JSONObject) -> String {
        script(running: [EmbeddedScripts.transport, snippet], transport: transport, config: config)
    }

    /// `(function (config) { "use strict"; SNIPPETS })(CONFIG);`, `CONFIG` holding the transport.
    static func script(running snippets: [String], transport: ScriptTransport, config: JSONObject) -> String {
        let members =
            [JSONObject.Member(key: "transport", value: .string(transport.rawValue))]
            + config.members.filter { !$0.key.hasSameCodeUnits(as: "transport") }
        let body = snippets.joined(separator: "\n\n")
        let configJSON = Escaper.scriptJSON(.object(JSONObject(uniqueMembers: members)))
        return "(function (config) {\n\"use strict\";\n\(body)\n})(\(configJSON));\n"
    }
}
