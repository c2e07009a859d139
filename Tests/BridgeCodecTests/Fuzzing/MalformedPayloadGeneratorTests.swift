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

    /// The Embedded Checkout Protocol's variants: text a page posts, every method's envelope broken,
    /// then its params, labelled with the method.
    @Test func embeddedCheckoutVariantsBreakEveryMethodsEnvelopeAndParams() throws {
        let variants = try MalformedPayloadGenerator.embeddedCheckoutVariants(count: 1_500, seed: 2)
        #expect(variants.count == 1_500 && Set(variants).count == 1_500)
        #expect(variants.allSatisfy { $0.transport == .string && String(validatingUTF8Bytes: $0.body) != nil })
        let methods = EmbeddedCheckout.Method.allCases.map(\.rawValue)
        let labelled = Dictionary(grouping: variants) { String($0.label.prefix { $0 != ":" }) }
        #expect(Set(labelled.keys) == Set(methods) && labelled.values.allSatisfy { $0.count == 100 })
        let labels = variants.map(\.label)
        for expected in [
            #"ec.ready: $.jsonrpc = "1.0""#, "ec.auth: remove $.id (a request without an id)",
            "ec.start: add $.id = 1 (a notification with an id)",
            "ec.complete: $.method = \"ec.unknown\"", "ec.error: $.params = []", "ec.window.open_request: $.id = a string of 129 bytes",
            "ec.totals.change: a batch of the message", "ec.buyer.change: duplicate key $.method", "ec.payment.change: add $.extra = 1",
            #"ec.line_items.change: $.method = "ec.buyer.change""#, "$.params.checkout.", "truncate at", "nested 100 deep",
        ] {
            #expect(labels.contains { $0.contains(expected) }, "\(expected)")
        }
        #expect(
            try MalformedPayloadGenerator.embeddedCheckoutVariants(count: 300, seed: 2)
                == Array(MalformedPayloadGenerator.embeddedCheckoutVariants(count: 300, seed: 2)))
        #expect(throws: InvalidArgument.self) { try MalformedPayloadGenerator.embeddedCheckoutVariants(count: 0) }
        #expect(throws: InvalidArgument.self) { try MalformedPayloadGenerator.embeddedCheckoutVariants(count: 1, examples: []) }
    }

    /// Read alone, every variant is read or refused with a rule; the envelope's breakages are all refused.
    @Test func everyEmbeddedCheckoutVariantIsReadOrRefused() throws {
        for variant in try MalformedPayloadGenerator.embeddedCheckoutVariants(count: 1_500, seed: 5) {
            let text = String(decoding: variant.body, as: UTF8.self)
            do throws(EmbeddedCheckout.Refusal) {
                _ = try EmbeddedCheckout.read(text)
                let breakages = [
                    #"$.jsonrpc = "1.0""#, "$.jsonrpc = 2.0 as a number", "(a request without an id)", "(a notification with an id)",
                    "add $.id = null", "$.id = null", "$.id = true", "$.id = 1.5", "$.id = [1]", "$.id = {}", "$.id = 2^63",
                    "$.id = a string of 129 bytes", #"$.method = "ec.unknown""#, #"$.method = """#, "$.method = uppercased", "$.method = 1",
                    "$.params = []", "$.params = null", #"$.params = "x""#, "$.params = 1", "add $.extra", "batch", "duplicate key",
                ]
                #expect(
                    !breakages.contains { variant.label.hasSuffix(": " + $0) || variant.label.contains(": " + $0 + " ") },
                    "\(variant.label)")
            } catch {
                #expect(!error.violation.detail.isEmpty, "\(variant.label)")
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
