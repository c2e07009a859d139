import BridgeCodecCommandLine
import Foundation
import Testing

@Suite("bridgecodec json-check")
struct JSONCheckCommandTests {
    private func run(_ arguments: [String], stdin: String = "") -> (code: Int32, out: String, err: String) {
        let result = BridgeCodecCLI.run(arguments, input: .bytes(Data(stdin.utf8)))
        return (
            result.exitCode, String(decoding: result.standardOutput, as: UTF8.self), String(decoding: result.standardError, as: UTF8.self)
        )
    }

    @Test func acceptsStrictJSONFromStandardInput() {
        #expect(run(["json-check"], stdin: #"{"a":[1,2]}"#) == (0, "", ""))
        #expect(run(["json-check", "-"], stdin: "true") == (0, "", ""))
    }

    @Test func rejectsWithOneLineNamingLineAndColumn() {
        #expect(
            run(["json-check"], stdin: "{\n\"a\":1,}") == (1, "", "error: line 2, column 7: found '}' where a string key was expected\n"))
        #expect(run(["json-check"], stdin: #"{"a":1,"a":2}"#).err == "error: line 1, column 8: duplicate object key \"a\"\n")
    }

    @Test func readsFilesAndHonoursLimits() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("json-check-\(UUID().uuidString).json")
        try Data("[[[1]]]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(run(["json-check", file.path]).code == 0)
        #expect(
            run(["json-check", "--max-depth", "2", file.path]).err == "error: line 1, column 3: nesting is deeper than the limit of 2\n")
        #expect(run(["json-check", "--max-bytes=6", file.path]).code == 1)
        #expect(run(["json-check", "/nonexistent/file.json"]).code == 2)
    }

    @Test func usageErrorsExitTwo() {
        #expect(run(["json-check", "--max-depth", "0"]).code == 2)
        #expect(run(["json-check", "--bogus"]).code == 2)
        #expect(run(["json-check", "a", "b"]).code == 2)
        #expect(run(["no-such-command"]).code == 2)
        #expect(run([]).code == 2)
    }

    @Test func everyCommandHasHelp() {
        #expect(run(["--help"]).out.contains("json-check"))
        let help = run(["json-check", "--help"])
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
