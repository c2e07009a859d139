import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// A provider declares itself once, in its folder (`BridgeProvider.volt` in `Volt/Volt.swift`), and
/// is registered in one place, `BridgeProvider.all`; everything else that lists providers reads
/// the declarations or is checked here, each failure naming the stale place.
@Suite("Provider registration")
struct ProviderRegistrationTests {
    static let handlers = BridgeChannel.allProviders(origins: .anyOrigin).map(\.handlerName)
    static let declared = BridgeProvider.all.flatMap(\.handlers)

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: TestData.packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    /// The Swift files under `folders`, by path from the package root.
    private static func swiftFiles(under folders: [String]) throws -> [(path: String, text: String)] {
        try folders.flatMap { folder in
            let root = TestData.packageRoot.appendingPathComponent(folder)
            let files = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
            return try files.filter { $0.hasSuffix(".swift") && !$0.hasPrefix(".build/") }.sorted().map {
                ("\(folder)/\($0)", try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
            }
        }
    }

    @Test func theDerivedPlacesReadTheDeclarations() throws {
        #expect(Set(BridgeProvider.all.map(\.id)).count == BridgeProvider.all.count, "BridgeProvider.all registers a provider twice")
        #expect(
            Self.handlers == Self.declared.map(\.name),
            "BridgeChannel.allProviders(origins:) is not the declared handlers, in BridgeProvider.all's order")
        #expect(
            ProviderExamples.bodies == Dictionary(uniqueKeysWithValues: Self.declared.map { ($0.name, $0.example) }),
            "Sources/BridgeCodecTesting/ProviderExamples.swift: its examples are not the declared ones")
        let scripts = BridgeProvider.all.flatMap(\.scripts)
        #expect(Set(scripts.map(\.name)).count == scripts.count, "two providers declare a script of the same name")
        let help = runCLI(["script", "--help"]).out
        for script in scripts {
            for transport in ScriptTransport.allCases {
                let printed = runCLI(["script", script.name, "--transport", transport.rawValue])
                let declared = try script.build(transport: transport)
                #expect(
                    printed.code == 0 && printed.out == declared,
                    "bridgecodec script \(script.name) does not print the declared script over \(transport.rawValue)")
            }
            #expect(
                help.contains("  \(script.name) ") && script.summary.allSatisfy(help.contains),
                "bridgecodec script --help does not describe \(script.name)")
        }
        // Every provider kind the demo's session decodes is a declared provider's.
        let demo = runCLI(["demo"]).out
        for provider in BridgeProvider.all {
            #expect(demo.contains(" \(provider.id)."), "bridgecodec demo decodes no \(provider.id) message")
        }
    }

    @Test func everyRegisteredHandlerHasItsExampleSchemaFuzzEntryBenchRowAndDocs() throws {
        #expect(Set(Self.handlers).count == Self.handlers.count, "BridgeProvider.all declares a handler name twice")
        let harness = DispatchHarness()
        let fixtures = try SchemaFixtureTests.fixtures()
        let bench = try Self.text("Benchmarks/Sources/bridgecodec-bench/DispatchBenchmarks.swift")
        let protocolDoc = try Self.text("docs/protocol.md")
        let members = try Self.handlerMembers()
        #expect(members.count == Self.handlers.count, "the providers declare \(members) as BridgeProvider.Handler members")
        for member in members {
            #expect(
                bench.contains("handler: .\(member),"),
                "Benchmarks/Sources/bridgecodec-bench/DispatchBenchmarks.swift: no row for BridgeProvider.Handler.\(member)")
        }
        for handler in Self.declared {
            #expect(
                (try? harness.dispatch(handler.name, handler.example.jsonText).get()) != nil,
                "BridgeProvider.Handler: the \(handler.name) example does not dispatch")
            let schemaFixtures = fixtures.filter { $0.subject == .handler(handler.name) }
            #expect(
                schemaFixtures.contains { $0.valid } && schemaFixtures.contains { !$0.valid },
                "schemas/: no schema with valid and invalid fixtures for \(handler.name)")
            #expect(
                runCLI(["fuzz", "--handler", handler.name, "--count", "3"]).code == 0, "bridgecodec fuzz has no entry for \(handler.name)")
            #expect(protocolDoc.contains("`\(handler.name)`"), "docs/protocol.md does not describe \(handler.name)")
            #expect(runCLI(["decode", "--help"]).out.contains(handler.name), "bridgecodec decode --help does not list \(handler.name)")
        }
    }

    /// The names of the `BridgeProvider.Handler` static members the providers' folders declare.
    private static func handlerMembers() throws -> [String] {
        var members: [String] = []
        for (_, text) in try swiftFiles(under: ["Sources/BridgeCodecProviders"]) {
            var inHandlers = false
            for line in text.split(separator: "\n") {
                if line.hasPrefix("extension ") { inHandlers = line.hasPrefix("extension BridgeProvider.Handler ") }
                guard inHandlers, line.hasPrefix("    public static let ") else { continue }
                members.append(String(line.dropFirst("    public static let ".count).prefix { $0 != " " }))
            }
        }
        return members
    }

    /// A handler name, an Android interface or an Android method is written as a string literal in
    /// one Swift file of the sources and benchmarks: its provider's declaration. Comments and raw
    /// strings (captured bodies) are not read.
    @Test func eachProviderNameIsWrittenInItsDeclarationOnly() throws {
        let files = try Self.swiftFiles(under: ["Sources", "Benchmarks/Sources"])
        // Other things these words name: the core client's Android interface (which the CLI's
        // `script bridge` defaults to), the navigation decisions `bridgecodec url` prints, and
        // the Plaid status in `script --help`'s example detail.
        let elsewhere: [String: Set<String>] = [
            "Android": ["Sources/BridgeCodec/Scripts/BridgeClient.swift", "Sources/BridgeCodecCommandLine/ScriptCommand.swift"],
            "completed": ["Sources/BridgeCodecCommandLine/URLCommand.swift"],
            "canceled": ["Sources/BridgeCodecCommandLine/URLCommand.swift", "Sources/BridgeCodecCommandLine/ScriptCommand.swift"],
        ]
        let interfaces = BridgeProvider.all.flatMap(\.scripts).compactMap { $0.defaultValue(of: "androidInterface") }
        let names = Set(Self.declared.map(\.name) + interfaces + ["openHostedLink"])
        #expect(interfaces.count == BridgeProvider.all.flatMap(\.scripts).count, "a provider script names no Android interface")
        for name in names.sorted() {
            let writers = files.filter { file in
                file.text.split(separator: "\n").contains { line in
                    let code = line.drop { $0 == " " }
                    return !code.hasPrefix("//") && !line.contains("#\"") && line.contains("\"\(name)\"")
                }
            }.map(\.path)
            let declarations = writers.filter { !(elsewhere[name] ?? []).contains($0) }
            // "Android" is Volt's and Sovendus' both, each declaring its own.
            let providers = Set(declarations.map { $0.split(separator: "/").dropLast().joined(separator: "/") })
            #expect(
                !declarations.isEmpty && declarations.allSatisfy { $0.hasPrefix("Sources/BridgeCodecProviders/") }
                    && providers.count == declarations.count,
                "\"\(name)\" is written in \(writers), not once in its provider's declaration")
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
        for declaration in ["BridgeProvider.all", "BridgeProvider.Handler", "BridgeProvider.Script", "ProviderMessage"] {
            #expect(section.contains(declaration), "CONTRIBUTING.md's walk-through does not mention \(declaration)")
        }
    }
}

/// The providers and the server helpers reach the core through its public API alone, as an app's
/// channels do: `scripts/check-public-api` builds them in a package of their own that depends on
/// the core's product, where no `package` name reaches; no attribute opens the core to them either.
@Suite("Providers on the core's public API")
struct ProvidersUsePublicAPITests {
    @Test func noProviderSourceOpensTheCore() throws {
        var offending: [String] = []
        for target in ["BridgeCodecProviders", "SwedbankPayMerchantBackend"] {
            let folder = TestData.packageRoot.appendingPathComponent("Sources").appendingPathComponent(target)
            let files = (FileManager.default.enumerator(atPath: folder.path)?.compactMap { $0 as? String } ?? []).filter {
                $0.hasSuffix(".swift")
            }
            #expect(!files.isEmpty, "no Swift sources in \(target)")
            for file in files {
                let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
                for line in text.split(separator: "\n") where line.contains("@testable") || line.contains("@_spi") {
                    offending.append("\(target)/\(file): \(line)")
                }
            }
        }
        #expect(offending.isEmpty, "\(offending)")
    }
}
