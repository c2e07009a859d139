/// What a walk of an already-built body (a Foundation object graph, a ``JSONValue``) has left of
/// its ``JSONLimits``: the bounds text meets as it is parsed, applied value by value.
///
/// Size is counted as the fewest bytes of JSON text each value takes (a string its UTF-8 and two
/// quotes, a number its text where the body keeps it and one digit where not, brackets, commas,
/// colons and quoted keys as written), against ``JSONLimits/maxBytes``. It is what bounds the walk: a built body can hold one array
/// or dictionary in many places (a Swift array shares its storage; a bridge can insert the same
/// instance twice), so sixty levels of `[a, a]` are 120 arrays that stand for 2^60 values.
struct StructureBudget {
    let limits: JSONLimits
    /// The bytes of JSON text the rest of the body may take.
    private var remainingBytes: Int
    /// The Foundation arrays and dictionaries the walk is inside, with their depths.
    private var openInstances: [(depth: Int, identity: ObjectIdentifier)] = []

    /// A budget of `limits`.
    init(limits: JSONLimits) {
        self.limits = limits
        remainingBytes = limits.maxBytes
    }

    /// A string of `count` UTF-8 bytes.
    @inline(__always)
    mutating func string(utf8Count count: Int) throws(JSONError) {
        try charge(count + 2)
        guard count <= limits.maxStringLength else { throw Self.fail(.stringTooLong(limit: limits.maxStringLength)) }
    }

    /// `null`.
    @inline(__always)
    mutating func null() throws(JSONError) {
        try charge(4)
    }

    /// `true` or `false`.
    @inline(__always)
    mutating func bool(_ value: Bool) throws(JSONError) {
        try charge(value ? 4 : 5)
    }

    /// A number whose text takes at least `bytes`.
    @inline(__always)
    mutating func number(fewestBytes bytes: Int) throws(JSONError) {
        try charge(bytes)
    }

    /// An array of `count` elements at `depth` containers down; the depth of its elements.
    @inline(__always)
    mutating func array(count: Int, depth: Int) throws(JSONError) -> Int {
        let inner = try enter(depth)
        try charge(Self.punctuationBytes(count: count))
        return inner
    }

    /// An object of `count` members at `depth` containers down; the depth of its members.
    @inline(__always)
    mutating func object(count: Int, depth: Int) throws(JSONError) -> Int {
        let inner = try enter(depth)
        guard count <= limits.maxObjectMembers else { throw Self.fail(.tooManyMembers(limit: limits.maxObjectMembers)) }
        try charge(Self.punctuationBytes(count: count))
        return inner
    }

    /// A member's key of `count` UTF-8 bytes: `"key":`. A key is a string, held to the same length.
    @inline(__always)
    mutating func key(utf8Count count: Int) throws(JSONError) {
        try charge(count + 3)
        guard count <= limits.maxStringLength else { throw Self.fail(.stringTooLong(limit: limits.maxStringLength)) }
    }

    /// Enters the Foundation array or dictionary `identity` at `depth`; one the walk is already
    /// inside is a cycle, refused before it is read again.
    mutating func enterInstance(_ identity: ObjectIdentifier, depth: Int) throws(JSONError) {
        while let last = openInstances.last, last.depth >= depth { openInstances.removeLast() }
        guard !openInstances.contains(where: { $0.identity == identity }) else { throw Self.fail(.cycle) }
        openInstances.append((depth, identity))
    }

    private func enter(_ depth: Int) throws(JSONError) -> Int {
        guard depth < limits.maxDepth else { throw Self.fail(.nestingTooDeep(limit: limits.maxDepth)) }
        return depth + 1
    }

    /// Takes `bytes` from what the body may still take. Cannot overflow: the remainder is never
    /// negative before, and `bytes` is a real string's length at most.
    @inline(__always)
    private mutating func charge(_ bytes: Int) throws(JSONError) {
        remainingBytes -= bytes
        guard remainingBytes >= 0 else { throw Self.fail(.tooLarge(limit: limits.maxBytes)) }
    }

    /// The brackets and commas of a container of `count` elements or members.
    private static func punctuationBytes(count: Int) -> Int {
        count == 0 ? 2 : count + 1
    }

    /// `walk`'s result over a built body with a budget of `limits`. Text is refused for its size
    /// before it is read, so a body refused for a string or an object that is also too large is
    /// refused for its size: the body is walked again with strings and objects unbounded to tell.
    static func walking<Result>(
        _ limits: JSONLimits, _ walk: (inout StructureBudget) throws(JSONError) -> Result
    ) throws(JSONError) -> Result {
        var budget = StructureBudget(limits: limits)
        do {
            return try walk(&budget)
        } catch {
            switch error.reason {
            case .stringTooLong, .tooManyMembers:
                var sizeOnly = StructureBudget(limits: limits.sizeAndDepthOnly)
                do {
                    _ = try walk(&sizeOnly)
                } catch let sizeError {
                    if case .tooLarge = sizeError.reason { throw sizeError }
                }
                throw error
            default: throw error
            }
        }
    }

    private static func fail(_ reason: JSONError.Reason) -> JSONError {
        JSONError(path: .root, reason: reason)
    }
}
