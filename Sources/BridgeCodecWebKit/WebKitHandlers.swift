import WebKit

/// What the objects WebKit keeps (handlers, the navigation delegate) call back into. They hold
/// it weakly: WebKit's user content controller retains its handlers, and the bridge's owner
/// usually retains the web view, so a strong reference would keep both alive in a cycle.
@MainActor
protocol WebKitBridgeEndpoint: AnyObject {
    func receivePost(_ message: WKScriptMessage)
    func receiveRequest(_ message: WKScriptMessage) async -> (Any?, String?)
    func decide(_ action: WKNavigationAction) -> WKNavigationActionPolicy
    func committed()
}

/// A handler registered without a reply: the channel takes posts only, or it is the host's own.
final class PostHandler: NSObject, WKScriptMessageHandler {
    weak var endpoint: (any WebKitBridgeEndpoint)?

    init(_ endpoint: any WebKitBridgeEndpoint) {
        self.endpoint = endpoint
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) {
        endpoint?.receivePost(message)
    }
}

/// A handler registered with a reply, for a channel that answers requests: WebKit's reply goes
/// to the frame that asked, and is always given, so the page's Promise always settles.
final class RequestHandler: NSObject, WKScriptMessageHandlerWithReply {
    weak var endpoint: (any WebKitBridgeEndpoint)?

    init(_ endpoint: any WebKitBridgeEndpoint) {
        self.endpoint = endpoint
    }

    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (
        Any?, String?
    ) {
        guard let endpoint else { return (nil, "bridgecodec: the app's bridge has gone") }
        return await endpoint.receiveRequest(message)
    }
}

/// The web view's navigation delegate: each navigation decided by the host, each main-frame commit told.
final class NavigationDelegate: NSObject, WKNavigationDelegate {
    weak var endpoint: (any WebKitBridgeEndpoint)?

    init(_ endpoint: any WebKitBridgeEndpoint) {
        self.endpoint = endpoint
    }

    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        decisionHandler(endpoint?.decide(navigationAction) ?? .cancel)
    }

    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {
        endpoint?.committed()
    }
}
