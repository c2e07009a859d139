extension WebURL {
    /// A URL's host, as the URL Standard's host parser gives it: what kind of host it is, and
    /// its serialization. Two hosts a browser reads the same are equal.
    public enum Host: Sendable, Hashable, CustomStringConvertible {
        /// A domain, in ASCII lowercase (`shop.example`); the host of a special URL (`https:`,
        /// `http:`, …) that is no IP address.
        case domain(String)
        /// An IPv4 address in dotted decimal (`127.0.0.1`), as a browser writes `127.1` or `0x7f.1`.
        case ipv4(String)
        /// An IPv6 address in its shortest form, without brackets (`::1`).
        case ipv6(String)
        /// The host of a non-special URL (`myapp://callback`), percent-encoded as written.
        case opaque(String)
        /// An empty host: `file:///tmp`, or `myapp:///path`.
        case empty

        /// Reads `text` as the host of a URL of a special scheme (`isSpecial`, the default: a domain,
        /// an IPv4 or an IPv6 address) or of another scheme (an opaque host or an IPv6 address), as
        /// the Standard's host parser does; throws why a browser refuses it.
        public init(_ text: String, isSpecial: Bool = true) throws(ParseError) {
            guard !text.isEmpty else {
                guard !isSpecial else { throw .invalidHost }
                self = .empty
                return
            }
            var output: [UInt8] = []
            try URLHost.append(ArraySlice(text.utf8), isSpecial: isSpecial, to: &output)
            self.init(serialized: String(decoding: output, as: UTF8.self), isSpecial: isSpecial)
        }

        /// The host whose serialization is `text`, already written by the host serializer.
        init(serialized text: String, isSpecial: Bool) {
            if text.isEmpty {
                self = .empty
            } else if text.utf8.first == UInt8(ascii: "[") {
                self = .ipv6(String(Substring(text.utf8.dropFirst().dropLast())))
            } else if !isSpecial {
                self = .opaque(text)
            } else if text.utf8.allSatisfy({ URLReader.isDigit($0) || $0 == UInt8(ascii: ".") }) {
                // The serializer writes every special host that ends in a number as an IPv4 address.
                self = .ipv4(text)
            } else {
                self = .domain(text)
            }
        }

        /// This host as the host of an `https` URL reads: an opaque host's text (a URL of an app's
        /// own scheme keeps its case and its `%XX`) read as a domain or an address, any other host
        /// as it is; `nil` when no `https` URL could have it. How a host under an app's scheme is
        /// compared with a web host.
        ///
        /// An opaque host that is not ASCII once its `%XX` are decoded is `nil` too: the browser
        /// hands the app such a URL as written, never mapped by UTS #46, so `bac%E2%84%AAend`
        /// (U+212A, Kelvin sign) is no spelling of `backend`.
        public var asSpecialHost: Host? {
            guard case .opaque(let text) = self else { return self }
            guard PercentDecoding.decodeKeepingStrayPercents(text.utf8).allSatisfy({ $0 < 0x80 }) else { return nil }
            return try? Host(text)
        }

        /// Whether the host is an IPv4 or IPv6 address.
        public var isIPAddress: Bool {
            switch self {
            case .ipv4, .ipv6: true
            case .domain, .opaque, .empty: false
            }
        }

        /// The host as a URL holds it: an IPv6 address in brackets, anything else as it is.
        public var description: String {
            switch self {
            case .domain(let text), .ipv4(let text), .opaque(let text): text
            case .ipv6(let text): "[" + text + "]"
            case .empty: ""
            }
        }
    }

    /// A URL's origin, as the URL Standard defines it.
    public enum Origin: Sendable, Hashable, CustomStringConvertible {
        /// The origin of an `http`, `https`, `ws`, `wss` or `ftp` URL, or of a `blob:` URL of one:
        /// its scheme, host and port (`nil` for the scheme's default).
        case tuple(scheme: String, host: Host, port: Int?)
        /// Every other URL's origin. A browser holds no two opaque origins the same; here two
        /// `.opaque` values are equal, so compare them only to ask whether an origin is opaque.
        case opaque

        /// `https://shop.example:8443`, or `null` for an opaque origin, as `URL.origin` writes it.
        public var description: String {
            switch self {
            case .tuple(let scheme, let host, let port): scheme + "://" + host.description + (port.map { ":\($0)" } ?? "")
            case .opaque: "null"
            }
        }
    }
}
