import Foundation
import Testing

/// The command-line block of `docs/cli.md`, run as written: each command in-process, with the
/// files from `examples/`, exiting 0 or 1 (never a usage error), and printing the lines shown under it.
@Suite("docs/cli.md command-line examples")
struct ReadmeCommandsTests {
    private struct Command {
        let line: String
        var expected: [String] = []
    }

    @Test func everyCommandPrintsWhatTheDocsShow() throws {
        let commands = try documentedCommands()
        #expect(commands.count >= 10)
        for command in commands {
            let (arguments, stdin) = try invocation(command.line)
            let result = runCLI(arguments, stdin: stdin)
            #expect(result.code == 0 || result.code == 1, "\(command.line): exit \(result.code) \(result.err)")
            guard !command.expected.isEmpty else { continue }
            let printed = (result.out + result.err).split(separator: "\n").map(String.init)
            #expect(printed == command.expected, "\(command.line)")
        }
    }

    /// The text of `docs/cli.md`.
    private func cliDocument() throws -> String {
        try String(contentsOf: TestData.packageRoot.appendingPathComponent("docs/cli.md"), encoding: .utf8)
    }

    /// The commands of the `sh` block under "Commands" in `docs/cli.md`, each with the `# ` lines after it.
    private func documentedCommands() throws -> [Command] {
        let document = try cliDocument()
        let section = try #require(document.range(of: "\n## Commands\n"))
        let open = try #require(document.range(of: "```sh\n", range: section.upperBound..<document.endIndex))
        let close = try #require(document.range(of: "```", range: open.upperBound..<document.endIndex))
        var commands: [Command] = []
        for line in document[open.upperBound..<close.lowerBound].split(separator: "\n") {
            if line.hasPrefix("# "), !commands.isEmpty {
                commands[commands.count - 1].expected.append(String(line.dropFirst(2)))
            } else {
                commands.append(Command(line: String(line)))
            }
        }
        return commands
    }

    /// The CLI arguments of `line` (`swift run bridgecodec …`, perhaps after `echo '…' |` or
    /// `printf '…' |`) and its standard input; `examples/` paths made absolute.
    private func invocation(_ line: String) throws -> (arguments: [String], stdin: String) {
        let prefix = "swift run bridgecodec "
        var stdin = ""
        var command = Substring(line)
        if let pipe = line.range(of: " | " + prefix) {
            let producer = try words(line[..<pipe.lowerBound])
            try #require(producer.count == 2 && (producer[0] == "echo" || producer[0] == "printf"), "\(line)")
            stdin = producer[0] == "echo" ? producer[1] + "\n" : producer[1]
            command = line[pipe.upperBound...]
        } else {
            try #require(line.hasPrefix(prefix), "\(line)")
            command = command.dropFirst(prefix.count)
        }
        let root = TestData.packageRoot.path + "/"
        return (try words(command).map { $0.hasPrefix("examples/") ? root + $0 : $0 }, stdin)
    }

    /// Words split on spaces, a single-quoted run kept whole, as the shell reads these lines.
    private func words(_ text: Substring) throws -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var hasWord = false
        for character in text {
            if character == "'" {
                inQuotes.toggle()
                hasWord = true
            } else if character == " ", !inQuotes {
                if hasWord { words.append(current) }
                current = ""
                hasWord = false
            } else {
                current.append(character)
                hasWord = true
            }
        }
        try #require(!inQuotes, "unclosed quote in \(text)")
        if hasWord { words.append(current) }
        return words
    }

    /// The fleet recipe of `docs/cli.md`, run as written with `sh` over a capture of several
    /// pieces: the merged output is byte for byte what one run writes.
    @Test func theFleetRecipeMergesToWhatOneRunWrites() throws {
        let document = try cliDocument()
        let section = try #require(document.range(of: "\n## A fleet's logs\n"))
        let open = try #require(document.range(of: "```sh\n", range: section.upperBound..<document.endIndex))
        let close = try #require(document.range(of: "```", range: open.upperBound..<document.endIndex))
        let recipe = String(document[open.upperBound..<close.lowerBound])
        let binary = try #require(builtCLI, "the bridgecodec executable is not built beside the tests")
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecodec-fleet-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let kinds = [
            #"{"handler":"completed","transport":"argument","body":"success"}"#,
            #"{"handler":"voltRedirect","transport":"object","body":{"type":"bank_redirect","url":"javascript:alert(1)"}}"#,
            #"{"handler":"sovHandler","transport":"string","body":"{\"type\":\"height\",\"value\":420}"}"#,
            "not json",
        ]
        // Two pieces of the recipe's 100,000 lines and a short third.
        let capture = (0..<205_000).map { kinds[$0 % kinds.count] }.joined(separator: "\n") + "\n"
        try capture.write(to: folder.appendingPathComponent("capture.jsonl"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-e", "-c", recipe]
        process.currentDirectoryURL = folder
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = binary.deletingLastPathComponent().path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "the recipe failed")
        let pieces = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
            $0.hasPrefix("piece-") && !$0.hasSuffix(".out")
        }
        #expect(pieces.count == 3)
        let merged = try Data(contentsOf: folder.appendingPathComponent("decoded.jsonl"))
        let one = try runBuiltCLI(["decode", "--jsonl", folder.appendingPathComponent("capture.jsonl").path])
        #expect(one.code == 1)
        #expect(merged == Data(one.out.utf8), "the merged pieces differ from one run")
    }
}
