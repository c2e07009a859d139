import BridgeCodec

extension BridgeChannel where Message == ProviderMessage {
    /// Branch's request to open Plaid Hosted Link: a bare URL string, posted by the onboarding
    /// page the WebView loads, from its main frame (a host list needs no frames).
    public static func branchHostedLink(handlerName: String = "branchPlaidLink", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: BranchHostedLinkRequest.self, as: ProviderMessage.branchHostedLink)
    }

    /// The `branchPlaidLinkComplete` event detail, as the onboarding page (the main frame)
    /// reports Plaid's outcome.
    public static func branchLinkComplete(handlerName: String = "branchPlaidLinkComplete", origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: PlaidLinkCompletion.self, as: ProviderMessage.branchLinkComplete)
    }
}
