/// A URL read as a browser reads it: the WHATWG URL Standard's basic URL parser, and its serialization.
///
/// Every URL decision in the package reads its URL here once and decides on the parts below,
/// which are the parts a browser (and so a WebView) works with: a typed ``Host`` and ``Origin``
/// among them. Reading is not deciding: whether a URL that reads may be used is a
/// ``URLPolicy``'s call. The reader covers every scheme but `file:`, and reads a host as the
/// Standard's domain to ASCII does (UTS #46, Unicode 18.0.0): `https://Bücher.de` is
/// `https://xn--bcher-kva.de/`. Everything else it reads exactly as the Standard does,
/// including relative references against a base; what the Standard refuses, it refuses.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as the Standard serializes it (`URL.href`): ASCII only.
    public let href: String
    /// Where each part lies in ``href``'s UTF-8.
    private let parts: URLOffsets

    /// Reads `text` as an absolute URL, or as a reference relative to `base`.
    public init(_ text: String, base: WebURL? = nil) throws(ParseError) {
        guard !text.isEmpty || base != nil else { throw .empty }
        if base == nil, let parts = text.withUTF8Bytes(URLReader.serializedWebURL) {
            // Already the serialization: the text is the href.
            self.init(href: text, parts: parts)
        } else {
            let (bytes, parts) = try URLReader.read(text, base: base)
            self.init(href: String(decoding: bytes, as: UTF8.self), parts: parts)
        }
    }

    private init(href: String, parts: URLOffsets) {
        self.href = href
        self.parts = parts
    }

    /// The scheme in lowercase, without its `:`.
    public var scheme: String { slice(0, parts.schemeEnd) }
    /// The user name, percent-encoded; empty when there is none.
    public var username: String { parts.hasHost ? slice(parts.usernameStart, parts.usernameEnd) : "" }
    /// The password, percent-encoded; empty when there is none.
    public var password: String { parts.hasHost ? slice(parts.passwordStart, parts.passwordEnd) : "" }
    /// The host; `nil` when the URL has no authority (`mailto:x`).
    public var host: Host? { parts.hasHost ? Host(serialized: slice(parts.hostStart, parts.hostEnd), isSpecial: parts.isSpecial) : nil }
    /// The port, or `nil` when there is none or it is the scheme's default.
    public var port: Int? { parts.port }
    /// The path as serialized (`pathname`): `/`-separated segments, or an opaque path such as
    /// `blank` in `about:blank`.
    public var path: String { slice(parts.pathStart, parts.queryStart ?? parts.fragmentStart ?? parts.end) }
    /// The query without its `?`; `nil` when the URL has no `?`.
    public var query: String? { parts.queryStart.map { slice($0 + 1, parts.fragmentStart ?? parts.end) } }
    /// The fragment without its `#`; `nil` when the URL has no `#`.
    public var fragment: String? { parts.fragmentStart.map { slice($0 + 1, parts.end) } }
    /// Whether the path is opaque (`mailto:x`, `about:blank`, `javascript:…`) rather than a list of segments.
    public var hasOpaquePath: Bool { parts.hasOpaquePath }
    /// Whether the scheme is one of the Standard's special schemes (`http`, `https`, `ws`, `wss`, `ftp`, `file`).
    public var isSpecial: Bool { parts.isSpecial }
    /// Whether the URL has a user name or a password.
    var hasCredentials: Bool { parts.hasHost && parts.hostStart > parts.usernameStart }

    /// The origin. A `blob:` URL has the origin of the `http` or `https` URL in its path.
    public var origin: Origin {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp":
            return .tuple(scheme: scheme, host: host ?? .empty, port: port)
        case "blob":
            guard let inner = try? WebURL(path), inner.scheme == "https" || inner.scheme == "http" else { return .opaque }
            return inner.origin
        default:
            return .opaque
        }
    }

    /// The lowercased scheme `text` starts with, as a browser reads it (leading and trailing
    /// spaces and controls dropped, tabs and newlines ignored), or `nil` when it has none; whether
    /// or not the rest is a URL.
    public static func scheme(of text: String) -> String? { URLReader.scheme(of: text) }

    /// This URL with `path` added to its path (after a `/`) and `queryItems` after its query's
    /// items, before its fragment, as URL builders add to a base URL: each name and value
    /// percent-encoded (``Escaper/urlQueryComponent(_:)``), the path read as a browser reads it.
    /// Throws only for a path that makes the URL longer than a URL may be.
    public func appending(path: String = "", queryItems: [(name: String, value: String)]) throws(ParseError) -> WebURL {
        var text = String(Substring(href.utf8.prefix(parts.queryStart ?? parts.fragmentStart ?? parts.end)))
        if !path.isEmpty { text += (text.utf8.last == UInt8(ascii: "/") ? "" : "/") + path }
        let query = self.query.map { $0.isEmpty || $0.utf8.last == UInt8(ascii: "&") ? $0 : $0 + "&" } ?? ""
        let items = queryItems.map { Escaper.urlQueryComponent($0.name) + "=" + Escaper.urlQueryComponent($0.value) }
        return try WebURL(text + "?" + query + items.joined(separator: "&") + (fragment.map { "#" + $0 } ?? ""))
    }

    /// ``href``.
    public var description: String { href }

    /// Equal when their serializations are: two texts a browser reads the same are the same URL.
    public static func == (left: WebURL, right: WebURL) -> Bool { left.href == right.href }

    /// Hashes ``href``.
    public func hash(into hasher: inout Hasher) { hasher.combine(href) }

    var schemeBytes: Substring.UTF8View { Substring(href.utf8.prefix(parts.schemeEnd)).utf8 }
    var offsets: URLOffsets { parts }

    private func slice(_ start: Int, _ end: Int) -> String {
        let utf8 = href.utf8
        return String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
    }
}

/// Where the parts of a serialized URL lie, as UTF-8 offsets. Stored in 32 bits (the reader takes
/// text of at most ``URLReader/maximumLength`` bytes): every message holding a URL copies them.
struct URLOffsets: Sendable, Equatable {
    private var storedScheme: UInt32 = 0
    private var storedUsername: UInt32 = 0
    private var storedPassword: UInt32 = 0
    private var storedHost: UInt32 = 0
    private var storedHostEnd: UInt32 = 0
    private var storedPath: UInt32 = 0
    /// `UInt32.max` for none.
    private var storedQuery = UInt32.max
    private var storedFragment = UInt32.max
    private var storedPort = UInt32.max
    private var storedEnd: UInt32 = 0
    var isSpecial = false
    var hasHost = false
    var hasOpaquePath = false

    /// Where the scheme's `:` is.
    var schemeEnd: Int {
        get { Int(storedScheme) }
        set { storedScheme = UInt32(newValue) }
    }
    /// The user name starts after the `//`.
    var usernameStart: Int { schemeEnd + 3 }
    var usernameEnd: Int {
        get { Int(storedUsername) }
        set { storedUsername = UInt32(newValue) }
    }
    /// The password starts after its `:`, when there is one.
    var passwordStart: Int { passwordEnd > usernameEnd ? usernameEnd + 1 : usernameEnd }
    var passwordEnd: Int {
        get { Int(storedPassword) }
        set { storedPassword = UInt32(newValue) }
    }
    var hostStart: Int {
        get { Int(storedHost) }
        set { storedHost = UInt32(newValue) }
    }
    var hostEnd: Int {
        get { Int(storedHostEnd) }
        set { storedHostEnd = UInt32(newValue) }
    }
    var port: Int? {
        get { storedPort == .max ? nil : Int(storedPort) }
        set { storedPort = newValue.map(UInt32.init) ?? .max }
    }
    var pathStart: Int {
        get { Int(storedPath) }
        set { storedPath = UInt32(newValue) }
    }
    /// Where the query's `?` is.
    var queryStart: Int? {
        get { storedQuery == .max ? nil : Int(storedQuery) }
        set { storedQuery = newValue.map(UInt32.init) ?? .max }
    }
    /// Where the fragment's `#` is.
    var fragmentStart: Int? {
        get { storedFragment == .max ? nil : Int(storedFragment) }
        set { storedFragment = newValue.map(UInt32.init) ?? .max }
    }
    /// The serialization's length.
    var end: Int {
        get { Int(storedEnd) }
        set { storedEnd = UInt32(newValue) }
    }
}
