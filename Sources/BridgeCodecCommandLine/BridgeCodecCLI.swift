import BridgeCodec
import Foundation

/// The `bridgecodec` command-line tool, runnable in-process.
public enum BridgeCodecCLI {
    static let help = """
        usage: bridgecodec COMMAND [OPTIONS] [ARGUMENTS]

        commands:
          demo         decode a built-in captured session of all four providers
          decode       decode a message body as a handler receives it
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
        let run: @Sendable ([String], InputSource) -> CommandResult
    }

    private static let commands: [String: Command] = [
        "json-check": Command(help: JSONCheckCommand.help, run: JSONCheckCommand.run),
        "decode": Command(help: DecodeCommand.help, run: DecodeCommand.run),
        "demo": Command(help: DemoCommand.help, run: DemoCommand.run),
        "escape": Command(help: EscapeCommand.help, run: EscapeCommand.run),
        "script": Command(help: ScriptCommand.help, run: ScriptCommand.run),
        "page": Command(help: PageCommand.help, run: PageCommand.run),
        "url": Command(help: URLCommand.help, run: URLCommand.run),
        "fuzz": Command(help: FuzzCommand.help, run: FuzzCommand.run),
    ]

    /// Runs the tool with `arguments` (without the program name), reading stdin from `input`.
    public static func run(_ arguments: [String], input: InputSource) -> CommandResult {
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
        return command.run(rest, input)
    }
}

/// The providers' default handler names, as the registration lists them, for the help texts.
let handlerNames = BridgeChannel.allProviders(origins: .anyOrigin).map(\.handlerName).joined(separator: ", ")
