import BridgeCodec
import WebKit

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebKitBridge {
    /// A `WebPage` with the bridge installed: its handlers and scripts on `configuration`'s user
    /// content controller, the bridge as its navigation decider, and the app's events sent
    /// through `callJavaScript`, their values as arguments. A `WebPage` reports no commit to a
    /// decider: a page's events go by the secret its client told, and one a new document does
    /// not take is held for it (``BridgeHost/notTaken(_:)``).
    /// A bridge serves one page: once installed, the page it makes has no handlers of its own.
    public func makeWebPage(configuration: WebPage.Configuration = WebPage.Configuration()) -> WebPage {
        _ = install(in: configuration.userContentController)
        let page = WebPage(configuration: configuration, navigationDecider: PageNavigationDecider(bridge: self))
        deliverEvents { [weak page] event in
            guard let page else { return false }
            let taken = try? await page.callJavaScript(
                BridgeHost<Message>.Event.functionBody, arguments: event.arguments, in: nil, contentWorld: .page)
            return (taken as? Bool) == true
        }
        return page
    }
}

/// A `WebPage`'s navigation decider: each navigation decided by the bridge's host. It holds the
/// bridge weakly, as the page keeps its decider for as long as it lives.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
struct PageNavigationDecider<Message: Sendable>: WebPage.NavigationDeciding {
    weak var bridge: WebKitBridge<Message>?

    @MainActor
    mutating func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        guard let bridge else { return .cancel }
        let navigation = BridgeHost<Message>.Navigation(
            url: action.request.url?.absoluteString ?? "", isMainFrame: action.target?.isMainFrame ?? true)
        return bridge.apply(bridge.decide(navigation))
    }
}
