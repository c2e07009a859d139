import BridgeCodec
import BridgeCodecProviders
import Foundation
import Testing

/// Every case of every public reason is one the library produces: each is reached here from the
/// public API, so no case stands for a state nothing leaves an error in. The exhaustive switches
/// name the cases: a case added without a way to reach it fails to compile here, or fails below.
@Suite("Every error reason is produced")
struct ErrorReasonCoverageTests {
    private static func caught<E: Error>(_: E.Type, _ body: () throws -> Void) -> E? {
        do {
            try body()
            return nil
        } catch {
            return error as? E
        }
    }

    private static func name(of reason: JSONError.Reason) -> String {
        switch reason {
        case .malformedJSON: "malformedJSON"
        case .typeMismatch: "typeMismatch"
        case .missingKey: "missingKey"
        case .missingElement: "missingElement"
        case .numberNotRepresentable: "numberNotRepresentable"
        case .invalidValue: "invalidValue"
        case .unknownDiscriminator: "unknownDiscriminator"
        case .unsupportedObject: "unsupportedObject"
        case .nonStringKey: "nonStringKey"
        case .nonFiniteNumber: "nonFiniteNumber"
        case .nestingTooDeep: "nestingTooDeep"
        case .stringTooLong: "stringTooLong"
        case .tooManyMembers: "tooManyMembers"
        case .tooLarge: "tooLarge"
        case .cycle: "cycle"
        case .urlRejected: "urlRejected"
        }
    }

    private struct Pair: Decodable {
        let first: Int
        let second: Int

        init(from decoder: any Decoder) throws {
            var elements = try decoder.unkeyedContainer()
            first = try elements.decode(Int.self)
            second = try elements.decode(Int.self)
        }
    }

    private struct Checked: Decodable {
        init(from decoder: any Decoder) throws {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "never"))
        }
    }

    private struct Keyed: Decodable {
        let a: Int
    }

    @Test func everyJSONErrorReason() throws {
        let decoder = StrictJSONDecoder()
        let tight = try JSONLimits(maxBytes: 64, maxDepth: 2, maxStringLength: 4, maxObjectMembers: 1)
        var produced: [String: JSONError] = [:]
        func record(_ body: () throws -> Void) {
            if let error = Self.caught(JSONError.self, body) { produced[Self.name(of: error.reason)] = error }
        }
        record { _ = try JSONValue(parsing: "[1,]") }
        record { _ = try decoder.decode(Int.self, from: "true") }
        record { _ = try decoder.decode(Keyed.self, from: "{}") }
        record { _ = try decoder.decode(Pair.self, from: "[1]") }
        record { _ = try decoder.decode(UInt8.self, from: "300") }
        record { _ = try decoder.decode(Checked.self, from: "1") }
        record { _ = try decoder.decode(VoltRedirect.self, from: #"{"type":"resize","url":"https://a.example/"}"#) }
        record { _ = try JSONValue(foundationObject: NSData()) }
        record { _ = try JSONValue(foundationObject: NSDictionary(dictionary: [NSNumber(value: 1): "a"])) }
        record { _ = try JSONValue(foundationObject: Double.nan) }
        record { _ = try JSONValue(parsing: "[[[1]]]", limits: tight) }
        record { _ = try JSONValue(parsing: #""abcde""#, limits: tight) }
        record { _ = try JSONValue(parsing: #"{"a":1,"b":2}"#, limits: tight) }
        record { _ = try JSONValue(parsing: "[" + String(repeating: "1,", count: 40) + "1]", limits: tight) }
        record { _ = try decoder.decode(BridgeURL.self, from: #""https://a^b/""#) }
        if FoundationObjectTests.foundationHandsOutNestedArrays {
            let array = NSMutableArray()
            array.add(array)
            record { _ = try JSONValue(foundationObject: array) }
        }
        // corelibs Foundation recurses on a cycle before any walk sees it (docs/json-policy.md).
        let unreachableHere: Set<String> = FoundationObjectTests.foundationHandsOutNestedArrays ? [] : ["cycle"]
        let every: Set = [
            "malformedJSON", "typeMismatch", "missingKey", "missingElement", "numberNotRepresentable", "invalidValue",
            "unknownDiscriminator", "unsupportedObject", "nonStringKey", "nonFiniteNumber", "nestingTooDeep", "stringTooLong",
            "tooManyMembers", "tooLarge", "cycle", "urlRejected",
        ]
        #expect(Set(produced.keys) == every.subtracting(unreachableHere))
    }

    @Test func everySyntaxReason() {
        let inputs: [(JSONError.Syntax, [UInt8])] = [
            (.emptyInput, Array("".utf8)), (.unexpectedEnd(expected: "a value"), Array("[".utf8)),
            (.unexpectedByte(UInt8(ascii: "2"), expected: "',' or ']'"), Array("[1 2]".utf8)), (.trailingData, Array("1 2".utf8)),
            (.byteOrderMark, [0xEF, 0xBB, 0xBF, 0x31]), (.notUTF8, [0x5B, 0x00, 0x5D, 0x00]), (.invalidUTF8, [0x22, 0xFF, 0x22]),
            (.controlCharacterInString(0x01), [0x22, 0x01, 0x22]), (.invalidEscape(UInt8(ascii: "x")), Array(#""\x""#.utf8)),
            (.invalidUnicodeEscape, Array(#""\u12""#.utf8)), (.loneSurrogate(0xD800), Array(#""\ud800""#.utf8)),
            (.leadingZero, Array("01".utf8)), (.invalidNumber, Array("-".utf8)), (.numberOverflow, Array("1e400".utf8)),
            (.numberUnderflow, Array("1e-400".utf8)), (.duplicateKey("a"), Array(#"{"a":1,"a":2}"#.utf8)),
        ]
        for (syntax, bytes) in inputs {
            let error = Self.caught(JSONError.self) { _ = try JSONValue(parsing: bytes) }
            #expect(error?.reason.positionless == .syntax(syntax), "\(bytes)")
            // The switch lists every case; a new one needs an input above.
            switch syntax {
            case .emptyInput, .unexpectedEnd, .unexpectedByte, .trailingData, .byteOrderMark, .notUTF8, .invalidUTF8,
                .controlCharacterInString, .invalidEscape, .invalidUnicodeEscape, .loneSurrogate, .leadingZero, .invalidNumber,
                .numberOverflow, .numberUnderflow, .duplicateKey:
                break
            }
        }
        #expect(inputs.count == 16)
    }

    @Test func everyBridgeErrorAndRefusalReason() {
        let dispatcher = BridgeDispatcher(channels: [
            BridgeChannel<JSONValue>("open", origins: .anyOrigin),
            BridgeChannel<JSONValue>("listed", origins: .listing(["shop.example"])),
        ])
        func reason(_ name: String, _ origin: FrameOrigin?) -> BridgeError.Reason? {
            Self.caught(BridgeError.self) { _ = try dispatcher.dispatch(handlerName: name, jsonText: "[1,]", origin: origin) }?.reason
        }
        let shop = FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: true)
        #expect(reason("missing", nil) == .unknownHandler)
        #expect(reason("open", nil).map { if case .invalidMessage = $0 { true } else { false } } == true)
        let refusals: [(FrameOrigin?, OriginPolicy.Refusal)] = [
            (nil, .noOrigin),
            (
                FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: false),
                .notMainFrame(.init(scheme: "https", host: "shop.example", isMainFrame: false))
            ),
            (
                FrameOrigin(scheme: "http", host: "shop.example", isMainFrame: true),
                .scheme(.init(scheme: "http", host: "shop.example", isMainFrame: true))
            ),
            (
                FrameOrigin(scheme: "https", host: "evil.example", isMainFrame: true),
                .host(.init(scheme: "https", host: "evil.example", isMainFrame: true))
            ),
            (
                FrameOrigin(scheme: "https", host: "shop.example", port: 8443, isMainFrame: true),
                .port(.init(scheme: "https", host: "shop.example", port: 8443, isMainFrame: true))
            ),
        ]
        for (origin, refusal) in refusals {
            #expect(reason("listed", origin) == .originNotAllowed(refusal), "\(String(describing: origin))")
            switch refusal {
            case .noOrigin, .notMainFrame, .scheme, .host, .port: break
            }
        }
        #expect(reason("listed", shop).map { if case .invalidMessage = $0 { true } else { false } } == true)
        // A request to a channel that takes posts only, and text that is no envelope.
        let route = BridgeReplyRoute.script(requestID: 1, global: "bridgecodec", secret: .random())
        let postsOnly = Self.caught(BridgeError.self) {
            _ = try dispatcher.dispatch(BridgeMessage(handlerName: "open", jsonText: "1"), replyRoute: route)
        }
        #expect(postsOnly?.reason == .postsOnly)
        let client = try? BridgeClient(transport: .reactNative, secret: .random())
        let notAnEnvelope = client.flatMap { client in
            Self.caught(BridgeError.self) { _ = try dispatcher.answer(envelope: "[]", client: client) { _ in .none } }
        }
        #expect(notAnEnvelope?.reason == .invalidEnvelope(.typeMismatch(expected: "an envelope object", found: .array)))
        for found in [reason("missing", nil), reason("open", nil), postsOnly?.reason, notAnEnvelope?.reason] {
            switch found {
            case .unknownHandler?, .originNotAllowed?, .invalidMessage?, .postsOnly?, .invalidEnvelope?, nil: break
            }
        }
    }

    @Test func everyURLReason() throws {
        func parse(_ text: String) -> WebURL.ParseError? { Self.caught(WebURL.ParseError.self) { _ = try WebURL(text) } }
        let parseErrors: [(String, WebURL.ParseError)] = [
            ("", .empty), ("x", .relative), ("https://", .missingHost), ("https://a^b/", .invalidHost),
            ("https://a:65536/", .invalidPort), ("file:///etc/passwd", .fileURL),
        ]
        for (text, expected) in parseErrors {
            #expect(parse(text) == expected, "\(text)")
        }
        // Longer than the reader takes: a quarter of what its 32-bit offsets reach.
        let huge = String(decoding: [UInt8](repeating: UInt8(ascii: "a"), count: Int(UInt32.max / 4) + 1), as: UTF8.self)
        #expect(parse(huge).map { if case .tooLong = $0 { true } else { false } } == true)
        for error in parseErrors.map(\.1) {
            switch error {
            case .empty, .tooLong, .relative, .missingHost, .invalidHost, .invalidPort, .fileURL: break
            }
        }

        func violation(_ text: String, _ policy: URLPolicy = .httpsOnly) -> URLPolicy.Violation? {
            Self.caught(URLPolicy.Violation.self) { try policy.check(text) }
        }
        let short = try URLPolicy(maxLength: 10)
        #expect(violation("x") == .unreadable(.relative))
        #expect(violation("https://a.example/long", short) == .tooLong(limit: 10))
        #expect(violation("javascript:alert(1)") == .forbiddenScheme("javascript"))
        #expect(violation("myapp://x") == .schemeNotAllowed("myapp"))
        #expect(violation("https://u@a.example/") == .userInfo)
        #expect(Self.caught(URLPolicy.Violation.self) { _ = try BridgeURL("https://a\"b.example/") } == .notRepresentable)
        // Every case is one of those above; a new one needs its line.
        switch URLPolicy.Violation.userInfo {
        case .unreadable, .tooLong, .forbiddenScheme, .schemeNotAllowed, .userInfo, .notRepresentable: break
        }
    }

    @Test func everyInvalidArgumentCase() throws {
        let cases: [InvalidArgument?] = [
            Self.caught(InvalidArgument.self) { _ = try JSONLimits(maxDepth: 0) },
            Self.caught(InvalidArgument.self) {
                _ = try SwedbankPayNavigationPolicy(
                    completeURL: "/done", cancelURL: "https://a.example/c",
                    paymentURL: SwedbankPayPaymentURL(.literal("https://a.example/p")),
                    webViewHosts: [])
            },
            Self.caught(InvalidArgument.self) { _ = try AndroidIntentURL(parsing: "https://a.example/") },
            Self.caught(InvalidArgument.self) { _ = try BridgeScripts.messageOrigins(["https://a.example/"]) },
        ]
        #expect(cases[0] == .outOfRange(name: "maxDepth", value: 0, allowed: 1...JSONLimits.deepestNesting))
        #expect(cases[1] == .url(name: "completeURL", .unreadable(.relative)))
        #expect(cases[2] == .rejected(name: "url", reason: "not an intent: or android-app: URL"))
        #expect(cases[3] == .notAnOrigin("https://a.example/"))
        for case let argument? in cases {
            switch argument {
            case .outOfRange, .url, .rejected: break
            }
        }
    }
}
