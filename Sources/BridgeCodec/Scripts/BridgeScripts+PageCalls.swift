/// Scripts that hand the app's values to the page: the event or function name is a string
/// literal, never spliced into code, and the values are script-safe JSON.
extension BridgeScripts {
    /// Dispatches a `CustomEvent` named `name` on `window` with `detail` as its detail, for a
    /// page's own listener (Branch's page listens for its completion so). Any page script can
    /// dispatch such an event too; the app's events to its client are ``BridgeClient``'s.
    public static func dispatchEvent(named name: String, detail: JSONValue) -> String {
        event(named: name, detailJSON: Escaper.scriptJSON(detail))
    }

    /// Dispatches a `CustomEvent` named `name` on `window` with `detail`, written by ``ScriptJSONEncoder``.
    public static func dispatchEvent(named name: String, detail: some Encodable) throws(JSONError) -> String {
        event(named: name, detailJSON: try ScriptJSONEncoder().encode(detail))
    }

    private static func event(named name: String, detailJSON: String) -> String {
        "window.dispatchEvent(new CustomEvent(\(Escaper.javaScriptString(name)), { detail: \(detailJSON) }));\n"
    }

    /// Calls the page's global function `window[name]` with `arguments`, each written by
    /// ``ScriptJSONEncoder``. A page without such a function throws a `TypeError` in the page.
    public static func callFunction(named name: String, arguments: [any Encodable]) throws(JSONError) -> String {
        var written: [String] = []
        for argument in arguments { written.append(try ScriptJSONEncoder().encode(argument)) }
        return "window[\(Escaper.javaScriptString(name))](\(written.joined(separator: ", ")));\n"
    }
}
