import BridgeCodecCommandLine
import Foundation

/// Runs the CLI in-process with `stdin` as standard input; stdout and stderr as text.
func runCLI(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
    let result = BridgeCodecCLI.run(arguments, input: .bytes(Data(stdin.utf8)))
    return (result.exitCode, String(decoding: result.standardOutput, as: UTF8.self), String(decoding: result.standardError, as: UTF8.self))
}
