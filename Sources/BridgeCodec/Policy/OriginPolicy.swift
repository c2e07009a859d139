/// The origin of the frame that sent a message, as `WKScriptMessage.frameInfo` reports it.
public struct FrameOrigin: Sendable, Hashable, CustomStringConvertible {
    /// The scheme, such as `https`.
    public var scheme: String
    /// The host, such as `checkout.volt.io`.
    public var host: String
    /// The port, or `nil` for the scheme's default.
    public var port: Int?
    /// Whether the message came from the main frame rather than an iframe.
    public var isMainFrame: Bool

    /// An origin.
    public init(scheme: String, host: String, port: Int? = nil, isMainFrame: Bool) {
        self.scheme = scheme
        self.host = host
        self.port = port
        self.isMainFrame = isMainFrame
    }

    /// The origin WebKit reports for a frame (`WKFrameInfo`'s `securityOrigin.protocol`, `.host`
    /// and `.port`, and `isMainFrame`), where port 0 stands for the scheme's default. A frame with
    /// an opaque origin (a page loaded with `loadHTMLString(_:baseURL: nil)`, a `data:` or
    /// sandboxed frame: `location.origin` is `"null"`) reports an empty protocol and host, which
    /// no host list matches.
    public init(webKitProtocol: String, host: String, port: Int, isMainFrame: Bool) {
        self.init(scheme: webKitProtocol, host: host, port: port == 0 ? nil : port, isMainFrame: isMainFrame)
    }

    /// The origin an Android web-message listener reports (androidx.webkit's
    /// `WebViewCompat.addWebMessageListener`: `sourceOrigin.toString()` and `isMainFrame`), as a
    /// browser serializes origins (`https://shop.example`, `https://shop.example:8443`). `nil` for
    /// the opaque origin `null` (a `file:`, `content:` or `data:` frame) and for text that is no
    /// origin: a host list then refuses the message, as it refuses one without an origin.
    public init?(serializedOrigin: String, isMainFrame: Bool) {
        guard let url = try? WebURL(serializedOrigin), case .tuple(let scheme, let host, let port) = url.origin,
            url.origin.description == serializedOrigin.asciiLowercased()
        else { return nil }
        self.init(scheme: scheme, host: host.description, port: port, isMainFrame: isMainFrame)
    }

    /// Whether the schemes and hosts have the same code units, as the origin policy compares
    /// them, and the ports and frames are the same.
    public static func == (lhs: FrameOrigin, rhs: FrameOrigin) -> Bool {
        lhs.scheme.hasSameCodeUnits(as: rhs.scheme) && lhs.host.hasSameCodeUnits(as: rhs.host) && lhs.port == rhs.port
            && lhs.isMainFrame == rhs.isMainFrame
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        scheme.hashCodeUnits(into: &hasher)
        host.hashCodeUnits(into: &hasher)
        hasher.combine(port)
        hasher.combine(isMainFrame)
    }

    /// `scheme://host[:port]`, and `(iframe)` when not the main frame; what the platform reported
    /// is escaped to stay on one printable line.
    public var description: String {
        "\(JSONPath.escaped(scheme))://\(JSONPath.escaped(host))" + (port.map { ":\($0)" } ?? "") + (isMainFrame ? "" : " (iframe)")
    }
}

/// Which frames may post to a channel. There is no default: a channel's creator
/// chooses ``anyOrigin`` or a host list explicitly.
public struct OriginPolicy: Sendable, Hashable {
    private enum Rule: Sendable, Hashable {
        case any
        // Boxed: a lookup copies a channel's policy, and copying a box is one retain.
        indirect case hosts(HostList, includingFrames: Bool)
    }

    private let rule: Rule

    /// Messages from any frame are accepted; for pages the app fully controls, or where
    /// the platform gives no origin (Android's `@JavascriptInterface`).
    public static let anyOrigin = OriginPolicy(rule: .any)

    /// Only the main frame, on `https` and the default port, whose host is listed (compared as a
    /// browser serializes hosts: ASCII case ignored, `127.1` the same as `127.0.0.1`). An entry
    /// `*.example.com` allows every subdomain of `example.com`, not the domain itself. A message
    /// without an origin is rejected.
    ///
    /// Frames inside a checkout are other parties' content (a card issuer's 3-D Secure page, an
    /// ad), so an iframe is refused even from a listed host unless `includingFrames` is `true`,
    /// for a channel whose page posts from a frame of its own.
    public static func hosts(_ hosts: some Sequence<String>, includingFrames: Bool = false) -> OriginPolicy {
        OriginPolicy(rule: .hosts(HostList(hosts), includingFrames: includingFrames))
    }

    /// Why a frame may not post to a channel.
    public enum Refusal: Sendable, Hashable, CustomStringConvertible {
        /// The platform reported no origin, and the channel allows only listed hosts.
        case noOrigin
        /// The frame is an iframe, and the channel allows only the main frame (its host list does
        /// not include frames).
        case notMainFrame(FrameOrigin)
        /// The frame's scheme is not `https`.
        case scheme(FrameOrigin)
        /// The frame's host is not listed.
        case host(FrameOrigin)
        /// The frame is on a port other than 443.
        case port(FrameOrigin)

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .noOrigin: "the message has no origin and the channel allows only listed hosts"
            case .notMainFrame(let origin): "origin \(origin) is not the main frame"
            case .scheme(let origin): "origin \(origin) is not https"
            case .host(let origin): "origin \(origin) is not allowed"
            case .port(let origin): "origin \(origin) is not on the default port"
            }
        }
    }

    /// The `allowedOriginRules` for androidx.webkit's `WebViewCompat.addWebMessageListener` that
    /// inject the listener's object into the frames this policy admits, and no others: `*` for
    /// ``anyOrigin``, else `https://HOST` for each host and `https://*.DOMAIN` for each `*.DOMAIN`.
    /// The rules admit iframes of the hosts to the object too; the listener reports `isMainFrame`,
    /// and the dispatcher refuses an iframe unless the list includes frames.
    public var allowedOriginRules: Set<String> {
        switch rule {
        case .any: ["*"]
        case .hosts(let hosts, _): Set(hosts.entries.map { "https://" + $0 })
        }
    }

    /// Whether every frame may post: the dispatcher then skips the check and its large result.
    var allowsAnyOrigin: Bool {
        if case .any = rule { true } else { false }
    }

    /// Why `origin` is refused, or `nil` when it is allowed.
    func refusal(of origin: FrameOrigin?) -> Refusal? {
        guard case .hosts(let hosts, let includingFrames) = rule else { return nil }
        guard let origin else { return .noOrigin }
        if !includingFrames && !origin.isMainFrame { return .notMainFrame(origin) }
        guard origin.scheme.asciiLowercased().utf8.elementsEqual("https".utf8) else { return .scheme(origin) }
        guard origin.port == nil || origin.port == 443 else { return .port(origin) }
        // The host as a browser serializes it; WebKit reports an IPv6 address without its brackets.
        let host = origin.host.utf8.contains(UInt8(ascii: ":")) ? "[" + origin.host + "]" : origin.host
        guard let serialized = URLHost.serialized(host), hosts.contains(serialized) else { return .host(origin) }
        return nil
    }
}
