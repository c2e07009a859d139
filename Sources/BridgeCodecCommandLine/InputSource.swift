import Foundation

/// Where a command reads its input: a named file or standard input, never more than a bound.
///
/// Every command reads through here, and no failure traps: a directory, a missing or
/// unreadable file, a device, a read error and a file whose size changes while it is read each
/// end in exit 2 with `error: cannot read PATH: REASON`.
public struct InputSource: Sendable {
    /// The next piece of standard input after the first `offset` bytes, at most `count` bytes
    /// long; empty at its end. A pipe's piece is what has arrived, so a reader sees a line as
    /// soon as it is written.
    let readStandardInput: @Sendable (_ offset: Int, _ count: Int) throws -> Data

    /// Reads standard input through `read`, which returns the next piece after the first
    /// `offset` bytes, at most `count` bytes, empty at the end, or throws when it cannot read.
    public init(readStandardInput: @escaping @Sendable (_ offset: Int, _ count: Int) throws -> Data) {
        self.readStandardInput = readStandardInput
    }

    /// The process's real standard input, read in order.
    public static let processStandardInput = InputSource { _, count in
        try readAvailable(FileHandle.standardInput, upTo: count)
    }

    static func readAvailable(_ handle: FileHandle, upTo count: Int) throws -> Data {
        try readOnce(handle.fileDescriptor, upTo: count)
    }

    /// Fixed bytes as standard input, for tests.
    public static func bytes(_ data: Data) -> InputSource {
        InputSource { offset, count in data.dropFirst(offset).prefix(count) }
    }

    /// The size of the pieces files and standard input are read in.
    static let pieceSize = 1 << 16

    /// One line of a file or of standard input, without its line break.
    enum Line {
        case text(ArraySlice<UInt8>)
        /// Longer than the limit: its length, read past and dropped.
        case tooLong(byteCount: Int)
    }

    /// Calls `body` with each line of `path` (or stdin for `-` or `nil`), its number from 1, as
    /// the line is read, and `pieceDone` after the lines of each piece read: memory stays within
    /// `maxLineBytes` and a piece, whatever the input's size. `pieceDone` is told whether the
    /// piece held all the input there was (a short read, or the end), so that the next read may
    /// wait for input: what has been read must then be answered before it.
    func forEachLine(
        _ path: String?, maxLineBytes: Int, pieceDone: (_ caughtUp: Bool) -> Void = { _ in }, _ body: (Int, Line) -> Void
    ) throws(ArgumentList.UsageError) {
        let what = path.flatMap { $0 == "-" ? nil : $0 } ?? "standard input"
        var nextPiece: (Int) throws -> Data
        var handle: FileHandle?
        if let path, path != "-" {
            try Self.refuseDevices(path)
            do {
                let file = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
                handle = file
                nextPiece = { _ in try Self.readAvailable(file, upTo: Self.pieceSize) }
            } catch {
                throw Self.failure(path, Self.reason(error))
            }
        } else {
            nextPiece = { offset in try readStandardInput(offset, Self.pieceSize) }
        }
        defer { try? handle?.close() }
        var pending: [UInt8] = []
        var dropping = 0  // bytes of a line too long, read past
        var number = 0
        var offset = 0
        while true {
            let piece: [UInt8]
            do {
                piece = Array(try nextPiece(offset))
            } catch {
                throw Self.failure(what, Self.reason(error))
            }
            offset += piece.count
            var start = 0
            while let newline = piece[start...].firstIndex(of: UInt8(ascii: "\n")) {
                number += 1
                let head = piece[start..<newline]
                if dropping > 0 || pending.count + head.count > maxLineBytes {
                    body(number, .tooLong(byteCount: dropping + pending.count + head.count))
                } else if pending.isEmpty {
                    body(number, .text(head))
                } else {
                    pending += head
                    body(number, .text(pending[...]))
                }
                pending.removeAll(keepingCapacity: pending.capacity <= maxLineBytes)
                dropping = 0
                start = newline + 1
            }
            pieceDone(piece.count < Self.pieceSize)
            let rest = piece[start...]
            if dropping > 0 || pending.count + rest.count > maxLineBytes {
                dropping += pending.count + rest.count
                pending.removeAll()
            } else {
                pending += rest
            }
            if piece.isEmpty { break }
        }
        if dropping > 0 {
            body(number + 1, .tooLong(byteCount: dropping))
        } else if !pending.isEmpty {
            body(number + 1, .text(pending[...]))
        }
    }

    /// Reads `path` (or stdin for `-` or `nil`) up to `limit` bytes. Reading `limit + 1` bytes
    /// lets the caller tell "exactly at the limit" from "over it" without reading everything.
    func read(_ path: String?, limit: Int) throws(ArgumentList.UsageError) -> Data {
        let bound = limit == Int.max ? limit : limit + 1
        guard let path, path != "-" else {
            do {
                var data = Data()
                while data.count < bound {
                    let piece = try readStandardInput(data.count, min(Self.pieceSize, bound - data.count))
                    if piece.isEmpty { break }
                    data.append(piece)
                }
                return data
            } catch {
                throw Self.failure("standard input", Self.reason(error))
            }
        }
        return try Self.readFile(path, bound: bound)
    }

    /// Refuses a directory, a device or a socket before it is opened: reading one can block, or
    /// never end. Pipes are read, so that `<(command)` and `tail -f` work.
    @discardableResult
    private static func refuseDevices(_ path: String) throws(ArgumentList.UsageError) -> [FileAttributeKey: Any]? {
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        switch attributes?[.type] as? FileAttributeType {
        case .typeDirectory?: throw failure(path, "it is a directory")
        case .typeCharacterSpecial?, .typeBlockSpecial?, .typeSocket?: throw failure(path, "it is not a regular file")
        default: return attributes
        }
    }

    private static func readFile(_ path: String, bound: Int) throws(ArgumentList.UsageError) -> Data {
        let attributes = try refuseDevices(path)
        let type = attributes?[.type] as? FileAttributeType
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

/// One `read(2)` of `descriptor`: what has arrived, at most `count` bytes; empty at its end.
/// `FileHandle.read(upToCount:)` waits for `count` bytes from a pipe, where a line must be
/// handed on as soon as it arrives, and `availableData` traps on a read error.
private func readOnce(_ descriptor: Int32, upTo count: Int) throws -> Data {
    var buffer = [UInt8](repeating: 0, count: count)
    while true {
        let received = buffer.withUnsafeMutableBytes { bytes in read(descriptor, bytes.baseAddress, bytes.count) }
        if received >= 0 { return Data(buffer.prefix(received)) }
        guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }
}
