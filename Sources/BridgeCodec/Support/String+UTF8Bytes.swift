extension String {
    /// Calls `body` with the string's UTF-8 code units in contiguous memory.
    ///
    /// `withUTF8` needs a mutable copy of the `String`, and copying one whose bytes are on the
    /// heap costs a retain and a release; here its storage is lent in place. A small string (up
    /// to 15 bytes, held in the value itself) is copied to the stack, and a bridged string
    /// (Apple platforms) into contiguous UTF-8 once.
    @inline(__always)
    func withUTF8Bytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let lent = utf8.withContiguousStorageIfAvailable(body) { return lent }
        var copy = self
        return copy.withUTF8(body)
    }
}

extension Collection<UInt8> {
    /// Calls `body` with the bytes in contiguous memory: an array's, `Data`'s or a buffer's lent
    /// in place, any other collection's copied once.
    func withContiguousBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withContiguousStorageIfAvailable(body) ?? Array(self).withUnsafeBufferPointer(body)
    }
}
