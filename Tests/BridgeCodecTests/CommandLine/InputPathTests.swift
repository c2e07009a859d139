import Foundation
import Testing

/// Every command reads through one input path, tried here on the built binary as a user runs
/// it: what cannot be read ends in exit 2 and `error: cannot read PATH: REASON`, never a trap.
@Suite("CLI input that cannot be read")
struct InputPathTests {
    /// Each command that reads a file, with the file's place in its arguments.
    private static let readers: [(name: String, arguments: @Sendable (String) -> [String])] = [
        ("json-check", { ["json-check", $0] }),
        ("decode", { ["decode", "--handler", "sovHandler", $0] }),
        ("decode --jsonl", { ["decode", "--jsonl", $0] }),
        ("page", { ["page", "sovendus", "--order", $0] }),
    ]

    private func expectUnreadable(_ path: String, because reason: String) throws {
        for reader in Self.readers {
            let result = try runBuiltCLI(reader.arguments(path))
            #expect(result.code == 2, "\(reader.name) \(path)")
            #expect(result.err == "error: cannot read \(path): \(reason)\n", "\(reader.name) \(path)")
            #expect(result.out.isEmpty)
        }
    }

    @Test func aDirectory() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecodec-dir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try expectUnreadable(directory.path, because: "it is a directory")
        // On standard input too.
        let escape = try runBuiltCLI(["escape", "--context", "js"], stdinPath: directory.path)
        #expect(escape.code == 2 && escape.err == "error: cannot read standard input: Is a directory\n")
    }

    @Test func aMissingFile() throws {
        try expectUnreadable("/nonexistent/bridgecodec-\(UUID().uuidString).json", because: "No such file or directory")
    }

    @Test func aDevice() throws {
        try expectUnreadable("/dev/zero", because: "it is not a regular file")
        try expectUnreadable("/dev/null", because: "it is not a regular file")
    }

    /// A read that fails after the open: the kernel refuses to read address 0 of a process.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func aReadError() throws {
        try expectUnreadable("/proc/self/mem", because: "Input/output error")
    }

    /// A file whose size is not what it was when it was opened: `/proc` reports 0 bytes and holds
    /// more. `decode --jsonl` reads a capture line by line as it grows, so it reads such a file.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/status")))
    func aFileThatChangesWhileRead() throws {
        let jsonl = try runBuiltCLI(["decode", "--jsonl", "/proc/self/status"])
        #expect(jsonl.code == 1 && jsonl.out.hasPrefix(#"{"line":1,"handler":null,"error":"the line is not JSON"#))
        for reader in Self.readers where reader.name != "decode --jsonl" {
            let result = try runBuiltCLI(reader.arguments("/proc/self/status"))
            #expect(result.code == 2, "\(reader.name)")
            #expect(result.err.hasPrefix("error: cannot read /proc/self/status: it was 0 bytes when opened and "), "\(reader.name)")
        }
    }

    /// Permissions do not bind root, which CI may run as: then the file is simply read.
    @Test func anUnreadableFile() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecodec-\(UUID().uuidString).json")
        try Data("[1]".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file.path)
        let result = try runBuiltCLI(["json-check", file.path])
        if FileManager.default.isReadableFile(atPath: file.path) {
            #expect(result.code == 0)
        } else {
            #expect(result.code == 2 && result.err == "error: cannot read \(file.path): Permission denied\n")
        }
    }

    /// Standard input that never ends is read up to the limit and one byte more, then refused.
    @Test func endlessInputIsReadOnlyToTheLimit() throws {
        let result = try runBuiltCLI(["json-check", "--max-bytes", "1000"], stdinPath: "/dev/zero")
        #expect(result.code == 1)
        #expect(result.err.contains("larger than the limit of 1000"))
    }

    @Test func aReadableFileStillWorks() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("bridgecodec-\(UUID().uuidString).json")
        try Data(#"{"type":"height","value":420}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try runBuiltCLI(["json-check", file.path]).code == 0)
        #expect(try runBuiltCLI(["decode", "--handler", "sovHandler", file.path]).code == 0)
        #expect(try runBuiltCLI(["json-check", "-"], stdinPath: file.path).code == 0)
    }
}
