import BridgeCodec

/// A decoded, checked message from one of the providers.
///
/// Each provider's folder declares its channels (such as `BridgeChannel.voltRedirect(handlerName:origins:)`);
/// this enum and `BridgeChannel.allProviders(origins:)` register them.
public enum ProviderMessage: Sendable, Hashable, Encodable {
    /// Volt: `voltRedirectCallback` data.
    case volt(VoltRedirect)
    /// Sovendus: a `sovHandler` message.
    case sovendus(SovendusMessage)
    /// Branch: open Plaid Hosted Link.
    case branchHostedLink(BranchHostedLinkRequest)
    /// Branch: a `branchPlaidLinkComplete` detail.
    case branchLinkComplete(PlaidLinkCompletion)
    /// Swedbank Pay: the `completed` hook.
    case swedbankPayCompleted(SwedbankPayCompleted)
    /// Swedbank Pay: the `canceled` hook.
    case swedbankPayCanceled(SwedbankPayCanceled)

    /// A stable name for the message's kind, such as `volt.bankRedirect` or `sovendus.height`.
    public var kind: String {
        switch self {
        case .volt(.bankRedirect): "volt.bankRedirect"
        case .volt(.merchantRedirect): "volt.merchantRedirect"
        case .sovendus(.height): "sovendus.height"
        case .sovendus(.openUrl): "sovendus.openUrl"
        case .branchHostedLink: "branch.hostedLink"
        case .branchLinkComplete: "branch.linkComplete"
        case .swedbankPayCompleted: "swedbankpay.completed"
        case .swedbankPayCanceled: "swedbankpay.canceled"
        }
    }

    /// Encodes the wrapped message in its provider's wire format.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .volt(let message): try message.encode(to: encoder)
        case .sovendus(let message): try message.encode(to: encoder)
        case .branchHostedLink(let message): try message.encode(to: encoder)
        case .branchLinkComplete(let message): try message.encode(to: encoder)
        case .swedbankPayCompleted(let message): try message.encode(to: encoder)
        case .swedbankPayCanceled(let message): try message.encode(to: encoder)
        }
    }
}

extension BridgeChannel where Message == ProviderMessage {
    /// One channel per provider message under the providers' handler names, all with the same
    /// origin policy.
    public static func allProviders(origins: OriginPolicy) -> [Self] {
        [
            .voltRedirect(origins: origins), .sovendus(origins: origins), .branchHostedLink(origins: origins),
            .branchLinkComplete(origins: origins), .swedbankPayCompleted(origins: origins), .swedbankPayCanceled(origins: origins),
        ]
    }
}
