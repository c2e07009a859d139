import BridgeCodec

/// The page asks the app to open Plaid Hosted Link: the body of the `branchPlaidLink`
/// message (iOS) or the one argument of `BranchAndroidBridge.openHostedLink(url)` (Android).
///
/// Wire format: a bare JSON string, the hosted-link URL.
public struct BranchHostedLinkRequest: Sendable, Hashable, Codable {
    /// The Plaid Hosted Link URL to open in an authentication session or Custom Tab.
    public var url: BridgeURL

    /// A request for `url`.
    public init(url: BridgeURL) {
        self.url = url
    }

    /// Reads the bare URL string.
    public init(from decoder: any Decoder) throws {
        url = try decoder.singleValueContainer().decode(BridgeURL.self)
    }

    /// Encodes the bare URL string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(url)
    }
}
