import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Strict JSON parser")
struct JSONParserTests {
    private func reason(of text: String, limits: JSONLimits = .default) -> JSONError.Reason? {
        do {
            _ = try JSONValue(parsing: text, limits: limits)
            return nil
        } catch {
            return error.reason.positionless
        }
    }

    @Test func parsesEveryKindKeepingOrderAndNumberText() throws {
        let value = try JSONValue(parsing: #" {"z":null,"a":[true,false,-0.50e+1,"x\u00e9\ud83d\ude00"], "m":{}} "#)
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object.keys == ["z", "a", "m"])
        #expect(object["z"] == .null)
        guard case .array(let elements)? = object["a"] else {
            Issue.record("not an array")
            return
        }
        #expect(elements[0] == .bool(true))
        guard case .number(let number) = elements[2] else {
            Issue.record("not a number")
            return
        }
        #expect(number.text == "-0.50e+1")
        #expect(number.doubleValue == -5)
        #expect(elements[3] == .string("xé😀"))
        #expect(object["m"] == .object(JSONObject()))
    }

    @Test(arguments: [
        ("[1,]", "',' then ']'"), ("{\"a\":1,}", "trailing comma in object"), ("[1] x", "trailing data"),
        ("// c\n1", "comment"), ("['a']", "single quotes"), ("[01]", "leading zero"), ("[NaN]", "NaN"),
        ("[Infinity]", "Infinity"), ("[.5]", "bare fraction"), ("[1.]", "empty fraction"), ("[1e]", "empty exponent"),
        ("[-]", "lone minus"), ("[+1]", "plus sign"), ("\"\\x\"", "bad escape"), ("\"\\u12\"", "short \\u"),
        ("\"a\tb\"", "raw tab"), ("", "empty"), ("  ", "blank"), ("[", "unclosed"), ("{\"a\" 1}", "missing colon"),
        ("{1:2}", "number key"), ("tru", "truncated literal"), ("nul", "truncated null"), ("\"abc", "unclosed string"),
    ])
    func rejectsNonRFC8259Syntax(text: String, what: String) {
        #expect(reason(of: text) != nil, "\(what)")
    }

    /// Strings of up to 15 bytes are copied into an inline string by overlapping word loads and
    /// stores (`JSONToken.copySmall`); every length, with one- to four-byte characters, at every
    /// offset in the document, must read back as the same string, as keys and as values.
    @Test func shortStringsOfEveryLengthReadBack() throws {
        let characters = ["a", "é", "€", "😀", "~"]
        for length in 0...20 {
            for first in characters.indices {
                var string = ""
                var index = first
                while string.utf8.count < length {
                    string += characters[index % characters.count]
                    index += 1
                }
                for padding in 0..<3 {
                    let spaces = String(repeating: " ", count: padding)
                    let text = spaces + "{\"" + string + "\":[\"" + string + "\"]}"
                    let member = JSONObject.Member(key: string, value: .array([.string(string)]))
                    let expected = JSONValue.object(JSONObject(uniqueMembers: [member]))
                    #expect(try JSONValue(parsing: text) == expected, "\(text)")
                    #expect(try JSONValue(parsing: spaces + "\"" + string + "\"") == .string(string), "\(text)")
                }
            }
        }
    }

    @Test func reportsLineColumnAndOffset() {
        let newline = JSONError.Reason.malformedJSON(
            .unexpectedByte(0x0A, expected: "'true'"), at: JSONTextPosition(line: 3, column: 11, offset: 23))
        #expect(throws: JSONError(path: .root, reason: newline)) {
            try JSONValue(parsing: "{\n  \"é\": 1,\n  \"b\": tru\n}")
        }
        // Columns count Unicode scalars, not bytes: "é" is two bytes and one column.
        let brace = JSONError.Reason.malformedJSON(
            .unexpectedByte(UInt8(ascii: "}"), expected: "'true'"), at: JSONTextPosition(line: 1, column: 9, offset: 9))
        #expect(throws: JSONError(path: .root, reason: brace)) {
            try JSONValue(parsing: "{\"é\":tru}")
        }
        #expect(
            JSONError(path: .root, reason: newline).description
                == "$: malformed JSON at line 3, column 11: found byte 0x0A where 'true' was expected")
    }

    @Test func duplicateKeysAreComparedByCodeUnits() {
        #expect(reason(of: #"{"a":1,"a":2}"#) == .syntax(.duplicateKey("a")))
        // "é" precomposed (NFC) and decomposed (NFD) are different keys in JavaScript and here,
        // although Swift's String == calls them equal.
        let nfc = "\u{E9}"
        let nfd = "e\u{301}"
        #expect(nfc == nfd)
        #expect(reason(of: "{\"\(nfc)\":1,\"\(nfd)\":2}") == nil)
        #expect(reason(of: "{\"\(nfc)\":1,\"\\u00e9\":2}") == .syntax(.duplicateKey(nfc)))
    }

    @Test func duplicateKeysAreFoundInLargeObjects() {
        let members = (0..<200).map { "\"k\($0)\":\($0)" }
        #expect(reason(of: "{" + members.joined(separator: ",") + "}") == nil)
        #expect(reason(of: "{" + (members + ["\"k150\":0"]).joined(separator: ",") + "}") == .syntax(.duplicateKey("k150")))
        // Either side of where the scan of earlier keys gives way to a set of them.
        for count in 28...36 {
            let repeated = members.prefix(count) + ["\"k0\":0"]
            #expect(reason(of: "{" + repeated.joined(separator: ",") + "}") == .syntax(.duplicateKey("k0")), "after \(count) members")
        }
    }

    @Test func lookupIsByCodeUnits() throws {
        let value = try JSONValue(parsing: "{\"e\\u0301\":1}")
        guard case .object(let object) = value else {
            Issue.record("not an object")
            return
        }
        #expect(object["\u{E9}"] == nil)
        #expect(object["e\u{301}"] != nil)
    }

    /// Values are equal when JavaScript would call them equal: strings and keys by code units, so
    /// two equal values never answer a lookup differently.
    @Test func equalityComparesCodeUnits() throws {
        let nfc = "\u{E9}"
        let nfd = "e\u{301}"
        #expect(JSONValue.string(nfc) != .string(nfd))
        #expect(JSONValue.string(nfc) == .string("\u{E9}"))
        #expect(Set([JSONValue.string(nfc), .string(nfd), .string(nfc)]).count == 2)
        let precomposed = try JSONValue(parsing: "{\"\(nfc)\":[\"\(nfc)\"]}")
        let decomposed = try JSONValue(parsing: "{\"\(nfd)\":[\"\(nfc)\"]}")
        let decomposedValue = try JSONValue(parsing: "{\"\(nfc)\":[\"\(nfd)\"]}")
        #expect(precomposed != decomposed)
        #expect(precomposed != decomposedValue)
        #expect(precomposed == (try JSONValue(parsing: "{\"\\u00e9\":[\"\\u00E9\"]}")))
        #expect(JSONObject.Member(key: nfc, value: .null) != JSONObject.Member(key: nfd, value: .null))
        #expect(Set([precomposed, decomposed, decomposedValue]).count == 3)
    }

    @Test func numbersThatADoubleCannotHoldAreRejected() {
        #expect(reason(of: "1e400") == .syntax(.numberOverflow))
        #expect(reason(of: "-1e400") == .syntax(.numberOverflow))
        #expect(reason(of: "1e-400") == .syntax(.numberUnderflow))
        #expect(reason(of: "0e-400") == nil)
        #expect(reason(of: "0.000e5") == nil)
        #expect(reason(of: "123456789012345678901234567890") == nil)
        #expect(reason(of: "5e-324") == nil)
    }

    @Test func integersParseExactly() throws {
        for text in ["0", "-0", "9007199254740993", "-999999999999999999", "123456789012345678"] {
            guard case .number(let number) = try JSONValue(parsing: text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(number.doubleValue == Double(text))
            #expect(number.exactInteger(Int64.self) == Int64(text))
        }
        guard case .number(let negativeZero) = try JSONValue(parsing: "-0") else { return }
        #expect(negativeZero.doubleValue.sign == .minus)
    }

    /// Decimals with few digits and a small exponent skip `strtod` (Clinger's fast path); every
    /// number must still come out as `strtod` reads it, bit for bit, on both sides of each limit
    /// of that path (2^53, 19 digits, 10^±22) and for random decimals.
    @Test func decimalsMatchStrtodBitForBit() throws {
        let edges = [
            "0.1", "0.2", "0.3", "-0.0", "0.0e5", "-0e-5", "1e22", "1e23", "1e-22", "1e-23", "4.35", "420.5", "1e-3", "1E+2",
            "1e-0", "1.5e+022", "9007199254740992.0", "9007199254740993.0", "9007199254740992e1", "123456789012345678.9",
            "1234567890123456789.0", "0.000000000000000000000000001", "1.7976931348623157e308", "2.2250738585072014e-308",
            "5e-324", "0.1000000000000000055511151231257827", "3.0e0000000000000001", "100000000000000000000000e-22",
        ]
        var generator = SeededRandom(seed: 0xDEC1_3A15)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        let random = (0..<5_000).map { _ -> String in
            let integer = String(Int.random(in: 1...9, using: &generator)) + digits(Int.random(in: 0...17, using: &generator))
            let fraction = Bool.random(using: &generator) ? "." + digits(Int.random(in: 1...12, using: &generator)) : ""
            let exponent = Bool.random(using: &generator) ? "e" + String(Int.random(in: -30...30, using: &generator)) : ""
            return (Bool.random(using: &generator) ? "-" : "") + (Bool.random(using: &generator) ? "0" : integer) + fraction + exponent
        }
        for text in edges + random {
            guard case .number(let number) = try JSONValue(parsing: text), let expected = Double(text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(number.doubleValue.bitPattern == expected.bitPattern, "\(text)")
        }
    }

    /// `exactInteger` against the same value worked out on the text: the decimal point moved by
    /// the exponent, the integer read by `Int64(_:)` / `Int8(_:)` / `UInt64(_:)`; `nil` when a
    /// non-zero digit is left after the point.
    @Test func exactIntegersMatchTheDigitsMovedByTheExponent() throws {
        var generator = SeededRandom(seed: 0x1A7E_6E25)
        func digits(_ count: Int) -> String {
            String((0..<count).map { _ in Character(String(Int.random(in: 0...9, using: &generator))) })
        }
        func expected<Integer: FixedWidthInteger>(_ text: String, as _: Integer.Type) -> Integer? {
            let isNegative = text.hasPrefix("-")
            let parts = text.drop { $0 == "-" }.split(separator: "e", omittingEmptySubsequences: false)
            let exponent = parts.count > 1 ? Int(parts[1]) ?? 0 : 0
            let mantissa = parts[0].split(separator: ".", omittingEmptySubsequences: false)
            let fraction = mantissa.count > 1 ? String(mantissa[1]) : ""
            var allDigits = String(mantissa[0]) + fraction
            let shift = exponent - fraction.count
            if shift >= 0 {
                allDigits += String(repeating: "0", count: shift)
            } else {
                let point = allDigits.count + shift
                if point < 0 { allDigits = String(repeating: "0", count: -point) + allDigits }
                let cut = allDigits.index(allDigits.endIndex, offsetBy: shift)
                guard allDigits[cut...].allSatisfy({ $0 == "0" }) else { return nil }
                allDigits = String(allDigits[..<cut])
            }
            let integer = allDigits.drop { $0 == "0" }
            if integer.isEmpty { return 0 }
            return Integer((isNegative ? "-" : "") + integer)
        }
        let fixed = ["1.0", "2e3", "1.00000000000000001", "9007199254740993.0", "127.0", "1.28e2", "-1.28e2", "-0.0", "0e400"]
        let random = (0..<3_000).map { _ -> String in
            let integer = String(Int.random(in: 1...9, using: &generator)) + digits(Int.random(in: 0...20, using: &generator))
            let zeros = String(repeating: "0", count: Int.random(in: 0...4, using: &generator))
            let fraction = Bool.random(using: &generator) ? "." + digits(Int.random(in: 0...6, using: &generator)) + zeros : ""
            let exponent = Bool.random(using: &generator) ? "e" + String(Int.random(in: -25...25, using: &generator)) : ""
            let body = (Bool.random(using: &generator) ? "0" : integer) + (fraction == "." ? "" : fraction) + exponent
            return (Bool.random(using: &generator) ? "-" : "") + body
        }
        for text in fixed + random {
            guard case .number(let number) = try JSONValue(parsing: text) else {
                Issue.record("\(text) is not a number")
                continue
            }
            #expect(number.exactInteger(Int64.self) == expected(text, as: Int64.self), "\(text)")
            #expect(number.exactInteger(Int8.self) == expected(text, as: Int8.self), "\(text)")
            #expect(number.exactInteger(UInt64.self) == expected(text, as: UInt64.self), "\(text)")
        }
    }

    @Test func surrogatesMustPair() {
        #expect(reason(of: #""\ud800""#) == .syntax(.loneSurrogate(0xD800)))
        #expect(reason(of: #""\udc00\ud800""#) == .syntax(.loneSurrogate(0xDC00)))
        #expect(reason(of: #""\ud800\u0041""#) == .syntax(.loneSurrogate(0xD800)))
        #expect(reason(of: #""\ud83d\ude00""#) == nil)
    }

    @Test func encodingsOtherThanUTF8AreRejected() {
        #expect(reason(of: "\u{FEFF}{}") == .syntax(.byteOrderMark))
        #expect(throws: JSONError.self) { try JSONValue(parsing: [0x5B, 0x00, 0x5D, 0x00]) }
        #expect(throws: JSONError.self) { try JSONValue(parsing: [0xFF, 0xFE, 0x5B, 0x00]) }
    }

    @Test func limitsAreEnforced() throws {
        let small = try JSONLimits(maxBytes: 10, maxDepth: 2, maxStringLength: 3, maxObjectMembers: 2)
        #expect(reason(of: "[1,2,3,4,5,6]", limits: small) == .tooLarge(limit: 10))
        #expect(reason(of: "[[[1]]]", limits: small) == .nestingTooDeep(limit: 2))
        #expect(reason(of: "[[1]]", limits: small) == nil)
        #expect(reason(of: "\"abc\"", limits: small) == nil)
        #expect(reason(of: "\"abcd\"", limits: small) == .stringTooLong(limit: 3))
        // At the limit and unterminated: the missing quote is the error, not the length.
        #expect(reason(of: "\"abc", limits: small) == .syntax(.unexpectedEnd(expected: "'\"' closing the string")))
        #expect(reason(of: "\"abcd", limits: small) == .stringTooLong(limit: 3))
        #expect(reason(of: "\"ab\\n\"", limits: small) == nil)
        #expect(reason(of: "\"ab\\nc\"", limits: small) == .stringTooLong(limit: 3))
        #expect(reason(of: "{\"a\":1,\"b\":2,\"c\":3}", limits: try JSONLimits(maxObjectMembers: 2)) == .tooManyMembers(limit: 2))
        #expect(reason(of: "{\"a\":1,\"b\":2}", limits: try JSONLimits(maxObjectMembers: 2)) == nil)
        // The first member counts too, as it does for an object graph's dictionary.
        #expect(reason(of: "{\"a\":1,\"b\":2}", limits: try JSONLimits(maxObjectMembers: 1)) == .tooManyMembers(limit: 1))
        #expect(reason(of: "[{}]", limits: try JSONLimits(maxObjectMembers: 1)) == nil)
        #expect(reason(of: "{\"a\":1}", limits: try JSONLimits(maxObjectMembers: 1)) == nil)
    }

    /// Every limit at its maximum: no bound computed from a limit may overflow.
    @Test func limitsAtTheirMaximumAreAccepted() throws {
        let unlimited = try JSONLimits(
            maxBytes: JSONLimits.maximumBytes, maxDepth: JSONLimits.deepestNesting, maxStringLength: JSONLimits.maximumBytes,
            maxObjectMembers: JSONLimits.maximumBytes)
        #expect(unlimited == .largest)
        let text = #"{"type":"merchant_redirect","escaped":"a\u00e9b","list":[[[1]]]}"#
        #expect(try JSONValue(parsing: text, limits: unlimited) == (try JSONValue(parsing: text)))
        #expect(reason(of: #""abc"#, limits: unlimited) == .syntax(.unexpectedEnd(expected: "'\"' closing the string")))
    }

    /// No limits reach past ``JSONLimits/deepestNesting``: a value that deep is destroyed,
    /// compared and written one call per level, and deeper ones overflow a thread's stack.
    @Test func nestingStopsAtTheDeepestNesting() throws {
        func nested(_ depth: Int) -> String { String(repeating: "[", count: depth) + String(repeating: "]", count: depth) }
        let deepest = try JSONValue(parsing: nested(512), limits: .largest)
        #expect(deepest == (try JSONValue(parsing: nested(512), limits: JSONLimits(maxDepth: 512))))
        #expect(deepest.jsonText == nested(512))
        #expect(reason(of: nested(513), limits: .largest) == .nestingTooDeep(limit: 512))
        #expect(reason(of: nested(100_000), limits: .largest) == .nestingTooDeep(limit: 512))
    }

    /// A limit outside its range is refused where it is made, naming the range: never clamped,
    /// never a trap.
    @Test func limitsOutsideTheirRangeAreRefused() throws {
        func refusal(_ make: () throws(InvalidArgument) -> JSONLimits) -> String? {
            do {
                _ = try make()
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            refusal { () throws(InvalidArgument) in try JSONLimits(maxBytes: -1) } == "maxBytes is -1; it must be from 1 to 4294967294")
        #expect(
            refusal { () throws(InvalidArgument) in try JSONLimits(maxBytes: 0) } == "maxBytes is 0; it must be from 1 to 4294967294")
        #expect(refusal { () throws(InvalidArgument) in try JSONLimits(maxBytes: .max) } != nil)
        #expect(refusal { () throws(InvalidArgument) in try JSONLimits(maxDepth: -5) } == "maxDepth is -5; it must be from 1 to 512")
        #expect(
            refusal { () throws(InvalidArgument) in try JSONLimits(maxDepth: 100_000) } == "maxDepth is 100000; it must be from 1 to 512"
        )
        #expect(refusal { () throws(InvalidArgument) in try JSONLimits(maxStringLength: .min) } != nil)
        #expect(
            refusal { () throws(InvalidArgument) in try JSONLimits(maxObjectMembers: 0) }
                == "maxObjectMembers is 0; it must be from 1 to 4294967294")
        #expect(refusal { () throws(InvalidArgument) in try JSONLimits(maxDepth: 512) } == nil)
        #expect(try JSONLimits() == .default)
    }

    @Test func allEntryPointsAgree() throws {
        let text = #"{"type":"height","value":420}"#
        let expected = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
        #expect(try JSONValue(parsing: Data(text.utf8)) == expected)
        let viaRaw = try Array(text.utf8).withUnsafeBytes { raw in try JSONValue(parsing: raw) }
        #expect(viaRaw == expected)
    }

    /// The string scan reads sixteen bytes at a time, then eight, then one: every byte value at
    /// every offset of strings of 1 to 40 bytes, inside a block, across blocks and in the tail,
    /// is treated as the grammar says, and a rejection points at the byte.
    @Test func everyByteAtEveryOffsetOfAString() {
        forEveryByteAtEveryOffset(lengths: 1...40) { content, offset, byte in
            let bytes = [UInt8(ascii: "\"")] + content + [UInt8(ascii: "\"")]
            let parsed = Result { () throws(JSONError) in try JSONValue(parsing: bytes) }
            switch (byte, parsed) {
            case (0x20..<0x80, .success(.string(let value))) where byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\"):
                if Array(value.utf8) != content { Issue.record("\(bytes) read as \(value)") }
            case (UInt8(ascii: "\""), .failure), (UInt8(ascii: "\\"), .failure):
                break
            case (0, .failure(let error)) where offset == 0:
                // A NUL second byte is how UTF-16 and UTF-32 text looks: refused as a whole.
                if error.reason.positionless != .syntax(.notUTF8) || error.offset != 0 { Issue.record("\(bytes): \(error)") }
            case (0..<0x20, .failure(let error)):
                if error.reason.positionless != .syntax(.controlCharacterInString(byte)) || error.offset != offset + 1 {
                    Issue.record("\(bytes): \(error)")
                }
            case (0x80..., .failure(let error)):
                if error.reason.positionless != .syntax(.invalidUTF8) || error.offset != offset + 1 { Issue.record("\(bytes): \(error)") }
            default:
                Issue.record("\(bytes): \(parsed)")
            }
        }
    }

    /// A valid escape and a multi-byte character at every offset are read, not rejected.
    @Test func escapesAndMultiByteCharactersAtEveryOffset() {
        for length in 1...40 {
            for offset in 0..<length {
                for (inserted, expected) in [(#"\n"#, "\n"), ("é", "é"), (#"\u00e9"#, "é")] {
                    let prefix = String(repeating: "a", count: offset)
                    let suffix = String(repeating: "b", count: length - offset)
                    let value = try? JSONValue(parsing: "\"" + prefix + inserted + suffix + "\"")
                    #expect(value == .string(prefix + expected + suffix))
                }
            }
        }
    }
}
