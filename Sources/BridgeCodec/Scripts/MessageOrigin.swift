/// The `messageOrigins` entries a page's bridge compares `MessageEvent.origin` with.
enum MessageOrigin {
    /// Checks that `entry`, in ASCII lowercase, is what some frame's `MessageEvent.origin` could
    /// equal: an `http` or `https` origin as a browser serializes it (`https://shop.example`,
    /// `https://shop.example:8443`), or such an origin with `*.` before a domain, for its subdomains.
    /// A browser never loads a frame from port 0 (a bad port to Fetch) or from a host holding `*`.
    static func check(_ entry: String) throws(URLPolicy.Violation) {
        var origin = entry.asciiLowercased()
        var isPattern = false
        if let scheme = URLReader.scheme(of: origin), origin.utf8.starts(with: (scheme + "://*.").utf8) {
            origin = scheme + "://" + Substring(origin.utf8.dropFirst(scheme.utf8.count + 5))
            isPattern = true
        }
        guard let url = try? WebURL(origin), url.scheme == "https" || url.scheme == "http", url.origin.description == origin,
            url.port != 0, let host = url.host, !host.description.utf8.contains(UInt8(ascii: "*")),
            // An IP address has no subdomains.
            !(isPattern && host.isIPAddress)
        else {
            throw .notAnOrigin(entry)
        }
    }
}

extension BridgeScripts {
    /// `entries` as a snippet's `messageOrigins` (the frames whose `MessageEvent.origin` it
    /// accepts): each an origin such as `https://pay.example`, or `https://*.pay.example`
    /// for every subdomain, in ASCII lowercase. Throws for an entry no frame's origin could equal
    /// (a path, a trailing `/`, a default port), which would drop every message.
    public static func messageOrigins(_ entries: [String]) throws(URLPolicy.Violation) -> JSONValue {
        for entry in entries { try MessageOrigin.check(entry) }
        return .array(entries.map { .string($0.asciiLowercased()) })
    }
}
