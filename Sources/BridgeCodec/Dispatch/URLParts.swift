/// A URL split for matching: lowercased scheme and host, port, exact path, query items as written.
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
    /// The port as written (digits after the authority's last colon), empty when there is none.
    let port: Substring
    let path: Substring
    let queryItems: [Substring]
    let fragment: Substring?

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
        var rest = url.dropFirst(scheme.utf8.count + 1)
        guard rest.hasPrefix("//") else { return nil }
        rest = rest.dropFirst(2)
        var fragment: Substring?
        if let hash = rest.firstIndex(of: "#") {
            fragment = rest[rest.index(after: hash)...]
            rest = rest[..<hash]
        }
        var query: Substring = ""
        if let question = rest.firstIndex(of: "?") {
            query = rest[rest.index(after: question)...]
            rest = rest[..<question]
        }
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        var authority = rest[..<slash]
        var port: Substring = ""
        // A web URL's authority is `name[:digits]` or `[address][:digits]` (the policy saw to it);
        // another scheme's ends in a port only when what follows its last colon is digits.
        if let colon = authority.lastIndex(of: ":") {
            let digits = authority[authority.index(after: colon)...]
            if !digits.isEmpty, digits.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) {
                port = digits
                authority = authority[..<colon]
            }
        }
        self.scheme = scheme
        self.host = authority.lowercased()
        self.port = port
        self.path = rest[slash...]
        self.queryItems = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
        self.fragment = fragment
    }
}
