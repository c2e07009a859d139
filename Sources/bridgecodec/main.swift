import BridgeCodecCommandLine
import Foundation

let result = BridgeCodecCLI.run(Array(CommandLine.arguments.dropFirst()), input: .processStandardInput) {
    FileHandle.standardOutput.write($0)
}
FileHandle.standardOutput.write(result.standardOutput)
FileHandle.standardError.write(result.standardError)
exit(result.exitCode)
