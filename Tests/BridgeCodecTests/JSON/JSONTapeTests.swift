import Foundation
import Testing

@testable import BridgeCodec

/// The parsed document that decoders read in place must read exactly as the tree does.
@Suite("Parsed documents read in place")
struct JSONTapeTests {
    /// A model that records what it read, through the Codable containers.
    struct Everything: Decodable, Equatable {
        var text: String
        var integer: Int64
        var small: UInt8?
        var real: Double
        var flag: Bool
        var list: [Int?]
        var nested: [String: [String]]
        var raw: JSONValue
    }

    private let bodies = [
        #"{"text":"a\"b\\c\u00e9\ud83d\ude00","integer":-9007199254740993,"small":255,"real":1e-7,"flag":true,"list":[1,null,3],"nested":{"k":["x"]},"raw":{"z":1,"a":[{}]}}"#,
        #"{"t\u0065xt":"escaped key","integer":0,"real":-0.0,"flag":false,"list":[],"nested":{},"raw":null}"#,
        #"{"text":"","integer":123456789012345678,"small":null,"real":1.5,"flag":true,"list":[null],"nested":{"":[]},"raw":"s"}"#,
        // Failures: each must fail the same way on both.
        #"{"text":"x","integer":1.5,"real":1,"flag":true,"list":[],"nested":{},"raw":1}"#,
        #"{"text":"x","integer":1,"small":256,"real":1,"flag":true,"list":[],"nested":{},"raw":1}"#,
        #"{"text":"x","integer":1,"real":1,"flag":1,"list":[],"nested":{},"raw":1}"#,
        #"{"text":"x","integer":1,"real":1,"flag":true,"list":["1"],"nested":{},"raw":1}"#,
        #"{"integer":1,"real":1,"flag":true,"list":[],"nested":{},"raw":1}"#,
        #"{"text":"x","integer":1e300,"real":1,"flag":true,"list":[],"nested":{},"raw":1}"#,
    ]

    /// A tree's tape is sized before it is written: the count must be exactly what the builder
    /// writes, or the stores grow (or hold unused room) again.
    @Test func aTreesTapeIsSizedExactly() throws {
        let more = [#"[[],{},[null,true,false,-1.5e3,"\u2028é"],{"":{"k":[0]}}]"#, "0", #""""#, "null"]
        for text in bodies + more {
            let value = try JSONValue(parsing: text)
            var size = JSONTapeBuilder.Size()
            size.add(value)
            let tape = try JSONTape.convert(value)
            #expect(size.tokens == tape.header.count, "\(text)")
            #expect(size.textBytes == tape.withBytes { $0.count }, "\(text)")
            #expect(tape.root.jsonValue == value)
        }
    }

    @Test func bytesAndTreeDecodeAlike() throws {
        let decoder = StrictJSONDecoder()
        for body in bodies {
            let fromBytes = Result { try decoder.decode(Everything.self, from: Array(body.utf8)) }
            let fromText = Result { try decoder.decode(Everything.self, from: body) }
            let fromTree = Result { try decoder.decode(Everything.self, from: JSONValue(parsing: body)) }
            #expect(String(describing: fromBytes) == String(describing: fromTree), "\(body)")
            #expect(String(describing: fromText) == String(describing: fromTree), "\(body)")
        }
        let first = try decoder.decode(Everything.self, from: bodies[0])
        #expect(first.text == "a\"b\\cé😀")
        #expect(first.integer == -9_007_199_254_740_993)
        #expect(first.raw == (try JSONValue(parsing: #"{"z":1,"a":[{}]}"#)))
        #expect(try decoder.decode(Everything.self, from: bodies[1]).text == "escaped key")
    }

    @Test func everyAcceptedSuiteFileReadsBackAsTheTree() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestData.jsonTestSuite, includingPropertiesForKeys: nil)
        var compared = 0
        for file in files where file.lastPathComponent.hasPrefix("y_") {
            let bytes = [UInt8](try Data(contentsOf: file))
            guard let tree = try? JSONValue(parsing: bytes) else { continue }
            let tape = try JSONTape.parse(bytes, limits: .default)
            #expect(tape.root.jsonValue == tree, "\(file.lastPathComponent)")
            #expect(try StrictJSONDecoder().decode(JSONValue.self, from: bytes) == tree, "\(file.lastPathComponent)")
            compared += 1
        }
        #expect(compared > 90)
    }

    @Test func duplicateKeysAreFoundWhateverTheirSpelling() {
        let duplicates = [
            #"{"a":1,"\u0061":2}"#, #"{"\u00e9":1,"é":2}"#, #"{"x":{"a":1,"b":2,"a":3}}"#,
            // Past the linear scan: 20 distinct keys, then a repeat spelled with an escape.
            "{" + (0..<20).map { #""k\#($0)":0"# }.joined(separator: ",") + #","k\u0031":1}"#,
        ]
        for text in duplicates {
            #expect(throws: JSONParseError.self, "\(text)") { try JSONTape.parse(Array(text.utf8), limits: .default) }
        }
        // NFC and NFD spellings are different keys, as in JavaScript.
        #expect(throws: Never.self) { try JSONTape.parse(Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8), limits: .default) }
    }

    @Test func manyTokensOutgrowTheFirstGuess() throws {
        let count = 50_000
        let text = "[" + Array(repeating: #"{"a":[1,true,null]}"#, count: count).joined(separator: ",") + "]"
        let tape = try JSONTape.parse(text, limits: JSONLimits(maxBytes: 4 << 20))
        let elements = try #require(tape.root.elements)
        #expect(elements.count == count)
        #expect(elements.allSatisfy { $0.member(forKey: "a")?.elements?.count == 3 })
        #expect(tape.root.jsonValue == (try JSONValue(parsing: text, limits: JSONLimits(maxBytes: 4 << 20))))
    }

    @Test func keysAndStringValuesAreComparedAsCodeUnits() throws {
        let tape = try JSONTape.parse(
            #"{"e\u0301":1,"type":"bank_redirect","empty":"","escaped":"bank\u005fredirect","long":"merchant_redirect_"}"#,
            limits: .default)
        #expect(tape.root.member(forKey: "é") == nil)
        #expect(tape.root.member(forKey: "e\u{301}")?.exactInteger(Int.self) == 1)
        #expect(tape.root.member(forKey: "missing") == nil)
        let names = UTF8PrefixTable([("bank_redirect", 1), ("", 2), ("merchant_redirect", 3), ("merchant_redirect_", 4)])
        #expect(tape.root.member(forKey: "type")?.string(matchingIn: names) == 1)
        #expect(tape.root.member(forKey: "empty")?.string(matchingIn: names) == 2)
        #expect(tape.root.member(forKey: "escaped")?.string(matchingIn: names) == 1)
        #expect(tape.root.member(forKey: "long")?.string(matchingIn: names) == 4)
        #expect(tape.root.member(forKey: "e\u{301}")?.string(matchingIn: names) == nil)
        #expect(UTF8PrefixTable([("bank_redirect", 1)]).value(for: "bank_redirec") == nil)
    }

    /// A `StaticString` stored as one scalar, as a unicode-scalar literal initializer receives it;
    /// `utf8Start` traps on such a value.
    private struct ScalarLiteral: ExpressibleByUnicodeScalarLiteral {
        let key: StaticString
        init(unicodeScalarLiteral value: StaticString) { key = value }
    }

    @Test func literalKeysStoredAsOneScalarAreRead() throws {
        let tape = try JSONTape.parse(#"{"x":1,"é":2}"#, limits: .default)
        let x: ScalarLiteral = "x"
        let e: ScalarLiteral = "é"
        #expect(!x.key.hasPointerRepresentation && !e.key.hasPointerRepresentation)
        #expect(tape.root.member(forKey: x.key)?.exactInteger(Int.self) == 1)
        #expect(tape.root.member(forKey: e.key)?.exactInteger(Int.self) == 2)
    }

    /// Following the path the document reports for a value leads back to that value.
    @Test func everyValueKnowsItsPath() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestData.jsonTestSuite, includingPropertiesForKeys: nil)
        var checked = 0
        for file in files where file.lastPathComponent.hasPrefix("y_") {
            guard let tape = try? JSONTape.parse([UInt8](try Data(contentsOf: file)), limits: .default) else { continue }
            for index in values(of: tape.root) {
                var node: JSONTape.Node? = tape.root
                for component in tape.path(to: index).components {
                    switch component {
                    case .key(let key): node = node?.member(forKey: key)
                    case .index(let position): node = node?.elements.map(Array.init)?[position]
                    }
                }
                #expect(node?.index == index, "\(file.lastPathComponent) value \(index)")
                checked += 1
            }
        }
        #expect(checked > 150)
        let nested = try JSONTape.parse(#"{"a":[1,{"b\u0020c":[true]}],"d":null}"#, limits: .default)
        #expect(
            values(of: nested.root).map { nested.path(to: $0).description } == [
                "$", "$.a", "$.a[0]", "$.a[1]", #"$.a[1]["b c"]"#, #"$.a[1]["b c"][0]"#, "$.d",
            ])
        #expect(JSONTape.null(at: JSONPath([.key("base")])).root.path.description == "$.base")
    }

    /// A document parsed onto the stack reads as the tree does, also once its tokens outgrow the
    /// stack and move to the heap, and errors come back typed.
    @Test func stackParsedDocumentsReadAsTheTree() throws {
        for count in [0, 1, 20, 31, 32, 33, 62, 63, 64, 65, 200] {
            let text = "{\"list\":[" + (0..<count).map { #"{"n":\#($0)}"# }.joined(separator: ",") + #"],"s":"\u00e9"}"#
            let read = JSONView.withParsedDocument(text, limits: .default) { root in
                Result<_, JSONParseError>.success(
                    (
                        root.jsonValue,
                        root.member(forKey: "list")?.elements.map(Array.init)?.last?.member(forKey: "n")?.exactInteger(Int.self),
                        root.member(forKey: "s")?.path(from: .root)
                    ))
            } malformed: {
                .failure($0)
            }
            let (tree, last, path) = try read.get()
            #expect(tree == (try JSONValue(parsing: text)), "\(count)")
            #expect(last == (count > 0 ? count - 1 : nil))
            #expect(path?.description == "$.s")
        }
        let malformed: JSONParseError? = JSONView.withParsedDocument("[1,", limits: .default) { _ in
            nil
        } malformed: {
            $0
        }
        #expect(malformed?.reason == .unexpectedEnd(expected: "a value"))
    }

    /// A bare string is read without the parser's set-up when all its bytes are plain; whatever it
    /// holds, and at every limit around its length, it reads as the full parse reads it, errors
    /// included.
    @Test func bareStringDocumentsReadAsTheFullParseDoes() {
        func outcome(_ bytes: [UInt8], limits: JSONLimits) -> Result<JSONValue, JSONParseError> {
            let text = String(decoding: bytes, as: UTF8.self)
            // Text with broken UTF-8 becomes other text; the full parse sees that text too.
            let onStack = JSONView.withParsedDocument(text, limits: limits) { root in
                Result<JSONValue, JSONParseError>.success(root.jsonValue)
            } malformed: {
                .failure($0)
            }
            let full = Result { () throws(JSONParseError) in try JSONTape.parse(Array(text.utf8), limits: limits).root.jsonValue }
            #expect(onStack == full, "\(bytes), \(limits)")
            return onStack
        }
        let quote = UInt8(ascii: "\"")
        forEveryByteAtEveryOffset(lengths: 1...34) { text, _, _ in
            _ = outcome([quote] + text + [quote], limits: .default)
        }
        for text in ["", "\"", "\"\"\"", "\"a", "a\"", "\"a\"b\"", "\"a\" ", " \"a\"", "\"a\"\n", "\"\\u0041\"", "\"caf\u{E9}\""] {
            _ = outcome(Array(text.utf8), limits: .default)
        }
        let plain = Array("\"https://hosted.plaid.com/link/lp-1\"".utf8)
        #expect((try? outcome(plain, limits: .default).get()) == .string("https://hosted.plaid.com/link/lp-1"))
        for limit in plain.count - 3...plain.count - 1 {
            _ = outcome(plain, limits: JSONLimits(maxStringLength: limit))
        }
        for limit in plain.count - 1...plain.count + 1 {
            _ = outcome(plain, limits: JSONLimits(maxBytes: limit))
        }
        #expect(throws: JSONParseError.self) { try outcome(plain, limits: JSONLimits(maxStringLength: plain.count - 3)).get() }
        #expect(throws: JSONParseError.self) { try outcome(plain, limits: JSONLimits(maxBytes: plain.count - 1)).get() }
    }

    /// The token positions of `node` and every value inside it, keys excluded, in document order.
    private func values(of node: JSONTape.Node) -> [Int] {
        var positions = [node.index]
        if let elements = node.elements {
            for element in elements { positions += values(of: element) }
        } else if let members = node.members {
            for member in members { positions += values(of: member.value) }
        }
        return positions
    }
}
