import Foundation

/// Where a command reads its input: a named file or standard input, never more than a bound.
///
/// Every command reads through here, and no failure traps: a directory, a missing or
/// unreadable file, a device, a read error and a file whose size changes while it is read each
/// end in exit 2 with `error: cannot read PATH: REASON`.
public struct InputSource: Sendable {
    /// Reads standard input, returning at most the given number of bytes.
    let readStandardInput: @Sendable (Int) throws -> Data

    /// Reads standard input through `read`, which returns at most the number of bytes it is
    /// given, or throws when it cannot read.
    public init(readStandardInput: @escaping @Sendable (Int) throws -> Data) {
        self.readStandardInput = readStandardInput
    }

    /// The process's real standard input.
    public static let processStandardInput = InputSource { limit in
        try readBounded(FileHandle.standardInput, limit: limit)
    }

    /// Fixed bytes as standard input, for tests.
    public static func bytes(_ data: Data) -> InputSource {
        InputSource { limit in data.prefix(limit) }
    }

    /// Reads `path` (or stdin for `-` or `nil`) up to `limit` bytes. Reading `limit + 1` bytes
    /// lets the caller tell "exactly at the limit" from "over it" without reading everything.
    func read(_ path: String?, limit: Int) throws(ArgumentList.UsageError) -> Data {
        let bound = limit == Int.max ? limit : limit + 1
        guard let path, path != "-" else {
            do {
                return try readStandardInput(bound)
            } catch {
                throw Self.failure("standard input", Self.reason(error))
            }
        }
        return try Self.readFile(path, bound: bound)
    }

    private static func readFile(_ path: String, bound: Int) throws(ArgumentList.UsageError) -> Data {
        // Devices and sockets are refused before they are opened: reading one can block, or
        // never end. Pipes are read, so that `<(command)` works.
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let type = attributes?[.type] as? FileAttributeType
        switch type {
        case .typeDirectory?: throw failure(path, "it is a directory")
        case .typeCharacterSpecial?, .typeBlockSpecial?, .typeSocket?: throw failure(path, "it is not a regular file")
        default: break
        }
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try readBounded(handle, limit: bound)
        } catch {
            throw failure(path, reason(error))
        }
        // A regular file read short of the bound must have the size it had when it was opened.
        if type == .typeRegular, let size = (attributes?[.size] as? NSNumber)?.intValue, data.count < bound || size < bound,
            size != data.count
        {
            throw failure(path, "it was \(size) bytes when opened and \(data.count) when read")
        }
        return data
    }

    private static func readBounded(_ handle: FileHandle, limit: Int) throws -> Data {
        var data = Data()
        while data.count < limit {
            guard let chunk = try handle.read(upToCount: min(1 << 16, limit - data.count)), !chunk.isEmpty else { break }
            data.append(chunk)
        }
        return data
    }

    private static func failure(_ what: String, _ reason: String) -> ArgumentList.UsageError {
        ArgumentList.UsageError(message: "cannot read \(what): \(reason)", showsHelp: false)
    }

    /// The system's words for a failed open or read (`No such file or directory`), found in the
    /// error or in the POSIX error beneath it.
    private static func reason(_ error: any Error) -> String {
        var current = error as NSError
        while current.domain != NSPOSIXErrorDomain, let underlying = current.userInfo[NSUnderlyingErrorKey] as? NSError {
            current = underlying
        }
        if current.domain == NSPOSIXErrorDomain, let text = strerror(Int32(truncatingIfNeeded: current.code)) {
            return String(cString: text)
        }
        if let code = (error as? CocoaError)?.code {
            switch code {
            case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
            case .fileReadNoPermission: return "Permission denied"
            default: break
            }
        }
        return error.localizedDescription
    }
}
