import BridgeCodec
import Foundation

/// `bridgecodec json-check [FILE|-]`: strict-parses one document.
enum JSONCheckCommand {
    static let help = """
        usage: bridgecodec json-check [--max-bytes N] [--max-depth N] [FILE|-]

        Strict-parses FILE (or standard input) as RFC 8259 JSON: no comments, trailing
        commas, duplicate keys, lone surrogates, invalid UTF-8, BOM or trailing data.
        Exit 0 when accepted; exit 1 with 'error: line L, column C: REASON' on stderr
        when rejected; exit 2 on a usage error.

        options:
          --max-bytes N   largest input accepted (default 1048576)
          --max-depth N   deepest nesting accepted (default 64, at most 512)

        """

    static func run(_ arguments: [String], input: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(arguments, valueOptions: ["--max-bytes", "--max-depth"])
            guard list.positionals.count <= 1 else {
                throw ArgumentList.UsageError(message: "json-check takes at most one FILE")
            }
            var limits = JSONLimits.default
            limits.maxBytes = try list.positiveInteger("--max-bytes", default: limits.maxBytes)
            limits.maxDepth = try list.positiveInteger("--max-depth", default: limits.maxDepth)
            let data = try input.read(list.positionals.first, limit: limits.maxBytes)
            do {
                _ = try JSONValue(parsing: data, limits: limits)
                return CommandResult(exitCode: 0)
            } catch {
                return .rejected(error.description)
            }
        } catch {
            return .usageError(error.message, command: "json-check")
        }
    }
}
