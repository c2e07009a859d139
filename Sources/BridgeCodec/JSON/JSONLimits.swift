/// Bounds on what a parse or a conversion accepts.
///
/// The defaults suit bridge messages, which are a few hundred bytes; make larger limits per
/// call for larger documents. Every bound is checked before the work it guards, so hostile
/// input costs at most what the limits allow. Each bound is checked when the limits are made:
/// a value outside its range throws ``InvalidArgument``; none is clamped.
public struct JSONLimits: Sendable, Hashable {
    /// Largest input in bytes; for a Foundation object graph or a structured body, the fewest
    /// bytes its JSON text would take (such a body can hold one array in many places and stand
    /// for far more than it holds). Default 1 MiB; at most ``maximumBytes``.
    public let maxBytes: Int
    /// Deepest nesting of arrays and objects; the top-level container is depth 1. Default 64;
    /// at most ``deepestNesting``.
    public let maxDepth: Int
    /// Longest string, counted in UTF-8 bytes after unescaping. Default 256 KiB; at most
    /// ``maximumBytes``.
    public let maxStringLength: Int
    /// Most members in one object. Default 1,024; at most ``maximumBytes``.
    public let maxObjectMembers: Int

    /// Limits with the given bounds; each parameter defaults to the value in ``default``.
    /// Every bound must be at least 1 and at most its maximum.
    public init(
        maxBytes: Int = 1 << 20,
        maxDepth: Int = 64,
        maxStringLength: Int = 256 << 10,
        maxObjectMembers: Int = 1_024
    ) throws(InvalidArgument) {
        try InvalidArgument.check("maxBytes", maxBytes, allowed: 1...Self.maximumBytes)
        try InvalidArgument.check("maxDepth", maxDepth, allowed: 1...Self.deepestNesting)
        try InvalidArgument.check("maxStringLength", maxStringLength, allowed: 1...Self.maximumBytes)
        try InvalidArgument.check("maxObjectMembers", maxObjectMembers, allowed: 1...Self.maximumBytes)
        self.init(checkedBytes: maxBytes, depth: maxDepth, stringLength: maxStringLength, objectMembers: maxObjectMembers)
    }

    private init(checkedBytes: Int, depth: Int, stringLength: Int, objectMembers: Int) {
        maxBytes = checkedBytes
        maxDepth = depth
        maxStringLength = stringLength
        maxObjectMembers = objectMembers
    }

    /// The deepest nesting any limits accept, 512, as in Foundation's `JSONSerialization`.
    ///
    /// The parser keeps its own stack, but a nested value is walked one call per level where a
    /// Foundation graph is checked, Codable decodes, and a `JSONValue` is compared, written or
    /// freed. In a release build 512 levels of each fit the 512 KiB stack of a secondary thread
    /// on iOS and 1,024 do not; a debug build needs up to four times the stack a level. Raise
    /// ``maxDepth`` past its default only on a thread with room.
    public static let deepestNesting = 512

    /// The largest input, string and member count any limits accept: a parse records offsets in
    /// 32 bits, so one byte under 4 GiB, or `Int.max` where `Int` is 32 bits (watchOS on arm64_32).
    public static let maximumBytes = Int(clamping: UInt32.max - 1)

    /// The defaults: 1 MiB, depth 64, strings of 256 KiB, 1,024 members per object.
    public static let `default` = JSONLimits(checkedBytes: 1 << 20, depth: 64, stringLength: 256 << 10, objectMembers: 1_024)

    /// Every bound at its maximum: for input bounded before it is parsed, or written by the
    /// package itself from a value already checked. Not for a page's messages.
    public static let largest = JSONLimits(
        checkedBytes: maximumBytes, depth: deepestNesting, stringLength: maximumBytes, objectMembers: maximumBytes)

    /// These bounds on size and depth, with strings and objects unbounded.
    var sizeAndDepthOnly: JSONLimits {
        JSONLimits(checkedBytes: maxBytes, depth: maxDepth, stringLength: Self.maximumBytes, objectMembers: Self.maximumBytes)
    }
}
