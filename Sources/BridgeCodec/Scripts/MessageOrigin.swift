/// The `messageOrigins` entries a page's bridge compares `MessageEvent.origin` with.
enum MessageOrigin {
    /// Checks that `entry` is `http` or `https`, `://`, an optional `*.`, a host and an optional
    /// non-default port, and nothing else: the form of `MessageEvent.origin`.
    static func check(_ entry: String) throws(EscapingError) {
        guard let scheme = URLPolicy.scheme(of: entry), scheme == "https" || scheme == "http" else { throw .invalidMessageOrigin(entry) }
        let afterScheme = URLPolicy.schemeSpecificPart(of: entry, scheme: scheme)
        guard afterScheme.utf8.starts(with: "//".utf8) else { throw .invalidMessageOrigin(entry) }
        var authority = Substring(afterScheme.utf8.dropFirst(2))
        if authority.utf8.starts(with: "*.".utf8) {
            authority = Substring(authority.utf8.dropFirst(2))
            // An IPv6 address has no subdomains.
            guard !authority.utf8.starts(with: "[".utf8) else { throw .invalidMessageOrigin(entry) }
        }
        let endsAuthority: (UInt8) -> Bool = { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }
        // `URLParts` of an http(s) URL is nil unless `URLPolicy` accepts it: a real host, no user info.
        guard !authority.isEmpty, !authority.utf8.contains(where: endsAuthority),
            let parts = URLParts(scheme + "://" + authority), !parts.host.isEmpty
        else { throw .invalidMessageOrigin(entry) }
        // The port as a browser writes it: none for the scheme's default, no leading zero, no
        // empty port after a colon. Any other spelling is never an origin's.
        var canonical = parts.host
        if !parts.port.isEmpty {
            guard let port = Int(parts.port), (1...65_535).contains(port), port != (scheme == "https" ? 443 : 80) else {
                throw .invalidMessageOrigin(entry)
            }
            canonical += ":" + String(port)
        }
        guard canonical.utf8.elementsEqual(authority.asciiLowercased().utf8) else { throw .invalidMessageOrigin(entry) }
    }
}
