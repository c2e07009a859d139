import BridgeCodec
import BridgeCodecCommandLine
import Foundation
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

    @Test func usageErrors() {
        #expect(run([], []).exitCode == 2)
        #expect(run(["--context", "css"], []).exitCode == 2)
        #expect(run(["--context", "js", "file.txt"], []).exitCode == 2)
    }
}
