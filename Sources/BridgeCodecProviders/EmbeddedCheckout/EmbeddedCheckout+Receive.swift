import BridgeCodec

extension EmbeddedCheckout.Session {
    /// Reads one message the page posted (the JSON text `EmbeddedCheckoutProtocolConsumer`
    /// received) and says what to do: a request or notification for the app, the answer to send
    /// now, or nothing, each with the rule it broke if it broke one. The envelope and the params
    /// are read as ``EmbeddedCheckout/read(_:limits:)`` reads them; the session adds its own rules.
    public mutating func receive(_ text: String) -> Step {
        let envelope: EmbeddedCheckout.Envelope
        do throws(EmbeddedCheckout.Refusal) {
            envelope = try EmbeddedCheckout.Envelope(reading: text, limits: limits)
        } catch {
            return refused(error)
        }
        if let id = envelope.id { return request(envelope, id: id) }
        return notification(envelope)
    }

    private mutating func request(_ envelope: EmbeddedCheckout.Envelope, id: EmbeddedCheckout.ID) -> Step {
        let method = envelope.method
        guard !usedIDs.contains(id) else {
            return ignore(method.rawValue, .duplicateID, "the id \(id) was used before in this document")
        }
        usedIDs.insert(id)
        // A window.open URL is a string here; the URL policy reads it once the request may be acted on.
        var message: EmbeddedCheckout.Message?
        var windowURL: String?
        do throws(JSONError) {
            if method == .windowOpenRequest {
                windowURL = try StrictJSONDecoder().decode(EmbeddedCheckout.WindowOpenParams.self, from: envelope.params).url
            } else {
                message = try EmbeddedCheckout.message(method, params: envelope.params)
            }
        } catch {
            return refused(envelope.invalidParams(error))
        }
        if ended {
            return declineNow(method, id, .afterError, "the page sent ec.error; the session is over", .invalidState)
        }
        if case .ready(let acceptedNow, let authType)? = message, let message {
            if accepted != nil {
                return declineNow(method, id, .repeatedReady, "ec.ready came again in one document", .invalidState)
            }
            if let outside = acceptedNow.first(where: { !requested.contains($0) || !allowed.contains($0) }) {
                return declineNow(
                    method, id, .delegationNotRequested, "the page accepted \(outside), which the host did not request", .notSupported)
            }
            accepted = acceptedNow
            if authType != nil { return admit(message, id) }  // the app gives the credential
            let response = EmbeddedCheckout.Response(id: id, outcome: .result(.object(["ucp": success])))
            return Step(method: method.rawValue, message: message, request: nil, response: response, violation: nil)
        }
        guard let accepted else {
            return declineNow(method, id, .beforeReady, "\(method.rawValue) came before ec.ready", .invalidState)
        }
        if let delegation = method.delegation, !accepted.contains(delegation) {
            return declineNow(method, id, .delegationNotAccepted, "the page did not accept \(delegation) in ec.ready", .notSupported)
        }
        if let checkout = message?.checkout, checkout.ucp.version != version {
            return declineNow(
                method, id, .versionChanged, "the checkout is in \(checkout.ucp.version), the session in \(version)", .invalidState)
        }
        if let windowURL {
            do throws(URLPolicy.Violation) {
                message = .windowOpen(try urlPolicy.check(windowURL))
            } catch {
                return declineNow(method, id, .urlRefused, "\(error)", .windowOpenRejected)
            }
        }
        guard pending.count < limits.pendingRequests else {
            return refused(
                EmbeddedCheckout.Refusal(
                    method.rawValue, .tooManyPending, "\(limits.pendingRequests) requests wait for the app already", answering: id,
                    code: -32000, "Server error"))
        }
        guard let message else { return ignore(method.rawValue, .invalidParams, "\(method.rawValue) carries no message") }
        return admit(message, id)
    }

    private mutating func notification(_ envelope: EmbeddedCheckout.Envelope) -> Step {
        let method = envelope.method
        if ended { return ignore(method.rawValue, .afterError, "the page sent ec.error; the session is over") }
        guard accepted != nil else { return ignore(method.rawValue, .beforeReady, "\(method.rawValue) came before ec.ready") }
        let message: EmbeddedCheckout.Message
        do throws(JSONError) {
            message = try EmbeddedCheckout.message(method, params: envelope.params)
        } catch {
            // The page has failed even where it cannot say how: the session is over.
            if method == .error { ended = true }
            return refused(envelope.invalidParams(error))
        }
        if case .error(let response) = message, response.ucp.version != version {
            ended = true
            return ignore(method.rawValue, .versionChanged, "the error is in \(response.ucp.version), the session in \(version)")
        }
        if let checkout = message.checkout, checkout.ucp.version != version {
            return ignore(method.rawValue, .versionChanged, "the checkout is in \(checkout.ucp.version), the session in \(version)")
        }
        if case .error = message { ended = true }
        return Step(method: method.rawValue, message: message, request: nil, response: nil, violation: nil)
    }

    private mutating func admit(_ message: EmbeddedCheckout.Message, _ id: EmbeddedCheckout.ID) -> Step {
        let request = Request(id: id, method: message.method, document: document)
        pending.insert(request)
        return Step(method: message.method.rawValue, message: message, request: request, response: nil, violation: nil)
    }

    private mutating func declineNow(
        _ method: EmbeddedCheckout.Method, _ id: EmbeddedCheckout.ID, _ kind: EmbeddedCheckout.Violation.Kind, _ detail: String,
        _ code: EmbeddedCheckout.ErrorCode
    ) -> Step {
        let violation = note(kind, detail)
        let response = EmbeddedCheckout.Response(id: id, outcome: .result(errorResponse(code, content: detail)))
        return Step(method: method.rawValue, message: nil, request: nil, response: response, violation: violation)
    }

    private mutating func refused(_ refusal: EmbeddedCheckout.Refusal) -> Step {
        Step(method: refusal.method, message: nil, request: nil, response: refusal.response, violation: note(refusal.violation))
    }

    private mutating func ignore(_ method: String?, _ kind: EmbeddedCheckout.Violation.Kind, _ detail: String) -> Step {
        Step(method: method, message: nil, request: nil, response: nil, violation: note(kind, detail))
    }

    private mutating func note(_ kind: EmbeddedCheckout.Violation.Kind, _ detail: String) -> EmbeddedCheckout.Violation {
        note(EmbeddedCheckout.Violation(kind: kind, detail: detail))
    }

    private mutating func note(_ violation: EmbeddedCheckout.Violation) -> EmbeddedCheckout.Violation {
        violations.append(violation)
        return violation
    }
}
