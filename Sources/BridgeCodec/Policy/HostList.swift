/// A set of host names and subdomain patterns, compared byte for byte ignoring ASCII case, by
/// whole labels: `*.example.com` is every subdomain of `example.com`, not the domain itself.
struct HostList: Sendable, Hashable {
    /// The entries without a wildcard, as UTF-8 in ASCII lowercase.
    private let names: Set<[UInt8]>
    /// The `*.` entries' domains with a leading dot (`.example.com`), as UTF-8 in ASCII lowercase.
    private let subdomainsOf: [[UInt8]]

    init(_ entries: some Sequence<String>) {
        // Bytes rather than `String`s: a `Set<String>` and `hasSuffix` compare by canonical
        // equivalence, under which a host that is not byte-equal to an entry could still match it.
        // Each entry's host as a browser serializes it (`127.1` is `127.0.0.1`), so it compares
        // with the hosts URLs are read with; an entry no browser reads as a host stays as written,
        // in lowercase, and matches nothing.
        let lowercased = entries.map { entry -> [UInt8] in
            let bytes = entry.asciiLowercasedUTF8()
            let wildcard = bytes.starts(with: "*.".utf8) ? 2 : 0
            let domain = String(decoding: bytes[wildcard...], as: UTF8.self)
            return Array(bytes[..<wildcard]) + Array((URLHost.serialized(domain) ?? domain).utf8)
        }.sorted { $0.lexicographicallyPrecedes($1) }
        names = Set(lowercased.filter { !$0.starts(with: "*.".utf8) })
        subdomainsOf = lowercased.filter { $0.starts(with: "*.".utf8) }.map { Array($0.dropFirst()) }
    }

    /// The entries that name a host a browser reads (`shop.example`, `*.example.com`), as
    /// serialized; an entry no host can equal is left out.
    var entries: [String] {
        // A wildcard stands only in front; a host holding `*` is no DNS name a frame is served from.
        func hosts(_ bytes: [[UInt8]], dropping prefix: Int) -> [String] {
            bytes.map { String(decoding: $0.dropFirst(prefix), as: UTF8.self) }
                .filter { URLHost.serialized($0) == $0 && !$0.utf8.contains(UInt8(ascii: "*")) }
        }
        return (hosts(Array(names), dropping: 0) + hosts(subdomainsOf, dropping: 1).map { "*." + $0 }).sorted()
    }

    /// Whether `host`, as a browser serializes it, is listed.
    func contains(_ host: String) -> Bool {
        let host = Array(host.utf8)
        if names.contains(host) { return true }
        // A subdomain: the host ends in `.DOMAIN` with at least one label in front.
        return subdomainsOf.contains { host.count > $0.count && host.suffix($0.count).elementsEqual($0) }
    }
}
