/// A 256-entry table saying, for each byte, what to write instead of it: the engine every
/// context's encoder runs on. Runs of bytes that need nothing are copied in one go.
struct ByteEscapeTable: Sendable {
    /// Marks a byte whose replacement depends on the bytes after it (a UTF-8 lead byte).
    static let askFollowingBytes: UInt8 = 0xFF

    private let stride: Int
    /// Per byte: 0 to copy it, ``askFollowingBytes``, or the length of its replacement.
    private let lengths: [UInt8]
    /// Replacement bytes, `stride` per byte.
    private let replacements: [UInt8]

    /// A table whose replacements are at most `stride` bytes long; `replacement` returns nil for bytes copied as
    /// they are and `[]` for bytes that need a look at what follows.
    init(stride: Int, _ replacement: (UInt8) -> [UInt8]?) {
        self.stride = stride
        var lengths = [UInt8](repeating: 0, count: 256)
        var replacements = [UInt8](repeating: 0, count: 256 * stride)
        for byte in 0..<256 {
            guard let bytes = replacement(UInt8(byte)) else { continue }
            lengths[byte] = bytes.isEmpty ? Self.askFollowingBytes : UInt8(bytes.count)
            replacements.replaceSubrange(byte * stride..<byte * stride + bytes.count, with: bytes)
        }
        self.lengths = lengths
        self.replacements = replacements
    }

    /// Appends `bytes`, escaped, to `output`. For a byte marked ``askFollowingBytes``, `following`
    /// gets the input and the byte's position and returns the scalar to write as `\uXXXX` and how many
    /// input bytes (two or three) it covers, or nil to copy the byte.
    ///
    /// One pass, a chunk at a time: each chunk is written through a pointer into a scratch buffer
    /// sized for the chunk's worst case, so no write checks capacity, then appended whole.
    func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8],
        following: (UnsafeBufferPointer<UInt8>, Int) -> (scalar: UInt32, consumed: Int)? = { _, _ in nil }
    ) {
        guard let input = bytes.baseAddress, !bytes.isEmpty else { return }
        let count = bytes.count
        // A chunk's last sequence may run two bytes past it; a `\uXXXX` covers at least two bytes.
        let chunkSize = min(count, Self.chunkSize)
        let worstCase = (chunkSize + 2) * max(stride, 3)
        output.reserveCapacity(output.count + count)
        lengths.withUnsafeBufferPointer { lengths in
            replacements.withUnsafeBufferPointer { replacements in
                withUnsafeTemporaryAllocation(of: UInt8.self, capacity: worstCase) { scratch in
                    guard let scratchBase = scratch.baseAddress, let replacementBase = replacements.baseAddress else { return }
                    var index = 0
                    while index < count {
                        let chunkEnd = min(index + chunkSize, count)
                        var out = scratchBase
                        var runStart = index
                        // Blocks of eight that need nothing are skipped whole; a block that needs something
                        // is walked byte by byte, and the skip is tried again only after it.
                        var blockEnd = index
                        while index < chunkEnd {
                            if index >= blockEnd {
                                if index + 8 <= chunkEnd, Self.copiesEight(input + index, lengths) {
                                    index += 8
                                    continue
                                }
                                blockEnd = index + 8
                            }
                            let byte = input[index]
                            let length = Int(lengths[Int(byte)])
                            if length == 0 {
                                index += 1
                                continue
                            }
                            let runLength = index - runStart
                            if length == Int(Self.askFollowingBytes) {
                                guard let (scalar, consumed) = following(bytes, index), (2...3).contains(consumed),
                                    consumed <= count - index
                                else {
                                    index += 1
                                    continue
                                }
                                out.update(from: input + runStart, count: runLength)
                                out += runLength
                                Self.writeUnicodeEscape(scalar, to: out)
                                out += 6
                                index += consumed
                            } else {
                                out.update(from: input + runStart, count: runLength)
                                out += runLength
                                out.update(from: replacementBase + Int(byte) * stride, count: length)
                                out += length
                                index += 1
                            }
                            runStart = index
                        }
                        let runLength = index - runStart
                        out.update(from: input + runStart, count: runLength)
                        out += runLength
                        output.append(contentsOf: UnsafeBufferPointer(start: scratchBase, count: out - scratchBase))
                    }
                }
            }
        }
    }

    /// Input bytes escaped per pass through the scratch buffer: small enough that the worst case
    /// (every byte replaced) stays a modest buffer, large enough that appending it costs little.
    private static let chunkSize = 8 << 10

    /// Whether all eight bytes at `bytes` are copied as they are. Eight table reads OR-ed together,
    /// with one branch: in ASCII-heavy text most blocks of eight need nothing, and the per-byte
    /// loop's branch on every byte is what costs.
    @inline(__always)
    private static func copiesEight(_ bytes: UnsafePointer<UInt8>, _ lengths: UnsafeBufferPointer<UInt8>) -> Bool {
        let first = lengths[Int(bytes[0])] | lengths[Int(bytes[1])] | lengths[Int(bytes[2])] | lengths[Int(bytes[3])]
        let second = lengths[Int(bytes[4])] | lengths[Int(bytes[5])] | lengths[Int(bytes[6])] | lengths[Int(bytes[7])]
        return first | second == 0
    }

    /// Writes `\uXXXX` (six bytes) for a scalar below U+10000.
    private static func writeUnicodeEscape(_ scalar: UInt32, to out: UnsafeMutablePointer<UInt8>) {
        out[0] = UInt8(ascii: "\\")
        out[1] = UInt8(ascii: "u")
        for position in 0..<4 {
            out[2 + position] = Escaper.upperHexDigits[Int((scalar >> UInt32(12 - 4 * position)) & 0xF)]
        }
    }
}
