import Foundation

/// A JSON object: its members in source order, with unique keys.
///
/// Keys are unique by exact UTF-8 code units: `"é"` written precomposed and
/// decomposed are two different keys, as in JavaScript, although Swift's
/// `String ==` calls them equal. Lookups compare the same way.
public struct JSONObject: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral {
    /// One key and its value.
    public struct Member: Sendable, Hashable {
        /// The member's key.
        public var key: String
        /// The member's value.
        public var value: JSONValue

        /// A member.
        public init(key: String, value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The members in source order.
    public private(set) var members: [Member]

    /// An object from members whose keys are already known to be unique.
    init(uniqueMembers: [Member]) {
        self.members = uniqueMembers
    }

    /// An object from members, or `nil` when two keys have the same code units.
    public init?(_ members: [Member]) {
        // A small object, as messages and results are, compares its keys pairwise: fewer steps
        // than hashing each, and nothing to allocate.
        if members.count <= 16 {
            for (index, member) in members.enumerated() {
                for other in members[..<index] where other.key.hasSameCodeUnits(as: member.key) { return nil }
            }
        } else {
            var keys = Set<CodeUnitKey>()
            for member in members where !keys.insert(CodeUnitKey(member.key)).inserted {
                return nil
            }
        }
        self.members = members
    }

    /// The empty object.
    public init() {
        self.members = []
    }

    /// An object of the literal's members, in its order; a key written twice keeps its last
    /// value at its first place, as a JavaScript object literal does.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.members = []
        for (key, value) in elements { self[key] = value }
    }

    /// The index of the first member.
    public var startIndex: Int { members.startIndex }
    /// The index past the last member.
    public var endIndex: Int { members.endIndex }
    /// The member at `position`.
    public subscript(position: Int) -> Member { members[position] }

    /// The value for `key`, compared by exact code units; `nil` when absent.
    /// Setting a value replaces the member's value in its place, or appends a new member; setting
    /// `nil` removes the member.
    public subscript(key: String) -> JSONValue? {
        get { index(forKey: key).map { members[$0].value } }
        set {
            switch (index(forKey: key), newValue) {
            case (let index?, let value?): members[index].value = value
            case (let index?, nil): members.remove(at: index)
            case (nil, let value?): members.append(Member(key: key, value: value))
            case (nil, nil): break
            }
        }
    }

    /// The position of the member named `key`, compared by exact code units; `nil` when absent.
    public func index(forKey key: String) -> Int? {
        members.firstIndex { $0.key.hasSameCodeUnits(as: key) }
    }

    /// The keys in source order.
    public var keys: [String] { members.map(\.key) }
}
