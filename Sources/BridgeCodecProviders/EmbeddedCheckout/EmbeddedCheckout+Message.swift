import BridgeCodec

extension EmbeddedCheckout {
    /// The 15 methods of release `2026-04-08`, all posted by the page.
    public enum Method: String, Sendable, Hashable, CaseIterable {
        /// `ec.ready`.
        case ready = "ec.ready"
        /// `ec.auth`.
        case auth = "ec.auth"
        /// `ec.start`.
        case start = "ec.start"
        /// `ec.complete`.
        case complete = "ec.complete"
        /// `ec.line_items.change`.
        case lineItemsChange = "ec.line_items.change"
        /// `ec.buyer.change`.
        case buyerChange = "ec.buyer.change"
        /// `ec.payment.change`.
        case paymentChange = "ec.payment.change"
        /// `ec.messages.change`.
        case messagesChange = "ec.messages.change"
        /// `ec.totals.change`.
        case totalsChange = "ec.totals.change"
        /// `ec.error`.
        case error = "ec.error"
        /// `ec.payment.instruments_change_request`.
        case paymentInstrumentsChangeRequest = "ec.payment.instruments_change_request"
        /// `ec.payment.credential_request`.
        case paymentCredentialRequest = "ec.payment.credential_request"
        /// `ec.fulfillment.change`.
        case fulfillmentChange = "ec.fulfillment.change"
        /// `ec.fulfillment.address_change_request`.
        case fulfillmentAddressChangeRequest = "ec.fulfillment.address_change_request"
        /// `ec.window.open_request`.
        case windowOpenRequest = "ec.window.open_request"

        /// Whether the page sends it with an `id` and waits for the host's answer.
        public var isRequest: Bool {
            switch self {
            case .ready, .auth, .paymentInstrumentsChangeRequest, .paymentCredentialRequest, .fulfillmentAddressChangeRequest,
                .windowOpenRequest:
                true
            default: false
            }
        }

        /// The delegation a request asks the host to act on, which the page must have accepted.
        public var delegation: Delegation? {
            switch self {
            case .paymentInstrumentsChangeRequest: .paymentInstrumentsChange
            case .paymentCredentialRequest: .paymentCredential
            case .fulfillmentAddressChangeRequest: .fulfillmentAddressChange
            case .windowOpenRequest: .windowOpen
            default: nil
            }
        }
    }

    /// A request's id, as the page sent it: a string, or an integer (its text kept, so the
    /// answer echoes it exactly).
    public enum ID: Sendable, Hashable, CustomStringConvertible {
        /// A string id.
        case string(String)
        /// An integer id, its text as the page wrote it.
        case number(JSONNumber)

        /// The id as JSON.
        public var json: JSONValue {
            switch self {
            case .string(let text): .string(text)
            case .number(let number): .number(number)
            }
        }

        /// The id as JSON text.
        public var description: String { json.jsonText }
    }

    /// One message from the page, read and checked.
    public enum Message: Sendable, Hashable {
        /// `ec.ready`: the delegations the page accepts, and the authorization it asks for: `nil`
        /// when it asks for none, its `type` (empty where it names none) when it does. A ready
        /// that asks for authorization is the app's to answer, with a `credential`.
        case ready(accepted: [Delegation], authType: String?)
        /// `ec.auth`: the page asks for a credential again (a token refresh).
        case auth(type: String?)
        /// `ec.start`: the checkout shows.
        case start(Checkout)
        /// `ec.complete`: the checkout is done, its `order` set.
        case complete(Checkout)
        /// `ec.line_items.change`, `ec.buyer.change`, `ec.payment.change`, `ec.messages.change`,
        /// `ec.totals.change`, `ec.fulfillment.change`: the whole checkout after the change.
        case changed(Method, Checkout)
        /// `ec.error`: the session has failed; the host tears it down and hands the buyer to
        /// the error's `continue_url` where it has one.
        case error(ErrorResponse)
        /// `ec.payment.instruments_change_request`: the host lets the buyer choose an instrument.
        case paymentInstrumentsChange(Checkout)
        /// `ec.payment.credential_request`: the host provides the selected instrument's credential,
        /// after the buyer authorizes it in the host's own payment UI.
        case paymentCredential(Checkout)
        /// `ec.fulfillment.address_change_request`: the host lets the buyer choose an address.
        case fulfillmentAddressChange(Checkout)
        /// `ec.window.open_request`: the host opens `url`, which the URL policy admitted (https).
        case windowOpen(WebURL)

        /// The method the message came as.
        public var method: Method {
            switch self {
            case .ready: .ready
            case .auth: .auth
            case .start: .start
            case .complete: .complete
            case .changed(let method, _): method
            case .error: .error
            case .paymentInstrumentsChange: .paymentInstrumentsChangeRequest
            case .paymentCredential: .paymentCredentialRequest
            case .fulfillmentAddressChange: .fulfillmentAddressChangeRequest
            case .windowOpen: .windowOpenRequest
            }
        }

        /// The checkout the message carries, if it carries one.
        public var checkout: Checkout? {
            switch self {
            case .start(let checkout), .complete(let checkout), .changed(_, let checkout), .paymentInstrumentsChange(let checkout),
                .paymentCredential(let checkout), .fulfillmentAddressChange(let checkout):
                checkout
            case .ready, .auth, .error, .windowOpen: nil
            }
        }
    }

    // The params of each method, as the OpenRPC document declares them.
    struct CheckoutParams: Decodable, Sendable {
        var checkout: Checkout
    }

    struct ReadyParams: Decodable, Sendable {
        struct Auth: Decodable, Sendable {
            var type: String?
        }

        var delegate: [String]
        var auth: Auth?

        enum CodingKeys: String, CodingKey {
            case delegate, auth
        }

        /// `auth` is an object when present: `null` asks for nothing a host could give, and is refused.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            delegate = try container.decode([String].self, forKey: .delegate)
            if container.contains(.auth) {
                auth = try container.decode(Auth.self, forKey: .auth)
            }
        }
    }

    struct AuthParams: Decodable, Sendable {
        var type: String?
    }

    struct ErrorParams: Decodable, Sendable {
        var error: ErrorResponse
    }

    struct WindowOpenParams: Decodable, Sendable {
        var url: String
    }
}
