/// What each byte writes in one context: itself, or a replacement of at most eight bytes. The
/// engine every context's encoder runs on.
struct ByteEscapeTable: Sendable {
    /// Marks a byte whose replacement depends on the bytes after it (a UTF-8 lead byte).
    private static let askFollowingBytes: UInt8 = 0xFF
    /// The longest replacement a table holds.
    private static let maximumReplacementLength = 8

    /// Per byte: how many bytes it writes in its place, 0 for a byte copied as it is, or
    /// ``askFollowingBytes``.
    private let lengths: [UInt8]
    /// Per byte, eight bytes from `8 × byte`: its replacement.
    private let replacements: [UInt8]

    /// A table from `replacement`, which returns nil for bytes copied as they are, `[]` for bytes
    /// that need a look at what follows, and otherwise at most eight bytes to write instead.
    init(_ replacement: (UInt8) -> [UInt8]?) {
        var lengths = [UInt8](repeating: 0, count: 256)
        var replacements = [UInt8](repeating: 0, count: 256 * Self.maximumReplacementLength)
        for byte in 0..<256 {
            guard let bytes = replacement(UInt8(byte)) else { continue }
            let written = bytes.prefix(Self.maximumReplacementLength)
            lengths[byte] = written.isEmpty ? Self.askFollowingBytes : UInt8(written.count)
            replacements.replaceSubrange(
                byte * Self.maximumReplacementLength..<byte * Self.maximumReplacementLength + written.count, with: written)
        }
        self.lengths = lengths
        self.replacements = replacements
    }

    /// Whether `byte` writes anything but itself.
    func escapes(_ byte: UInt8) -> Bool { lengths[Int(byte)] != 0 }

    /// The signature of a table's look at the bytes after a marked byte: given the input and the
    /// byte's position, the scalar to write as `\uXXXX` and how many input bytes (two or three) it
    /// covers, or nil to copy the byte.
    typealias Following = (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)?

    /// Appends `bytes`, escaped, to `output`, between two `delimiter` bytes when one is given (a
    /// JavaScript string's quotes); `following` reads what a marked byte starts.
    @inline(__always)
    func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8], delimiter: UInt8? = nil,
        following: Following = { _, _ in nil }
    ) {
        if bytes.count > Self.chunkSize { output.reserveCapacity(output.count + bytes.count + 2) }
        forEachEscapedChunk(of: bytes, delimiter: delimiter, following: following) { output.append(contentsOf: $0) }
    }

    /// `bytes` escaped, as a `String`.
    func escapedString(_ bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8? = nil, following: Following = { _, _ in nil }) -> String {
        var output: [UInt8] = []
        escape(bytes, into: &output, delimiter: delimiter, following: following)
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes `bytes` a chunk at a time into scratch room for the chunk's worst case, so that no
    /// write checks capacity, and hands each chunk to `body`: the opening delimiter starts the
    /// first, the closing one ends the last.
    @inline(__always)
    private func forEachEscapedChunk(
        of bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8?, following: Following, _ body: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        // Every byte may write a whole replacement (a `\uXXXX` is shorter per byte it covers),
        // and the last may run past the chunk by two bytes; two delimiters.
        let room = (min(bytes.count, Self.chunkSize) + 2) * Self.maximumReplacementLength + 2
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: room) { scratch in
            lengths.withUnsafeBufferPointer { lengths in
                replacements.withUnsafeBufferPointer { replacements in
                    var index = 0
                    repeat {
                        let chunkEnd = min(index + Self.chunkSize, bytes.count)
                        var written = 0
                        if index == 0, let delimiter {
                            scratch[written] = delimiter
                            written += 1
                        }
                        while index < chunkEnd {
                            // The bytes copied as they are, in a loop of their own: most bytes are.
                            while index < chunkEnd, lengths[Int(bytes[index])] == 0 {
                                scratch[written] = bytes[index]
                                written &+= 1
                                index &+= 1
                            }
                            guard index < chunkEnd else { break }
                            let byte = bytes[index]
                            let length = Int(lengths[Int(byte)])
                            if length != Int(Self.askFollowingBytes) {
                                // All eight bytes, a fixed-length copy; what follows overwrites those not used.
                                let start = Int(byte) &* Self.maximumReplacementLength
                                for offset in 0..<Self.maximumReplacementLength {
                                    scratch[written &+ offset] = replacements[start &+ offset]
                                }
                                written &+= length
                                index &+= 1
                            } else if let (scalar, consumed) = following(bytes, index), (2...3).contains(consumed),
                                consumed <= bytes.count - index
                            {
                                Self.writeUnicodeEscape(scalar, to: scratch, at: written)
                                written &+= Self.unicodeEscapeLength
                                index &+= consumed
                            } else {
                                scratch[written] = byte
                                written &+= 1
                                index &+= 1
                            }
                        }
                        if index == bytes.count, let delimiter {
                            scratch[written] = delimiter
                            written += 1
                        }
                        body(UnsafeBufferPointer(rebasing: scratch[..<written]))
                    } while index < bytes.count
                }
            }
        }
    }

    /// Input bytes escaped per chunk: small enough that the room for the worst case (every byte
    /// replaced) stays modest, large enough that handing it over costs little.
    private static let chunkSize = 8 << 10

    /// How many bytes ``writeUnicodeEscape(_:to:at:)`` writes.
    private static let unicodeEscapeLength = 6

    /// Writes `\uXXXX` for a scalar below U+10000 at `offset`: the one spelling of the escape,
    /// which JavaScript's table also builds its entries from.
    static func writeUnicodeEscape(_ scalar: UInt32, to buffer: UnsafeMutableBufferPointer<UInt8>, at offset: Int) {
        buffer[offset] = UInt8(ascii: "\\")
        buffer[offset + 1] = UInt8(ascii: "u")
        for position in 0..<4 {
            buffer[offset + 2 + position] = Escaper.upperHexDigit(UInt8(truncatingIfNeeded: scalar >> UInt32(12 - 4 * position)) & 0xF)
        }
    }

    /// `\uXXXX` for `scalar`, below U+10000.
    static func unicodeEscape(_ scalar: UInt32) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: unicodeEscapeLength) { buffer, initialized in
            writeUnicodeEscape(scalar, to: buffer, at: 0)
            initialized = unicodeEscapeLength
        }
    }
}
