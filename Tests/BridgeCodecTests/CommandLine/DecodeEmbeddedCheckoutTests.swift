import BridgeCodec
import BridgeCodecProviders
import Foundation
import Testing

/// `bridgecodec decode` on what a checkout page posts to the Embedded Checkout Protocol's consumer:
/// each JSON-RPC text read alone, its method and id, or the rule it broke with its JSON-RPC code.
@Suite("bridgecodec decode: Embedded Checkout Protocol messages")
struct DecodeEmbeddedCheckoutTests {
    static let handler = EmbeddedCheckout.consumerHandler

    /// A capture line of `text` posted to the consumer: a string body, as WebKit delivers it (`object`)
    /// or as Android's `postMessage(text)` receives it (`argument`).
    static func line(_ text: String, transport: String = "object") -> String {
        JSONValue.object(["handler": .string(handler), "transport": .string(transport), "body": .string(text)]).jsonText
    }

    static func decode(_ lines: [String], _ options: [String] = []) -> (code: Int32, out: [String]) {
        let result = runCLI(["decode", "--jsonl", "-"] + options, stdin: lines.joined(separator: "\n") + "\n")
        return (result.code, result.out.split(separator: "\n").map(String.init))
    }

    @Test func eachMessageIsReadAloneWithItsMethodAndIDOrItsRuleAndCode() {
        let (code, out) = Self.decode([
            Self.line(#"{"jsonrpc":"2.0","id":1,"method":"ec.ready","params":{"delegate":["window.open"]}}"#),
            Self.line(#"{"jsonrpc":"2.0","id":"a-1","method":"ec.auth","params":{}}"#, transport: "argument"),
            Self.line(#"{"jsonrpc":"2.0","method":"ec.start","params":{}}"#),
            Self.line(#"{"jsonrpc":"2.0","id":7,"method":"ec.auth","params":{"type":1}}"#),
            Self.line("{"),
            Self.line(#"{"jsonrpc":"2.0","id":2,"method":"ec.unknown"}"#),
            Self.line(#"{"jsonrpc":"2.0","id":3,"method":"ec.start","params":{}}"#),
            Self.line(#"{"jsonrpc":"2.0","id":1.5,"method":"ec.auth"}"#),
            #"{"handler":"EmbeddedCheckoutProtocolConsumer","transport":"object","body":{"jsonrpc":"2.0"}}"#,
            // JSON text posted as a string: its body is the JSON string holding the message.
            #"{"handler":"EmbeddedCheckoutProtocolConsumer","transport":"string","body":"\"{\\\"jsonrpc\\\":\\\"2.0\\\",\\\"id\\\":9,\\\"method\\\":\\\"ec.auth\\\"}\""}"#,
        ])
        #expect(code == 1)
        let prefix = #""handler":"EmbeddedCheckoutProtocolConsumer","#
        #expect(
            out == [
                #"{"line":1,\#(prefix)"kind":"ec.ready","verdict":"ok","method":"ec.ready","id":1}"#,
                #"{"line":2,\#(prefix)"kind":"ec.auth","verdict":"ok","method":"ec.auth","id":"a-1"}"#,
                #"{"line":3,\#(prefix)"error":"invalid_params: $.checkout: required field is missing","verdict":"invalid_params","code":null,"#
                    + #""method":"ec.start","id":null}"#,
                #"{"line":4,\#(prefix)"error":"invalid_params: $.type: expected a string, found a number","verdict":"invalid_params","#
                    + #""code":-32602,"method":"ec.auth","id":7}"#,
                #"{"line":5,\#(prefix)"error":"not_json: $: malformed JSON at line 1, column 2: the input ends where a string key was expected","#
                    + #""verdict":"not_json","code":-32700,"method":null,"id":null}"#,
                #"{"line":6,\#(prefix)"error":"unknown_method: ec.unknown is no method of 2026-04-08","verdict":"unknown_method","#
                    + #""code":-32601,"method":"ec.unknown","id":2}"#,
                #"{"line":7,\#(prefix)"error":"notification_with_id: ec.start is a notification, and came with an id","#
                    + #""verdict":"notification_with_id","code":-32600,"method":"ec.start","id":3}"#,
                #"{"line":8,\#(prefix)"error":"invalid_request: the id 1.5 is no string of at most 128 bytes or integer","#
                    + #""verdict":"invalid_request","code":-32600,"method":"ec.auth","id":null}"#,
                #"{"line":9,\#(prefix)"error":"$: expected a string, found an object"}"#,
                #"{"line":10,\#(prefix)"kind":"ec.auth","verdict":"ok","method":"ec.auth","id":9}"#,
            ])
    }

    @Test func theSummaryCountsMethodsAndRules() {
        let (code, out) = Self.decode(
            [
                Self.line(#"{"jsonrpc":"2.0","id":1,"method":"ec.auth"}"#), Self.line(#"{"jsonrpc":"2.0","id":2,"method":"ec.auth"}"#),
                Self.line(#"{"jsonrpc":"2.0","method":"ec.auth"}"#), Self.line("[]"),
            ], ["--summary"])
        #expect(code == 1)
        #expect(
            out == [
                #"{"summary":{"lines":4,"decoded":2,"rejected":2,"handlers":{"EmbeddedCheckoutProtocolConsumer":4},"kinds":{"ec.auth":2},"#
                    + #""errors":{"embeddedCheckout.invalid_request":1,"embeddedCheckout.request_without_id":1}}}"#
            ])
    }

    @Test func oneBodyIsReadAsTheHandlerReceivesIt() {
        let ready = JSONValue.string(#"{"jsonrpc":"2.0","id":"r","method":"ec.ready","params":{"delegate":[]}}"#).jsonText
        let read = runCLI(["decode", "--handler", Self.handler], stdin: ready)
        #expect(
            read == (
                0, #"{"handler":"EmbeddedCheckoutProtocolConsumer","kind":"ec.ready","verdict":"ok","method":"ec.ready","id":"r"}"# + "\n",
                ""
            ))
        let refused = runCLI(["decode", "--handler", Self.handler], stdin: JSONValue.string(#"{"jsonrpc":"2.0"}"#).jsonText)
        #expect(refused == (1, "", "error: EmbeddedCheckoutProtocolConsumer: invalid_request: method is no non-empty string\n"))
        #expect(runCLI(["decode", "--help"]).out.contains(Self.handler))
    }

    /// Every fixture of schemas/ucp/fixtures, read alone: the decoder's verdict as the manifest states it.
    @Test func everyFixtureIsDecodedAsTheManifestSays() throws {
        let fixtures = try EmbeddedCheckoutFixtureTests.manifest().fixtures
        let (_, out) = Self.decode(try fixtures.map { Self.line(try EmbeddedCheckoutFixtureTests.text($0)) })
        #expect(out.count == fixtures.count)
        for (fixture, line) in zip(fixtures, out) {
            if fixture.decoderAdmits {
                #expect(line.contains(#""verdict":"ok","method":"\#(fixture.method)""#), "\(fixture.file): \(line)")
            } else {
                let code = fixture.role == "request" ? "-32602" : "null"
                #expect(
                    line.contains(#""verdict":"invalid_params","code":\#(code),"method":"\#(fixture.method)""#), "\(fixture.file): \(line)")
            }
        }
    }

    /// `bridgecodec fuzz` writes the consumer's variants as capture lines decode reads: each read or refused with a rule.
    @Test func fuzzVariantsAreCaptureLines() {
        let variants = runCLI(["fuzz", "--handler", Self.handler, "--count", "90", "--seed", "3"])
        #expect(variants.code == 0)
        let lines = variants.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 90 && lines.allSatisfy { $0.contains(#""transport":"object","body":""#) })
        let (code, out) = Self.decode(lines)
        #expect(code == 1 && out.count == 90)
        #expect(out.allSatisfy { $0.contains(#""verdict":"#) })
    }
}
