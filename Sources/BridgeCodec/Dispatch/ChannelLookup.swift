import Foundation

/// Finds the channel for a handler name by comparing integers: each name's UTF-8 length and
/// first sixteen bytes are read once, when the dispatcher is made.
///
/// Every message starts with this lookup. Comparing `String`s retained and released each
/// candidate name and copied each channel; hashing the name costs more than the whole scan.
struct ChannelLookup: Sendable {
    /// What the channel found for a handler name carries.
    struct Match {
        let kind: BridgeChannel.Kind
        /// False for ``OriginPolicy/anyOrigin``, so that the policy is not even read.
        let checksOrigin: Bool
        /// The channel's position in the dispatcher's channels.
        let index: Int
    }

    private struct Entry: Sendable {
        let key: NameKey
        /// The name's bytes after the sixteen in its key; empty for most names.
        let rest: [UInt8]
        let kind: BridgeChannel.Kind
        let checksOrigin: Bool
    }

    /// A name's UTF-8 length and first sixteen bytes, zero-padded.
    private struct NameKey: Equatable, Sendable {
        var length = 0
        var head: UInt64 = 0
        var tail: UInt64 = 0

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

    private let entries: [Entry]

    /// The lookup for `channels`, whose handler names are unique.
    init(_ channels: [BridgeChannel]) {
        entries = channels.map { channel in
            Entry(
                key: NameKey(channel.handlerName.utf8), rest: Array(channel.handlerName.utf8.dropFirst(16)), kind: channel.kind,
                checksOrigin: channel.origins != .anyOrigin)
        }
    }

    /// The channel whose handler name has exactly the code units of `name`.
    func channel(named name: String) -> Match? {
        // A bridged string (a WKScriptMessage name on Apple platforms) is read in place:
        // `withUTF8` would copy it.
        guard name.isContiguousUTF8 else { return channel(readingUTF8: name.utf8) }
        var name = name
        return name.withUTF8 { utf8 in
            let key = NameKey(contiguous: utf8)
            return match { entry in
                guard entry.key == key else { return false }
                guard utf8.count > 16 else { return true }
                return entry.rest.withUnsafeBufferPointer { rest in
                    guard let restBase = rest.baseAddress, let nameBase = utf8.baseAddress else { return false }
                    return memcmp(restBase, nameBase + 16, rest.count) == 0
                }
            }
        }
    }

    /// The channel whose handler name has the code units `utf8`, read one by one.
    func channel<Bytes: Collection<UInt8>>(readingUTF8 utf8: Bytes) -> Match? {
        let key = NameKey(utf8)
        return match { $0.key == key && $0.rest.elementsEqual(utf8.dropFirst(16)) }
    }

    @inline(__always)
    private func match(_ isMatch: (Entry) -> Bool) -> Match? {
        for index in entries.indices where isMatch(entries[index]) {
            return Match(kind: entries[index].kind, checksOrigin: entries[index].checksOrigin, index: index)
        }
        return nil
    }
}
