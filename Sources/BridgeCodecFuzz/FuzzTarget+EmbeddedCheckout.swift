import BridgeCodec
import BridgeCodecProviders

extension FuzzTarget {
    /// The handshake every input follows in one of its two sessions: every delegation of the release accepted.
    static let embeddedCheckoutReady =
        #"{"jsonrpc":"2.0","id":"fuzz-ready","method":"ec.ready","params":{"delegate":"#
        + #"["payment.instruments_change","payment.credential","fulfillment.address_change","window.open"]}}"#

    /// A session that requested and allows every delegation of the release.
    private static func embeddedCheckoutSession() -> EmbeddedCheckout.Session {
        guard
            let session = try? EmbeddedCheckout.Session(
                version: EmbeddedCheckout.specVersion, requested: EmbeddedCheckout.Delegation.known,
                allowed: EmbeddedCheckout.Delegation.known)
        else { fatalError("the fuzz target's session is refused") }
        return session
    }

    /// UCP's Embedded Checkout Protocol: any bytes, as the text a checkout page posts, through a
    /// session before its handshake and one after it, and read alone. For any input: every
    /// answer's text parses back to its JSON, and its script holds no `</`, U+2028 or U+2029; an
    /// answer carries the message's id as sent, or null; text that is no JSON value within the
    /// limits is answered -32700, and anything else that is no object, or an object whose id does
    /// not read, -32600 with a null id; an object without an id is answered exactly when it is
    /// no JSON-RPC notification (a notification never is); one whose id reads is answered or
    /// handed to the app, never both; the app's answer to a request it was handed is the
    /// request's and comes once; and the message read alone is refused with the JSON-RPC code
    /// the session after its handshake answers with.
    static func embeddedCheckout(_ bytes: UnsafeRawBufferPointer) {
        let text = String(decoding: bytes, as: UTF8.self)
        var fresh = embeddedCheckoutSession()
        embeddedCheckoutStep(fresh.receive(text), of: text, in: &fresh)
        var ready = embeddedCheckoutSession()
        guard ready.receive(embeddedCheckoutReady).response?.errorCode == nil, ready.accepted == EmbeddedCheckout.Delegation.known
        else { fatalError("the fuzz target's handshake is refused") }
        let step = ready.receive(text)
        embeddedCheckoutStep(step, of: text, in: &ready)
        embeddedCheckoutReadAlone(text, agreesWith: step)
    }

    /// The invariants of one step, `text`'s in `session`.
    private static func embeddedCheckoutStep(
        _ step: EmbeddedCheckout.Session.Step, of text: String, in session: inout EmbeddedCheckout.Session
    ) {
        let sent = try? JSONValue(parsing: text, limits: EmbeddedCheckout.Limits.default.json)
        if let response = step.response { embeddedCheckoutResponse(response, answering: sent, text) }
        guard let sent else {
            if step.response?.errorCode != -32700 || step.response?.id != nil {
                fatalError("text that is no JSON is not answered -32700: \(text)")
            }
            return
        }
        guard case .object(let message) = sent, let id = message["id"] else {
            let isNotification = embeddedCheckoutIsNotification(sent)
            if (step.response != nil) == isNotification {
                fatalError("a message without an id is \(isNotification ? "" : "not ")answered: \(text)")
            }
            if !isNotification, step.response?.errorCode != -32600 || step.response?.id != nil {
                fatalError("a message that is no JSON-RPC object is not answered -32600: \(text)")
            }
            return
        }
        let readable =
            switch id {
            case .string(let string): string.utf8.count <= EmbeddedCheckout.Limits.default.longestID
            case .number(let number): number.exactInteger(Int64.self) != nil
            default: false
            }
        guard readable else {
            if step.response?.errorCode != -32600 || step.response?.id != nil {
                fatalError("an id that does not read is not answered -32600 with a null id: \(text)")
            }
            return
        }
        if step.response != nil && step.request != nil { fatalError("a message answered and handed to the app: \(text)") }
        if step.response == nil && step.request == nil && step.violation?.kind != .duplicateID {
            fatalError("a message with an id neither answered nor handed to the app: \(text)")
        }
        if let request = step.request {
            // The app's answer, with a credential no string can end a script with, is the request's, once.
            let credential: JSONValue = .object(["credential": .string("</script><script>x()</script>\u{2028}\u{2029}")])
            guard let answer = session.answer(request, result: credential) else { fatalError("a request the app cannot answer: \(text)") }
            embeddedCheckoutResponse(answer, answering: sent, text)
            if answer.id == nil || session.answer(request, result: credential) != nil || session.cancel(request) != nil {
                fatalError("a request answered without its id, or twice: \(text)")
            }
        }
    }

    /// A response's text parses back to its JSON, its id is the message's as sent or null, and its script can end no script.
    private static func embeddedCheckoutResponse(_ response: EmbeddedCheckout.Response, answering sent: JSONValue?, _ text: String) {
        guard case .object(let answer)? = try? JSONValue(parsing: response.text, limits: .largest), .object(answer) == response.json else {
            fatalError("an answer's text does not parse back: \(response.text)")
        }
        if let id = answer["id"], id != .null {
            guard case .object(let message)? = sent, let sentID = message["id"], sentID.jsonText == id.jsonText else {
                fatalError("an answer's id is not the message's as sent: \(response.text) for \(text)")
            }
        }
        let script = response.script
        if script.contains("</") || script.unicodeScalars.contains(where: { $0 == "\u{2028}" || $0 == "\u{2029}" }) {
            fatalError("an answer's script can end the script it is in: \(script)")
        }
    }

    /// Whether `value` is a JSON-RPC 2.0 notification: an object of `jsonrpc` "2.0", a non-empty
    /// `method`, `params` an object where present, and nothing else.
    private static func embeddedCheckoutIsNotification(_ value: JSONValue) -> Bool {
        guard case .object(let message) = value, message["id"] == nil, message["jsonrpc"] == .string("2.0"),
            case .string(let method)? = message["method"], !method.isEmpty
        else { return false }
        if let params = message["params"] {
            guard case .object = params else { return false }
        }
        return message.members.allSatisfy { ["jsonrpc", "method", "params"].contains($0.key) }
    }

    /// The message read alone is refused with the JSON-RPC code (or none) the session after its handshake answers
    /// with; read, the session answers no JSON-RPC error. A window.open URL a browser does not read is the one
    /// exception: read alone it is invalid params, and the session's URL policy declines it.
    private static func embeddedCheckoutReadAlone(_ text: String, agreesWith step: EmbeddedCheckout.Session.Step) {
        if step.violation?.kind == .duplicateID { return }  // the handshake's own id
        do throws(EmbeddedCheckout.Refusal) {
            _ = try EmbeddedCheckout.read(text)
            if let code = step.response?.errorCode { fatalError("read alone, and answered \(code) after the handshake: \(text)") }
        } catch {
            if error.method == EmbeddedCheckout.Method.windowOpenRequest.rawValue, error.violation.kind == .invalidParams,
                step.violation?.kind == .urlRefused
            {
                return
            }
            if error.response?.errorCode != step.response?.errorCode || (error.response == nil) != (step.response == nil) {
                fatalError("read alone \(error), and answered otherwise after the handshake: \(text)")
            }
        }
    }
}
