import BridgeCodec

/// The hosts a Swedbank Pay payment WebView loads pages from, written as the SDK writes them: a
/// name is that host; `*.example.com` is `example.com` or one label in front of it;
/// `**.example.com` is `example.com` or any number of labels in front of it.
///
/// Entries and hosts are compared as a browser serializes hosts (ASCII case ignored, `127.1` the
/// same as `127.0.0.1`), byte for byte, by whole labels; an entry no browser reads as a host
/// matches nothing.
struct WebViewHostPatterns: Sendable, Hashable {
    /// The entries without a wildcard, as serialized.
    private let names: Set<[UInt8]>
    /// The `*.` entries' domains with a leading dot (`.example.com`).
    private let oneLabelDomains: [[UInt8]]
    /// The `**.` entries' domains with a leading dot.
    private let anyLabelsDomains: [[UInt8]]

    init(_ entries: Set<String>) {
        var names = Set<[UInt8]>()
        var oneLabel: [[UInt8]] = []
        var anyLabels: [[UInt8]] = []
        for entry in entries {
            let wildcard = entry.utf8.starts(with: "**.".utf8) ? 3 : entry.utf8.starts(with: "*.".utf8) ? 2 : 0
            guard let host = try? WebURL.Host(String(Substring(entry.utf8.dropFirst(wildcard)))) else { continue }
            let bytes = Array(host.description.utf8)
            switch wildcard {
            case 3: anyLabels.append([UInt8(ascii: ".")] + bytes)
            case 2: oneLabel.append([UInt8(ascii: ".")] + bytes)
            default: names.insert(bytes)
            }
        }
        self.names = names
        // Sorted, so that equal sets of entries make equal values.
        oneLabelDomains = oneLabel.sorted { $0.lexicographicallyPrecedes($1) }
        anyLabelsDomains = anyLabels.sorted { $0.lexicographicallyPrecedes($1) }
    }

    /// Whether `host` is listed.
    func contains(_ host: WebURL.Host) -> Bool {
        let host = Array(host.description.utf8)
        return names.contains(host) || oneLabelDomains.contains { Self.labels(before: $0, in: host).map { $0 <= 1 } ?? false }
            || anyLabelsDomains.contains { Self.labels(before: $0, in: host) != nil }
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
