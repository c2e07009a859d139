/// The `messageOrigins` entries a page's bridge compares `MessageEvent.origin` with.
enum MessageOrigin {
    /// `entry` as `MessageEvent.origin` reports such an origin: an `http` or `https` origin as a
    /// browser serializes it (`https://shop.example`, `https://shop.example:8443`; a Unicode host
    /// in its `xn--` form), or such an origin with `*.` before a domain, for its subdomains.
    /// Throws for anything else. A browser never loads a frame from port 0 (a bad port to Fetch)
    /// or from a host holding `*`.
    static func serialized(_ entry: String) throws(URLPolicy.Violation) -> String {
        var origin = entry.asciiLowercased()
        var pattern = ""
        if let scheme = URLReader.scheme(of: origin), origin.utf8.starts(with: (scheme + "://*.").utf8) {
            origin = scheme + "://" + Substring(origin.utf8.dropFirst(scheme.utf8.count + 5))
            pattern = "*."
        }
        guard let url = try? WebURL(origin), url.scheme == "https" || url.scheme == "http", url.port != 0, let host = url.host,
            !host.description.utf8.contains(UInt8(ascii: "*")),
            // An IP address has no subdomains.
            !(pattern == "*." && host.isIPAddress),
            url.origin.description == origin || writtenInUnicode(origin, as: url)
        else {
            throw .notAnOrigin(entry)
        }
        return url.scheme + "://" + pattern + Substring(url.origin.description.utf8.dropFirst(url.scheme.utf8.count + 3))
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

extension BridgeScripts {
    /// `entries` as a snippet's `messageOrigins` (the frames whose `MessageEvent.origin` it
    /// accepts): each an origin such as `https://pay.example`, or `https://*.pay.example`
    /// for every subdomain, written as the browser serializes it (ASCII lowercase, a Unicode
    /// host in its `xn--` form). Throws for an entry no frame's origin could equal (a path, a
    /// trailing `/`, a default port), which would drop every message.
    public static func messageOrigins(_ entries: [String]) throws(URLPolicy.Violation) -> JSONValue {
        var serialized: [JSONValue] = []
        for entry in entries { serialized.append(.string(try MessageOrigin.serialized(entry))) }
        return .array(serialized)
    }
}
