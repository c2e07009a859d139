/// Bounds on what a parse or a conversion accepts.
///
/// The defaults suit bridge messages, which are a few hundred bytes; raise them
/// per call for larger documents. Every bound is checked before the work it
/// guards, so hostile input costs at most what the limits allow.
public struct JSONLimits: Sendable, Hashable {
    /// Largest input in bytes. Default 1 MiB.
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

    /// The deepest nesting any limits accept, 512, as in Foundation's `JSONSerialization`. Swift
    /// walks a nested value one call per level wherever it is destroyed, compared, written or
    /// decoded by Codable, at about 200 bytes of stack a level: 512 levels fit the 512 KiB of a
    /// secondary thread on iOS; 50,000 overflowed the 8 MiB of a Linux main thread.
    public static let deepestNesting = 512

    /// The defaults: 1 MiB, depth 64, strings of 256 KiB, 1,024 members per object.
    public static let `default` = JSONLimits()
}
