import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecCommandLine

/// The package's own writer of `Encodable` values gives what `JSONEncoder` with `.sortedKeys` writes.
@Suite("SortedKeysJSONWriter")
struct SortedKeysJSONWriterTests {
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

    /// Seeded models of every kind of member (the conformance tests' own) encode alike, and so
    /// does a `JSONValue` member, which the writer takes as it is.
    @Test func generatedModelsEncodeAsJSONEncoderWritesThem() throws {
        for model in JSONDecoderConformanceTests.generatedModels(count: 300, seed: 0xE0C0DE) {
            let ours = try JSONValue(encodingSortedKeys: model)
            #expect(same(ours, try foundation(model)), "\(ours.jsonText)")
        }
        struct Holder: Encodable {
            var value: JSONValue
            var values: [JSONValue]
        }
        let holder = Holder(
            value: .object(["k": .array([.null, .bool(true), .string("s\u{2028}"), .number(JSONNumber(15))])]), values: [.object([:])])
        #expect(same(try JSONValue(encodingSortedKeys: holder), try foundation(holder)))
    }

    /// What `encode(to:)` may do that a synthesized conformance does not: write a key twice, come
    /// back to a nested container, write through a super encoder, or write nothing. One writer
    /// writes each as `JSONEncoder` does, and one value after another without carrying anything over.
    @Test func unusualEncodersWriteAsJSONEncoderWritesThem() throws {
        struct Unusual: Encodable {
            enum Key: String, CodingKey { case b, a, nested, list, é, z }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(1, forKey: .b)
                try container.encode("first", forKey: .a)
                var nested = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
                try nested.encode(true, forKey: .z)
                try container.encode("last", forKey: .a)
                try nested.encodeNil(forKey: .b)
                var again = container.nestedContainer(keyedBy: Key.self, forKey: .nested)
                try again.encode(2.5, forKey: .a)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try list.encode(Float(0.1))
                try list.encode([UInt8(7)])
                var element = list.nestedContainer(keyedBy: Key.self)
                try element.encode("x", forKey: .é)
                try Data([1, 2]).encode(to: container.superEncoder(forKey: .z))
                try URL(fileURLWithPath: "/p").encode(to: container.superEncoder())
            }
        }
        struct Nothing: Encodable {
            func encode(to encoder: any Encoder) throws {}
        }
        let writer = SortedKeysJSONWriter()
        for _ in 0..<2 {
            var text: [UInt8] = []
            try writer.write(Unusual(), into: &text)
            let ours = try JSONValue(parsing: text)
            #expect(same(ours, try foundation(Unusual())), "\(ours.jsonText)")
            text = []
            try writer.write(Nothing(), into: &text)
            #expect(String(decoding: text, as: UTF8.self) == "{}")
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
