import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Dispatcher, origins and URL policy")
struct BridgeDispatcherTests {
    let volt = #"{"type":"bank_redirect","url":"https://bank.example/"}"#

    @Test func unknownHandlersAreTypedErrors() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let error = dispatcher.outcome(BridgeMessage(handlerName: "iOSListener", jsonText: volt)).failureValue
        #expect(error == BridgeError(handlerName: "iOSListener", reason: .unknownHandler))
        #expect(error?.description == "iOSListener: no channel is registered under this handler name")
    }

    /// Control characters and invisible ones from any source (a handler name, a reported origin,
    /// the body) are escaped in an error's text, which goes to logs.
    @Test func errorTextsHoldNoRawControlCharacters() {
        let dispatcher = BridgeDispatcher(channels: [.voltRedirect(origins: .listing(["checkout.volt.io"]))])
        let origin = FrameOrigin(scheme: "https\u{0}", host: "evil.example\n\u{202E}moc.lov.tuokcehc", isMainFrame: true)
        let errors = [
            dispatcher.outcome(BridgeMessage(handlerName: "volt\u{1B}[31mRedirect", jsonText: volt)).failureValue,
            dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: volt, origin: origin)).failureValue,
            dispatcher.outcome(
                BridgeMessage(
                    handlerName: "voltRedirect", jsonText: #"{"type":"bank\u0000\u2028_redirect","url":"x"}"#,
                    origin: FrameOrigin(scheme: "https", host: "checkout.volt.io", isMainFrame: true))
            ).failureValue,
        ]
        for error in errors {
            let text = error?.description ?? ""
            #expect(!text.isEmpty)
            #expect(
                !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || $0 == "\u{202E}" || $0 == "\u{2028}" }, "\(text)")
        }
        // What the platform reported is read as an origin once: text no browser reads as one is opaque.
        #expect(errors[1]?.description == "voltRedirect: origin null is not https")
    }

    @Test func handlerNamesAreConfigurable() {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.voltRedirect(handlerName: "iOSListener", origins: .anyOrigin)])
        #expect(dispatcher.outcome(BridgeMessage(handlerName: "iOSListener", jsonText: volt)).failureValue == nil)
        #expect(dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: volt)).failureValue?.reason == .unknownHandler)
    }

    @Test func handlerNamesMatchByCodeUnitsAsWebKitDoes() {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.swedbankPayCanceled(handlerName: "annul\u{E9}", origins: .anyOrigin)])
        #expect(dispatcher.outcome(BridgeMessage(handlerName: "annul\u{E9}", body: .absent)).failureValue == nil)
        #expect(dispatcher.outcome(BridgeMessage(handlerName: "annule\u{301}", body: .absent)).failureValue?.reason == .unknownHandler)
    }

    @Test func aLaterChannelWithTheSameNameWins() {
        let dispatcher = BridgeDispatcher(channels: [
            BridgeChannel.voltRedirect(handlerName: "bridge", origins: .anyOrigin),
            BridgeChannel.swedbankPayCanceled(handlerName: "bridge", origins: .anyOrigin),
        ])
        #expect(dispatcher.channels.map(\.handlerName) == ["bridge"])
        #expect(
            dispatcher.outcome(BridgeMessage(handlerName: "bridge", body: .absent))
                == .success(.swedbankPayCanceled(SwedbankPayCanceled())))
    }

    @Test func originPolicyWithAHostList() {
        let policy = OriginPolicy.listing(["checkout.volt.io", "*.sovendus.com"])
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.voltRedirect(origins: policy)])
        func outcome(_ origin: FrameOrigin?) -> BridgeError? {
            dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: volt, origin: origin)).failureValue
        }
        #expect(outcome(FrameOrigin(scheme: "https", host: "checkout.volt.io", isMainFrame: true)) == nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "CHECKOUT.Volt.IO", port: 443, isMainFrame: true)) == nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "a.sovendus.com", isMainFrame: true)) == nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "sovendus.com", isMainFrame: true)) != nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "evilsovendus.com", isMainFrame: true)) != nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "checkout.volt.io.evil.example", isMainFrame: true)) != nil)
        #expect(outcome(FrameOrigin(scheme: "http", host: "checkout.volt.io", isMainFrame: true)) != nil)
        #expect(outcome(FrameOrigin(scheme: "https", host: "checkout.volt.io", port: 8443, isMainFrame: true)) != nil)
        #expect(
            outcome(FrameOrigin(scheme: "https", host: "checkout.volt.io", isMainFrame: false))?.description
                == "voltRedirect: origin https://checkout.volt.io (iframe) is not the main frame")
        // A list that includes frames admits an iframe of a listed host, and no other.
        let framed = BridgeDispatcher(channels: [
            BridgeChannel.voltRedirect(origins: .listing(["checkout.volt.io"], includingFrames: true))
        ])
        func framedOutcome(_ host: String) -> BridgeError? {
            framed.outcome(
                BridgeMessage(
                    handlerName: "voltRedirect", jsonText: volt, origin: FrameOrigin(scheme: "https", host: host, isMainFrame: false))
            ).failureValue
        }
        #expect(framedOutcome("checkout.volt.io") == nil)
        #expect(framedOutcome("ads.example")?.description == "voltRedirect: origin https://ads.example (iframe) is not allowed")
        #expect(outcome(nil)?.reason == .originNotAllowed(.noOrigin))
        let frame = FrameOrigin(scheme: "https", host: "checkout.volt.io", port: 8443, isMainFrame: true)
        #expect(outcome(frame)?.reason == .originNotAllowed(.port(frame)))
        #expect(outcome(frame)?.description == "voltRedirect: origin https://checkout.volt.io:8443 is not on the default port")
        let http = FrameOrigin(scheme: "http", host: "checkout.volt.io", isMainFrame: true)
        #expect(outcome(http)?.reason == .originNotAllowed(.scheme(http)))
        let other = FrameOrigin(scheme: "https", host: "evil.example", isMainFrame: true)
        #expect(outcome(other)?.reason == .originNotAllowed(.host(other)))
    }

    /// Hosts compare as the browser reads them (UTS #46): an entry in Unicode, in its `xn--` form
    /// or with U+212A (Kelvin sign, which the browser reads as `k`) is the host a frame reports.
    @Test func originHostsCompareAsTheBrowserReadsThem() {
        let policy = OriginPolicy.listing(["chec\u{212A}out.volt.io", "*.Bücher.example", "xn--strae-oqa.example"])
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.voltRedirect(origins: policy)])
        func allows(_ host: String) -> Bool {
            let origin = FrameOrigin(scheme: "https", host: host, isMainFrame: true)
            return dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: volt, origin: origin)).failureValue == nil
        }
        #expect(allows("checkout.volt.io"))
        #expect(allows("CHECKOUT.VOLT.IO"))
        #expect(allows("pay.xn--bcher-kva.example"))
        #expect(allows("pay.bücher.example"))
        #expect(allows("straße.example"))
        #expect(allows("xn--strae-oqa.example"))
        #expect(!allows("xn--bcher-kva.example"))
        #expect(!allows("strasse.example"))
        #expect(!allows("checkout.volt.io.evil.example"))
        #expect(!allows("xn--a.volt.io"))
    }

    @Test func originIsCheckedBeforeTheBodyIsRead() {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.voltRedirect(origins: .listing(["checkout.volt.io"]))])
        let error = dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: "{not json")).failureValue
        guard case .originNotAllowed? = error?.reason else {
            Issue.record("body read before the origin check: \(String(describing: error))")
            return
        }
    }

    @Test func originIsCheckedBeforeAnObjectGraphIsWalked() {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel.voltRedirect(origins: .listing(["checkout.volt.io"]))])
        // A graph the converter would reject (Data) must not be reached: the origin refusal comes first.
        let body: [String: Any] = ["type": "bank_redirect", "url": Data([1])]
        let error = dispatcher.outcome(
            handlerName: "voltRedirect", foundationBody: body, origin: FrameOrigin(scheme: "https", host: "evil.example", isMainFrame: true)
        )
        guard case .originNotAllowed? = error.failureValue?.reason else {
            Issue.record("graph walked before the origin check: \(String(describing: error))")
            return
        }
        #expect(dispatcher.outcome(handlerName: "nope", foundationBody: body).failureValue?.reason == .unknownHandler)
    }

    @Test func urlPolicyCanBeWidenedAndNarrowed() {
        let widened = BridgeDispatcher(
            channels: BridgeChannel.allProviders(origins: .anyOrigin),
            urlPolicy: URLPolicy(allowedSchemes: ["https", "HTTP", "javascript"]))
        let http = #"{"type":"bank_redirect","url":"http://bank.example/"}"#
        #expect(widened.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: http)).failureValue == nil)
        let script = #"{"type":"bank_redirect","url":"javascript:alert(1)"}"#
        #expect(
            widened.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: script)).failureValue?.reason
                == .invalidMessage(.urlRejected(.forbiddenScheme("javascript"))))
        let narrowed = BridgeDispatcher(
            channels: BridgeChannel.allProviders(origins: .anyOrigin), urlPolicy: URLPolicy(allowedSchemes: ["myapp"]))
        #expect(
            narrowed.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: volt)).failureValue?.reason
                == .invalidMessage(.urlRejected(.schemeNotAllowed("https"))))
    }

    @Test(
        arguments: [
            ("https://a.example", nil), ("https://a.example:8443/p?q=1#f", nil), ("https://[2001:db8::1]/x", nil),
            ("HTTPS://A.EXAMPLE/", nil),
            // What a browser reads, the policy reads the same way: these are all https URLs with a host.
            ("https://a.example:/", nil), ("https://a_b.example/", nil), ("https:/a.example", nil), ("https://0x7f.1/", nil),
            ("https://a.example/\u{7F}", nil), ("https://a.example/\u{85}", nil), ("https://a.example/a|b\\c?d={e}", nil),
            ("https://[zz]/", URLPolicy.Violation.unreadable(.invalidHost)), ("https://a^b/", .unreadable(.invalidHost)),
            ("https://1.2.3.4.5/", .unreadable(.invalidHost)),
            ("https://a:65536/", .unreadable(.invalidPort)), ("https://bücher.example/", nil),
            ("https://bücher\u{2488}.example/", .unreadable(.invalidHost)),
            ("https://", .unreadable(.missingHost)),
            ("https://user:pw@a.example/", .userInfo), ("1https://a.example", .unreadable(.relative)), (":x", .unreadable(.relative)),
            ("file:///etc/passwd", .forbiddenScheme("file")), ("javascript://a^b/%0aalert(1)", .forbiddenScheme("javascript")),
            ("content://media/1", .forbiddenScheme("content")),
        ] as [(String, URLPolicy.Violation?)])
    func urlPolicyRules(url: String, expected: URLPolicy.Violation?) {
        do {
            try URLPolicy.httpsOnly.check(url)
            #expect(expected == nil, "\(url) accepted")
        } catch {
            #expect(error == expected, "\(url)")
        }
    }

    @Test func urlPolicyLengthLimit() throws {
        let policy = try URLPolicy(maxLength: 30)
        #expect(throws: URLPolicy.Violation.tooLong(limit: 30)) {
            try policy.check("https://a.example/" + String(repeating: "a", count: 20))
        }
        #expect(URLPolicy().maxLength == 8_192)
        // A length outside 1 to 4 GiB is refused where the policy is made.
        #expect(throws: InvalidArgument.outOfRange(name: "maxLength", value: 0, allowed: 1...JSONLimits.maximumBytes)) {
            try URLPolicy(maxLength: 0)
        }
        #expect(throws: InvalidArgument.self) { try URLPolicy(allowedSchemes: ["https"], maxLength: -8) }
    }

    @Test func foundationBodiesThatJSONCannotHoldAreRejectedWithTheirPath() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let body: [String: Any] = ["type": "bank_redirect", "url": Data([1])]
        let error = dispatcher.outcome(handlerName: "voltRedirect", foundationBody: body).failureValue
        #expect(error?.description == "voltRedirect: $.url: Data has no JSON form")
    }

    /// Keys of the same length as the ones a model reads, and keys that contain them, sit beside
    /// them in every transport (text, object graph, Foundation class instances); only the exact
    /// key is read. Several rounds, as a dictionary's order differs from one to the next.
    @Test func membersAreFoundByTheirWholeKey() {
        let harness = DispatchHarness()
        let decoys = [("typo", "urk"), ("tipe", "uri"), ("Type", "URL"), ("typ", "ur"), ("types", "urls"), ("type ", " url")]
        for (round, (typeDecoy, urlDecoy)) in decoys.enumerated() {
            let body = """
                {"\(typeDecoy)":"merchant_redirect","\(urlDecoy)":"https://evil.example/\(round)","a\(round)":1,\
                "type":"bank_redirect","url":"https://bank.example/\(round)","z\(round)":null}
                """
            #expect(harness.accept("voltRedirect", body) == .volt(.bankRedirect(url: BridgeURL.literal("https://bank.example/\(round)"))))
        }
    }

    @Test func booleanNumbersInGraphsStayBooleans() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let body: [String: Any] = ["type": "height", "value": NSNumber(value: true)]
        let error = dispatcher.outcome(handlerName: "sovHandler", foundationBody: body).failureValue
        #expect(error?.path.description == "$.value")
        let numeric: [String: Any] = ["type": "height", "value": NSNumber(value: 420)]
        #expect(
            dispatcher.outcome(handlerName: "sovHandler", foundationBody: numeric) == .success(.sovendus(.height(SovendusHeight(420)!))))
    }

    /// A structured body (an Android string argument, a `JSONValue` from code) meets the same
    /// limits as the same body as text and as an object graph, and is checked before it is read.
    @Test func structuredBodiesMeetTheLimitsTextMeets() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let long = String(repeating: "a", count: JSONLimits.default.maxStringLength + 1)
        let reasons = [
            dispatcher.outcome(BridgeMessage(handlerName: "completed", stringArgument: long)).failureValue?.reason,
            dispatcher.outcome(handlerName: "completed", foundationBody: long).failureValue?.reason,
            dispatcher.outcome(handlerName: "completed", jsonText: "\"\(long)\"").failureValue?.reason,
        ]
        #expect(reasons == Array(repeating: .invalidMessage(.stringTooLong(limit: JSONLimits.default.maxStringLength)), count: 3))
        var nested = JSONValue.string("x")
        for _ in 0..<65 { nested = .array([nested]) }
        #expect(
            dispatcher.outcome(BridgeMessage(handlerName: "completed", body: .value(nested))).failureValue?.reason
                == .invalidMessage(.nestingTooDeep(limit: 64)))
        let members = try #require(JSONObject((0...1_024).map { JSONObject.Member(key: "k\($0)", value: .null) }))
        let body = try #require(JSONObject([JSONObject.Member(key: "a", value: .object(members))]))
        let error = dispatcher.outcome(BridgeMessage(handlerName: "voltRedirect", body: .value(.object(body)))).failureValue
        #expect(error?.description == "voltRedirect: $.a: object has more members than the limit of 1024")
    }

    /// A limit breached in text reads as the same breach in a graph, word for word, and says
    /// where in the text the parse stopped; a body that was not text has no place to name.
    @Test func aLimitBreachedInTextNamesItsLineAndColumn() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let deep = String(repeating: "[", count: 65) + String(repeating: "]", count: 65)
        let text = "{\n  \"type\": \"bank_redirect\",\n  \"x\": " + deep + "\n}"
        let fromText = try #require(dispatcher.outcome(handlerName: "voltRedirect", jsonText: text).failureValue)
        let graph = try JSONSerialization.jsonObject(with: Data(text.utf8))
        let fromGraph = try #require(dispatcher.outcome(handlerName: "voltRedirect", foundationBody: graph).failureValue)
        #expect(fromText.reason == .invalidMessage(.nestingTooDeep(limit: 64)))
        #expect(fromText.description == fromGraph.description)
        #expect(fromText.path == fromGraph.path)
        // Under the object, the 64th `[` opens level 65: line 3, after `  "x": ` and 63 brackets.
        #expect(fromText.textPosition.map { [$0.line, $0.column] } == [3, 7 + 64])
        #expect(fromGraph.textPosition == nil)

        let long = "\"" + String(repeating: "é", count: JSONLimits.default.maxStringLength) + "\""
        let stringError = try #require(dispatcher.outcome(handlerName: "completed", jsonText: " \n" + long).failureValue)
        #expect(stringError.reason == .invalidMessage(.stringTooLong(limit: JSONLimits.default.maxStringLength)))
        #expect(stringError.textPosition?.line == 2)
        let decoder = try StrictJSONDecoder(limits: JSONLimits(maxDepth: 2))
        let decodeError = #expect(throws: JSONError.self) { try decoder.decode([[Int]].self, from: "[[[1]]]") }
        #expect(decodeError?.textPosition == JSONTextPosition(line: 1, column: 3, offset: 2))
        #expect(decodeError?.description == "$[0][0]: nesting is deeper than the limit of 2")
    }

    /// Sixty levels of `[a, a]` built in code stand for 2^60 values; the limit check stops
    /// after a megabyte's worth, for the dispatcher and the Codable decoder.
    @Test(.timeLimit(.minutes(1))) func aStructuredBodyThatSharesItsArraysIsBoundBySize() {
        var shared = JSONValue.string("leaf")
        for _ in 0..<60 { shared = .array([shared, shared]) }
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let tooLarge = JSONError.Reason.tooLarge(limit: JSONLimits.default.maxBytes)
        #expect(
            dispatcher.outcome(BridgeMessage(handlerName: "completed", body: .value(shared))).failureValue?.reason
                == .invalidMessage(tooLarge))
        #expect(throws: JSONError.self) { try StrictJSONDecoder().decode(JSONValue.self, from: shared) }
    }

    /// The checking walk reads a member that is a Swift string without taking it out of the
    /// graph; it must refuse what the converting walk refuses, at the same path (which depends
    /// on the dictionary's order, the same for both walks in one process).
    @Test func memberStringsOfAGraphMeetTheLimitsAsWhenConverted() throws {
        let limits = try JSONLimits(maxBytes: 120, maxStringLength: 40)
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin), limits: limits)
        let long = "https://bank.example/" + String(repeating: "a", count: 20)
        let bodies: [(body: [String: Any], expected: JSONError.Reason?)] = [
            (["type": "bank_redirect", "url": long], .stringTooLong(limit: 40)),
            (
                ["type": "bank_redirect", "url": "https://bank.example/", "pad": [String](repeating: "abcdefgh", count: 8)],
                .tooLarge(limit: 120)
            ),
            (["type": "bank_redirect", "url": "https://bank.example/"], nil),
        ]
        for (body, expected) in bodies {
            let dispatched = dispatcher.outcome(handlerName: "voltRedirect", foundationBody: body).failureValue
            var converted: JSONError?
            do {
                _ = try JSONValue(foundationObject: body, limits: limits)
            } catch {
                converted = error
            }
            #expect(converted?.reason == expected)
            #expect(dispatched?.path == converted?.path)
            #expect(dispatched?.reason == converted.map { .invalidMessage($0.reason) })
        }
    }

    /// A value quoted in an error is cut to 64 scalars with its byte count, and what would not
    /// show on a log line is escaped: a 60 KB `type` once printed a 60 KB line.
    @Test func quotedValuesStayShortAndVisible() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        let long = String(repeating: "x", count: 60_000)
        let error = dispatcher.outcome(handlerName: "sovHandler", jsonText: #"{"type":"\#(long)","value":1}"#).failureValue
        let description = error?.description ?? ""
        #expect(description.utf8.count < 300)
        #expect(description.contains(#"unknown value ""# + String(repeating: "x", count: 64) + #"…" (60000 bytes); expected one of"#))
        // Bidirectional overrides, zero-width and unusual spaces, line separators: escaped.
        let hidden = "a\u{202E}b\u{200B}c\u{00A0}d\u{2028}e\u{7}"
        let body = JSONValue.object(
            JSONObject([.init(key: "type", value: .string(hidden)), .init(key: "value", value: .number(JSONNumber(1)))]) ?? JSONObject())
        let shown = dispatcher.outcome(handlerName: "sovHandler", jsonText: body.jsonText).failureValue?.description ?? ""
        #expect(shown.contains(#""a\u202Eb\u200Bc\u00A0d\u2028e\u0007""#), "\(shown)")
        // Keys in paths too.
        let key = String(repeating: "k", count: 100)
        let path = JSONPath([.key(key)]).description
        #expect(path == "$[\"" + String(repeating: "k", count: 64) + "…\" (100 bytes)]")
    }
}

/// Handler names, keys and frames compare by code units wherever a value holds them, as the
/// dispatcher routes them: NFC and NFD "é" are two handlers, so two messages and two errors.
@Suite("Handler names by code units")
struct HandlerNameEqualityTests {
    static let nfc = "caf\u{E9}"
    static let nfd = "cafe\u{301}"

    @Test func messagesErrorsPathsAndOriginsTellCanonicallyEquivalentNamesApart() {
        #expect(Self.nfc == Self.nfd)
        let messages: Set = [
            BridgeMessage(handlerName: Self.nfc, jsonText: "{}"), BridgeMessage(handlerName: Self.nfd, jsonText: "{}"),
            BridgeMessage(handlerName: Self.nfc, jsonText: "{}"),
        ]
        #expect(messages.count == 2)
        #expect(
            BridgeMessage(handlerName: "h", jsonText: "\"\(Self.nfc)\"") != BridgeMessage(handlerName: "h", jsonText: "\"\(Self.nfd)\""))
        #expect(BridgeMessage(handlerName: "h", body: .absent) != BridgeMessage(handlerName: "h", body: .value(.null)))
        let errors: Set = [
            BridgeError(handlerName: Self.nfc, reason: .unknownHandler), BridgeError(handlerName: Self.nfd, reason: .unknownHandler),
        ]
        #expect(errors.count == 2)
        #expect(JSONPath([.key(Self.nfc)]) != JSONPath([.key(Self.nfd)]))
        #expect(Set([JSONPath.Component.key(Self.nfc), .key(Self.nfd), .index(0), .index(0)]).count == 3)
        // A host, unlike a name, is read as a browser reads it: UTS #46 maps both spellings to one.
        let origin = FrameOrigin(scheme: "https", host: Self.nfc + ".example", isMainFrame: true)
        #expect(origin == FrameOrigin(scheme: "https", host: Self.nfd + ".example", isMainFrame: true))
        #expect(origin.description == "https://xn--caf-dma.example")
        // The dispatcher itself: a channel under one spelling does not answer the other.
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel<JSONValue>(Self.nfc, origins: .anyOrigin)])
        #expect((try? dispatcher.dispatch(handlerName: Self.nfc, jsonText: "1")) == .number(JSONNumber(1)))
        let refused = #expect(throws: BridgeError.self) { try dispatcher.dispatch(handlerName: Self.nfd, jsonText: "1") }
        #expect(refused == BridgeError(handlerName: Self.nfd, reason: .unknownHandler))
        #expect(refused != BridgeError(handlerName: Self.nfc, reason: .unknownHandler))
    }
}
