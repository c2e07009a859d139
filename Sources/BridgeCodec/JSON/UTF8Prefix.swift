import Foundation

/// A string's UTF-8 length and first sixteen bytes, zero-padded, as integers: comparing two
/// costs three integer compares. Equal prefixes of strings of at most sixteen bytes mean equal
/// code units; longer strings also compare the bytes beyond.
///
/// Names compared on every message (handler names, discriminators such as Volt's `type`) are
/// turned into prefixes once, so a lookup never touches `String` machinery.
struct UTF8Prefix: Equatable, Sendable {
    /// How many bytes a prefix holds.
    static let capacity = 16

    private(set) var length = 0
    private var head: UInt64 = 0
    private var tail: UInt64 = 0

    /// The prefix of code units read one by one (a bridged string's, say).
    init<Bytes: Sequence<UInt8>>(_ utf8: Bytes) {
        for byte in utf8 {
            if length < 8 {
                head |= UInt64(byte) << (8 * length)
            } else if length < 16 {
                tail |= UInt64(byte) << (8 * (length - 8))
            }
            length += 1
        }
    }

    /// The prefix of bytes in memory.
    ///
    /// Read as a small `memcpy` is, a few loads that may overlap, except that no load crosses
    /// byte 8: a short string is copied onto the stack as two words just before it is read here,
    /// and a load that straddles two stores still in flight waits until both are written (a
    /// store-forwarding stall, about 4 ns on the project's machine, as long as the rest of the
    /// lookup). A call to `memcpy` cost more than the lookup it served.
    @inline(__always)
    init(contiguous utf8: UnsafeBufferPointer<UInt8>) {
        length = utf8.count
        guard let base = utf8.baseAddress else { return }
        let bytes = UnsafeRawPointer(base)
        let count = utf8.count
        if count >= 16 {
            head = Self.word(bytes)
            tail = Self.word(bytes + 8)
        } else if count >= 8 {
            head = Self.word(bytes)
            tail = Self.partialWord(bytes + 8, count: count - 8)
        } else {
            head = Self.partialWord(bytes, count: count)
        }
    }

    /// The `count` bytes (fewer than eight) at `bytes` as a little-endian word, zero-padded.
    @inline(__always)
    private static func partialWord(_ bytes: UnsafeRawPointer, count: Int) -> UInt64 {
        if count >= 4 {
            let low = UInt64(UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: bytes.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
            // Overlapping bytes are the same in both halves, so or-ing them changes nothing.
            return low | high << (8 * UInt64(count - 4))
        }
        guard count > 0 else { return 0 }
        let middle = count / 2
        return UInt64(bytes.load(as: UInt8.self)) | UInt64(bytes.load(fromByteOffset: middle, as: UInt8.self)) << (8 * UInt64(middle))
            | UInt64(bytes.load(fromByteOffset: count - 1, as: UInt8.self)) << (8 * UInt64(count - 1))
    }

    /// Eight bytes from `bytes` as a little-endian word.
    @inline(__always)
    private static func word(_ bytes: UnsafeRawPointer) -> UInt64 {
        UInt64(littleEndian: bytes.loadUnaligned(as: UInt64.self))
    }
}

/// Strings known in advance, each with a value, matched against bytes by ``UTF8Prefix``.
struct UTF8PrefixTable<Value: Sendable>: Sendable {
    private struct Entry: Sendable {
        let prefix: UTF8Prefix
        /// The bytes after the prefix; empty for most names.
        let rest: [UInt8]
        let value: Value
    }

    private let entries: [Entry]

    /// A table of `names`; the first of two equal names wins.
    init(_ names: [(name: String, value: Value)]) {
        entries = names.map {
            Entry(prefix: UTF8Prefix($0.name.utf8), rest: Array($0.name.utf8.dropFirst(UTF8Prefix.capacity)), value: $0.value)
        }
    }

    /// The value of the name whose code units are `utf8`.
    func value(forUTF8 utf8: UnsafeBufferPointer<UInt8>) -> Value? {
        let prefix = UTF8Prefix(contiguous: utf8)
        for entry in entries where entry.prefix == prefix {
            guard utf8.count > UTF8Prefix.capacity else { return entry.value }
            let restMatches = entry.rest.withUnsafeBufferPointer { rest in
                guard let restBase = rest.baseAddress, let base = utf8.baseAddress else { return false }
                return memcmp(restBase, base + UTF8Prefix.capacity, rest.count) == 0
            }
            if restMatches { return entry.value }
        }
        return nil
    }

    /// The value of the name whose code units are `utf8`, read one by one.
    func value<Bytes: Collection<UInt8>>(readingUTF8 utf8: Bytes) -> Value? {
        let prefix = UTF8Prefix(utf8)
        return entries.first { $0.prefix == prefix && $0.rest.elementsEqual(utf8.dropFirst(UTF8Prefix.capacity)) }?.value
    }

    /// The value of the name with the code units of `string`.
    func value(for string: String) -> Value? {
        // A bridged string (on Apple platforms) is read in place: `withUTF8` would copy it.
        guard string.isContiguousUTF8 else { return value(readingUTF8: string.utf8) }
        var string = string
        return string.withUTF8 { value(forUTF8: $0) }
    }
}
