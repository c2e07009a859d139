import BridgeCodec

/// What Volt Checkout passes to `window.voltRedirectCallback(data)`.
///
/// Wire format: `{"type": "bank_redirect", "url": …}` or
/// `{"type": "merchant_redirect", "result": "cancel"|"success"|"failure"|"pending", "url": …}`.
/// Other members are tolerated and dropped.
public enum VoltRedirect: Sendable, Hashable, Codable {
    /// Open the bank's URL in the system browser for app-to-app authorisation.
    case bankRedirect(url: BridgeURL)
    /// The checkout ended; return the payer to the merchant's flow.
    case merchantRedirect(result: VoltMerchantResult, url: BridgeURL)

    /// The URL of either case.
    public var url: BridgeURL {
        switch self {
        case .bankRedirect(let url), .merchantRedirect(_, let url): url
        }
    }

    /// The `type` values Volt sends.
    enum MessageType: String, CaseIterable, Decodable {
        case bankRedirect = "bank_redirect"
        case merchantRedirect = "merchant_redirect"
    }

    enum CodingKeys: String, CodingKey {
        case type, result, url
    }

    /// Reads Volt's wire format.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(MessageType.self, forKey: .type) {
        case .bankRedirect:
            self = .bankRedirect(url: try container.decode(BridgeURL.self, forKey: .url))
        case .merchantRedirect:
            let result = try container.decode(VoltMerchantResult.self, forKey: .result)
            self = .merchantRedirect(result: result, url: try container.decode(BridgeURL.self, forKey: .url))
        }
    }

    /// Encodes Volt's wire format.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .bankRedirect(let url):
            try container.encode(MessageType.bankRedirect.rawValue, forKey: .type)
            try container.encode(url, forKey: .url)
        case .merchantRedirect(let result, let url):
            try container.encode(MessageType.merchantRedirect.rawValue, forKey: .type)
            try container.encode(result, forKey: .result)
            try container.encode(url, forKey: .url)
        }
    }
}

/// The outcome Volt reports in a `merchant_redirect`.
public enum VoltMerchantResult: String, Sendable, Hashable, Codable, CaseIterable {
    /// The payer cancelled.
    case cancel
    /// The payment succeeded.
    case success
    /// The payment failed.
    case failure
    /// The payment is not settled yet.
    case pending
}
