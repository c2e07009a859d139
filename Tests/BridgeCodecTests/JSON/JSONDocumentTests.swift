import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import SwedbankPayMerchantBackend

/// The parsed document that decoders read in place must read exactly as the tree does.
@Suite("Parsed documents read in place")
struct JSONDocumentTests {
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

    /// A document keeps its input as text: from bytes, `Data` and, where the bytes are UTF-8, a
    /// `String`, every suite file gives the same value or the same error, and the parser's verdict.
    @Test func everyInputFormReadsEverySuiteFileAlike() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestData.jsonTestSuite, includingPropertiesForKeys: nil)
        let decoder = StrictJSONDecoder()
        var compared = 0
        for file in files where file.pathExtension == "json" {
            let data = try Data(contentsOf: file)
            let bytes = [UInt8](data)
            let fromBytes = Result { try decoder.decode(JSONValue.self, from: bytes) }
            let fromData = Result { try decoder.decode(JSONValue.self, from: data) }
            #expect(String(describing: fromData) == String(describing: fromBytes), "\(file.lastPathComponent)")
            let parsed = Result { try JSONValue(parsing: bytes) }
            #expect((try? fromBytes.get()) == (try? parsed.get()), "\(file.lastPathComponent)")
            if let text = String(validatingUTF8Bytes: bytes) {
                let fromText = Result { try decoder.decode(JSONValue.self, from: text) }
                #expect(String(describing: fromText) == String(describing: fromBytes), "\(file.lastPathComponent)")
            }
            compared += 1
        }
        #expect(compared > 300)
    }

    @Test func everyAcceptedSuiteFileReadsBackAsTheTree() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestData.jsonTestSuite, includingPropertiesForKeys: nil)
        var compared = 0
        for file in files where file.lastPathComponent.hasPrefix("y_") {
            let bytes = [UInt8](try Data(contentsOf: file))
            guard let tree = try? JSONValue(parsing: bytes) else { continue }
            let tape = try JSONDocument(reading: bytes, limits: .default)
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
            let error = #expect(throws: JSONError.self, "\(text)") { try JSONDocument(reading: Array(text.utf8), limits: .default) }
            guard case .malformedJSON(.duplicateKey, _)? = error?.reason else {
                Issue.record("\(text): \(String(describing: error))")
                continue
            }
        }
        // NFC and NFD spellings are different keys, as in JavaScript.
        #expect(throws: Never.self) { try JSONDocument(reading: Array(#"{"\u00e9":1,"e\u0301":2}"#.utf8), limits: .default) }
    }

    @Test func manyTokensOutgrowTheFirstGuess() throws {
        let count = 50_000
        let text = "[" + Array(repeating: #"{"a":[1,true,null]}"#, count: count).joined(separator: ",") + "]"
        let tape = try JSONDocument(reading: Array(text.utf8), limits: try JSONLimits(maxBytes: 4 << 20))
        let elements = try #require(tape.root.elements)
        #expect(elements.count == count)
        #expect(elements.allSatisfy { $0.member(forKey: "a")?.elements?.count == 3 })
        #expect(tape.root.jsonValue == (try JSONValue(parsing: text, limits: try JSONLimits(maxBytes: 4 << 20))))
    }

    @Test func keysAndStringValuesAreComparedAsCodeUnits() throws {
        let tape = try JSONDocument(
            reading:
                Array(#"{"e\u0301":1,"type":"bank_redirect","empty":"","escaped":"bank\u005fredirect","long":"merchant_redirect_"}"#.utf8),
            limits: .default)
        #expect(tape.root.member(forKey: "é") == nil)
        #expect(tape.root.member(forKey: "e\u{301}")?.exactInteger(Int.self) == 1)
        #expect(tape.root.member(forKey: "missing") == nil)
        #expect(tape.root.member(forKey: "type")?.stringValue == "bank_redirect")
        #expect(tape.root.member(forKey: "empty")?.stringValue == "")
        #expect(tape.root.member(forKey: "escaped")?.stringValue == "bank_redirect")
        #expect(tape.root.member(forKey: "long")?.stringValue == "merchant_redirect_")
    }

    /// Following the path the document reports for a value leads back to that value.
    @Test func everyValueKnowsItsPath() throws {
        let files = try FileManager.default.contentsOfDirectory(at: TestData.jsonTestSuite, includingPropertiesForKeys: nil)
        var checked = 0
        for file in files where file.lastPathComponent.hasPrefix("y_") {
            guard let tape = try? JSONDocument(reading: [UInt8](try Data(contentsOf: file)), limits: .default) else { continue }
            for index in values(of: tape.root) {
                var node: JSONDocument.Node? = tape.root
                for component in JSONDocument.Node(document: tape, index: index).path.components {
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
        let nested = try JSONDocument(reading: Array(#"{"a":[1,{"b\u0020c":[true]}],"d":null}"#.utf8), limits: .default)
        #expect(
            values(of: nested.root).map { JSONDocument.Node(document: nested, index: $0).path.description } == [
                "$", "$.a", "$.a[0]", "$.a[1]", #"$.a[1]["b c"]"#, #"$.a[1]["b c"][0]"#, "$.d",
            ])
        #expect(JSONDocument(nullAt: JSONPath([.key("base")]), readAs: nested).root.path.description == "$.base")
    }

    private func values(of node: JSONDocument.Node) -> [Int] {
        var positions = [node.index]
        if let elements = node.elements {
            for element in elements { positions += values(of: element) }
        } else if let members = node.members {
            for member in members { positions += values(of: member.value) }
        }
        return positions
    }
}
