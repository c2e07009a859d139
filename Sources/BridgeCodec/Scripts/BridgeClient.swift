/// The page half of the app's own channels.
extension BridgeScripts {
    /// Where the client is installed when no other name is given: `window.bridgecodec`.
    public static let defaultClientGlobal = "bridgecodec"
    /// How long a request waits for its answer by default: 10 seconds.
    public static let defaultRequestTimeoutMilliseconds = 10_000
    /// The longest timeout a client takes: a day.
    public static let longestRequestTimeoutMilliseconds = 86_400_000

    /// The client a page uses to reach the app's channels over `transport`, installed as
    /// `window[global]` (not writable): `post(handler, body)` sends a message, and
    /// `request(handler, body[, {timeoutMs}])` returns a Promise of the app's answer, rejected
    /// with the app's error text, or after `timeoutMilliseconds` when no answer comes.
    ///
    /// Over WebKit a request is the handler's own reply (register it with a reply handler).
    /// Every other transport posts an envelope, `{"handler", "body"}` with an `"id"` for a
    /// request, as JSON text (read it with ``BridgeEnvelope``): to `androidInterface.postMessage`,
    /// to the web-message listener object named after the handler, to React Native or to
    /// Cordova. Names are data, never code.
    public static func bridgeClient(
        transport: ScriptTransport, global: String = defaultClientGlobal, androidInterface: String = "Android",
        timeoutMilliseconds: Int = defaultRequestTimeoutMilliseconds
    ) throws(InvalidArgument) -> String {
        try InvalidArgument.check("timeoutMilliseconds", timeoutMilliseconds, allowed: 1...longestRequestTimeoutMilliseconds)
        return script(
            running: [EmbeddedScripts.transport, EmbeddedScripts.bridge], transport: transport,
            config: [
                "global": .string(global), "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
                "timeoutMs": .number(JSONNumber(timeoutMilliseconds)),
            ])
    }
}
