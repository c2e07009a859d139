/// A set of host names where an entry `*.example.com` stands for every subdomain of `example.com`
/// (not the domain itself). Compared byte for byte, ignoring ASCII case.
struct HostList: Sendable, Hashable {
    /// The entries without a wildcard, as UTF-8 in ASCII lowercase.
    private let names: Set<[UInt8]>
    /// The wildcard entries' suffixes with their leading dot (`.example.com`), as UTF-8 in ASCII lowercase.
    private let subdomainSuffixes: [[UInt8]]

    init(_ entries: Set<String>) {
        // Bytes rather than `String`s: a `Set<String>` and `hasSuffix` compare by canonical
        // equivalence, under which a host that is not byte-equal to an entry could still match it.
        let lowercased = entries.map { $0.asciiLowercasedUTF8() }
        names = Set(lowercased.filter { !$0.starts(with: "*.".utf8) })
        subdomainSuffixes = lowercased.filter { $0.starts(with: "*.".utf8) }.map { Array($0.dropFirst()) }.sorted {
            $0.lexicographicallyPrecedes($1)
        }
    }

    func contains(_ host: String) -> Bool {
        let host = host.asciiLowercasedUTF8()
        return names.contains(host)
            || subdomainSuffixes.contains { suffix in host.count > suffix.count && host.suffix(suffix.count).elementsEqual(suffix) }
    }
}
