import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Replies to the page's requests")
struct BridgeReplyTests {
    struct Cart: Codable, Sendable, Equatable {
        var sku: String
    }

    struct Total: Codable, Sendable, Equatable {
        var amount: String
        var note: String
    }

    enum AppMessage: Sendable {
        case cart(Cart, BridgeReply<Total>)
        case log(JSONValue)
    }

    static let dispatcher = BridgeDispatcher<AppMessage>(channels: [
        BridgeChannel("cart", origins: .hosts(["shop.example"]), decoding: Cart.self, replying: Total.self) { .cart($0, $1) },
        BridgeChannel("log", origins: .anyOrigin, decoding: JSONValue.self) { .log($0) },
    ])

    static let hostile = "</script><script>alert(1)</script>\u{2028}\u{2029}'\"\\`${x}"
    static let shop = FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: true)

    /// An envelope as the client writes it, read, dispatched and answered on every route that carries an id.
    @Test func anEnvelopesRequestIsAnsweredOnItsRoute() throws {
        let text = #"{"handler":"cart","id":7,"body":{"sku":"A"}}"#
        let envelope = try BridgeEnvelope(jsonText: text)
        #expect(envelope.handlerName == "cart" && envelope.requestID == 7)
        for transport in [ScriptTransport.android, .reactNative, .cordova, .androidListener] {
            let route = envelope.replyRoute(transport: transport)
            guard case .cart(let cart, let reply) = try Self.dispatcher.dispatch(envelope.message(origin: Self.shop), replyRoute: route)
            else {
                Issue.record("not the cart")
                continue
            }
            #expect(cart == Cart(sku: "A") && reply.isRequest)
            let answer = try reply.answer(Total(amount: "12.50", note: Self.hostile))
            switch answer {
            case .script(let script):
                #expect(transport != .androidListener)
                #expect(script.hasPrefix("(function (client) {") && script.hasSuffix("(window[\"bridgecodec\"]);\n"))
                #expect(script.contains("client.settle(7, "))
                #expect(!script.contains("</script>") && !script.contains("\u{2028}"))
            case .replyProxyText(let proxyText):
                #expect(transport == .androidListener)
                let value = try JSONValue(parsing: proxyText)
                let expected = try JSONValue(
                    parsing: #"{"id":7,"value":{"amount":"12.50","note":\#(JSONValue.string(Self.hostile).jsonText)}}"#)
                #expect(value == expected)
            default:
                Issue.record("\(transport): \(answer)")
            }
        }
    }

    /// WebKit's reply handler takes a JSON-compatible Foundation value, or an error text.
    @Test func webKitRepliesAreFoundationValues() throws {
        let reply = BridgeReply<Total>(route: .webKitReplyHandler)
        guard case .webKitReply(let value?, nil) = try reply.answer(Total(amount: "1", note: Self.hostile)) else {
            Issue.record("no value")
            return
        }
        let object = value.foundationObject
        #expect(JSONSerialization.isValidJSONObject(object))
        let dictionary = object as? [String: Any]
        #expect(dictionary?["note"] as? String == Self.hostile)
        #expect(reply.fail("no \(Self.hostile)") == .webKitReply(value: nil, errorMessage: "no \(Self.hostile)"))
        let numbers = try JSONValue(parsing: "[1,-2.5,9007199254740993,true,null]").foundationObject as? [Any]
        #expect((numbers?[0] as? NSNumber)?.int64Value == 1 && (numbers?[1] as? NSNumber)?.doubleValue == -2.5)
        #expect((numbers?[2] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        #expect(numbers?[4] is NSNull)
    }

    /// A post's handle answers nothing; a refused request is answered with the dispatcher's error.
    @Test func postsAndRefusalsOnTheRoute() throws {
        let post = try BridgeEnvelope(jsonText: #"{"handler":"cart","body":{"sku":"B"}}"#)
        #expect(post.requestID == nil && post.replyRoute(transport: .reactNative) == .none)
        guard case .cart(_, let reply) = try Self.dispatcher.dispatch(post.message(origin: Self.shop), replyRoute: .none) else {
            Issue.record("not the cart")
            return
        }
        let answer = try reply.answer(Total(amount: "0", note: ""))
        #expect(!reply.isRequest && answer == BridgeAnswer.none)

        let unknown = try BridgeEnvelope(jsonText: #"{"handler":"missing","id":3,"body":1}"#)
        let route = unknown.replyRoute(transport: .android, global: "my\"App")
        do {
            _ = try Self.dispatcher.dispatch(unknown.message(), replyRoute: route)
            Issue.record("an unknown handler was dispatched")
        } catch {
            guard case .script(let script) = route.failure(error.description) else {
                Issue.record("no script")
                return
            }
            #expect(script.contains(#"client.settle(3, {"error":"missing: "#))
            #expect(script.hasSuffix(#"(window["my\u0022App"]);"# + "\n"))
        }
        // A frame the channel does not list is refused before its body is read.
        let other = FrameOrigin(scheme: "https", host: "evil.example", isMainFrame: true)
        #expect(throws: BridgeError.self) {
            try Self.dispatcher.dispatch(
                BridgeEnvelope(jsonText: #"{"handler":"cart","id":1,"body":{"sku":"A"}}"#).message(origin: other), replyRoute: route)
        }
    }

    /// Envelopes are strict JSON within the limits; an id is an integer JavaScript counts to exactly.
    @Test func malformedEnvelopesAreRefused() throws {
        for text in [
            #"{"id":1,"body":{}}"#, #"{"handler":1}"#, #"{"handler":"cart","id":0}"#, #"{"handler":"cart","id":1.5}"#,
            #"{"handler":"cart","id":9007199254740992}"#, #"{"handler":"cart","id":true}"#, "[]", "", #"{"handler":"a","handler":"b"}"#,
        ] {
            #expect(throws: JSONError.self, "\(text)") { try BridgeEnvelope(jsonText: text) }
        }
        #expect(try BridgeEnvelope(jsonText: #"{"handler":"cart","id":9007199254740991}"#).requestID == BridgeEnvelope.largestRequestID)
        #expect(try BridgeEnvelope(jsonText: #"{"handler":"cart"}"#).body == .null)
        #expect(throws: JSONError.self) {
            try BridgeEnvelope(
                jsonText: #"{"handler":"cart","body":"\#(String(repeating: "a", count: 64))"}"#, limits: JSONLimits(maxBytes: 32))
        }
    }

    /// WebKit answers through its own reply handler whatever the envelope says; other transports need an id.
    @Test func routesFollowTheTransport() {
        for transport in ScriptTransport.allCases {
            let withID = BridgeReplyRoute(transport: transport, requestID: 4, global: "g")
            let withoutID = BridgeReplyRoute(transport: transport, requestID: nil, global: "g")
            switch transport {
            case .webKitObject, .webKitString: #expect(withID == .webKitReplyHandler && withoutID == .webKitReplyHandler)
            case .androidListener: #expect(withID == .androidReplyProxy(requestID: 4) && withoutID == .none)
            case .android, .reactNative, .cordova: #expect(withID == .script(requestID: 4, global: "g") && withoutID == .none)
            }
        }
    }

    /// The client script is the file in js/, with the names and the timeout as data.
    @Test func theClientCarriesItsSettingsAsData() throws {
        let script = try BridgeScripts.bridgeClient(
            transport: .android, global: Self.hostile, androidInterface: "App", timeoutMilliseconds: 250)
        #expect(script.contains("function request(handler, body, options)"))
        #expect(!script.contains(Self.hostile) && !script.contains("</script>"))
        #expect(script.contains(#""timeoutMs":250"#) && script.contains(#""androidInterface":"App""#))
        #expect(throws: InvalidArgument.self) { try BridgeScripts.bridgeClient(transport: .android, timeoutMilliseconds: 0) }
        #expect(throws: InvalidArgument.self) {
            try BridgeScripts.bridgeClient(
                transport: .android, timeoutMilliseconds: BridgeScripts.longestRequestTimeoutMilliseconds + 1)
        }
    }
}
