/// A set of host names where an entry `*.example.com` stands for every subdomain of `example.com`
/// (not the domain itself). Compared case-insensitively.
struct HostList: Sendable, Hashable {
    private let entries: Set<String>

    init(_ entries: Set<String>) {
        self.entries = Set(entries.map { $0.lowercased() })
    }

    func contains(_ host: String) -> Bool {
        let host = host.lowercased()
        return entries.contains(host)
            || entries.contains { entry in
                entry.hasPrefix("*.") && host.hasSuffix(entry.dropFirst()) && host.count > entry.count - 1
            }
    }
}
