// A stand-in for Apple's WebKit framework, so that code written against WebKit (`import WebKit`) builds
// and runs on Linux, where there is no WebKit. It declares only what this package's adapter and README's
// glue use. Each declaration is copied from the Apple documentation page named in the comment above it
// (iOS 26 SDK), with that page's isolation, Sendable-ness, optionality, argument labels, default
// arguments and availability; where a page could not be read, or differs from the SDK, the comment says
// where the signature comes from instead (WebKit's open-source Swift overlay and headers). `@available`
// is written for APIs introduced in iOS 14/macOS 11 or later, and left off older ones, which predate
// this package's floor (iOS 16, macOS 13).
//
// The bodies are stand-ins: nothing here renders a page or runs JavaScript. Where Linux forces a
// difference from the SDK, the comment says so: the classes subclass NSObject rather than UIView/NSView;
// `@NSCopying` and `weak` on read-only properties are dropped (they describe storage, not the API);
// `WebPage` is not `@Observable`. Protocol requirements that are optional in Objective-C, or that WebKit
// imports twice (a completion handler and its `async` form), are declared as requirements with default
// implementations in a protocol extension.
//
// The last section, `@_spi(StandIn)`, is test-only: it lets a test play WebKit's part (build messages,
// frames and navigation actions, see what scripts and handlers were added, deliver messages, record
// JavaScript calls and choose their results). Code that imports plain `WebKit` cannot see it; tests use
// `@_spi(StandIn) import WebKit`.
//
// This file is only ever compiled on Linux, where `URLRequest` lives in FoundationNetworking. As on Apple
// platforms, `import WebKit` also brings in Foundation.
@_exported import Foundation
#if canImport(FoundationNetworking)
@_exported import FoundationNetworking
#endif

// MARK: - WKSecurityOrigin

// https://developer.apple.com/documentation/webkit/wksecurityorigin
// (`init()` is unavailable in the SDK; the stand-in has no public initializer either.)
@MainActor
open class WKSecurityOrigin: NSObject {
    let standInProtocol: String
    let standInHost: String
    let standInPort: Int

    init(standInProtocol: String, host: String, port: Int) {
        self.standInProtocol = standInProtocol
        self.standInHost = host
        self.standInPort = port
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wksecurityorigin/protocol
    open var `protocol`: String { standInProtocol }

    // https://developer.apple.com/documentation/webkit/wksecurityorigin/host
    open var host: String { standInHost }

    // https://developer.apple.com/documentation/webkit/wksecurityorigin/port
    open var port: Int { standInPort }
}

// MARK: - WKFrameInfo

// https://developer.apple.com/documentation/webkit/wkframeinfo
@MainActor
open class WKFrameInfo: NSObject {
    let standInIsMainFrame: Bool
    let standInRequest: URLRequest
    let standInSecurityOrigin: WKSecurityOrigin
    weak var standInWebView: WKWebView?

    init(standInIsMainFrame: Bool, request: URLRequest, securityOrigin: WKSecurityOrigin, webView: WKWebView?) {
        self.standInIsMainFrame = standInIsMainFrame
        self.standInRequest = request
        self.standInSecurityOrigin = securityOrigin
        self.standInWebView = webView
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkframeinfo/ismainframe
    open var isMainFrame: Bool { standInIsMainFrame }

    // https://developer.apple.com/documentation/webkit/wkframeinfo/request
    open var request: URLRequest { standInRequest }

    // https://developer.apple.com/documentation/webkit/wkframeinfo/securityorigin
    open var securityOrigin: WKSecurityOrigin { standInSecurityOrigin }

    // https://developer.apple.com/documentation/webkit/wkframeinfo/webview
    // (The SDK declares it `weak var webView: WKWebView? { get }`; the stand-in holds it weakly too.)
    open var webView: WKWebView? { standInWebView }
}

// MARK: - WKContentWorld

// https://developer.apple.com/documentation/webkit/wkcontentworld
// (`init()` is unavailable in the SDK; worlds come from `page`, `defaultClient` and `world(name:)`.)
@available(iOS 14.0, macOS 11.0, *)
@MainActor
open class WKContentWorld: NSObject {
    let standInName: String?
    private static let standInPage = WKContentWorld(standInName: nil)
    private static let standInDefaultClient = WKContentWorld(standInName: nil)
    private static var standInNamed: [String: WKContentWorld] = [:]

    init(standInName: String?) {
        self.standInName = standInName
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkcontentworld/page
    public class var page: WKContentWorld { standInPage }

    // https://developer.apple.com/documentation/webkit/wkcontentworld/defaultclient
    public class var defaultClient: WKContentWorld { standInDefaultClient }

    // https://developer.apple.com/documentation/webkit/wkcontentworld/world(name:)
    // (Repeated calls with the same name return the same world, as WebKit does while that world lives.)
    public class func world(name: String) -> WKContentWorld {
        if let world = standInNamed[name] { return world }
        let world = WKContentWorld(standInName: name)
        standInNamed[name] = world
        return world
    }

    // https://developer.apple.com/documentation/webkit/wkcontentworld/name
    // (`nil` for `page` and `defaultClient`.)
    open var name: String? { standInName }
}

// MARK: - WKUserScript

// https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime
public enum WKUserScriptInjectionTime: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentstart
    case atDocumentStart = 0
    // https://developer.apple.com/documentation/webkit/wkuserscriptinjectiontime/atdocumentend
    case atDocumentEnd = 1
}

// https://developer.apple.com/documentation/webkit/wkuserscript
@MainActor
open class WKUserScript: NSObject {
    let standInSource: String
    let standInInjectionTime: WKUserScriptInjectionTime
    let standInIsForMainFrameOnly: Bool
    let standInWorld: WKContentWorld

    // https://developer.apple.com/documentation/webkit/wkuserscript/init(source:injectiontime:formainframeonly:)
    // (The script goes into the page content world, as the header says.)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool) {
        self.standInSource = source
        self.standInInjectionTime = injectionTime
        self.standInIsForMainFrameOnly = forMainFrameOnly
        self.standInWorld = .page
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkuserscript/init(source:injectiontime:formainframeonly:in:)
    @available(iOS 14.0, macOS 11.0, *)
    public init(source: String, injectionTime: WKUserScriptInjectionTime, forMainFrameOnly: Bool, in contentWorld: WKContentWorld) {
        self.standInSource = source
        self.standInInjectionTime = injectionTime
        self.standInIsForMainFrameOnly = forMainFrameOnly
        self.standInWorld = contentWorld
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkuserscript/source
    open var source: String { standInSource }

    // https://developer.apple.com/documentation/webkit/wkuserscript/injectiontime
    open var injectionTime: WKUserScriptInjectionTime { standInInjectionTime }

    // https://developer.apple.com/documentation/webkit/wkuserscript/isformainframeonly
    open var isForMainFrameOnly: Bool { standInIsForMainFrameOnly }
}

// MARK: - WKScriptMessage

// https://developer.apple.com/documentation/webkit/wkscriptmessage
@MainActor
open class WKScriptMessage: NSObject {
    let standInBody: Any
    let standInFrameInfo: WKFrameInfo
    let standInName: String
    let standInWorld: WKContentWorld
    weak var standInWebView: WKWebView?

    init(standInName: String, body: Any, frameInfo: WKFrameInfo, world: WKContentWorld, webView: WKWebView?) {
        self.standInName = standInName
        self.standInBody = body
        self.standInFrameInfo = frameInfo
        self.standInWorld = world
        self.standInWebView = webView
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkscriptmessage/body
    open var body: Any { standInBody }

    // https://developer.apple.com/documentation/webkit/wkscriptmessage/frameinfo
    // (The SDK adds `@NSCopying`, which only a stored property can carry.)
    open var frameInfo: WKFrameInfo { standInFrameInfo }

    // https://developer.apple.com/documentation/webkit/wkscriptmessage/name
    open var name: String { standInName }

    // https://developer.apple.com/documentation/webkit/wkscriptmessage/world
    @available(iOS 14.0, macOS 11.0, *)
    open var world: WKContentWorld { standInWorld }

    // https://developer.apple.com/documentation/webkit/wkscriptmessage/webview
    // (The SDK declares it `weak var webView: WKWebView? { get }`; the stand-in holds it weakly too.)
    open var webView: WKWebView? { standInWebView }
}

// MARK: - WKScriptMessageHandler

// https://developer.apple.com/documentation/webkit/wkscriptmessagehandler
@MainActor
public protocol WKScriptMessageHandler: NSObjectProtocol {
    // https://developer.apple.com/documentation/webkit/wkscriptmessagehandler/usercontentcontroller(_:didreceive:)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage)
}

// MARK: - WKScriptMessageHandlerWithReply

// https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply
// In Objective-C the protocol has one required method, `userContentController:didReceiveScriptMessage:
// replyHandler:` (WK_SWIFT_ASYNC(3)), which Swift imports twice: with the reply handler, and as
// `userContentController(_:didReceive:) async -> (Any?, String?)`; a class implements either one. A plain
// Swift protocol cannot say "one of two", so the stand-in declares both as requirements and gives each a
// default that forwards to the other (a conformer that implements neither stops with a precondition
// failure, where the SDK would not compile). WebKit calls the reply-handler form; so does the stand-in.
@available(iOS 14.0, macOS 11.0, *)
@MainActor
public protocol WKScriptMessageHandlerWithReply: NSObjectProtocol {
    // https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply/usercontentcontroller(_:didreceive:replyhandler:)
    func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void)

    // https://developer.apple.com/documentation/webkit/wkscriptmessagehandlerwithreply/usercontentcontroller(_:didreceive:replyhandler:)
    // (The `async` form Swift imports from the same Objective-C method: WK_SWIFT_ASYNC(3) in
    // WKScriptMessageHandlerWithReply.h; isolated to the main actor with the protocol.)
    func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?)
}

/// The two defaults of a requirement pair forward to each other; this records, per task, which objects'
/// `async` default is running, so that a conformer implementing neither form is noticed, not looped.
enum StandInDefaultBridging {
    @TaskLocal static var inAsyncDefault: Set<ObjectIdentifier> = []
}

/// A non-Sendable value carried across a continuation that resumes on the actor it came from.
struct StandInUnchecked<Value>: @unchecked Sendable {
    let value: Value
}

/// Resumes a continuation at most once: with the first value given, or with `nil` when the last
/// reference goes without one (a completion handler released without being called).
final class StandInOnce<Value>: @unchecked Sendable {
    private var continuation: CheckedContinuation<StandInUnchecked<Value>?, Never>?

    init(_ continuation: CheckedContinuation<StandInUnchecked<Value>?, Never>) {
        self.continuation = continuation
    }

    func resume(_ value: Value) {
        guard let continuation else { return }
        self.continuation = nil
        continuation.resume(returning: StandInUnchecked(value: value))
    }

    deinit {
        continuation?.resume(returning: nil)
    }
}

// Default implementations: see the comment on the protocol.
@available(iOS 14.0, macOS 11.0, *)
extension WKScriptMessageHandlerWithReply {
    public func userContentController(
        _ userContentController: WKUserContentController, didReceive message: WKScriptMessage,
        replyHandler: @escaping @MainActor @Sendable (Any?, String?) -> Void
    ) {
        guard !StandInDefaultBridging.inAsyncDefault.contains(ObjectIdentifier(self)) else {
            preconditionFailure(
                "\(type(of: self)) implements neither userContentController(_:didReceive:replyHandler:) nor "
                    + "userContentController(_:didReceive:) async; WKScriptMessageHandlerWithReply requires one")
        }
        let handler = StandInUnchecked(value: self)
        Task { @MainActor in
            let (reply, errorMessage) = await handler.value.userContentController(userContentController, didReceive: message)
            replyHandler(reply, errorMessage)
        }
    }

    public func userContentController(_ userContentController: WKUserContentController, didReceive message: WKScriptMessage) async -> (Any?, String?) {
        let reply = await withCheckedContinuation { (continuation: CheckedContinuation<StandInUnchecked<(Any?, String?)>?, Never>) in
            let once = StandInOnce(continuation)
            StandInDefaultBridging.$inAsyncDefault.withValue(StandInDefaultBridging.inAsyncDefault.union([ObjectIdentifier(self)])) {
                self.userContentController(userContentController, didReceive: message) { reply, errorMessage in
                    once.resume((reply, errorMessage))
                }
            }
        }
        // WebKit rejects the page's promise when the reply handler is released without a call.
        return reply?.value ?? (nil, "The reply handler was released without being called")
    }
}

// MARK: - WKUserContentController

// https://developer.apple.com/documentation/webkit/wkusercontentcontroller
@MainActor
open class WKUserContentController: NSObject {
    var standInUserScripts: [WKUserScript] = []
    var standInRegistrations: [StandInScriptMessageHandlerRegistration] = []
    var standInEventLog: [StandInUserContentEvent] = []

    // https://developer.apple.com/documentation/objectivec/nsobject/init()
    // (Inherited from NSObject; WebKit has no page of its own for it.)
    public override init() {
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/userscripts
    open var userScripts: [WKUserScript] { standInUserScripts }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/adduserscript(_:)
    open func addUserScript(_ userScript: WKUserScript) {
        standInUserScripts.append(userScript)
        standInEventLog.append(.addedUserScript(userScript))
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removealluserscripts()
    open func removeAllUserScripts() {
        standInUserScripts.removeAll()
        standInEventLog.append(.removedAllUserScripts)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/add(_:name:)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, name: String) {
        standInRegister(.withoutReply(scriptMessageHandler), contentWorld: .page, name: name)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/add(_:contentworld:name:)
    @available(iOS 14.0, macOS 11.0, *)
    open func add(_ scriptMessageHandler: any WKScriptMessageHandler, contentWorld world: WKContentWorld, name: String) {
        standInRegister(.withoutReply(scriptMessageHandler), contentWorld: world, name: name)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/addscriptmessagehandler(_:contentworld:name:)
    // (The page could not be read here; the Swift name is the one Swift gives
    // `addScriptMessageHandlerWithReply:contentWorld:name:` in WKUserContentController.h, and the one
    // README's glue and WebKit's documentation for WKScriptMessageHandlerWithReply use.)
    @available(iOS 14.0, macOS 11.0, *)
    open func addScriptMessageHandler(
        _ scriptMessageHandlerWithReply: any WKScriptMessageHandlerWithReply, contentWorld: WKContentWorld, name: String
    ) {
        standInRegister(.withReply(scriptMessageHandlerWithReply), contentWorld: contentWorld, name: name)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removescriptmessagehandler(forname:)
    open func removeScriptMessageHandler(forName name: String) {
        standInUnregister(name: name, contentWorld: .page)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removescriptmessagehandler(forname:contentworld:)
    @available(iOS 14.0, macOS 11.0, *)
    open func removeScriptMessageHandler(forName name: String, contentWorld: WKContentWorld) {
        standInUnregister(name: name, contentWorld: contentWorld)
    }

    // https://developer.apple.com/documentation/webkit/wkusercontentcontroller/removeallscriptmessagehandlers()
    @available(iOS 14.0, macOS 11.0, *)
    open func removeAllScriptMessageHandlers() {
        standInRegistrations.removeAll()
        standInEventLog.append(.removedAllScriptMessageHandlers)
    }

    private func standInRegister(_ handler: StandInScriptMessageHandlerRegistration.Handler, contentWorld: WKContentWorld, name: String) {
        // Both are programming errors in WebKit (WKUserContentController.h); the stand-in stops on them.
        precondition(!name.isEmpty, "WKUserContentController: a script message handler's name must not be empty")
        precondition(
            !standInRegistrations.contains { $0.name == name && $0.contentWorld === contentWorld },
            "WKUserContentController: a script message handler named \"\(name)\" is already registered in this content world")
        standInRegistrations.append(StandInScriptMessageHandlerRegistration(name: name, contentWorld: contentWorld, handler: handler))
        let withReply = if case .withReply = handler { true } else { false }
        standInEventLog.append(.addedScriptMessageHandler(name: name, contentWorld: contentWorld, withReply: withReply))
    }

    private func standInUnregister(name: String, contentWorld: WKContentWorld) {
        // Removing a name that is not registered does nothing, as the documentation says; it is still logged.
        standInRegistrations.removeAll { $0.name == name && $0.contentWorld === contentWorld }
        standInEventLog.append(.removedScriptMessageHandler(name: name, contentWorld: contentWorld))
    }
}

// MARK: - WKWebViewConfiguration

// https://developer.apple.com/documentation/webkit/wkwebviewconfiguration
@MainActor
open class WKWebViewConfiguration: NSObject {
    // https://developer.apple.com/documentation/objectivec/nsobject/init()
    // (Inherited from NSObject; WebKit has no page of its own for it.)
    public override init() {
        userContentController = WKUserContentController()
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkwebviewconfiguration/usercontentcontroller
    open var userContentController: WKUserContentController

    /// What `WKWebView` keeps and hands out: a copy, sharing the user content controller.
    func standInCopy() -> WKWebViewConfiguration {
        let copy = WKWebViewConfiguration()
        copy.userContentController = userContentController
        return copy
    }
}

// MARK: - Navigation types

// https://developer.apple.com/documentation/webkit/wknavigationtype
// (Raw values from WKNavigationAction.h.)
public enum WKNavigationType: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/webkit/wknavigationtype/linkactivated
    case linkActivated = 0
    // https://developer.apple.com/documentation/webkit/wknavigationtype/formsubmitted
    case formSubmitted = 1
    // https://developer.apple.com/documentation/webkit/wknavigationtype/backforward
    case backForward = 2
    // https://developer.apple.com/documentation/webkit/wknavigationtype/reload
    case reload = 3
    // https://developer.apple.com/documentation/webkit/wknavigationtype/formresubmitted
    case formResubmitted = 4
    // https://developer.apple.com/documentation/webkit/wknavigationtype/other
    case other = -1
}

// https://developer.apple.com/documentation/webkit/wknavigationactionpolicy
// (Raw values from WKNavigationDelegate.h.)
public enum WKNavigationActionPolicy: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/cancel
    case cancel = 0
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/allow
    case allow = 1
    // https://developer.apple.com/documentation/webkit/wknavigationactionpolicy/download
    @available(iOS 14.5, macOS 11.3, *)
    case download = 2
}

// https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy
// (Raw values from WKNavigationDelegate.h; WebPage.NavigationDeciding returns it.)
public enum WKNavigationResponsePolicy: Int, @unchecked Sendable {
    // https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/cancel
    case cancel = 0
    // https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/allow
    case allow = 1
    // https://developer.apple.com/documentation/webkit/wknavigationresponsepolicy/download
    @available(iOS 14.5, macOS 11.3, *)
    case download = 2
}

// https://developer.apple.com/documentation/webkit/wknavigation
@MainActor
open class WKNavigation: NSObject {}

// https://developer.apple.com/documentation/webkit/wknavigationaction
@MainActor
open class WKNavigationAction: NSObject {
    let standInRequest: URLRequest
    let standInTargetFrame: WKFrameInfo?
    let standInSourceFrame: WKFrameInfo
    let standInNavigationType: WKNavigationType

    init(standInRequest: URLRequest, targetFrame: WKFrameInfo?, sourceFrame: WKFrameInfo, navigationType: WKNavigationType) {
        self.standInRequest = standInRequest
        self.standInTargetFrame = targetFrame
        self.standInSourceFrame = sourceFrame
        self.standInNavigationType = navigationType
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wknavigationaction/request
    open var request: URLRequest { standInRequest }

    // https://developer.apple.com/documentation/webkit/wknavigationaction/targetframe
    // (`nil` when the navigation targets a new window. The SDK adds `@NSCopying`.)
    open var targetFrame: WKFrameInfo? { standInTargetFrame }

    // https://developer.apple.com/documentation/webkit/wknavigationaction/sourceframe
    // (The SDK adds `@NSCopying`.)
    open var sourceFrame: WKFrameInfo { standInSourceFrame }

    // https://developer.apple.com/documentation/webkit/wknavigationaction/navigationtype
    open var navigationType: WKNavigationType { standInNavigationType }
}

// MARK: - WKNavigationDelegate

// https://developer.apple.com/documentation/webkit/wknavigationdelegate
// Every method is `optional` in Objective-C. A Swift protocol cannot have optional requirements outside
// @objc, so the stand-in declares them as requirements with default implementations in the extension
// below: the defaults do what WebKit does when a delegate lacks the method (allow the navigation; ignore
// the notification).
@MainActor
public protocol WKNavigationDelegate: NSObjectProtocol {
    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
    func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:decidepolicyfor:decisionhandler:)-2ni62
    // (The `async` form Swift imports from the same Objective-C method: WK_SWIFT_ASYNC(3) in
    // WKNavigationDelegate.h. As with the reply handler, the two defaults forward to each other; WebKit,
    // and the stand-in, call the decision-handler form.)
    func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async -> WKNavigationActionPolicy

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didstartprovisionalnavigation:)
    func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didcommit:)
    func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfinish:)
    func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webview(_:didfail:witherror:)
    func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error)

    // https://developer.apple.com/documentation/webkit/wknavigationdelegate/webviewwebcontentprocessdidterminate(_:)
    func webViewWebContentProcessDidTerminate(_ webView: WKWebView)
}

// Default implementations standing in for the Objective-C `optional` methods: see the comment on the protocol.
extension WKNavigationDelegate {
    public func webView(
        _ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction,
        decisionHandler: @escaping @MainActor @Sendable (WKNavigationActionPolicy) -> Void
    ) {
        guard !StandInDefaultBridging.inAsyncDefault.contains(ObjectIdentifier(self)) else {
            // Neither form implemented: "the web view will load the request" (WKNavigationDelegate.h).
            decisionHandler(.allow)
            return
        }
        let delegate = StandInUnchecked(value: self)
        Task { @MainActor in
            decisionHandler(await delegate.value.webView(webView, decidePolicyFor: navigationAction))
        }
    }

    public func webView(_ webView: WKWebView, decidePolicyFor navigationAction: WKNavigationAction) async -> WKNavigationActionPolicy {
        let policy = await withCheckedContinuation { (continuation: CheckedContinuation<StandInUnchecked<WKNavigationActionPolicy>?, Never>) in
            let once = StandInOnce(continuation)
            StandInDefaultBridging.$inAsyncDefault.withValue(StandInDefaultBridging.inAsyncDefault.union([ObjectIdentifier(self)])) {
                self.webView(webView, decidePolicyFor: navigationAction) { policy in once.resume(policy) }
            }
        }
        // WebKit raises an exception when the decision handler is released without being called.
        return policy?.value ?? .cancel
    }

    public func webView(_ webView: WKWebView, didStartProvisionalNavigation navigation: WKNavigation!) {}

    public func webView(_ webView: WKWebView, didCommit navigation: WKNavigation!) {}

    public func webView(_ webView: WKWebView, didFinish navigation: WKNavigation!) {}

    public func webView(_ webView: WKWebView, didFail navigation: WKNavigation!, withError error: any Error) {}

    public func webViewWebContentProcessDidTerminate(_ webView: WKWebView) {}
}

// MARK: - WKWebView

// https://developer.apple.com/documentation/webkit/wkwebview
// (A UIView/NSView subclass in the SDK; an NSObject subclass here.)
@MainActor
open class WKWebView: NSObject {
    let standInConfiguration: WKWebViewConfiguration
    var standInURL: URL?
    var standInJavaScriptCallLog: [StandInJavaScriptCall] = []
    var standInJavaScriptResponderStorage: @MainActor (StandInJavaScriptCall) throws -> Any? = { _ in nil }
    var standInLoadLog: [StandInWebViewLoad] = []

    // https://developer.apple.com/documentation/webkit/wkwebview/init(frame:configuration:)
    // (Keeps a copy of the configuration, sharing its user content controller, as WebKit does.)
    public init(frame: CGRect, configuration: WKWebViewConfiguration) {
        standInConfiguration = configuration.standInCopy()
        super.init()
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/configuration
    // (Returns a copy, as the page says. The SDK adds `@NSCopying`.)
    open var configuration: WKWebViewConfiguration { standInConfiguration.standInCopy() }

    // https://developer.apple.com/documentation/webkit/wkwebview/navigationdelegate
    weak open var navigationDelegate: (any WKNavigationDelegate)?

    // https://developer.apple.com/documentation/webkit/wkwebview/url
    open var url: URL? { standInURL }

    // https://developer.apple.com/documentation/webkit/wkwebview/evaluatejavascript(_:completionhandler:)
    // (The stand-in records the call and calls the completion handler before returning, with the result
    // the test chose; WebKit calls it later, on the main thread.)
    open func evaluateJavaScript(_ javaScriptString: String, completionHandler: (@MainActor @Sendable (Any?, (any Error)?) -> Void)? = nil) {
        let call = StandInJavaScriptCall(
            method: .evaluateJavaScript, source: javaScriptString, arguments: [:], frame: nil, contentWorld: .page)
        do {
            let result = try standInRun(call)
            completionHandler?(result, nil)
        } catch {
            completionHandler?(nil, error)
        }
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/loadhtmlstring(_:baseurl:)
    // (Objective-C methods import as `@discardableResult`. The stand-in records the load and sets `url`.)
    @discardableResult
    open func loadHTMLString(_ string: String, baseURL: URL?) -> WKNavigation? {
        standInLoadLog.append(.htmlString(string, baseURL: baseURL))
        standInURL = baseURL ?? URL(string: "about:blank")
        return WKNavigation()
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/load(_:)-5siv6
    @discardableResult
    open func load(_ request: URLRequest) -> WKNavigation? {
        standInLoadLog.append(.request(request))
        standInURL = request.url
        return WKNavigation()
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/reload()
    @discardableResult
    open func reload() -> WKNavigation? {
        standInLoadLog.append(.reload)
        return WKNavigation()
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/goback()
    // (The stand-in keeps no back-forward list: it records the call and returns nil, as WebKit does
    // when there is nothing to go back to.)
    @discardableResult
    open func goBack() -> WKNavigation? {
        standInLoadLog.append(.goBack)
        return nil
    }

    func standInRun(_ call: StandInJavaScriptCall) throws -> Any? {
        standInJavaScriptCallLog.append(call)
        return try standInJavaScriptResponderStorage(call)
    }
}

// WebKit's Swift overlay (WebKitSwiftOverlay.swift) declares these in an extension of WKWebView.
extension WKWebView {
    // https://developer.apple.com/documentation/webkit/wkwebview/callasyncjavascript(_:arguments:in:in:completionhandler:)
    // (WebKit's overlay source writes the handler `(@MainActor (Result<Any, Error>) -> Void)?`; the SDK
    // interface, which the page shows, prints it `@MainActor @Sendable`. When the script's result is nil,
    // WebKit passes `.success` holding a nil boxed as Any; the stand-in does the same.)
    @available(iOS 14.0, macOS 11.0, *)
    @preconcurrency
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, in contentWorld: WKContentWorld,
        completionHandler: (@MainActor @Sendable (Result<Any, any Error>) -> Void)? = nil
    ) {
        let call = StandInJavaScriptCall(
            method: .callAsyncJavaScript, source: functionBody, arguments: arguments, frame: frame, contentWorld: contentWorld)
        do {
            let result = try standInRun(call)
            completionHandler?(.success(result as Any))
        } catch {
            completionHandler?(.failure(error))
        }
    }

    // https://developer.apple.com/documentation/webkit/wkwebview/callasyncjavascript(_:arguments:in:contentworld:)
    // (The page could not be read here; the signature is WebKitSwiftOverlay.swift's, which is
    // `@available(iOS 15.0, macOS 12.0, *)`, and matches the sibling page evaluateJavaScript(_:in:contentWorld:).)
    @available(iOS 15.0, macOS 12.0, *)
    public func callAsyncJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WKFrameInfo? = nil, contentWorld: WKContentWorld
    ) async throws -> Any? {
        let call = StandInJavaScriptCall(
            method: .callAsyncJavaScriptAsync, source: functionBody, arguments: arguments, frame: frame, contentWorld: contentWorld)
        return try standInRun(call)
    }
}

// MARK: - WebPage (iOS 26)

// https://developer.apple.com/documentation/webkit/webpage
// The SDK's class is `@MainActor @Observable final class WebPage`; the stand-in leaves Observation out.
// Its state and JavaScript calls go through a stand-in WKWebView, as the real one's do.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
@MainActor
public final class WebPage {
    let standInConfiguration: Configuration
    var standInNavigationDecider: (any NavigationDeciding)?
    var standInDialogPresenter: (any DialogPresenting)?
    let standInBackingWebView: WKWebView
    var standInNavigationContinuations: [AsyncThrowingStream<NavigationEvent, any Error>.Continuation] = []
    var standInEventsPerLoad: [NavigationEvent] = [.startedProvisionalNavigation, .committed, .finished]
    var standInLoadFailure: (any Error)?

    init(standInConfiguration configuration: Configuration, navigationDecider: (any NavigationDeciding)?, dialogPresenter: (any DialogPresenting)?) {
        standInConfiguration = configuration
        standInNavigationDecider = navigationDecider
        standInDialogPresenter = dialogPresenter
        let webViewConfiguration = WKWebViewConfiguration()
        webViewConfiguration.userContentController = configuration.userContentController
        standInBackingWebView = WKWebView(frame: .zero, configuration: webViewConfiguration)
    }

    // https://developer.apple.com/documentation/webkit/webpage/init(configuration:navigationdecider:dialogpresenter:)
    // (The page could not be read here; the signature is WebPage.swift's in WebKit's source, printed
    // like the sibling page init(configuration:navigationDecider:).)
    public convenience init(
        configuration: WebPage.Configuration = Configuration(), navigationDecider: some WebPage.NavigationDeciding,
        dialogPresenter: some WebPage.DialogPresenting
    ) {
        self.init(standInConfiguration: configuration, navigationDecider: navigationDecider, dialogPresenter: dialogPresenter)
    }

    // https://developer.apple.com/documentation/webkit/webpage/init(configuration:navigationdecider:)
    public convenience init(configuration: WebPage.Configuration = Configuration(), navigationDecider: some WebPage.NavigationDeciding) {
        self.init(standInConfiguration: configuration, navigationDecider: navigationDecider, dialogPresenter: nil)
    }

    // https://developer.apple.com/documentation/webkit/webpage/init(configuration:dialogpresenter:)
    // (The page could not be read here; the signature is WebPage.swift's in WebKit's source.)
    public convenience init(configuration: WebPage.Configuration = Configuration(), dialogPresenter: some WebPage.DialogPresenting) {
        self.init(standInConfiguration: configuration, navigationDecider: nil, dialogPresenter: dialogPresenter)
    }

    // https://developer.apple.com/documentation/webkit/webpage/init(configuration:)
    public convenience init(configuration: WebPage.Configuration = Configuration()) {
        self.init(standInConfiguration: configuration, navigationDecider: nil, dialogPresenter: nil)
    }

    // https://developer.apple.com/documentation/webkit/webpage/url
    public var url: URL? { standInBackingWebView.url }

    // https://developer.apple.com/documentation/webkit/webpage/navigations
    // (The release SDK's way to follow navigations; the WWDC25 betas' `currentNavigationEvent` and
    // `NavigationID` are not in it. Each access starts a new sequence, fed by the stand-in's loads.)
    public var navigations: some AsyncSequence<WebPage.NavigationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: NavigationEvent.self, throwing: (any Error).self)
        standInNavigationContinuations.append(continuation)
        return stream
    }

    // https://developer.apple.com/documentation/webkit/webpage/load(_:)-7kw3h
    // (Returns the navigation's events, not a navigation ID: the stand-in yields the events the test
    // chose, then throws the failure the test chose, if any.)
    @discardableResult
    public func load(_ request: URLRequest) -> some AsyncSequence<WebPage.NavigationEvent, any Error> {
        standInBackingWebView.load(request)
        return standInNavigate()
    }

    // https://developer.apple.com/documentation/webkit/webpage/reload(fromorigin:)
    @discardableResult
    public func reload(fromOrigin: Bool = false) -> some AsyncSequence<WebPage.NavigationEvent, any Error> {
        standInBackingWebView.reload()
        return standInNavigate()
    }

    // https://developer.apple.com/documentation/webkit/webpage/calljavascript(_:arguments:in:contentworld:)
    // (A nil `contentWorld` means the page world, as in WebKit's source.)
    @discardableResult
    public func callJavaScript(
        _ functionBody: String, arguments: [String: Any] = [:], in frame: WebPage.FrameInfo? = nil, contentWorld: WKContentWorld? = nil
    ) async throws -> sending Any? {
        let call = StandInJavaScriptCall(
            method: .callJavaScript, source: functionBody, arguments: arguments, frame: frame?.wrapped, contentWorld: contentWorld ?? .page)
        // The result the test chose is handed over as WebKit hands over a fresh value from the page.
        let result = StandInUnchecked(value: try standInBackingWebView.standInRun(call))
        return result.value
    }

    func standInNavigate() -> AsyncThrowingStream<NavigationEvent, any Error> {
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: NavigationEvent.self, throwing: (any Error).self)
        for event in standInEventsPerLoad {
            continuation.yield(event)
            for observer in standInNavigationContinuations { observer.yield(event) }
        }
        if let failure = standInLoadFailure {
            continuation.finish(throwing: failure)
            for observer in standInNavigationContinuations { observer.finish(throwing: failure) }
            standInNavigationContinuations.removeAll()
        } else {
            continuation.finish()
        }
        return stream
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage {
    // https://developer.apple.com/documentation/webkit/webpage/configuration
    @MainActor
    public struct Configuration {
        // https://developer.apple.com/documentation/webkit/webpage/configuration/init()
        public init() {
            userContentController = WKUserContentController()
            defaultNavigationPreferences = NavigationPreferences()
        }

        // https://developer.apple.com/documentation/webkit/webpage/configuration/usercontentcontroller
        public var userContentController: WKUserContentController

        // https://developer.apple.com/documentation/webkit/webpage/configuration/defaultnavigationpreferences
        public var defaultNavigationPreferences: WebPage.NavigationPreferences
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationpreferences
    // (Only `init()` and `allowsContentJavaScript` are declared here.)
    public struct NavigationPreferences: Sendable {
        // https://developer.apple.com/documentation/webkit/webpage/navigationpreferences/init()
        // (Page not read here; WebPage+NavigationPreferences.swift in WebKit's source declares it.)
        public init() {}

        // https://developer.apple.com/documentation/webkit/webpage/navigationpreferences/allowscontentjavascript
        // (Page not read here; WebKit's source declares it with a default of `true`, and the WebPage page's
        // own example sets it.)
        public var allowsContentJavaScript: Bool = true
    }

    // https://developer.apple.com/documentation/webkit/webpage/frameinfo
    @MainActor
    public struct FrameInfo {
        let wrapped: WKFrameInfo

        init(standInWrapping frame: WKFrameInfo) {
            wrapped = frame
        }

        // https://developer.apple.com/documentation/webkit/webpage/frameinfo/ismainframe
        public var isMainFrame: Bool { wrapped.isMainFrame }

        // https://developer.apple.com/documentation/webkit/webpage/frameinfo/request
        public var request: URLRequest { wrapped.request }

        // https://developer.apple.com/documentation/webkit/webpage/frameinfo/securityorigin
        public var securityOrigin: WKSecurityOrigin { wrapped.securityOrigin }
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationaction
    // (There is no WebPage.NavigationType: `navigationType` is WKNavigationType.)
    @MainActor
    public struct NavigationAction {
        let wrapped: WKNavigationAction

        init(standInWrapping action: WKNavigationAction) {
            wrapped = action
        }

        // https://developer.apple.com/documentation/webkit/webpage/navigationaction/source
        public var source: WebPage.FrameInfo { FrameInfo(standInWrapping: wrapped.sourceFrame) }

        // https://developer.apple.com/documentation/webkit/webpage/navigationaction/target
        public var target: WebPage.FrameInfo? { wrapped.targetFrame.map(FrameInfo.init(standInWrapping:)) }

        // https://developer.apple.com/documentation/webkit/webpage/navigationaction/navigationtype
        public var navigationType: WKNavigationType { wrapped.navigationType }

        // https://developer.apple.com/documentation/webkit/webpage/navigationaction/request
        public var request: URLRequest { wrapped.request }
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationresponse
    @MainActor
    public struct NavigationResponse {
        let standInResponse: URLResponse
        let standInCanShowMimeType: Bool

        // https://developer.apple.com/documentation/webkit/webpage/navigationresponse/canshowmimetype
        public var canShowMimeType: Bool { standInCanShowMimeType }

        // https://developer.apple.com/documentation/webkit/webpage/navigationresponse/response
        public var response: URLResponse { standInResponse }
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationevent
    public enum NavigationEvent: Hashable, Sendable {
        // https://developer.apple.com/documentation/webkit/webpage/navigationevent/startedprovisionalnavigation
        case startedProvisionalNavigation
        // https://developer.apple.com/documentation/webkit/webpage/navigationevent/receivedserverredirect
        case receivedServerRedirect
        // https://developer.apple.com/documentation/webkit/webpage/navigationevent/committed
        case committed
        // https://developer.apple.com/documentation/webkit/webpage/navigationevent/finished
        case finished
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationerror
    public enum NavigationError: Error, Sendable {
        // https://developer.apple.com/documentation/webkit/webpage/navigationerror/failedprovisionalnavigation(_:)
        case failedProvisionalNavigation(any Error)
        // https://developer.apple.com/documentation/webkit/webpage/navigationerror/invalidurl
        case invalidURL
        // https://developer.apple.com/documentation/webkit/webpage/navigationerror/pageclosed
        case pageClosed
        // https://developer.apple.com/documentation/webkit/webpage/navigationerror/webcontentprocessterminated
        case webContentProcessTerminated
    }

    // https://developer.apple.com/documentation/webkit/webpage/navigationdeciding
    // (The protocol is not isolated; each requirement is `@MainActor mutating ... async`, and each has a
    // default in the extension below, as in the SDK.)
    public protocol NavigationDeciding {
        // https://developer.apple.com/documentation/webkit/webpage/navigationdeciding/decidepolicy(for:preferences:)
        @MainActor
        mutating func decidePolicy(
            for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
        ) async -> WKNavigationActionPolicy

        // https://developer.apple.com/documentation/webkit/webpage/navigationdeciding/decidepolicy(for:)
        @MainActor
        mutating func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy

        // https://developer.apple.com/documentation/webkit/webpage/navigationdeciding/decideauthenticationchallengedisposition(for:)
        // (Page not read here; the signature is WebPage+NavigationDeciding.swift's in WebKit's source.)
        @MainActor
        mutating func decideAuthenticationChallengeDisposition(
            for challenge: URLAuthenticationChallenge
        ) async -> (URLSession.AuthChallengeDisposition, URLCredential?)
    }

    // https://developer.apple.com/documentation/webkit/webpage/dialogpresenting
    // (Declared so the initializers that take one exist. Its four requirements, all with defaults in the
    // SDK — handleJavaScriptAlert, handleJavaScriptConfirm, handleJavaScriptPrompt, handleFileInputPrompt —
    // and their result types are left out.)
    public protocol DialogPresenting {}
}

// Defaults, as WebKit's source and each requirement's page give them.
@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage.NavigationDeciding {
    // "By default, this method immediately returns with a policy of `.allow`."
    @MainActor
    public func decidePolicy(
        for action: WebPage.NavigationAction, preferences: inout WebPage.NavigationPreferences
    ) async -> WKNavigationActionPolicy {
        .allow
    }

    // "By default, this method immediately returns with a policy of `.allow`."
    @MainActor
    public func decidePolicy(for response: WebPage.NavigationResponse) async -> WKNavigationResponsePolicy {
        .allow
    }

    // "By default, this method immediately returns with a disposition of `performDefaultHandling` and a `nil` credential."
    @MainActor
    public func decideAuthenticationChallengeDisposition(
        for challenge: URLAuthenticationChallenge
    ) async -> (URLSession.AuthChallengeDisposition, URLCredential?) {
        (.performDefaultHandling, nil)
    }
}

// MARK: - Stand-in hooks (test-only)
//
// Everything below is `@_spi(StandIn)`: a test reaches it with `@_spi(StandIn) import WebKit`; code that
// imports plain `WebKit` cannot call it. None of it exists in Apple's WebKit.

/// One call a test's code made to run JavaScript, as the stand-in recorded it.
@_spi(StandIn)
public struct StandInJavaScriptCall {
    /// Which API was called.
    public enum Method: Hashable, Sendable {
        /// `WKWebView.evaluateJavaScript(_:completionHandler:)`
        case evaluateJavaScript
        /// `WKWebView.callAsyncJavaScript(_:arguments:in:in:completionHandler:)`
        case callAsyncJavaScript
        /// `WKWebView.callAsyncJavaScript(_:arguments:in:contentWorld:) async throws`
        case callAsyncJavaScriptAsync
        /// `WebPage.callJavaScript(_:arguments:in:contentWorld:)`
        case callJavaScript
    }

    public let method: Method
    /// The script (`evaluateJavaScript`) or the function body (the others).
    public let source: String
    /// The named arguments (`[:]` for `evaluateJavaScript`).
    public let arguments: [String: Any]
    /// The frame asked for; `nil` is the main frame. For `WebPage`, the WKFrameInfo its FrameInfo wraps.
    public let frame: WKFrameInfo?
    /// The content world the script runs in: `.page` for `evaluateJavaScript` and for `WebPage`'s nil.
    public let contentWorld: WKContentWorld

    public init(method: Method, source: String, arguments: [String: Any], frame: WKFrameInfo?, contentWorld: WKContentWorld) {
        self.method = method
        self.source = source
        self.arguments = arguments
        self.frame = frame
        self.contentWorld = contentWorld
    }
}

/// A load a test's code asked a `WKWebView` (or a `WebPage`, through its web view) for.
@_spi(StandIn)
public enum StandInWebViewLoad: Equatable {
    case request(URLRequest)
    case htmlString(String, baseURL: URL?)
    case reload
    case goBack
}

/// A change a test's code made to a `WKUserContentController`, in order.
@_spi(StandIn)
public enum StandInUserContentEvent: Equatable {
    case addedUserScript(WKUserScript)
    case removedAllUserScripts
    case addedScriptMessageHandler(name: String, contentWorld: WKContentWorld, withReply: Bool)
    /// Logged even when no handler had that name (WebKit then does nothing).
    case removedScriptMessageHandler(name: String, contentWorld: WKContentWorld)
    case removedAllScriptMessageHandlers
}

/// A script message handler registered on a `WKUserContentController`.
@_spi(StandIn)
public struct StandInScriptMessageHandlerRegistration {
    public enum Handler {
        /// Added with `add(_:name:)` or `add(_:contentWorld:name:)`.
        case withoutReply(any WKScriptMessageHandler)
        /// Added with `addScriptMessageHandler(_:contentWorld:name:)`.
        case withReply(any WKScriptMessageHandlerWithReply)
    }

    public let name: String
    public let contentWorld: WKContentWorld
    public let handler: Handler
}

/// What became of a message a test posted through a `WKUserContentController`.
@_spi(StandIn)
public enum StandInScriptMessageOutcome {
    /// No handler has the message's name in the message's content world.
    case noHandler
    /// A WKScriptMessageHandler received it (no reply is possible).
    case delivered
    /// A WKScriptMessageHandlerWithReply replied: the page's promise resolves with `reply` when
    /// `errorMessage` is nil, and is rejected with `errorMessage` otherwise.
    case replied(Any?, errorMessage: String?)
    /// A WKScriptMessageHandlerWithReply let go of its reply handler without calling it (WebKit rejects
    /// the page's promise).
    case replyHandlerReleasedWithoutReply
}

/// A navigation delegate notification a test can send.
@_spi(StandIn)
public enum StandInNavigationDelegateEvent {
    case didStartProvisionalNavigation(WKNavigation?)
    case didCommit(WKNavigation?)
    case didFinish(WKNavigation?)
    case didFail(WKNavigation?, any Error)
    case webContentProcessDidTerminate
}

extension WKSecurityOrigin {
    /// An origin as WebKit reports it.
    @_spi(StandIn)
    public convenience init(protocol scheme: String, host: String, port: Int) {
        self.init(standInProtocol: scheme, host: host, port: port)
    }

    /// The origin WebKit reports for a frame showing `url`: its scheme, its host, and its explicit port
    /// or 0 when it has none (WebKit reports 0 for a scheme's default port); "", "" and 0 for `nil` (an
    /// opaque origin, as for a page loaded with `baseURL: nil`).
    @_spi(StandIn)
    public convenience init(url: URL?) {
        self.init(standInProtocol: url?.scheme ?? "", host: url?.host ?? "", port: url?.port ?? 0)
    }
}

extension WKFrameInfo {
    @_spi(StandIn)
    public convenience init(isMainFrame: Bool, request: URLRequest, securityOrigin: WKSecurityOrigin, webView: WKWebView? = nil) {
        self.init(standInIsMainFrame: isMainFrame, request: request, securityOrigin: securityOrigin, webView: webView)
    }

    /// A frame showing `url`, with the origin `WKSecurityOrigin(url:)` gives it; `nil` for an opaque
    /// origin (the request's `url` is then nil too).
    @_spi(StandIn)
    public convenience init(isMainFrame: Bool = true, url: URL?, webView: WKWebView? = nil) {
        var request = URLRequest(url: url ?? URL(string: "about:blank")!)
        request.url = url
        self.init(standInIsMainFrame: isMainFrame, request: request, securityOrigin: WKSecurityOrigin(url: url), webView: webView)
    }
}

extension WKScriptMessage {
    /// The message WebKit builds when the page calls `window.webkit.messageHandlers.<name>.postMessage(body)`.
    /// Give the body as WebKit would: NSNumber, NSString/String, NSDate, NSArray, NSDictionary or NSNull.
    @_spi(StandIn)
    public convenience init(name: String, body: Any, frameInfo: WKFrameInfo, world: WKContentWorld = .page, webView: WKWebView? = nil) {
        self.init(standInName: name, body: body, frameInfo: frameInfo, world: world, webView: webView)
    }
}

extension WKNavigationAction {
    /// A navigation to `request`; with no `sourceFrame`, a main frame showing the request's URL.
    @_spi(StandIn)
    public convenience init(
        request: URLRequest, targetFrame: WKFrameInfo?, sourceFrame: WKFrameInfo? = nil, navigationType: WKNavigationType = .linkActivated
    ) {
        self.init(
            standInRequest: request, targetFrame: targetFrame,
            sourceFrame: sourceFrame ?? WKFrameInfo(isMainFrame: true, url: request.url), navigationType: navigationType)
    }
}

extension WKUserScript {
    /// The content world the script was added for (`.page` unless `init(source:injectionTime:forMainFrameOnly:in:)` said otherwise).
    @_spi(StandIn)
    public var standInContentWorld: WKContentWorld { standInWorld }
}

extension WKUserContentController {
    /// Every change made so far, in order.
    @_spi(StandIn)
    public var standInEvents: [StandInUserContentEvent] { standInEventLog }

    /// The handlers registered now, in the order they were added.
    @_spi(StandIn)
    public var standInScriptMessageHandlers: [StandInScriptMessageHandlerRegistration] { standInRegistrations }

    /// The handler registered under `name` in `contentWorld`, if any.
    @_spi(StandIn)
    public func standInScriptMessageHandler(named name: String, in contentWorld: WKContentWorld = .page) -> StandInScriptMessageHandlerRegistration? {
        standInRegistrations.first { $0.name == name && $0.contentWorld === contentWorld }
    }

    /// Delivers `message` as WebKit does when the page posts it: to the handler registered under the
    /// message's name in the message's world. A reply handler's answer is awaited (through whichever form
    /// the handler implements).
    @_spi(StandIn)
    public func standInPostMessage(_ message: WKScriptMessage) async -> StandInScriptMessageOutcome {
        guard let registration = standInScriptMessageHandler(named: message.name, in: message.world) else { return .noHandler }
        switch registration.handler {
        case .withoutReply(let handler):
            handler.userContentController(self, didReceive: message)
            return .delivered
        case .withReply(let handler):
            let reply = await withCheckedContinuation { (continuation: CheckedContinuation<StandInUnchecked<(Any?, String?)>?, Never>) in
                let once = StandInOnce(continuation)
                handler.userContentController(self, didReceive: message) { reply, errorMessage in
                    once.resume((reply, errorMessage))
                }
            }
            guard let (value, errorMessage) = reply?.value else { return .replyHandlerReleasedWithoutReply }
            return .replied(value, errorMessage: errorMessage)
        }
    }

    /// Builds the message (see `WKScriptMessage.init(name:body:frameInfo:world:webView:)`) and delivers it.
    @_spi(StandIn)
    public func standInPostMessage(
        name: String, body: Any, frameInfo: WKFrameInfo, world: WKContentWorld = .page, webView: WKWebView? = nil
    ) async -> StandInScriptMessageOutcome {
        await standInPostMessage(WKScriptMessage(name: name, body: body, frameInfo: frameInfo, world: world, webView: webView))
    }
}

extension WKWebView {
    /// Every call to run JavaScript so far, in order (a `WebPage`'s calls land on its web view).
    @_spi(StandIn)
    public var standInJavaScriptCalls: [StandInJavaScriptCall] { standInJavaScriptCallLog }

    /// What each call to run JavaScript returns: return the script's result (nil for `undefined`), or
    /// throw the error WebKit would report. The default returns nil.
    @_spi(StandIn)
    public var standInJavaScriptResponder: @MainActor (StandInJavaScriptCall) throws -> Any? {
        get { standInJavaScriptResponderStorage }
        set { standInJavaScriptResponderStorage = newValue }
    }

    /// Every load, reload and goBack so far, in order.
    @_spi(StandIn)
    public var standInLoads: [StandInWebViewLoad] { standInLoadLog }

    /// Sets what `url` reports (loads set it too: to the request's URL, or to the HTML's base URL).
    @_spi(StandIn)
    public func standInSetURL(_ url: URL?) {
        standInURL = url
    }

    /// Asks the navigation delegate, as WebKit does before a navigation, through its decision-handler
    /// form. `.allow` without a delegate; nil when the delegate let go of the decision handler without
    /// calling it (WebKit raises an exception then).
    @_spi(StandIn)
    public func standInDecidePolicy(for navigationAction: WKNavigationAction) async -> WKNavigationActionPolicy? {
        guard let delegate = navigationDelegate else { return .allow }
        let policy = await withCheckedContinuation { (continuation: CheckedContinuation<StandInUnchecked<WKNavigationActionPolicy>?, Never>) in
            let once = StandInOnce(continuation)
            delegate.webView(self, decidePolicyFor: navigationAction) { policy in once.resume(policy) }
        }
        return policy?.value
    }

    /// Tells the navigation delegate, if any, what WebKit would.
    @_spi(StandIn)
    public func standInNotifyNavigationDelegate(_ event: StandInNavigationDelegateEvent) {
        guard let delegate = navigationDelegate else { return }
        switch event {
        case .didStartProvisionalNavigation(let navigation): delegate.webView(self, didStartProvisionalNavigation: navigation)
        case .didCommit(let navigation): delegate.webView(self, didCommit: navigation)
        case .didFinish(let navigation): delegate.webView(self, didFinish: navigation)
        case .didFail(let navigation, let error): delegate.webView(self, didFail: navigation, withError: error)
        case .webContentProcessDidTerminate: delegate.webViewWebContentProcessDidTerminate(self)
        }
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage {
    /// The stand-in web view the page runs on: its JavaScript calls, loads and URL.
    @_spi(StandIn)
    public var standInWebView: WKWebView { standInBackingWebView }

    /// Every `callJavaScript` so far, in order.
    @_spi(StandIn)
    public var standInJavaScriptCalls: [StandInJavaScriptCall] { standInBackingWebView.standInJavaScriptCalls }

    /// What each `callJavaScript` returns or throws; see `WKWebView.standInJavaScriptResponder`.
    @_spi(StandIn)
    public var standInJavaScriptResponder: @MainActor (StandInJavaScriptCall) throws -> Any? {
        get { standInBackingWebView.standInJavaScriptResponder }
        set { standInBackingWebView.standInJavaScriptResponder = newValue }
    }

    /// Every load and reload so far, in order.
    @_spi(StandIn)
    public var standInLoads: [StandInWebViewLoad] { standInBackingWebView.standInLoads }

    /// Sets what `url` reports.
    @_spi(StandIn)
    public func standInSetURL(_ url: URL?) {
        standInBackingWebView.standInSetURL(url)
    }

    /// The events each `load(_:)` and `reload(fromOrigin:)` yields, to its own sequence and to every
    /// `navigations` sequence. Default: started, committed, finished.
    @_spi(StandIn)
    public var standInNavigationEventsPerLoad: [NavigationEvent] {
        get { standInEventsPerLoad }
        set { standInEventsPerLoad = newValue }
    }

    /// When set, each load's sequence throws it after the events (as the SDK's throws a
    /// `WebPage.NavigationError`), and so do the `navigations` sequences, which then end.
    @_spi(StandIn)
    public var standInNavigationFailure: (any Error)? {
        get { standInLoadFailure }
        set { standInLoadFailure = newValue }
    }

    /// Yields `event` to every `navigations` sequence (a navigation the page started itself).
    @_spi(StandIn)
    public func standInSendNavigationEvent(_ event: NavigationEvent) {
        for observer in standInNavigationContinuations { observer.yield(event) }
    }

    /// Asks the navigation decider, as WebKit does before a navigation, starting from the
    /// configuration's `defaultNavigationPreferences`; `.allow` without a decider.
    @_spi(StandIn)
    public func standInDecidePolicy(
        for navigationAction: WKNavigationAction
    ) async -> (policy: WKNavigationActionPolicy, preferences: WebPage.NavigationPreferences) {
        var preferences = standInConfiguration.defaultNavigationPreferences
        guard var decider = standInNavigationDecider else { return (.allow, preferences) }
        let policy = await decider.decidePolicy(for: NavigationAction(standInWrapping: navigationAction), preferences: &preferences)
        standInNavigationDecider = decider
        return (policy, preferences)
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage.FrameInfo {
    /// The page's view of a frame.
    @_spi(StandIn)
    public init(_ frameInfo: WKFrameInfo) {
        self.init(standInWrapping: frameInfo)
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage.NavigationAction {
    /// The page's view of a navigation action.
    @_spi(StandIn)
    public init(_ navigationAction: WKNavigationAction) {
        self.init(standInWrapping: navigationAction)
    }
}

@available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
extension WebPage.NavigationResponse {
    @_spi(StandIn)
    public init(response: URLResponse, canShowMimeType: Bool = true) {
        self.init(standInResponse: response, standInCanShowMimeType: canShowMimeType)
    }
}
