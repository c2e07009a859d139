import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec json-check [FILE|-]`: strict-parses one document.
enum JSONCheckCommand {
    static let help = """
        usage: bridgecodec json-check [--max-bytes N] [--max-depth N] [FILE|-]

        Strict-parses FILE (or standard input) as RFC 8259 JSON: no comments, trailing
        commas, duplicate keys, lone surrogates, invalid UTF-8, BOM or trailing data.
        Exit 0 when accepted; exit 1 with 'error: line L, column C: REASON' on stderr
        when rejected; exit 2 on a usage error.

        options:
          --max-bytes N   largest input accepted (default 1048576, at most 4294967294)
          --max-depth N   deepest nesting accepted (default 64, at most 512)

        """

    static func run(_ arguments: [String], input: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(arguments, valueOptions: ["--max-bytes", "--max-depth"])
            guard list.positionals.count <= 1 else {
                throw ArgumentList.UsageError(message: "json-check takes at most one FILE")
            }
            let maxBytes = try list.positiveInteger("--max-bytes", default: JSONLimits.default.maxBytes)
            let maxDepth = try list.positiveInteger("--max-depth", default: JSONLimits.default.maxDepth)
            let limits: JSONLimits
            do throws(InvalidArgument) {
                limits = try JSONLimits(maxBytes: maxBytes, maxDepth: maxDepth)
            } catch {
                let option = error.name == "maxDepth" ? "--max-depth" : "--max-bytes"
                throw ArgumentList.UsageError(message: error.described(as: option))
            }
            let data = try input.read(list.positionals.first, limit: limits.maxBytes)
            do {
                _ = try JSONValue(parsing: data, limits: limits)
                return CommandResult(exitCode: 0)
            } catch {
                return .rejected(Self.describe(error))
            }
        } catch {
            return .usageError(error, command: "json-check")
        }
    }

    /// Where the parse stopped, then why: `line 1, column 4: found ']' where a value was expected`.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? JSONError else { return "\(error)" }
        return error.positionedDescription
    }
}
