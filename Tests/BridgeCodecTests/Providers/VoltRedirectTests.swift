import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Volt redirects")
struct VoltRedirectTests {
    let harness = DispatchHarness()

    @Test func decodesBothMessageTypesFromTheSeed() {
        #expect(
            harness.accept("voltRedirect", #"{"type":"bank_redirect","url":"https://bank.com/"}"#)
                == .volt(.bankRedirect(url: BridgeURL.literal("https://bank.com/"))))
        for result in VoltMerchantResult.allCases {
            let text = #"{"type":"merchant_redirect","result":"\#(result.rawValue)","url":"https://your-domain.com/checkout/success"}"#
            #expect(
                harness.accept("voltRedirect", text)
                    == .volt(.merchantRedirect(result: result, url: BridgeURL.literal("https://your-domain.com/checkout/success"))))
        }
        let extra = harness.accept("voltRedirect", #"{"url":"https://b.example/","extra":{"x":[1]},"type":"bank_redirect"}"#)
        #expect(extra?.kind == "volt.bankRedirect")
    }

    @Test func everyMissingFieldIsNamed() {
        #expect(
            harness.reject("voltRedirect", #"{"url":"https://b.example/"}"#)?.description
                == "voltRedirect: $.type: required field is missing")
        #expect(harness.reject("voltRedirect", #"{"type":"bank_redirect"}"#)?.path.description == "$.url")
        #expect(harness.reject("voltRedirect", #"{"type":"merchant_redirect","url":"https://m.example/"}"#)?.path.description == "$.result")
    }

    @Test(arguments: [
        (#"{"type":1,"url":"https://b.example/"}"#, "$.type"), (#"{"type":true,"url":"https://b.example/"}"#, "$.type"),
        (#"{"type":"bank_redirect","url":true}"#, "$.url"), (#"{"type":"bank_redirect","url":["https://b.example/"]}"#, "$.url"),
        (#"{"type":"merchant_redirect","result":null,"url":"https://m.example/"}"#, "$.result"),
        (#"{"type":"merchant_redirect","result":0,"url":"https://m.example/"}"#, "$.result"),
        ("[]", "$"), (#""bank_redirect""#, "$"), ("null", "$"), ("42", "$"),
    ])
    func everyWrongTypeIsNamed(text: String, path: String) {
        guard case .invalidMessage(.typeMismatch)? = harness.reject("voltRedirect", text)?.reason else {
            Issue.record("not a type mismatch: \(text)")
            return
        }
        #expect(harness.reject("voltRedirect", text)?.path.description == path)
    }

    @Test func unknownDiscriminatorsAreTheirOwnOutcome() {
        let unknownType = harness.reject("voltRedirect", #"{"type":"resize","url":"https://b.example/"}"#)
        #expect(unknownType?.reason == .invalidMessage(.unknownDiscriminator("resize", known: ["bank_redirect", "merchant_redirect"])))
        #expect(unknownType?.path.description == "$.type")
        let unknownResult = harness.reject("voltRedirect", #"{"type":"merchant_redirect","result":"refunded","url":"https://m.example/"}"#)
        #expect(
            unknownResult?.reason == .invalidMessage(.unknownDiscriminator("refunded", known: ["cancel", "success", "failure", "pending"])))
    }

    /// Keys and discriminators are matched by their code units after unescaping, and a value
    /// only close to a known one (a prefix, one byte longer, another case) is unknown.
    @Test func discriminatorsMatchExactlyAfterUnescaping() {
        #expect(
            harness.accept("voltRedirect", #"{"t\u0079pe":"merchant\u005fredirect","result":"canc\u0065l","url":"https:\/\/m.example\/"}"#)
                == .volt(.merchantRedirect(result: .cancel, url: BridgeURL.literal("https://m.example/"))))
        for near in [
            "merchant_redirec", "merchant_redirecT", "merchant_redirect_", "Merchant_redirect", #"merchant_redirect\u0000"#,
            "bank_redirect ",
        ] {
            let error = harness.reject("voltRedirect", #"{"type":"\#(near)","url":"https://b.example/"}"#)
            guard case .invalidMessage(.unknownDiscriminator)? = error?.reason else {
                Issue.record("\(near): \(String(describing: error))")
                continue
            }
        }
        #expect(
            harness.reject("voltRedirect", #"{"type":"merchant_redirect","result":"merchant_redirect","url":"https://m.example/"}"#)?.path
                .description == "$.result")
    }

    @Test(arguments: [
        "javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html,<script>alert(1)</script>", "file:///etc/passwd",
        "/checkout/cancel", "//evil.example/", "https://bank.example@evil.example/", "http://bank.example/",
        "https://bank example/", "https://b\u{2488}nk.example/", "https://xn--a.b\u{FC}nk.example/", "", "https://",
        "https://bank.example:80x/",
        "vbscript:msgbox(1)",
        "https://a^b.example/", "https://1.2.3.4.5/", "content://com.example.provider/x", "https://[::1/",
    ])
    func hostileURLsAreRejectedAtTheirPath(url: String) throws {
        let body = String(decoding: try JSONEncoder().encode(["type": "bank_redirect", "url": url]), as: UTF8.self)
        let error = harness.reject("voltRedirect", body)
        #expect(error?.path.description == "$.url")
        guard case .invalidMessage(.urlRejected)? = error?.reason else {
            Issue.record("not a URL rejection: \(String(describing: error))")
            return
        }
    }

    /// What a browser reads as an https URL passes, as the browser serializes it: the app opens
    /// what the page would have opened.
    @Test(arguments: [
        ("https:\\\\evil.example", "https://evil.example/"), ("https:bank.example", "https://bank.example/"),
        ("https://bank.example/\npath", "https://bank.example/path"), ("https://bank.example/\u{2028}", "https://bank.example/%E2%80%A8"),
        ("https://bank.example/a|b?c={d}#^", "https://bank.example/a|b?c={d}#^"), ("https://0x7f.1/", "https://127.0.0.1/"),
        (" https://Bank.Example:443/a/../b ", "https://bank.example/b"),
    ])
    func browserURLsPassAsTheBrowserReadsThem(url: String, serialized: String) throws {
        let body = String(decoding: try JSONEncoder().encode(["type": "bank_redirect", "url": url]), as: UTF8.self)
        #expect(harness.accept("voltRedirect", body) == .volt(.bankRedirect(url: .literal(serialized))))
        if case .volt(let redirect)? = harness.accept("voltRedirect", body) {
            #expect(redirect.url.string == serialized)
            #expect(redirect.url.foundationURL.host == URL(string: serialized)?.host)
        }
    }

    @Test func strictJSONRulesApply() throws {
        let duplicate = harness.reject("voltRedirect", #"{"type":"bank_redirect","type":"merchant_redirect","url":"https://b.example/"}"#)
        guard case .invalidMessage(.malformedJSON(.duplicateKey("type"), _))? = duplicate?.reason else {
            Issue.record("duplicate keys accepted: \(String(describing: duplicate))")
            return
        }
        let tight = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin), limits: try JSONLimits(maxBytes: 64))
        let long = #"{"type":"bank_redirect","url":"https://b.example/\#(String(repeating: "a", count: 100))"}"#
        #expect(
            tight.outcome(BridgeMessage(handlerName: "voltRedirect", jsonText: long)).failureValue?.reason
                == .invalidMessage(.tooLarge(limit: 64)))
    }

    @Test func modelsNestInOtherCodableTypesWithFullPaths() throws {
        struct Envelope: Decodable {
            var redirects: [VoltRedirect]
        }
        let decoder = StrictJSONDecoder()
        let text = #"{"redirects":[{"type":"bank_redirect","url":"https://b.example/"},{"type":"resize","url":"x"}]}"#
        #expect(
            throws: JSONError(
                path: JSONPath([.key("redirects"), .index(1), .key("type")]),
                reason: .unknownDiscriminator("resize", known: ["bank_redirect", "merchant_redirect"]))
        ) {
            try decoder.decode(Envelope.self, from: text)
        }
        // Foundation's decoder reads the same models through the same `init(from:)`, with its own errors.
        let viaFoundation = try JSONDecoder().decode(
            VoltRedirect.self, from: Data(#"{"type":"merchant_redirect","result":"pending","url":"https://m.example/"}"#.utf8))
        #expect(viaFoundation == .merchantRedirect(result: .pending, url: BridgeURL.literal("https://m.example/")))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(VoltRedirect.self, from: Data(#"{"type":"resize","url":"x"}"#.utf8))
        }
        #expect(
            try JSONDecoder().decode(SovendusMessage.self, from: Data(#"{"type":"height","value":"420"}"#.utf8))
                == .height(SovendusHeight(420)!))
    }

    @Test func encodesTheWireFormat() throws {
        let message = VoltRedirect.merchantRedirect(result: .cancel, url: .literal("https://m.example/c?o=1"))
        let encoded = try JSONEncoder().encode(message)
        #expect(
            try wireValue(message) == JSONValue(parsing: #"{"result":"cancel","type":"merchant_redirect","url":"https://m.example/c?o=1"}"#)
        )
        #expect(try StrictJSONDecoder().decode(VoltRedirect.self, from: encoded) == message)
    }
}

extension Result {
    var failureValue: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
