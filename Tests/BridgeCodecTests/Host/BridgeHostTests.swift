import BridgeCodec
import BridgeCodecProviders
import Foundation
import Testing

/// The host as WebKit drives it: navigations decided and committed, messages from frames, the
/// app's events, with the page's client telling its secret as bridge.js does.
@Suite struct BridgeHostTests {
    struct Lookup: Codable, Sendable { var sku: String }
    struct Item: Codable, Sendable, Equatable {
        var sku: String
        var price: Decimal
    }
    enum UnknownSKU: Error { case unknownSKU(String) }
    struct OutOfStock: LocalizedError { var errorDescription: String? { "That item is out of stock" } }

    enum Message: Sendable {
        case provider(ProviderMessage)
        case lookup(Lookup, BridgeReply<Item>)
        case viewed(Lookup)
    }

    static let shop = FrameOrigin(scheme: "https", host: "shop.example", port: nil, isMainFrame: true)
    static let shopFrame = FrameOrigin(scheme: "https", host: "shop.example", port: nil, isMainFrame: false)
    static let volt = FrameOrigin(scheme: "https", host: "checkout.volt.io", port: nil, isMainFrame: true)

    static func host(framesToo: Bool = false, heldEvents: Int = BridgeHost<Message>.defaultHeldEvents) throws -> BridgeHost<Message> {
        let shopOnly = try OriginPolicy.hosts(["shop.example"], includingFrames: framesToo)
        let dispatcher = BridgeDispatcher<Message>(channels: [
            BridgeChannel.voltRedirect(origins: try .hosts(["checkout.volt.io"])).map(Message.provider),
            BridgeChannel("cart", origins: shopOnly, decoding: Lookup.self, replying: Item.self, as: Message.lookup),
            BridgeChannel("viewed", origins: shopOnly, decoding: Lookup.self, as: Message.viewed),
        ])
        return try BridgeHost(
            dispatcher: dispatcher, snippets: [BridgeScripts.voltRedirectCallback(transport: .webKitObject)], heldEvents: heldEvents)
    }

    /// A page load as WebKit reports it: decided, committed, and the client in the new document
    /// telling its secret (the one in the scripts installed when the navigation was decided).
    static func load(_ url: String, at origin: FrameOrigin, in host: inout BridgeHost<Message>) -> (
        secret: String, events: [BridgeHost<Message>.Event]
    ) {
        #expect(host.decide(.init(url: url, isMainFrame: true)) == .allow)
        let secret = host.client.secret.text
        host.committed()
        guard case .deliver(let events) = host.receive(name: BridgeHost<Message>.documentHandler, body: ["secret": secret], frame: origin)
        else {
            Issue.record("the announcement is not read as one")
            return (secret, [])
        }
        return (secret, events)
    }

    @Test func scriptsGoToTheMainFrameWithTheClientFirstUnlessAChannelIncludesFrames() throws {
        let host = try Self.host()
        #expect(host.documentScripts.count == 2)
        #expect(host.documentScripts.allSatisfy { $0.isForMainFrameOnly })
        #expect(host.documentScripts[0].source.contains(host.client.secret.text))
        #expect(host.documentScripts[0].source.contains(BridgeHost<Message>.documentHandler))
        #expect(host.documentScripts[1].source == BridgeScripts.voltRedirectCallback(transport: .webKitObject))
        #expect(try Self.host(framesToo: true).documentScripts.allSatisfy { !$0.isForMainFrameOnly })
        #expect(host.handlers.map(\.name) == ["voltRedirect", "cart", "viewed", BridgeHost<Message>.documentHandler])
        #expect(host.handlers.map(\.replies) == [false, true, false, false])
    }

    @Test func eachMainFrameNavigationGetsAFreshSecretAndFramesKeepTheirs() throws {
        var host = try Self.host()
        let first = host.client.secret
        #expect(host.decide(.init(url: "https://shop.example/pay", isMainFrame: false)) == .allow)
        #expect(host.client.secret == first)
        #expect(host.decide(.init(url: "https://shop.example/", isMainFrame: true)) == .allow)
        #expect(host.client.secret != first)
        #expect(host.documentScripts[0].source.contains(host.client.secret.text))
        #expect(!host.documentScripts[0].source.contains(first.text))
    }

    @Test func theDefaultRuleCancelsWhatTheURLPolicyRefusesAndOpensAppSchemesOutside() throws {
        let dispatcher = BridgeDispatcher<Message>(channels: [], urlPolicy: .https(plusAppSchemes: ["myapp"]))
        var host = try BridgeHost(dispatcher: dispatcher)
        let before = host.client.secret
        for url in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "http://shop.example/", "not a url"] {
            #expect(host.decide(.init(url: url, isMainFrame: true)) == .cancel, "\(url)")
        }
        #expect(host.client.secret == before)
        guard case .openOutside(let url) = host.decide(.init(url: "myapp://done?x=1", isMainFrame: true)) else {
            Issue.record("an app scheme does not open outside")
            return
        }
        #expect(url.href == "myapp://done?x=1")
        // Frames: blank and srcdoc documents load, an app scheme does not open outside from one.
        #expect(host.decide(.init(url: "about:blank", isMainFrame: false)) == .allow)
        #expect(host.decide(.init(url: "about:srcdoc", isMainFrame: false)) == .allow)
        #expect(host.decide(.init(url: "about:config", isMainFrame: false)) == .cancel)
        #expect(host.decide(.init(url: "https://acs.bank.example/3ds", isMainFrame: false)) == .allow)
        #expect(host.decide(.init(url: "myapp://done", isMainFrame: false)) == .cancel)
        #expect(host.client.secret == before, "a frame's navigation keeps the page's secret")
    }

    @Test func anAppRuleDecides() throws {
        var host = try BridgeHost(dispatcher: BridgeDispatcher<Message>(channels: [])) { navigation in
            navigation.url.hasPrefix("https://shop.example/") ? .allow : .cancel
        }
        #expect(host.decide(.init(url: "https://shop.example/a", isMainFrame: true)) == .allow)
        #expect(host.decide(.init(url: "https://elsewhere.example/", isMainFrame: true)) == .cancel)
    }

    @Test func aRequestFromTheMainFrameReachesTheAppAndItsAnswerGoesBack() throws {
        var host = try Self.host()
        _ = Self.load("https://shop.example/", at: Self.shop, in: &host)
        guard case .message(.lookup(let lookup, let reply), let request) = host.receive(name: "cart", body: ["sku": "A1"], frame: Self.shop)
        else {
            Issue.record("the request is not the app's message")
            return
        }
        #expect(lookup.sku == "A1")
        let answer = host.answer(try reply.answer(Item(sku: "A1", price: Decimal(string: "12.5")!)), to: request)
        #expect(answer == .webKitReply(json: #"{"price":12.5,"sku":"A1"}"#, errorMessage: nil))
    }

    @Test func anIframeIsRefusedUnlessTheChannelIncludesFrames() throws {
        var host = try Self.host()
        guard case .reply(let refusal) = host.receive(name: "cart", body: ["sku": "A1"], frame: Self.shopFrame) else {
            Issue.record("an iframe's request reached the app")
            return
        }
        #expect(refusal.webKitReplyArguments?.errorMessage == "cart: origin https://shop.example (iframe) is not the main frame")
        var framed = try Self.host(framesToo: true)
        guard case .message = framed.receive(name: "cart", body: ["sku": "A1"], frame: Self.shopFrame) else {
            Issue.record("a channel including frames refused an iframe")
            return
        }
    }

    @Test func anAnswerForAPageThatNavigatedAwayIsDropped() throws {
        var host = try Self.host()
        _ = Self.load("https://shop.example/", at: Self.shop, in: &host)
        guard case .message(.lookup(_, let reply), let request) = host.receive(name: "cart", body: ["sku": "A1"], frame: Self.shop) else {
            Issue.record("the request is not the app's message")
            return
        }
        _ = Self.load("https://shop.example/next", at: Self.shop, in: &host)
        let answer = host.answer(try reply.answer(Item(sku: "A1", price: 1)), to: request)
        #expect(answer == .webKitReply(json: nil, errorMessage: "cart: the page navigated away"))
    }

    @Test func thePageReadsTheErrorTextTheAppChoosesNeverItsErrorsDescription() throws {
        var host = try Self.host()
        guard case .message(_, let request) = host.receive(name: "cart", body: ["sku": "ZZZ"], frame: Self.shop) else {
            Issue.record("the request is not the app's message")
            return
        }
        let plain = host.answer(failing: UnknownSKU.unknownSKU("ZZZ"), to: request).webKitReplyArguments?.errorMessage
        #expect(plain == "cart: the app refused the request")
        #expect(host.answer(failing: OutOfStock(), to: request).webKitReplyArguments?.errorMessage == "That item is out of stock")
        #expect(host.answer(.none, to: request).webKitReplyArguments?.errorMessage == "cart: the app's handler gave no answer")
    }

    @Test func eventsWaitForTheClientAndThenArriveInOrder() throws {
        var host = try Self.host()
        #expect(try host.send(event: "cartChanged", detail: Item(sku: "A1", price: 2), channel: "cart") == .held)
        #expect(host.send(event: "cartChanged", detail: .number(JSONNumber(3)), channel: "cart") == .held)
        let (secret, events) = Self.load("https://shop.example/", at: Self.shop, in: &host)
        #expect(events.map(\.detail) == [#"{"price":2,"sku":"A1"}"#, "3"])
        #expect(events.allSatisfy { $0.arguments["key"] == secret && $0.arguments["global"] == "bridgecodec" })
        guard case .deliver(let now) = host.send(event: "cartChanged", detail: .bool(true), channel: "cart") else {
            Issue.record("an event for the page showing is not delivered")
            return
        }
        #expect(now.arguments == ["global": "bridgecodec", "key": secret, "name": "cartChanged", "detail": "true"])
        #expect(now.script.contains(secret))
        #expect(host.send(event: "x", detail: .null, channel: "nowhere") == .refused("nowhere: no channel has this name"))
    }

    @Test func aProvidersPageNeverReceivesTheAppsEvents() throws {
        var host = try Self.host()
        _ = Self.load("https://shop.example/", at: Self.shop, in: &host)
        // The client is in Volt's page too (it is the main frame), and tells its secret there.
        let (_, atVolt) = Self.load("https://checkout.volt.io/pay", at: Self.volt, in: &host)
        #expect(atVolt.isEmpty)
        #expect(host.send(event: "cartChanged", detail: .number(JSONNumber(1)), channel: "cart") == .held)
        let (secret, back) = Self.load("https://shop.example/return", at: Self.shop, in: &host)
        #expect(back.map(\.arguments["key"]) == [secret])
    }

    @Test func anEventHeldForAnotherOriginDoesNotHoldBackTheOthers() throws {
        var host = try Self.host()
        _ = Self.load("https://shop.example/", at: Self.shop, in: &host)
        // Volt's channel admits Volt's page only: its event waits, the cart's goes.
        #expect(host.send(event: "forVolt", detail: .null, channel: "voltRedirect") == .held)
        guard case .deliver(let event) = host.send(event: "cartChanged", detail: .null, channel: "cart") else {
            Issue.record("an event the page admits is held behind one it does not")
            return
        }
        #expect(event.name == "cartChanged")
        let (_, atVolt) = Self.load("https://checkout.volt.io/pay", at: Self.volt, in: &host)
        #expect(atVolt.map(\.name) == ["forVolt"])
    }

    @Test func heldEventsAreBounded() throws {
        var host = try Self.host(heldEvents: 2)
        #expect(host.send(event: "a", detail: .null, channel: "cart") == .held)
        #expect(host.send(event: "b", detail: .null, channel: "cart") == .held)
        #expect(host.send(event: "c", detail: .null, channel: "cart") == .refused("cart: 2 events are held already"))
        #expect(throws: InvalidArgument.self) { try Self.host(heldEvents: BridgeHost<Message>.mostHeldEvents + 1) }
    }

    @Test func aPageRestoredFromTheBackForwardCacheIsKnownByItsOwnSecret() throws {
        var host = try Self.host()
        let (first, _) = Self.load("https://shop.example/", at: Self.shop, in: &host)
        _ = Self.load("https://shop.example/next", at: Self.shop, in: &host)
        // Back: WebKit decides and commits, and the restored page's client tells the secret it holds.
        #expect(host.decide(.init(url: "https://shop.example/", isMainFrame: true)) == .allow)
        host.committed()
        #expect(host.send(event: "cartChanged", detail: .number(JSONNumber(1)), channel: "cart") == .held)
        guard case .deliver(let events) = host.receive(name: BridgeHost<Message>.documentHandler, body: ["secret": first], frame: Self.shop)
        else {
            Issue.record("the restored page's announcement is not read")
            return
        }
        #expect(events.map(\.arguments["key"]) == [first])
    }

    @Test func aSameDocumentNavigationKeepsTheDocumentsSecret() throws {
        var host = try Self.host()
        let (secret, _) = Self.load("https://shop.example/", at: Self.shop, in: &host)
        #expect(host.decide(.init(url: "https://shop.example/#details", isMainFrame: true)) == .allow)
        guard case .deliver(let event) = host.send(event: "cartChanged", detail: .number(JSONNumber(1)), channel: "cart") else {
            Issue.record("an event after a same-document navigation is held")
            return
        }
        #expect(event.arguments["key"] == secret)
    }

    @Test func anAnnouncementIsBelievedOnlyFromTheMainFrameWithASecretTheHostMade() throws {
        var host = try Self.host()
        #expect(host.send(event: "a", detail: .null, channel: "cart") == .held)
        let name = BridgeHost<Message>.documentHandler
        let made = host.client.secret.text
        for (body, frame) in [(["secret": made], Self.shopFrame), (["secret": String(repeating: "A", count: 43)], Self.shop)]
            as [([String: String], FrameOrigin)]
        {
            guard case .deliver(let events) = host.receive(name: name, body: body, frame: frame) else {
                Issue.record("the announcement is not read as one")
                return
            }
            #expect(events.isEmpty)
        }
        #expect(host.send(event: "b", detail: .null, channel: "cart") == .held)
    }

    @Test func anEventThePageDidNotTakeIsHeldAgainFirst() throws {
        var host = try Self.host()
        _ = Self.load("https://shop.example/", at: Self.shop, in: &host)
        guard case .deliver(let event) = host.send(event: "a", detail: .null, channel: "cart") else {
            Issue.record("not delivered")
            return
        }
        host.notTaken(event)
        #expect(host.send(event: "b", detail: .null, channel: "cart") == .held)
        let (secret, events) = Self.load("https://shop.example/again", at: Self.shop, in: &host)
        #expect(events.map(\.name) == ["a", "b"])
        #expect(events.allSatisfy { $0.arguments["key"] == secret })
    }

    @Test func noChannelTakesTheHostsOwnHandler() {
        let dispatcher = BridgeDispatcher<Message>(channels: [
            BridgeChannel(BridgeHost<Message>.documentHandler, origins: .anyOrigin, decoding: Lookup.self, as: Message.viewed)
        ])
        #expect(throws: InvalidArgument.self) { try BridgeHost(dispatcher: dispatcher) }
    }
}
