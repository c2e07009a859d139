import Foundation

/// Where a command reads its input: a named file or standard input, never more than a bound.
public struct InputSource: Sendable {
    /// Reads standard input, returning at most the given number of bytes.
    let readStandardInput: @Sendable (Int) -> Data

    /// Reads standard input through `read`, which returns at most the number of bytes it is given.
    public init(readStandardInput: @escaping @Sendable (Int) -> Data) {
        self.readStandardInput = readStandardInput
    }

    /// The process's real standard input.
    public static let processStandardInput = InputSource { limit in
        readBounded(FileHandle.standardInput, limit: limit)
    }

    /// Fixed bytes as standard input, for tests.
    public static func bytes(_ data: Data) -> InputSource {
        InputSource { limit in data.prefix(limit) }
    }

    /// Reads `path` (or stdin for `-` or `nil`) up to `limit` bytes. Reading `limit + 1` bytes
    /// lets the caller tell "exactly at the limit" from "over it" without reading everything.
    func read(_ path: String?, limit: Int) throws(ArgumentList.UsageError) -> Data {
        let bound = limit == Int.max ? limit : limit + 1
        guard let path, path != "-" else { return readStandardInput(bound) }
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw ArgumentList.UsageError(message: "cannot read \(path)")
        }
        defer { try? handle.close() }
        return Self.readBounded(handle, limit: bound)
    }

    private static func readBounded(_ handle: FileHandle, limit: Int) -> Data {
        var data = Data()
        while data.count < limit {
            let chunk = handle.readData(ofLength: min(1 << 16, limit - data.count))
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        return data
    }
}
