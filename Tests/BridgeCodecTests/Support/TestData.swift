import Foundation

/// Files the tests read: the repository's own and the shared public suites beside it.
enum TestData {
    /// The package root, found from this file's location.
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/testdata`, or `BRIDGECODEC_TESTDATA` when set.
    static let sharedTestData: URL = {
        if let override = ProcessInfo.processInfo.environment["BRIDGECODEC_TESTDATA"] {
            return URL(fileURLWithPath: override)
        }
        return packageRoot.deletingLastPathComponent().appendingPathComponent("shared/testdata")
    }()

    /// JSONTestSuite's `test_parsing` folder.
    static var jsonTestSuite: URL { sharedTestData.appendingPathComponent("JSONTestSuite/test_parsing") }

    /// The files of JSONTestSuite whose names start with `prefix`, sorted by name.
    static func jsonTestSuiteFiles(prefix: String) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(atPath: jsonTestSuite.path)
            .filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }
            .sorted()
            .map { jsonTestSuite.appendingPathComponent($0) }
    }
}
