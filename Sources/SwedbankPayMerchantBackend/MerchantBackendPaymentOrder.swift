import BridgeCodec

extension MerchantBackend {
    /// The body the app posts to the payment orders endpoint: a Swedbank Pay payment order,
    /// which the backend completes (its payee reference, say) and forwards.
    public struct PaymentOrderRequest: Sendable, Hashable, Decodable {
        /// The payment order as Swedbank Pay's API defines it; always an object.
        public var paymentorder: JSONObject

        /// A request to create `paymentorder`.
        public init(paymentorder: JSONObject) {
            self.paymentorder = paymentorder
        }

        private enum CodingKeys: String, CodingKey {
            case paymentorder
        }

        /// Reads the request; `paymentorder` must be an object.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            guard case .object(let object) = try container.decode(JSONValue.self, forKey: .paymentorder) else {
                throw DecodingError.typeMismatch(
                    JSONObject.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath + [CodingKeys.paymentorder], debugDescription: "expected an object"))
            }
            paymentorder = object
        }

        /// The request as JSON, to send.
        public var jsonValue: JSONValue {
            .object(["paymentorder": .object(paymentorder)])
        }
    }

    /// The payment orders endpoint's answer (and the set-instrument endpoint's): Swedbank Pay's
    /// response passed on, with the backend's ``MobileSDK`` object in instrument mode.
    public struct PaymentOrderResponse: Sendable, Hashable, Codable {
        /// The payment order created.
        public var paymentorder: PaymentOrder
        /// What the app may do next; the SDK needs ``Operation/viewPaymentOrder`` (v2) or
        /// ``Operation/viewCheckout`` (v3).
        public var operations: [Operation]
        /// The instruments and the set-instrument link, in instrument mode; when absent after
        /// a change, the earlier values still hold.
        public var mobileSDK: MobileSDK?

        /// A payment order response.
        public init(paymentorder: PaymentOrder, operations: [Operation], mobileSDK: MobileSDK? = nil) {
            self.paymentorder = paymentorder
            self.operations = operations
            self.mobileSDK = mobileSDK
        }
    }

    /// The members of a payment order the app reads; the rest of Swedbank Pay's payment order is
    /// ignored.
    public struct PaymentOrder: Sendable, Hashable, Codable {
        /// The payment order's resource path, such as `/psp/paymentorders/09ccd29a-…`.
        public var id: String
        /// The operation that created it, such as `Purchase`.
        public var operation: String?
        /// Its state (v2), such as `Ready`.
        public var state: String?
        /// Its status (v3), such as `Initialized`.
        public var status: String?
        /// The ISO 4217 currency.
        public var currency: String?
        /// The amount in the currency's minor unit.
        public var amount: Int?
        /// The VAT part of ``amount``, in the minor unit.
        public var vatAmount: Int?
        /// The language of the payment menu, such as `sv-SE`.
        public var language: String?
        /// The instrument chosen, in instrument mode.
        public var instrument: String?
        /// The instruments the payer may choose from.
        public var availableInstruments: [String]?

        /// A payment order.
        public init(
            id: String, operation: String? = nil, state: String? = nil, status: String? = nil, currency: String? = nil,
            amount: Int? = nil, vatAmount: Int? = nil, language: String? = nil, instrument: String? = nil,
            availableInstruments: [String]? = nil
        ) {
            self.id = id
            self.operation = operation
            self.state = state
            self.status = status
            self.currency = currency
            self.amount = amount
            self.vatAmount = vatAmount
            self.language = language
            self.instrument = instrument
            self.availableInstruments = availableInstruments
        }
    }

    /// What the backend adds for instrument mode.
    public struct MobileSDK: Sendable, Hashable, Codable {
        /// The instruments the payment order may be switched to.
        public var validInstruments: [String]?
        /// Where to send a ``SetInstrumentRequest``, relative to the root endpoint URL.
        public var setInstrument: String?

        /// The instrument-mode additions.
        public init(validInstruments: [String]? = nil, setInstrument: String? = nil) {
            self.validInstruments = validInstruments
            self.setInstrument = setInstrument
        }
    }

    /// The body that changes a payment order's instrument: exactly the operation
    /// `SetInstrument` and a string instrument, as the example backend checks.
    public struct SetInstrumentRequest: Sendable, Hashable, Codable {
        /// The instrument to switch to, such as `CreditCard`.
        public var instrument: String

        /// A request to switch to `instrument`.
        public init(instrument: String) {
            self.instrument = instrument
        }

        private enum CodingKeys: String, CodingKey {
            case paymentorder
        }

        private enum PaymentOrderKeys: String, CodingKey {
            case operation, instrument
        }

        /// The operation the request must name.
        public static let operation = "SetInstrument"

        /// Reads the request; any other operation, or another member in `paymentorder`, is refused.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            let paymentOrder = try container.nestedContainer(keyedBy: PaymentOrderKeys.self, forKey: .paymentorder)
            let operation = try paymentOrder.decode(String.self, forKey: .operation)
            guard operation.utf8.elementsEqual(Self.operation.utf8) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .operation, in: paymentOrder, debugDescription: "the operation must be \"\(Self.operation)\"")
            }
            instrument = try paymentOrder.decode(String.self, forKey: .instrument)
            let all = try container.decode(JSONValue.self, forKey: .paymentorder)
            if case .object(let members) = all, members.count != 2 {
                throw DecodingError.dataCorruptedError(
                    forKey: .paymentorder, in: container, debugDescription: "paymentorder must hold only operation and instrument")
            }
        }

        /// Writes `{"paymentorder": {"operation": "SetInstrument", "instrument": …}}`.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            var paymentOrder = container.nestedContainer(keyedBy: PaymentOrderKeys.self, forKey: .paymentorder)
            try paymentOrder.encode(Self.operation, forKey: .operation)
            try paymentOrder.encode(instrument, forKey: .instrument)
        }
    }
}
