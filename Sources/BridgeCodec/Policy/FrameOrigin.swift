/// The frame a message came from: its origin as a browser reads it, read once when the value
/// is made, and whether it is the main frame.
public struct FrameOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The frame's origin: a scheme, a host and a port, or opaque (a page loaded with
    /// `loadHTMLString(_:baseURL: nil)`, a `data:` or sandboxed frame, whose `location.origin` is
    /// `"null"`), which no host list matches.
    public var origin: WebURL.Origin
    /// Whether the message came from the main frame rather than an iframe.
    public var isMainFrame: Bool

    /// A frame of `origin`.
    public init(_ origin: WebURL.Origin, isMainFrame: Bool) {
        self.origin = origin
        self.isMainFrame = isMainFrame
    }

    /// The origin of `scheme://host[:port]` as a browser reads it: the scheme in ASCII lowercase,
    /// the host read by the URL Standard's host parser (an IPv6 address with or without its
    /// brackets), a scheme's default port the same as none. What is no such origin (an empty
    /// scheme or host, a scheme without one, such as `file` or an app's own, a host no browser
    /// reads, a port outside 1 to 65535) is opaque.
    public init(scheme: String, host: String, port: Int? = nil, isMainFrame: Bool) {
        self.init(Self.origin(scheme: scheme, host: host, port: port), isMainFrame: isMainFrame)
    }

    /// The origin WebKit reports for a frame (`WKFrameInfo`'s `securityOrigin.protocol`, `.host`
    /// and `.port`, and `isMainFrame`), where port 0 stands for the scheme's default. A frame with
    /// an opaque origin reports an empty protocol and host.
    public init(webKitProtocol: String, host: String, port: Int, isMainFrame: Bool) {
        self.init(scheme: webKitProtocol, host: host, port: port == 0 ? nil : port, isMainFrame: isMainFrame)
    }

    /// The origin an Android web-message listener reports (androidx.webkit's
    /// `WebViewCompat.addWebMessageListener`: `sourceOrigin.toString()` and `isMainFrame`), as a
    /// browser serializes origins (`https://shop.example`, `https://shop.example:8443`). `nil` for
    /// the opaque origin `null` (a `file:`, `content:` or `data:` frame) and for text that is no
    /// origin: a host list then refuses the message, as it refuses one without an origin.
    public init?(serializedOrigin: String, isMainFrame: Bool) {
        guard let url = try? WebURL(serializedOrigin), case .tuple = url.origin,
            url.origin.description == serializedOrigin.asciiLowercased()
        else { return nil }
        self.init(url.origin, isMainFrame: isMainFrame)
    }

    /// `https://shop.example`, `null` for an opaque origin, and `(iframe)` when not the main frame.
    public var description: String {
        origin.description + (isMainFrame ? "" : " (iframe)")
    }

    private static func origin(scheme: String, host: String, port: Int?) -> WebURL.Origin {
        let scheme = scheme.asciiLowercased()
        // The schemes whose URLs have a tuple origin are the special ones with a default port.
        guard let defaultPort = URLReader.defaultPort(scheme.utf8), defaultPort != 0, port.map((1...65_535).contains) ?? true,
            let host = try? WebURL.Host(
                host.utf8.contains(UInt8(ascii: ":")) && !host.utf8.starts(with: "[".utf8) ? "[" + host + "]" : host)
        else { return .opaque }
        return .tuple(scheme: scheme, host: host, port: port == defaultPort ? nil : port)
    }
}
