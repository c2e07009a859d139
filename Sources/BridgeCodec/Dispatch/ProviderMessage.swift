/// A decoded, checked message from one of the providers.
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
