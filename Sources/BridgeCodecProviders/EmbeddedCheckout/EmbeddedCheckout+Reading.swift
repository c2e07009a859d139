import BridgeCodec

extension EmbeddedCheckout {
    /// One message read alone: its id (a request's) and what it says.
    public struct Reading: Sendable, Hashable {
        /// The request's id, as the page sent it; `nil` for a notification.
        public let id: ID?
        /// The message, its params read strictly.
        public let message: Message
    }

    /// Why a message does not read, and what a host answers it.
    public struct Refusal: Error, Sendable, Hashable, CustomStringConvertible {
        /// The method as the page named it, when it named one.
        public let method: String?
        /// The rule the message broke.
        public let violation: Violation
        /// The JSON-RPC error the host sends (its id the message's, or `null` where none could be
        /// read); `nil` where the host sends nothing: a notification, a request without an id.
        public let response: Response?

        /// The rule broken, `kind: detail`.
        public var description: String { violation.description }

        /// A refusal answered with the JSON-RPC error `code`, `text` its message.
        init(
            _ method: String?, _ kind: Violation.Kind, _ detail: String, answering id: ID?, code: Int, _ text: String, data: String? = nil
        ) {
            self.method = method
            violation = Violation(kind: kind, detail: detail)
            response = Response(id: id, outcome: .error(code: code, message: text, data: data))
        }

        /// A refusal the host answers with nothing.
        init(_ method: String?, _ kind: Violation.Kind, _ detail: String) {
            self.method = method
            violation = Violation(kind: kind, detail: detail)
            response = nil
        }
    }

    /// Reads one message the page posted (the JSON text `EmbeddedCheckoutProtocolConsumer`
    /// received) alone, with the rules ``Session/receive(_:)`` reads every message with: one JSON
    /// value within `limits`, a JSON-RPC 2.0 request or notification of one of the 15 methods, an
    /// id exactly where the method is a request, and the method's params. Nothing a session keeps
    /// is checked (the handshake, ids used before, delegations, the version), and a
    /// `window.open` URL is read as a browser reads it, without a host's URL policy. Throws the
    /// rule the message broke, with the answer a host owes it.
    public static func read(_ text: String, limits: Limits = .default) throws(Refusal) -> Reading {
        let envelope = try Envelope(reading: text, limits: limits)
        do throws(JSONError) {
            return Reading(id: envelope.id, message: try message(envelope.method, params: envelope.params))
        } catch {
            throw envelope.invalidParams(error)
        }
    }

    /// A message's JSON-RPC envelope: a method of the protocol, with an id exactly when it is a request.
    struct Envelope {
        /// The envelope members JSON-RPC 2.0 allows; any other makes the message invalid.
        static let members: Set<String> = ["jsonrpc", "id", "method", "params"]

        let method: Method
        let id: ID?
        /// The params, an object (`{}` where the message has none).
        let params: JSONValue

        /// Reads the envelope of `text`; throws what refuses it, answered with the id where one
        /// could be read, as JSON-RPC 2.0 asks.
        init(reading text: String, limits: Limits) throws(Refusal) {
            let value: JSONValue
            do {
                value = try JSONValue(parsing: text, limits: limits.json)
            } catch {
                throw Refusal(nil, .notJSON, "\(error)", answering: nil, code: -32700, "Parse error")
            }
            guard case .object(let envelope) = value else {
                throw Refusal(nil, .invalidRequest, "a message is one JSON-RPC object", answering: nil, code: -32600, "Invalid Request")
            }
            let methodName = envelope["method"].flatMap { if case .string(let name) = $0 { name } else { nil } }
            // The id, where one is there and readable; a request is answered with it even when invalid otherwise.
            let id: ID?
            switch envelope["id"] {
            case nil: id = nil
            case .string(let text)? where text.utf8.count <= limits.longestID: id = .string(text)
            case .number(let number)? where number.exactInteger(Int64.self) != nil: id = .number(number)
            case let other?:
                throw Refusal(
                    methodName, .invalidRequest,
                    "the id \(other.jsonText.prefix(64)) is no string of at most \(limits.longestID) bytes or integer", answering: nil,
                    code: -32600, "Invalid Request")
            }
            if let extra = envelope.members.first(where: { !Self.members.contains($0.key) }) {
                throw Refusal(
                    methodName, .invalidRequest, "the envelope has a member \(Escaper.logString(extra.key))", answering: id, code: -32600,
                    "Invalid Request")
            }
            guard envelope["jsonrpc"] == .string("2.0") else {
                throw Refusal(methodName, .invalidRequest, "jsonrpc is not \"2.0\"", answering: id, code: -32600, "Invalid Request")
            }
            guard let methodName, !methodName.isEmpty else {
                throw Refusal(nil, .invalidRequest, "method is no non-empty string", answering: id, code: -32600, "Invalid Request")
            }
            let params = envelope["params"] ?? .object(JSONObject())
            guard case .object = params else {
                throw Refusal(methodName, .invalidRequest, "params is not an object", answering: id, code: -32600, "Invalid Request")
            }
            guard let method = Method(rawValue: methodName) else {
                let detail = "\(methodName) is no method of \(EmbeddedCheckout.specVersion)"
                // A notification the protocol does not have is not answered: an extension may add it.
                guard id != nil else { throw Refusal(methodName, .unknownNotification, detail) }
                throw Refusal(methodName, .unknownMethod, detail, answering: id, code: -32601, "Method not found")
            }
            if method.isRequest, id == nil {
                throw Refusal(methodName, .requestWithoutID, "\(methodName) is a request, and came without an id")
            }
            if !method.isRequest, id != nil {
                throw Refusal(
                    methodName, .notificationWithID, "\(methodName) is a notification, and came with an id", answering: id, code: -32600,
                    "Invalid Request")
            }
            self.method = method
            self.id = id
            self.params = params
        }

        /// The refusal of params the method does not take: -32602 for a request, nothing for a notification.
        func invalidParams(_ error: JSONError) -> Refusal {
            guard let id else { return Refusal(method.rawValue, .invalidParams, "\(error)") }
            return Refusal(method.rawValue, .invalidParams, "\(error)", answering: id, code: -32602, "Invalid params", data: "\(error)")
        }
    }

    /// The message of `method` from its params, read strictly.
    static func message(_ method: Method, params: JSONValue) throws(JSONError) -> Message {
        let decoder = StrictJSONDecoder()
        func checkout() throws(JSONError) -> Checkout {
            try decoder.decode(CheckoutParams.self, from: params).checkout
        }
        switch method {
        case .ready:
            let ready = try decoder.decode(ReadyParams.self, from: params)
            var delegations: [Delegation] = []
            for (index, id) in ready.delegate.enumerated() {
                guard let delegation = try? Delegation(id), !delegations.contains(delegation) else {
                    throw JSONError(
                        path: JSONPath.root.appending(key: "delegate").appending(index: index),
                        reason: .invalidValue("\(Escaper.logString(id)) is no delegation id, or is there twice"))
                }
                delegations.append(delegation)
            }
            return .ready(accepted: delegations, authType: ready.auth.map { $0.type ?? "" })
        case .auth: return .auth(type: try decoder.decode(AuthParams.self, from: params).type)
        case .start: return .start(try checkout())
        case .complete: return .complete(try checkout())
        case .lineItemsChange, .buyerChange, .paymentChange, .messagesChange, .totalsChange, .fulfillmentChange:
            return .changed(method, try checkout())
        case .error: return .error(try decoder.decode(ErrorParams.self, from: params).error)
        case .paymentInstrumentsChangeRequest: return .paymentInstrumentsChange(try checkout())
        case .paymentCredentialRequest: return .paymentCredential(try checkout())
        case .fulfillmentAddressChangeRequest: return .fulfillmentAddressChange(try checkout())
        case .windowOpenRequest:
            // A session reads this URL with its URL policy after its own checks (`Session.request`);
            // read alone, the message holds the URL as a browser reads it.
            let text = try decoder.decode(WindowOpenParams.self, from: params).url
            do {
                return .windowOpen(try WebURL(text))
            } catch {
                throw JSONError(path: JSONPath.root.appending(key: "url"), reason: .invalidValue("not a URL: \(error)"))
            }
        }
    }
}
