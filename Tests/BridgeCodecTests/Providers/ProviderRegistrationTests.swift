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
        // What reaching each `package` declaration of the core writes: a type's name; a
        // function's `name(`; an initializer's `(label:`; a property's `.name`. The members of a
        // `package` type, and of its extensions, are reached through the type, so its name stands
        // for them.
        let sources = try Self.sources("BridgeCodec")
        var packageTypes: [String] = []
        for (_, text) in sources {
            // Top-level types only: a nested one is reached through the type that holds it.
            for line in text.split(separator: "\n") where !line.hasPrefix(" ") {
                let words = line.split(whereSeparator: { " (:<{".contains($0) })
                guard let at = words.firstIndex(of: "package"),
                    let keyword = words[at...].firstIndex(where: { ["struct", "enum", "class", "protocol"].contains($0) }),
                    keyword + 1 < words.endIndex
                else { continue }
                packageTypes.append(String(words[keyword + 1]))
            }
        }
        var packageNames = packageTypes
        for (_, text) in sources {
            var inPackageType = false
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if inPackageType {
                    inPackageType = line != "}"
                    continue
                }
                let words = line.split(whereSeparator: { " (:<{.".contains($0) })
                if line.hasPrefix("extension ") || line.hasPrefix("package ") || line.hasPrefix("@usableFromInline package ") {
                    if words.contains(where: { packageTypes.contains(String($0)) }) {
                        inPackageType = !line.hasSuffix("}")
                        continue
                    }
                }
                guard let at = words.firstIndex(of: "package"),
                    let keyword = words[at...].firstIndex(where: { ["let", "var", "func", "init?", "init"].contains($0) })
                else { continue }
                let name = keyword + 1 < words.endIndex ? String(words[keyword + 1]) : ""
                switch words[keyword] {
                case "func": packageNames.append(name + "(")
                case "init", "init?": if !name.isEmpty, name != "_" { packageNames.append("(" + name + ":") }
                default: packageNames.append("." + name)
                }
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
