import Foundation

/// One call per message that may wait for an answer: what arrived goes in, the app's handler runs
/// on its typed message, and what to send back comes out. Whatever goes wrong on the way is an
/// answer too, so that no request the page sent waits out its timeout.
extension BridgeDispatcher {
    /// Answers an envelope the page's `client` posted (every transport but WebKit's), from a frame
    /// of `origin` when the transport reports one (the web-message listener does).
    ///
    /// `handle` receives the typed message and returns ``BridgeReply/answer(_:)``'s or
    /// ``BridgeReply/fail(_:)``'s answer, or ``BridgeAnswer/none`` for a post. For a request,
    /// anything that stops it (text that is no envelope of this protocol's version, a channel
    /// not registered or taking posts only, a frame refused, a malformed body, an error `handle`
    /// throws, no answer from `handle`) is the answer that rejects the page's Promise with the
    /// error's description; send ``BridgeAnswer/script(_:)`` with `evaluateJavascript` or
    /// `injectJavaScript`, and ``BridgeAnswer/replyProxyText(_:)`` with the reply proxy the
    /// message came with (it answers the frame that asked). It throws only where nobody in the
    /// page waits: the ``BridgeError`` of a post, or of text that names no request, and the
    /// error `handle` throws for a post.
    public func answer(
        envelope text: String, origin: FrameOrigin? = nil, client: BridgeClient, _ handle: (Message) throws -> BridgeAnswer
    ) throws -> BridgeAnswer {
        switch try prepare(envelope: text, origin: origin, client: client) {
        case .answer(let answer): return answer
        case .message(let message, let route, let handlerName):
            do {
                return Self.settled(try handle(message), route: route, handlerName: handlerName)
            } catch let error where route.isRequest {
                return route.failure(Self.refusal(error, handlerName: handlerName))
            }
        }
    }

    /// ``answer(envelope:origin:client:_:)-8ivwd`` for a handler that awaits its answer.
    public func answer(
        envelope text: String, origin: FrameOrigin? = nil, client: BridgeClient, _ handle: (Message) async throws -> BridgeAnswer
    ) async throws -> BridgeAnswer {
        switch try prepare(envelope: text, origin: origin, client: client) {
        case .answer(let answer): return answer
        case .message(let message, let route, let handlerName):
            do {
                return Self.settled(try await handle(message), route: route, handlerName: handlerName)
            } catch let error where route.isRequest {
                return route.failure(Self.refusal(error, handlerName: handlerName))
            }
        }
    }

    /// Answers a message WebKit delivered to a handler registered with a reply handler
    /// (`WKScriptMessageHandlerWithReply`): `WKScriptMessage.name`, `.body` and the frame's
    /// origin go in, and ``BridgeAnswer/webKitReply(json:errorMessage:)`` comes out, for
    /// `replyHandler` with its ``BridgeAnswer/webKitReplyArguments``. A refusal is its
    /// ``BridgeError``'s text, and an error `handle` throws is the text it chooses (see
    /// ``answer(envelope:origin:client:_:)-8ivwd``); a post to a channel that answers nothing
    /// resolves with no value, which the client's `post` does not wait for.
    public func answer(
        webKitMessageNamed name: String, body: consuming Any?, origin: FrameOrigin?, _ handle: (Message) throws -> BridgeAnswer
    ) -> BridgeAnswer {
        switch webKitStep(name: name, body: body, origin: origin) {
        case .answer(let answer): return answer
        case .message(let message, _, _):
            do {
                return settledOverWebKit(try handle(message), name: name)
            } catch {
                return BridgeReplyRoute.webKitReplyHandler.failure(Self.refusal(error, handlerName: name))
            }
        }
    }

    /// ``answer(webKitMessageNamed:body:origin:_:)-6vqd7`` for a handler that awaits its answer.
    /// The body is read before `handle` runs, so only the typed message crosses the suspension.
    public func answer(
        webKitMessageNamed name: String, body: consuming Any?, origin: FrameOrigin?, _ handle: (Message) async throws -> BridgeAnswer
    ) async -> BridgeAnswer {
        switch webKitStep(name: name, body: body, origin: origin) {
        case .answer(let answer): return answer
        case .message(let message, _, _):
            do {
                return settledOverWebKit(try await handle(message), name: name)
            } catch {
                return BridgeReplyRoute.webKitReplyHandler.failure(Self.refusal(error, handlerName: name))
            }
        }
    }

    /// A WebKit message read up to the app's handler: the answer to send at once (a refusal),
    /// or the typed message.
    package func webKitStep(name: String, body: consuming Any?, origin: FrameOrigin?) -> Step {
        let route = BridgeReplyRoute.webKitReplyHandler
        do throws(BridgeError) {
            let index = try table.index(of: name, origin: origin, replyRoute: route)
            return .message(
                try message(channel: index, handlerName: name, foundationBody: body, replyRoute: route), route, handlerName: name)
        } catch {
            return .answer(route.failure(error.description))
        }
    }

    /// The handler's answer over WebKit, or, where a channel that answers got none, the error that says so.
    package func settledOverWebKit(_ answer: BridgeAnswer, name: String) -> BridgeAnswer {
        guard answer == .none else { return answer }
        let answers = table.position(of: name).map { table.answers[$0] } ?? false
        return answers ? BridgeReplyRoute.webKitReplyHandler.failure(Self.noAnswer(name)) : .webKitReply(json: nil, errorMessage: nil)
    }

    /// The text a request's Promise is rejected with when the app's handler throws `error`: the
    /// error's `errorDescription` where it is a `LocalizedError` that gives one (the app chooses
    /// what the page reads), else a sentence that names the channel and nothing of the error, so
    /// that no type name, case or value of the app's reaches the page.
    package static func refusal(_ error: any Error, handlerName: String) -> String {
        if let described = (error as? any LocalizedError)?.errorDescription { return described }
        return "\(Escaper.logEscaped(handlerName)): the app refused the request"
    }

    /// What a message comes to before the app's handler runs.
    package enum Step {
        /// The answer to send at once.
        case answer(BridgeAnswer)
        /// The message for the handler, where its answer goes, and the channel's name.
        case message(Message, BridgeReplyRoute, handlerName: String)
    }

    private func prepare(envelope text: String, origin: FrameOrigin?, client: BridgeClient) throws(BridgeError) -> Step {
        let envelope: BridgeEnvelope
        do throws(BridgeEnvelope.Refusal) {
            envelope = try BridgeEnvelope(jsonText: text, limits: limits)
        } catch {
            guard let id = error.requestID else { throw error.error }
            return .answer(client.replyRoute(requestID: id).failure(error.error.description))
        }
        let route = client.replyRoute(requestID: envelope.requestID)
        do throws(BridgeError) {
            return .message(try dispatch(envelope, origin: origin, replyRoute: route), route, handlerName: envelope.handlerName)
        } catch {
            guard route.isRequest else { throw error }
            return .answer(route.failure(error.description))
        }
    }

    /// The handler's answer, or, where a request got none, the answer that says so.
    private static func settled(_ answer: BridgeAnswer, route: BridgeReplyRoute, handlerName: String) -> BridgeAnswer {
        guard answer == .none, route.isRequest else { return answer }
        return route.failure(noAnswer(handlerName))
    }

    private static func noAnswer(_ handlerName: String) -> String {
        "\(Escaper.logEscaped(handlerName)): the app's handler gave no answer"
    }
}
