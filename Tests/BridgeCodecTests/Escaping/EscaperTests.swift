import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

@Suite("Escaper")
struct EscaperTests {
    static func corpus() throws -> [String] {
        try TestData.naughtyStrings() + TestData.randomStrings(count: 2_000, seed: 0xE5CA9E)
            + ["", "\u{0}", "</script><script>alert(1)</script>", "<!--<script>", "\u{2028}\u{2029}", "`${x}`", "\u{85}\u{9F}\u{7F}"]
            + blockBoundaryStrings() + chunkBoundaryStrings()
    }

    /// The encoder works in chunks of 8 KiB: each kind of character straddling a chunk's end, and
    /// inputs longer than a chunk where every character needs the longest replacement.
    static func chunkBoundaryStrings() -> [String] {
        let specials = ["\u{2028}", "<", "\u{85}", "\u{0}", "\u{1F600}"]
        return specials.flatMap { special in
            (8_186..<8_194).map { offset in String(repeating: "a", count: offset) + special + "b" }
        } + ["\u{0}", "\u{2028}", "'", "\u{1}"].map { String(repeating: $0, count: 9_000) }
    }

    /// Plain ASCII around one character that needs escaping (or a multi-byte one that may), at every
    /// offset across the encoder's first two sixteen-byte blocks, so a block boundary falls inside each kind.
    static func blockBoundaryStrings() -> [String] {
        ["\u{2028}", "<", "é", "\u{85}", "&", "\u{1F600}", "\u{E000}"].flatMap { special in
            (0..<34).map { offset in String(repeating: "a", count: offset) + special + String(repeating: "b", count: 33 - offset) }
        }
    }

    /// Scalars that must never appear raw inside an escaped JavaScript string body.
    static func isForbiddenInJavaScriptBody(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x22, 0x26, 0x27, 0x3C, 0x3E, 0x60, 0x7F...0x9F, 0x2028, 0x2029: true
        default: false
        }
    }

    @Test func javaScriptStringsAreValidJSONAndRoundTrip() throws {
        let corpus = try Self.corpus()
        #expect(corpus.count > 2_500)
        for text in corpus {
            let literal = Escaper.javaScriptString(text)
            // Bytes, not Characters: a quote followed by a combining mark is one Character.
            #expect(literal.utf8.first == UInt8(ascii: "\"") && literal.utf8.last == UInt8(ascii: "\""))
            let body = literal.unicodeScalars.dropFirst().dropLast()
            #expect(!body.contains(where: Self.isForbiddenInJavaScriptBody), "\(literal)")
            #expect(try JSONValue(parsing: literal, limits: try JSONLimits(maxBytes: 1 << 24)) == .string(text), "\(literal)")
            #expect(Escaper.scriptJSON(text) == literal)
        }
    }

    @Test func knownEncodings() {
        #expect(Escaper.javaScriptString("</script>") == #""\u003C\/script\u003E""#)
        #expect(Escaper.javaScriptString("a\"b'c`d\\e&f") == #""a\u0022b\u0027c\u0060d\\e\u0026f""#)
        #expect(
            Escaper.javaScriptString("\n\r\t\u{8}\u{C}\u{1}\u{7F}\u{85}\u{2028}\u{2029}") == #""\n\r\t\b\f\u0001\u007F\u0085\u2028\u2029""#)
        #expect(Escaper.javaScriptString("é😀\u{A0}") == "\"é😀\u{A0}\"")
        #expect(Escaper.htmlText("<a href=\"x\">'&`</a>") == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#96;&lt;/a&gt;")
        #expect(Escaper.htmlAttribute("\r\n\t\u{0}\u{1}") == "&#13;\n\t&#xFFFD;&#1;")
        #expect(Escaper.urlQueryComponent("a b&c=d/é~-._") == "a%20b%26c%3Dd%2F%C3%A9~-._")
    }

    @Test func scriptJSONValuesEscapeKeysToo() throws {
        let value = try JSONValue(parsing: #"{"</script>":["<!--",1.5e3,true,null,{"\u2028":"&"}]}"#)
        let encoded = Escaper.scriptJSON(value)
        #expect(encoded == #"{"\u003C\/script\u003E":["\u003C!--",1.5e3,true,null,{"\u2028":"\u0026"}]}"#)
        #expect(try JSONValue(parsing: encoded) == value)
    }

    @Test func nonFiniteNumbersAreErrors() throws {
        #expect(throws: JSONError(path: .root, reason: .nonFiniteNumber)) { try Escaper.scriptJSON(Double.infinity) }
        #expect(throws: JSONError(path: .root, reason: .nonFiniteNumber)) { try Escaper.scriptJSON(Double.nan) }
        #expect(try Escaper.scriptJSON(420.5) == "420.5")
        #expect(try Escaper.scriptJSON(-0.0) == "0")
    }

    @Test func htmlEscapingLeavesNoMarkupAndDecodes() throws {
        for text in try Self.corpus() {
            for escaped in [Escaper.htmlText(text), Escaper.htmlAttribute(text)] {
                #expect(
                    !escaped.unicodeScalars.contains {
                        "<>\"'`".unicodeScalars.contains($0) || ($0.value < 0x20 && $0 != "\n" && $0 != "\t")
                    })
                // A minimal reference decoder for the references the escaper writes; Chromium checks the real thing.
                #expect(Self.decodeReferences(escaped) == text.replacingOccurrences(of: "\u{0}", with: "\u{FFFD}"))
            }
        }
    }

    @Test func urlComponentsDecodeBack() throws {
        for text in try Self.corpus() {
            let encoded = Escaper.urlQueryComponent(text)
            #expect(encoded.utf8.allSatisfy { $0 < 0x80 && $0 > 0x20 && !"&=#+;/?\"'<>".utf8.contains($0) })
            #expect(Self.percentDecoded(encoded) == text)
        }
    }

    @Test func urlAttributesPassThePolicyFirst() throws {
        // The URL as a browser serializes it, then attribute-encoded.
        #expect(try Escaper.urlAttribute("https://a.example/?x=1&y='2'") == "https://a.example/?x=1&amp;y=%272%27")
        #expect(throws: URLPolicy.Violation.forbiddenScheme("javascript")) { try Escaper.urlAttribute("javascript:alert(1)") }
        #expect(try Escaper.urlAttribute("https://a.example/\"onload=x") == "https://a.example/%22onload=x")
        #expect(try Escaper.urlAttribute("https://a\"b.example/") == "https://a&quot;b.example/")
        #expect(throws: URLPolicy.Violation.unreadable(.invalidHost)) { try Escaper.urlAttribute("https://a<b.example/") }
        #expect(try Escaper.urlAttribute("myapp://pay?id=1", policy: .https(plusAppSchemes: ["myapp"])) == "myapp://pay?id=1")
    }

    /// Blocks of sixteen clean bytes are tested and copied at once; inputs shorter than a block are
    /// walked byte by byte. Every ASCII byte and a few multi-byte characters, at every lane of two
    /// blocks, must come out exactly as the short inputs they are made of.
    @Test func blockTestAgreesWithTheByteTable() {
        let characters =
            (0..<128).map { String(UnicodeScalar(UInt8($0))) } + ["é", "\u{85}", "\u{2028}", "\u{2029}", "\u{1F600}", "\u{FEFF}"]
        for context in [EscapingContext.htmlText, .htmlAttribute, .urlQueryComponent] {
            for character in characters {
                let escapedCharacter = Escaper.escape(character, for: context)
                for offset in 0..<34 {
                    let before = String(repeating: "a", count: offset)
                    let after = String(repeating: "b", count: 33 - offset)
                    let expected = Escaper.escape(before, for: context) + escapedCharacter + Escaper.escape(after, for: context)
                    #expect(
                        Array(Escaper.escape(before + character + after, for: context).utf8) == Array(expected.utf8),
                        "\(context) \(character.unicodeScalars.map(\.value)) at \(offset)")
                }
            }
        }
        // JavaScript strings carry their quotes: compare the bodies.
        func body(_ text: String) -> [UInt8] { Array(Escaper.javaScriptString(text).utf8.dropFirst().dropLast()) }
        for character in characters {
            for offset in 0..<34 {
                let before = String(repeating: "a", count: offset)
                let after = String(repeating: "b", count: 33 - offset)
                #expect(
                    body(before + character + after) == body(before) + body(character) + body(after),
                    "\(character.unicodeScalars.map(\.value)) at \(offset)")
            }
        }
    }

    /// A block with several bytes to escape has each handled in turn, the clean bytes between them
    /// copied after each: two characters at every pair of offsets across two blocks, ASCII and not,
    /// HTML's NUL (replaced from a side table) and JavaScript's look-ahead bytes among them.
    @Test func severalEscapesInOneBlockComeOutAsTheirParts() {
        let characters = ["<", "\u{0}", "\n", "&", "é", "\u{2028}", "\u{85}"]
        func escaped(_ text: String, _ context: EscapingContext) -> [UInt8] {
            // JavaScript strings carry their quotes: compare the bodies.
            let whole = Array(Escaper.escape(text, for: context).utf8)
            return context == .javaScriptString ? Array(whole.dropFirst().dropLast()) : whole
        }
        for context in [EscapingContext.javaScriptString, .htmlText] {
            for first in characters {
                for second in characters {
                    for firstOffset in 0..<33 {
                        for secondOffset in firstOffset + 1..<34 {
                            let parts = [
                                String(repeating: "a", count: firstOffset), first,
                                String(repeating: "b", count: secondOffset - firstOffset - 1),
                                second, String(repeating: "c", count: 33 - secondOffset),
                            ]
                            #expect(
                                escaped(parts.joined(), context) == parts.flatMap { escaped($0, context) },
                                "\(context) \(first.unicodeScalars.map(\.value)) at \(firstOffset), \(second.unicodeScalars.map(\.value)) at \(secondOffset)"
                            )
                        }
                    }
                }
            }
        }
    }

    /// Appending writes after what the output already holds, and values longer than one chunk
    /// (including a chunk ending inside a character the escaper reads whole) come out as the
    /// `String` entry point writes them.
    @Test func appendingWritesWhatTheStringEntryPointWrites() throws {
        let texts =
            try Self.corpus() + [
                String(repeating: "x<é\u{2028}", count: 10_000), String(repeating: "\u{0}", count: 20_000),
                String(repeating: "a", count: 8_191) + "\u{2028}\u{85}", String(repeating: "a", count: 8_190) + "\u{2029}",
            ]
        for context in EscapingContext.allCases {
            for text in texts {
                var output: [UInt8] = Array("kept".utf8)
                Escaper.append(text, escapedFor: context, to: &output)
                #expect(output.starts(with: "kept".utf8))
                #expect(String(decoding: output.dropFirst(4), as: UTF8.self) == Escaper.escape(text, for: context))
            }
        }
        for text in texts {
            var output: [UInt8] = Array("kept".utf8)
            Escaper.appendJavaScriptString(text, to: &output)
            #expect(output.starts(with: "kept".utf8))
            #expect(String(decoding: output.dropFirst(4), as: UTF8.self) == Escaper.javaScriptString(text))
        }
        let split = Escaper.javaScriptString(String(repeating: "a", count: 8_191) + "\u{2028}")
        #expect(split.hasSuffix(#"a\u2028""#))
    }

    @Test func everyContextHasAnEntryPoint() {
        for context in EscapingContext.allCases {
            #expect(!Escaper.escape("<x>", for: context).contains("<"))
        }
    }

    /// Byte-exact percent-decoding; Foundation's `removingPercentEncoding` drops a decoded U+FEFF.
    static func percentDecoded(_ text: String) -> String? {
        var bytes: [UInt8] = []
        var utf8 = text.utf8[...]
        while let byte = utf8.popFirst() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard utf8.count >= 2, let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) else { return nil }
            bytes.append(value)
            utf8 = utf8.dropFirst(2)
        }
        return String(validatingUTF8Bytes: bytes)
    }

    /// Works on scalars, not Characters: a `;` followed by a combining mark is one Character.
    static func decodeReferences(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var rest = text.unicodeScalars[...]
        let named: [String: Unicode.Scalar] = ["amp": "&", "lt": "<", "gt": ">", "quot": "\""]
        while let ampersand = rest.firstIndex(of: "&"), let semicolon = rest[ampersand...].firstIndex(of: ";") {
            output.append(contentsOf: rest[..<ampersand])
            let name = String(String.UnicodeScalarView(rest[rest.index(after: ampersand)..<semicolon]))
            if let replacement = named[name] {
                output.append(replacement)
            } else if name.hasPrefix("#x"), let value = UInt32(name.dropFirst(2), radix: 16), let scalar = Unicode.Scalar(value) {
                output.append(scalar)
            } else if name.hasPrefix("#"), let value = UInt32(name.dropFirst()), let scalar = Unicode.Scalar(value) {
                output.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        output.append(contentsOf: rest)
        return String(output)
    }
}
