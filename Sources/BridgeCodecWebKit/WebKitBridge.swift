import BridgeCodec
import WebKit

/// Carries a ``BridgeHost``'s actions out in WebKit: one call installs the channels' handlers
/// (with a reply where a channel answers, in the page content world), the document-start
/// scripts and the navigation decisions, on a `WKWebView` (``install(in:asNavigationDelegate:)``) or
/// an iOS 26 `WebPage` (``makeWebPage(configuration:)``).
///
/// `respond` receives each of the app's messages on the main actor and returns the answer of a
/// request (``BridgeReply/answer(_:)``, ``BridgeReply/fail(_:)``) or ``BridgeAnswer/none`` for a
/// post; it may await. An error it throws rejects the page's Promise with the error's
/// `errorDescription` where it is a `LocalizedError`, else with a sentence naming the channel.
/// The bridge holds the web view, its owner and itself in no cycle: WebKit's handlers and
/// delegate refer back to it weakly, so keep the bridge for as long as the web view shows.
@MainActor
public final class WebKitBridge<Message: Sendable> {
    /// The host whose actions the bridge carries out.
    public private(set) var host: BridgeHost<Message>
    /// Called with each URL a navigation opens outside the web view
    /// (``BridgeHost/NavigationDecision/openOutside(_:)``), such as a bank's app.
    public var openOutside: @MainActor (WebURL) -> Void
    /// Called with each refusal nobody in the page waits for (a post the dispatcher refuses,
    /// an error `respond` throws for a post), with its reason.
    public var onRefusal: (@MainActor (String) -> Void)?

    private let respond: @MainActor (Message) async throws -> BridgeAnswer
    private weak var controller: WKUserContentController?
    /// The user scripts the bridge added, and the host's scripts they were made from.
    private var installed: [WKUserScript] = []
    private var installedScripts: [BridgeHost<Message>.DocumentScript] = []
    /// The web view or page events go to: `callAsyncJavaScript` or `callJavaScript` in the main frame.
    private var deliver: (@MainActor (BridgeHost<Message>.Event) async -> Bool)?
    private var handlerObjects: [NSObject] = []
    private var navigationDelegate: NavigationDelegate?

    /// A bridge carrying out `host`'s actions, answering with `respond`, and handing each URL a
    /// navigation opens outside the web view to `openOutside` (which the app opens, or logs: a
    /// bridge never drops one unsaid).
    public init(
        host: BridgeHost<Message>, openOutside: @escaping @MainActor (WebURL) -> Void,
        respond: @escaping @MainActor (Message) async throws -> BridgeAnswer
    ) {
        self.host = host
        self.openOutside = openOutside
        self.respond = respond
    }

    /// Installs the bridge on `webView`: the channels' handlers (and the host's own) in the page
    /// content world, and the document scripts, on its user content controller (scripts the app
    /// added stay); the bridge as its navigation delegate; its events through
    /// `callAsyncJavaScript`. An app with a navigation delegate of its own passes
    /// `asNavigationDelegate: false` and calls ``decidePolicy(for:)`` and ``didCommit()`` from it.
    /// A bridge serves one web view: a second call does nothing.
    public func install(in webView: WKWebView, asNavigationDelegate: Bool = true) {
        guard install(in: webView.configuration.userContentController) else { return }
        if asNavigationDelegate {
            let delegate = NavigationDelegate(self)
            navigationDelegate = delegate
            webView.navigationDelegate = delegate
        }
        deliverEvents { [weak webView] event in
            guard let webView else { return false }
            let taken = try? await webView.callAsyncJavaScript(
                BridgeHost<Message>.Event.functionBody, arguments: event.arguments, in: nil, contentWorld: .page)
            return (taken as? Bool) == true
        }
    }

    /// Registers the handlers and the first document's scripts on `controller`; `false` when the
    /// bridge is installed already.
    @discardableResult
    func install(in controller: WKUserContentController) -> Bool {
        guard self.controller == nil else { return false }
        self.controller = controller
        for (name, replies) in host.handlers {
            if replies {
                let handler = RequestHandler(self)
                controller.addScriptMessageHandler(handler, contentWorld: .page, name: name)
                handlerObjects.append(handler)
            } else {
                let handler = PostHandler(self)
                controller.add(handler, contentWorld: .page, name: name)
                handlerObjects.append(handler)
            }
        }
        installScripts()
        return true
    }

    /// Events go through `deliver` from now on.
    func deliverEvents(_ deliver: @escaping @MainActor (BridgeHost<Message>.Event) async -> Bool) {
        self.deliver = deliver
    }

    /// The decision for `action`, from the host; a main-frame navigation it allows gets its
    /// document's scripts installed before WebKit goes on.
    public func decidePolicy(for action: WKNavigationAction) -> WKNavigationActionPolicy {
        let navigation = BridgeHost<Message>.Navigation(
            url: action.request.url?.absoluteString ?? "", isMainFrame: action.targetFrame?.isMainFrame ?? true)
        return apply(decide(navigation))
    }

    /// The host's decision for `navigation`.
    func decide(_ navigation: BridgeHost<Message>.Navigation) -> BridgeHost<Message>.NavigationDecision {
        host.decide(navigation)
    }

    /// Tells the host the main frame committed a navigation (`webView(_:didCommit:)`).
    public func didCommit() {
        host.committed()
    }

    /// Sends the app's event `name` with `detail` to the page, for documents at an origin
    /// `channel` admits, and says what became of it: delivered (the page's client took it),
    /// held for a document that may take it, or refused with the reason. With `holding: false`
    /// it is for the page showing only (an answer meant for one page).
    @discardableResult
    public func send(event name: String, detail: some Encodable, channel: String, holding: Bool = true) async throws(JSONError)
        -> BridgeHost<Message>.EventOutcome
    {
        let outcome = try host.send(event: name, detail: detail, channel: channel, holding: holding)
        if case .deliver(let event) = outcome, await !deliverNow(event) {
            return holding ? .held : .refused("\(channel): the page it was for has gone")
        }
        return outcome
    }

    /// Delivers `event`; one the page's client does not take goes back to the host, held.
    private func deliverNow(_ event: BridgeHost<Message>.Event) async -> Bool {
        guard let deliver, await deliver(event) else {
            host.notTaken(event)
            return false
        }
        return true
    }

    func apply(_ decision: BridgeHost<Message>.NavigationDecision) -> WKNavigationActionPolicy {
        switch decision {
        case .allow:
            installScripts()
            return .allow
        case .cancel:
            return .cancel
        case .openOutside(let url):
            openOutside(url)
            return .cancel
        }
    }

    /// Replaces the bridge's user scripts with the host's, when they changed; the app's own stay.
    private func installScripts() {
        guard let controller else { return }
        let scripts = host.documentScripts
        guard scripts != installedScripts else { return }
        let others = controller.userScripts.filter { script in !installed.contains { $0 === script } }
        controller.removeAllUserScripts()
        installed = scripts.map {
            WKUserScript(source: $0.source, injectionTime: .atDocumentStart, forMainFrameOnly: $0.isForMainFrameOnly, in: .page)
        }
        installedScripts = scripts
        for script in installed + others { controller.addUserScript(script) }
    }
}

extension WebKitBridge: WebKitBridgeEndpoint {
    func receivePost(_ message: WKScriptMessage) {
        switch host.receive(name: message.name, body: message.body, frame: FrameOrigin(message.frameInfo)) {
        case .reply(let refusal):
            if let reason = refusal.webKitReplyArguments?.errorMessage { onRefusal?(reason) }
        case .deliver(let events):
            Task { for event in events { _ = await deliverNow(event) } }
        case .message(let typed, _):
            let name = message.name
            Task {
                do {
                    _ = try await respond(typed)
                } catch {
                    onRefusal?("\(name): \(error)")
                }
            }
        }
    }

    func receiveRequest(_ message: WKScriptMessage) async -> (Any?, String?) {
        let answer: BridgeAnswer
        switch host.receive(name: message.name, body: message.body, frame: FrameOrigin(message.frameInfo)) {
        case .reply(let refusal):
            answer = refusal
        case .deliver(let events):
            for event in events { _ = await deliverNow(event) }
            answer = .webKitReply(json: nil, errorMessage: nil)
        case .message(let typed, let request):
            do {
                answer = host.answer(try await respond(typed), to: request)
            } catch {
                answer = host.answer(failing: error, to: request)
            }
        }
        return answer.webKitReplyArguments ?? (nil, nil)
    }

    func decide(_ action: WKNavigationAction) -> WKNavigationActionPolicy {
        decidePolicy(for: action)
    }

    func committed() {
        didCommit()
    }
}
