import BridgeCodec

extension MerchantBackend {
    /// One operation of a Swedbank Pay resource: what the app may do next, found by its `rel`.
    public struct Operation: Sendable, Hashable, Codable {
        /// The operation's name, such as ``viewPaymentOrder``.
        public var rel: String
        /// The HTTP method to use.
        public var method: String
        /// The URL to use.
        public var href: String
        /// What the URL serves, such as `application/javascript` for a script to load.
        public var contentType: String

        /// An operation.
        public init(rel: String, method: String, href: String, contentType: String) {
            self.rel = rel
            self.method = method
            self.href = href
            self.contentType = contentType
        }

        /// The consumer identification script (consumers response).
        public static let viewConsumerIdentification = "view-consumer-identification"
        /// The payment menu script of Payment Orders v2.
        public static let viewPaymentOrder = "view-paymentorder"
        /// The checkout script of Payment Orders v3.
        public static let viewCheckout = "view-checkout"
        /// Changing the instrument of a payment order in instrument mode.
        public static let setInstrument = "update-paymentorder-setinstrument"
        /// Aborting a payment order.
        public static let abort = "abort"
    }
}

extension [MerchantBackend.Operation] {
    /// The first operation named `rel`, compared by code units as the SDK compares it.
    public func first(rel: String) -> MerchantBackend.Operation? {
        first { $0.rel.utf8.elementsEqual(rel.utf8) }
    }
}
