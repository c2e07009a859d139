/// Walks a whole Foundation object graph and checks every value: what ``FoundationValue``
/// checks of each, the depth, the members per object, the length of every string, and the
/// size of the whole as JSON text.
///
/// The size bounds the walk. A graph can hold one array or dictionary in several places (a
/// Swift array shares its storage; an app or a bridge can insert the same instance twice), so
/// twenty levels of `[a, a]` stand for a million values in a few dozen objects, and sixty
/// levels for more than the walk could ever visit. Each value is charged the fewest bytes its
/// JSON text takes (a string its UTF-8 and two quotes, a number one digit, punctuation as
/// written) against ``JSONLimits/maxBytes``, the bound the same body meets as text.
///
/// What the walk makes is its `Output`: the graph as a ``JSONValue``, or nothing
/// (``Checked``) when a model will read the checked graph in place (``FoundationNode``).
/// An error's path is relative to the walked value; each container prepends its step as the
/// error passes through it, so a walk that succeeds builds no paths.
struct FoundationGraph {
    let limits: JSONLimits
    /// The bytes of JSON text the rest of the graph may take: ``JSONLimits/maxBytes`` less the
    /// fewest the values walked so far take.
    private var remainingBytes: Int

    /// A walk under `limits`.
    init(limits: JSONLimits) {
        self.limits = limits
        remainingBytes = limits.maxBytes
    }

    /// `value`, at `depth` containers below the walk's start, checked and made into `Output`.
    mutating func walk<Output: FoundationGraphOutput>(_ value: FoundationValue, depth: Int) throws(JSONDecodeError) -> Output {
        switch value {
        case .scalar(let scalar):
            try charge(Self.fewestBytes(of: scalar))
            if case .string(let string) = scalar, string.utf8.count > limits.maxStringLength {
                throw fail(.stringTooLong(limit: limits.maxStringLength))
            }
            return try Output(scalar: scalar)
        case .array(let array):
            let depth = try enter(depth)
            try charge(Self.punctuationBytes(count: array.count))
            var elements = Output.elements(capacity: array.count)
            for (index, element) in array.enumerated() {
                Output.append(try walk(element, depth: depth, at: .index(index)), to: &elements)
            }
            return Output(elements: elements)
        case .object(let object):
            let depth = try enter(depth)
            let count = object.count
            guard count <= limits.maxObjectMembers else { throw fail(.tooManyMembers(limit: limits.maxObjectMembers)) }
            try charge(Self.punctuationBytes(count: count))
            var members = Output.members(capacity: count)
            try object.forEachMember { key, member throws(JSONDecodeError) in
                // `"key":`
                try charge(key.utf8.count + 3)
                Output.append(try walk(member, depth: depth, at: .key(key)), key: key, to: &members)
            }
            return Output(members: members)
        }
    }

    /// The member or element `object`, found at `step` of its container.
    private mutating func walk<Output: FoundationGraphOutput>(
        _ object: Any, depth: Int, at step: JSONPath.Component
    ) throws(JSONDecodeError) -> Output {
        do {
            return try walk(FoundationValue(object), depth: depth)
        } catch {
            var error = error
            error.path.components.insert(step, at: 0)
            throw error
        }
    }

    /// Takes `bytes` from what the graph may still take. Cannot overflow: the remainder is
    /// never negative before, and `bytes` is a real string's length at most.
    private mutating func charge(_ bytes: Int) throws(JSONDecodeError) {
        remainingBytes -= bytes
        guard remainingBytes >= 0 else { throw fail(.graphTooLarge(limit: limits.maxBytes)) }
    }

    /// The fewest bytes of JSON text `scalar` takes.
    private static func fewestBytes(of scalar: FoundationValue.Scalar) -> Int {
        switch scalar {
        case .null, .bool(true): 4
        case .bool(false): 5
        case .integer, .unsignedInteger, .double, .decimal: 1
        case .string(let string): string.utf8.count + 2
        }
    }

    /// The brackets and commas of a container of `count` elements or members.
    private static func punctuationBytes(count: Int) -> Int {
        count == 0 ? 2 : count + 1
    }

    private func enter(_ depth: Int) throws(JSONDecodeError) -> Int {
        guard depth < limits.maxDepth else { throw fail(.nestingTooDeep(limit: limits.maxDepth)) }
        return depth + 1
    }

    private func fail(_ reason: JSONDecodeError.Reason) -> JSONDecodeError {
        JSONDecodeError(path: .root, reason: reason)
    }

    /// What a walk that only checks makes: nothing, and no container storage.
    struct Checked: FoundationGraphOutput {
        init(scalar _: FoundationValue.Scalar) {}
        static func members(capacity _: Int) {}
        static func append(_: Checked, key _: String, to _: inout ()) {}
        init(members _: ()) {}
        static func elements(capacity _: Int) {}
        static func append(_: Checked, to _: inout ()) {}
        init(elements _: ()) {}
    }
}

/// What ``FoundationGraph`` makes of each value it has checked.
protocol FoundationGraphOutput {
    /// An object's members as they are collected.
    associatedtype Members
    /// An array's elements as they are collected.
    associatedtype Elements

    /// A value that is neither an object nor an array.
    init(scalar: FoundationValue.Scalar) throws(JSONDecodeError)
    /// Room for an object's `capacity` members.
    static func members(capacity: Int) -> Members
    /// Adds a checked member.
    static func append(_ member: Self, key: String, to members: inout Members)
    /// An object of the collected members.
    init(members: Members)
    /// Room for an array's `capacity` elements.
    static func elements(capacity: Int) -> Elements
    /// Adds a checked element.
    static func append(_ element: Self, to elements: inout Elements)
    /// An array of the collected elements.
    init(elements: Elements)
}

/// The graph as a tree; its strings are the graph's own, not copies.
extension JSONValue: FoundationGraphOutput {
    init(scalar: FoundationValue.Scalar) throws(JSONDecodeError) {
        switch scalar {
        case .null: self = .null
        case .bool(let bool): self = .bool(bool)
        case .integer(let integer): self = .number(JSONNumber(integer))
        case .unsignedInteger(let integer): self = .number(JSONNumber(integer))
        case .double(let double):
            // Identified values are finite; this states it where the number is made.
            guard let number = JSONNumber(double) else { throw JSONDecodeError(path: .root, reason: .nonFiniteNumber) }
            self = .number(number)
        case .decimal(let text):
            // Identified decimal text is a JSON number; this states it where the number is made.
            guard let number = FoundationValue.decimalNumber(text) else { throw JSONDecodeError(path: .root, reason: .nonFiniteNumber) }
            self = .number(number)
        case .string(let string): self = .string(string)
        }
    }

    static func members(capacity: Int) -> [JSONObject.Member] {
        var members: [JSONObject.Member] = []
        members.reserveCapacity(capacity)
        return members
    }

    static func append(_ member: JSONValue, key: String, to members: inout [JSONObject.Member]) {
        members.append(JSONObject.Member(key: key, value: member))
    }

    /// A dictionary's keys are unique by its own equality.
    init(members: [JSONObject.Member]) {
        self = .object(JSONObject(uniqueMembers: members))
    }

    static func elements(capacity: Int) -> [JSONValue] {
        var elements: [JSONValue] = []
        elements.reserveCapacity(capacity)
        return elements
    }

    static func append(_ element: JSONValue, to elements: inout [JSONValue]) {
        elements.append(element)
    }

    init(elements: [JSONValue]) {
        self = .array(elements)
    }
}
