import BridgeCodec

extension EmbeddedCheckout.Session {
    /// The envelope members JSON-RPC 2.0 allows; any other makes the message invalid.
    static let envelopeMembers: Set<String> = ["jsonrpc", "id", "method", "params"]

    /// Reads one message the page posted (the JSON text `EmbeddedCheckoutProtocolConsumer`
    /// received) and says what to do: a request or notification for the app, the answer to send
    /// now, or nothing, each with the rule it broke if it broke one.
    public mutating func receive(_ text: String) -> Step {
        let value: JSONValue
        do {
            value = try JSONValue(parsing: text, limits: limits.json)
        } catch {
            return refuse(nil, .notJSON, "\(error)", answering: nil, code: -32700, "Parse error")
        }
        guard case .object(let envelope) = value else {
            return refuse(nil, .invalidRequest, "a message is one JSON-RPC object", answering: nil, code: -32600, "Invalid Request")
        }
        let methodName = envelope["method"].flatMap { if case .string(let name) = $0 { name } else { nil } }
        // The id, where one is there and readable; a request is answered with it even when invalid otherwise.
        let id: EmbeddedCheckout.ID?
        switch envelope["id"] {
        case nil: id = nil
        case .string(let text)? where text.utf8.count <= limits.longestID: id = .string(text)
        case .number(let number)? where number.exactInteger(Int64.self) != nil: id = .number(number)
        case let other?:
            return refuse(
                methodName, .invalidRequest,
                "the id \(other.jsonText.prefix(64)) is no string of at most \(limits.longestID) bytes "
                    + "or integer", answering: nil, code: -32600, "Invalid Request")
        }
        if let extra = envelope.members.first(where: { !Self.envelopeMembers.contains($0.key) }) {
            return refuse(
                methodName, .invalidRequest, "the envelope has a member \(Escaper.logString(extra.key))", answering: id, code: -32600,
                "Invalid Request")
        }
        guard envelope["jsonrpc"] == .string("2.0") else {
            return refuse(methodName, .invalidRequest, "jsonrpc is not \"2.0\"", answering: id, code: -32600, "Invalid Request")
        }
        guard let methodName, !methodName.isEmpty else {
            return refuse(nil, .invalidRequest, "method is no non-empty string", answering: id, code: -32600, "Invalid Request")
        }
        let params = envelope["params"] ?? .object(JSONObject())
        guard case .object = params else {
            return refuse(methodName, .invalidRequest, "params is not an object", answering: id, code: -32600, "Invalid Request")
        }
        guard let method = EmbeddedCheckout.Method(rawValue: methodName) else {
            if id == nil {
                return ignore(methodName, .unknownNotification, "\(methodName) is no method of \(EmbeddedCheckout.specVersion)")
            }
            return refuse(
                methodName, .unknownMethod, "\(methodName) is no method of \(EmbeddedCheckout.specVersion)", answering: id, code: -32601,
                "Method not found")
        }
        if method.isRequest {
            guard let id else { return ignore(methodName, .requestWithoutID, "\(methodName) is a request, and came without an id") }
            return request(method, id: id, params: params)
        }
        if let id {
            return refuse(
                methodName, .notificationWithID, "\(methodName) is a notification, and came with an id", answering: id, code: -32600,
                "Invalid Request")
        }
        return notification(method, params: params)
    }

    private mutating func request(_ method: EmbeddedCheckout.Method, id: EmbeddedCheckout.ID, params: JSONValue) -> Step {
        guard !usedIDs.contains(id) else {
            return ignore(method.rawValue, .duplicateID, "the id \(id) was used before in this document")
        }
        usedIDs.insert(id)
        // A window.open URL is a string here; the URL policy reads it once the request may be acted on.
        var message: EmbeddedCheckout.Message?
        var windowURL: String?
        do throws(JSONError) {
            if method == .windowOpenRequest {
                windowURL = try StrictJSONDecoder().decode(EmbeddedCheckout.WindowOpenParams.self, from: params).url
            } else {
                message = try Self.read(method, params: params)
            }
        } catch {
            return refuse(method.rawValue, .invalidParams, "\(error)", answering: id, code: -32602, "Invalid params", data: "\(error)")
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
            return refuse(
                method.rawValue, .tooManyPending, "\(limits.pendingRequests) requests wait for the app already", answering: id,
                code: -32000, "Server error")
        }
        guard let message else { return ignore(method.rawValue, .invalidParams, "\(method.rawValue) carries no message") }
        return admit(message, id)
    }

    private mutating func notification(_ method: EmbeddedCheckout.Method, params: JSONValue) -> Step {
        if ended { return ignore(method.rawValue, .afterError, "the page sent ec.error; the session is over") }
        guard accepted != nil else { return ignore(method.rawValue, .beforeReady, "\(method.rawValue) came before ec.ready") }
        let message: EmbeddedCheckout.Message
        do throws(JSONError) {
            message = try Self.read(method, params: params)
        } catch {
            // The page has failed even where it cannot say how: the session is over.
            if method == .error { ended = true }
            return ignore(method.rawValue, .invalidParams, "\(error)")
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

    /// The message of `method` from its params, read strictly.
    static func read(_ method: EmbeddedCheckout.Method, params: JSONValue) throws(JSONError) -> EmbeddedCheckout.Message {
        let decoder = StrictJSONDecoder()
        func checkout() throws(JSONError) -> EmbeddedCheckout.Checkout {
            try decoder.decode(EmbeddedCheckout.CheckoutParams.self, from: params).checkout
        }
        switch method {
        case .ready:
            let ready = try decoder.decode(EmbeddedCheckout.ReadyParams.self, from: params)
            var delegations: [EmbeddedCheckout.Delegation] = []
            for (index, id) in ready.delegate.enumerated() {
                guard let delegation = try? EmbeddedCheckout.Delegation(id), !delegations.contains(delegation) else {
                    throw JSONError(
                        path: JSONPath.root.appending(key: "delegate").appending(index: index),
                        reason: .invalidValue("\(Escaper.logString(id)) is no delegation id, or is there twice"))
                }
                delegations.append(delegation)
            }
            return .ready(accepted: delegations, authType: ready.auth.map { $0.type ?? "" })
        case .auth: return .auth(type: try decoder.decode(EmbeddedCheckout.AuthParams.self, from: params).type)
        case .start: return .start(try checkout())
        case .complete: return .complete(try checkout())
        case .lineItemsChange, .buyerChange, .paymentChange, .messagesChange, .totalsChange, .fulfillmentChange:
            return .changed(method, try checkout())
        case .error: return .error(try decoder.decode(EmbeddedCheckout.ErrorParams.self, from: params).error)
        case .paymentInstrumentsChangeRequest: return .paymentInstrumentsChange(try checkout())
        case .paymentCredentialRequest: return .paymentCredential(try checkout())
        case .fulfillmentAddressChangeRequest: return .fulfillmentAddressChange(try checkout())
        case .windowOpenRequest:
            // A session reads this URL with its URL policy after its own checks (`request(_:id:params:)`);
            // read alone, the message holds the URL as a browser reads it.
            let text = try decoder.decode(EmbeddedCheckout.WindowOpenParams.self, from: params).url
            do {
                return .windowOpen(try WebURL(text))
            } catch {
                throw JSONError(path: JSONPath.root.appending(key: "url"), reason: .invalidValue("not a URL: \(error)"))
            }
        }
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

    private mutating func refuse(
        _ method: String?, _ kind: EmbeddedCheckout.Violation.Kind, _ detail: String, answering id: EmbeddedCheckout.ID?, code: Int,
        _ text: String, data: String? = nil
    ) -> Step {
        let violation = note(kind, detail)
        return Step(
            method: method, message: nil, request: nil,
            response: EmbeddedCheckout.Response(id: id, outcome: .error(code: code, message: text, data: data)), violation: violation)
    }

    private mutating func ignore(_ method: String?, _ kind: EmbeddedCheckout.Violation.Kind, _ detail: String) -> Step {
        Step(method: method, message: nil, request: nil, response: nil, violation: note(kind, detail))
    }

    private mutating func note(_ kind: EmbeddedCheckout.Violation.Kind, _ detail: String) -> EmbeddedCheckout.Violation {
        let violation = EmbeddedCheckout.Violation(kind: kind, detail: detail)
        violations.append(violation)
        return violation
    }
}
