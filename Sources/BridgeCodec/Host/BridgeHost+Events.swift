extension BridgeHost {
    /// One of the app's events, for the document showing: run ``functionBody`` with
    /// ``arguments`` (`WKWebView.callAsyncJavaScript`, `WebPage.callJavaScript`, in the page
    /// content world and the main frame), so that its values go in as arguments, never as text in
    /// a script, or evaluate ``script`` where only that is at hand. Either gives `true` when the
    /// page's client took the event; on `false`, hand it back with ``notTaken(_:)``.
    public struct Event: Sendable, Hashable {
        /// The event's name, as the page's `on(name, callback)` takes it.
        public let name: String
        /// The detail, as JSON text.
        public let detail: String
        /// The channel whose origins the document must be at.
        public let channel: String
        /// The secret of the document it goes to.
        let secret: BridgeSecret
        /// The client's name on `window`.
        let global: String
        /// Whether it waits for a document that may take it, or goes to the one showing or nowhere.
        let holds: Bool

        /// The function body that delivers it, with ``arguments`` as its parameters.
        public static var functionBody: String { "var client = window[global];\n" + BridgeClient.eventBody }

        /// The arguments of ``functionBody``: the client's name, the secret, the name and the detail.
        public var arguments: [String: String] { ["global": global, "key": secret.text, "name": name, "detail": detail] }

        /// The same delivery as one script, for `evaluateJavaScript`.
        public var script: String {
            BridgeClient.eventScript(global: global, secret: secret, name: name, detailJSON: detail)
        }
    }

    /// What became of an event.
    public enum EventOutcome: Sendable, Hashable {
        /// Deliver it now: the document showing may take it.
        case deliver(Event)
        /// Held for a document that may take it; ``receive(name:body:frame:)`` hands it out once
        /// one shows.
        case held
        /// Not sent: no channel has that name, or ``heldEvents`` are held already.
        case refused(String)
    }

    /// The app's event `name` with `detail`, for documents at an origin `channel` admits (its
    /// main frame's: an event never goes into an iframe). With `holding: false` the event is for
    /// the document showing only: where that document may not take it, or its client does not,
    /// the event is refused or dropped, never held for the next one (an answer meant for one page).
    public mutating func send(event name: String, detail: JSONValue, channel: String, holding: Bool = true) -> EventOutcome {
        send(Event(name: name, detail: detail.jsonText, channel: channel, secret: client.secret, global: client.global, holds: holding))
    }

    /// ``send(event:detail:channel:holding:)-(_,JSONValue,_,_)`` for any `Encodable` detail, written by
    /// ``ScriptJSONEncoder``; throws when it has no JSON form.
    public mutating func send(event name: String, detail: some Encodable, channel: String, holding: Bool = true) throws(JSONError)
        -> EventOutcome
    {
        let text = try ScriptJSONEncoder().encode(detail)
        return send(Event(name: name, detail: text, channel: channel, secret: client.secret, global: client.global, holds: holding))
    }

    private mutating func send(_ event: Event) -> EventOutcome {
        guard let position = dispatcher.table.position(of: event.channel) else {
            return .refused("\(Escaper.logEscaped(event.channel)): no channel has this name")
        }
        // While a document shows, the held events are those it does not admit (the others went
        // to it when it showed), so an event it admits goes now, after every one before it.
        if let shown, dispatcher.table.origins[position].refusal(of: shown.origin) == nil {
            return .deliver(event.for(shown.secret))
        }
        guard event.holds else {
            return .refused("\(Escaper.logEscaped(event.channel)): no page it may go to shows, and it is for the page showing only")
        }
        guard held.count < heldEvents else {
            return .refused("\(Escaper.logEscaped(event.channel)): \(heldEvents) events are held already")
        }
        held.append(event)
        return .held
    }

    /// The page's client did not take `event` (its document has gone): it is held again, first,
    /// until the next document shows; one for the page showing only is dropped. An event handed back is never refused, so the held events
    /// may then pass ``heldEvents`` by those on their way when the document went.
    public mutating func notTaken(_ event: Event) {
        if shown?.secret == event.secret { shown = nil }
        if event.holds { held.insert(event, at: 0) }
    }

    /// The held events the document showing may take, in order, each for its secret; the others stay.
    mutating func releaseHeld() -> [Event] {
        guard let shown else { return [] }
        var released: [Event] = []
        held.removeAll { event in
            guard let position = dispatcher.table.position(of: event.channel),
                dispatcher.table.origins[position].refusal(of: shown.origin) == nil
            else { return false }
            released.append(event.for(shown.secret))
            return true
        }
        return released
    }
}

extension BridgeHost.Event {
    /// The same event for the document holding `secret`.
    func `for`(_ secret: BridgeSecret) -> Self {
        Self(name: name, detail: detail, channel: channel, secret: secret, global: global, holds: holds)
    }
}
