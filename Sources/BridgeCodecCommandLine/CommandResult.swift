import Foundation

/// What a command produced: its exit status and the bytes for stdout and stderr.
public struct CommandResult: Sendable, Equatable {
    /// 0 success, 1 rejected input, 2 usage error.
    public var exitCode: Int32
    /// Bytes for standard output.
    public var standardOutput: Data
    /// Bytes for standard error.
    public var standardError: Data

    /// A result with the given status and output.
    public init(exitCode: Int32, standardOutput: Data = Data(), standardError: Data = Data()) {
        self.exitCode = exitCode
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// Success with `text` on stdout.
    static func success(_ text: String) -> CommandResult {
        CommandResult(exitCode: 0, standardOutput: Data(text.utf8))
    }

    /// Exit 1: the input was read and rejected; one `error: …` line on stderr.
    static func rejected(_ message: String) -> CommandResult {
        CommandResult(exitCode: 1, standardError: Data("error: \(message)\n".utf8))
    }

    /// Exit 2: the command line itself was wrong; the message and a pointer to `--help` on stderr.
    static func usageError(_ message: String, command: String) -> CommandResult {
        usageError(ArgumentList.UsageError(message: message), command: command)
    }

    /// Exit 2 for `error`: its message, and a pointer to `--help` when that helps.
    static func usageError(_ error: ArgumentList.UsageError, command: String) -> CommandResult {
        let hint = "run 'bridgecodec \(command) --help' for usage\n".replacingOccurrences(of: "  ", with: " ")
        return CommandResult(exitCode: 2, standardError: Data("error: \(error.message)\n\(error.showsHelp ? hint : "")".utf8))
    }
}
