extension WebURL {
    /// Why text is not a URL: where the URL Standard's basic URL parser fails on it, or a kind of
    /// URL this reader does not read. Whether a URL that reads may be used is the caller's
    /// policy (``URLPolicy``), and its refusals are ``URLPolicy/Violation``s.
    public enum ParseError: Error, Sendable, Hashable, CustomStringConvertible {
        /// The text is empty.
        case empty
        /// Longer than the reader takes, or than a caller's limit where one reads for it.
        case tooLong(limit: Int)
        /// No scheme: a relative reference, with no base to resolve it against.
        case relative
        /// A URL of a special scheme (`https`, `http`) without a host.
        case missingHost
        /// A host a browser refuses: a character no host may hold, an IPv4 or IPv6 address out of
        /// range or malformed, a domain UTS #46 refuses (a disallowed character, an `xn--` label
        /// that is not Punycode, a label that breaks the bidi or joiner rules).
        case invalidHost
        /// A port that is not a number up to 65535.
        case invalidPort
        /// A `file:` URL: the reader does not implement the file scheme's grammar (drive letters,
        /// hosts that are paths), and nothing in the package opens a local file.
        case fileURL

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .empty: "URL is empty"
            case .tooLong(let limit): "URL is longer than \(limit) bytes"
            case .relative: "URL is relative; an absolute URL is required"
            case .missingHost: "URL has no host"
            case .invalidHost: "URL host is malformed"
            case .invalidPort: "URL port is malformed or above 65535"
            case .fileURL: "file: URLs are not read"
            }
        }
    }
}
