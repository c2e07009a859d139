/// A limit outside the range its kind allows (a ``JSONLimits`` bound, a ``URLPolicy`` length),
/// refused where the limit is made rather than clamped.
public struct InvalidLimit: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter's name, such as `maxDepth`.
    public var limit: String
    /// The value given.
    public var value: Int
    /// The values the limit takes.
    public var allowed: ClosedRange<Int>

    /// A limit `limit` given as `value`, outside `allowed`.
    public init(limit: String, value: Int, allowed: ClosedRange<Int>) {
        self.limit = limit
        self.value = value
        self.allowed = allowed
    }

    /// `maxDepth is -5; it must be from 1 to 512`.
    public var description: String {
        "\(limit) is \(value); it must be from \(allowed.lowerBound) to \(allowed.upperBound)"
    }

    /// Throws when `value`, given for `limit`, is outside `allowed`.
    public static func check(_ limit: String, _ value: Int, allowed: ClosedRange<Int>) throws(InvalidLimit) {
        guard allowed.contains(value) else { throw InvalidLimit(limit: limit, value: value, allowed: allowed) }
    }
}
