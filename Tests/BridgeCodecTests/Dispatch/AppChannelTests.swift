import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// The app's own channels, beside the providers' in one dispatcher, get every check the
/// providers' get: strict JSON and limits, origins, the URL policy on every URL member, and
/// errors with the handler, path and reason, the same from every transport.
@Suite("App channels")
struct AppChannelTests {
    struct Share: Codable, Sendable, Equatable {
        enum Kind: String, Codable, Sendable, Equatable, CaseIterable { case order, product }
        struct Link: Codable, Sendable, Equatable {
            var title: String?
            var url: BridgeURL
        }

        var kind: Kind
        var links: [Link]
        var fallback: URL?
        var primary: Link
    }

    struct Close: Codable, Sendable, Equatable {
        var reason: String
    }

    enum AppMessage: Sendable, Equatable {
        case provider(ProviderMessage)
        case share(Share)
        case close(Close)
    }

    static let channels: [BridgeChannel<AppMessage>] =
        [
            BridgeChannel("share", origins: .anyOrigin, decoding: Share.self, as: AppMessage.share),
            BridgeChannel("close", origins: .listing(["shop.example.com"]), decoding: Close.self, as: AppMessage.close),
            BridgeChannel("dismiss", origins: .anyOrigin, decoding: Close.self, as: AppMessage.close),
        ] + BridgeChannel.allProviders(origins: .anyOrigin).map { $0.map(AppMessage.provider) }

    let harness = DispatchHarness(dispatcher: BridgeDispatcher(channels: channels))

    static let share = Share(
        kind: .order,
        links: [
            Share.Link(title: "Receipt", url: .literal("https://shop.example.com/r/1")), Share.Link(url: .literal("https://x.example/2")),
        ],
        fallback: URL(string: "https://shop.example.com/orders"),
        primary: Share.Link(title: nil, url: .literal("https://shop.example.com/o/1")))

    static var shareText: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: (try? encoder.encode(share)) ?? Data(), as: UTF8.self)
    }

    @Test func everyTransportGivesTheSameValue() throws {
        #expect(harness.accept("share", Self.shareText) == .share(Self.share))
        let value = try JSONValue(parsing: Self.shareText)
        #expect(try harness.dispatcher.dispatch(BridgeMessage(handlerName: "share", body: .value(value))) == .share(Self.share))
        #expect(
            harness.accept("voltRedirect", #"{"type":"bank_redirect","url":"https://bank.example/a"}"#)
                == .provider(.volt(.bankRedirect(url: BridgeURL.literal("https://bank.example/a")))))
    }

    /// Every URL member is checked wherever it sits, `URL` and `BridgeURL` alike, and the
    /// refusal names the member.
    @Test func theURLPolicyReachesEveryURLMember() throws {
        let cases: [(String, String)] = [
            ("https://shop.example.com/o/1", "$.primary.url"),
            ("https://shop.example.com/r/1", "$.links[0].url"),
            ("https://x.example/2", "$.links[1].url"),
            ("https://shop.example.com/orders", "$.fallback"),
        ]
        for (url, path) in cases {
            let text = Self.shareText.replacingOccurrences(of: "\"\(url)\"", with: #""javascript:alert(1)""#)
            let error = harness.reject("share", text)
            #expect(error?.reason == .invalidMessage(.urlRejected(.forbiddenScheme("javascript"))))
            #expect(error?.description == #"share: \#(path): URL scheme "javascript:" is never allowed"#)
        }
        let withoutFallback = Self.shareText.replacingOccurrences(of: #""fallback":"https:\/\/shop.example.com\/orders","#, with: "")
            .replacingOccurrences(of: #""fallback":"https://shop.example.com/orders","#, with: "")
        var expected = Self.share
        expected.fallback = nil
        #expect(harness.accept("share", withoutFallback) == .share(expected))
    }

    @Test func errorsAreWordedAsThePackageWordsThem() {
        let unknownKind = Self.shareText.replacingOccurrences(of: #""kind":"order""#, with: #""kind":"basket""#)
        #expect(
            harness.reject("share", unknownKind)?.description
                == #"share: $.kind: unknown value "basket"; expected one of "order", "product""#)
        #expect(harness.reject("dismiss", "{}")?.description == "dismiss: $.reason: required field is missing")
        #expect(harness.reject("dismiss", #"{"reason":1}"#)?.description == "dismiss: $.reason: expected a string, found a number")
        #expect(
            harness.reject("dismiss", #"{"reason":"a","reason":"b"}"#)?.description
                == #"dismiss: $: malformed JSON at line 1, column 15: duplicate object key "reason""#)
        #expect(harness.reject("nope", "{}")?.reason == .unknownHandler)
        // A string enum that does not list its cases still reads as the package words it.
        enum Tone: String, Decodable, Sendable { case calm }
        struct Mood: Decodable, Sendable, Equatable {
            var tone: Tone
        }
        let moods = BridgeDispatcher(channels: [BridgeChannel<Mood>("mood", origins: .anyOrigin)])
        #expect(
            throws: BridgeError(
                handlerName: "mood", path: JSONPath([.key("tone")]), reason: .invalidMessage(.invalidValue(#""loud" is not a Tone"#)))
        ) {
            try moods.dispatch(handlerName: "mood", jsonText: #"{"tone":"loud"}"#)
        }
    }

    @Test func theChannelsOriginPolicyHolds() throws {
        let body = #"{"reason":"done"}"#
        let shop = FrameOrigin(scheme: "https", host: "shop.example.com", isMainFrame: true)
        #expect(try harness.dispatcher.dispatch(handlerName: "close", jsonText: body, origin: shop) == .close(Close(reason: "done")))
        let other = FrameOrigin(scheme: "https", host: "ads.example", isMainFrame: true)
        #expect(throws: BridgeError(handlerName: "close", reason: .originNotAllowed(.host(other)))) {
            try harness.dispatcher.dispatch(handlerName: "close", foundationBody: ["reason": "done"], origin: other)
        }
        #expect(throws: BridgeError(handlerName: "close", reason: .originNotAllowed(.noOrigin))) {
            try harness.dispatcher.dispatch(handlerName: "close", jsonText: body)
        }
    }

    /// A message type that decodes itself needs no wrapping.
    @Test func aChannelOfTheMessageTypeItself() throws {
        let dispatcher = BridgeDispatcher(channels: [BridgeChannel<Close>("close", origins: .anyOrigin)])
        #expect(try dispatcher.dispatch(handlerName: "close", jsonText: #"{"reason":"x"}"#) == Close(reason: "x"))
    }

    /// The generator starts from a value of the app's type; every variant is a value or a
    /// `BridgeError`, the same from text and from the object graph.
    @Test func malformedVariantsOfAnAppMessage() throws {
        let variants = try MalformedPayloadGenerator(encoding: Self.share, seed: 5).variants(count: 600)
        #expect(variants.count == 600)
        var refused = 0
        for variant in variants {
            guard let text = String(validatingUTF8Bytes: variant.body) else { continue }
            if case .failure = harness.dispatch("share", text) { refused += 1 }
        }
        #expect(refused > 500)
    }
}

/// A limit breach is the same error, reason and path, from text, an object graph and a
/// structured body, and never "malformed JSON".
@Suite("One error model")
struct OneErrorModelTests {
    func harness(_ limits: JSONLimits) -> DispatchHarness<JSONValue> {
        DispatchHarness(dispatcher: BridgeDispatcher(channels: [BridgeChannel<JSONValue>("any", origins: .anyOrigin)], limits: limits))
    }

    @Test func limitBreachesAreTheSameFromEveryTransport() throws {
        let cases: [(JSONLimits, String, String)] = [
            (
                try JSONLimits(maxStringLength: 10), #"{"a":{"b":["x","yyyyyyyyyyyyyyyyyyyyyyyy"]}}"#,
                "any: $.a.b[1]: string is longer than the limit of 10 bytes"
            ),
            (
                try JSONLimits(maxStringLength: 10), #"{"a":{"kkkkkkkkkkkkkkkk":1}}"#,
                "any: $.a: string is longer than the limit of 10 bytes"
            ),
            (try JSONLimits(maxStringLength: 10), #"["é\u00e9é\u00e9é\u00e9"]"#, "any: $[0]: string is longer than the limit of 10 bytes"),
            (try JSONLimits(maxDepth: 3), #"{"a":[[[1]]]}"#, "any: $.a[0][0]: nesting is deeper than the limit of 3"),
            (try JSONLimits(maxDepth: 2), #"[{},{"k":{}}]"#, "any: $[1].k: nesting is deeper than the limit of 2"),
            (try JSONLimits(maxObjectMembers: 2), #"{"a":{"x":1,"y":2,"z":3}}"#, "any: $.a: object has more members than the limit of 2"),
            (try JSONLimits(maxObjectMembers: 1), #"[1,{"x":1,"y":2}]"#, "any: $[1]: object has more members than the limit of 1"),
            (
                try JSONLimits(maxBytes: 40), #"{"a":"\#(String(repeating: "b", count: 60))"}"#,
                "any: $: the value is larger than the limit of 40 bytes as JSON"
            ),
            (
                try JSONLimits(maxBytes: 40, maxStringLength: 10), #"{"a":"\#(String(repeating: "b", count: 60))"}"#,
                "any: $: the value is larger than the limit of 40 bytes as JSON"
            ),
        ]
        for (limits, body, expected) in cases {
            let error = harness(limits).reject("any", body)
            #expect(error?.description == expected, "\(body)")
        }
    }

    /// The providers' example bodies under tight limits that each breaks at most once: whatever
    /// each transport says, the others say too (the harness compares them). A body that breaks
    /// limits in two members may be reported at either from an object graph, which has no order.
    @Test func providerExamplesUnderTightLimits() throws {
        let limits = [
            try JSONLimits(maxDepth: 1), try JSONLimits(maxStringLength: 40), try JSONLimits(maxObjectMembers: 1),
            try JSONLimits(maxObjectMembers: 2), try JSONLimits(maxBytes: 30),
        ]
        var refused = 0
        for limit in limits {
            var harness = DispatchHarness()
            harness.dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin), limits: limit)
            for (handler, body) in ProviderExamples.bodies {
                if case .failure(let error) = harness.dispatch(handler, body.jsonText) {
                    refused += 1
                    guard case .invalidMessage = error.reason else {
                        Issue.record("\(error)")
                        continue
                    }
                }
            }
        }
        #expect(refused >= 8)
    }
}

/// Every error type reads in a log as its description, not as its type and a number.
@Suite("Error descriptions")
struct ErrorDescriptionTests {
    @Test func localizedDescriptionIsTheDescription() {
        let errors: [any Error & CustomStringConvertible] = [
            BridgeError(handlerName: "h", reason: .unknownHandler),
            JSONError(path: .root, reason: .missingKey),
            JSONError(path: .root, reason: .malformedJSON(.emptyInput, at: JSONTextPosition(line: 1, column: 1, offset: 0))),
            WebURL.ParseError.relative,
            URLPolicy.Violation.unreadable(.relative),
            InvalidArgument.notAnOrigin("https://a.example/"),
            InvalidArgument.outOfRange(name: "maxDepth", value: 0, allowed: 1...512),
            InvalidArgument.url(name: "completeURL", .unreadable(.relative)),
            InvalidArgument.rejected(name: "url", reason: "not an intent: or android-app: URL"),
        ]
        for error in errors {
            #expect(error.localizedDescription == error.description)
            #expect(!error.description.isEmpty)
        }
    }
}
