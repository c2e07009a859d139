/// A value given for a parameter that the parameter does not take, refused where it is given
/// rather than clamped or ignored: a limit out of its range (a ``JSONLimits`` bound, a
/// ``URLPolicy`` length, a timeout), a URL a setting needs that its rule refuses, or text a
/// reader does not read (an Android intent URL, a Merchant Backend link).
public enum InvalidArgument: Error, Sendable, Hashable, CustomStringConvertible {
    /// A number outside the range the parameter takes.
    case outOfRange(name: String, value: Int, allowed: ClosedRange<Int>)
    /// A URL the parameter's rule refuses.
    case url(name: String, URLPolicy.Violation)
    /// A value the parameter does not take, with a sentence that says why and names it.
    case rejected(name: String, reason: String)

    /// The parameter's name, such as `maxDepth`.
    public var name: String {
        switch self {
        case .outOfRange(let name, _, _), .url(let name, _), .rejected(let name, _): name
        }
    }

    /// `maxDepth is -5; it must be from 1 to 512`, `completeURL: URL is relative; …`, or the
    /// rejection's own sentence.
    public var description: String {
        switch self {
        case .outOfRange(let name, let value, let allowed):
            "\(name) is \(value); it must be from \(allowed.lowerBound) to \(allowed.upperBound)"
        case .url(let name, let violation): "\(name): \(violation)"
        case .rejected(_, let reason): reason
        }
    }

    /// Throws when `value`, given for `name`, is outside `allowed`.
    public static func check(_ name: String, _ value: Int, allowed: ClosedRange<Int>) throws(InvalidArgument) {
        guard allowed.contains(value) else { throw .outOfRange(name: name, value: value, allowed: allowed) }
    }
}
