import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// The Swift decoder must agree with the JSON Schemas on every fixture: scripts/check-schemas.py
/// checks the schema side against the same valid/ and invalid/ folders.
@Suite("Schema fixtures")
struct SchemaFixtureTests {
    static let schemas = TestData.packageRoot.appendingPathComponent("schemas")

    /// What a schema describes: a handler's message, or a document model of `bridgecodec decode --model`.
    enum Subject: Hashable {
        case handler(String)
        case model(String)
    }

    /// Every schema with what it describes and its fixtures, valid first.
    static func fixtures() throws -> [(subject: Subject, file: URL, valid: Bool)] {
        let manager = FileManager.default
        var result: [(Subject, URL, Bool)] = []
        for name in try manager.contentsOfDirectory(atPath: schemas.path).sorted() where name.hasSuffix(".schema.json") {
            let schema = try JSONValue(parsing: Data(contentsOf: schemas.appendingPathComponent(name)))
            let subject: Subject
            switch schema {
            case .object(let members) where members["x-bridgecodec-handler"] != nil:
                guard case .string(let handler)? = members["x-bridgecodec-handler"] else { continue }
                subject = .handler(handler)
            case .object(let members) where members["x-bridgecodec-model"] != nil:
                guard case .string(let model)? = members["x-bridgecodec-model"] else { continue }
                subject = .model(model)
            default:
                Issue.record("\(name) names neither a handler nor a model")
                continue
            }
            let folder = schemas.appendingPathComponent("fixtures/" + name.replacingOccurrences(of: ".schema.json", with: ""))
            for group in ["valid", "invalid"] {
                let directory = folder.appendingPathComponent(group)
                for file in try manager.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".json") {
                    result.append((subject, directory.appendingPathComponent(file), group == "valid"))
                }
            }
        }
        return result
    }

    @Test func decoderAgreesWithTheSchemaFolders() throws {
        // The fixtures' app registers the scheme "branchapp", as Branch's sample does; the schema says the same.
        let harness = DispatchHarness()
        let fixtures = try Self.fixtures()
        #expect(fixtures.count > 140)
        let handlers = Set(fixtures.compactMap { if case .handler(let name) = $0.subject { name } else { nil } })
        #expect(handlers == Set(ProviderExamples.handlerNames))
        let models = Set(fixtures.compactMap { if case .model(let name) = $0.subject { name } else { nil } })
        #expect(models.count == 7)
        for fixture in fixtures {
            let text = try String(contentsOf: fixture.file, encoding: .utf8).trimmingCharacters(in: .newlines)
            let accepted: Bool
            switch fixture.subject {
            case .handler(let handler): accepted = (try? harness.dispatch(handler, text).get()) != nil
            case .model(let model): accepted = runCLI(["decode", "--model", model], stdin: text).code == 0
            }
            #expect(accepted == fixture.valid, "\(fixture.file.pathComponents.suffix(3).joined(separator: "/"))")
        }
    }
}
