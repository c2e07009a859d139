/// A URL split for matching, as a WebView serializes it: scheme and host in ASCII lowercase, the
/// scheme's default port dropped (443 for `https`, 80 for `http`), an empty web path written `/`;
/// path and query items otherwise as written.
///
/// For web URLs (`http`, `https`) the host is the one a browser connects to, or there is no
/// split at all: a URL ``URLPolicy`` refuses under those schemes (a backslash, which a browser
/// reads as `/`; user info before the host; a host that is not a name or IP address; a port
/// that is not a number) is `nil`, so that `https://evil.example\.bank.example/` is never taken
/// for a subdomain of `bank.example`.
struct URLParts: Equatable {
    let scheme: String
    /// Lowercased, without the port.
    let host: String
    /// The port as written (digits after the authority's last colon), empty when there is none
    /// or when it is the scheme's default.
    let port: Substring
    let path: Substring
    /// The query without its `?`; `nil` when the URL has no `?`.
    let query: Substring?
    let fragment: Substring?

    /// The query's `&`-separated items as written; none for an absent or empty query.
    var queryItems: [Substring] {
        guard let query, !query.isEmpty else { return [] }
        return query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map(Substring.init)
    }

    init?(_ url: String) {
        guard let scheme = URLPolicy.scheme(of: url) else { return nil }
        let isWeb = scheme == "http" || scheme == "https"
        if isWeb {
            do {
                try URLPolicy.webURLs.check(url)
            } catch {
                return nil
            }
        }
        // Cut on bytes, as URL grammar is: `/`, `?`, `#` and `:` followed by a combining mark are
        // one Character each, and comparing Characters would not see them.
        var rest = URLPolicy.schemeSpecificPart(of: url, scheme: scheme)
        guard rest.utf8.starts(with: "//".utf8) else { return nil }
        rest = Substring(rest.utf8.dropFirst(2))
        var fragment: Substring?
        if let hash = rest.utf8.firstIndex(of: UInt8(ascii: "#")) {
            fragment = rest[rest.utf8.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring?
        if let question = rest.utf8.firstIndex(of: UInt8(ascii: "?")) {
            query = rest[rest.utf8.index(after: question)...]
            rest = rest[..<question]
        }
        let slash = rest.utf8.firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
        var authority = rest[..<slash]
        var port: Substring = ""
        // A web URL's authority is `name[:digits]` or `[address][:digits]` (the policy saw to it);
        // another scheme's ends in a port only when what follows its last colon is digits.
        if let colon = authority.utf8.lastIndex(of: UInt8(ascii: ":")) {
            let digits = authority[authority.utf8.index(after: colon)...]
            if !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                port = digits
                authority = authority[..<colon]
            }
        }
        self.scheme = scheme
        self.host = authority.asciiLowercased()
        let defaultPort = isWeb ? (scheme == "https" ? "443" : "80") : nil
        self.port = port.utf8.elementsEqual((defaultPort ?? "").utf8) ? "" : port
        let path = rest[slash...]
        self.path = isWeb && path.isEmpty ? "/" : path
        self.query = query
        self.fragment = fragment
    }
}
