import BridgeCodecProviders
import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecTesting

/// The package's own writer of `Encodable` values gives what `JSONEncoder` with `.sortedKeys` writes.
@Suite("JSONValueEncoder")
struct JSONValueEncoderTests {
    /// The same JSON, numbers compared by value: a double's text is JavaScript's here
    /// (`1.5e-7`) and Swift's there (`1.5e-07`).
    private func same(_ left: JSONValue, _ right: JSONValue) -> Bool {
        switch (left, right) {
        case (.number(let one), .number(let other)):
            return one == other
                || Decimal(string: one.text, locale: Locale(identifier: "en_US_POSIX"))
                    == Decimal(string: other.text, locale: Locale(identifier: "en_US_POSIX"))
        case (.array(let one), .array(let other)):
            return one.count == other.count && zip(one, other).allSatisfy { same($0, $1) }
        case (.object(let one), .object(let other)):
            return one.map(\.key) == other.map(\.key) && zip(one, other).allSatisfy { same($0.value, $1.value) }
        default: return left == right
        }
    }

    private func foundation(_ value: some Encodable) throws -> JSONValue {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try JSONValue(parsing: encoder.encode(value), limits: .largest)
    }

    @Test func providerMessagesEncodeAsJSONEncoderWritesThem() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        for (handler, body) in ProviderExamples.bodies {
            let message = try dispatcher.dispatch(BridgeMessage(handlerName: handler, body: .value(body)))
            let ours = try JSONValue(encodingSortedKeys: message)
            #expect(same(ours, try foundation(message)), "\(handler): \(ours.jsonText)")
        }
    }

    private struct Model: Codable {
        enum Kind: String, Codable { case a, b }
        struct Line: Codable {
            var sku: String
            var note: String?
        }
        var id: Int64
        var small: Int8
        var wide: UInt64
        var ratio: Float
        var price: Double
        var amount: Decimal
        var note: String?
        var tags: [String: Int]
        var byIndex: [Int: String]
        var lines: [Line]
        var kind: Kind
        var created: Date
        var blob: Data
        var link: URL
        var flags: [Bool?]
        var grid: [[Int16]]
        var value: JSONValue
    }

    /// Seeded models of every kind of member encode alike.
    @Test func generatedModelsEncodeAsJSONEncoderWritesThem() throws {
        var random = SeededRandom(seed: 0xE0C0DE)
        for _ in 0..<300 {
            let model = Model(
                id: .random(in: .min ... .max, using: &random), small: .random(in: .min ... .max, using: &random),
                wide: .random(in: .min ... .max, using: &random), ratio: .random(in: -1e30...1e30, using: &random),
                price: .random(in: -1e300...1e300, using: &random),
                amount: Decimal(Int64.random(in: -1_000_000...1_000_000, using: &random)) / 100,
                note: Bool.random(using: &random) ? "n\u{2028}\u{22}" : nil,
                tags: ["x": .random(in: -9...9, using: &random), "Y": 1, "é": 2], byIndex: [3: "c", -1: "m"],
                lines: [Model.Line(sku: "A-1", note: nil), Model.Line(sku: "é\u{0}", note: "x")],
                kind: Bool.random(using: &random) ? .a : .b,
                created: Date(timeIntervalSinceReferenceDate: .random(in: -1e9...1e9, using: &random)),
                blob: Data((0..<Int.random(in: 0...9, using: &random)).map { UInt8($0) }),
                link: URL(string: "https://shop.example/a?b=\(Int.random(in: 0...99, using: &random))") ?? URL(fileURLWithPath: "/"),
                flags: [true, nil, false], grid: [[1, -2], []], value: .object(["k": .array([.null, .bool(true), .string("s")])]))
            let ours = try JSONValue(encodingSortedKeys: model)
            #expect(same(ours, try foundation(model)), "\(ours.jsonText)")
        }
    }

    /// NaN and infinity are refused at their path, as `ScriptJSONEncoder` refuses them.
    @Test func nonFiniteNumbersAreRefusedAtTheirPath() {
        struct Price: Encodable {
            var amounts: [Double]
        }
        #expect(throws: JSONError(path: JSONPath([.key("amounts"), .index(1)]), reason: .nonFiniteNumber)) {
            try JSONValue(encodingSortedKeys: Price(amounts: [1, .nan]))
        }
    }
}
