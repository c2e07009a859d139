import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// A provider is registered in one place, `BridgeChannel.allProviders(origins:)`; everything else
/// that lists providers either derives from it or is checked here, each failure naming the stale place.
@Suite("Provider registration")
struct ProviderRegistrationTests {
    static let handlers = BridgeChannel.allProviders(origins: .anyOrigin).map(\.handlerName)

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: TestData.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func everyRegisteredHandlerHasItsExampleSchemaFuzzEntryBenchRowAndDocs() throws {
        #expect(Set(Self.handlers).count == Self.handlers.count, "BridgeChannel.allProviders registers a handler name twice")
        #expect(
            ProviderExamples.handlerNames == Self.handlers.sorted(),
            "Sources/BridgeCodecTesting/ProviderExamples.swift: its examples are not the registered handlers")
        let harness = DispatchHarness()
        let fixtures = try SchemaFixtureTests.fixtures()
        let bench = try Self.text("Benchmarks/Sources/bridgecodec-bench/DispatchBenchmarks.swift")
        let protocolDoc = try Self.text("docs/protocol.md")
        for handler in Self.handlers {
            if let example = ProviderExamples.bodies[handler] {
                #expect(
                    (try? harness.dispatch(handler, example.jsonText).get()) != nil,
                    "Sources/BridgeCodecTesting/ProviderExamples.swift: the \(handler) example does not dispatch")
            }
            let schemaFixtures = fixtures.filter { $0.subject == .handler(handler) }
            #expect(
                schemaFixtures.contains { $0.valid } && schemaFixtures.contains { !$0.valid },
                "schemas/: no schema with valid and invalid fixtures for \(handler)")
            #expect(runCLI(["fuzz", "--handler", handler, "--count", "3"]).code == 0, "bridgecodec fuzz has no entry for \(handler)")
            #expect(
                bench.contains("handler: \"\(handler)\""),
                "Benchmarks/Sources/bridgecodec-bench/DispatchBenchmarks.swift: no row for \(handler)")
            #expect(protocolDoc.contains("`\(handler)`"), "docs/protocol.md does not describe \(handler)")
            #expect(runCLI(["decode", "--help"]).out.contains(handler), "bridgecodec decode --help does not list \(handler)")
        }
    }

    /// CONTRIBUTING.md's walk through adding a provider names files and declarations that exist.
    @Test func contributingNamesWhatExists() throws {
        let guide = try Self.text("CONTRIBUTING.md")
        let section = guide.components(separatedBy: "## Add a provider").dropFirst().first?.components(separatedBy: "\n## ").first ?? ""
        #expect(!section.isEmpty, "CONTRIBUTING.md has no 'Add a provider' section")
        // Every path in backticks that names a file or folder of the repository exists.
        let paths = section.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 1 }.map(\.element)
            .filter { $0.contains("/") && !$0.contains(" ") && !$0.contains("NAME") }
        #expect(!paths.isEmpty)
        for path in paths {
            #expect(
                FileManager.default.fileExists(atPath: TestData.packageRoot.appendingPathComponent(path).path),
                "CONTRIBUTING.md names \(path), which does not exist")
        }
        for declaration in ["BridgeChannel.allProviders", "ProviderMessage", "ProviderExamples.bodies"] {
            #expect(section.contains(declaration), "CONTRIBUTING.md's walk-through does not mention \(declaration)")
        }
    }
}

/// The providers and the Merchant Backend reach the core as an app does, through its public API:
/// a debug build lets a `@testable` or `@_spi` import through, and a target of the same package
/// may use the core's `package` declarations (which serve its tools: the CLI and the fuzz
/// targets), so the sources are read.
@Suite("Providers on the core's public API")
struct ProvidersUsePublicAPITests {
    private static func sources(_ target: String) throws -> [(file: String, text: String)] {
        let folder = TestData.packageRoot.appendingPathComponent("Sources").appendingPathComponent(target)
        let files = FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []
        return try files.filter { $0.hasSuffix(".swift") }.map {
            ("\(target)/\($0)", try String(contentsOf: folder.appendingPathComponent($0), encoding: .utf8))
        }
    }

    @Test func noProviderSourceReachesPastThePublicAPI() throws {
        // The name each `package` declaration of the core declares, but for the members of a
        // `package` type: reaching one names the type.
        var packageNames: [String] = []
        for (_, text) in try Self.sources("BridgeCodec") {
            var inPackageType = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if inPackageType {
                    inPackageType = line != "}"
                    continue
                }
                inPackageType = line.hasPrefix("package struct ") || line.hasPrefix("package enum ")
                let words = line.split(whereSeparator: { " (:<".contains($0) })
                guard words.first == "package",
                    let keyword = words.dropFirst().firstIndex(where: {
                        ["let", "var", "func", "init?", "init", "struct", "enum"].contains($0)
                    })
                else { continue }
                packageNames.append(keyword + 1 < words.endIndex ? String(words[keyword + 1]) : String(words[keyword]))
            }
        }
        #expect(!packageNames.isEmpty)
        var offending: [String] = []
        for target in ["BridgeCodecProviders", "SwedbankPayMerchantBackend"] {
            let files = try Self.sources(target)
            #expect(!files.isEmpty, "no Swift sources in \(target)")
            for (file, text) in files {
                for line in text.split(separator: "\n") {
                    if line.contains("@testable") || line.contains("@_spi") || packageNames.contains(where: line.contains) {
                        offending.append("\(file): \(line)")
                    }
                }
            }
        }
        #expect(offending.isEmpty, "\(offending)")
    }
}
