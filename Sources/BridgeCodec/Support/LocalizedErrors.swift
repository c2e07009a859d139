import Foundation

// `localizedDescription` reads `errorDescription`: without one, Linux and Apple's logs print the
// error's type and a number instead of what went wrong. Every error of the package says what went
// wrong in its `description`, and these conformances take that.

/// An error of this package; not public, so that an app's own errors are left as they are.
protocol DescribedError: LocalizedError, CustomStringConvertible {}

extension DescribedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension BridgeError: DescribedError {}
extension JSONError: DescribedError {}
extension URLPolicy.Violation: DescribedError {}
extension WebURL.ParseError: DescribedError {}
extension InvalidArgument: DescribedError {}
