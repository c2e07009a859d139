import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec escape`: encodes standard input for one output context.
enum EscapeCommand {
    static let help = """
        usage: bridgecodec escape --context js|script-json|html|attr|url [--json-lines]
               bridgecodec escape --json-values

        Reads raw UTF-8 text from standard input and writes it encoded for the context,
        exact bytes, no added newline:
          js           a quoted JavaScript string literal (valid JSON, safe in <script> and attributes)
          script-json  a quoted JSON string literal safe inside <script>
          html         HTML text
          attr         an HTML attribute value (for double or single quotes)
          url          a URL query component
        Invalid UTF-8 exits 1.

          --json-lines   each input line is a JSON string; each output line is the encoded
                         text as a JSON string (for batches: newlines stay inside the strings)
          --json-values  each input line is any JSON value; each output line is the value written
                         by ScriptJSONEncoder (safe inside <script>), as a JSON string

        """

    /// The largest input read, in bytes.
    static let maxInputBytes = 64 << 20

    static func run(_ arguments: [String], input: InputSource) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(arguments, valueOptions: ["--context"], flagOptions: ["--json-lines", "--json-values"])
            guard list.positionals.isEmpty else { throw ArgumentList.UsageError(message: "escape reads standard input only") }
            if list.flags.contains("--json-values") {
                guard list.options.isEmpty, list.flags.count == 1 else {
                    throw ArgumentList.UsageError(message: "--json-values takes no other option")
                }
                let data = try input.read(nil, limit: maxInputBytes)
                guard data.count <= maxInputBytes else { return .rejected("input is larger than \(maxInputBytes) bytes") }
                guard let text = String(validatingUTF8Bytes: data) else { return .rejected("input is not valid UTF-8") }
                return encodeLines(text)
            }
            guard let name = list.options["--context"] else { throw ArgumentList.UsageError(message: "--context is required") }
            guard let context = EscapingContext(rawValue: name) else {
                let names = EscapingContext.allCases.map(\.rawValue).joined(separator: ", ")
                throw ArgumentList.UsageError(message: "unknown context '\(name)'; one of \(names)")
            }
            let data = try input.read(nil, limit: maxInputBytes)
            guard data.count <= maxInputBytes else { return .rejected("input is larger than \(maxInputBytes) bytes") }
            guard let text = String(validatingUTF8Bytes: data) else { return .rejected("input is not valid UTF-8") }
            if list.flags.contains("--json-lines") {
                return escapeLines(text, for: context)
            }
            return CommandResult(exitCode: 0, standardOutput: Data(Escaper.escape(text, for: context).utf8))
        } catch {
            return .usageError(error, command: "escape")
        }
    }

    /// Each line's value through ``ScriptJSONEncoder``.
    private static func encodeLines(_ text: String) -> CommandResult {
        var output = ""
        for (index, line) in lines(of: text) {
            guard let value = try? JSONValue(parsing: String(line), limits: .largest) else {
                return .rejected("line \(index + 1) is not JSON")
            }
            do throws(JSONError) {
                output += JSONValue.string(try ScriptJSONEncoder().encode(value)).jsonText + "\n"
            } catch {
                return .rejected("line \(index + 1): \(error)")
            }
        }
        return .success(output)
    }

    /// The lines that hold something, with their offsets. A line is bounded by the input only;
    /// blank lines are skipped but still counted, so that an error names the line an editor
    /// shows. "\r\n" is one Character, so it is a separator of its own; no other line break is,
    /// since a JSON string may hold U+2028 as it is.
    private static func lines(of text: String) -> [(offset: Int, element: Substring)] {
        text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.enumerated()
            .filter { !$0.element.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) }
    }

    private static func escapeLines(_ text: String, for context: EscapingContext) -> CommandResult {
        var output = ""
        // The input was read up to its limit: no line is longer.
        for (index, line) in lines(of: text) {
            guard case .string(let string)? = try? JSONValue(parsing: String(line), limits: .largest) else {
                return .rejected("line \(index + 1) is not a JSON string")
            }
            output += JSONValue.string(Escaper.escape(string, for: context)).jsonText + "\n"
        }
        return .success(output)
    }
}
