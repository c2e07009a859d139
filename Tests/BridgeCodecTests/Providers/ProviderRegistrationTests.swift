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
