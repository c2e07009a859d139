import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@testable import BridgeCodecTesting

@Suite("Malformed payload generator")
struct MalformedPayloadGeneratorTests {
    @Test(arguments: ProviderExamples.handlerNames)
    func givesAThousandDistinctLabelledVariants(handler: String) throws {
        let variants = try MalformedPayloadGenerator(example: #require(ProviderExamples.bodies[handler]), seed: 1).variants(count: 1_000)
        #expect(variants.count == 1_000)
        #expect(Set(variants).count == 1_000)
        #expect(variants.allSatisfy { !$0.label.isEmpty })
    }

    /// A count outside 1 to the maximum is refused, never clamped; the maximum itself is given.
    @Test func countsAreBounded() throws {
        let generator = MalformedPayloadGenerator(example: .bool(true))
        #expect(try generator.variants(count: MalformedPayloadGenerator.maximumCount).count == MalformedPayloadGenerator.maximumCount)
        for count in [Int.max, MalformedPayloadGenerator.maximumCount + 1, 0, -1] {
            #expect(throws: InvalidArgument.outOfRange(name: "count", value: count, allowed: 1...MalformedPayloadGenerator.maximumCount)) {
                try generator.variants(count: count)
            }
        }
    }

    @Test func theSameSeedGivesTheSameSequence() throws {
        let example = try #require(ProviderExamples.bodies["voltRedirect"])
        #expect(
            try MalformedPayloadGenerator(example: example, seed: 9).variants(count: 300)
                == MalformedPayloadGenerator(example: example, seed: 9).variants(count: 300))
        #expect(
            try MalformedPayloadGenerator(example: example, seed: 9).variants(count: 1_000)
                != MalformedPayloadGenerator(example: example, seed: 10).variants(count: 1_000))
    }

    @Test func everyKindOfBreakageIsThere() throws {
        let labels = try MalformedPayloadGenerator(example: try #require(ProviderExamples.bodies["voltRedirect"])).variants(count: 1_000)
            .map(\.label)
        for expected in [
            "remove $.url", "$.type = null", "$.url = javascript: URL", "$.url = data: URL", "$.url = relative URL", "= -0", "= 1e308",
            "= 9007199254740993", "NaN as string", "U+2028", "control characters", "huge string", "nested 100 deep",
            "duplicate key", "trailing comma", "truncate at", "invalid UTF-8", "lone surrogate",
        ] {
            #expect(labels.contains { $0.contains(expected) }, "\(expected)")
        }
    }

    @Test func theDispatcherRejectsEveryStructuralBreakWithAReason() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        for (handler, example) in ProviderExamples.bodies {
            for variant in try MalformedPayloadGenerator(example: example, seed: 3).variants(count: 1_000) {
                let outcome: Result<ProviderMessage, BridgeError>
                if let text = String(validatingUTF8Bytes: variant.body) {
                    outcome = dispatcher.outcome(BridgeMessage(handlerName: handler, jsonText: text))
                } else {
                    continue  // not text: no bridge delivers it (the CLI reports it as invalid UTF-8)
                }
                let structural = [
                    "truncate at", "duplicate key", "trailing comma", "lone surrogate", "nested 100 deep", "invalid UTF-8",
                    "byte order mark", "comment",
                ]
                if structural.contains(where: { variant.label.contains($0) }) {
                    #expect(outcome.failureValue != nil, "\(handler): \(variant.label)")
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
            #expect(refused.code == 2 && refused.err.hasPrefix("error: --count is \(tooMany); it must be from 1 to 100000\n"), "\(tooMany)")
        }
    }
}
