/// Which URLs from the page the app accepts, checked on every URL a message carries: every
/// `BridgeURL` and `URL` a channel's body decodes, however deeply nested.
///
/// By default only `https` passes. Each URL is read once, as a browser reads it (``WebURL``),
/// and the policy decides on that reading: absolute URLs only, a listed scheme, and for the
/// special schemes (`https`, `http`, …) no user info (`https://bank.example@evil.example`).
/// Schemes that run code or open local data (``forbiddenSchemes``) are refused even when listed.
public struct URLPolicy: Sendable, Hashable {
    /// Schemes that pass, in ASCII lowercase (they are lowercased when set).
    public var allowedSchemes: Set<String> {
        get { Set(schemeBytes.map { String(decoding: $0, as: UTF8.self) }) }
        set { schemeBytes = Self.sortedLowercased(newValue) }
    }
    /// Longest URL accepted, in bytes. Default 8,192; at most ``JSONLimits/maximumBytes``.
    public let maxLength: Int

    /// The allowed schemes' bytes, lowercased and sorted: an array (equal for equal sets) because a
    /// check compares a scheme's bytes with these few.
    private var schemeBytes: [[UInt8]]

    /// Schemes that run code or open local data; never allowed, and never opened from a navigation.
    public static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file", "content", "filesystem"]

    /// A policy allowing `allowedSchemes` (compared ignoring ASCII case), URLs up to 8,192 bytes.
    public init(allowedSchemes: Set<String> = ["https"]) {
        self.init(allowedSchemes: allowedSchemes, checkedMaxLength: 8_192)
    }

    /// A policy allowing `allowedSchemes`, URLs up to `maxLength` bytes (from 1 to
    /// ``JSONLimits/maximumBytes``).
    public init(allowedSchemes: Set<String> = ["https"], maxLength: Int) throws(InvalidArgument) {
        try InvalidArgument.check("maxLength", maxLength, allowed: 1...JSONLimits.maximumBytes)
        self.init(allowedSchemes: allowedSchemes, checkedMaxLength: maxLength)
    }

    private init(allowedSchemes: Set<String>, checkedMaxLength: Int) {
        schemeBytes = Self.sortedLowercased(allowedSchemes)
        maxLength = checkedMaxLength
    }

    private static func sortedLowercased(_ schemes: Set<String>) -> [[UInt8]] {
        Set(schemes.map { $0.asciiLowercasedUTF8() }).sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// The default: `https` only.
    public static let httpsOnly = URLPolicy()

    /// `http` and `https` URLs of any length: for URLs a page navigates to, and the pages an app or
    /// server builds its links on.
    public static let webURLs = URLPolicy(allowedSchemes: ["http", "https"], checkedMaxLength: JSONLimits.maximumBytes)

    /// `https` and the app's own registered schemes (for callbacks such as `myapp://plaid-complete`).
    public static func https(plusAppSchemes appSchemes: Set<String>) -> URLPolicy {
        URLPolicy(allowedSchemes: appSchemes.union(["https"]))
    }

    /// Why the policy refuses a URL.
    public enum Violation: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text does not read as a URL, as a browser would not read it.
        case unreadable(WebURL.ParseError)
        /// Longer than ``URLPolicy/maxLength``.
        case tooLong(limit: Int)
        /// A scheme that runs code or opens local data.
        case forbiddenScheme(String)
        /// A scheme the policy does not list.
        case schemeNotAllowed(String)
        /// A URL of a special scheme with user info before the host.
        case userInfo
        /// A URL Foundation's `URL` cannot hold, so the app could not open it as read.
        case notRepresentable

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .unreadable(let error): error.description
            case .tooLong(let limit): "URL is longer than \(limit) bytes"
            case .forbiddenScheme(let scheme): "URL scheme \(Escaper.logString(scheme + ":")) is never allowed"
            case .schemeNotAllowed(let scheme): "URL scheme \(Escaper.logString(scheme + ":")) is not allowed"
            case .userInfo: "URL has user info before the host"
            case .notRepresentable: "URL cannot be held by Foundation's URL"
            }
        }
    }

    /// Reads `url` as a browser does and checks it; throws the first rule it breaks.
    @discardableResult
    public func check(_ url: String) throws(Violation) -> WebURL {
        guard url.utf8.count <= maxLength else { throw .tooLong(limit: maxLength) }
        let parsed = try Self.read(url)
        try check(parsed)
        return parsed
    }

    /// Checks a URL already read.
    public func check(_ url: WebURL) throws(Violation) {
        guard url.href.utf8.count <= maxLength else { throw .tooLong(limit: maxLength) }
        // The scheme's bytes against the lists: a `String` is made only to report a refusal.
        let (isForbidden, isAllowed) = url.href.withUTF8Bytes { bytes in
            let scheme = bytes[..<url.offsets.schemeEnd]
            return (Self.forbidden.contains { $0.elementsEqual(scheme) }, schemeBytes.contains { $0.elementsEqual(scheme) })
        }
        if isForbidden { throw .forbiddenScheme(url.scheme) }
        guard isAllowed else { throw .schemeNotAllowed(url.scheme) }
        if url.isSpecial, url.hasCredentials { throw .userInfo }
    }

    /// ``forbiddenSchemes`` as bytes.
    private static let forbidden = forbiddenSchemes.map { Array($0.utf8) }

    /// `text` read as a browser reads it; when that fails for a scheme that is never allowed,
    /// the scheme is the reason, whatever else the text gets wrong.
    static func read(_ text: String) throws(Violation) -> WebURL {
        do {
            return try WebURL(text)
        } catch {
            if let scheme = URLReader.scheme(of: text), forbiddenSchemes.contains(scheme) { throw .forbiddenScheme(scheme) }
            throw .unreadable(error)
        }
    }
}
