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

    /// The page reads the text the app chooses, its `errorDescription`, and never Swift's description of an error.
    struct OutOfStock: LocalizedError, CustomStringConvertible {
        var errorDescription: String? { "out of stock" }
        var description: String { "OutOfStock(sku: X)" }
    }

    static let dispatcher = BridgeDispatcher<AppMessage>(channels: [
        BridgeChannel("cart", origins: .listing(["shop.example"]), decoding: Cart.self, replying: Total.self) { .cart($0, $1) },
        BridgeChannel("log", origins: .anyOrigin, decoding: JSONValue.self) { .log($0) },
    ])

    static let hostile = "</script><script>alert(1)</script>\u{2028}\u{2029}'\"\\`${x}"
    static let shop = FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: true)
    static let secret = BridgeSecret.random()

    static func client(_ transport: ScriptTransport, global: String = BridgeClient.defaultGlobal) throws -> BridgeClient {
        try BridgeClient(transport: transport, secret: secret, global: global)
    }

    /// The app's handler: the cart's total, a failure for sku "X", nothing for sku "N".
    static func handle(_ message: AppMessage) throws -> BridgeAnswer {
        switch message {
        case .cart(let cart, let reply):
            if cart.sku == "X" { throw OutOfStock() }
            if cart.sku == "N" { return .none }
            return try reply.answer(Total(amount: "12.50", note: hostile))
        case .log: return .none
        }
    }

    /// The text of `answer`'s outcome: the settle call's argument in a script, or the reply-proxy text.
    static func outcome(of answer: BridgeAnswer, id: Int) throws -> JSONValue {
        switch answer {
        case .script(let script):
            let prefix =
                "(function (client) { if (client && typeof client.settle === \"function\") client.settle("
                + Escaper.javaScriptString(secret.text) + ", \(id), "
            let suffix = "); })(window[\"bridgecodec\"]);\n"
            #expect(script.hasPrefix(prefix) && script.hasSuffix(suffix), "\(script)")
            #expect(!script.contains("</") && !script.contains("\u{2028}"))
            return try JSONValue(parsing: String(script.dropFirst(prefix.count).dropLast(suffix.count)))
        case .replyProxyText(let text):
            guard case .object(var members) = try JSONValue(parsing: text) else { throw OutOfStock() }
            #expect(members["id"] == .number(JSONNumber(id)))
            members["id"] = nil
            return .object(members)
        default:
            Issue.record("\(answer)")
            return .null
        }
    }

    static let envelopeTransports: [ScriptTransport] = [.android, .reactNative, .cordova, .androidListener]

    /// One call reads the envelope, runs the handler and writes its answer for the transport.
    @Test func anEnvelopesRequestIsAnsweredInOneCall() throws {
        let text = #"{"version":1,"handler":"cart","id":7,"body":{"sku":"A"}}"#
        for transport in Self.envelopeTransports {
            let answer = try Self.dispatcher.answer(envelope: text, origin: Self.shop, client: Self.client(transport), Self.handle)
            let expected = JSONValue.object(["value": .object(["amount": .string("12.50"), "note": .string(Self.hostile)])])
            #expect(try Self.outcome(of: answer, id: 7) == expected, "\(transport)")
        }
    }

    /// Whatever stops a request is its answer, at once: the page's Promise rejects with the reason.
    @Test func everythingThatStopsARequestIsAnswered() throws {
        let cases: [(text: String, error: String)] = [
            (#"{"version":1,"handler":"missing","id":3,"body":1}"#, "missing: no channel is registered under this handler name"),
            (#"{"version":1,"handler":"log","id":3,"body":1}"#, "log: the channel takes posts only and answers no request"),
            (
                #"{"version":2,"handler":"cart","id":3,"body":{}}"#,
                "cart: $.version: not an envelope: version 2 is not one this app reads (it reads 1)"
            ),
            (
                #"{"handler":"cart","id":3,"body":{}}"#,
                "cart: $.version: not an envelope: an envelope without a version is not one this app reads (it reads 1)"
            ),
            (#"{"version":1,"id":3,"body":{}}"#, "$.handler: not an envelope: required field is missing"),
            (#"{"version":1,"handler":7,"id":3}"#, "$.handler: not an envelope: expected a string, found a number"),
            (#"{"version":1,"handler":"cart","id":3,"body":{"sku":1}}"#, "cart: $.sku: expected a string, found a number"),
            (#"{"version":1,"handler":"cart","id":3,"body":{"sku":"X"}}"#, "out of stock"),
            (#"{"version":1,"handler":"cart","id":3,"body":{"sku":"N"}}"#, "cart: the app's handler gave no answer"),
        ]
        for transport in Self.envelopeTransports {
            for (text, error) in cases {
                let answer = try Self.dispatcher.answer(envelope: text, origin: Self.shop, client: Self.client(transport), Self.handle)
                #expect(try Self.outcome(of: answer, id: 3) == .object(["error": .string(error)]), "\(transport) \(text)")
            }
            // A frame the channel does not list is refused before its body is read.
            let evil = FrameOrigin(scheme: "https", host: "evil.example", isMainFrame: true)
            let refused = try Self.dispatcher.answer(
                envelope: #"{"version":1,"handler":"cart","id":4,"body":{"sku":"A"}}"#, origin: evil, client: Self.client(transport),
                Self.handle)
            #expect(try Self.outcome(of: refused, id: 4) == .object(["error": .string("cart: origin https://evil.example is not allowed")]))
        }
    }

    /// Where nobody waits, the error is the app's: a refused post, text naming no request, a post's handler error.
    @Test func onlyWhatNobodyWaitsForThrows() throws {
        let client = try Self.client(.reactNative)
        #expect(try Self.dispatcher.answer(envelope: #"{"version":1,"handler":"log","body":1}"#, client: client, Self.handle) == .none)
        #expect(
            try Self.dispatcher.answer(
                envelope: #"{"version":1,"handler":"cart","body":{"sku":"A"}}"#, origin: Self.shop, client: client, Self.handle) == .none)
        for text in ["", "[]", #"{"version":1,"handler":"cart","id":0}"#, #"{"version":1,"handler":"missing","body":1}"#] {
            #expect(throws: BridgeError.self, "\(text)") { try Self.dispatcher.answer(envelope: text, client: client, Self.handle) }
        }
        #expect(throws: OutOfStock.self) {
            try Self.dispatcher.answer(
                envelope: #"{"version":1,"handler":"cart","body":{"sku":"X"}}"#, origin: Self.shop, client: client, Self.handle)
        }
    }

    /// The awaiting handler's answer is the same.
    @Test func anAsyncHandlerAnswersTheSame() async throws {
        let text = #"{"version":1,"handler":"cart","id":2,"body":{"sku":"X"}}"#
        let client = try Self.client(.cordova)
        let answer = try await Self.dispatcher.answer(envelope: text, origin: Self.shop, client: client) { message async throws in
            await Task.yield()
            return try Self.handle(message)
        }
        #expect(answer == (try Self.dispatcher.answer(envelope: text, origin: Self.shop, client: client, Self.handle)))
        let overWebKit = await Self.dispatcher.answer(webKitMessageNamed: "cart", body: ["sku": "A"] as NSDictionary, origin: Self.shop) {
            message async throws in try Self.handle(message)
        }
        #expect(
            overWebKit
                == Self.dispatcher.answer(webKitMessageNamed: "cart", body: ["sku": "A"] as NSDictionary, origin: Self.shop, Self.handle))
    }

    /// Over WebKit the reply handler takes the answer: a value, an error text, or nothing for a post.
    @Test func webKitMessagesAreAnsweredInOneCall() throws {
        let answer = Self.dispatcher.answer(webKitMessageNamed: "cart", body: ["sku": "A"] as NSDictionary, origin: Self.shop, Self.handle)
        #expect(answer == .webKitReply(json: try ScriptJSONEncoder().encode(Total(amount: "12.50", note: Self.hostile)), errorMessage: nil))
        let arguments = try #require(answer.webKitReplyArguments)
        #expect((arguments.value as? [String: Any])?["note"] as? String == Self.hostile && arguments.errorMessage == nil)
        #expect(
            Self.dispatcher.answer(webKitMessageNamed: "log", body: "opened" as NSString, origin: nil, Self.handle)
                == .webKitReply(json: nil, errorMessage: nil))
        #expect(
            Self.dispatcher.answer(webKitMessageNamed: "cart", body: ["sku": "X"] as NSDictionary, origin: Self.shop, Self.handle)
                == .webKitReply(json: nil, errorMessage: "out of stock"))
        #expect(
            Self.dispatcher.answer(webKitMessageNamed: "cart", body: ["sku": "N"] as NSDictionary, origin: Self.shop, Self.handle)
                == .webKitReply(json: nil, errorMessage: "cart: the app's handler gave no answer"))
        #expect(
            Self.dispatcher.answer(webKitMessageNamed: "cart", body: nil, origin: nil, Self.handle)
                == .webKitReply(json: nil, errorMessage: "cart: the message has no origin and the channel allows only listed hosts"))
    }

    /// WebKit's reply handler takes a JSON-compatible Foundation value, or an error text.
    @Test func webKitRepliesAreFoundationValues() throws {
        let reply = BridgeReply<Total>(route: .webKitReplyHandler)
        let answer = try reply.answer(Total(amount: "1", note: Self.hostile))
        guard case .webKitReply(_?, nil) = answer, let (object, error) = answer.webKitReplyArguments, let object else {
            Issue.record("no value")
            return
        }
        #expect(error == nil)
        #expect(JSONSerialization.isValidJSONObject(object))
        let dictionary = object as? [String: Any]
        #expect(dictionary?["note"] as? String == Self.hostile)
        #expect(reply.fail("no \(Self.hostile)") == .webKitReply(json: nil, errorMessage: "no \(Self.hostile)"))
        #expect(reply.fail("no").webKitReplyArguments.map { $0.value == nil && $0.errorMessage == "no" } == true)
        #expect(BridgeAnswer.script("").webKitReplyArguments == nil)
        let numbers =
            try BridgeReply<JSONValue>(route: .webKitReplyHandler).answer(JSONValue(parsing: "[1,-2.5,9007199254740993,true,null]"))
            .webKitReplyArguments?.value as? [Any]
        #expect((numbers?[0] as? NSNumber)?.int64Value == 1 && (numbers?[1] as? NSNumber)?.doubleValue == -2.5)
        #expect((numbers?[2] as? NSNumber)?.int64Value == 9_007_199_254_740_993)
        #expect((numbers?[3] as? NSNumber)?.boolValue == true)
        let keys = try BridgeReply<JSONValue>(route: .webKitReplyHandler).answer(JSONValue(parsing: #"{"\u00e9":1,"e\u0301":2}"#))
        #expect((keys.webKitReplyArguments?.value as? [String: Any])?["\u{e9}"] as? NSNumber == 1)
        var deep = JSONValue.null
        for _ in 0...JSONLimits.deepestNesting { deep = .array([deep]) }
        let tooDeep = try BridgeReply<JSONValue>(route: .webKitReplyHandler).answer(deep).webKitReplyArguments
        #expect(tooDeep?.value == nil && tooDeep?.errorMessage?.hasPrefix("the app's answer cannot be read as a value") == true)
        #expect(numbers?[4] is NSNull)
        // The app's null reaches the page as null, never as the undefined a handler without a reply gives.
        #expect(try BridgeReply<JSONValue>(route: .webKitReplyHandler).answer(.null).webKitReplyArguments?.value is NSNull)
        #expect(try BridgeReply<Int?>(route: .webKitReplyHandler).answer(nil).webKitReplyArguments?.value is NSNull)
    }

    /// Envelopes are strict JSON within the limits; an id is an integer JavaScript counts to exactly,
    /// and one that reads is kept even when the rest of the envelope does not.
    @Test func malformedEnvelopesAreRefused() throws {
        for text in [
            #"{"version":1,"id":1,"body":{}}"#, #"{"version":1,"handler":1}"#, #"{"version":1,"handler":"cart","id":0}"#,
            #"{"version":1,"handler":"cart","id":1.5}"#, #"{"version":1,"handler":"cart","id":9007199254740992}"#,
            #"{"version":1,"handler":"cart","id":true}"#, "[]", "", #"{"version":1,"handler":"a","handler":"b"}"#,
            #"{"handler":"cart","id":1}"#, #"{"version":"1","handler":"cart"}"#, #"{"version":1.5,"handler":"cart"}"#,
        ] {
            #expect(throws: BridgeEnvelope.Refusal.self, "\(text)") { try BridgeEnvelope(jsonText: text) }
        }
        let wrongVersion = BridgeError(
            handlerName: "cart", path: JSONPath([.key("version")]),
            reason: .invalidEnvelope(.invalidValue(#"version "1" is not one this app reads (it reads 1)"#)))
        #expect(throws: BridgeEnvelope.Refusal(requestID: 1, error: wrongVersion)) {
            try BridgeEnvelope(jsonText: #"{"version":"1","handler":"cart","id":1}"#)
        }
        #expect(
            try BridgeEnvelope(jsonText: #"{"version":1,"handler":"cart","id":9007199254740991}"#).requestID
                == BridgeEnvelope.largestRequestID)
        #expect(try BridgeEnvelope(jsonText: #"{"version":1,"handler":"cart"}"#).body == nil)
        #expect(
            try BridgeEnvelope(jsonText: #"{"version":1,"handler":"cart","body":[1]}"#).body?.jsonValue == .array([.number(JSONNumber(1))]))
        #expect(throws: BridgeEnvelope.Refusal.self) {
            try BridgeEnvelope(
                jsonText: #"{"version":1,"handler":"cart","body":"\#(String(repeating: "a", count: 64))"}"#,
                limits: JSONLimits(maxBytes: 32))
        }
    }

    /// WebKit answers through its own reply handler whatever the envelope says; other transports need an id.
    @Test func routesFollowTheTransport() {
        for transport in ScriptTransport.allCases {
            let withID = BridgeReplyRoute(transport: transport, requestID: 4, global: "g", secret: Self.secret)
            let withoutID = BridgeReplyRoute(transport: transport, requestID: nil, global: "g", secret: Self.secret)
            switch transport {
            case .webKitObject, .webKitString: #expect(withID == .webKitReplyHandler && withoutID == .webKitReplyHandler)
            case .androidListener: #expect(withID == .androidReplyProxy(requestID: 4) && withoutID == .none)
            case .android, .reactNative, .cordova:
                #expect(withID == .script(requestID: 4, global: "g", secret: Self.secret) && withoutID == .none)
            }
        }
    }

    /// The client script is the file in js/, with its names, channels, secret and bounds as data.
    @Test func theClientCarriesItsSettingsAsData() throws {
        let client = try BridgeClient(
            transport: .android, secret: Self.secret, global: Self.hostile, androidInterface: "App", timeoutMilliseconds: 250,
            keptEvents: 3)
        let script = client.script(for: Self.dispatcher)
        #expect(script.contains("function request(handler, body, options)"))
        #expect(!script.contains(Self.hostile) && !script.contains("</script>"))
        #expect(
            script.contains(#""timeoutMs":250"#) && script.contains(#""androidInterface":"App""#) && script.contains(#""keptEvents":3"#))
        #expect(script.contains(#""channels":[{"name":"cart","answers":true},{"name":"log","answers":false}]"#))
        #expect(script.contains(#""secret":"\#(Self.secret.text)""#))
        for (timeout, kept) in [(0, 1), (BridgeClient.longestTimeoutMilliseconds + 1, 1), (1, -1), (1, BridgeClient.mostKeptEvents + 1)] {
            #expect(throws: InvalidArgument.self) {
                try BridgeClient(transport: .android, secret: Self.secret, timeoutMilliseconds: timeout, keptEvents: kept)
            }
        }
        #expect(throws: InvalidArgument.self) { try BridgeClient(transport: .android, secret: Self.secret, global: "") }
        #expect(throws: InvalidArgument.self) { try BridgeClient(transport: .android, secret: Self.secret, androidInterface: "") }
    }

    /// A secret is unguessable text a string literal carries as it is, and stays out of logs.
    @Test func secretsAreRandomAndKeptOutOfDescriptions() throws {
        let secrets = (0..<64).map { _ in BridgeSecret.random() }
        #expect(Set(secrets).count == 64)
        for secret in secrets {
            #expect(try secret.text.utf8.count == 43 && BridgeSecret(secret.text) == secret)
            #expect("\(secret)" == "BridgeSecret(…)" && String(reflecting: secret) == "BridgeSecret(…)")
        }
        // Every character of the alphabet turns up, at every position class.
        #expect(Set(secrets.flatMap { Array($0.text) }).count == 64)
        for text in [
            "", String(repeating: "a", count: 21), String(repeating: "a", count: 257), "abcdefghijklmnopqrstuv=",
            "abcdefghijklmnopqrstu\"v",
        ] {
            #expect(throws: InvalidArgument.self, "\(text)") { try BridgeSecret(text) }
        }
        #expect(try BridgeSecret(String(repeating: "-", count: 22)).text.count == 22)
    }

    /// The app's event reaches the client with the secret and the window as a CustomEvent; names
    /// and details are string literals.
    @Test func eventsCarryTheSecretAndTheirDetailAsData() throws {
        let client = try Self.client(.webKitObject, global: "my\"App")
        let script = try client.event(named: Self.hostile, detail: Total(amount: "1", note: Self.hostile))
        #expect(script.contains("client.emit(key, name, detail) !== true) return false;"))
        #expect(script.contains("window.dispatchEvent(new CustomEvent(name, { detail: JSON.parse(detail) }))"))
        let detail = #"{"amount":"1","note":"# + (try ScriptJSONEncoder().encode(Self.hostile)) + "}"
        let arguments =
            #"(window["my\u0022App"], "# + Escaper.javaScriptString(Self.secret.text) + ", "
            + Escaper.javaScriptString(Self.hostile) + ", " + Escaper.javaScriptString(detail)
        #expect(script.hasSuffix(arguments + ");\n"))
        #expect(!script.contains("</") && !script.contains("\u{2028}"))
        #expect(
            client.event(named: "n", detail: .object(["a": .array([.number(JSONNumber(1)), .bool(true)])])).hasSuffix(
                #"(window["my\u0022App"], "# + Escaper.javaScriptString(Self.secret.text) + #", "n", "{\u0022a\u0022:[1,true]}");"# + "\n"))
    }
}
