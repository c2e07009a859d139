/// A URL read as a browser reads it: the WHATWG URL Standard's basic URL parser, and its serialization.
///
/// Every URL decision in the package reads its URL here once and decides on the parts below,
/// which are the parts a browser (and so a WebView) works with. The reader covers every scheme
/// but `file:` (which no decision in the package ever opens) and refuses, with a documented
/// reason, a host that holds non-ASCII characters (UTS 46 mapping is not implemented; write such a
/// host in its `xn--` form). Everything else it reads exactly as the Standard does, including
/// relative references against a base; what the Standard refuses, it refuses.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL as the Standard serializes it (`URL.href`): ASCII only.
    public let href: String
    /// Where each part lies in ``href``'s UTF-8.
    private let parts: URLOffsets

    /// Reads `text` as an absolute URL, or as a reference relative to `base`.
    public init(_ text: String, base: WebURL? = nil) throws(URLPolicy.Violation) {
        var reader = URLReader(text, base: base)
        try reader.read()
        self.init(reader.output, reader.offsets)
    }

    private init(_ bytes: [UInt8], _ parts: URLOffsets) {
        href = String(decoding: bytes, as: UTF8.self)
        self.parts = parts
    }

    /// The scheme in lowercase, without its `:`.
    public var scheme: String { slice(0, parts.schemeEnd) }
    /// The user name, percent-encoded; empty when there is none.
    public var username: String { slice(parts.usernameStart, parts.usernameEnd) }
    /// The password, percent-encoded; empty when there is none.
    public var password: String { slice(parts.passwordStart, parts.passwordEnd) }
    /// The host as serialized (a domain in lowercase, IPv4 in dotted decimal, IPv6 compressed in
    /// brackets, or an opaque host); `nil` when the URL has no authority.
    public var host: String? { parts.hasHost ? slice(parts.hostStart, parts.hostEnd) : nil }
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
    public var isSpecial: Bool { URLReader.defaultPort(schemeBytes) != nil }

    /// The serialized origin (`https://shop.example:8443`), or `"null"` for an opaque origin. A
    /// `blob:` URL has the origin of the `http` or `https` URL in its path.
    public var origin: String {
        switch scheme {
        case "http", "https", "ws", "wss", "ftp":
            return scheme + "://" + (host ?? "") + (port.map { ":\($0)" } ?? "")
        case "blob":
            guard let inner = try? WebURL(path), inner.scheme == "https" || inner.scheme == "http" else { return "null" }
            return inner.origin
        default:
            return "null"
        }
    }

    /// This URL's text with `path` added to its path (after a `/`) and `items`, already encoded,
    /// after its query's items, before its fragment: as URL builders add to a base URL.
    func appending(path: String = "", queryItems items: String) -> String {
        var text = String(Substring(href.utf8.prefix(parts.queryStart ?? parts.fragmentStart ?? parts.end)))
        if !path.isEmpty { text += (text.utf8.last == UInt8(ascii: "/") ? "" : "/") + path }
        let query = self.query.map { $0.isEmpty || $0.utf8.last == UInt8(ascii: "&") ? $0 : $0 + "&" } ?? ""
        return text + "?" + query + items + (fragment.map { "#" + $0 } ?? "")
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

/// Where the parts of a serialized URL lie, as UTF-8 offsets.
struct URLOffsets: Sendable {
    var schemeEnd = 0
    var usernameStart = 0
    var usernameEnd = 0
    var passwordStart = 0
    var passwordEnd = 0
    var hasHost = false
    var hostStart = 0
    var hostEnd = 0
    var port: Int?
    var pathStart = 0
    var hasOpaquePath = false
    var queryStart: Int?
    var fragmentStart: Int?
    var end = 0
}
