/// An `http` or `https` URL read as a browser reads it (the WHATWG URL Standard), or refused.
///
/// What ``URLPolicy`` accepts under those schemes is read here as a WebView reports it: scheme
/// and host in lowercase, the default port dropped, dot segments removed from the path (`%2e`
/// included), an empty path written `/`, and `'` in the query percent-encoded. What a browser
/// would read some other way than its text shows is refused instead: a host that a browser reads
/// as an IPv4 address unless written as one (`0x7f.1`), a port above 65535, an IPv6 address that
/// is not in its shortest form, and a punycode (`xn--`) label, which a browser decodes.
public struct WebURL: Sendable, Hashable, CustomStringConvertible {
    /// `http` or `https`.
    public let scheme: String
    /// The host in lowercase; an IPv6 address in brackets.
    public let host: String
    /// The port, or `nil` for the scheme's default.
    public let port: Int?
    /// The path, from its first `/`.
    public let path: String
    /// The query without its `?`; `nil` when the URL has no `?`.
    public let query: String?
    /// The fragment without its `#`; `nil` when the URL has no `#`.
    public let fragment: String?

    /// The URL as the Standard serializes it.
    public var href: String {
        scheme + "://" + host + (port.map { ":\($0)" } ?? "") + path + (query.map { "?" + $0 } ?? "")
            + (fragment.map { "#" + $0 } ?? "")
    }

    /// ``href``.
    public var description: String { href }

    /// Reads `url`, or throws why it is refused: any rule of ``URLPolicy`` for `http` and `https`,
    /// and what a browser would read otherwise than written (``URLPolicy/Violation/invalidAuthority``).
    public init(_ url: String) throws(URLPolicy.Violation) {
        try URLPolicy.webURLs.check(url)
        // What the policy accepts under `http` and `https` always splits.
        guard let parts = URLParts(url) else { throw .invalidAuthority }
        scheme = parts.scheme
        host = try Self.host(parts.host)
        // The policy saw to a port of at most 65535; `URLParts` drops one written as the default.
        port = Int(parts.port).flatMap { $0 == (parts.scheme == "https" ? 443 : 80) ? nil : $0 }
        path = Self.removingDotSegments(parts.path)
        // The Standard percent-encodes `'` in the query of a special URL; the policy refuses the rest of that set.
        query = parts.query?.replacingOccurrences(of: "'", with: "%27")
        fragment = parts.fragment.map(String.init)
    }

    /// The host as the Standard reads it, or `invalidAuthority` where that differs from `text`.
    private static func host(_ text: String) throws(URLPolicy.Violation) -> String {
        if text.hasPrefix("[") {
            guard text.hasSuffix("]"), let canonical = IPv6.canonical(text.dropFirst().dropLast()), canonical == text.dropFirst().dropLast()
            else { throw .invalidAuthority }
            return text
        }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        // A host whose last label (a final dot aside) is a number is an IPv4 address to a browser.
        let last = labels.last == "" && labels.count > 1 ? labels[labels.count - 2] : labels.last ?? ""
        let isDecimal = last.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        let isHexadecimal = last.hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit)
        if !last.isEmpty, isDecimal || isHexadecimal {
            let parts = labels.compactMap { label -> Int? in
                guard !label.isEmpty, label.count <= 3, label == "0" || !label.hasPrefix("0") else { return nil }
                return Int(label)
            }
            guard labels.count == 4, parts.count == 4, parts.allSatisfy({ $0 <= 255 }) else { throw .invalidAuthority }
            return text
        }
        guard !labels.contains(where: { $0.hasPrefix("xn--") }) else { throw .invalidAuthority }
        return text
    }

    /// `path` with its `.` and `..` segments (also written `%2e`) resolved as the Standard resolves
    /// them; an empty path is `/`.
    private static func removingDotSegments(_ path: Substring) -> String {
        guard !path.isEmpty else { return "/" }
        var output: [Substring] = []
        let segments = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        for (index, segment) in segments.enumerated() {
            let isLast = index == segments.count - 1
            switch segment.lowercased() {
            case "..", ".%2e", "%2e.", "%2e%2e":
                _ = output.popLast()
                if isLast { output.append("") }
            case ".", "%2e":
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}

/// IPv6 addresses in the form the URL Standard writes them.
private enum IPv6 {
    /// `text`'s address in its shortest form (lowercase hexadecimal, no leading zeros, the first
    /// longest run of two or more zero pieces as `::`), or `nil` when it is no address this reads
    /// (an embedded IPv4 address included).
    static func canonical(_ text: Substring) -> String? {
        let halves = text.components(separatedBy: "::")
        guard halves.count <= 2 else { return nil }
        func pieces(_ part: String) -> [UInt16]? {
            guard !part.isEmpty else { return [] }
            var result: [UInt16] = []
            for piece in part.split(separator: ":", omittingEmptySubsequences: false) {
                guard (1...4).contains(piece.count), let value = UInt16(piece, radix: 16) else { return nil }
                result.append(value)
            }
            return result
        }
        guard let head = pieces(halves[0]) else { return nil }
        var address = head
        if halves.count == 2 {
            guard let tail = pieces(halves[1]), head.count + tail.count <= 7 else { return nil }
            address += [UInt16](repeating: 0, count: 8 - head.count - tail.count) + tail
        }
        guard address.count == 8 else { return nil }
        // The first longest run of zeros, if it is two or more long.
        var best: (start: Int, length: Int) = (0, 0)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8, address[end] == 0 { end += 1 }
            if end - index > best.length { best = (index, end - index) }
            index = max(end, index + 1)
        }
        let hex = address.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") }
        return hex[..<best.start].joined(separator: ":") + "::" + hex[(best.start + best.length)...].joined(separator: ":")
    }
}
