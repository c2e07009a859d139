/// Which origins one entry of an origin list stands for: a scheme, a host or every subdomain
/// of a domain (`*.`), and a port. The one reading of an entry for a channel's host list
/// (``OriginPolicy/hosts(_:includingFrames:)``), Android's `allowedOriginRules` and a
/// snippet's `messageOrigins`, made when the entry is given: an entry no frame's origin could
/// match is refused there, never kept to match nothing.
public struct OriginPattern: Sendable, Hashable, CustomStringConvertible {
    /// `https` or `http`.
    public let scheme: String
    /// The host as a browser serializes it (ASCII lowercase, a Unicode name in its `xn--` form,
    /// `127.1` as `127.0.0.1`); for ``includesSubdomains``, the domain below them.
    public let host: WebURL.Host
    /// Whether the entry is `*.` and a domain: every subdomain of ``host``, not the domain itself.
    public let includesSubdomains: Bool
    /// The port, or `nil` for the scheme's default.
    public let port: Int?

    /// Reads an origin as `MessageEvent.origin` reports one (`https://shop.example`,
    /// `https://shop.example:8443`, ASCII case ignored, a Unicode host read as a browser reads
    /// it), or such an origin with `*.` before a domain for its subdomains. Throws for anything
    /// else: a path or a trailing `/`, a default port written out, a scheme other than `http` and
    /// `https`, port 0 (which Fetch never loads), a host holding `*`, `*.` before an IP address.
    public init(_ text: String) throws(InvalidArgument) {
        var origin = text.asciiLowercased()
        var includesSubdomains = false
        if let scheme = URLReader.scheme(of: origin), origin.utf8.starts(with: (scheme + "://*.").utf8) {
            origin = scheme + "://" + Substring(origin.utf8.dropFirst(scheme.utf8.count + 5))
            includesSubdomains = true
        }
        guard let url = try? WebURL(origin), url.scheme == "https" || url.scheme == "http", url.port != 0,
            case .tuple(let scheme, let host, let port) = url.origin, Self.canMatch(host, includesSubdomains),
            url.origin.description == origin || Self.writtenInUnicode(origin, as: url)
        else {
            throw .rejected(
                name: "origin",
                reason: "\(Escaper.logString(text)) is not an origin: write https://host or https://host:port (no path, no default port), "
                    + "or https://*.host for its subdomains")
        }
        self.init(scheme: scheme, host: host, includesSubdomains: includesSubdomains, port: port)
    }

    /// Reads a host list's entry: a host (`shop.example`, `127.0.0.1`) or `*.` before a domain for
    /// its subdomains, each over `https` on its default port. Throws for text that is no host a
    /// browser reads (a scheme, a path or a port written in, a space), a host holding `*`, and
    /// `*.` before an IP address.
    public init(host entry: String) throws(InvalidArgument) {
        let includesSubdomains = entry.utf8.starts(with: "*.".utf8)
        let name = includesSubdomains ? String(Substring(entry.utf8.dropFirst(2))) : entry
        guard let host = try? WebURL.Host(name), Self.canMatch(host, includesSubdomains) else {
            throw .rejected(
                name: "host",
                reason: "\(Escaper.logString(entry)) is not a host: write a host such as shop.example, or *.shop.example for its subdomains"
            )
        }
        self.init(scheme: "https", host: host, includesSubdomains: includesSubdomains, port: nil)
    }

    private init(scheme: String, host: WebURL.Host, includesSubdomains: Bool, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.includesSubdomains = includesSubdomains
        self.port = port
    }

    /// Whether a frame of `origin` is one the entry stands for; an opaque origin never is.
    public func matches(_ origin: WebURL.Origin) -> Bool {
        guard case .tuple(let scheme, let host, let port) = origin, scheme == self.scheme, port == self.port else { return false }
        guard includesSubdomains else { return host == self.host }
        guard case .domain(let name) = host, case .domain(let domain) = self.host else { return false }
        // At least one label in front of `.DOMAIN`.
        return name.utf8.count > domain.utf8.count + 1
            && name.utf8.suffix(domain.utf8.count + 1).elementsEqual([UInt8(ascii: ".")] + Array(domain.utf8))
    }

    /// The entry as a browser serializes origins: `https://shop.example`, `https://*.shop.example:8443`.
    public var description: String {
        scheme + "://" + (includesSubdomains ? "*." : "") + host.description + (port.map { ":\($0)" } ?? "")
    }

    /// Whether a wildcard stands only in front of a domain: no DNS name a frame is served from
    /// holds `*`, and an IP address has no subdomains.
    private static func canMatch(_ host: WebURL.Host, _ includesSubdomains: Bool) -> Bool {
        !host.description.utf8.contains(UInt8(ascii: "*")) && !(includesSubdomains && host.isIPAddress)
    }

    /// Whether `origin` is `url`'s origin with its host written in Unicode: nothing but the host
    /// differs from the serialization (no path, no user info, no default port written out).
    private static func writtenInUnicode(_ origin: String, as url: WebURL) -> Bool {
        guard case .tuple(let scheme, let host, let port) = url.origin, origin.utf8.contains(where: { $0 >= 0x80 }) else {
            return false
        }
        let authority = Substring(origin.utf8.dropFirst(scheme.utf8.count + 3))
        let written = port.map { String(authority.utf8.dropLast(":\($0)".utf8.count)) ?? "" } ?? String(authority)
        guard port.map({ authority.utf8.suffix(":\($0)".utf8.count).elementsEqual(":\($0)".utf8) }) ?? true,
            !written.utf8.contains(UInt8(ascii: ":")), !written.utf8.contains(UInt8(ascii: "/"))
        else { return false }
        return (try? WebURL.Host(written)) == host
    }
}
