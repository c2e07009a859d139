import Foundation

/// A URL as the page sent it: the exact string, checked by the dispatcher's ``URLPolicy``.
///
/// Kept as text because creating a Foundation `URL` costs more than decoding a whole
/// message; ``foundationURL`` makes one when the app needs it.
public struct BridgeURL: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL exactly as received.
    public let string: String

    /// A URL from its text. Nothing is checked here; the dispatcher applies its ``URLPolicy``.
    public init(_ string: String) {
        self.string = string
    }

    /// A Foundation `URL`, or `nil` when Foundation cannot parse the text. Text that passed a
    /// ``URLPolicy`` may still hold what RFC 3986 does not allow where it stands and browsers
    /// accept (`[` `]` in a query, a second `#`, a `%` without two hex digits): from iOS 17 and
    /// macOS 14 (apps built with those SDKs or later), and on Linux, Foundation percent-encodes
    /// those, so the URL's text differs from ``string``; before, it gives `nil` for them.
    public var foundationURL: URL? { URL(string: string) }

    /// The scheme, lowercased, or `nil` for a relative reference.
    public var scheme: String? { URLPolicy.scheme(of: string) }

    /// The URL text.
    public var description: String { string }

    /// Decodes from a JSON string.
    public init(from decoder: any Decoder) throws {
        string = try decoder.singleValueContainer().decode(String.self)
    }

    /// Encodes as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(string)
    }
}
