import BridgeCodec

extension EmbeddedCheckout {
    /// The checkout a message carries, typed for what a host shows and decides on. Its other
    /// members are kept in ``otherMembers``: UCP's schemas leave the checkout open, and the spec
    /// makes adding members and enum values a compatible change that consumers must accept.
    /// Members inside the typed ones that the type does not name are ignored, as the spec asks.
    public struct Checkout: Sendable, Hashable, Decodable {
        /// The `ucp` metadata's protocol version, which must be the session's.
        public var ucp: UCP
        /// The checkout's id.
        public var id: String
        /// Where the checkout stands.
        public var status: Status
        /// The ISO 4217 currency of every amount.
        public var currency: String
        /// What is bought.
        public var lineItems: [LineItem]
        /// The totals, each in minor units (exactly one `subtotal` and one `total` in a valid checkout).
        public var totals: [Total]
        /// Links the business shows (terms, privacy, …).
        public var links: [Link]
        /// The buyer, as far as known.
        public var buyer: Buyer?
        /// The payment instruments, with the selected one.
        public var payment: Payment?
        /// The fulfillment, as sent: its shape belongs to the fulfillment extension.
        public var fulfillment: JSONValue?
        /// Messages for the buyer: errors, warnings, information.
        public var messages: [Note]?
        /// Where the buyer continues the checkout outside the web view.
        public var continueURL: BridgeURL?
        /// The order, once the checkout is complete.
        public var order: Order?
        /// Every other member, as sent (`context`, `expires_at`, an extension's members, …).
        public var otherMembers: [String: JSONValue]

        /// The `ucp` member, as far as a host decides on it: its other members (`status`,
        /// `services`, `payment_handlers`) are not read.
        public struct UCP: Sendable, Hashable, Decodable {
            /// The protocol version, `YYYY-MM-DD`.
            public var version: String
        }

        /// `incomplete`, `ready_for_complete`, `completed`, … and any value a later release adds.
        public struct Status: RawRepresentable, Sendable, Hashable, Decodable, CustomStringConvertible {
            /// The status as sent.
            public let rawValue: String
            /// A status of `rawValue`.
            public init(rawValue: String) { self.rawValue = rawValue }
            /// The status as sent.
            public var description: String { rawValue }
            /// The buyer has more to give.
            public static let incomplete = Status(rawValue: "incomplete")
            /// The business needs the buyer elsewhere (`continue_url`).
            public static let requiresEscalation = Status(rawValue: "requires_escalation")
            /// Ready to be completed.
            public static let readyForComplete = Status(rawValue: "ready_for_complete")
            /// Being completed.
            public static let completeInProgress = Status(rawValue: "complete_in_progress")
            /// Completed: the `order` is set.
            public static let completed = Status(rawValue: "completed")
            /// Canceled.
            public static let canceled = Status(rawValue: "canceled")
        }

        /// One line: an item and its quantity.
        public struct LineItem: Sendable, Hashable, Decodable {
            /// The line's id.
            public var id: String
            /// What is bought.
            public var item: Item
            /// How many, at least 1.
            public var quantity: Int
            /// The line's totals.
            public var totals: [Total]

            /// An item.
            public struct Item: Sendable, Hashable, Decodable {
                /// The item's id.
                public var id: String
                /// Its title, as the business writes it.
                public var title: String
                /// Its price, in minor units.
                public var price: Int
                /// Its picture.
                public var imageURL: BridgeURL?

                enum CodingKeys: String, CodingKey {
                    case id, title, price
                    case imageURL = "image_url"
                }
            }
        }

        /// One total: its type (`subtotal`, `tax`, `total`, …) and amount in minor units.
        public struct Total: Sendable, Hashable, Decodable {
            /// `subtotal`, `discount`, `fulfillment`, `tax`, `fee`, `total`, or a later type.
            public var type: String
            /// The amount in minor units; a discount may be negative.
            public var amount: Int
            /// The text the business shows for it.
            public var displayText: String?

            enum CodingKeys: String, CodingKey {
                case type, amount
                case displayText = "display_text"
            }
        }

        /// A link the business shows.
        public struct Link: Sendable, Hashable, Decodable {
            /// `privacy_policy`, `terms_of_service`, … or a later type.
            public var type: String
            /// Where it goes.
            public var url: BridgeURL
            /// Its title.
            public var title: String?
        }

        /// The buyer.
        public struct Buyer: Sendable, Hashable, Decodable {
            /// Given name.
            public var firstName: String?
            /// Family name.
            public var lastName: String?
            /// Email address.
            public var email: String?
            /// Phone number, E.164.
            public var phoneNumber: String?

            enum CodingKeys: String, CodingKey {
                case email
                case firstName = "first_name"
                case lastName = "last_name"
                case phoneNumber = "phone_number"
            }
        }

        /// The payment: its instruments.
        public struct Payment: Sendable, Hashable, Decodable {
            /// The instruments, with the one selected.
            public var instruments: [Instrument]?

            /// A payment instrument.
            public struct Instrument: Sendable, Hashable, Decodable {
                /// The instrument's id.
                public var id: String
                /// The payment handler that processes it.
                public var handlerID: String
                /// `card`, or another type.
                public var type: String
                /// Whether it is the one selected.
                public var selected: Bool?
                /// What the buyer sees of it (brand, last digits), as sent.
                public var display: JSONValue?

                enum CodingKeys: String, CodingKey {
                    case id, type, selected, display
                    case handlerID = "handler_id"
                }
            }
        }

        /// A message for the buyer: `type` `error`, `warning` or `info`.
        public struct Note: Sendable, Hashable, Decodable {
            /// `error`, `warning` or `info`.
            public var type: String
            /// A code, such as `out_of_stock` or `abort_error`.
            public var code: String?
            /// The text.
            public var content: String
            /// An error's severity: `recoverable`, `requires_buyer_input`, `requires_buyer_review`, `unrecoverable`.
            public var severity: String?
        }

        /// The order.
        public struct Order: Sendable, Hashable, Decodable {
            /// The order's id.
            public var id: String
            /// The buyer's page for it.
            public var permalinkURL: BridgeURL
            /// Its label, such as an order number.
            public var label: String?

            enum CodingKeys: String, CodingKey {
                case id, label
                case permalinkURL = "permalink_url"
            }
        }

        /// The members the type reads; the others are kept as sent.
        enum CodingKeys: String, CodingKey, CaseIterable {
            case ucp, id, status, currency, totals, links, buyer, payment, fulfillment, messages, order
            case lineItems = "line_items"
            case continueURL = "continue_url"
        }

        /// Reads the typed members, then keeps every other member as sent.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ucp = try container.decode(UCP.self, forKey: .ucp)
            id = try container.decode(String.self, forKey: .id)
            status = try container.decode(Status.self, forKey: .status)
            currency = try container.decode(String.self, forKey: .currency)
            lineItems = try container.decode([LineItem].self, forKey: .lineItems)
            totals = try container.decode([Total].self, forKey: .totals)
            links = try container.decode([Link].self, forKey: .links)
            buyer = try container.decodeIfPresent(Buyer.self, forKey: .buyer)
            payment = try container.decodeIfPresent(Payment.self, forKey: .payment)
            fulfillment = try container.decodeIfPresent(JSONValue.self, forKey: .fulfillment)
            messages = try container.decodeIfPresent([Note].self, forKey: .messages)
            continueURL = try container.decodeIfPresent(BridgeURL.self, forKey: .continueURL)
            order = try container.decodeIfPresent(Order.self, forKey: .order)
            let others = try decoder.container(keyedBy: AnyKey.self)
            var kept: [String: JSONValue] = [:]
            for key in others.allKeys where CodingKeys(rawValue: key.stringValue) == nil {
                kept[key.stringValue] = try others.decode(JSONValue.self, forKey: key)
            }
            otherMembers = kept
        }
    }

    /// A UCP error response: `ec.error`'s `error`, and what the host answers a request it declines.
    public struct ErrorResponse: Sendable, Hashable, Decodable {
        /// The `ucp` metadata (`status` `error`).
        public var ucp: Checkout.UCP
        /// At least one message, the errors with their codes and severities.
        public var messages: [Checkout.Note]
        /// Where the buyer continues, the session being over.
        public var continueURL: BridgeURL?

        enum CodingKeys: String, CodingKey {
            case ucp, messages
            case continueURL = "continue_url"
        }

        /// Reads an error response; one without messages is refused, as the schema asks.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            ucp = try container.decode(Checkout.UCP.self, forKey: .ucp)
            messages = try container.decode([Checkout.Note].self, forKey: .messages)
            continueURL = try container.decodeIfPresent(BridgeURL.self, forKey: .continueURL)
            if messages.isEmpty {
                throw DecodingError.dataCorruptedError(
                    forKey: .messages, in: container, debugDescription: "an error response has at least one message")
            }
        }
    }

    /// Any member name, for the members a type keeps as sent.
    struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
