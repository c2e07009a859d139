import BridgeCodecCommandLine
import Foundation
import Testing

@Suite("bridgecodec json-check")
struct JSONCheckCommandTests {
    @Test func acceptsStrictJSONFromStandardInput() {
        #expect(runCLI(["json-check"], stdin: #"{"a":[1,2]}"#) == (0, "", ""))
        #expect(runCLI(["json-check", "-"], stdin: "true") == (0, "", ""))
    }

    @Test func rejectsWithOneLineNamingLineAndColumn() {
        #expect(
            runCLI(["json-check"], stdin: "{\n\"a\":1,}") == (1, "", "error: line 2, column 7: found '}' where a string key was expected\n")
        )
        #expect(runCLI(["json-check"], stdin: #"{"a":1,"a":2}"#).err == "error: line 1, column 8: duplicate object key \"a\"\n")
    }

    @Test func readsFilesAndHonoursLimits() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("json-check-\(UUID().uuidString).json")
        try Data("[[[1]]]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(runCLI(["json-check", file.path]).code == 0)
        #expect(
            runCLI(["json-check", "--max-depth", "2", file.path]).err == "error: line 1, column 3: nesting is deeper than the limit of 2\n")
        #expect(runCLI(["json-check", "--max-bytes=6", file.path]).code == 1)
        #expect(runCLI(["json-check", "/nonexistent/file.json"]).code == 2)
    }

    /// A document nested 200,000 deep is refused at level 513 under the deepest limit, where
    /// building its tree would overflow the stack on the way out.
    @Test func aVeryDeepDocumentIsRefusedAtTheDeepestNesting() {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let result = runCLI(["json-check", "--max-depth", "512", "--max-bytes", "1000000"], stdin: deep)
        #expect(result == (1, "", "error: line 1, column 513: nesting is deeper than the limit of 512\n"))
    }

    /// A limit beyond what the library allows is a usage error naming the range, never lowered
    /// in silence.
    @Test func limitsOutsideTheirRangeAreUsageErrors() {
        #expect(
            runCLI(["json-check", "--max-depth", "1000000"], stdin: "[]")
                == (2, "", "error: --max-depth is 1000000; it must be from 1 to 512\nrun 'bridgecodec json-check --help' for usage\n"))
        #expect(
            runCLI(["json-check", "--max-bytes", "99999999999"], stdin: "[]").err.hasPrefix(
                "error: --max-bytes is 99999999999; it must be from 1 to 4294967294\n"))
    }

    @Test func usageErrorsExitTwo() {
        #expect(runCLI(["json-check", "--max-depth", "0"]).code == 2)
        #expect(runCLI(["json-check", "--bogus"]).code == 2)
        #expect(runCLI(["json-check", "a", "b"]).code == 2)
        #expect(runCLI(["no-such-command"]).code == 2)
        #expect(runCLI([]).code == 2)
    }

    @Test func everyCommandHasHelp() {
        #expect(runCLI(["--help"]).out.contains("json-check"))
        let help = runCLI(["json-check", "--help"])
        #expect(help.code == 0)
        #expect(help.out.hasPrefix("usage: bridgecodec json-check"))
    }

    @Test func neverCrashesOnArbitraryBytes() {
        for byte in UInt8.min...UInt8.max {
            let result = BridgeCodecCLI.run(["json-check"], input: .bytes(Data([UInt8(ascii: "["), byte, UInt8(ascii: "]")])))
            #expect(result.exitCode == 0 || result.exitCode == 1)
        }
    }
}
