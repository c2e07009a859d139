import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// The Swift examples of README and of the docs that continue it (`docs/providers.md`,
/// `docs/escaping.md`, `docs/json-policy.md`), run as written: the dispatchers the quick start
/// and `docs/providers.md` build, a `WKScriptMessage` of the shape WebKit hands over from each
/// provider's page, the Android calls, then the scripts, escaping, Swedbank Pay and own-message
/// examples. The snippets' app functions (`handle`, `openInBrowser`, …) become records the tests read.
@Suite("README and docs examples")
struct ReadmeExamplesTests {
    // WebKit's shapes, as the snippets read them (WebKit is not on Linux).
    struct SecurityOrigin {
        var `protocol`: String
        var host: String
        var port: Int
    }

    struct FrameInfo {
        var securityOrigin: SecurityOrigin
        var isMainFrame: Bool
    }

    struct ScriptMessage {
        var name: String
        var body: Any
        var frameInfo: FrameInfo
    }

    // README, "Quick start".
    let dispatcher = BridgeDispatcher(
        channels: [
            .voltRedirect(origins: .listing(["checkout.volt.io"])),
            .sovendus(origins: .anyOrigin),
            .branchHostedLink(origins: .listing(["onboarding.example.com"])),  // where your Branch flow is served
            .swedbankPayCompleted(origins: .listing(["shop.example.com"])),  // your completeUrl and cancelUrl pages
            .swedbankPayCanceled(origins: .listing(["shop.example.com"])),
        ],
        urlPolicy: .https(plusAppSchemes: ["myapp"]))  // default: .httpsOnly

    // docs/providers.md, "Transports and origins".
    let androidDispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))

    /// A message posted by the main frame of `page` (`https://host`), or of the banner page the
    /// app loads itself with `baseURL: nil`, whose opaque origin WebKit reports as an empty
    /// protocol and host. The body is the graph WebKit builds for the value `body` stands for.
    static func message(_ name: String, body: Any, page host: String?) throws -> ScriptMessage {
        let origin = host.map { SecurityOrigin(protocol: "https", host: $0, port: 0) } ?? SecurityOrigin(protocol: "", host: "", port: 0)
        let graph = WebKitBody.graph(for: try JSONValue(foundationObject: body))
        return ScriptMessage(name: name, body: graph, frameInfo: FrameInfo(securityOrigin: origin, isMainFrame: true))
    }

    /// The snippet's `origin`.
    static func origin(of message: ScriptMessage) -> FrameOrigin {
        let frame = message.frameInfo
        return FrameOrigin(
            webKitProtocol: frame.securityOrigin.protocol, host: frame.securityOrigin.host, port: frame.securityOrigin.port,
            isMainFrame: frame.isMainFrame)
    }

    // README, "Quick start": the message handler.
    @Test func iOSHandlerLogsTheReasonForAJavaScriptURL() throws {
        let message = try Self.message(
            "voltRedirect", body: ["type": "bank_redirect", "url": "javascript:alert(1)"], page: "checkout.volt.io")
        var logged: [String] = []
        let origin = Self.origin(of: message)
        do {
            Issue.record("decoded \(try dispatcher.dispatch(handlerName: message.name, foundationBody: message.body, origin: origin))")
        } catch {
            logged.append("\(error)")
        }
        #expect(logged == [#"voltRedirect: $.url: URL scheme "javascript:" is never allowed"#])
    }

    // README, "Quick start": Volt.
    @Test func voltRedirectsReachTheApp() throws {
        var opened: [URL?] = []
        var finished: [(VoltMerchantResult, BridgeURL)] = []
        for body in [
            ["type": "bank_redirect", "url": "https://bank.example/authorise?id=1"],
            ["type": "merchant_redirect", "result": "cancel", "url": "https://merchant.example/checkout/cancel?order=123"],
        ] {
            let message = try Self.message("voltRedirect", body: body, page: "checkout.volt.io")
            let origin = Self.origin(of: message)
            switch try dispatcher.dispatch(handlerName: message.name, foundationBody: message.body, origin: origin) {
            case .volt(.bankRedirect(let url)):
                opened.append(url.foundationURL)
            case .volt(.merchantRedirect(let result, let url)):
                finished.append((result, url))
            default: Issue.record("\(body) was not delivered")
            }
        }
        #expect(opened == [URL(string: "https://bank.example/authorise?id=1")])
        #expect(finished.map(\.0) == [.cancel])
        #expect(finished.map(\.1.string) == ["https://merchant.example/checkout/cancel?order=123"])
    }

    // docs/providers.md, one section per provider.
    @Test func sovendusMessagesFromTheBannerPageReachTheApp() throws {
        var constant = SovendusHeight.initialHeight
        var presented: [URL?] = []
        for body in [
            ["type": "height", "value": 420] as [String: Any], ["type": "height", "value": 80],
            ["type": "openUrl", "value": "https://www.sovendus.com/offer"],
        ] {
            let message = try Self.message("sovHandler", body: body, page: nil)
            let origin = Self.origin(of: message)
            switch try dispatcher.dispatch(handlerName: message.name, foundationBody: message.body, origin: origin) {
            case .sovendus(.height(let height)) where height.shouldApply:
                constant = height.value
            case .sovendus(.openUrl(let url)):
                presented.append(url.foundationURL)
            case .sovendus(.height): break
            default: Issue.record("\(body) was not delivered")
            }
        }
        #expect(SovendusHeight.initialHeight == 348)
        #expect(constant == 420)
        #expect(presented == [URL(string: "https://www.sovendus.com/offer")])
    }

    @Test func branchHostedLinkReachesTheAppOnBothPlatforms() throws {
        let hostedLinkUrl = "https://hosted.plaid.com/link/lp-1234567890"
        let message = try Self.message("branchPlaidLink", body: hostedLinkUrl, page: "onboarding.example.com")
        let origin = Self.origin(of: message)
        var started: [URL?] = []
        if case .branchHostedLink(let request) = try dispatcher.dispatch(
            handlerName: message.name, foundationBody: message.body, origin: origin)
        {
            started.append(request.url.foundationURL)
        }
        #expect(started == [URL(string: hostedLinkUrl)])
        let request = try androidDispatcher.dispatch(BridgeMessage(handlerName: "branchPlaidLink", stringArgument: hostedLinkUrl))
        #expect(request == .branchHostedLink(BranchHostedLinkRequest(url: BridgeURL.literal(hostedLinkUrl))))
    }

    @Test func swedbankPayHooksReachTheAppOnBothPlatforms() throws {
        var events: [String] = []
        for message in [
            try Self.message("completed", body: "success", page: "shop.example.com"),
            try Self.message("canceled", body: NSNull(), page: "shop.example.com"),
        ] {
            let origin = Self.origin(of: message)
            switch try dispatcher.dispatch(handlerName: message.name, foundationBody: message.body, origin: origin) {
            case .swedbankPayCompleted(let completed): events.append("completed \(completed.status ?? "-")")
            case .swedbankPayCanceled: events.append("canceled")
            default: Issue.record("\(message.name) was not delivered")
            }
        }
        #expect(events == ["completed success", "canceled"])
        let status = "success"
        let completed = try androidDispatcher.dispatch(BridgeMessage(handlerName: "completed", stringArgument: status))
        let canceled = try androidDispatcher.dispatch(BridgeMessage(handlerName: "canceled", body: .absent))
        #expect(completed.kind == "swedbankpay.completed")
        #expect(canceled.kind == "swedbankpay.canceled")
    }

    // docs/providers.md, "Transports and origins".
    @Test func androidTextReachesTheApp() throws {
        let text = #"{"type":"merchant_redirect","result":"success","url":"https://merchant.example/done"}"#
        let decoded = try androidDispatcher.dispatch(handlerName: "voltRedirect", jsonText: text)
        #expect(decoded == .volt(.merchantRedirect(result: .success, url: BridgeURL.literal("https://merchant.example/done"))))
    }

    /// Why the Android dispatcher is built with `.anyOrigin`: a host list refuses a message that
    /// reports no origin, as `@JavascriptInterface` calls do.
    @Test func aHostListRefusesAMessageWithoutAnOrigin() throws {
        #expect {
            try dispatcher.dispatch(BridgeMessage(handlerName: "branchPlaidLink", stringArgument: "https://hosted.plaid.com/link/x"))
        } throws: { error in
            guard let error = error as? BridgeError, case .originNotAllowed = error.reason else { return false }
            return true
        }
    }

    // docs/providers.md, "Scripts and pages for the page side".
    @Test func scriptsAndPagesAreBuilt() throws {
        for transport in [ScriptTransport.webKitObject, .android, .reactNative, .cordova, .webKitString] {
            let userScript = BridgeScripts.voltRedirectCallback(transport: transport)
            #expect(userScript.contains("voltRedirectCallback"))
        }
        let order = SovendusOrder(
            sessionId: "s-1", orderId: "</script><b>", currencyCode: "EUR", usedCouponCode: "", trafficSourceNumber: 1,
            trafficMediumNumber: 2, netOrderValue: 12.5)
        let page = try SovendusBannerPage.html(order: order, timestamp: 1_700_000_000)
        #expect(page.contains(#""orderId":"\u003C\/script\u003E\u003Cb\u003E""#) && !page.contains("</script><b>"))
        let url = try #require(URL(string: "branchapp://plaid-hosted-link-complete?x=1"))
        let script = BridgeScripts.branchPlaidLinkCompletion(.completed(callbackUrl: try BridgeURL(url.absoluteString)))
        #expect(script.contains("branchPlaidLinkComplete"))
        let hooks = BridgeScripts.swedbankPayHooks(transport: .android)
        #expect(hooks.contains("swedbankPayCompleted") && hooks.contains("swedbankPayCanceled"))
        struct Cart: Encodable {
            var items = ["</script>": 2]
        }
        struct Session: Encodable {
            var id = "s-1"
        }
        let cart = Cart()
        let session = Session()
        var evaluated: [String] = []
        func evaluateJavaScript(_ script: String) { evaluated.append(script) }
        evaluateJavaScript(try BridgeScripts.dispatchEvent(named: "cartUpdated", detail: cart))
        evaluateJavaScript(try BridgeScripts.callFunction(named: "onAppReady", arguments: [session]))
        let json = try ScriptJSONEncoder().encode(cart)
        #expect(json == #"{"items":{"\u003C\/script\u003E":2}}"#)
        #expect(
            evaluated == [
                #"window.dispatchEvent(new CustomEvent("cartUpdated", { detail: {"items":{"\u003C\/script\u003E":2}} }));"# + "\n",
                #"window["onAppReady"]({"id":"s-1"});"# + "\n",
            ])
    }

    // docs/escaping.md, the `Escaper` calls.
    @Test func escaperCallsDoWhatTheCommentsSay() throws {
        let name = #"<img src=x onerror="alert('&')">"#
        #expect(try JSONValue(parsing: Escaper.javaScriptString(name)) == .string(name))
        let jsonValue = try JSONValue(parsing: #"{"</script>":"</script>"}"#)
        #expect(!Escaper.scriptJSON(jsonValue).contains("</"))
        #expect(Escaper.htmlText("<&\"") == "&lt;&amp;&quot;")
        #expect(!Escaper.htmlAttribute(name).contains(where: { "<>\"'".contains($0) }))
        #expect(Escaper.urlQueryComponent("order 1/2&x") == "order%201%2F2%26x")
        #expect(try Escaper.urlAttribute("https://shop.example.com/?a=1&b=2") == "https://shop.example.com/?a=1&amp;b=2")
        #expect(throws: (any Error).self) { try Escaper.scriptJSON(Double.nan) }
        var buffer: [UInt8] = []
        Escaper.append(name, escapedFor: .javaScriptString, to: &buffer)
        #expect(String(decoding: buffer, as: UTF8.self) == Escaper.javaScriptString(name))
    }

    // docs/providers.md, Swedbank Pay's "URLs and navigation".
    @Test func swedbankPayURLsAndNavigation() throws {
        let backend = "https://shop.example.com/swedbank-pay-mobile/"
        let id = "42"
        let completeURL = "https://shop.example.com/complete"
        let cancelURL = "https://shop.example.com/cancel"
        let paymentURL = try SwedbankPayPaymentURL.iOS(
            backendRoot: backend, scheme: "yourecomapp", language: "en-US", id: id, app: "Your Ecom App")
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: completeURL, cancelURL: cancelURL, paymentURL: paymentURL,
            appScheme: "yourecomapp", webViewHosts: ["shop.example.com", "ecom.payex.com"])
        var decisions: [String] = []
        let navigations = [
            (completeURL, true), ("https://shop.example.com/perform-payment", true), ("https://ecom.payex.com/checkout", true),
            ("javascript:alert(1)", true), ("yourecomapp://x", true),
            ("https://acs.issuer.example/challenge", false), ("https://acs.issuer.example/challenge", true),
        ]
        for (target, isMainFrame) in navigations {
            switch policy.decide(target, isMainFrame: isMainFrame) {
            case .completed, .canceled, .reloadPayment, .block: decisions.append("cancel")
            case .openExternally(let url): decisions.append("open \(url)")
            case .openIntent(let intent, let fallback): decisions.append("intent \(intent) \(fallback?.href ?? "-")")
            case .allow: decisions.append("allow")
            }
        }
        #expect(
            decisions == [
                "cancel", "allow", "allow", "cancel", "open yourecomapp://x", "allow", "open https://acs.issuer.example/challenge",
            ])
        let intent = try AndroidIntentURL(parsing: "intent://example.com/pay#Intent;scheme=https;package=com.example.app;end;")
        #expect(try intent.urlString() == "intent://example.com/pay#Intent;scheme=https;package=com.example.app;end;")
        let response = MerchantBackendHelpers().iOSUniversalLink(requestURL: backend + "sdk-callback/ios-universal-link?language=en")
        #expect(response.status == 400)
        let responseBody = response.body
        let problem = try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: responseBody)
        #expect(problem.merchantBackendProblem == .badRequest)
        let callback = "branchapp://plaid-hosted-link-complete?public_token=x"
        let detail = PlaidLinkCompletion(
            outcome: .callback(url: callback), redirect: PlaidRedirectURI(scheme: "branchapp", host: "plaid-hosted-link-complete"))
        #expect(detail == .completed(callbackUrl: BridgeURL.literal(callback)))
    }

    // README, "Your own messages".
    struct AnalyticsEvent: Codable, Sendable {
        enum Name: String, Codable, Sendable, CaseIterable { case viewedBasket, startedCheckout }
        struct Item: Codable, Sendable {
            var sku: String
            var quantity: Int
        }

        var name: Name
        var items: [Item]
        var page: URL
    }

    enum CheckoutMessage: Sendable {
        case provider(ProviderMessage)
        case analytics(AnalyticsEvent)
    }

    // scripts/check-readme-package also builds and runs this section as written, in a new package.
    let checkout = BridgeDispatcher(
        channels: [
            BridgeChannel(
                "analytics", origins: .listing(["shop.example.com"]), decoding: AnalyticsEvent.self, as: CheckoutMessage.analytics),
            BridgeChannel.voltRedirect(origins: .listing(["checkout.volt.io"])).map(CheckoutMessage.provider),
        ],
        urlPolicy: .https(plusAppSchemes: ["myapp"]),  // default .httpsOnly
        limits: (try? JSONLimits(maxBytes: 64 * 1024, maxDepth: 16)) ?? .default)

    @Test func yourOwnMessagesGoThroughTheSameDispatcher() throws {
        let event = #"{"name":"startedCheckout","items":[{"sku":"A-1","quantity":2}],"page":"https://shop.example.com/basket"}"#
        var tracked: [AnalyticsEvent] = []
        var opened: [URL?] = []
        func track(_ event: AnalyticsEvent) { tracked.append(event) }
        func openInBrowser(_ url: URL?) { opened.append(url) }
        let graph = try JSONSerialization.jsonObject(with: Data(event.utf8))
        for message in [
            try Self.message("analytics", body: graph, page: "shop.example.com"),
            try Self.message("voltRedirect", body: ["type": "bank_redirect", "url": "https://bank.example/a"], page: "checkout.volt.io"),
        ] {
            let origin = Self.origin(of: message)
            switch try checkout.dispatch(handlerName: message.name, foundationBody: message.body, origin: origin) {  // iOS
            case .analytics(let event): track(event)
            case .provider(.volt(let redirect)): openInBrowser(redirect.url.foundationURL)
            case .provider: break
            }
        }
        let origin = FrameOrigin(scheme: "https", host: "shop.example.com", isMainFrame: true)
        let fromAndroid = try checkout.dispatch(handlerName: "analytics", jsonText: event, origin: origin)  // JSON text
        guard case .analytics(let android) = fromAndroid else {
            Issue.record("not an analytics event: \(fromAndroid)")
            return
        }
        #expect(tracked.map(\.name) == [.startedCheckout] && android.name == .startedCheckout)
        #expect(tracked.first?.items.first?.quantity == 2 && android.page == URL(string: "https://shop.example.com/basket"))
        #expect(opened == [URL(string: "https://bank.example/a")])
        let hostile = event.replacingOccurrences(of: "https://shop.example.com/basket", with: "javascript:alert(1)")
        let unknown = event.replacingOccurrences(of: "startedCheckout", with: "purchased")
        for (body, logged) in [
            (hostile, #"analytics: $.page: URL scheme "javascript:" is never allowed"#),
            (unknown, #"analytics: $.name: unknown value "purchased"; expected one of "viewedBasket", "startedCheckout""#),
        ] {
            #expect(throws: (any Error).self) {
                do {
                    _ = try checkout.dispatch(handlerName: "analytics", jsonText: body, origin: origin)
                } catch {
                    #expect("\(error)" == logged)
                    throw error
                }
            }
        }
    }

    // docs/json-policy.md, "Against JSONDecoder".
    struct Order: Decodable, Equatable {
        struct Line: Decodable, Equatable {
            var sku: String
            var quantity: UInt8
        }

        var lines: [Line]
    }

    @Test func yourOwnMessagesDecodeStrictly() throws {
        let jsonText = #"{"lines":[{"sku":"a","quantity":1},{"sku":"b","quantity":2}]}"#
        let order = try StrictJSONDecoder().decode(Order.self, from: jsonText)
        let body = try JSONSerialization.jsonObject(with: Data(jsonText.utf8))
        let fromBody = try StrictJSONDecoder().decode(Order.self, fromFoundationObject: body)
        #expect(order == fromBody && order.lines.map(\.quantity) == [1, 2])
        #expect(throws: (any Error).self) {
            do {
                _ = try StrictJSONDecoder().decode(Order.self, from: #"{"lines":[{"sku":"a","quantity":1},{"sku":"b","quantity":1.5}]}"#)
            } catch {
                #expect("\(error)" == "$.lines[1].quantity: number 1.5 is not a valid UInt8")
                throw error
            }
        }
    }

    // README, "Your own messages": a request answered in one call, over React Native and WebKit, and an event.
    struct CartQuery: Codable, Sendable { var sku: String }
    struct CartTotal: Codable, Sendable {
        var amount: Decimal
        var currency: String
    }
    enum ShopMessage: Sendable { case cart(CartQuery, BridgeReply<CartTotal>) }

    @Test func requestsAreAnsweredInOneCall() throws {
        let shopBridge = BridgeDispatcher(channels: [
            BridgeChannel(
                "cart", origins: try .hosts(["shop.example.com"]), decoding: CartQuery.self, replying: CartTotal.self, as: ShopMessage.cart)
        ])
        let client = try BridgeClient(transport: .reactNative, secret: .random())
        let pageHalf = client.script(for: shopBridge)
        #expect(pageHalf.contains(#""channels":[{"name":"cart","answers":true}]"#))
        func handle(_ message: ShopMessage) throws -> BridgeAnswer {
            switch message {
            case .cart(let query, let reply): try reply.answer(CartTotal(amount: query.sku == "A-1" ? 12.5 : 0, currency: "EUR"))
            }
        }
        let shop = FrameOrigin(scheme: "https", host: "shop.example.com", isMainFrame: true)
        let envelope = #"{"version":1,"handler":"cart","id":1,"body":{"sku":"A-1"}}"#
        guard case .script(let script) = try shopBridge.answer(envelope: envelope, origin: shop, client: client, handle) else {
            Issue.record("no script")
            return
        }
        #expect(script.contains(#", 1, {"value":{"amount":12.5,"currency":"EUR"}}); })(window["bridgecodec"]);"#))

        let message = ScriptMessage(
            name: "cart", body: try WebKitBody.graph(forJSON: #"{"sku":"A-1"}"#),
            frameInfo: FrameInfo(securityOrigin: SecurityOrigin(protocol: "https", host: "shop.example.com", port: 0), isMainFrame: true))
        var replies: [(Any?, String?)] = []
        let replyHandler: (Any?, String?) -> Void = { replies.append(($0, $1)) }
        let frame = message.frameInfo
        let origin = FrameOrigin(
            webKitProtocol: frame.securityOrigin.protocol, host: frame.securityOrigin.host, port: frame.securityOrigin.port,
            isMainFrame: frame.isMainFrame)
        let answer = shopBridge.answer(webKitMessageNamed: message.name, body: message.body, origin: origin, handle)
        if let (value, errorMessage) = answer.webKitReplyArguments { replyHandler(value, errorMessage) }
        #expect(replies.count == 1 && (replies.first?.0 as? [String: Any])?["currency"] as? String == "EUR" && replies.first?.1 == nil)

        let event = try client.event(named: "cartChanged", detail: ["items": 2])
        #expect(event.contains(#", "cartChanged", "{\u0022items\u0022:2}");"#) && event.contains(client.secret.text))
    }
}
