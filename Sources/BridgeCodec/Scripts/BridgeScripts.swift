/// The JavaScript a page needs injected, built from snippets: the core's (the transport and the
/// page client) and the providers', each in `js/`.
///
/// Every snippet runs as `(function (config) { … })(CONFIG)`: handler, interface and event
/// names reach the code only as data in `CONFIG`, written by ``Escaper/scriptJSON(_:)-(JSONValue)``,
/// never interpolated into code. Results are ready for `WKUserScript`, `evaluateJavaScript` or
/// Android's `evaluateJavascript`.
public enum BridgeScripts {
    /// JavaScript that runs inside the wrapper, after the transport: it reads its names from
    /// `config` and posts with `bridgecodecPost(config, handler, body)`, which sends `body` over
    /// `config.transport` (see `js/transport.js`).
    public struct Snippet: Sendable, Hashable, ExpressibleByStringLiteral {
        /// The snippet's JavaScript.
        public let source: String

        /// A snippet of `source`.
        public init(source: String) {
            self.source = source
        }

        /// A snippet written in place.
        public init(stringLiteral source: String) {
            self.init(source: source)
        }
    }

    /// `(function (config) { "use strict"; TRANSPORT SNIPPET })(CONFIG);`: `snippet` run after
    /// the transport, with `config` as its `config` object and `config.transport` set to
    /// `transport` (a `transport` member of `config` is replaced).
    public static func script(running snippet: Snippet, transport: ScriptTransport, config: JSONObject) -> String {
        script(running: [EmbeddedScripts.transport, snippet], transport: transport, config: config)
    }

    /// `(function (config) { "use strict"; SNIPPETS })(CONFIG);`, `CONFIG` holding the transport.
    static func script(running snippets: [Snippet], transport: ScriptTransport, config: JSONObject) -> String {
        let members =
            [JSONObject.Member(key: "transport", value: .string(transport.rawValue))]
            + config.members.filter { !$0.key.hasSameCodeUnits(as: "transport") }
        let body = snippets.map(\.source).joined(separator: "\n\n")
        let configJSON = Escaper.scriptJSON(.object(JSONObject(uniqueMembers: members)))
        return "(function (config) {\n\"use strict\";\n\(body)\n})(\(configJSON));\n"
    }
}
