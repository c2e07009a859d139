/// A URL split for matching: lowercased scheme and host, exact path, query items as written.
struct URLParts: Equatable {
    let scheme: String
    let host: String
    let path: Substring
    let queryItems: [Substring]
    let fragment: Substring?

    init?(_ url: String) {
        guard let scheme = URLPolicy.scheme(of: url) else { return nil }
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
        self.scheme = scheme
        self.host = rest[..<slash].lowercased()
        self.path = rest[slash...]
        self.queryItems = query.isEmpty ? [] : query.split(separator: "&", omittingEmptySubsequences: false)
        self.fragment = fragment
    }
}
