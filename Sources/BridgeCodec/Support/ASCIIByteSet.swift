/// A set of ASCII bytes, as a table of all 256 byte values: the scanners that test every byte of a
/// message (plain JSON string bytes, URL characters) take one table read a byte. Bytes from 0x80
/// up are never members.
struct ASCIIByteSet: Sendable {
    private let members: [Bool]

    /// The ASCII bytes for which `isMember` holds.
    init(where isMember: (UInt8) -> Bool) {
        members = (0...255).map { $0 < 0x80 && isMember(UInt8($0)) }
    }

    /// Whether `byte` is in the set.
    func contains(_ byte: UInt8) -> Bool {
        members[Int(byte)]
    }

    /// The offset of the first byte of `bytes` from `start` and before `end` that is not in the
    /// set, or `end` when there is none.
    @inline(__always)
    func firstNonMember(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        members.withUnsafeBufferPointer { members in
            var position = start
            while position < end, members[Int(bytes[position])] { position &+= 1 }
            return position
        }
    }
}
