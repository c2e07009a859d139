// WebKit's declarations that README's glue calls, with the signatures Apple documents for them
// (WebKit on iOS 14 and later, as the iOS 18 SDK spells them in Swift), so that
// scripts/check-readme-package compiles that glue on Linux against the same signatures. Only
// what README uses is here; the bodies are stand-ins.
import Foundation

/// Foundation's `URLRequest`, which Linux keeps in FoundationNetworking: its `url` is what README reads.
struct URLRequestStandIn {
    var url: URL?
}

@MainActor class WKSecurityOrigin: NSObject {
    var `protocol`: String { "" }
    var host: String { "" }
    var port: Int { 0 }
}

@MainActor class WKFrameInfo: NSObject {
    var isMainFrame: Bool { true }
    var request: URLRequestStandIn { URLRequestStandIn(url: nil) }
    var securityOrigin: WKSecurityOrigin { WKSecurityOrigin() }
}

@MainActor class WKScriptMessage: NSObject {
    var body: Any { NSNull() }
    var frameInfo: WKFrameInfo { WKFrameInfo() }
    var name: String { "" }
}

@MainActor class WKContentWorld: NSObject {
    static var page: WKContentWorld { WKContentWorld() }
}

@MainActor protocol WKScriptMessageHandler: NSObjectProtocol {
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

@MainActor protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)
}

@MainActor class WKUserContentController: NSObject {
    func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {}
    func addScriptMessageHandler(_ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String) {}
}

@MainActor class WKNavigationAction: NSObject {
    var request: URLRequestStandIn { URLRequestStandIn(url: nil) }
    var targetFrame: WKFrameInfo? { nil }
}

enum WKNavigationActionPolicy: Int, @unchecked Sendable {
    case cancel = 0
    case allow = 1
    case download = 2
}

@MainActor class WKNavigation: NSObject {}

@MainActor class WKWebView: NSObject {
    func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {}
    @discardableResult func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? { nil }
}

@MainActor protocol WKNavigationDelegate: NSObjectProtocol {
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)
}
