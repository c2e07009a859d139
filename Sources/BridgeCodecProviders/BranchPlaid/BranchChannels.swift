import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Branch's request to open Plaid Hosted Link: a bare URL string.
    public static func branchHostedLink(handlerName: String = "branchPlaidLink", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: BranchHostedLinkRequest.self, as: ProviderMessage.branchHostedLink)
    }

    /// The `branchPlaidLinkComplete` event detail, as the page reports Plaid's outcome.
    public static func branchLinkComplete(handlerName: String = "branchPlaidLinkComplete", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: PlaidLinkCompletion.self, as: ProviderMessage.branchLinkComplete)
    }
}
