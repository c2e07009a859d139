/// A set of ASCII bytes, as a table of all 256 byte values: the scanners that test every byte of a
/// message (plain JSON string bytes, URL characters) take one table read a byte. Bytes from 0x80
/// up are never members.
struct ASCIIByteSet: Sendable {
    /// 1 for a member, 0 otherwise, so that several reads combine with `&`.
    private let members: [UInt8]

    /// The ASCII bytes for which `isMember` holds.
    init(where isMember: (UInt8) -> Bool) {
        members = (0...255).map { $0 < 0x80 && isMember(UInt8($0)) ? 1 : 0 }
    }

    /// Whether `byte` is in the set.
    func contains(_ byte: UInt8) -> Bool {
        members[Int(byte)] != 0
    }

    /// The offset of the first byte of `bytes` from `start` and before `end` that is not in the
    /// set, or `end` when there is none.
    @inline(__always)
    func firstNonMember(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, before end: Int) -> Int {
        members.withUnsafeBufferPointer { members in
            var position = start
            // Runs of members are the common case (a URL, a string's text): eight table reads
            // combine into one test, so a run costs one branch per eight bytes.
            while end &- position >= 8 {
                let allMembers =
                    members[Int(bytes[position])] & members[Int(bytes[position &+ 1])]
                    & members[Int(bytes[position &+ 2])] & members[Int(bytes[position &+ 3])]
                    & members[Int(bytes[position &+ 4])] & members[Int(bytes[position &+ 5])]
                    & members[Int(bytes[position &+ 6])] & members[Int(bytes[position &+ 7])]
                if allMembers == 0 { break }
                position &+= 8
            }
            while position < end, members[Int(bytes[position])] != 0 { position &+= 1 }
            return position
        }
    }
}
