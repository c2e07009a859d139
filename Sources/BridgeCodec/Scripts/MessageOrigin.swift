/// The `messageOrigins` entries a page's bridge compares `MessageEvent.origin` with.
enum MessageOrigin {
    /// Checks that `entry`, in ASCII lowercase, is what some frame's `MessageEvent.origin` could
    /// equal: an `http` or `https` origin as a browser serializes it (`https://shop.example`,
    /// `https://shop.example:8443`), or such an origin with `*.` before a domain, for its subdomains.
    /// A browser never loads a frame from port 0 (a bad port to Fetch) or from a host holding `*`.
    static func check(_ entry: String) throws(EscapingError) {
        var origin = entry.asciiLowercased()
        var isPattern = false
        if let scheme = URLReader.scheme(of: origin), origin.utf8.starts(with: (scheme + "://*.").utf8) {
            origin = scheme + "://" + Substring(origin.utf8.dropFirst(scheme.utf8.count + 5))
            isPattern = true
        }
        guard let url = try? WebURL(origin), url.scheme == "https" || url.scheme == "http", url.origin == origin, url.port != 0,
            url.host?.utf8.contains(UInt8(ascii: "*")) == false
        else {
            throw .invalidMessageOrigin(entry)
        }
        // An IP address has no subdomains.
        if isPattern, let host = url.host, host.hasPrefix("[") || host.utf8.allSatisfy({ URLReader.isDigit($0) || $0 == UInt8(ascii: ".") })
        {
            throw .invalidMessageOrigin(entry)
        }
    }
}
