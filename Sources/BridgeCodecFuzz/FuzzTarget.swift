import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// What each fuzz target exercises, and the properties it checks beyond "does not trap".
enum FuzzTarget: String, CaseIterable {
    case json, dispatch, escape, intent, url, merchant, page, ecp

    static let current = FuzzTarget(rawValue: ProcessInfo.processInfo.environment["BRIDGECODEC_FUZZ_TARGET"] ?? "") ?? .json

    /// The strict parser, with small limits so depth and size limits are reached too; an accepted value
    /// written back as JSON must parse to the same value.
    static func json(_ bytes: UnsafeRawBufferPointer) {
        guard let limits = try? JSONLimits(maxBytes: 1 << 16, maxDepth: 32, maxStringLength: 4_096, maxObjectMembers: 64) else {
            fatalError("the fuzz target's limits are out of range")
        }
        let parsed = try? JSONValue(parsing: bytes, limits: limits)
        // The decoder reads the bytes through its own document, lent or as `Data`: the parser's
        // verdict and value, whatever form the bytes come in.
        let decoder = StrictJSONDecoder(limits: limits)
        guard (try? decoder.decode(JSONValue.self, from: bytes)) == parsed,
            (try? decoder.decode(JSONValue.self, from: Data(bytes))) == parsed
        else { fatalError("the decoder and the parser disagree") }
        guard let value = parsed else { return }
        #if BRIDGECODEC_PLANTED_BUG
            // Only in the planted build of scripts/fuzz: a bug the fuzzer must find to prove its instrumentation works.
            if case .object(let object) = value, object.keys.contains(where: isPlantedKey) { fatalError("planted bug found") }
        #endif
        let written = value.jsonText
        guard (try? JSONValue(parsing: written, limits: .largest)) == value else {
            fatalError("jsonText does not round-trip: \(written)")
        }
        _ = try? StrictJSONDecoder(limits: limits).decode([String: JSONValue].self, from: value)
        // The value into a page: script-safe text that reads back as the value.
        guard let script = try? ScriptJSONEncoder().encode(value) else { fatalError("ScriptJSONEncoder refused a parsed value") }
        if script.unicodeScalars.contains(where: { "<>&'\u{2028}\u{2029}".unicodeScalars.contains($0) }) {
            fatalError("ScriptJSONEncoder left a character that ends a script: \(script)")
        }
        guard (try? JSONValue(parsing: script, limits: .largest)) == value else {
            fatalError("ScriptJSONEncoder does not round-trip: \(script)")
        }
    }

    /// An app's own message: nested structs, an enum, URLs of both kinds, optionals.
    struct AppEvent: Codable, Sendable, Equatable {
        enum Kind: String, Codable, Sendable, CaseIterable { case view, share }
        struct Link: Codable, Sendable, Equatable {
            var url: BridgeURL
            var title: String?
        }

        var kind: Kind
        var links: [Link]?
        var page: URL?
        var count: Int?
    }

    /// The dispatchers the targets read with: values, built once rather than for every input.
    private static let appDispatcher = BridgeDispatcher(channels: [BridgeChannel<AppEvent>("app", origins: .anyOrigin)])
    private static let providerDispatcher = BridgeDispatcher(
        channels: BridgeChannel.allProviders(origins: .anyOrigin), urlPolicy: .https(plusAppSchemes: ["branchapp"]))

    /// The app's channel over every transport: text, the object graph and a structured body
    /// give the same value or all refuse it.
    static func appChannel(_ text: String) {
        let dispatcher = appDispatcher
        let viaText = try? dispatcher.dispatch(handlerName: "app", jsonText: text)
        guard let value = try? JSONValue(parsing: text),
            let graph = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed)
        else { return }
        let viaValue = try? dispatcher.dispatch(BridgeMessage(handlerName: "app", body: .value(value)))
        if viaText != viaValue { fatalError("app channel: text and structured body disagree: \(text)") }
        if case .object(let object) = value, (graph as? [String: Any])?.count != object.count { return }
        if viaText != (try? dispatcher.dispatch(handlerName: "app", foundationBody: graph)) {
            fatalError("app channel: text and object graph disagree: \(text)")
        }
    }

    /// A channel that answers with what it was sent.
    private static let echoDispatcher = BridgeDispatcher(channels: [
        BridgeChannel("echo", origins: .anyOrigin, decoding: JSONValue.self, replying: JSONValue.self) { Echo(body: $0, reply: $1) }
    ])

    struct Echo: Sendable {
        var body: JSONValue
        var reply: BridgeReply<JSONValue>
    }

    /// A fixed secret: what the fuzzer checks does not depend on which.
    private static let secret = BridgeSecret.random()

    /// The page client's envelope, answered in one call on every transport that carries
    /// envelopes: a request (an id the reader finds) always gets an answer, whatever else is
    /// wrong, and only a post or text naming no request throws; reply-proxy text reads back as
    /// JSON holding the request's id, and a script never carries a raw `</`.
    static func envelope(_ text: String) {
        let requestID: Int?
        do throws(BridgeEnvelope.Refusal) {
            requestID = try BridgeEnvelope(jsonText: text).requestID
        } catch {
            requestID = error.requestID
        }
        for transport in [ScriptTransport.android, .androidListener, .reactNative, .cordova] {
            guard let client = try? BridgeClient(transport: transport, secret: secret) else { fatalError("the default client is refused") }
            let answer: BridgeAnswer
            do {
                answer = try echoDispatcher.answer(envelope: text, client: client) { echo in try echo.reply.answer(echo.body) }
            } catch {
                if requestID != nil { fatalError("request \(requestID ?? 0) refused without an answer: \(error)") }
                continue
            }
            switch answer {
            case .replyProxyText(let reply):
                guard case .object(let members)? = try? JSONValue(parsing: reply, limits: .largest),
                    members["id"] == requestID.map({ .number(JSONNumber($0)) })
                else { fatalError("reply-proxy text that is not the request's: \(reply)") }
            case .script(let script):
                if script.contains("</") { fatalError("a reply script with a raw </: \(script)") }
                if requestID == nil { fatalError("a post answered: \(script)") }
            case .none:
                if requestID != nil { fatalError("request \(requestID ?? 0) left unanswered") }
            case .webKitReply: fatalError("a WebKit reply to an envelope")
            }
        }
    }

    /// Every handler over the text transport and, for strict JSON, the object-graph transport, as
    /// Swift values and with its root as a Foundation instance (`NSString`, `NSDictionary`: what
    /// WKWebView hands over on Apple platforms); all must agree.
    static func dispatch(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validatingUTF8Bytes: bytes) else { return }
        appChannel(text)
        envelope(text)
        let dispatcher = providerDispatcher
        for handler in dispatcher.channels.map(\.handlerName) {
            let viaText = try? dispatcher.dispatch(BridgeMessage(handlerName: handler, jsonText: text))
            _ = try? dispatcher.dispatch(BridgeMessage(handlerName: handler, stringArgument: text))
            guard let value = try? JSONValue(parsing: text) else { continue }
            // A captured object body, read from a document's tokens as WebKit's graph reads it: the
            // text's own message wherever the text's numbers are those a page writes for its doubles.
            if let document = try? JSONDocument(reading: text, limits: .largest) {
                let viaCapture = try? dispatcher.dispatch(handlerName: handler, webKitGraphOf: document.root, origin: nil)
                if WebKitBody.value(for: value) == value, viaCapture != viaText {
                    fatalError("a captured object body and its text disagree for \(handler): \(text)")
                }
            }
            guard let graph = try? JSONSerialization.jsonObject(with: Data(text.utf8), options: .fragmentsAllowed) else { continue }
            // JSONSerialization on Linux merges keys that are equal under String == (NFC/NFD); compare only when it kept them all.
            if case .object(let object) = value, (graph as? [String: Any])?.count != object.count { continue }
            let viaGraph = try? dispatcher.dispatch(handlerName: handler, foundationBody: graph)
            if viaText != viaGraph {
                fatalError("transports disagree for \(handler): \(text)")
            }
            let instances: Any =
                if let string = graph as? String {
                    NSString(string: string)
                } else if let dictionary = graph as? [String: Any] {
                    NSDictionary(dictionary: dictionary)
                } else {
                    graph
                }
            let viaInstances = try? dispatcher.dispatch(handlerName: handler, foundationBody: instances)
            if viaText != viaInstances {
                fatalError("transports disagree for \(handler) with Foundation instances: \(text)")
            }
        }
    }

    /// Every escaping context: no trap, JS output is JSON that parses back, HTML output has no markup
    /// characters, and appending to a buffer writes what the String result holds.
    static func escape(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validatingUTF8Bytes: bytes) else { return }
        let literal = Escaper.javaScriptString(text)
        guard (try? JSONValue(parsing: literal, limits: .largest)) == .string(text) else {
            fatalError("javaScriptString does not round-trip: \(literal)")
        }
        let html = Escaper.htmlAttribute(text)
        if html.utf8.contains(where: {
            $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "'")
        }) {
            fatalError("htmlAttribute left markup: \(html)")
        }
        // The buffer path appends after what the buffer already holds; it must write what the
        // String path returns.
        for context in EscapingContext.allCases {
            var buffer = Array("kept".utf8)
            Escaper.append(text, escapedFor: context, to: &buffer)
            guard buffer.starts(with: "kept".utf8), buffer.dropFirst(4).elementsEqual(Escaper.escape(text, for: context).utf8) else {
                fatalError("append(_:escapedFor:to:) differs from escape(_:for:) for \(context)")
            }
        }
        _ = try? Escaper.urlAttribute(text)
        _ = try? URLPolicy.httpsOnly.check(text)
    }

    /// The intent parser; what it writes from a parsed intent, it reads back to the same value
    /// once the target is in its browser serialization.
    static func intent(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validatingUTF8Bytes: bytes), let parsed = try? AndroidIntentURL(parsing: text),
            let written = try? parsed.urlString(), let intent = try? AndroidIntentURL(parsing: written)
        else { return }
        guard let built = try? intent.urlString(), (try? AndroidIntentURL(parsing: built)) == intent else {
            fatalError("intent does not round-trip: \(text)")
        }
        _ = try? SwedbankPayNavigationPolicy(
            completeURL: "https://e.example/done", cancelURL: "https://e.example/cancel",
            paymentURL: SwedbankPayPaymentURL(WebURL("https://e.example/cb?id=1")),
            appScheme: "app", webViewHosts: ["e.example"]
        ).decide(text)
    }

    /// Navigation decisions, payment-URL and redirect matching, web URL reading and the Merchant Backend
    /// helpers on any text: a frame's navigation is decided as the page's but for a web page or a
    /// `blob:` document, a URL the policy accepts matches itself as a payment URL (when it has no
    /// fragment), a web URL reads back the same from its href, and no helper response carries CR or LF
    /// in a header.
    static func url(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validatingUTF8Bytes: bytes),
            let payment = (try? WebURL("https://e.example/cb/sdk-callback/android-intent?package=a.b&id=1")).map(SwedbankPayPaymentURL.init)
        else { return }
        if let navigation = try? SwedbankPayNavigationPolicy(
            completeURL: "https://e.example/done", cancelURL: "https://e.example/cancel", paymentURL: payment, appScheme: "app",
            webViewHosts: ["e.example", "*.3ds.example"])
        {
            // A frame is decided as the page is, but for a web page or a blob: document, which it loads or blocks.
            let page = navigation.decide(text)
            let frame = navigation.decide(text, isMainFrame: false)
            if page != frame, !(["http", "https", "blob"].contains((try? WebURL(text))?.scheme) && (frame == .allow || frame == .block)) {
                fatalError("a frame's navigation is decided otherwise than the page's: \(text)")
            }
        }
        // The policy's own URLs: what it accepts decides, what it refuses is a typed error.
        if let policy = try? SwedbankPayNavigationPolicy(
            completeURL: text, cancelURL: "https://e.example/c", paymentURL: payment, webViewHosts: []),
            policy.decide(text) != .completed
        {
            fatalError("a complete URL the policy took is not recognised: \(text)")
        }
        _ = payment.matches(text, appScheme: "app")
        _ = PlaidRedirectURI(scheme: "branchapp", host: "plaid-hosted-link-complete").matches(text)
        if let accepted = try? URLPolicy.httpsOnly.check(text), !SwedbankPayPaymentURL(accepted).matches(text) {
            fatalError("an accepted URL does not match itself: \(text)")
        }
        // What the package reads as a browser does, it reads again the same from its own serialization,
        // and Foundation holds every URL it reads.
        if let url = try? WebURL(text), (try? WebURL(url.href)) != url {
            fatalError("WebURL does not read its own href back: \(text)")
        }
        if let url = try? BridgeURL(text), url.string != "about:blank", url.foundationURL.absoluteString == "about:blank" {
            fatalError("Foundation cannot hold a URL the reader read: \(text)")
        }
        let helpers = MerchantBackendHelpers()
        for response in [helpers.androidIntent(requestURL: text), helpers.iOSUniversalLink(requestURL: text)] {
            for header in response.headers
            where header.value.utf8.contains(where: { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }) {
                fatalError("header \(header.name) holds a line break for \(text)")
            }
        }
    }

    #if BRIDGECODEC_PLANTED_BUG
        /// Whether `key` starts with "planted". One `memcmp` of seven bytes whatever the key's length:
        /// libFuzzer's interceptor records both operands and tries "planted" in later inputs, which a
        /// fuzzer without instrumentation cannot do.
        private static func isPlantedKey(_ key: String) -> Bool {
            var padded = [UInt8](repeating: 0, count: 7)
            for (offset, byte) in key.utf8.prefix(7).enumerated() { padded[offset] = byte }
            return memcmp(padded, "planted", 7) == 0
        }
    #endif

    /// The Merchant Backend documents and problems, strictly decoded: no trap, and a decoded
    /// payment order, consumers session or set-instrument request written back with `JSONEncoder`
    /// decodes to the same value. A root's links are resolved against a fixed root.
    static func merchant(_ bytes: UnsafeRawBufferPointer) {
        guard let limits = try? JSONLimits(maxBytes: 1 << 16, maxDepth: 32, maxStringLength: 4_096, maxObjectMembers: 64) else {
            fatalError("the fuzz target's limits are out of range")
        }
        let decoder = StrictJSONDecoder(limits: limits)
        let data = Data(bytes)
        func roundTrips<Model: Codable & Equatable>(_ type: Model.Type) {
            guard let model = try? decoder.decode(type, from: data) else { return }
            guard let written = try? JSONEncoder().encode(model),
                (try? StrictJSONDecoder(limits: .largest).decode(type, from: written)) == model
            else {
                fatalError("\(type) does not round-trip: \(String(decoding: data, as: UTF8.self))")
            }
        }
        roundTrips(MerchantBackend.PaymentOrderResponse.self)
        roundTrips(MerchantBackend.ConsumersRequest.self)
        roundTrips(MerchantBackend.ConsumersResponse.self)
        roundTrips(MerchantBackend.SetInstrumentRequest.self)
        _ = try? decoder.decode(MerchantBackend.PaymentOrderRequest.self, from: data)
        _ = (try? decoder.decode(MerchantBackend.ProblemDetails.self, from: data))?.merchantBackendProblem
        if let root = try? decoder.decode(MerchantBackend.Root.self, from: data), let base = URL(string: "https://backend.example/mobile/")
        {
            _ = try? root.consumersURL(relativeTo: base)
            _ = try? root.paymentOrdersURL(relativeTo: base)
        }
    }

    /// The Sovendus page with the text in every order and customer field and as the handler
    /// name: its three scripts stay three. The text as an order document is strictly decoded.
    static func page(_ bytes: UnsafeRawBufferPointer) {
        guard let text = String(validatingUTF8Bytes: bytes) else { return }
        let customer = SovendusCustomer(
            salutation: text, firstName: text, lastName: text, email: text, phone: text, dateOfBirth: text, street: text,
            streetNumber: text, zipcode: text, city: text, country: text)
        let order = SovendusOrder(
            sessionId: text, orderId: text, currencyCode: text, usedCouponCode: text, trafficSourceNumber: 1, trafficMediumNumber: 2,
            netOrderValue: 10.5, customer: customer)
        if let page = try? SovendusBannerPage.html(order: order, timestamp: 1, handler: text) {
            let lowercased = page.lowercased()
            guard lowercased.components(separatedBy: "<script").count == 4, lowercased.components(separatedBy: "</script").count == 4 else {
                fatalError("order data left its script: \(text)")
            }
        }
        _ = try? StrictJSONDecoder().decode(SovendusOrder.self, from: text)
    }
}
