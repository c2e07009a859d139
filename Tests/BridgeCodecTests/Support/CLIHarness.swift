import BridgeCodecCommandLine
import Foundation
import Testing

/// Runs the CLI in-process with `stdin` as standard input; stdout and stderr as text.
func runCLI(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
    let result = BridgeCodecCLI.run(arguments, input: .bytes(Data(stdin.utf8)))
    return (result.exitCode, String(decoding: result.standardOutput, as: UTF8.self), String(decoding: result.standardError, as: UTF8.self))
}

/// The `bridgecodec` executable SwiftPM built beside the tests.
let builtCLI: URL? = {
    var directory = Bundle.main.executableURL?.deletingLastPathComponent()
    // On Apple platforms the tests run inside a bundle a few levels below the build folder.
    for _ in 0..<4 {
        guard let current = directory else { return nil }
        let candidate = current.appendingPathComponent("bridgecodec")
        if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        directory = current.deletingLastPathComponent()
    }
    return nil
}()

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
