import Foundation

// `localizedDescription` reads `errorDescription`: without one, Linux and Apple's logs print the
// error's type and a number instead of what went wrong.

extension BridgeError: LocalizedError {
    /// ``description``: `NAME: PATH: REASON`.
    public var errorDescription: String? { description }
}

extension JSONDecodeError: LocalizedError {
    /// ``description``: `PATH: REASON`.
    public var errorDescription: String? { description }
}

extension JSONParseError: LocalizedError {
    /// ``description``: `line L, column C: REASON`.
    public var errorDescription: String? { description }
}

extension URLPolicy.Violation: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension EscapingError: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension InvalidLimit: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension PaymentNavigationPolicy.InvalidURL: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension MerchantBackend.LinkError: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}

extension AndroidIntentURL.Failure: LocalizedError {
    /// ``description``.
    public var errorDescription: String? { description }
}
