/// A set of host names and patterns, compared byte for byte ignoring ASCII case, by whole labels.
///
/// What a wildcard stands for depends on where the list is used:
/// - ``Wildcards/subdomains`` (origin policies): `*.example.com` is every subdomain of
///   `example.com`, not the domain itself.
/// - ``Wildcards/webViewPatterns`` (the Swedbank Pay SDK's WebView hosts): `*.example.com` is
///   `example.com` or one label in front of it; `**.example.com` is `example.com` or any number
///   of labels in front of it.
struct HostList: Sendable, Hashable {
    /// How the list reads a wildcard entry.
    enum Wildcards: Sendable, Hashable {
        case subdomains
        case webViewPatterns
    }

    private let wildcards: Wildcards
    /// The entries without a wildcard, as UTF-8 in ASCII lowercase.
    private let names: Set<[UInt8]>
    /// The `*.` entries' domains with a leading dot (`.example.com`), as UTF-8 in ASCII lowercase.
    private let oneLabelDomains: [[UInt8]]
    /// The `**.` entries' domains with a leading dot, as UTF-8 in ASCII lowercase.
    private let anyLabelsDomains: [[UInt8]]

    init(_ entries: Set<String>, wildcards: Wildcards = .subdomains) {
        // Bytes rather than `String`s: a `Set<String>` and `hasSuffix` compare by canonical
        // equivalence, under which a host that is not byte-equal to an entry could still match it.
        // Each entry's host as a browser serializes it (`127.1` is `127.0.0.1`), so it compares
        // with the hosts URLs are read with; an entry no browser reads as a host stays as written,
        // in lowercase, and matches nothing.
        let lowercased = entries.map { entry -> [UInt8] in
            let bytes = entry.asciiLowercasedUTF8()
            let wildcard = bytes.starts(with: "**.".utf8) ? 3 : bytes.starts(with: "*.".utf8) ? 2 : 0
            let domain = String(decoding: bytes[wildcard...], as: UTF8.self)
            return Array(bytes[..<wildcard]) + Array((URLHost.serialized(domain) ?? domain).utf8)
        }.sorted { $0.lexicographicallyPrecedes($1) }
        let anyLabels = wildcards == .webViewPatterns ? lowercased.filter { $0.starts(with: "**.".utf8) } : []
        let oneLabel = lowercased.filter { $0.starts(with: "*.".utf8) && !$0.starts(with: "**.".utf8) }
        self.wildcards = wildcards
        names = Set(lowercased.filter { !$0.starts(with: "*.".utf8) && !anyLabels.contains($0) })
        oneLabelDomains = oneLabel.map { Array($0.dropFirst()) }
        anyLabelsDomains = anyLabels.map { Array($0.dropFirst(2)) }
    }

    /// The entries that name a host a browser reads (`shop.example`, `*.example.com`,
    /// `**.payex.com`), as serialized; an entry no host can equal is left out.
    var entries: [String] {
        // A wildcard stands only in front; a host holding `*` is no DNS name a frame is served from.
        func hosts(_ bytes: [[UInt8]], dropping prefix: Int) -> [String] {
            bytes.map { String(decoding: $0.dropFirst(prefix), as: UTF8.self) }
                .filter { URLHost.serialized($0) == $0 && !$0.utf8.contains(UInt8(ascii: "*")) }
        }
        return
            (hosts(Array(names), dropping: 0) + hosts(oneLabelDomains, dropping: 1).map { "*." + $0 }
            + hosts(anyLabelsDomains, dropping: 1).map { "**." + $0 }).sorted()
    }

    /// Whether `host`, as a browser serializes it, is listed.
    func contains(_ host: String) -> Bool {
        let host = Array(host.utf8)
        if names.contains(host) { return true }
        switch wildcards {
        case .subdomains:
            return oneLabelDomains.contains { Self.labels(before: $0, in: host).map { $0 >= 1 } ?? false }
        case .webViewPatterns:
            return oneLabelDomains.contains { Self.labels(before: $0, in: host).map { $0 <= 1 } ?? false }
                || anyLabelsDomains.contains { Self.labels(before: $0, in: host) != nil }
        }
    }

    /// How many labels `host` has in front of the domain `dottedDomain` (`.example.com`): 0 for
    /// the domain itself, `nil` when `host` is not the domain or under it.
    private static func labels(before dottedDomain: [UInt8], in host: [UInt8]) -> Int? {
        if host.elementsEqual(dottedDomain.dropFirst()) { return 0 }
        guard host.count > dottedDomain.count, host.suffix(dottedDomain.count).elementsEqual(dottedDomain) else { return nil }
        // One label more than the dots in front of the domain.
        return host.prefix(host.count - dottedDomain.count).reduce(1) { $1 == UInt8(ascii: ".") ? $0 + 1 : $0 }
    }
}
