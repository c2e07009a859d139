import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend

/// `bridgecodec decode`: decodes one captured body, or a JSONL file of them, as the app would.
enum DecodeCommand {
    static let help = """
        usage: bridgecodec decode --handler NAME [--transport object|string] [--app-scheme S,…] [FILE|-]
               bridgecodec decode --jsonl FILE|- [--summary] [--max-line-bytes N] [--jobs N] [--first-line N] [--app-scheme S,…]
               bridgecodec decode --model MODEL [FILE|-]

        Decodes a message body (JSON text, from FILE or standard input) as the handler NAME
        receives it, with the default channels: \(handlerNames).

          --transport object   (default) as WKWebView delivers it: the JSON as a Foundation object graph
          --transport string   as a page posting JSON.stringify(data) delivers it (Android, React Native, Cordova)
          --app-scheme S,…     URL schemes of the app that pass the URL policy besides https
          --jsonl FILE         one message per line: {"handler": …, "transport": "object"|"string"|"argument"|"absent",
                               "body": …}; for "string" and "argument" the body is a JSON string holding the text
                               ("bodyBase64" instead for string bodies that are not UTF-8; bridgecodec fuzz writes these);
                               or {"transport": "envelope", "body": "…"}: the text the page's client (script bridge)
                               posts off WebKit, whose own "handler" names the channel; a line may carry the
                               frame's "origin" (and "isMainFrame": false), which BridgeCapture replays against
                               an app's own channels (the default channels take any origin);
                               read line by line as it arrives (tail -f capture.jsonl | bridgecodec decode --jsonl -),
                               each result written once the piece of input holding its line is read
          --summary            with --jsonl: instead of a line per message, one JSON object at the end:
                               {"summary": {"lines", "decoded", "rejected", "handlers", "kinds", "errors"}}
          --max-line-bytes N   with --jsonl: a longer line is one error line (default 8 MiB)
          --jobs N             with --jsonl: decode on N threads (1 to 64; default 1, a line answered as it is read);
                               each takes the next lines as it is free, what has arrived is answered before more
                               is read, and the output is exactly, and in the order, what one job writes
          --first-line N       with --jsonl: the number of the input's first line (default 1), for a piece of a
                               larger capture decoded on its own (docs/cli.md: a fleet's logs)

        A bare string argument such as Android's openHostedLink(url) is the JSON string "…" here;
        canceled takes no body: null.

        A body posted to \(EmbeddedCheckout.consumerHandler) is the JSON-RPC text of UCP's Embedded
        Checkout Protocol, a string as WebKit delivers it ("transport": "object", "body": "{\\"jsonrpc\\":…}";
        "argument" as Android's postMessage(text) receives it). Each message is read alone, as a host
        reads it before its session's state (handshake, ids, delegations) decides: {"kind": METHOD,
        "verdict": "ok", "method": METHOD, "id": ID (a request's)}, or {"error": "RULE: DETAIL",
        "verdict": RULE, "code": the JSON-RPC error code a host answers, or null for none, "method", "id"}.
        bridgecodec ecp-check reads a whole session.

        --model decodes a Merchant Backend document or a problem strictly instead, MODEL one of
        \(DocumentModel.allCases.map(\.rawValue).joined(separator: ", ")):
        exit 0 and {"model": MODEL, "value": …} (the document as the model reads it), or exit 1
        and 'error: MODEL: PATH: REASON'.

        On success: exit 0 and one line {"handler": NAME, "kind": KIND, "message": …} on stdout.
        On rejection: exit 1 and 'error: NAME: PATH: REASON' on stderr. With --jsonl, one result line
        per message on stdout, and exit 1 if any was rejected.

        """

    static func run(_ arguments: [String], input: InputSource, output write: (Data) -> Void) -> CommandResult {
        do throws(ArgumentList.UsageError) {
            let list = try ArgumentList(
                arguments,
                valueOptions: [
                    "--handler", "--transport", "--app-scheme", "--jsonl", "--model", "--max-line-bytes", "--jobs", "--first-line",
                ],
                flagOptions: ["--summary"])
            if let name = list.options["--model"] {
                return try decodeModel(name, list: list, input: input)
            }
            let schemes = Set(list.commaSeparated("--app-scheme"))
            let makeDispatcher = { BridgeDispatcher(channels: DecodedMessage.channels(), urlPolicy: .https(plusAppSchemes: schemes)) }
            if let jsonl = list.options["--jsonl"] {
                guard list.options["--handler"] == nil, list.options["--transport"] == nil, list.positionals.isEmpty else {
                    throw ArgumentList.UsageError(message: "--jsonl takes the handler and transport from each line")
                }
                let maxLineBytes = try list.integer("--max-line-bytes", in: 1...JSONLimits.maximumBytes, default: defaultMaxLineBytes)
                let jobs = try list.integer("--jobs", in: 1...maximumJobs, default: 1)
                let firstLine = try list.integer("--first-line", in: 1...maximumFirstLine, default: 1)
                return try decodeLines(
                    jsonl, input: input, maxLineBytes: maxLineBytes, summary: list.flags.contains("--summary"), jobs: jobs,
                    firstLine: firstLine, makeDispatcher: makeDispatcher, write: write)
            } else if list.flags.contains("--summary")
                || ["--max-line-bytes", "--jobs", "--first-line"].contains(where: { list.options[$0] != nil })
            {
                throw ArgumentList.UsageError(message: "--summary, --max-line-bytes, --jobs and --first-line go with --jsonl")
            }
            guard let handler = list.options["--handler"] else { throw ArgumentList.UsageError(message: "--handler NAME is required") }
            let transportName = list.options["--transport"] ?? "object"
            guard let transport = BridgeCapture.Transport(rawValue: transportName), transport == .object || transport == .string else {
                throw ArgumentList.UsageError(message: "--transport must be object or string, not '\(transportName)'")
            }
            guard list.positionals.count <= 1 else { throw ArgumentList.UsageError(message: "decode takes at most one FILE") }
            let dispatcher = makeDispatcher()
            let data = try input.read(list.positionals.first, limit: dispatcher.limits.maxBytes)
            guard let body = String(validatingUTF8Bytes: data) else {
                return .rejected("\(handler): $: the body is not valid UTF-8")
            }
            do throws(BridgeError) {
                let message = try transport.dispatch(body, handlerName: handler, through: dispatcher)
                if let refusal = message.refusal { return .rejected("\(handler): \(refusal)") }
                var output = Array("{".utf8)
                message.write(handler: handler, with: SortedKeysJSONWriter(), into: &output)
                output.append(contentsOf: "}\n".utf8)
                return .success(String(decoding: output, as: UTF8.self))
            } catch {
                return .rejected(error.description)
            }
        } catch {
            return .usageError(error, command: "decode")
        }
    }

    private static func decodeModel(_ name: String, list: ArgumentList, input: InputSource) throws(ArgumentList.UsageError)
        -> CommandResult
    {
        guard let model = DocumentModel(rawValue: name) else {
            throw ArgumentList.UsageError(
                message: "unknown model '\(name)'; one of \(DocumentModel.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard list.options["--handler"] == nil, list.options["--transport"] == nil, list.options["--jsonl"] == nil else {
            throw ArgumentList.UsageError(message: "--model takes neither --handler, --transport nor --jsonl")
        }
        guard list.positionals.count <= 1 else { throw ArgumentList.UsageError(message: "decode takes at most one FILE") }
        let data = try input.read(list.positionals.first, limit: JSONLimits.default.maxBytes)
        do throws(JSONError) {
            let value = try model.decode(data)
            return .success(DecodeOutput.object([("model", .string(name)), ("value", value)]).jsonText + "\n")
        } catch {
            return .rejected("\(name): \(error.description)")
        }
    }

    /// A line of a capture longer than this is one error line. A body at the default limit
    /// (1 MiB), base64'd or with every character escaped in its JSON string, fits.
    static let defaultMaxLineBytes = 8 << 20

    /// The most `--jobs` takes: more decoders than cores only share them.
    static let maximumJobs = 64
    /// The largest `--first-line`: the numbers of a piece's lines after it stay far inside `Int`.
    static let maximumFirstLine = Int(Int32.max)

    private static func decodeLines(
        _ path: String, input: InputSource, maxLineBytes: Int, summary: Bool, jobs: Int, firstLine: Int,
        makeDispatcher: () -> BridgeDispatcher<DecodedMessage>, write: (Data) -> Void
    ) throws(ArgumentList.UsageError) -> CommandResult {
        var counts = CaptureSummary()
        // Each job reads with its own dispatcher: one shared between threads would have its
        // reference counts written from every core at every message.
        let readers = (0..<jobs).map { _ in LineReader(maxLineBytes: maxLineBytes, summary: summary, dispatcher: makeDispatcher()) }
        if jobs == 1 {
            // Each line answered as it is read, and written once its piece of input is.
            var output: [UInt8] = []
            let reader = readers[0]
            try input.forEachLine(
                path, maxLineBytes: maxLineBytes,
                pieceDone: { _ in
                    guard !output.isEmpty else { return }
                    write(Data(output))
                    output.removeAll(keepingCapacity: true)
                },
                { position, line in reader.answer(position + firstLine - 1, line, into: &output, counting: &counts) })
            // The last line, when no line break ends it, is answered after the last piece.
            if !output.isEmpty { write(Data(output)) }
        } else {
            let jobs = LineJobs(readers: readers)
            defer { jobs.close() }
            // A piece that held all the input there was is answered before the next read, which
            // may wait: `tail -f` output keeps up with its input.
            try input.forEachLine(
                path, maxLineBytes: maxLineBytes, pieceDone: { caughtUp in jobs.write(all: caughtUp, to: write, counting: &counts) },
                { position, line in jobs.add(position + firstLine - 1, line) })
            jobs.write(all: true, to: write, counting: &counts)
        }
        let tail = summary ? DecodeOutput.object([("summary", counts.jsonValue)]).jsonText + "\n" : ""
        return CommandResult(exitCode: counts.rejected == 0 ? 0 : 1, standardOutput: Data(tail.utf8))
    }

    /// How each line of a capture is answered: one result line, or none for a blank line.
    struct LineReader: @unchecked Sendable {
        let maxLineBytes: Int
        let summary: Bool
        let dispatcher: BridgeDispatcher<DecodedMessage>
        // Unchecked: the writer keeps its storage between lines, and each job has a reader of its own.
        let writer = SortedKeysJSONWriter()

        /// The result line of `line`, number `number`, appended to `output` and counted.
        func answer(_ number: Int, _ line: InputSource.Line, into output: inout [UInt8], counting counts: inout CaptureSummary) {
            switch line {
            case .tooLong(let byteCount): answer(number, tooLong: byteCount, into: &output, counting: &counts)
            case .text(let bytes): answer(number, text: bytes, into: &output, counting: &counts)
            }
        }

        /// The result line of the line `text`.
        func answer(
            _ number: Int, text: some BidirectionalCollection<UInt8>, into output: inout [UInt8], counting counts: inout CaptureSummary
        ) {
            let bytes = text.last == UInt8(ascii: "\r") ? text.dropLast() : text[...]
            if bytes.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
            record(number, BridgeCapture.replay(line: bytes, through: dispatcher), into: &output, counting: &counts)
        }

        /// The result line of a line of `byteCount` bytes, longer than the limit.
        func answer(_ number: Int, tooLong byteCount: Int, into output: inout [UInt8], counting counts: inout CaptureSummary) {
            let failure = BridgeCapture.Failure(
                category: "line.tooLong", message: "the line is \(byteCount) bytes, longer than \(maxLineBytes)")
            record(number, .failure(failure), into: &output, counting: &counts)
        }

        private func record(
            _ number: Int, _ outcome: Result<BridgeCapture.Replayed<DecodedMessage>, BridgeCapture.Failure>, into output: inout [UInt8],
            counting counts: inout CaptureSummary
        ) {
            counts.add(outcome)
            guard !summary else { return }
            DecodeOutput.writeResult(line: number, outcome, with: writer, into: &output)
        }
    }
}
