import BridgeCodec
import Foundation
import Testing

/// The Swift decoder must agree with the JSON Schemas on every fixture: scripts/check-schemas.py
/// checks the schema side against the same valid/ and invalid/ folders.
@Suite("Schema fixtures")
struct SchemaFixtureTests {
    static let schemas = TestData.packageRoot.appendingPathComponent("schemas")

    /// Every schema with the handler it describes and its fixtures, valid first.
    static func fixtures() throws -> [(handler: String, file: URL, valid: Bool)] {
        let manager = FileManager.default
        var result: [(String, URL, Bool)] = []
        for name in try manager.contentsOfDirectory(atPath: schemas.path).sorted() where name.hasSuffix(".schema.json") {
            let schema = try JSONValue(parsing: Data(contentsOf: schemas.appendingPathComponent(name)))
            guard case .object(let members) = schema, case .string(let handler)? = members["x-bridgecodec-handler"] else {
                Issue.record("\(name) names no handler")
                continue
            }
            let folder = schemas.appendingPathComponent("fixtures/" + name.replacingOccurrences(of: ".schema.json", with: ""))
            for group in ["valid", "invalid"] {
                let directory = folder.appendingPathComponent(group)
                for file in try manager.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".json") {
                    result.append((handler, directory.appendingPathComponent(file), group == "valid"))
                }
            }
        }
        return result
    }

    @Test func decoderAgreesWithTheSchemaFolders() throws {
        // The fixtures' app registers the scheme "branchapp", as Branch's sample does; the schema says the same.
        let harness = DispatchHarness()
        let fixtures = try Self.fixtures()
        #expect(fixtures.count > 90)
        #expect(Set(fixtures.map(\.handler)) == Set(BridgeChannel.Kind.allCases.map(\.defaultHandlerName)))
        for fixture in fixtures {
            let text = try String(contentsOf: fixture.file, encoding: .utf8).trimmingCharacters(in: .newlines)
            let accepted = (try? harness.dispatch(fixture.handler, text).get()) != nil
            #expect(accepted == fixture.valid, "\(fixture.file.pathComponents.suffix(3).joined(separator: "/"))")
        }
    }
}
