import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// The app's `Encodable` values into the page: script-safe text that reads back as the value.
@Suite("Script JSON encoder")
struct ScriptJSONEncoderTests {
    struct Order: Codable, Equatable {
        enum Status: String, Codable { case open, paid }
        enum Payment: Codable, Equatable {
            case card(last4: String)
            case invoice(days: Int, reference: String?)
            case none
        }

        struct Line: Codable, Equatable {
            var sku: String
            var quantity: UInt8
            var price: Decimal
        }

        var id: Int64
        var status: Status
        var lines: [Line]
        var payment: Payment
        var note: String?
        var receipt: URL
        var attachment: Data
        var tags: [String: Int]
        var scores: [Int: Double]
        var flags: Set<Bool>
        var ratio: Float
        var nested: [[Bool?]]
    }

    static let order = Order(
        id: -9_007_199_254_740_993, status: .paid,
        lines: [Order.Line(sku: "</script><script>alert(1)</script>", quantity: 255, price: Decimal(string: "19.99", locale: nil) ?? 0)],
        payment: .invoice(days: 30, reference: nil), note: "a\u{2028}b\u{2029}c'd&e<f>g\"h\\i\u{0}j\u{7F}\u{85}",
        receipt: URL(string: "https://shop.example/r?a=1&b=<2>") ?? URL(fileURLWithPath: "/"), attachment: Data([0, 1, 254, 255]),
        tags: ["b": 2, "a": 1, "\u{1F600}": 3, "é": 4], scores: [10: 0.5, 2: -1], flags: [true], ratio: 0.1, nested: [[true, nil], []])

    @Test func readsBackAsTheValue() throws {
        let text = try ScriptJSONEncoder().encode(Self.order)
        #expect(try JSONDecoder().decode(Order.self, from: Data(text.utf8)) == Self.order)
        #expect(try StrictJSONDecoder().decode(Order.self, from: text) == Self.order)
    }

    /// Nothing in the text can end a `<script>` block, an attribute or a string early.
    @Test func holdsNothingThatEndsAScript() throws {
        let text = try ScriptJSONEncoder().encode(Self.order)
        for forbidden in ["<", ">", "&", "'", "\u{2028}", "\u{2029}", "\u{0}", "\u{7F}", "\u{85}"] {
            #expect(!text.contains(forbidden), "\(forbidden)")
        }
        #expect(text.contains(#""sku":"\u003C\/script\u003E"#))
    }

    /// The same value always gives the same text: every object's keys sorted; decimals from their digits.
    @Test func deterministicText() throws {
        struct Pair: Encodable {
            var zeta = 1
            var alpha: [String: Bool] = ["b": true, "a": false, "B": true, "é": true, "z": false]
            var amount = Decimal(string: "12345678901234567890.123456789", locale: nil)
        }
        let text = try ScriptJSONEncoder().encode(Pair())
        #expect(text == #"{"alpha":{"B":true,"a":false,"b":true,"z":false,"é":true},"amount":12345678901234567890.123456789,"zeta":1}"#)
        for _ in 0..<20 { #expect(try ScriptJSONEncoder().encode(Pair()) == text) }
        #expect(try ScriptJSONEncoder().encode([3: "c", 1: "a", 20: "t"]) == #"{"1":"a","20":"t","3":"c"}"#)
    }

    @Test func nonFiniteNumbersAreRefusedWithTheirPath() {
        struct Reading: Encodable {
            var values: [Double]
        }
        #expect(
            throws: JSONError(path: JSONPath([.key("values"), .index(1)]), reason: .nonFiniteNumber)
        ) {
            try ScriptJSONEncoder().encode(Reading(values: [1, .nan]))
        }
        #expect(throws: JSONError(path: .root, reason: .nonFiniteNumber)) { try ScriptJSONEncoder().encode(Float.infinity) }
        struct Sample: Encodable {
            var value: Double
        }
        struct Series: Encodable {
            var name = "s"
            var readings: [[String: Sample]]
        }
        #expect(
            throws: JSONError(path: JSONPath([.key("readings"), .index(1), .key("b"), .key("value")]), reason: .nonFiniteNumber)
        ) {
            try ScriptJSONEncoder().encode(
                Series(readings: [["a": Sample(value: 1)], ["a": Sample(value: 2), "b": Sample(value: .infinity)]]))
        }
        // A type's own refusal keeps the path its encoder was given.
        struct Refusing: Encodable {
            func encode(to encoder: any Encoder) throws {
                throw EncodingError.invalidValue(self, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "no"))
            }
        }
        #expect(throws: JSONError(path: JSONPath([.index(0), .key("x")]), reason: .invalidValue("no"))) {
            try ScriptJSONEncoder().encode([["x": Refusing()]])
        }
        #expect(throws: JSONError(path: .root, reason: .nonFiniteNumber)) { try ScriptJSONEncoder().encode(Decimal.nan) }
    }

    /// Classes that encode their superclass through `superEncoder` give JSON text; a type that
    /// encodes nothing, an error.
    @Test func superEncodersAndMisuse() throws {
        class Base: Encodable {
            var id = 1
        }
        final class Derived: Base {
            var name = "x"
            enum CodingKeys: String, CodingKey { case name }
            override func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(name, forKey: .name)
                try super.encode(to: container.superEncoder())
            }
        }
        #expect(try ScriptJSONEncoder().encode(Derived()) == #"{"name":"x","super":{"id":1}}"#)
        #expect(
            try ScriptJSONEncoder().encode([Derived(), Derived()]) == #"[{"name":"x","super":{"id":1}},{"name":"x","super":{"id":1}}]"#)

        struct Nothing: Encodable {
            func encode(to _: any Encoder) throws {}
        }
        #expect(throws: JSONError.self) { try ScriptJSONEncoder().encode(Nothing()) }
        #expect(try ScriptJSONEncoder().encode(["a": Nothing()]) == #"{"a":{}}"#)
    }

    /// A JSON value written by the encoder is the same as the escaper writes it.
    @Test func jsonValuesAsTheEscaperWritesThem() throws {
        let value = try JSONValue(parsing: #"{"b":[1.50,-0,1e300,12345678901234567890123,null],"a":"\u2028</script>"}"#, limits: .largest)
        #expect(try ScriptJSONEncoder().encode(value) == Escaper.scriptJSON(value))
    }

    /// Names are string literals, never code; values are the encoder's text.
    @Test func pageCalls() throws {
        #expect(
            try BridgeScripts.callFunction(named: "app.ready');alert(1)//", arguments: [1, "</script>", Self.order.payment])
                == #"window["app.ready\u0027);alert(1)\/\/"](1, "\u003C\/script\u003E", {"invoice":{"days":30}});"# + "\n")
        #expect(try BridgeScripts.callFunction(named: "f", arguments: []) == #"window["f"]();"# + "\n")
        #expect(throws: JSONError(path: .root, reason: .nonFiniteNumber)) {
            try BridgeScripts.callFunction(named: "f", arguments: [Double.nan])
        }
        #expect(
            try BridgeScripts.dispatchEvent(named: "cart", detail: ["items": 2])
                == #"window.dispatchEvent(new CustomEvent("cart", { detail: {"items":2} }));"# + "\n")
    }
}
