import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// The `bridgecodec` command-line tool, runnable in-process.
public enum BridgeCodecCLI {
    static let help = """
        usage: bridgecodec COMMAND [OPTIONS] [ARGUMENTS]

        commands:
          demo         decode a built-in captured session of all four providers
          decode       decode a message body as a handler receives it
          ecp-check    check a captured UCP Embedded Checkout Protocol session as a strict host reads it
          escape       encode text for a JavaScript, <script>, HTML, attribute or URL context
          fuzz         print malformed variants of a handler's message for decode --jsonl
          json-check   strict-parse a JSON document
          page         print the Sovendus banner page for an order
          script       print a provider's injectable JavaScript for a transport
          url          parse and build intent: URLs, build payment URLs, decide WebView navigations

        Run 'bridgecodec COMMAND --help' for a command's options.
        Exit status: 0 success, 1 rejected input, 2 usage error.

        """

    private struct Command: Sendable {
        let help: String
        /// Runs the command; what it hands the writer goes to standard output before its result's.
        let run: @Sendable ([String], InputSource, (Data) -> Void) -> CommandResult

        init(help: String, run: @escaping @Sendable ([String], InputSource) -> CommandResult) {
            self.help = help
            self.run = { arguments, input, _ in run(arguments, input) }
        }

        init(help: String, streaming run: @escaping @Sendable ([String], InputSource, (Data) -> Void) -> CommandResult) {
            self.help = help
            self.run = run
        }
    }

    private static let commands: [String: Command] = [
        "json-check": Command(help: JSONCheckCommand.help, run: JSONCheckCommand.run),
        "decode": Command(help: DecodeCommand.help, streaming: DecodeCommand.run),
        "ecp-check": Command(help: ECPCheckCommand.help, streaming: ECPCheckCommand.run),
        "demo": Command(help: DemoCommand.help, run: DemoCommand.run),
        "escape": Command(help: EscapeCommand.help, run: EscapeCommand.run),
        "script": Command(help: ScriptCommand.help, run: ScriptCommand.run),
        "page": Command(help: PageCommand.help, run: PageCommand.run),
        "url": Command(help: URLCommand.help, run: URLCommand.run),
        "fuzz": Command(help: FuzzCommand.help, run: FuzzCommand.run),
    ]

    /// Runs the tool with `arguments` (without the program name), reading stdin from `input`;
    /// all of standard output is in the result.
    public static func run(_ arguments: [String], input: InputSource) -> CommandResult {
        var streamed = Data()
        var result = run(arguments, input: input) { streamed.append($0) }
        result.standardOutput = streamed + result.standardOutput
        return result
    }

    /// Runs the tool, handing standard output to `write` as it is produced (`decode --jsonl`
    /// writes each line's result once the piece of input holding it is read); what the result
    /// holds follows it.
    public static func run(_ arguments: [String], input: InputSource, output write: (Data) -> Void) -> CommandResult {
        guard let name = arguments.first else {
            return CommandResult(exitCode: 2, standardError: Data(help.utf8))
        }
        if name == "--help" || name == "-h" || name == "help" {
            return .success(help)
        }
        guard let command = commands[name] else {
            return .usageError("unknown command '\(name)'", command: "")
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            return .success(command.help)
        }
        return command.run(rest, input, write)
    }
}

/// The handlers `decode` and `fuzz` take, for their help texts: the providers' default handler names, as the
/// registration lists them, and the Embedded Checkout Protocol's consumer.
let handlerNames = (BridgeChannel.allProviders(origins: .anyOrigin).map(\.handlerName) + [EmbeddedCheckout.consumerHandler])
    .joined(separator: ", ")
