import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecCommandLine
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("bridgecodec decode and demo")
struct DecodeCommandTests {
    /// `bridgecodec decode --jsonl` on a file of `lines`: its exit code and output lines.
    private func decodeJSONL(_ lines: [String]) throws -> (code: Int32, out: [String]) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("decode-\(UUID().uuidString).jsonl")
        try Data(lines.joined(separator: "\n").utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = runCLI(["decode", "--jsonl", file.path])
        return (result.code, result.out.split(separator: "\n").map(String.init))
    }

    /// A line holding the page client's envelope: the envelope names the handler, and a line
    /// that names another is refused.
    @Test func envelopeLinesNameTheirHandler() {
        let stdin = [
            #"{"transport":"envelope","body":"{\"version\":1,\"handler\":\"voltRedirect\",\"body\":{\"type\":\"bank_redirect\",\"url\":\"https://bank.example/a\"}}"}"#,
            #"{"transport":"envelope","body":"{\"version\":1,\"handler\":\"cart\",\"id\":1,\"body\":{}}"}"#,
            #"{"transport":"envelope","body":"{\"version\":1,\"id\":1}"}"#,
            #"{"transport":"envelope","handler":"x","body":"{\"version\":1,\"handler\":\"voltRedirect\",\"body\":null}"}"#,
            #"{"transport":"envelope","body":{"handler":"voltRedirect"}}"#,
            #"{"transport":"envelope","body":"{\"version\":2,\"handler\":\"voltRedirect\",\"body\":null}"}"#,
        ].joined(separator: "\n")
        let result = runCLI(["decode", "--jsonl", "-"], stdin: stdin)
        #expect(result.code == 1)
        #expect(
            result.out.split(separator: "\n").map(String.init) == [
                #"{"line":1,"handler":"voltRedirect","kind":"volt.bankRedirect","message":{"type":"bank_redirect","url":"https://bank.example/a"}}"#,
                #"{"line":2,"handler":"cart","error":"$: no channel is registered under this handler name"}"#,
                #"{"line":3,"handler":null,"error":"$.handler: not an envelope: required field is missing"}"#,
                #"{"line":4,"handler":"x","error":"the line's handler is not the envelope's, \"voltRedirect\""}"#,
                #"{"line":5,"handler":null,"error":"an envelope line's \"body\" is its text, a string"}"#,
                #"{"line":6,"handler":null,"error":"voltRedirect: $.version: not an envelope: version 2 is not one this app reads (it reads 1)"}"#,
            ])
        let summary = runCLI(["decode", "--jsonl", "-", "--summary"], stdin: stdin).out
        #expect(summary.contains(#""envelope.malformed":2"#) && summary.contains(#""line.handlerMismatch":1"#), "\(summary)")
    }

    @Test func decodesANumericStringHeight() {
        let result = runCLI(["decode", "--handler", "sovHandler"], stdin: #"{"type":"height","value":"420"}"#)
        #expect(result.code == 0)
        #expect(result.out == #"{"handler":"sovHandler","kind":"sovendus.height","message":{"type":"height","value":420}}"# + "\n")
    }

    @Test func rejectsAJavaScriptURLNamingThePath() {
        let result = runCLI(["decode", "--handler", "voltRedirect"], stdin: #"{"type":"bank_redirect","url":"javascript:alert(1)"}"#)
        #expect(result == (1, "", "error: voltRedirect: $.url: URL scheme \"javascript:\" is never allowed\n"))
    }

    @Test func bothTransportsGiveTheSameLine() {
        for body in [#"{"type":"merchant_redirect","result":"pending","url":"https://m.example/p"}"#, #"{"type":"bank_redirect"}"#] {
            let object = runCLI(["decode", "--handler", "voltRedirect", "--transport", "object"], stdin: body)
            let string = runCLI(["decode", "--handler", "voltRedirect", "--transport", "string"], stdin: body)
            #expect(object == string)
        }
    }

    @Test func bareStringsAndNoBody() {
        #expect(
            runCLI(["decode", "--handler", "branchPlaidLink"], stdin: #""https://hosted.plaid.com/link/x""#).out.contains(
                #""kind":"branch.hostedLink""#))
        #expect(runCLI(["decode", "--handler", "completed"], stdin: #""success""#).out.contains(#""message":"success""#))
        #expect(runCLI(["decode", "--handler", "canceled"], stdin: "null").out.contains(#""kind":"swedbankpay.canceled""#))
        #expect(runCLI(["decode", "--handler", "canceled", "--transport", "string"], stdin: "null").code == 0)
    }

    @Test func appSchemesWidenTheURLPolicy() {
        let body = #"{"status":"completed","callbackUrl":"branchapp://done"}"#
        #expect(runCLI(["decode", "--handler", "branchPlaidLinkComplete"], stdin: body).code == 1)
        #expect(runCLI(["decode", "--handler", "branchPlaidLinkComplete", "--app-scheme", "branchapp"], stdin: body).code == 0)
    }

    @Test func rejectionsStayOnOneLine() {
        let result = runCLI(
            ["decode", "--handler", "voltRedirect"], stdin: "{\"type\":\"bad\\nline\\u2028\",\"url\":\"https://a.example/\"}")
        #expect(result.code == 1)
        #expect(result.err.split(separator: "\n").count == 1)
        #expect(result.err.contains(#"\u000A"#))
    }

    @Test func usageErrors() {
        #expect(runCLI(["decode"]).code == 2)
        #expect(runCLI(["decode", "--handler", "x", "--transport", "carrier-pigeon"]).code == 2)
        #expect(runCLI(["decode", "--jsonl", "f", "--handler", "x"]).code == 2)
        // Each bounded option names its range, and refuses a value outside it or no number at all.
        for (option, value, range) in [
            ("--jobs", "0", "1 to 64"), ("--jobs", "65", "1 to 64"), ("--first-line", "x", "1 to 2147483647"),
            ("--max-line-bytes", "0", "1 to \(JSONLimits.maximumBytes)"),
        ] {
            let refused = runCLI(["decode", "--jsonl", "-", option, value], stdin: "")
            #expect(refused.code == 2 && refused.err.hasPrefix("error: \(option) must be from \(range)\n"), "\(option) \(value)")
        }
        #expect(runCLI(["decode", "--help"]).out.hasPrefix("usage: bridgecodec decode"))
        #expect(
            runCLI(["decode", "--handler", "unknownHandler"], stdin: "{}").err
                == "error: unknownHandler: no channel is registered under this handler name\n")
    }

    @Test func invalidUTF8BodyIsRejected() {
        let result = BridgeCodecCLI.run(["decode", "--handler", "completed"], input: .bytes(Data([0x22, 0xFF, 0x22])))
        #expect(result.exitCode == 1)
    }

    @Test func jsonlDecodesEachLineAndFailsIfAnyFails() throws {
        let lines = [
            #"{"handler":"sovHandler","transport":"object","body":{"type":"height","value":420}}"#,
            #"{"handler":"voltRedirect","transport":"string","body":"{\"type\":\"bank_redirect\",\"url\":\"data:text/html,x\"}"}"#,
            "",
            #"{"handler":"branchPlaidLink","transport":"argument","body":"https://hosted.plaid.com/link/x"}"#,
            #"{"handler":"canceled","transport":"absent"}"#,
            "not json",
            #"{"handler":"completed","transport":"object"}"#,
        ]
        let (code, out) = try decodeJSONL(lines)
        #expect(code == 1)
        #expect(out.count == 6)
        #expect(out[0] == #"{"line":1,"handler":"sovHandler","kind":"sovendus.height","message":{"type":"height","value":420}}"#)
        #expect(out[1] == #"{"line":2,"handler":"voltRedirect","error":"$.url: URL scheme \"data:\" is never allowed"}"#)
        #expect(out[2].hasPrefix(#"{"line":4,"handler":"branchPlaidLink","kind":"branch.hostedLink""#))
        #expect(out[3].hasPrefix(#"{"line":5,"handler":"canceled","kind":"swedbankpay.canceled""#))
        #expect(out[4].hasPrefix(#"{"line":6,"handler":null,"error":"the line is not JSON"#))
        #expect(out[5].hasPrefix(#"{"line":7,"handler":"completed","error":"#))
    }

    @Test func jsonlLinesHoldBodiesUpToTheBodyLimitsWhichDecideAboutThem() throws {
        let longStatus = String(repeating: "a", count: JSONLimits.default.maxStringLength + 1)
        let wideBody = (0...JSONLimits.default.maxObjectMembers).map { #""k\#($0)":0"# }.joined(separator: ",")
        // Valid, and as text longer than a line's string may be by default.
        let padding = Array(repeating: #"\"\#(String(repeating: "x", count: 100_000))\""#, count: 3).joined(separator: ",")
        let longText = #"{\"type\":\"bank_redirect\",\"url\":\"https://bank.example/a\",\"padding\":[\#(padding)]}"#
        let lines = [
            #"{"handler":"completed","transport":"string","body":"\"\#(longStatus)\""}"#,
            #"{"handler":"sovHandler","transport":"object","body":{\#(wideBody)}}"#,
            #"{"handler":"voltRedirect","transport":"string","body":"\#(longText)"}"#,
        ]
        let (code, out) = try decodeJSONL(lines)
        #expect(code == 1)
        #expect(out.count == 3)
        guard out.count == 3 else { return }
        #expect(out[0].hasPrefix(#"{"line":1,"handler":"completed","error":"#))
        #expect(out[0].contains("\(JSONLimits.default.maxStringLength)"))
        #expect(out[1].hasPrefix(#"{"line":2,"handler":"sovHandler","error":"#))
        #expect(out[1].contains("\(JSONLimits.default.maxObjectMembers)"))
        #expect(out[2].hasPrefix(#"{"line":3,"handler":"voltRedirect","kind":"volt.bankRedirect""#))
    }

    /// Lines are read and answered one at a time: a line longer than the limit is one error
    /// line, and the lines around it decode; the last line needs no line break.
    @Test func jsonlStreamsLinesWithinALineLimit() throws {
        let valid = #"{"handler":"completed","transport":"argument","body":"success"}"#
        let long = #"{"handler":"completed","transport":"argument","body":"\#(String(repeating: "x", count: 300_000))"}"#
        let stdin = [valid, long, "", valid + "\r", valid].joined(separator: "\n")
        let result = runCLI(["decode", "--jsonl", "-", "--max-line-bytes", "100000"], stdin: stdin)
        let lines = result.out.split(separator: "\n").map(String.init)
        #expect(result.code == 1)
        #expect(lines.count == 4)
        guard lines.count == 4 else { return }
        #expect(lines[0].hasPrefix(#"{"line":1,"handler":"completed","kind":"swedbankpay.completed""#))
        #expect(lines[1] == #"{"line":2,"handler":null,"error":"the line is \#(long.utf8.count) bytes, longer than 100000"}"#)
        #expect(lines[2].hasPrefix(#"{"line":4,"handler":"completed","kind""#))
        #expect(lines[3].hasPrefix(#"{"line":5,"handler":"completed","kind""#))
        // Longer than a piece of input, and at the end without a line break: read whole, its body's limits decide.
        #expect(
            runCLI(["decode", "--jsonl", "-"], stdin: long).out.hasPrefix(#"{"line":1,"handler":"completed","error":"$: string is longer"#))
        #expect(runCLI(["decode", "--jsonl", "-", "--max-line-bytes", "10"], stdin: long).out.contains("longer than 10"))
        for bad in ["0", "-1", "x", String(Int.max)] {
            #expect(runCLI(["decode", "--jsonl", "-", "--max-line-bytes", bad]).code == 2, "\(bad)")
        }
        #expect(runCLI(["decode", "--handler", "completed", "--summary"], stdin: #""x""#).code == 2)
    }

    /// `--jobs N` writes exactly what one job writes, in its order, and the same summary and exit
    /// code: over many pieces of input, with every kind of bad line among good ones (not JSON,
    /// too long, not UTF-8, no handler, blank, CRLF), and a last line without a line break.
    @Test func jsonlJobsWriteWhatOneJobWrites() throws {
        let kinds: [[UInt8]] = [
            Array(#"{"handler":"completed","transport":"argument","body":"success"}"#.utf8),
            Array(
                #"{"handler":"voltRedirect","transport":"object","body":{"type":"bank_redirect","url":"https://bank.example/?n=1.0"}}"#.utf8
            ),
            Array(#"{"handler":"sovHandler","transport":"string","body":"{\"type\":\"height\",\"value\":420.50}"}"#.utf8),
            Array(#"{"handler":"voltRedirect","transport":"object","body":{"type":"bank_redirect","url":"javascript:alert(1)"}}"#.utf8),
            Array("not json".utf8),
            Array(#"{"handler":"completed","transport":"argument","body":""#.utf8) + [0xFF, 0xFE] + Array(#""}"#.utf8),
            Array(#"{"transport":"object","body":{}}"#.utf8),
            Array(#"{"handler":"completed","transport":"argument","body":"\#(String(repeating: "x", count: 600))"}"#.utf8),
            [], Array("  \t".utf8),
            Array(#"{"handler":"canceled","transport":"absent"}"#.utf8) + [UInt8(ascii: "\r")],
        ]
        var random = SeededRandom(seed: 53)
        var capture: [UInt8] = []
        for index in 0..<6_000 {
            if index > 0 { capture.append(UInt8(ascii: "\n")) }
            capture += kinds[Int(random.next() % UInt64(kinds.count))]
        }
        #expect(capture.count > 4 * InputSource.pieceSize)
        func run(_ arguments: [String]) -> (code: Int32, out: Data) {
            let result = BridgeCodecCLI.run(
                ["decode", "--jsonl", "-", "--max-line-bytes", "500"] + arguments, input: .bytes(Data(capture)))
            return (result.exitCode, result.standardOutput)
        }
        let one = run([])
        #expect(one.code == 1)
        #expect(String(decoding: one.out, as: UTF8.self).split(separator: "\n").count > 4_500)
        let summary = run(["--summary"])
        for jobs in ["2", "3", "7", "64"] {
            let many = run(["--jobs", jobs])
            #expect(many.code == one.code && many.out == one.out, "--jobs \(jobs) wrote otherwise")
            #expect(run(["--jobs", jobs, "--summary"]).out == summary.out, "--jobs \(jobs) counted otherwise")
        }
        for bad in ["0", "65", "-1", "x"] {
            #expect(runCLI(["decode", "--jsonl", "-", "--jobs", bad]).code == 2, "\(bad)")
        }
        #expect(runCLI(["decode", "--handler", "completed", "--jobs", "2"], stdin: #""x""#).code == 2)
        // A piece of a larger capture numbers its lines from where it stands.
        let numbered = runCLI(["decode", "--jsonl", "-", "--first-line", "100001"], stdin: String(decoding: kinds[0], as: UTF8.self))
        #expect(numbered.out.hasPrefix(#"{"line":100001,"#))
        for bad in ["0", "-3", "x", String(Int.max)] {
            #expect(runCLI(["decode", "--jsonl", "-", "--first-line", bad]).code == 2, "\(bad)")
        }
    }

    /// A pipe's input is answered as it arrives, with one job or several: each piece's results
    /// are written before the next read, which may wait for input (`tail -f … | decode --jsonl -`).
    @Test func jsonlAnswersWhatHasArrivedBeforeReadingMore() {
        final class Pipe: @unchecked Sendable {
            let lock = NSLock()
            var written = 0
            /// The result lines written when each read after the first was made.
            var writtenAtRead: [Int] = []
        }
        let pieces = [
            #"{"handler":"sovHandler","transport":"object","body":{"type":"height","value":420}}"# + "\n",
            #"{"handler":"completed","transport":"argument","body":"success"}"# + "\n" + #"{"handler":"canceled","transport":"absent"}"#
                + "\n",
            "not json\n",
        ].map { Data($0.utf8) }
        for jobs in ["1", "2", "5"] {
            let pipe = Pipe()
            let input = InputSource { offset, _ in
                // One piece a read, as a pipe hands over what has arrived.
                var start = 0
                for piece in pieces {
                    if offset == start {
                        pipe.lock.withLock { if offset > 0 { pipe.writtenAtRead.append(pipe.written) } }
                        return piece
                    }
                    start += piece.count
                }
                return Data()
            }
            let result = BridgeCodecCLI.run(["decode", "--jsonl", "-", "--jobs", jobs], input: input) { data in
                pipe.lock.withLock { pipe.written += data.filter { $0 == UInt8(ascii: "\n") }.count }
            }
            #expect(result.exitCode == 1)
            #expect(pipe.writtenAtRead == [1, 3], "--jobs \(jobs)")
            #expect(pipe.written == 4, "--jobs \(jobs)")
        }
    }

    /// What each line's result would say, counted: by handler, by kind, by the kind of refusal.
    @Test func jsonlSummaryCountsWithoutPageData() throws {
        let lines = [
            #"{"handler":"completed","transport":"argument","body":"success"}"#,
            #"{"handler":"voltRedirect","transport":"object","body":{"type":"bank_redirect","url":"javascript:alert('secret')"}}"#,
            #"{"handler":"voltRedirect","transport":"object","body":{"type":"bank_redirect","url":"https://bank.example/"}}"#,
            "not json",
        ]
        let result = runCLI(["decode", "--jsonl", "-", "--summary"], stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.code == 1)
        #expect(
            result.out == #"{"summary":{"lines":4,"decoded":2,"rejected":2,"handlers":{"completed":1,"voltRedirect":2},"#
                + #""kinds":{"swedbankpay.completed":1,"volt.bankRedirect":1},"errors":{"line.notJSON":1,"urlRejected.forbiddenScheme":1}}}"#
                + "\n")
    }

    /// A breached limit is the same error whichever transport brought the body.
    @Test func aLimitReadsTheSameFromEveryTransport() {
        let deep = #"{"x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}"
        let fromText = runCLI(["decode", "--handler", "sovHandler", "--transport", "string"], stdin: deep)
        let fromGraph = runCLI(["decode", "--handler", "sovHandler", "--transport", "object"], stdin: deep)
        #expect(fromText.code == 1 && fromText.err == fromGraph.err)
        #expect(fromText.err.hasPrefix("error: sovHandler: $.x[0]") && fromText.err.hasSuffix(": nesting is deeper than the limit of 64\n"))
    }

    @Test func demoCoversEveryProviderAndBothOutcomes() {
        let result = runCLI(["demo"])
        #expect(result.code == 0)
        let lines = result.out.split(separator: "\n")
        #expect(lines.count == 20)
        for kind in [
            "volt.bankRedirect", "volt.merchantRedirect", "sovendus.height", "sovendus.openUrl", "branch.hostedLink", "branch.linkComplete",
            "swedbankpay.completed", "swedbankpay.canceled",
        ] {
            #expect(lines.contains { $0.contains(": \(kind) ") }, "\(kind)")
        }
        #expect(lines.filter { $0.contains("rejected: ") }.count == 9)
        #expect(lines.contains { $0.hasPrefix("[object  ]") } && lines.contains { $0.hasPrefix("[string  ]") })
    }

    @Test func neverCrashesOnArbitraryBodies() {
        var generator = SeededRandom(seed: 7)
        let alphabet = Array(#"{}[]",:0123456789-.etruefalsnl"\ typevalueurlhttps://"#.utf8) + [0x00, 0xC3, 0xA9, 0xFF]
        for handler in ProviderExamples.handlerNames {
            for _ in 0..<300 {
                let bytes = (0..<Int(generator.next() % 48)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
                for transport in ["object", "string"] {
                    let result = BridgeCodecCLI.run(["decode", "--handler", handler, "--transport", transport], input: .bytes(Data(bytes)))
                    #expect(result.exitCode == 0 || result.exitCode == 1)
                }
            }
        }
    }

    /// `--model` decodes a Merchant Backend document or a problem strictly, every model by name.
    @Test func modelsDecodeStrictlyWithTheirPaths() throws {
        let root = runCLI(["decode", "--model", "merchant-backend.root"], stdin: #"{"paymentorders":"/p","consumers":"/c","x":[1]}"#)
        #expect(root.code == 0 && root.out == #"{"model":"merchant-backend.root","value":{"consumers":"/c","paymentorders":"/p"}}"# + "\n")
        let order = runCLI(
            ["decode", "--model", "merchant-backend.paymentorder-response", "-"], stdin: MerchantBackend.Examples.paymentOrderResponse)
        #expect(order.code == 0 && order.out.contains(#""rel":"view-paymentorder""#))
        let wrong = runCLI(
            ["decode", "--model", "merchant-backend.set-instrument-request"],
            stdin: #"{"paymentorder":{"operation":"Abort","instrument":"x"}}"#)
        #expect(
            wrong.code == 1
                && wrong.err
                    == "error: merchant-backend.set-instrument-request: $.paymentorder.operation: the operation must be \"SetInstrument\"\n"
        )
        #expect(runCLI(["decode", "--model", "problem"], stdin: "{").code == 1)
        #expect(runCLI(["decode", "--model", "nope"], stdin: "{}").code == 2)
        #expect(runCLI(["decode", "--model", "problem", "--handler", "completed"], stdin: "{}").code == 2)
    }
}
