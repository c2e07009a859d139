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
    init(contiguous utf8: UnsafeBufferPointer<UInt8>) {
        var words: (UInt64, UInt64) = (0, 0)
        if let base = utf8.baseAddress {
            withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(start: base, count: min(utf8.count, 16))) }
        }
        length = utf8.count
        head = UInt64(littleEndian: words.0)
        tail = UInt64(littleEndian: words.1)
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
