import BridgeCodec
import Foundation

/// The order data the Sovendus banner page carries (Sovendus' `sovIframes` entry).
public struct SovendusOrder: Sendable, Hashable, Codable {
    /// The shop's session id.
    public var sessionId: String
    /// The order id.
    public var orderId: String
    /// ISO 4217 currency code, such as `EUR`.
    public var currencyCode: String
    /// The coupon code the customer used, or empty.
    public var usedCouponCode: String
    /// Sovendus traffic source number.
    public var trafficSourceNumber: Int
    /// Sovendus traffic medium number.
    public var trafficMediumNumber: Int
    /// Net order value, written to the page from its digits (`0.1 + 0.2` as `0.3`); not NaN.
    public var netOrderValue: Decimal
    /// Optional customer data (Sovendus' `sovConsumer`).
    public var customer: SovendusCustomer?

    /// An order.
    public init(
        sessionId: String, orderId: String, currencyCode: String, usedCouponCode: String, trafficSourceNumber: Int,
        trafficMediumNumber: Int, netOrderValue: Decimal, customer: SovendusCustomer? = nil
    ) {
        self.sessionId = sessionId
        self.orderId = orderId
        self.currencyCode = currencyCode
        self.usedCouponCode = usedCouponCode
        self.trafficSourceNumber = trafficSourceNumber
        self.trafficMediumNumber = trafficMediumNumber
        self.netOrderValue = netOrderValue
        self.customer = customer
    }
}

/// Optional customer data for the Sovendus banner; absent fields are left out of the page.
public struct SovendusCustomer: Sendable, Hashable, Codable {
    /// Salutation, such as `Mr.` or `Mrs.`.
    public var salutation: String?
    /// First name.
    public var firstName: String?
    /// Last name.
    public var lastName: String?
    /// Email address.
    public var email: String?
    /// Phone number.
    public var phone: String?
    /// Year of birth.
    public var yearOfBirth: Int?
    /// Date of birth, `dd.MM.yyyy`.
    public var dateOfBirth: String?
    /// Street.
    public var street: String?
    /// Street number.
    public var streetNumber: String?
    /// Postal code.
    public var zipcode: String?
    /// City.
    public var city: String?
    /// Country code, such as `DE`.
    public var country: String?

    /// Customer data; every field is optional.
    public init(
        salutation: String? = nil, firstName: String? = nil, lastName: String? = nil, email: String? = nil, phone: String? = nil,
        yearOfBirth: Int? = nil, dateOfBirth: String? = nil, street: String? = nil, streetNumber: String? = nil,
        zipcode: String? = nil, city: String? = nil, country: String? = nil
    ) {
        self.salutation = salutation
        self.firstName = firstName
        self.lastName = lastName
        self.email = email
        self.phone = phone
        self.yearOfBirth = yearOfBirth
        self.dateOfBirth = dateOfBirth
        self.street = street
        self.streetNumber = streetNumber
        self.zipcode = zipcode
        self.city = city
        self.country = country
    }
}
