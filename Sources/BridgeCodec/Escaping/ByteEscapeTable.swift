/// A 256-entry table saying, for each byte, what to write in its place: the engine every
/// context's encoder runs on.
struct ByteEscapeTable: Sendable {
    /// Marks a byte whose replacement depends on the bytes after it (a UTF-8 lead byte).
    static let askFollowingBytes: UInt8 = 0xFF
    /// Marks a byte whose replacement is eight bytes long, kept in ``longOutputs``.
    static let longReplacement: UInt8 = 0xFE
    /// The longest replacement a table holds: one 8-byte store writes any of them.
    static let maximumReplacementLength = 8
    /// The longest replacement kept in an entry, whose eighth byte holds the length.
    private static let longestInlineReplacement = 7

    /// Per byte: the bytes it writes, packed first byte first in memory order, and in the last
    /// byte of the word how many it writes (1 for a byte copied as it is), or a marker
    /// (``askFollowingBytes``, ``longReplacement``). Writing a byte, copied or replaced, is one
    /// table read, one store and no branch; the length byte the store also writes is overwritten
    /// by what follows.
    private let entries: [UInt64]
    /// Per byte marked ``longReplacement``: its eight bytes (HTML writes NUL as `&#xFFFD;`).
    private let longOutputs: [UInt64]
    /// The longest replacement in this table.
    private let longestOutput: Int
    /// Whether any byte is marked ``askFollowingBytes`` or ``longReplacement``.
    private let hasMarkedBytes: Bool

    /// A table from `replacement`, which returns nil for bytes copied as they are, `[]` for bytes
    /// that need a look at what follows, and otherwise at most eight bytes to write instead.
    init(_ replacement: (UInt8) -> [UInt8]?) {
        var entries = [UInt64](repeating: 0, count: 256)
        var longOutputs = [UInt64](repeating: 0, count: 256)
        var longestOutput = 1
        func packed(_ bytes: some Collection<UInt8>) -> UInt64 {
            bytes.enumerated().reduce(0) { word, next in word | UInt64(next.element) << (8 * UInt64(next.offset)) }.littleEndian
        }
        for byte in 0..<256 {
            let bytes = replacement(UInt8(byte)) ?? [UInt8(byte)]
            assert(bytes.count <= Self.maximumReplacementLength, "replacement too long for one store")
            let written = bytes.prefix(Self.maximumReplacementLength)
            let length: UInt8
            switch written.count {
            case 0: length = Self.askFollowingBytes
            case ...Self.longestInlineReplacement: length = UInt8(written.count)
            default:
                length = Self.longReplacement
                longOutputs[byte] = packed(written)
            }
            let inline = written.count <= Self.longestInlineReplacement ? Array(written) : []
            entries[byte] = packed(inline + [UInt8](repeating: 0, count: 7 - inline.count) + [length])
            longestOutput = max(longestOutput, written.count)
        }
        self.entries = entries
        self.longOutputs = longOutputs
        self.hasMarkedBytes = entries.contains { Self.lengthByte(of: $0) >= Self.longReplacement }
        self.longestOutput = longestOutput
    }

    /// Appends `bytes`, escaped, to `output`, between two `delimiter` bytes when one is given (a
    /// JavaScript string's quotes). For a byte marked ``askFollowingBytes``, `following` gets the
    /// input and the byte's position and returns the scalar to write as `\uXXXX` and how many input
    /// bytes (two or three) it covers, or nil to copy the byte.
    ///
    /// One pass, a chunk at a time: each chunk is written through a pointer into room sized for
    /// its worst case, so no write checks capacity. With Swift 6.3 that room is `output`'s own
    /// spare capacity; older compilers have no API for it, and they take
    /// ``escapeThroughScratch(_:into:delimiter:following:)``, which copies each chunk a second
    /// time. Inlined into each context's one caller, so that the chunk loop is compiled with that
    /// context's `following` rather than calling it through a closure.
    @inline(__always)
    func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], delimiter: UInt8? = nil,
        following: (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)? = { _, _ in nil }
    ) {
        #if compiler(>=6.3)
            guard !bytes.isEmpty else {
                if let delimiter { output.append(contentsOf: [delimiter, delimiter]) }
                return
            }
            let worstCase = worstCaseOutput(forChunkOf: bytes.count)
            // One chunk grows `output` once; more would each grow it again.
            if bytes.count > Self.chunkSize { output.reserveCapacity(output.count + bytes.count + worstCase) }
            entries.withUnsafeBufferPointer { entries in
                var index = 0
                while index < bytes.count {
                    output.append(addingCapacity: worstCase) { span in
                        span.withUnsafeMutableBufferPointer { room, initialized in
                            // The room is never empty (`worstCase` is at least 19); were it, the
                            // loop must still end.
                            guard let start = room.baseAddress else {
                                index = bytes.count
                                return
                            }
                            initialized = escapeChunk(
                                bytes, from: &index, entries: entries, delimiter: delimiter, following: following, to: start)
                        }
                    }
                }
            }
        #else
            escapeThroughScratch(bytes, into: &output, delimiter: delimiter, following: following)
        #endif
    }

    /// ``escape(_:into:delimiter:following:)`` as compilers before Swift 6.3 run it: each chunk
    /// is written into a scratch buffer, then appended to `output`. Tests run it on every compiler.
    func escapeThroughScratch(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], delimiter: UInt8? = nil,
        following: (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)? = { _, _ in nil }
    ) {
        guard !bytes.isEmpty else {
            if let delimiter { output.append(contentsOf: [delimiter, delimiter]) }
            return
        }
        let worstCase = worstCaseOutput(forChunkOf: bytes.count)
        if bytes.count > Self.chunkSize { output.reserveCapacity(output.count + bytes.count + 2) }
        entries.withUnsafeBufferPointer { entries in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: worstCase) { scratch in
                guard let start = scratch.baseAddress else { return }
                var index = 0
                while index < bytes.count {
                    let written = escapeChunk(
                        bytes, from: &index, entries: entries, delimiter: delimiter, following: following, to: start)
                    output.append(contentsOf: UnsafeBufferPointer(start: start, count: written))
                }
            }
        }
    }

    /// `bytes` escaped, as a `String`. A value that fits one chunk (most do) is written into a
    /// temporary buffer, on the stack when small, and copied once into the string, whose storage
    /// is then its exact size; writing into an array first cost an allocation more.
    func escapedString(
        _ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8? = nil,
        following: (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)? = { _, _ in nil }
    ) -> String {
        guard !bytes.isEmpty, bytes.count <= Self.chunkSize else {
            var output: [UInt8] = []
            escape(bytes, into: &output, delimiter: delimiter, following: following)
            return String(decoding: output, as: UTF8.self)
        }
        return entries.withUnsafeBufferPointer { entries in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: worstCaseOutput(forChunkOf: bytes.count)) { scratch in
                guard let start = scratch.baseAddress else { return "" }
                var index = 0
                let written = escapeChunk(
                    bytes, from: &index, entries: entries, delimiter: delimiter, following: following, to: start)
                return String(decoding: UnsafeBufferPointer(start: start, count: written), as: UTF8.self)
            }
        }
    }

    /// The most bytes one chunk of an input of `count` bytes can write.
    private func worstCaseOutput(forChunkOf count: Int) -> Int {
        // A chunk's last sequence may run two bytes past it; a `\uXXXX` covers at least two bytes;
        // a byte's 8-byte store may reach seven bytes past what it writes; two delimiters.
        // Wrapping arithmetic: at most (8,192 + 2) × 8 + 10, far from overflowing.
        (min(count, Self.chunkSize) &+ 2) &* max(longestOutput, 3) &+ Self.maximumReplacementLength &+ 2
    }

    /// Escapes the chunk of `bytes` that starts at `index` (the opening delimiter first, at 0; the
    /// closing one after the last byte) to `start`, which has room for ``worstCaseOutput(forChunkOf:)``;
    /// moves `index` past it and returns how many bytes it wrote.
    @inline(__always)
    private func escapeChunk(
        _ bytes: UnsafeBufferPointer<UInt8>, from index: inout Int, entries: UnsafeBufferPointer<UInt64>, delimiter: UInt8?,
        following: (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)?, to start: UnsafeMutablePointer<UInt8>
    ) -> Int {
        guard let input = bytes.baseAddress else { return 0 }
        let count = bytes.count
        let chunkEnd = min(index + Self.chunkSize, count)
        var out = start
        if index == 0, let delimiter {
            out.pointee = delimiter
            out += 1
        }
        if !hasMarkedBytes {
            // No byte needs a look ahead or a long replacement (URL
            // components): the loop is the table read, the store and the two
            // advances. Eight bytes a turn: their table reads do not wait on one
            // another, and the loop's own count and compare are paid once per
            // eight.
            while index &+ 8 <= chunkEnd {
                let first = entries[Int(input[index])]
                let second = entries[Int(input[index &+ 1])]
                let third = entries[Int(input[index &+ 2])]
                let fourth = entries[Int(input[index &+ 3])]
                let fifth = entries[Int(input[index &+ 4])]
                let sixth = entries[Int(input[index &+ 5])]
                let seventh = entries[Int(input[index &+ 6])]
                let eighth = entries[Int(input[index &+ 7])]
                Self.write(first, at: &out)
                Self.write(second, at: &out)
                Self.write(third, at: &out)
                Self.write(fourth, at: &out)
                Self.write(fifth, at: &out)
                Self.write(sixth, at: &out)
                Self.write(seventh, at: &out)
                Self.write(eighth, at: &out)
                index &+= 8
            }
            while index < chunkEnd {
                Self.write(entries[Int(input[index])], at: &out)
                index &+= 1
            }
        } else {
            while index < chunkEnd {
                let byte = input[index]
                let entry = entries[Int(byte)]
                let length = Self.lengthByte(of: entry)
                // One compare for both markers: the common byte pays for one.
                if length >= Self.longReplacement {
                    if length == Self.longReplacement {
                        UnsafeMutableRawPointer(out).storeBytes(of: longOutputs[Int(byte)], as: UInt64.self)
                        out += Self.maximumReplacementLength
                        index &+= 1
                    } else if let (scalar, consumed) = following(bytes, index), (2...3).contains(consumed),
                        consumed <= count - index
                    {
                        Self.writeUnicodeEscape(scalar, to: out)
                        out += Self.unicodeEscapeLength
                        index &+= consumed
                    } else {
                        out.pointee = byte
                        out += 1
                        index &+= 1
                    }
                    continue
                }
                // Copied or replaced alike: one store, advanced by what it means.
                Self.write(entry, at: &out)
                index &+= 1
            }
        }
        if index == count, let delimiter {
            out.pointee = delimiter
            out += 1
        }
        return out - start
    }

    /// The high bit of every byte of a word.
    private static let laneBits: UInt64 = 0x8080_8080_8080_8080

    /// Input bytes escaped per chunk: small enough that the room for the worst case (every byte
    /// replaced) stays modest, large enough that reserving it, or appending a scratch buffer, costs little.
    private static let chunkSize = 8 << 10

    /// An entry's last byte: how many bytes it writes, or a marker.
    @inline(__always)
    private static func lengthByte(of entry: UInt64) -> UInt8 {
        UInt8(truncatingIfNeeded: UInt64(littleEndian: entry) >> 56)
    }

    /// Writes an entry's bytes at `out` with one store and moves `out` past the ones it stands for.
    @inline(__always)
    private static func write(_ entry: UInt64, at out: inout UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(out).storeBytes(of: entry, as: UInt64.self)
        out += Int(Self.lengthByte(of: entry))
    }

    /// How many bytes ``writeUnicodeEscape(_:to:)`` writes.
    static let unicodeEscapeLength = 6

    /// Writes `\uXXXX` (six bytes) for a scalar below U+10000: the one spelling of the escape,
    /// which JavaScript's table also builds its entries from.
    static func writeUnicodeEscape(_ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "u")
        for position in 0..<4 {
            out[2 + position] = Escaper.upperHexDigit(UInt8(truncatingIfNeeded: scalar >> UInt32(12 - 4 * position)) & 0xF)
        }
    }
}
