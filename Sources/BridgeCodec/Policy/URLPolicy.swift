/// Which URLs from the page the app accepts, checked on every URL a message carries
/// (Volt `url`, Sovendus `openUrl`, Plaid hosted link, Plaid `callbackUrl`).
///
/// By default only `https` passes. A page controls these strings, so the check is
/// strict: absolute URLs only; only the printable ASCII that RFC 3986 allows (no spaces,
/// controls, raw non-ASCII, `"` `<` `>` the backtick `{` `|` `}` `^`: percent-encode them);
/// for `http` and `https` a real host and a port up to 65535, no user info
/// (`https://bank.example@evil.example`), no backslashes (which browsers read as `/`). ``WebURL``
/// reads what this accepts as a browser does, and refuses what a browser would read otherwise.
/// `javascript:`, `vbscript:`, `data:` and `file:` are rejected even when listed.
public struct URLPolicy: Sendable, Hashable {
    /// Schemes that pass, in ASCII lowercase (they are lowercased when set).
    public var allowedSchemes: Set<String> {
        get { Set(schemes) }
        set { schemes = Self.sortedLowercased(newValue) }
    }
    /// Longest URL accepted, in bytes. Default 8,192; at most ``JSONLimits/maximumBytes``.
    public let maxLength: Int

    /// The allowed schemes, lowercased and sorted: an array (equal for equal sets) because a
    /// check compares a scheme with these few, and iterating a `Set` costs more than comparing.
    private var schemes: [String]

    /// Schemes that run code or read local data; never allowed.
    public static let forbiddenSchemes: Set<String> = ["javascript", "vbscript", "data", "file"]

    /// A policy allowing `allowedSchemes` (compared ignoring ASCII case), URLs up to 8,192 bytes.
    public init(allowedSchemes: Set<String> = ["https"]) {
        self.init(allowedSchemes: allowedSchemes, checkedMaxLength: 8_192)
    }

    /// A policy allowing `allowedSchemes`, URLs up to `maxLength` bytes (from 1 to
    /// ``JSONLimits/maximumBytes``).
    public init(allowedSchemes: Set<String> = ["https"], maxLength: Int) throws(InvalidLimit) {
        try InvalidLimit.check("maxLength", maxLength, allowed: 1...JSONLimits.maximumBytes)
        self.init(allowedSchemes: allowedSchemes, checkedMaxLength: maxLength)
    }

    private init(allowedSchemes: Set<String>, checkedMaxLength: Int) {
        schemes = Self.sortedLowercased(allowedSchemes)
        maxLength = checkedMaxLength
    }

    private static func sortedLowercased(_ schemes: Set<String>) -> [String] {
        Set(schemes.map { $0.asciiLowercased() }).sorted()
    }

    /// The default: `https` only.
    public static let httpsOnly = URLPolicy()

    /// `http` and `https` URLs of any length whose host a browser reads as this package does:
    /// for deciding about URLs a page navigates to, whatever their length.
    static let webURLs = URLPolicy(allowedSchemes: ["http", "https"], checkedMaxLength: JSONLimits.maximumBytes)

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
        /// A control character, space, character outside printable ASCII, or one RFC 3986 does not allow
        /// in a URL (`"` `<` `>` the backtick `{` `|` `}` `^`).
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
                "URL contains U+\(String(scalar.value, radix: 16, uppercase: true)), which a URL must percent-encode"
            case .backslash: "URL contains a backslash"
            case .relative: "URL is relative; an absolute URL is required"
            case .forbiddenScheme(let scheme): "URL scheme \(JSONPath.quoted(scheme + ":")) is never allowed"
            case .schemeNotAllowed(let scheme): "URL scheme \(JSONPath.quoted(scheme + ":")) is not allowed"
            case .missingHost: "URL has no host"
            case .invalidAuthority: "URL host or port is malformed"
            case .userInfo: "URL has user info before the host"
            }
        }
    }

    /// Checks `url`; throws the first rule it breaks.
    public func check(_ url: String) throws(Violation) {
        // A native string's bytes are read in place; only a small (inline) or bridged one is
        // copied, and copying a small one costs nothing.
        let found = url.withUTF8Bytes { violation(in: $0) }
        if let violation = found {
            if case .invalidCharacter = violation {
                // Report the whole scalar, not the byte where it starts.
                let scalar =
                    url.unicodeScalars.first { $0.value > 0x7F || !Self.isURLCharacter(UInt8($0.value)) && $0 != "\\" } ?? "\u{FFFD}"
                throw .invalidCharacter(scalar)
            }
            throw violation
        }
    }

    /// Checks `url`, found at `path` of a document; a refusal is a ``JSONDecodeError`` there.
    func check(_ url: String, at path: @autoclosure () -> JSONPath) throws(JSONDecodeError) {
        do {
            try check(url)
        } catch {
            throw JSONDecodeError(path: path(), reason: .urlRejected(error))
        }
    }

    /// Every rule, in the order that decides which violation a URL is reported with;
    /// `invalidCharacter` carries a placeholder that ``check(_:)`` replaces.
    func violation(in bytes: UnsafeBufferPointer<UInt8>) -> Violation? {
        guard !bytes.isEmpty else { return .empty }
        guard bytes.count <= maxLength else { return .tooLong(limit: maxLength) }
        let characters = Self.characters
        // The scheme, its `:` and a web URL's `//` and host name are URL characters: the
        // character scan starts where they end, so each byte is read once.
        let schemeEnd = Self.schemeLength(bytes, characters)
        let scheme = schemeEnd.map { Self.lowercasedScheme(UnsafeBufferPointer(rebasing: bytes[..<$0])) }
        var hostEnd: Int?
        var checkedEnd = 0
        if let schemeEnd, let scheme {
            checkedEnd = schemeEnd + 1
            if scheme.isWeb, Self.hasSlashes(bytes, at: checkedEnd) {
                let end = characters.hostName.firstNonMember(in: bytes, from: checkedEnd + 2, before: bytes.count)
                hostEnd = end
                checkedEnd = end
            }
        }
        var hasBackslash = false
        var position = characters.url.firstNonMember(in: bytes, from: checkedEnd, before: bytes.count)
        while position < bytes.count {
            guard bytes[position] == UInt8(ascii: "\\") else { return .invalidCharacter("\u{FFFD}") }
            hasBackslash = true
            position = characters.url.firstNonMember(in: bytes, from: position + 1, before: bytes.count)
        }
        guard let schemeEnd, let (name, isWeb) = scheme else { return .relative }
        guard isWeb || !Self.forbiddenSchemes.contains(name) else { return .forbiddenScheme(name) }
        guard schemes.contains(name) else { return .schemeNotAllowed(name) }
        guard !hasBackslash else { return .backslash }
        guard isWeb else { return nil }
        guard let hostEnd else { return .missingHost }
        return Self.authorityViolation(bytes, hostStart: schemeEnd + 3, hostEnd: hostEnd, characters)
    }

    /// The lowercased scheme of an absolute URL, or `nil` for a relative reference.
    static func scheme(of url: String) -> String? {
        url.withUTF8Bytes { bytes in
            schemeLength(bytes, characters).map { lowercasedScheme(UnsafeBufferPointer(rebasing: bytes[..<$0])).name }
        }
    }

    /// What follows `url`'s `scheme` and its `:`, cut on UTF-8 bytes: a combining mark after the `:`
    /// makes one `Character` with it, and dropping `Character`s would drop the mark too.
    static func schemeSpecificPart(of url: String, scheme: String) -> Substring {
        Substring(url.utf8.dropFirst(scheme.utf8.count + 1))
    }

    /// The length of the scheme before `:` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`).
    private static func schemeLength(_ bytes: UnsafeBufferPointer<UInt8>, _ characters: Characters) -> Int? {
        let end = characters.scheme.firstNonMember(in: bytes, from: 0, before: bytes.count)
        guard end > 0, end < bytes.count, bytes[end] == UInt8(ascii: ":"), characters.letter.contains(bytes[0]) else { return nil }
        return end
    }

    /// The scheme in lowercase, and whether it is `https` or `http`, which come back as literals.
    private static func lowercasedScheme(_ bytes: UnsafeBufferPointer<UInt8>) -> (name: String, isWeb: Bool) {
        if equalsIgnoringCase(bytes, "https") { return ("https", true) }
        if equalsIgnoringCase(bytes, "http") { return ("http", true) }
        let name = String(unsafeUninitializedCapacity: bytes.count) { buffer in
            for offset in bytes.indices { buffer[offset] = bytes[offset].asciiLowercased }
            return bytes.count
        }
        return (name, false)
    }

    private static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for offset in bytes.indices where bytes[offset].asciiLowercased != expected[offset] {
            return false
        }
        return true
    }

    /// Printable ASCII that RFC 3986 allows in a URL; backslash is reported on its own.
    static func isURLCharacter(_ byte: UInt8) -> Bool {
        characters.url.contains(byte)
    }

    /// The byte sets a check scans with, made once together.
    private struct Characters: Sendable {
        /// Printable ASCII but space, `"` `<` `>` `\` `^` the backtick `{` `|` `}`.
        let url = ASCIIByteSet { (0x21...0x7E).contains($0) && !#""<>\^`{|}"#.utf8.contains($0) }
        /// What a scheme is made of: letters, digits, `+`, `-` and `.`.
        let scheme = ASCIIByteSet { isAlphanumeric($0) || "+-.".utf8.contains($0) }
        /// What a scheme starts with.
        let letter = ASCIIByteSet { isAlphanumeric($0) && !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        /// Letters, digits, `-` and `.`: what a host name is made of.
        let hostName = ASCIIByteSet { isAlphanumeric($0) || "-.".utf8.contains($0) }
        /// Every byte but `/`, `?` and `#`, before which the authority ends. Bytes from 0x80 up
        /// end the scan too; the character check has already refused them.
        let authority = ASCIIByteSet { !"/?#".utf8.contains($0) }
    }

    private static let characters = Characters()

    /// Whether `//` starts at `offset`.
    private static func hasSlashes(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        offset + 1 < bytes.count && bytes[offset] == UInt8(ascii: "/") && bytes[offset + 1] == UInt8(ascii: "/")
    }

    /// The authority `host[:port]` from `hostStart`, followed by `/`, `?`, `#` or the end, of a
    /// URL made of URL characters; `hostEnd` is where its host name characters end.
    private static func authorityViolation(
        _ bytes: UnsafeBufferPointer<UInt8>, hostStart: Int, hostEnd: Int, _ characters: Characters
    ) -> Violation? {
        // Usually the host name runs to the authority's end, and there is nothing more to read.
        let end =
            hostEnd == bytes.count || !characters.authority.contains(bytes[hostEnd])
            ? hostEnd : characters.authority.firstNonMember(in: bytes, from: hostEnd, before: bytes.count)
        for offset in hostEnd..<end where bytes[offset] == UInt8(ascii: "@") {
            return .userInfo
        }
        var portStart: Int?
        if hostStart < end, bytes[hostStart] == UInt8(ascii: "[") {
            var close = hostStart + 1
            while close < end, bytes[close] != UInt8(ascii: "]") {
                guard isHexDigit(bytes[close]) || bytes[close] == UInt8(ascii: ":") || bytes[close] == UInt8(ascii: ".") else {
                    return .invalidAuthority
                }
                close += 1
            }
            guard close < end, close > hostStart + 1 else { return .invalidAuthority }
            if close + 1 < end {
                guard bytes[close + 1] == UInt8(ascii: ":") else { return .invalidAuthority }
                portStart = close + 2
            }
        } else {
            if hostEnd < end {
                guard bytes[hostEnd] == UInt8(ascii: ":") else { return .invalidAuthority }
                portStart = hostEnd + 1
            }
            guard hostEnd > hostStart else { return .missingHost }
        }
        if let portStart {
            let digits = end - portStart
            guard digits >= 1, digits <= 5 else { return .invalidAuthority }
            var port = 0
            for offset in portStart..<end {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[offset]) else { return .invalidAuthority }
                port = port * 10 + Int(bytes[offset] - UInt8(ascii: "0"))
            }
            guard port <= 65_535 else { return .invalidAuthority }
        }
        return nil
    }

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: false
        }
    }
}
