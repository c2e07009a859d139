/// The page half of the app's own channels, as the app injects it into one page: the script
/// that installs `window[global]` (``script(for:)``), and the app's events into that page
/// (``event(named:detail:)-(_,JSONValue)``). Its ``secret`` goes into every answer and event,
/// so that the client takes them from the app alone.
///
/// In the page, `post(handler, body)` sends a message; `request(handler, body[, {timeoutMs}])`
/// returns a Promise of the app's answer, rejected with the app's error text, at once for a
/// channel the app does not register or one that takes posts only, or after the timeout; and
/// `on(name, callback)` receives the app's events named `name` and returns the function that
/// unsubscribes. Over WebKit a request is the handler's own reply (register it with a reply
/// handler); every other transport posts an envelope (``BridgeDispatcher/answer(envelope:origin:client:_:)-8ivwd``
/// reads it). Names are data, never code.
public struct BridgeClient: Sendable, Hashable {
    /// Where the client is installed when no other name is given: `window.bridgecodec`.
    public static let defaultGlobal = "bridgecodec"
    /// How long a request waits for its answer by default: 10 seconds.
    public static let defaultTimeoutMilliseconds = 10_000
    /// The longest timeout a client takes: a day.
    public static let longestTimeoutMilliseconds = 86_400_000
    /// How many events the client keeps for names nobody has subscribed to yet, by default.
    public static let defaultKeptEvents = 64
    /// The most events a client keeps.
    public static let mostKeptEvents = 4_096

    /// How the page posts to the app.
    public let transport: ScriptTransport
    /// What the app's answers and events carry; one per page.
    public private(set) var secret: BridgeSecret
    /// The client's name on `window`.
    public let global: String
    /// The `@JavascriptInterface` object's name, over ``ScriptTransport/android``.
    public let androidInterface: String
    /// How long a request waits for its answer unless it says otherwise.
    public let timeoutMilliseconds: Int
    /// How many events the client keeps, the oldest dropped first, until the first callback
    /// subscribes to their name; it receives them, in order, before `on` returns.
    public let keptEvents: Int

    /// A client over `transport` with `secret`. Throws when `timeoutMilliseconds` is not from 1 to
    /// ``longestTimeoutMilliseconds``, `keptEvents` not from 0 to ``mostKeptEvents``, or a name is empty.
    public init(
        transport: ScriptTransport, secret: BridgeSecret, global: String = defaultGlobal, androidInterface: String = "Android",
        timeoutMilliseconds: Int = defaultTimeoutMilliseconds, keptEvents: Int = defaultKeptEvents
    ) throws(InvalidArgument) {
        try InvalidArgument.check("timeoutMilliseconds", timeoutMilliseconds, allowed: 1...Self.longestTimeoutMilliseconds)
        try InvalidArgument.check("keptEvents", keptEvents, allowed: 0...Self.mostKeptEvents)
        if global.isEmpty { throw .rejected(name: "global", reason: "global is the client's name on window; it cannot be empty") }
        if androidInterface.isEmpty {
            throw .rejected(name: "androidInterface", reason: "androidInterface names the interface object; it cannot be empty")
        }
        self.transport = transport
        self.secret = secret
        self.global = global
        self.androidInterface = androidInterface
        self.timeoutMilliseconds = timeoutMilliseconds
        self.keptEvents = keptEvents
    }

    /// The script to inject at document start, before any page script runs, for the channels of
    /// `dispatcher`: the client takes the platform's objects as they are then, and knows which
    /// channels answer requests.
    public func script<Message>(for dispatcher: BridgeDispatcher<Message>) -> String {
        pageScript(channels: dispatcher.channels.map { ($0.handlerName, $0.answersRequests) })
    }

    /// The script for channels named with whether each answers requests; with a
    /// `documentHandler`, the client posts its secret there when it is installed and whenever its
    /// page is shown (``BridgeHost`` learns from it which page is showing).
    package func pageScript(channels: [(name: String, answers: Bool)], documentHandler: String? = nil) -> String {
        let channelList = channels.map { channel in
            JSONValue.object(["name": .string(channel.name), "answers": .bool(channel.answers)])
        }
        return BridgeScripts.script(
            running: [EmbeddedScripts.transport, EmbeddedScripts.bridge], transport: transport,
            config: [
                "global": .string(global), "androidInterface": .string(androidInterface), "androidMethod": .string("postMessage"),
                "timeoutMs": .number(JSONNumber(timeoutMilliseconds)), "keptEvents": .number(JSONNumber(keptEvents)),
                "secret": .string(secret.text), "channels": .array(channelList),
                "documentHandler": documentHandler.map(JSONValue.string) ?? .null,
            ])
    }

    /// The app's event `name` with `detail`: the client's subscribers to `name` receive it (or it
    /// is kept for the first of them), and then a `CustomEvent` named `name` is dispatched on
    /// `window`. Only the first path is the app's alone: any page script can dispatch a window
    /// event. A page whose client does not hold this client's secret (another page, one without
    /// the client) gets neither, so the detail never reaches a page the WebView navigated to; the
    /// script's value is `true` where the client took the event, `false` where not.
    public func event(named name: String, detail: JSONValue) -> String {
        event(named: name, detailJSON: detail.jsonText)
    }

    /// The app's event `name` with `detail`, written by ``ScriptJSONEncoder``; see
    /// ``event(named:detail:)-(_,JSONValue)``.
    public func event(named name: String, detail: some Encodable) throws(JSONError) -> String {
        let text = try ScriptJSONEncoder().encode(detail)
        // The encoder's text is strict JSON, so the page reads it back with JSON.parse.
        return event(named: name, detailJSON: text)
    }

    private func event(named name: String, detailJSON: String) -> String {
        Self.eventScript(global: global, secret: secret, name: name, detailJSON: detailJSON)
    }

    /// The script that delivers event `name` with `detailJSON` to the client on `window[global]` holding `secret`.
    package static func eventScript(global: String, secret: BridgeSecret, name: String, detailJSON: String) -> String {
        "(function (client, key, name, detail) {\n" + eventBody
            + "})(window[\(Escaper.javaScriptString(global))], \(Escaper.javaScriptString(secret.text)), "
            + "\(Escaper.javaScriptString(name)), \(Escaper.javaScriptString(detailJSON)));\n"
    }

    /// This client with `secret`, its other settings as they are (and checked).
    package func with(secret: BridgeSecret) -> BridgeClient {
        var copy = self
        copy.secret = secret
        return copy
    }

    /// What an event does in the page, given `client` (`window[global]`), `key` (the secret),
    /// `name` and `detail` (JSON text): a function body, which the event script wraps and
    /// `callAsyncJavaScript` runs with the four as arguments. Its value says whether the client took it.
    package static let eventBody = """
          if (!client || typeof client.emit !== "function" || client.emit(key, name, detail) !== true) return false;
          window.dispatchEvent(new CustomEvent(name, { detail: JSON.parse(detail) }));
          return true;

        """

    /// The route of a request with `requestID` (`nil` for a post) that came to this client.
    package func replyRoute(requestID: Int?) -> BridgeReplyRoute {
        BridgeReplyRoute(transport: transport, requestID: requestID, global: global, secret: secret)
    }
}
