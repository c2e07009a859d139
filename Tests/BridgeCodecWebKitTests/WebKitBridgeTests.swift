import BridgeCodec
import BridgeCodecProviders
import BridgeCodecWebKit
import Foundation
import Testing
@_spi(StandIn) import WebKit

/// The WebKit adapter against WebKit's declarations, with WebKit's part played by the stand-in:
/// messages from frames, navigations decided and committed, scripts run in the page.
@MainActor
@Suite struct WebKitBridgeTests {
    struct Lookup: Codable, Sendable {
        var sku: String
    }
    struct Item: Codable, Sendable {
        var sku: String
        var at: Date
    }
    enum UnknownSKU: Error { case unknownSKU(String) }

    enum Message: Sendable {
        case provider(ProviderMessage)
        case lookup(Lookup, BridgeReply<Item>)
    }

    static func host(framesToo: Bool = false) throws -> BridgeHost<Message> {
        let dispatcher = BridgeDispatcher<Message>(channels: [
            BridgeChannel.voltRedirect(origins: try .hosts(["checkout.volt.io"])).map(Message.provider),
            BridgeChannel(
                "cart", origins: try .hosts(["shop.example"], includingFrames: framesToo), decoding: Lookup.self, replying: Item.self,
                as: Message.lookup),
        ])
        return try BridgeHost(dispatcher: dispatcher, snippets: [BridgeScripts.voltRedirectCallback(transport: .webKitObject)])
    }

    static func respond(_ message: Message) async throws -> BridgeAnswer {
        switch message {
        case .lookup(let lookup, let reply):
            await Task.yield()  // a lookup that awaits, as a cart's would
            guard lookup.sku == "A1" else { throw UnknownSKU.unknownSKU(lookup.sku) }
            return try reply.answer(Item(sku: "A1", at: Date(timeIntervalSince1970: 1_765_000_000)))
        case .provider: return .none
        }
    }

    static func frame(_ url: String, main: Bool = true, in webView: WKWebView) -> WKFrameInfo {
        WKFrameInfo(isMainFrame: main, url: URL(string: url), webView: webView)
    }

    /// A main-frame load as WebKit reports it, and the client telling its secret from the scripts then installed.
    static func load(_ url: String, in webView: WKWebView) async throws -> String {
        let decision = await webView.standInDecidePolicy(
            for: WKNavigationAction(request: URLRequest(url: try #require(URL(string: url))), targetFrame: nil))
        #expect(decision == .allow)
        webView.standInNotifyNavigationDelegate(.didCommit(nil))
        let controller = webView.configuration.userContentController
        let client = try #require(controller.userScripts.first?.source)
        let secret = try #require(client.firstMatch(of: /"secret":"([A-Za-z0-9_-]+)"/)?.1)
        _ = await controller.standInPostMessage(
            name: BridgeHost<Message>.documentHandler, body: ["secret": String(secret)], frameInfo: frame(url, in: webView), world: .page,
            webView: webView)
        return String(secret)
    }

    @Test func oneCallInstallsHandlersScriptsAndTheNavigationDelegate() throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let mine = WKUserScript(source: "window.app = 1", injectionTime: .atDocumentEnd, forMainFrameOnly: true)
        webView.configuration.userContentController.addUserScript(mine)
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        bridge.install(in: webView)
        let controller = webView.configuration.userContentController
        let handlers = controller.standInScriptMessageHandlers.map { ($0.name, $0.contentWorld === WKContentWorld.page) }
        #expect(handlers.map(\.0) == ["voltRedirect", "cart", BridgeHost<Message>.documentHandler] && handlers.allSatisfy(\.1))
        #expect(
            controller.standInScriptMessageHandler(named: "cart").map { if case .withReply = $0.handler { true } else { false } } == true)
        #expect(
            controller.standInScriptMessageHandler(named: "voltRedirect").map { if case .withoutReply = $0.handler { true } else { false } }
                == true)
        let scripts = controller.userScripts
        #expect(scripts.count == 3 && scripts[2] === mine)
        #expect(
            scripts[0].injectionTime == .atDocumentStart && scripts[0].isForMainFrameOnly
                && scripts[0].standInContentWorld === WKContentWorld.page)
        #expect(scripts[1].source == BridgeScripts.voltRedirectCallback(transport: .webKitObject))
        #expect(webView.navigationDelegate != nil)
        // A bridge serves one web view: installing again registers nothing twice.
        bridge.install(in: webView)
        #expect(controller.standInScriptMessageHandlers.count == 3 && controller.userScripts.count == 3)
    }

    @Test func anAppWithItsOwnNavigationDelegateKeepsIt() throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        bridge.install(in: webView, asNavigationDelegate: false)
        #expect(webView.navigationDelegate == nil)
        let refused = WKNavigationAction(request: URLRequest(url: try #require(URL(string: "file:///etc/passwd"))), targetFrame: nil)
        #expect(bridge.decidePolicy(for: refused) == .cancel)
    }

    @Test func aRequestIsAnsweredInTheFrameThatAskedAndAnErrorReadsAsTheAppChose() async throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        bridge.install(in: webView)
        _ = try await Self.load("https://shop.example/", in: webView)
        let controller = webView.configuration.userContentController
        let shop = Self.frame("https://shop.example/", in: webView)
        guard
            case .replied(let value, nil) = await controller.standInPostMessage(
                name: "cart", body: ["sku": "A1"], frameInfo: shop, webView: webView)
        else {
            Issue.record("no answer")
            return
        }
        let item = try #require(value as? [String: Any])
        #expect(item["sku"] as? String == "A1" && item["at"] as? String == "2025-12-06T05:46:40.000Z")
        guard
            case .replied(nil, let error) = await controller.standInPostMessage(
                name: "cart", body: ["sku": "ZZZ"], frameInfo: shop, webView: webView)
        else {
            Issue.record("no refusal")
            return
        }
        #expect(error == "cart: the app refused the request")
        let iframe = Self.frame("https://shop.example/frame", main: false, in: webView)
        guard
            case .replied(nil, let refused) = await controller.standInPostMessage(
                name: "cart", body: ["sku": "A1"], frameInfo: iframe, webView: webView)
        else {
            Issue.record("an iframe's request was answered")
            return
        }
        #expect(refused == "cart: origin https://shop.example (iframe) is not the main frame")
    }

    @Test func eventsWaitForThePageAndGoAsArguments() async throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        webView.standInJavaScriptResponder = { _ in true }
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        bridge.install(in: webView)
        #expect(try await bridge.send(event: "cartChanged", detail: ["count": 2], channel: "cart") == .held)
        #expect(webView.standInJavaScriptCalls.isEmpty)
        let secret = try await Self.load("https://shop.example/", in: webView)
        await Task.yield()
        let calls = webView.standInJavaScriptCalls
        #expect(calls.count == 1 && calls.first?.method == .callAsyncJavaScriptAsync && calls.first?.contentWorld === WKContentWorld.page)
        #expect(calls.first?.source == BridgeHost<Message>.Event.functionBody)
        #expect(
            calls.first?.arguments as? [String: String] == [
                "global": "bridgecodec", "key": secret, "name": "cartChanged", "detail": #"{"count":2}"#,
            ])
        guard case .deliver = try await bridge.send(event: "cartChanged", detail: ["count": 3], channel: "cart") else {
            Issue.record("an event for the page showing is not delivered")
            return
        }
        // A document whose client does not take it (it has gone): held again, for the next.
        webView.standInJavaScriptResponder = { _ in false }
        #expect(try await bridge.send(event: "cartChanged", detail: ["count": 4], channel: "cart") == .held)
    }

    @Test func eachPageLoadGetsAFreshSecretInItsScripts() async throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        bridge.install(in: webView)
        let first = try await Self.load("https://shop.example/", in: webView)
        let second = try await Self.load("https://shop.example/", in: webView)
        #expect(first != second)
        #expect(webView.configuration.userContentController.userScripts.count == 2)
    }

    @Test func navigationsFollowTheHostsRule() async throws {
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        var opened: [String] = []
        let dispatcher = BridgeDispatcher<Message>(channels: [], urlPolicy: .https(plusAppSchemes: ["myapp"]))
        let bridge = WebKitBridge(
            host: try BridgeHost(dispatcher: dispatcher), openOutside: { opened.append($0.href) }, respond: Self.respond)
        bridge.install(in: webView)
        for (url, expected) in [
            ("https://shop.example/", WKNavigationActionPolicy.allow), ("javascript:alert(1)", .cancel), ("myapp://done", .cancel),
        ] {
            let action = WKNavigationAction(request: URLRequest(url: try #require(URL(string: url))), targetFrame: nil)
            #expect(await webView.standInDecidePolicy(for: action) == expected, "\(url)")
        }
        #expect(opened == ["myapp://done"])
    }

    @Test func nothingTheBridgeRegistersKeepsItOrItsOwnerAlive() throws {
        @MainActor final class Owner {
            let webView: WKWebView
            var bridge: WebKitBridge<Message>?
            init(_ webView: WKWebView) { self.webView = webView }
        }
        // The web view outlives its owner here, as one a navigation stack still holds does: what
        // WebKit keeps (handlers, the delegate) must not keep the bridge or the owner alive.
        let webView = WKWebView(frame: .zero, configuration: WKWebViewConfiguration())
        weak var weakBridge: WebKitBridge<Message>?
        weak var weakOwner: Owner?
        do {
            let owner = Owner(webView)
            let bridge = WebKitBridge(
                host: try Self.host(), openOutside: { _ in },
                respond: { [weak owner] message in
                    _ = owner?.webView  // a handler that reaches its owner, as an app's does
                    return try await Self.respond(message)
                })
            bridge.install(in: owner.webView)
            owner.bridge = bridge
            weakBridge = bridge
            weakOwner = owner
        }
        #expect(weakBridge == nil && weakOwner == nil)
        #expect(webView.configuration.userContentController.standInScriptMessageHandlers.count == 3)
    }

    @available(iOS 26.0, macOS 26.0, visionOS 26.0, *)
    @Test func aWebPageGetsTheSameInstallationAndEventsGoThroughCallJavaScript() async throws {
        let bridge = WebKitBridge(host: try Self.host(), openOutside: { _ in }, respond: Self.respond)
        let page = bridge.makeWebPage()
        page.standInJavaScriptResponder = { _ in true }
        let controller = page.standInWebView.configuration.userContentController
        #expect(controller.userScripts.count == 2)
        #expect(controller.standInScriptMessageHandlers.map(\.name) == ["voltRedirect", "cart", BridgeHost<Message>.documentHandler])
        let refused = WKNavigationAction(request: URLRequest(url: try #require(URL(string: "javascript:x"))), targetFrame: nil)
        #expect(await page.standInDecidePolicy(for: refused).policy == .cancel)
        let secret = bridge.host.client.secret.text
        let allowed = WKNavigationAction(request: URLRequest(url: try #require(URL(string: "https://shop.example/"))), targetFrame: nil)
        #expect(await page.standInDecidePolicy(for: allowed).policy == .allow)
        // The navigation's document gets a fresh secret; the page's client tells it.
        let next = bridge.host.client.secret.text
        #expect(next != secret && controller.userScripts.first?.source.contains(next) == true)
        _ = await controller.standInPostMessage(
            name: BridgeHost<Message>.documentHandler, body: ["secret": next],
            frameInfo: Self.frame("https://shop.example/", in: page.standInWebView), world: .page, webView: page.standInWebView)
        guard case .deliver = try await bridge.send(event: "paid", detail: ["ok": true], channel: "cart") else {
            Issue.record("the event is not delivered")
            return
        }
        let call = try #require(page.standInJavaScriptCalls.last)
        #expect(call.method == .callJavaScript && call.source == BridgeHost<Message>.Event.functionBody)
        #expect((call.arguments as? [String: String])?["key"] == next)
    }
}
