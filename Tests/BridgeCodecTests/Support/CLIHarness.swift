import BridgeCodecCommandLine
import Foundation
import Testing

/// Runs the CLI in-process with `stdin` as standard input; stdout and stderr as text.
func runCLI(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
    let result = BridgeCodecCLI.run(arguments, input: .bytes(Data(stdin.utf8)))
    return (result.exitCode, String(decoding: result.standardOutput, as: UTF8.self), String(decoding: result.standardError, as: UTF8.self))
}

/// The `bridgecodec` executable SwiftPM built beside the tests: `BRIDGECODEC_BIN` when set, or the
/// build folder that holds the tests. On Linux that is the folder of the test executable
/// (`Bundle.main`); on macOS the tests load as a `.xctest` bundle into a runner that lives in
/// Xcode or the toolchain, so the build folder is the one that holds that bundle.
let builtCLI: URL? = {
    if let path = ProcessInfo.processInfo.environment["BRIDGECODEC_BIN"] { return URL(fileURLWithPath: path) }
    let tests = Bundle(for: TestsBundleMarker.self)
    let folders = [
        tests.bundleURL.deletingLastPathComponent(), tests.executableURL?.deletingLastPathComponent(),
        Bundle.main.executableURL?.deletingLastPathComponent(),
    ].compactMap { $0 }
    for folder in folders {
        let candidate = folder.appendingPathComponent("bridgecodec")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return nil
}()

/// A class of the tests' own code: `Bundle(for:)` finds the bundle or executable that holds them.
private final class TestsBundleMarker {}

/// Runs the built `bridgecodec` with `arguments`, standard input read from `stdinPath`.
func runBuiltCLI(_ arguments: [String], stdinPath: String = "/dev/null") throws -> (code: Int32, out: String, err: String) {
    let binary = try #require(builtCLI, "the bridgecodec executable is not built beside the tests")
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: stdinPath))
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let output = out.fileHandleForReading.readDataToEndOfFile()
    let error = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return (process.terminationStatus, String(decoding: output, as: UTF8.self), String(decoding: error, as: UTF8.self))
}
