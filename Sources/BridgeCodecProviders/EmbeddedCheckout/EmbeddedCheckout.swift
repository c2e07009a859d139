import BridgeCodec

/// UCP's Embedded Checkout Protocol (ECP, the Embedded Protocol's checkout binding, release
/// `2026-04-08`): a business's checkout page in the app's web view posts JSON-RPC 2.0 text to
/// ``consumerHandler``, and the host answers through `window.EmbeddedCheckoutProtocol.postMessage`.
///
/// ``Session`` is the host's side of one checkout, with no I/O: it reads each message strictly,
/// keeps the handshake, the version and the delegations, and writes each answer a strict host
/// owes (docs/providers.md, "UCP's Embedded Checkout Protocol", says which reading of the spec it
/// takes where its documents disagree).
/// ``continueURL(_:version:delegations:colorScheme:auth:)`` builds the URL to load.
public enum EmbeddedCheckout {
    /// The release of the protocol the package speaks.
    public static let specVersion = "2026-04-08"
    /// The WebKit handler (and Android interface) the page posts to: `window.EmbeddedCheckoutProtocolConsumer`.
    public static let consumerHandler = "EmbeddedCheckoutProtocolConsumer"
    /// The page's object the host answers through: `window.EmbeddedCheckoutProtocol.postMessage(message)`.
    public static let pageGlobal = "EmbeddedCheckoutProtocol"

    /// A delegation the host may take over from the page, and the request that asks for it.
    public struct Delegation: Sendable, Hashable, CustomStringConvertible {
        /// The id in `ec_delegate`, `config.delegate` and `ec.ready`'s `delegate`, such as `payment.credential`.
        public let id: String

        /// The delegation `id`: lowercase words joined by `.` and `_` (`^[a-z_]+(?:\.[a-z_]+)*$`).
        public init(_ id: String) throws(InvalidArgument) {
            guard Self.isDelegationID(id) else {
                throw .rejected(name: "delegation", reason: "\(Escaper.logString(id)) is no delegation id (^[a-z_]+(\\.[a-z_]+)*$)")
            }
            self.id = id
        }

        init(checked id: String) {
            self.id = id
        }

        /// The id.
        public var description: String { id }

        /// The request the page sends for it: `ec.` + the id + `_request`.
        public var requestMethod: String { "ec.\(id)_request" }

        /// The payment instruments the host chooses: `ec.payment.instruments_change_request`.
        public static let paymentInstrumentsChange = Delegation(checked: "payment.instruments_change")
        /// The payment credential the host provides: `ec.payment.credential_request`.
        public static let paymentCredential = Delegation(checked: "payment.credential")
        /// The address the host chooses: `ec.fulfillment.address_change_request`.
        public static let fulfillmentAddressChange = Delegation(checked: "fulfillment.address_change")
        /// The links the host opens: `ec.window.open_request`.
        public static let windowOpen = Delegation(checked: "window.open")
        /// The delegations of release `2026-04-08`.
        public static let known: [Delegation] = [.paymentInstrumentsChange, .paymentCredential, .fulfillmentAddressChange, .windowOpen]

        static func isDelegationID(_ id: String) -> Bool {
            let bytes = Array(id.utf8)
            guard let first = bytes.first, let last = bytes.last, first != UInt8(ascii: "."), last != UInt8(ascii: ".") else {
                return false
            }
            var previous: UInt8 = 0
            for byte in bytes {
                let word = (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || byte == UInt8(ascii: "_")
                guard word || (byte == UInt8(ascii: ".") && previous != UInt8(ascii: ".")) else { return false }
                previous = byte
            }
            return true
        }
    }

    /// What the session bounds: the message's size and depth, and an id's length.
    public struct Limits: Sendable, Hashable {
        /// Bounds on the message's JSON text: 1 MiB and 64 levels by default.
        public let json: JSONLimits
        /// The longest string id, in UTF-8 bytes: 128 by default, from 1 to 4,096.
        public let longestID: Int
        /// How many requests may wait for the app's answer at once: 64 by default, from 1 to 4,096.
        public let pendingRequests: Int

        /// Limits; throws for a value out of its range.
        public init(json: JSONLimits = .default, longestID: Int = 128, pendingRequests: Int = 64) throws(InvalidArgument) {
            try InvalidArgument.check("longestID", longestID, allowed: 1...4_096)
            try InvalidArgument.check("pendingRequests", pendingRequests, allowed: 1...4_096)
            self.json = json
            self.longestID = longestID
            self.pendingRequests = pendingRequests
        }

        /// 1 MiB and 64 levels of JSON, ids of at most 128 bytes, 64 requests waiting.
        public static let `default` = Limits(checkedJSON: .default, longestID: 128, pendingRequests: 64)

        private init(checkedJSON json: JSONLimits, longestID: Int, pendingRequests: Int) {
            self.json = json
            self.longestID = longestID
            self.pendingRequests = pendingRequests
        }
    }
}
