/// Calls `body` for each text of `lengths` bytes of `a` in which one byte, at every offset, is
/// replaced by every byte value: how the sixteen- and eight-byte scans are checked at every lane,
/// across blocks and in the tail.
func forEveryByteAtEveryOffset(lengths: ClosedRange<Int>, _ body: (_ text: [UInt8], _ offset: Int, _ byte: UInt8) -> Void) {
    for length in lengths {
        for offset in 0..<length {
            for byte in UInt8(0)...0xFF {
                var text = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                text[offset] = byte
                body(text, offset, byte)
            }
        }
    }
}
