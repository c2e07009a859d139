import BridgeCodec

/// Branch's names, each written here once: its channels' and scripts' defaults, its
/// ``BridgeProvider/branchPlaid`` declaration and its messages' kinds read them.
@usableFromInline
enum BranchPlaid {
    static let id = "branch"
    /// The handler the onboarding page posts the Hosted Link URL to.
    @usableFromInline static let linkHandler = "branchPlaidLink"
    /// The CustomEvent the app dispatches with Plaid's outcome, and the handler its detail is posted under.
    @usableFromInline static let linkComplete = "branchPlaidLinkComplete"
    /// The `@JavascriptInterface` object Branch's Android app gives the page.
    @usableFromInline static let androidInterface = "BranchAndroidBridge"
    /// Its method taking the Hosted Link URL.
    static let androidMethod = "openHostedLink"
    static let hostedLinkKind = id + ".hostedLink"
    static let linkCompleteKind = id + ".linkComplete"
}

extension BridgeProvider {
    /// Branch with Plaid: the onboarding page asks the app to open Plaid Hosted Link
    /// (``BranchHostedLinkRequest``) and hears how it ended (``PlaidLinkCompletion``).
    public static let branchPlaid = BridgeProvider(
        id: BranchPlaid.id, handlers: [.branchHostedLink, .branchLinkComplete], scripts: [.branchPlaidLinkOpener])
}

extension BridgeProvider.Handler {
    /// Branch's ``BranchHostedLinkRequest``, under `branchPlaidLink`.
    public static let branchHostedLink = Self(
        name: BranchPlaid.linkHandler, example: .string("https://hosted.plaid.com/link/lp-1234"),
        channel: { .branchHostedLink(handlerName: $0, origins: $1) })

    /// The ``PlaidLinkCompletion`` detail, under `branchPlaidLinkComplete`.
    public static let branchLinkComplete = Self(
        name: BranchPlaid.linkComplete,
        example: .providerExample([
            ("status", .string(PlaidLinkCompletion.Status.completed.rawValue)),
            ("callbackUrl", .string("https://app.example/plaid/complete?public_token=p-1")),
        ]),
        channel: { .branchLinkComplete(handlerName: $0, origins: $1) })
}

extension BridgeProvider.Script {
    /// Branch's `branchPlaidOpenHostedLink` hook (`BridgeScripts.branchPlaidLinkOpener(transport:handler:androidInterface:)`).
    public static let branchPlaidLinkOpener = Self(
        name: "branch-plaid-open",
        summary: [
            "window.branchPlaidOpenHostedLink(url) → \(BranchPlaid.linkHandler) / \(BranchPlaid.androidInterface).\(BranchPlaid.androidMethod)"
        ],
        parameters: [("handler", BranchPlaid.linkHandler), ("androidInterface", BranchPlaid.androidInterface)],
        build: { transport, names in
            BridgeScripts.branchPlaidLinkOpener(
                transport: transport, handler: names["handler"], androidInterface: names["androidInterface"])
        })
}

extension BridgeChannel where Message == ProviderMessage {
    /// Branch's request to open Plaid Hosted Link: a bare URL string, posted by the onboarding
    /// page the WebView loads, from its main frame (a host list needs no frames).
    public static func branchHostedLink(handlerName: String = BranchPlaid.linkHandler, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: BranchHostedLinkRequest.self, as: ProviderMessage.branchHostedLink)
    }

    /// The `branchPlaidLinkComplete` event detail, as the onboarding page (the main frame)
    /// reports Plaid's outcome.
    public static func branchLinkComplete(handlerName: String = BranchPlaid.linkComplete, origins: OriginPolicy) -> Self {
        Self(handlerName, origins: origins, decoding: PlaidLinkCompletion.self, as: ProviderMessage.branchLinkComplete)
    }
}

extension BridgeScripts {
    /// Branch: defines `window.branchPlaidOpenHostedLink(url)`, posting the bare URL string to `handler`
    /// (on Android: `BranchAndroidBridge.openHostedLink(url)`).
    public static func branchPlaidLinkOpener(
        transport: ScriptTransport, handler: String = BranchPlaid.linkHandler, androidInterface: String = BranchPlaid.androidInterface
    ) -> String {
        script(
            running: ProviderSnippets.branchPlaidOpen, transport: transport,
            config: [
                "handler": .string(handler), "androidInterface": .string(androidInterface),
                "androidMethod": .string(BranchPlaid.androidMethod),
            ])
    }

    /// Branch: dispatches the `branchPlaidLinkComplete` CustomEvent on `window` with `completion` as its detail.
    public static func branchPlaidLinkCompletion(_ completion: PlaidLinkCompletion, eventName: String = BranchPlaid.linkComplete) -> String
    {
        var detail = JSONObject()
        for (key, value) in completion.wireMembers { detail[key.stringValue] = .string(value) }
        return dispatchEvent(named: eventName, detail: .object(detail))
    }
}
