/// Which URLs from the page the app accepts, checked on every URL a message carries
/// (Volt `url`, Sovendus `openUrl`, Plaid hosted link, Plaid `callbackUrl`).
///
/// By default only `https` passes. A page controls these strings, so the check is
/// strict: absolute URLs only; printable ASCII only (no spaces, controls or raw
/// non-ASCII: percent-encode them); for `http` and `https` a real host, no user info
/// (`https://bank.example@evil.example`), no backslashes (which browsers read as `/`).
/// `javascript:`, `vbscript:`, `data:` and `file:` are rejected even when listed.
public struct URLPolicy: Sendable, Hashable {
    /// Schemes that pass, lowercased.
    public var allowedSchemes: Set<String>
    /// Longest URL accepted, in bytes. Default 8,192.
    public var maxLength: Int

    /// Schemes that run code or read local data; never allowed.
    public static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// A policy allowing `allowedSchemes` (compared case-insensitively).
    public init(allowedSchemes: Set<String> = ["https"], maxLength: Int = 8_192) {
        self.allowedSchemes = Set(allowedSchemes.map { $0.lowercased() })
        self.maxLength = maxLength
    }

    /// The default: `https` only.
    public static let httpsOnly = URLPolicy()

    /// `https` and the app's own registered schemes (for callbacks such as `myapp://plaid-complete`).
    public static func https(plusAppSchemes appSchemes: Set<String>) -> URLPolicy {
        URLPolicy(allowedSchemes: appSchemes.union(["https"]))
    }

    /// Why a URL was refused.
    public enum Violation: Error, Sendable, Hashable, CustomStringConvertible {
        /// The string is empty.
        case empty
        /// Longer than ``URLPolicy/maxLength``.
        case tooLong(limit: Int)
        /// A control character, space or character outside printable ASCII.
        case invalidCharacter(Unicode.Scalar)
        /// A backslash, which browsers treat as `/` in web URLs.
        case backslash
        /// No scheme: a relative reference.
        case relative
        /// A scheme that runs code or reads local data.
        case forbiddenScheme(String)
        /// A scheme the policy does not list.
        case schemeNotAllowed(String)
        /// A web URL without `//host`.
        case missingHost
        /// A web URL whose host is not a DNS name, IPv4 or bracketed IPv6 address, or whose port is not a number.
        case invalidAuthority
        /// A web URL with user info before the host.
        case userInfo

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .empty: "URL is empty"
            case .tooLong(let limit): "URL is longer than \(limit) bytes"
            case .invalidCharacter(let scalar):
                "URL contains U+\(String(scalar.value, radix: 16, uppercase: true)); only printable ASCII is allowed"
            case .backslash: "URL contains a backslash"
            case .relative: "URL is relative; an absolute URL is required"
            case .forbiddenScheme(let scheme): "URL scheme \"\(scheme):\" is never allowed"
            case .schemeNotAllowed(let scheme): "URL scheme \"\(scheme):\" is not allowed"
            case .missingHost: "URL has no host"
            case .invalidAuthority: "URL host or port is malformed"
            case .userInfo: "URL has user info before the host"
            }
        }
    }

    /// Checks `url`; throws the first rule it breaks.
    public func check(_ url: String) throws(Violation) {
        let bytes = url.utf8
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count <= maxLength else { throw .tooLong(limit: maxLength) }
        for scalar in url.unicodeScalars where !(0x21...0x7E).contains(scalar.value) {
            throw .invalidCharacter(scalar)
        }
        guard let scheme = Self.scheme(of: url) else { throw .relative }
        guard !Self.forbiddenSchemes.contains(scheme) else { throw .forbiddenScheme(scheme) }
        guard allowedSchemes.contains(scheme) else { throw .schemeNotAllowed(scheme) }
        guard !url.utf8.contains(UInt8(ascii: "\\")) else { throw .backslash }
        if scheme == "https" || scheme == "http" {
            try Self.checkAuthority(url.utf8.dropFirst(scheme.utf8.count + 1))
        }
    }

    /// The lowercased scheme of an absolute URL (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    static func scheme(of url: String) -> String? {
        var scheme = ""
        for (offset, byte) in url.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: ":"):
                return offset == 0 ? nil : scheme
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                scheme.unicodeScalars.append(Unicode.Scalar(byte | 0x20))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."):
                guard offset > 0 else { return nil }
                scheme.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                return nil
            }
        }
        return nil
    }

    /// `//host[:port]` followed by `/`, `?`, `#` or the end.
    private static func checkAuthority(_ rest: Substring.UTF8View) throws(Violation) {
        guard rest.starts(with: "//".utf8) else { throw .missingHost }
        let authority = rest.dropFirst(2).prefix { $0 != UInt8(ascii: "/") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "#") }
        guard !authority.contains(UInt8(ascii: "@")) else { throw .userInfo }
        var host = Substring(authority)
        var port: Substring?
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .invalidAuthority }
            let address = host[host.index(after: host.startIndex)..<close]
            guard !address.isEmpty, address.allSatisfy({ $0.isHexDigit || $0 == ":" || $0 == "." }) else { throw .invalidAuthority }
            let afterBracket = host[host.index(after: close)...]
            if !afterBracket.isEmpty {
                guard afterBracket.hasPrefix(":") else { throw .invalidAuthority }
                port = afterBracket.dropFirst()
            }
            host = address
        } else {
            if let colon = host.firstIndex(of: ":") {
                port = host[host.index(after: colon)...]
                host = host[..<colon]
            }
            guard !host.isEmpty else { throw .missingHost }
            let isHostCharacter: (Character) -> Bool = { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == ".") }
            guard host.allSatisfy(isHostCharacter) else { throw .invalidAuthority }
        }
        if let port {
            guard !port.isEmpty, port.count <= 5, port.allSatisfy({ $0.isASCII && $0.isNumber }) else { throw .invalidAuthority }
        }
    }
}
