import BridgeCodec
import BridgeCodecCommandLine
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("bridgecodec escape")
struct EscapeCommandTests {
    private func run(_ arguments: [String], _ bytes: [UInt8]) -> CommandResult {
        BridgeCodecCLI.run(["escape"] + arguments, input: .bytes(Data(bytes)))
    }

    @Test func writesExactBytesWithoutANewline() {
        let input = Array("a\n</script>".utf8)
        for context in EscapingContext.allCases {
            let result = run(["--context", context.rawValue], input)
            #expect(result.exitCode == 0)
            #expect(result.standardOutput == Data(Escaper.escape("a\n</script>", for: context).utf8))
        }
    }

    @Test func invalidUTF8ExitsOne() {
        #expect(run(["--context", "js"], [0x61, 0xFF]).exitCode == 1)
        #expect(run(["--context", "html"], [0xED, 0xA0, 0x80]).exitCode == 1)
    }

    @Test func jsonLinesMode() {
        let result = run(["--context", "html", "--json-lines"], Array("\"<a>\"\n\"x\\ny\"\n".utf8))
        #expect(String(decoding: result.standardOutput, as: UTF8.self) == "\"&lt;a&gt;\"\n\"x\\ny\"\n")
        #expect(run(["--context", "js", "--json-lines"], Array("not json\n".utf8)).exitCode == 1)
    }

    @Test func jsonLinesCountBlankLinesAndTakeWindowsLineEndsAndLongStrings() {
        let refused = run(["--context", "js", "--json-lines"], Array("\"a\"\n\n  \n\"b\"\r\nnot json\n".utf8))
        #expect(refused.exitCode == 1)
        #expect(String(decoding: refused.standardError, as: UTF8.self).contains("line 5 is not a JSON string"))
        let long = String(repeating: "x", count: JSONLimits.default.maxStringLength + 1)
        let accepted = run(["--context", "url", "--json-lines"], Array("\"\(long)\"\n".utf8))
        #expect(accepted.exitCode == 0)
        #expect(String(decoding: accepted.standardOutput, as: UTF8.self) == "\"\(long)\"\n")
        let windows = run(["--context", "html", "--json-lines"], Array("\"<a>\"\r\n\"\u{2028}&\"\r\n".utf8))
        #expect(String(decoding: windows.standardOutput, as: UTF8.self) == "\"&lt;a&gt;\"\n\"\u{2028}&amp;\"\n")
    }

    @Test func usageErrors() {
        #expect(run([], []).exitCode == 2)
        #expect(run(["--context", "css"], []).exitCode == 2)
        #expect(run(["--context", "js", "file.txt"], []).exitCode == 2)
    }
}
