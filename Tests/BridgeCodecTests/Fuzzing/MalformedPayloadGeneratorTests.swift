import BridgeCodec
import Foundation
import Testing

@testable import BridgeCodecTesting

@Suite("Malformed payload generator")
struct MalformedPayloadGeneratorTests {
    @Test(arguments: BridgeChannel.Kind.allCases)
    func givesAThousandDistinctLabelledVariants(kind: BridgeChannel.Kind) {
        let variants = MalformedPayloadGenerator(example: kind.exampleBody, seed: 1).variants(count: 1_000)
        #expect(variants.count == 1_000)
        #expect(Set(variants).count == 1_000)
        #expect(variants.allSatisfy { !$0.label.isEmpty })
    }

    /// A count past the maximum is clamped to it; `Int.max` overflowed the attempt budget and trapped.
    @Test func countsAreBounded() {
        let variants = MalformedPayloadGenerator(example: .bool(true)).variants(count: Int.max)
        #expect(variants.count == MalformedPayloadGenerator.maximumCount)
        #expect(MalformedPayloadGenerator(example: .bool(true)).variants(count: 0).isEmpty)
        #expect(MalformedPayloadGenerator(example: .bool(true)).variants(count: -1).isEmpty)
    }

    @Test func theSameSeedGivesTheSameSequence() {
        let example = BridgeChannel.Kind.voltRedirect.exampleBody
        #expect(
            MalformedPayloadGenerator(example: example, seed: 9).variants(count: 300)
                == MalformedPayloadGenerator(example: example, seed: 9).variants(count: 300))
        #expect(
            MalformedPayloadGenerator(example: example, seed: 9).variants(count: 1_000)
                != MalformedPayloadGenerator(example: example, seed: 10).variants(count: 1_000))
    }

    @Test func everyKindOfBreakageIsThere() {
        let labels = MalformedPayloadGenerator(example: BridgeChannel.Kind.voltRedirect.exampleBody).variants(count: 1_000).map(\.label)
        for expected in [
            "remove $.url", "$.type = null", "$.url = javascript: URL", "$.url = data: URL", "$.url = relative URL", "= -0", "= 1e308",
            "= 9007199254740993", "NaN as string", "U+2028", "control characters", "huge string", "nested 100 deep",
            "duplicate key", "trailing comma", "truncate at", "invalid UTF-8", "lone surrogate",
        ] {
            #expect(labels.contains { $0.contains(expected) }, "\(expected)")
        }
    }

    @Test func theDispatcherRejectsEveryStructuralBreakWithAReason() {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin))
        for kind in BridgeChannel.Kind.allCases {
            for variant in MalformedPayloadGenerator(example: kind.exampleBody, seed: 3).variants(count: 1_000) {
                let outcome: Result<ProviderMessage, BridgeError>
                if let text = String(validatingUTF8Bytes: variant.body) {
                    outcome = dispatcher.outcome(BridgeMessage(handlerName: kind.defaultHandlerName, jsonText: text))
                } else {
                    continue  // not text: no bridge delivers it (the CLI reports it as invalid UTF-8)
                }
                let structural = [
                    "truncate at", "duplicate key", "trailing comma", "lone surrogate", "nested 100 deep", "invalid UTF-8",
                    "byte order mark", "comment",
                ]
                if structural.contains(where: { variant.label.contains($0) }) {
                    #expect(outcome.failureValue != nil, "\(kind): \(variant.label)")
                }
                if case .failure(let error) = outcome { #expect(!error.reason.description.isEmpty) }
            }
        }
    }

    @Test func fuzzCommand() {
        let result = runCLI(["fuzz", "--handler", "sovHandler", "--count", "50", "--seed", "4"])
        #expect(result.code == 0)
        #expect(result.out.split(separator: "\n").count == 50)
        #expect(result.out.hasPrefix(#"{"label":"#))
        #expect(runCLI(["fuzz", "--handler", "nope"]).code == 2)
        #expect(runCLI(["fuzz"]).code == 2)
        for tooMany in ["100001", "9223372036854775807"] {
            let refused = runCLI(["fuzz", "--handler", "sovHandler", "--count", tooMany])
            #expect(refused.code == 2 && refused.err.contains("--count must be at most 100000"), "\(tooMany)")
        }
    }
}
