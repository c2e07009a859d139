import Foundation

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

/// Files the tests read, all inside the repository: public suites are vendored in `Tests/TestData`.
enum TestData {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The vendored public test suites (`Tests/TestData`), each with its licence.
    static let vendored: URL = packageRoot.appendingPathComponent("Tests/TestData")

    /// JSONTestSuite's `test_parsing` folder.
    static var jsonTestSuite: URL { vendored.appendingPathComponent("JSONTestSuite/test_parsing") }

    /// The big list of naughty strings.
    static func naughtyStrings() throws -> [String] {
        let data = try Data(contentsOf: vendored.appendingPathComponent("naughty-strings/blns.json"))
        guard case .array(let elements) = try JSONValue(parsing: data, limits: try JSONLimits(maxBytes: 16 << 20)) else { return [] }
        return elements.compactMap { if case .string(let string) = $0 { string } else { nil } }
    }

    /// Strings of random scalars from every plane (no surrogates: UTF-8 cannot carry them), seeded.
    static func randomStrings(count: Int, seed: UInt64) -> [String] {
        var generator = SeededRandom(seed: seed)
        return (0..<count).map { _ in
            var string = ""
            for _ in 0..<Int(generator.next() % 40) {
                // Half the scalars from the troublesome low ranges (ASCII, C1, U+2028), half from anywhere.
                let value = generator.next() % 2 == 0 ? UInt32(generator.next() % 0x2100) : UInt32(generator.next() % 0x110000)
                if let scalar = Unicode.Scalar(value) { string.unicodeScalars.append(scalar) }
            }
            return string
        }
    }

    /// The files of JSONTestSuite whose names start with `prefix`, sorted by name.
    static func jsonTestSuiteFiles(prefix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: jsonTestSuite.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
            .map { jsonTestSuite.appendingPathComponent($0) }
    }
}
