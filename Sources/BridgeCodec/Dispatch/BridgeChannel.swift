/// One handler the app registers: its name, which message it carries, and which frames may post to it.
public struct BridgeChannel: Sendable, Hashable {
    /// The message a channel carries.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// Volt's `voltRedirectCallback` data.
        case voltRedirect
        /// Sovendus `sovHandler` messages.
        case sovendus
        /// Branch's request to open Plaid Hosted Link.
        case branchHostedLink
        /// The `branchPlaidLinkComplete` event detail.
        case branchLinkComplete
        /// Swedbank Pay's `completed` hook.
        case swedbankPayCompleted
        /// Swedbank Pay's `canceled` hook.
        case swedbankPayCanceled

        /// The handler name the providers' samples use (Volt has none; `voltRedirect` is this package's).
        public var defaultHandlerName: String {
            switch self {
            case .voltRedirect: "voltRedirect"
            case .sovendus: "sovHandler"
            case .branchHostedLink: "branchPlaidLink"
            case .branchLinkComplete: "branchPlaidLinkComplete"
            case .swedbankPayCompleted: "completed"
            case .swedbankPayCanceled: "canceled"
            }
        }
    }

    /// The handler name messages arrive under.
    public var handlerName: String
    /// What the channel carries.
    public var kind: Kind
    /// Which frames may post; chosen explicitly.
    public var origins: OriginPolicy

    /// A channel for `kind` under `handlerName` (default: the provider's own name).
    public init(_ kind: Kind, handlerName: String? = nil, origins: OriginPolicy) {
        self.kind = kind
        self.handlerName = handlerName ?? kind.defaultHandlerName
        self.origins = origins
    }

    /// One channel per kind under the default handler names, all with the same origin policy.
    public static func defaults(origins: OriginPolicy) -> [BridgeChannel] {
        Kind.allCases.map { BridgeChannel($0, origins: origins) }
    }
}
