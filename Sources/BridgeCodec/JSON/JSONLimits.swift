/// Bounds on what a parse or a conversion accepts.
///
/// The defaults suit bridge messages, which are a few hundred bytes; raise them
/// per call for larger documents. Every bound is checked before the work it
/// guards, so hostile input costs at most what the limits allow.
public struct JSONLimits: Sendable, Hashable {
    /// Largest input in bytes; for a Foundation object graph or a structured body, the fewest
    /// bytes its JSON text would take (such a body can hold one array in many places and stand
    /// for far more than it holds). Default 1 MiB.
    public var maxBytes: Int
    /// Deepest nesting of arrays and objects; the top-level container is depth 1. Default 64, and
    /// never more than ``deepestNesting``: a larger value is lowered to it.
    public var maxDepth: Int {
        didSet { maxDepth = min(maxDepth, Self.deepestNesting) }
    }
    /// Longest string, counted in UTF-8 bytes after unescaping. Default 256 KiB.
    public var maxStringLength: Int
    /// Most members in one object. Default 1,024.
    public var maxObjectMembers: Int

    /// Limits with the given bounds; each parameter defaults to the value in ``default``.
    public init(
        maxBytes: Int = 1 << 20,
        maxDepth: Int = 64,
        maxStringLength: Int = 256 << 10,
        maxObjectMembers: Int = 1_024
    ) {
        self.maxBytes = maxBytes
        self.maxDepth = min(maxDepth, Self.deepestNesting)
        self.maxStringLength = maxStringLength
        self.maxObjectMembers = maxObjectMembers
    }

    /// The deepest nesting any limits accept, 512, as in Foundation's `JSONSerialization`.
    ///
    /// The parser keeps its own stack, but a nested value is walked one call per level where a
    /// Foundation graph is checked, Codable decodes, and a `JSONValue` is compared, written or
    /// freed. In a release build 512 levels of each fit the 512 KiB stack of a secondary thread
    /// on iOS and 1,024 do not; a debug build needs up to four times the stack a level. Raise
    /// ``maxDepth`` past its default only on a thread with room.
    public static let deepestNesting = 512

    /// The defaults: 1 MiB, depth 64, strings of 256 KiB, 1,024 members per object.
    public static let `default` = JSONLimits()
}
