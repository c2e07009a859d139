import BridgeCodec

extension MerchantBackend {
    /// The body the app posts to the consumers endpoint to start identifying the payer.
    public struct ConsumersRequest: Sendable, Hashable, Codable {
        /// Always `initiate-consumer-session`.
        public var operation: String
        /// The Checkin language: `sv-SE`, `nb-NO`, `da-DK`, `en-US` or `fi-FI`.
        public var language: String
        /// The ISO 3166 countries the merchant ships to.
        public var shippingAddressRestrictedToCountryCodes: [String]

        /// A request to start a consumer session.
        public init(
            operation: String = "initiate-consumer-session", language: String, shippingAddressRestrictedToCountryCodes: [String]
        ) {
            self.operation = operation
            self.language = language
            self.shippingAddressRestrictedToCountryCodes = shippingAddressRestrictedToCountryCodes
        }
    }

    /// The consumers endpoint's answer, Swedbank Pay's response passed on.
    public struct ConsumersResponse: Sendable, Hashable, Codable {
        /// The session token Checkin starts with.
        public var token: String
        /// What the app may do next; the SDK needs ``Operation/viewConsumerIdentification``.
        public var operations: [Operation]

        /// A consumers response.
        public init(token: String, operations: [Operation]) {
            self.token = token
            self.operations = operations
        }
    }
}
