/// Which frames may post to a channel. There is no default: a channel's creator
/// chooses ``anyOrigin`` or a host list explicitly.
public struct OriginPolicy: Sendable, Hashable {
    private enum Rule: Sendable, Hashable {
        case any
        // Boxed: a lookup copies a channel's policy, and copying a box is one retain.
        indirect case hosts([OriginPattern], includingFrames: Bool)
    }

    private let rule: Rule

    /// Messages from any frame are accepted; for pages the app fully controls, or where
    /// the platform gives no origin (Android's `@JavascriptInterface`).
    public static let anyOrigin = OriginPolicy(rule: .any)

    /// Only the main frame, on `https` and the default port, whose host is listed, each entry read
    /// as ``OriginPattern/init(host:)`` reads it: a host, compared as a browser serializes hosts
    /// (ASCII case ignored, `127.1` the same as `127.0.0.1`), or `*.example.com` for every
    /// subdomain of `example.com`, not the domain itself. A message without an origin is
    /// rejected. Throws for an entry no frame could match, naming it.
    ///
    /// Frames inside a checkout are other parties' content (a card issuer's 3-D Secure page, an
    /// ad), so an iframe is refused even from a listed host unless `includingFrames` is `true`,
    /// for a channel whose page posts from a frame of its own.
    public static func hosts(_ hosts: some Sequence<String>, includingFrames: Bool = false) throws(InvalidArgument) -> OriginPolicy {
        var patterns: [OriginPattern] = []
        for host in hosts { patterns.append(try OriginPattern(host: host)) }
        // Sorted and without repeats, so that equal lists make equal policies.
        let unique = Set(patterns).sorted { $0.description < $1.description }
        return OriginPolicy(rule: .hosts(unique, includingFrames: includingFrames))
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
        case .hosts(let patterns, _): Set(patterns.map(\.description))
        }
    }

    /// Whether every frame may post: the dispatcher then skips the check and its large result.
    var allowsAnyOrigin: Bool {
        if case .any = rule { true } else { false }
    }

    /// Whether an iframe may post: the page's client is then injected into frames too.
    var admitsFrames: Bool {
        switch rule {
        case .any: true
        case .hosts(_, let includingFrames): includingFrames
        }
    }

    /// Why `frame` is refused, or `nil` when it is allowed.
    func refusal(of frame: FrameOrigin?) -> Refusal? {
        guard case .hosts(let patterns, let includingFrames) = rule else { return nil }
        guard let frame else { return .noOrigin }
        if !includingFrames && !frame.isMainFrame { return .notMainFrame(frame) }
        guard case .tuple("https", _, let port) = frame.origin else { return .scheme(frame) }
        guard port == nil else { return .port(frame) }
        guard patterns.contains(where: { $0.matches(frame.origin) }) else { return .host(frame) }
        return nil
    }
}
