import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Strict Codable decoder")
struct StrictJSONDecoderTests {
    struct Order: Codable, Equatable {
        enum Status: String, Codable { case open, paid }
        struct Line: Codable, Equatable {
            var sku: String
            var quantity: UInt8
        }
        var id: Int
        var total: Double
        var paid: Bool
        var status: Status
        var note: String?
        var lines: [Line]
    }

    private let decoder = StrictJSONDecoder()

    @Test func decodesEveryContainerKind() throws {
        let text = #"{"id":7,"total":12.5,"paid":false,"status":"paid","note":null,"lines":[{"sku":"a","quantity":2}],"extra":[1]}"#
        let order = try decoder.decode(Order.self, from: text)
        #expect(order == Order(id: 7, total: 12.5, paid: false, status: .paid, note: nil, lines: [.init(sku: "a", quantity: 2)]))
        #expect(try decoder.decode(Order.self, from: Data(text.utf8)) == order)
        #expect(try decoder.decode(Order.self, from: Array(text.utf8)) == order)
        #expect(try decoder.decode([Int?].self, from: "[1,null,3]") == [1, nil, 3])
        #expect(try decoder.decode(String.self, from: #""bare""#) == "bare")
        #expect(try decoder.decode([String: [Bool]].self, from: #"{"x":[true]}"#) == ["x": [true]])
    }

    @Test func booleansAndNumbersNeverMix() {
        #expect(decoder.failure(Int.self, "true")?.reason == .typeMismatch(expected: "an integer", found: .bool))
        #expect(decoder.failure(Bool.self, "1")?.reason == .typeMismatch(expected: "a boolean", found: .number))
        #expect(decoder.failure(Double.self, "false")?.reason == .typeMismatch(expected: "a number", found: .bool))
        #expect(decoder.failure(String.self, "1")?.reason == .typeMismatch(expected: "a string", found: .number))
        #expect(decoder.failure(Int.self, #""1""#)?.reason == .typeMismatch(expected: "an integer", found: .string))
    }

    @Test func integersAcceptOnlyExactValues() throws {
        #expect(decoder.failure(Int.self, "1.5")?.reason == .numberNotRepresentable("1.5", as: "Int"))
        #expect(decoder.failure(UInt8.self, "300")?.reason == .numberNotRepresentable("300", as: "UInt8"))
        #expect(decoder.failure(UInt.self, "-1")?.reason == .numberNotRepresentable("-1", as: "UInt"))
        #expect(decoder.failure(Int64.self, "9223372036854775808")?.reason == .numberNotRepresentable("9223372036854775808", as: "Int64"))
        #expect(decoder.failure(Int.self, "1e300")?.reason == .numberNotRepresentable("1e300", as: "Int"))
        #expect(decoder.failure(Int.self, "1e400")?.reason.positionless == .syntax(.numberOverflow))
        #expect(try decoder.decode(Int.self, from: "1.0") == 1)
        #expect(try decoder.decode(Int.self, from: "2e3") == 2000)
        #expect(try decoder.decode(UInt64.self, from: "18446744073709551615") == .max)
        #expect(decoder.failure(Float.self, "1e300")?.reason == .numberNotRepresentable("1e300", as: "Float"))
        // A non-zero number a Float holds only as zero is refused, as a Double's underflow is.
        #expect(decoder.failure(Float.self, "1e-50")?.reason == .numberNotRepresentable("1e-50", as: "Float"))
        #expect(decoder.failure(Float.self, "-1e-46")?.reason == .numberNotRepresentable("-1e-46", as: "Float"))
        #expect(try decoder.decode(Float.self, from: "1e-45") == Float.leastNonzeroMagnitude)
        #expect(try decoder.decode(Float.self, from: "-0.0e-50").sign == .minus)
        #expect(try decoder.decode(Float.self, from: "0e-50") == 0)
    }

    /// Whether a number is an integer is read from its digits, not from its nearest `Double`: a
    /// fraction the `Double` rounds away is still a fraction, and digits beyond 2^53 still count.
    @Test func integersAreReadFromTheDigitsNotTheDouble() throws {
        for text in ["1.00000000000000001", "9007199254740991.5", "4503599627370497.5", "0.99999999999999999", "1e-30"] {
            #expect(decoder.failure(Int.self, text)?.reason == .numberNotRepresentable(text, as: "Int"), "\(text)")
        }
        #expect(try decoder.decode(Int64.self, from: "9007199254740993.0") == 9_007_199_254_740_993)
        #expect(try decoder.decode(Int64.self, from: "90071992547409930e-1") == 9_007_199_254_740_993)
        #expect(try decoder.decode(UInt64.self, from: "1.8446744073709551615e19") == .max)
        let aboveUInt64 = "1.8446744073709551616e19"
        #expect(decoder.failure(UInt64.self, aboveUInt64)?.reason == .numberNotRepresentable(aboveUInt64, as: "UInt64"))
        #expect(try decoder.decode(Int64.self, from: "-9.223372036854775808e18") == .min)
        #expect(try decoder.decode(Int.self, from: "1.50e1") == 15)
        #expect(try decoder.decode(Int.self, from: "150e-1") == 15)
        #expect(try decoder.decode(Int8.self, from: "-12.8e1") == -128)
        #expect(try decoder.decode(UInt.self, from: "-0.0") == 0)
        #expect(try decoder.decode(Int.self, from: "0e99999999999999999999") == 0)
        #expect(try decoder.decode(Int.self, from: "0.000e-5") == 0)
        #expect(decoder.failure(Int.self, "1e99999999999999999999")?.reason != nil)
    }

    /// Inside a model's own `init(from:)`, a failure is the `DecodingError` `JSONDecoder` throws,
    /// so the model's fallbacks run the same; at the API it is the package's error, path and reason.
    @Test func aModelsOwnCatchBlocksSeeDecodingErrors() throws {
        struct Lenient: Decodable, Equatable {
            var count: Int
            var name: String
            var tags: [String]
            var kind: String
            enum CodingKeys: String, CodingKey { case count, name, tags, kind }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                do {
                    count = try container.decode(Int.self, forKey: .count)
                } catch DecodingError.keyNotFound {
                    count = -1
                } catch DecodingError.dataCorrupted {
                    count = -2
                }
                do {
                    name = try container.decode(String.self, forKey: .name)
                } catch DecodingError.typeMismatch {
                    name = "mismatch"
                } catch DecodingError.valueNotFound {
                    name = "null"
                } catch DecodingError.keyNotFound {
                    name = "absent"
                }
                do {
                    tags = try container.decode([String].self, forKey: .tags)
                } catch DecodingError.typeMismatch {
                    tags = ["mismatch"]
                } catch DecodingError.keyNotFound {
                    tags = ["absent"]
                }
                do {
                    kind = try container.decode(String.self, forKey: .kind)
                } catch let DecodingError.keyNotFound(key, context) {
                    kind = "\(key.stringValue) under \(context.codingPath.count) keys"
                }
            }
        }
        // Not a number that does not fit the integer: Linux's JSONDecoder then fails the whole
        // document ("not valid JSON") past the model's own catch.
        for text in [#"{"name":"a","tags":["x"],"kind":"k"}"#, #"{"count":1,"name":5,"tags":"x"}"#, #"{"count":2,"name":null,"tags":[1]}"#]
        {
            let foundation = try JSONDecoder().decode(Lenient.self, from: Data(text.utf8))
            #expect(try StrictJSONDecoder().decode(Lenient.self, from: text) == foundation, "\(text)")
        }
        struct Outer: Decodable {
            struct Inner: Decodable { var number: Int }
            var inner: Inner
        }
        #expect(throws: JSONError(path: JSONPath([.key("inner"), .key("number")]), reason: .missingKey)) {
            try StrictJSONDecoder().decode(Outer.self, from: #"{"inner":{}}"#)
        }
        // The DecodingError the model met stays reachable, as JSONDecoder would have thrown it.
        let missing = JSONError(path: JSONPath([.key("inner"), .key("number")]), reason: .missingKey).decodingError
        guard case .keyNotFound(let key, let context) = missing else {
            Issue.record("not keyNotFound: \(missing)")
            return
        }
        #expect(key.stringValue == "number" && context.codingPath.map(\.stringValue) == ["inner"])
        #expect(throws: JSONError(path: JSONPath([.key("inner")]), reason: .typeMismatch(expected: "an object", found: .array))) {
            try StrictJSONDecoder().decode(Outer.self, from: #"{"inner":[]}"#)
        }
    }

    /// A `Float` is read from the number's text, rounded once, as `JSONDecoder` reads it.
    @Test func floatsAreRoundedOnceFromTheText() throws {
        for text in ["1.00000005960464477550", "0.1", "3.4028235e38", "3.4028235677973366e38", "1e-45", "-1.17549435e-38", "16777217"] {
            let strict = try StrictJSONDecoder().decode(Float.self, from: text)
            let foundation = try JSONDecoder().decode(Float.self, from: Data(text.utf8))
            #expect(strict == foundation, "\(text)")
            #expect(strict == Float(text), "\(text)")
        }
        #expect(try StrictJSONDecoder().decode(Float.self, from: "1.00000005960464477550") != 1)
        for refused in ["3.5e38", "1e39", "1e-50"] {
            #expect(throws: JSONError.self, "\(refused)") { try StrictJSONDecoder().decode(Float.self, from: refused) }
        }
    }

    /// UTF-16 and UTF-32 text, either byte order, with or without a byte order mark, is refused as not UTF-8.
    @Test func otherEncodingsAreNotUTF8() throws {
        for encoding: String.Encoding in [.utf16BigEndian, .utf16LittleEndian, .utf32BigEndian, .utf32LittleEndian, .utf16, .utf32] {
            let bytes = try #require("[1]".data(using: encoding))
            #expect(
                throws: JSONError(path: .root, reason: .malformedJSON(.notUTF8, at: JSONTextPosition(line: 1, column: 1, offset: 0))),
                "\(encoding)"
            ) {
                try StrictJSONDecoder().decode([Int].self, from: bytes)
            }
        }
    }

    /// A `Decimal` that `JSONEncoder` wrote reads back exactly, up to the largest significand; past it, refused, never cut short.
    @Test func decimalsReadWhatJSONEncoderWrites() throws {
        for text in [
            "123456789012345678901234567890123456789", "340282366920938463463374607431768211455",
            "1.23456789012345678901234567890123456789",
        ] {
            let decimal = try #require(Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")))
            let written = String(decoding: try JSONEncoder().encode(decimal), as: UTF8.self)
            #expect(try StrictJSONDecoder().decode(Decimal.self, from: written) == decimal, "\(text)")
        }
        for refused in [
            "340282366920938463463374607431768211456", "999999999999999999999999999999999999999",
            "1234567890123456789012345678901234567891",
        ] {
            #expect(throws: JSONError(path: .root, reason: .numberNotRepresentable(refused, as: "Decimal"))) {
                try StrictJSONDecoder().decode(Decimal.self, from: refused)
            }
        }
    }

    /// Every integer an `Int128` or `UInt128` holds, and nothing past them.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func wideIntegersDecode() throws {
        struct Wide: Decodable, Equatable {
            var signed: Int128
            var unsigned: UInt128
            var list: [Int128]
        }
        let text = #"{"signed":-170141183460469231731687303715884105728,"unsigned":340282366920938463463374607431768211455,"list":[1,2e3]}"#
        let wide = try StrictJSONDecoder().decode(Wide.self, from: text)
        #expect(wide == Wide(signed: .min, unsigned: .max, list: [1, 2000]))
        #expect(try StrictJSONDecoder().decode(UInt128.self, from: "340282366920938463463374607431768211455") == .max)
        #expect(throws: JSONError.self) {
            try StrictJSONDecoder().decode(UInt128.self, from: "340282366920938463463374607431768211456")
        }
        #expect(throws: JSONError.self) { try StrictJSONDecoder().decode(Int128.self, from: "1.5") }
        // An integral number written with a fraction part reads from its digits, as for every
        // other integer type, where JSONDecoder refuses it beyond 2^64.
        #expect(
            try StrictJSONDecoder().decode(Int128.self, from: "170141183460469231731687303715884105616.0")
                == 170_141_183_460_469_231_731_687_303_715_884_105_616)
    }

    /// The metatype given decides what is made, as with `JSONDecoder`: a subclass through its base's type.
    @Test func theDynamicMetatypeIsHonoured() throws {
        class Base: Decodable {
            var id: Int
        }
        final class Derived: Base {
            var name = ""
            enum CodingKeys: String, CodingKey { case name }
            required init(from decoder: any Decoder) throws {
                name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
                try super.init(from: decoder)
            }
        }
        let type: Base.Type = Derived.self
        let decoded = try StrictJSONDecoder().decode(type, from: #"{"id":1,"name":"x"}"#)
        #expect((decoded as? Derived)?.name == "x")
        #expect(decoded.id == 1)
    }

    @Test func errorsCarryTheJSONPath() {
        let wrongType = decoder.failure(
            Order.self, #"{"id":1,"total":2,"paid":true,"status":"open","lines":[{"sku":"a","quantity":1},{"sku":"b","quantity":1.5}]}"#)
        #expect(wrongType?.path.description == "$.lines[1].quantity")
        let missing = decoder.failure(Order.self, #"{"id":1,"total":2,"paid":true,"status":"open","lines":[{"quantity":1}]}"#)
        #expect(missing?.description == "$.lines[0].sku: required field is missing")
        let badEnum = decoder.failure(Order.self, #"{"id":1,"total":2,"paid":true,"status":"void","lines":[]}"#)
        #expect(badEnum?.path.description == "$.status")
        let shortArray = decoder.failure([Int].self, "[1,true]")
        #expect(shortArray?.path.description == "$[1]")
        #expect(decoder.failure([String: Int].self, #"{"a b":"x"}"#)?.path.description == #"$["a b"]"#)
        #expect(decoder.failure([String: Int].self, "{\"q\\\"\\u2028\":\"x\"}")?.path.description == #"$["q\"\u2028"]"#)
    }

    /// Reads its elements through an unkeyed container, as the standard library's `Array` does.
    struct ThroughContainer<Element: Decodable & Equatable>: Decodable, Equatable {
        var elements: [Element]
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            var elements: [Element] = []
            while !container.isAtEnd { elements.append(try container.decode(Element.self)) }
            self.elements = elements
        }
    }

    /// The decoder reads an array without a container: values and errors are those of the
    /// standard library's reading through one, at every depth and for every element type.
    @Test func arraysReadAsThroughAnUnkeyedContainer() throws {
        func same<Element: Decodable & Equatable>(_: Element.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let direct = Result { try decoder.decode([Element].self, from: text) }
            let through = Result { try decoder.decode(ThroughContainer<Element>.self, from: text).elements }
            switch (direct, through) {
            case (.success(let direct), .success(let through)): #expect(direct == through, sourceLocation: sourceLocation)
            case (.failure(let direct), .failure(let through)):
                #expect("\(direct)" == "\(through)", sourceLocation: sourceLocation)
            default: Issue.record("\(text): \(direct) but \(through)", sourceLocation: sourceLocation)
            }
        }
        same([Int].self, "[[1,2],[],[3]]")
        same([Int].self, #"[[1],[2,"x"]]"#)
        same(Int?.self, "[1,null,3]")
        same(Order.Line.self, #"[{"sku":"a","quantity":1},{"sku":"b","quantity":300}]"#)
        same(Order.Status.self, #"["open","void"]"#)
        same(Int.self, "{}")
        same(Int.self, "[]")
        #expect(try decoder.decode([[Int]].self, from: "[[1,2],[],[3]]") == [[1, 2], [], [3]])
        #expect(decoder.failure([[Int]].self, #"[[1],[2,"x"]]"#)?.path.description == "$[1][1]")
        let policed = StrictJSONDecoder(urlPolicy: .httpsOnly)
        #expect(policed.failure([URL].self, #"["https://a.example","http://b.example"]"#)?.path.description == "$[1]")
    }

    @Test func tuplesReportMissingElements() {
        struct Pair: Decodable {
            var first: Int
            var second: Int
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Int.self)
                second = try container.decode(Int.self)
            }
        }
        #expect(decoder.failure(Pair.self, "[1]")?.description == "$[1]: array has too few elements")
    }

    @Test func customDecodingErrorsKeepTheirPath() {
        struct Even: Decodable {
            var value: Int
            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                value = try container.decode(Int.self)
                guard value % 2 == 0 else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "\(value) is odd")
                }
            }
        }
        #expect(decoder.failure([String: [Even]].self, #"{"n":[2,3]}"#)?.description == "$.n[1]: 3 is odd")
    }

    @Test func keysMatchByCodeUnits() {
        struct Cafe: Decodable {
            enum CodingKeys: String, CodingKey {
                case cafe = "caf\u{E9}"  // precomposed
            }
            var cafe: Int
        }
        #expect(decoder.failure(Cafe.self, "{\"cafe\\u0301\":1}")?.reason == .missingKey)
        #expect((try? decoder.decode(Cafe.self, from: "{\"caf\\u00e9\":1}"))?.cafe == 1)
    }

    /// Two keys JavaScript keeps apart but a Swift dictionary would merge: refused, never one dropped.
    @Test func keysThatAreOneSwiftStringAreRefused() throws {
        for object in [
            "{\"\u{E9}\":1,\"e\u{301}\":2}", #"{"\u00e9":1,"e\u0301":2}"#, "{\"K\":1,\"\u{212A}\":2}", #"{"a":1,"K":2,"\u212A":3}"#,
        ] {
            let error = decoder.failure([String: Int].self, object)
            #expect(error?.path == .root, "\(object)")
            guard case .invalidValue(let message)? = error?.reason else {
                Issue.record("\(object): \(String(describing: error))")
                continue
            }
            #expect(message.contains("one Swift String"))
        }
        #expect(
            decoder.failure([String: [String: Int]].self, "{\"x\":{\"\u{E9}\":1,\"e\u{301}\":2}}")?.description
                == "$.x: keys \"\u{E9}\" (U+00E9) and \"e\u{301}\" (U+0065 U+0301) differ in code units but are one Swift String")
        // A parsed value keeps both keys (JSONObject compares code units); decoding it refuses them too.
        let value = try JSONValue(parsing: "{\"K\":1,\"\u{212A}\":2}")
        #expect(throws: JSONError.self) { try decoder.decode([String: Int].self, from: value) }
        // Distinct non-ASCII keys, and ASCII keys (never equivalent to one another), decode as they are.
        #expect(try decoder.decode([String: Int].self, from: "{\"\u{E9}\":1,\"\u{F6}\":2,\"k\":3}") == ["\u{E9}": 1, "\u{F6}": 2, "k": 3])
        #expect(try decoder.decode([String: Int].self, from: #"{"a":1,"A":2}"#) == ["a": 1, "A": 2])
    }

    @Test func optionalFields() throws {
        struct Maybe: Decodable {
            var value: Int?
        }
        #expect(try decoder.decode(Maybe.self, from: "{}").value == nil)
        #expect(try decoder.decode(Maybe.self, from: #"{"value":null}"#).value == nil)
        #expect(decoder.failure(Maybe.self, #"{"value":"1"}"#)?.path.description == "$.value")
    }

    @Test func urlsDecodeFromStrings() throws {
        struct Link: Decodable {
            var url: URL
        }
        #expect(try decoder.decode(Link.self, from: #"{"url":"https://a.example/x?y=1"}"#).url.host == "a.example")
        #expect(decoder.failure(Link.self, #"{"url":{"relative":"x"}}"#)?.reason == .typeMismatch(expected: "a string", found: .object))
        #expect(decoder.failure(Link.self, #"{"url":""}"#)?.path.description == "$.url")
        // Percent-encoded text is kept as it is, not encoded a second time.
        #expect(try decoder.decode(Link.self, from: #"{"url":"https://a.example/a%20b"}"#).url.absoluteString == "https://a.example/a%20b")
    }

    /// `Decimal` reads a JSON number from its text, exactly, as `JSONDecoder` does: money amounts
    /// are not routed through a `Double`. More digits than a `Decimal` holds are refused.
    @Test func decimalsAreReadFromTheNumberText() throws {
        struct Payment: Decodable {
            var amount: Decimal
        }
        for (text, expected) in [("12.34", "12.34"), ("0.1", "0.1"), ("-7.50", "-7.5"), ("1e-3", "0.001"), ("2E+2", "200")] {
            let payment = try decoder.decode(Payment.self, from: #"{"amount":"# + text + "}")
            #expect(payment.amount == Decimal(string: expected), "\(text)")
        }
        #expect(try decoder.decode([Decimal].self, from: "[1.5,2,0.000]") == [Decimal(string: "1.5"), 2, 0])
        let thirtyEight = "12345678901234567890123456789012345678"
        #expect(try decoder.decode(Decimal.self, from: thirtyEight) == Decimal(string: thirtyEight))
        #expect(try decoder.decode(Decimal.self, from: "1.000000000000000000000000000000000000000000000") == 1)
        let tooPrecise = "123456789012345678901234567890123456789012"
        #expect(decoder.failure(Decimal.self, tooPrecise)?.reason == .numberNotRepresentable(tooPrecise, as: "Decimal"))
        #expect(decoder.failure(Decimal.self, "1e200")?.reason == .numberNotRepresentable("1e200", as: "Decimal"))
        #expect(decoder.failure(Payment.self, #"{"amount":"12.34"}"#)?.reason == .typeMismatch(expected: "a number", found: .string))
        #expect(decoder.failure(Payment.self, #"{"amount":{"mantissa":1}}"#)?.reason == .typeMismatch(expected: "a number", found: .object))
    }

    /// `Data` reads base64 text, as `JSONDecoder` does by default; anything else is refused.
    @Test func dataIsReadFromBase64() throws {
        #expect(try decoder.decode(Data.self, from: #""AAEC/w==""#) == Data([0, 1, 2, 255]))
        #expect(try decoder.decode([Data].self, from: #"["", "aGk="]"#) == [Data(), Data("hi".utf8)])
        #expect(decoder.failure(Data.self, #""not base64!""#)?.reason == .invalidValue(#""not base64!" is not base64"#))
        #expect(decoder.failure(Data.self, "[0,1,2]")?.reason == .typeMismatch(expected: "a string", found: .array))
    }

    /// `Date` keeps its own form, seconds since 2001 as a number, as `JSONDecoder`'s default does.
    @Test func datesAreSecondsSince2001() throws {
        for text in ["0", "12.5", "-86400", "7.5e8"] {
            #expect(try decoder.decode(Date.self, from: text) == (try JSONDecoder().decode(Date.self, from: Data(text.utf8))), "\(text)")
        }
        #expect(decoder.failure(Date.self, #""2026-11-23""#)?.reason == .typeMismatch(expected: "a number", found: .string))
    }

    @Test func malformedJSONIsReportedAtTheRoot() {
        let error = decoder.failure([Int].self, "[1,]")
        #expect(error?.path == .root)
        #expect(error?.description.hasPrefix("$: malformed JSON at line 1, column 4") == true)
    }

    @Test func objectsAndArraysMustBeTheRightContainer() {
        #expect(decoder.failure(Order.self, "[]")?.reason == .typeMismatch(expected: "an object", found: .array))
        #expect(decoder.failure([Int].self, "{}")?.reason == .typeMismatch(expected: "an array", found: .object))
    }

    /// Custom code sees where it is: the decoder finds each value's path from its position.
    @Test func codingPathsNameWhereEachContainerSits() throws {
        struct Probe: Decodable {
            var paths: [String]
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: AnyKey.self)
                var list = try keyed.nestedUnkeyedContainer(forKey: AnyKey(stringValue: "a b"))
                _ = try list.decode(Int.self)
                let inner = try list.nestedContainer(keyedBy: AnyKey.self)
                let single = try inner.superDecoder(forKey: AnyKey(stringValue: "k")).singleValueContainer()
                paths = [decoder.codingPath, keyed.codingPath, list.codingPath, inner.codingPath, single.codingPath].map {
                    JSONPath(codingPath: $0).description
                }
            }
        }
        let probe = try decoder.decode([Probe].self, from: #"[{"a b":[0,{"k":true}]}]"#)
        #expect(probe.first?.paths == ["$[0]", "$[0]", #"$[0]["a b"]"#, #"$[0]["a b"][1]"#, #"$[0]["a b"][1].k"#])
    }

    /// As with `JSONDecoder`, an absent super key reads as `null`, and errors inside it name the key.
    @Test func absentSuperKeysReadAsNull() {
        struct Child: Decodable {
            var parentIsNull: Bool
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: AnyKey.self)
                parentIsNull = try keyed.superDecoder().singleValueContainer().decodeNil()
                _ = try keyed.superDecoder(forKey: AnyKey(stringValue: "base")).singleValueContainer().decode(Int.self)
            }
        }
        #expect(decoder.failure(Child.self, "{}")?.description == "$.base: expected an integer, found null")
        #expect((try? decoder.decode(Child.self, from: #"{"base":7}"#))?.parentIsNull == true)
    }

    private struct AnyKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
}
