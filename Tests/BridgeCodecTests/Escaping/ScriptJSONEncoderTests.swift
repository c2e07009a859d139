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

    /// A `Date` is the text `toISOString()` writes, so `new Date(value)` in the page is the app's
    /// instant: UTC, milliseconds, years outside 0…9999 in the extended form, at any depth.
    @Test func datesAsJavaScriptWritesThem() throws {
        let cases: [(seconds: Double, text: String)] = [
            (0, "1970-01-01T00:00:00.000Z"), (1_764_590_400.123, "2025-12-01T12:00:00.123Z"), (-0.001, "1969-12-31T23:59:59.999Z"),
            (951_782_400, "2000-02-29T00:00:00.000Z"), (-62_167_219_200, "0000-01-01T00:00:00.000Z"),
            (-62_167_219_200.001, "-000001-12-31T23:59:59.999Z"), (253_402_300_799.999, "9999-12-31T23:59:59.999Z"),
            (253_402_300_800, "+010000-01-01T00:00:00.000Z"), (8.64e12, "+275760-09-13T00:00:00.000Z"),
            (-8.64e12, "-271821-04-20T00:00:00.000Z"),
        ]
        for (seconds, text) in cases {
            #expect(try ScriptJSONEncoder().encode(Date(timeIntervalSince1970: seconds)) == "\"\(text)\"", "\(seconds)")
        }
        struct Delivery: Encodable {
            var at: Date
            var window: [String: Date]
            var missed: Date?
        }
        let delivery = Delivery(at: Date(timeIntervalSince1970: 0.25), window: ["from": Date(timeIntervalSince1970: 86_400)])
        #expect(
            try ScriptJSONEncoder().encode(delivery) == #"{"at":"1970-01-01T00:00:00.250Z","window":{"from":"1970-01-02T00:00:00.000Z"}}"#)
        // Events and answers are the encoder's text.
        let event = try BridgeClient(transport: .android, secret: BridgeSecret.random()).event(named: "delivery", detail: delivery)
        #expect(
            event.contains(Escaper.javaScriptString(#"{"at":"1970-01-01T00:00:00.250Z","window":{"from":"1970-01-02T00:00:00.000Z"}}"#)))
        let answer = try BridgeReply<Date>(route: .webKitReplyHandler).answer(Date(timeIntervalSince1970: 1_764_590_400.123))
        #expect(answer.webKitReplyArguments?.value as? String == "2025-12-01T12:00:00.123Z")
    }

    /// A date is written to the nearest millisecond, which is what the decoder reads back: encoded
    /// and decoded, a date is itself to the millisecond, before 1970 too.
    @Test func datesRoundTripToTheMillisecond() throws {
        let decoder = StrictJSONDecoder(dateDecodingStrategy: .javaScriptISOString)
        func readBack(_ date: Date) throws -> Int64 {
            Int64((try decoder.decode(Date.self, from: try ScriptJSONEncoder().encode(date)).timeIntervalSince1970 * 1000).rounded())
        }
        // A part of a millisecond: the nearest one, either side of 1970.
        #expect(try readBack(Date(timeIntervalSince1970: 1_764_590_400.1234)) == 1_764_590_400_123)
        #expect(try readBack(Date(timeIntervalSince1970: 1_764_590_400.1236)) == 1_764_590_400_124)
        #expect(try readBack(Date(timeIntervalSince1970: -1.0006)) == -1001)
        #expect(try readBack(Date(timeIntervalSince1970: -1.0004)) == -1000)
        // Every millisecond within 139,000 years of 1970 (2^42 seconds); parts of one within 3,000
        // years, where a `Date` holds them to a hundredth of a millisecond; the ends of JavaScript's range.
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let milliseconds = Int64.random(in: -4_390_000_000_000_000...4_390_000_000_000_000, using: &random)
            #expect(try readBack(Date(timeIntervalSince1970: Double(milliseconds) / 1000)) == milliseconds, "\(milliseconds)")
            let near = milliseconds % 100_000_000_000_000
            let fraction = Double.random(in: -0.45...0.45, using: &random)
            #expect(try readBack(Date(timeIntervalSince1970: (Double(near) + fraction) / 1000)) == near, "\(near) + \(fraction)")
        }
        for milliseconds: Int64 in [8_640_000_000_000_000, -8_640_000_000_000_000, 0, -1, 1] {
            #expect(try readBack(Date(timeIntervalSince1970: Double(milliseconds) / 1000)) == milliseconds)
        }
    }

    /// A date no JavaScript `Date` can hold has no text: refused at its path, as NaN is.
    @Test func datesBeyondJavaScriptAreRefusedAtTheirPath() {
        struct Schedule: Encodable {
            var runs: [[String: Date]]
        }
        let beyond = JSONError.Reason.invalidValue("the date is beyond the range of a JavaScript Date (±8.64e15 ms from 1970)")
        for date in [
            Date(timeIntervalSince1970: 8.64e12 + 0.001), Date(timeIntervalSince1970: -8.64e12 - 0.001),
            Date(timeIntervalSinceReferenceDate: .infinity), Date(timeIntervalSinceReferenceDate: -.greatestFiniteMagnitude),
        ] {
            #expect(throws: JSONError(path: JSONPath([.key("runs"), .index(1), .key("at")]), reason: beyond)) {
                try ScriptJSONEncoder().encode(Schedule(runs: [["at": Date(timeIntervalSince1970: 0)], ["at": date]]))
            }
        }
        #expect(throws: JSONError(path: .root, reason: beyond)) { try ScriptJSONEncoder().encode(Date(timeIntervalSince1970: 9e12)) }
        #expect(throws: JSONError(path: JSONPath([.index(0)]), reason: .nonFiniteNumber)) {
            try ScriptJSONEncoder().encode([Date(timeIntervalSinceReferenceDate: .nan)])
        }
        #expect(throws: JSONError(path: .root, reason: beyond)) {
            try BridgeReply<Date>(route: .webKitReplyHandler).answer(Date(timeIntervalSince1970: 9e12))
        }
    }

    /// A `Decimal` is its digits, never an exponent, and a `Double` the shortest text of that double:
    /// numbers of their value, which `JSON.parse` reads as intended (`js/test` reads `app-values.json`).
    @Test func decimalsAndDoublesAsNumbersOfTheirValue() throws {
        func decimal(_ text: String) throws -> Decimal { try #require(Decimal(string: text, locale: nil)) }
        let decimals: [(String, String)] = [
            ("0.1", "0.1"), ("1234.5678", "1234.5678"), ("-1234.50", "-1234.5"), ("19.99", "19.99"), ("-0", "0"), ("1e3", "1000"),
            ("12345678901234567890.123456789", "12345678901234567890.123456789"), ("1e-30", "0." + String(repeating: "0", count: 29) + "1"),
            ("1e40", "1" + String(repeating: "0", count: 40)),
        ]
        for (digits, text) in decimals { #expect(try ScriptJSONEncoder().encode(try decimal(digits)) == text, "\(digits)") }
        #expect(try ScriptJSONEncoder().encode(Decimal(sign: .minus, exponent: 0, significand: 0)) == "0")
        #expect(try ScriptJSONEncoder().encode(Decimal.greatestFiniteMagnitude).count == 166)
        let doubles: [(Double, String)] = [
            (0.1, "0.1"), (1e21, "1e+21"), (.leastNonzeroMagnitude, "5e-324"), (-0.0, "-0"), (1e-7, "1e-07"), (1e16, "1e+16"), (0.3, "0.3"),
            (1.7976931348623157e308, "1.7976931348623157e+308"), (Double(9_007_199_254_740_993 as Int64), "9007199254740992"),
            (19.99, "19.99"),
        ]
        for (double, text) in doubles { #expect(try ScriptJSONEncoder().encode(double) == text, "\(double)") }
        #expect(try ScriptJSONEncoder().encode(Float(0.1)) == "0.1")
    }

    /// The values `js/test` reads in node, Chromium and WebKitGTK (`Tests/TestData/app-values.json`):
    /// its text is what this encoder writes for them, and each date's milliseconds are what the
    /// decoder reads back from it.
    @Test func appValuesFixtureIsTheEncodersText() throws {
        let fixture = try AppValuesFixture.read()
        let text = try ScriptJSONEncoder().encode(fixture.values)
        #expect(text == fixture.text, "Tests/TestData/app-values.json is stale: the encoder writes \(text)")
        let decoder = StrictJSONDecoder(dateDecodingStrategy: .javaScriptISOString)
        for (date, milliseconds) in zip(fixture.values.dates, fixture.milliseconds) {
            let text = try ScriptJSONEncoder().encode(date)
            #expect(try (decoder.decode(Date.self, from: text).timeIntervalSince1970 * 1000).rounded() == Double(milliseconds), "\(text)")
        }
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

/// `Tests/TestData/app-values.json`: values as the app holds them (dates as seconds since 1970,
/// decimals as digits, doubles as bit patterns), the page's reading of each date in milliseconds,
/// and the encoder's text for all of them, which the node tests send into the page.
struct AppValuesFixture {
    struct Values: Encodable {
        var dates: [Date]
        var decimals: [Decimal]
        var doubles: [Double]
    }

    var values: Values
    var milliseconds: [Int64]
    var text: String

    struct Unreadable: Error {}

    static func read() throws -> Self {
        let data = try Data(contentsOf: TestData.vendored.appendingPathComponent("app-values.json"))
        guard case .object(let fixture) = try JSONValue(parsing: data, limits: .largest),
            case .array(let dates)? = fixture["dates"], case .array(let decimals)? = fixture["decimals"],
            case .array(let doubles)? = fixture["doubles"], case .string(let text)? = fixture["json"]
        else { throw Unreadable() }
        var values = Values(dates: [], decimals: [], doubles: [])
        var milliseconds: [Int64] = []
        for date in dates {
            guard case .object(let entry) = date, case .string(let seconds)? = entry["seconds"], let interval = Double(seconds),
                case .number(let reading)? = entry["milliseconds"], let whole = Int64(reading.text)
            else { throw Unreadable() }
            values.dates.append(Date(timeIntervalSince1970: interval))
            milliseconds.append(whole)
        }
        for decimal in decimals {
            guard case .string(let digits) = decimal, let value = Decimal(string: digits, locale: nil) else { throw Unreadable() }
            values.decimals.append(value)
        }
        for double in doubles {
            guard case .string(let bits) = double, let pattern = UInt64(bits, radix: 16) else { throw Unreadable() }
            values.doubles.append(Double(bitPattern: pattern))
        }
        return Self(values: values, milliseconds: milliseconds, text: text)
    }
}
