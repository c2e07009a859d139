import BridgeCodec

/// A decoded, checked message from one of the providers.
///
/// Each provider's folder declares it (``BridgeProvider/volt`` in `Volt/Volt.swift`): its
/// channels map their messages to a case here, and ``BridgeProvider/all`` registers it.
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
        case .volt(.bankRedirect): Volt.bankRedirectKind
        case .volt(.merchantRedirect): Volt.merchantRedirectKind
        case .sovendus(.height): Sovendus.heightKind
        case .sovendus(.openUrl): Sovendus.openUrlKind
        case .branchHostedLink: BranchPlaid.hostedLinkKind
        case .branchLinkComplete: BranchPlaid.linkCompleteKind
        case .swedbankPayCompleted: SwedbankPay.completedKind
        case .swedbankPayCanceled: SwedbankPay.canceledKind
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
    /// origin policy, in ``BridgeProvider/all``'s order.
    public static func allProviders(origins: OriginPolicy) -> [Self] {
        BridgeProvider.all.flatMap(\.handlers).map { $0.channel(origins: origins) }
    }
}
