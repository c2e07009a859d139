import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@testable import BridgeCodecTesting

/// `StrictJSONDecoder` against Foundation's `JSONDecoder` on the behaviours swift-foundation's own
/// decoder tests cover: each case decodes with both, and the two agree, or differ in a way a rule
/// of docs/json-policy.md names. An untagged difference, a tag that names no rule, and a tag on a
/// case where the two agree all fail.
@Suite("JSONDecoder conformance")
struct JSONDecoderConformanceTests {
    /// What one decoder made of a case: the value's description, or that it refused.
    enum Outcome: Equatable, CustomStringConvertible {
        case value(String)
        case refused

        var description: String {
            switch self {
            case .value(let value): value
            case .refused: "refused"
            }
        }
    }

    struct Result: CustomStringConvertible {
        let name: String
        let strict: Outcome
        let foundation: Outcome
        /// The docs/json-policy.md text that explains a difference.
        let rule: String?

        var description: String { "\(name): strict \(strict), JSONDecoder \(foundation)" }
    }

    /// Decodes `json` with both decoders as a `T`; values compare with `==`.
    static func both<T: Decodable & Equatable>(_ name: String, _: T.Type, _ json: Data, rule: String? = nil) -> Result {
        let strict = try? StrictJSONDecoder().decode(T.self, from: json)
        let foundation = try? JSONDecoder().decode(T.self, from: json)
        let describe: (T?) -> Outcome = { $0.map { .value(String(describing: $0)) } ?? .refused }
        // Equal values describe alike; a value difference between two accepted values shows as unequal.
        let strictOutcome = describe(strict)
        var foundationOutcome = describe(foundation)
        if let strict, let foundation, strict == foundation { foundationOutcome = strictOutcome }
        return Result(name: name, strict: strictOutcome, foundation: foundationOutcome, rule: rule)
    }

    static func both<T: Decodable & Equatable>(_ name: String, _ type: T.Type, _ json: String, rule: String? = nil) -> Result {
        both(name, type, Data(json.utf8), rule: rule)
    }

    enum Status: String, Codable, Equatable { case open, paid }
    enum Level: Int, Codable, Equatable {
        case low = 1
        case high = 2
    }
    typealias Payment = ScriptJSONEncoderTests.Order.Payment
    struct Line: Codable, Equatable {
        var sku: String
        var quantity: UInt8
        var note: String?
    }
    struct Nested: Codable, Equatable {
        var lines: [Line]
        var status: Status
        var totals: [String: Double]
    }
    class Base: Codable, Equatable {
        var id = 0
        static func == (left: Base, right: Base) -> Bool { left.id == right.id && type(of: left) == type(of: right) }
    }
    final class Derived: Base {
        var name = ""
        enum CodingKeys: String, CodingKey { case name }
        required init(from decoder: any Decoder) throws {
            name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            try super.init(from: decoder.container(keyedBy: CodingKeys.self).superDecoder())
        }
    }

    /// Numbers nested in arrays to any depth.
    indirect enum Tree: Decodable, Equatable {
        case leaf(Int)
        case list([Tree])

        init(from decoder: any Decoder) throws {
            if let number = try? decoder.singleValueContainer().decode(Int.self) {
                self = .leaf(number)
            } else {
                self = .list(try [Tree](from: decoder))
            }
        }
    }

    static func cases() -> [Result] {
        let deep = String(repeating: "[", count: 70) + "1" + String(repeating: "]", count: 70)
        return [
            // Top-level values and empty containers.
            both("top-level number", Int.self, "42"), both("top-level string", String.self, #""x""#),
            both("top-level bool", Bool.self, "true"), both("top-level null as optional", Int?.self, "null"),
            both("empty array", [Int].self, "[]"), both("empty object", [String: Int].self, "{}"),
            both("whitespace around", [Int].self, " [ 1 , 2 ] \n"),
            // Integers.
            both("Int8 minimum", Int8.self, "-128"), both("Int8 past its maximum", Int8.self, "128"),
            both("UInt8 maximum", UInt8.self, "255"), both("UInt8 negative", UInt8.self, "-1"),
            both("Int64 maximum", Int64.self, "9223372036854775807"), both("Int64 past its maximum", Int64.self, "9223372036854775808"),
            both("UInt64 maximum", UInt64.self, "18446744073709551615"), both("integer with exponent", Int.self, "1e2"),
            both("integer written with a fraction of zero", Int.self, "1.0"), both("integer from a fraction", Int.self, "1.5"),
            both("negative zero as an integer", Int.self, "-0"), both("exponent with sign", Int.self, "100e-2"),
            both("Int from a string", Int.self, #""1""#), both("Int from a bool", Int.self, "true"),
            // Floating point.
            both("largest Double", Double.self, "1.7976931348623157e308"), both("smallest Double", Double.self, "5e-324"),
            both("Double overflow", Double.self, "1e400"), both("Double underflow", Double.self, "1e-400"),
            both("negative zero", Double.self, "-0.0"), both("upper-case exponent", Double.self, "1E+2"),
            both("largest Float", Float.self, "3.4028235e38"), both("Float past its range", Float.self, "1e39"),
            both("Float rounded once", Float.self, "1.00000005960464477550"), both("smallest normal Float", Float.self, "1.17549435e-38"),
            both("NaN literal", Double.self, "NaN"), both("leading zero", Int.self, "01"), both("leading plus", Int.self, "+1"),
            // Strings.
            both("escapes", String.self, #""\u00e9\n\t\/\"\\""#), both("surrogate pair", String.self, #""\ud83d\ude00""#),
            both("lone surrogate", String.self, #""\ud800""#), both("escaped NUL", String.self, #""\u0000""#),
            both("raw control character", String.self, "\"a\u{1}\""), both("non-ASCII", String.self, #""Zoë 😀""#),
            both("Bool from a number", Bool.self, "1"), both("String from a number", String.self, "1"),
            // Optionals, arrays and dictionaries.
            both("optionals in an array", [Int?].self, "[1,null,3]"), both("nested arrays", [[Int]].self, "[[1],[2,3],[]]"),
            both("null for a non-optional", Int.self, "null"),
            both("missing optional member", Line.self, #"{"sku":"a","quantity":1}"#),
            both("missing required member", Line.self, #"{"sku":"a"}"#),
            both("null optional member", Line.self, #"{"sku":"a","quantity":1,"note":null}"#),
            both("extra members", Line.self, #"{"sku":"a","quantity":1,"x":[1,{"y":null}]}"#),
            both("dictionary of arrays", [String: [Int]].self, #"{"a":[1],"b":[]}"#),
            both("dictionary with Int keys", [Int: String].self, #"{"1":"a","20":"b"}"#),
            both("dictionary with a non-integer key for Int keys", [Int: String].self, #"{"x":"a"}"#),
            // Enums, nested types, classes.
            both("string enum", Status.self, #""paid""#), both("unknown string enum value", Status.self, #""lost""#),
            both("integer enum", Level.self, "2"), both("enum with associated values", Payment.self, #"{"invoice":{"days":30}}"#),
            both("enum case without values", Payment.self, #"{"none":{}}"#), both("unknown enum case", Payment.self, #"{"cash":{}}"#),
            both("nested types", Nested.self, #"{"lines":[{"sku":"a","quantity":2}],"status":"open","totals":{"net":12.5}}"#),
            both("a subclass through its super decoder", Derived.self, #"{"name":"x","super":{"id":3}}"#),
            // Foundation types as JSONDecoder's defaults have them.
            both("Date as seconds since 2001", Date.self, "12.5"), both("Data as base64", Data.self, #""AAH+/w==""#),
            both("Data not base64", Data.self, #""%%""#), both("Decimal", Decimal.self, "19.99"),
            both("Decimal of 39 digits", Decimal.self, "123456789012345678901234567890123456789"),
            both("URL", URL.self, #""https://example.com/a?b=1#c""#),
            both("URL a browser writes otherwise", URL.self, #""https://Example.com/a/../b""#, rule: "read as a browser reads it"),
            both("URL with a space", URL.self, #""https://example.com/a b""#),
            // Where the strict decoder refuses what JSONDecoder reads, each by a rule.
            both("trailing comma", [Int].self, "[1,]", rule: "no trailing commas"),
            both("duplicate key", [String: Int].self, #"{"a":1,"a":2}"#, rule: "Duplicate keys are rejected"),
            both(
                "keys one Swift String", [String: Int].self, "{\"\u{E9}\":1,\"e\u{301}\":2}",
                rule: "refuses two such keys"),
            both("UTF-16 text", [Int].self, "[1]".data(using: .utf16BigEndian) ?? Data(), rule: "UTF-8 only"),
            both("byte order mark", [Int].self, Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8), rule: "byteOrderMark"),
            both("64 deep", Tree.self, String(repeating: "[", count: 63) + "1" + String(repeating: "]", count: 63)),
            both("deeper than 64", Tree.self, deep, rule: "nestingTooDeep"),
            both("a comment", [Int].self, "[1 /* c */]"),
        ]
    }

    @Test func everyDifferenceIsADocumentedRule() throws {
        let policy = try String(contentsOf: TestData.packageRoot.appendingPathComponent("docs/json-policy.md"), encoding: .utf8)
        let results = Self.cases()
        #expect(results.count > 70)
        var differences = 0
        for result in results {
            let differ = result.strict != result.foundation
            if differ { differences += 1 }
            switch (differ, result.rule) {
            case (true, nil): Issue.record("an undocumented difference: \(result)")
            case (false, let rule?): Issue.record("tagged \(rule), but the two agree: \(result)")
            case (true, let rule?) where !policy.contains(rule): Issue.record("\(rule) is no rule of docs/json-policy.md: \(result)")
            default: break
            }
            // No value differences on inputs both accept.
            if case .value = result.strict, case .value = result.foundation, differ, result.rule == nil {
                Issue.record("different values: \(result)")
            }
        }
        #expect(differences == results.filter { $0.rule != nil }.count)
    }

    /// An app's model with every kind of member the two decoders read.
    struct Model: Codable, Equatable {
        var id: Int64
        var count: Int
        var small: Int8
        var short: Int16
        var medium: Int32
        var size: UInt
        var wide: UInt64
        var half: UInt16
        var word: UInt32
        var ratio: Float
        var price: Double
        var amount: Decimal
        var note: String?
        var tags: [String: Int]
        var byIndex: [Int: String]
        var lines: [Line]
        var status: Status
        var level: Level
        var payment: Payment
        var created: Date
        var blob: Data
        var link: URL
        var flags: [Bool?]
        var grid: [[Int16]]
    }

    /// `count` seeded models with every kind of member: strings of the troublesome scalars,
    /// integers across each type's range, enums with and without payloads, optionals, nested
    /// collections, dates, data and URLs. The conformance and the writer's tests both use them.
    static func generatedModels(count: Int, seed: UInt64) -> [Model] {
        var random = SeededRandom(seed: seed)
        let pieces = ["a", "Z", "é", "e\u{301}", "😀", "\"", "\\", "/", "\n", "\u{0}", "\u{7F}", "\u{2028}", "<", " ", "日本", "0"]
        func text(_ most: Int) -> String {
            (0..<Int.random(in: 0...most, using: &random)).map { _ in pieces.randomElement(using: &random) ?? "" }.joined()
        }
        func some<Value>(_ most: Int, _ make: () -> Value) -> [Value] { (0..<Int.random(in: 0...most, using: &random)).map { _ in make() } }
        let hosts = ["shop", "bank", "a-b", "x1"]
        let segments = ["a", "b", "checkout", "%20", "~x", "a.b", "1"]
        return (0..<count).map { _ in
            let url =
                "https://" + (hosts.randomElement(using: &random) ?? "a") + ".example/"
                + some(3) { segments.randomElement(using: &random) ?? "" }.joined(separator: "/")
                + (Bool.random(using: &random) ? "?q=\(Int.random(in: 0...99, using: &random))" : "")
            return Model(
                id: Int64.random(in: .min ... .max, using: &random), count: Int.random(in: .min ... .max, using: &random),
                small: Int8.random(in: .min ... .max, using: &random), short: Int16.random(in: .min ... .max, using: &random),
                medium: Int32.random(in: .min ... .max, using: &random), size: UInt.random(in: .min ... .max, using: &random),
                wide: UInt64.random(in: .min ... .max, using: &random), half: UInt16.random(in: .min ... .max, using: &random),
                word: UInt32.random(in: .min ... .max, using: &random),
                ratio: Float.random(in: -1e30...1e30, using: &random), price: Double.random(in: -1e300...1e300, using: &random),
                amount: Decimal(Int64.random(in: -1_000_000_000...1_000_000_000, using: &random)) / 100,
                note: Bool.random(using: &random) ? text(8) : nil,
                tags: Dictionary(some(4) { (text(4), Int.random(in: -99...99, using: &random)) }, uniquingKeysWith: { first, _ in first }),
                byIndex: Dictionary(some(3) { (Int.random(in: -9...9, using: &random), text(3)) }, uniquingKeysWith: { first, _ in first }),
                lines: some(3) {
                    Line(
                        sku: text(5), quantity: UInt8.random(in: 0...255, using: &random), note: Bool.random(using: &random) ? text(3) : nil
                    )
                },
                status: Bool.random(using: &random) ? .open : .paid, level: Bool.random(using: &random) ? .low : .high,
                payment: [Payment.card(last4: text(4)), .invoice(days: Int.random(in: 0...90, using: &random), reference: nil), .none]
                    .randomElement(using: &random) ?? .none,
                created: Date(timeIntervalSinceReferenceDate: Double.random(in: -1e9...1e9, using: &random)),
                blob: Data(some(12) { UInt8.random(in: 0...255, using: &random) }), link: URL(string: url) ?? URL(fileURLWithPath: "/"),
                flags: some(4) { [true, false, nil].randomElement(using: &random) ?? nil },
                grid: some(3) { some(3) { Int16.random(in: .min ... .max, using: &random) } })
        }
    }

    /// Generated models written by `JSONEncoder` decode to the same values with both decoders.
    @Test func generatedDocumentsDecodeAlike() throws {
        let models = Self.generatedModels(count: 500, seed: 0xC0_DEC)
        #expect(models.count == 500)
        for model in models {
            let data = try JSONEncoder().encode(model)
            let foundation = try JSONDecoder().decode(Model.self, from: data)
            let strict = try StrictJSONDecoder().decode(Model.self, from: data)
            #expect(strict == foundation, "\(String(decoding: data, as: UTF8.self))")
        }
    }

    /// Generated `Int128` and `UInt128` members, written by `JSONEncoder`, decode to the same
    /// values with both decoders, where the system has the types.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func wideIntegersDecodeAlike() throws {
        struct Wide: Codable, Equatable {
            var huge: Int128
            var hugeUnsigned: UInt128
        }
        var random = SeededRandom(seed: 0x128)
        for _ in 0..<500 {
            let wide = Wide(
                huge: Int128(Int64.random(in: .min ... .max, using: &random)) * Int128(UInt64.random(in: .min ... .max, using: &random)),
                hugeUnsigned: UInt128(UInt64.random(in: .min ... .max, using: &random)) << 64
                    | UInt128(UInt64.random(in: .min ... .max, using: &random)))
            let data = try JSONEncoder().encode(wide)
            #expect(try StrictJSONDecoder().decode(Wide.self, from: data) == JSONDecoder().decode(Wide.self, from: data))
        }
    }
}
