extension BridgeHost {
    /// What a message WebKit delivered comes to.
    public enum Arrival: Sendable {
        /// The app's message, for its handler; send the handler's answer through
        /// ``answer(_:to:)``, which says where it goes.
        case message(Message, Request)
        /// The reply to send at once, as WebKit's reply handler takes it: a refusal (an unknown
        /// channel, a frame the channel does not admit, a malformed body), with its reason.
        case reply(BridgeAnswer)
        /// The page's client told the host its secret: deliver these held events now (send each,
        /// in order, as ``Event`` says).
        case deliver([Event])
    }

    /// One message the app's handler answers: where the answer goes.
    public struct Request: Sendable {
        /// The channel's handler name.
        public let handlerName: String
        /// The main frame's commits when the message came: an answer after another commit is
        /// for a page gone.
        let commits: Int
    }

    /// Reads a message WebKit delivered (`WKScriptMessage.name` and `.body`, and the frame's
    /// origin) up to the app's handler. The body is read here, on the caller's actor, so only
    /// the typed message goes on to a handler that awaits.
    public mutating func receive(name: String, body: consuming Any?, frame: FrameOrigin) -> Arrival {
        if name.hasSameCodeUnits(as: Self.documentHandler) { return .deliver(shown(body: body, frame: frame)) }
        switch dispatcher.webKitStep(name: name, body: body, origin: frame) {
        case .answer(let answer): return .reply(answer)
        case .message(let message, _, _): return .message(message, Request(handlerName: name, commits: commits))
        }
    }

    /// What goes back for `request`, given the handler's `answer`: the answer, for WebKit's reply
    /// handler (an error where a channel that answers got ``BridgeAnswer/none``), or, when the
    /// main frame has committed another navigation since the message came, the error that says
    /// the page has gone, which WebKit's reply handler takes to the page that asked and no other.
    public func answer(_ answer: BridgeAnswer, to request: Request) -> BridgeAnswer {
        guard request.commits == commits else {
            return .webKitReply(json: nil, errorMessage: "\(Escaper.logEscaped(request.handlerName)): the page navigated away")
        }
        return dispatcher.settledOverWebKit(answer, name: request.handlerName)
    }

    /// What goes back for `request` when the handler throws `error`: the error's
    /// `errorDescription` where it is a `LocalizedError` that gives one, else a sentence naming
    /// the channel and nothing of the error (never Swift's description of it).
    public func answer(failing error: any Error, to request: Request) -> BridgeAnswer {
        answer(
            .webKitReply(json: nil, errorMessage: BridgeDispatcher<Message>.refusal(error, handlerName: request.handlerName)), to: request)
    }

    /// A client told its secret: the document it is in shows, if it is the main frame's and
    /// the host made that secret.
    private mutating func shown(body: consuming Any?, frame: FrameOrigin) -> [Event] {
        guard frame.isMainFrame, let text = ((consume body) as? [String: Any])?["secret"] as? String,
            let secret = secrets.first(where: { $0.text.hasSameCodeUnits(as: text) })
        else { return [] }
        shown = ShownDocument(secret: secret, origin: frame)
        navigating = false
        return releaseHeld()
    }
}
