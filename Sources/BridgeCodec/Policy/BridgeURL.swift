import Foundation

/// A URL from the page, read as a browser reads it, and ready for the app to open.
///
/// The dispatcher applies its ``URLPolicy`` to every `BridgeURL` a message holds; here the
/// text is only read (``WebURL``) and made into a Foundation `URL`.
public struct BridgeURL: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL as a browser reads it; ``foundationURL`` is the Foundation `URL`.
    public let webURL: WebURL

    /// Reads `string` as a browser does; throws when a browser would refuse it
    /// (``URLPolicy/Violation/unreadable(_:)``), or when Foundation's `URL` cannot hold its host
    /// (``URLPolicy/Violation/notRepresentable``).
    public init(_ string: String) throws(URLPolicy.Violation) {
        let url: WebURL
        do {
            url = try WebURL(string)
        } catch {
            throw .unreadable(error)
        }
        try self.init(url)
    }

    /// `url`, once Foundation's `URL` can hold it: a host of characters RFC 3986 allows in one.
    public init(_ url: WebURL) throws(URLPolicy.Violation) {
        let representable = url.href.withUTF8Bytes { bytes in
            let host = bytes[url.offsets.hostStart..<url.offsets.hostEnd]
            return host.first == UInt8(ascii: "[")
                || (host.allSatisfy(Self.hostCharacters.contains) && !PercentDecoding.hasStrayPercent(host))
        }
        guard representable else { throw .notRepresentable }
        webURL = url
    }

    /// A Foundation `URL` of the same URL, made from ``string`` with the characters a browser keeps
    /// as written but RFC 3986 does not allow where they stand (`|` `^` `{` `}` `[` `]` `\` the
    /// backtick, a second `#`, a `%` without two hex digits) percent-encoded. Made on each call:
    /// keep it when you use it more than once.
    public var foundationURL: URL {
        // The text is RFC 3986 by construction (the host was checked when this value was made),
        // and the tests and the fuzz target hold Foundation to reading every such text; were it
        // ever to refuse one, `about:blank` opens nothing.
        URL(string: Self.rfc3986Text(of: webURL)) ?? Self.blank
    }

    /// `about:blank`: the literal always reads, and the fallback after it is for the type checker.
    private static let blank = URL(string: "about:blank") ?? URL(fileURLWithPath: "/")

    /// What RFC 3986 allows in a host name: unreserved characters, sub-delimiters and `%`.
    private static let hostCharacters = ASCIIByteSet { byte in
        URLReader.isAlpha(byte) || URLReader.isDigit(byte) || "-._~!$&'()*+,;=%".utf8.contains(byte)
    }

    /// `text` read as a browser reads it, found at `path` of a document, and checked against `policy`.
    static func reading(_ text: String, at path: @autoclosure () -> JSONPath, policy: URLPolicy?) throws(JSONError) -> BridgeURL {
        do {
            let url = try BridgeURL(URLPolicy.read(text))
            try policy?.check(url.webURL)
            return url
        } catch {
            throw JSONError(path: path(), reason: .urlRejected(error))
        }
    }

    /// The URL as a browser serializes it (``WebURL/href``).
    public var string: String { webURL.href }

    /// The scheme, lowercased.
    public var scheme: String { webURL.scheme }

    /// ``string``.
    public var description: String { webURL.href }

    /// Equal when a browser reads both as the same URL.
    public static func == (left: BridgeURL, right: BridgeURL) -> Bool { left.webURL == right.webURL }

    /// Hashes ``webURL``.
    public func hash(into hasher: inout Hasher) { hasher.combine(webURL) }

    /// Decodes from a JSON string, refusing what a browser refuses.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            try self.init(container.decode(String.self))
        } catch let violation as URLPolicy.Violation {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: violation.description)
        }
    }

    /// Encodes ``string``.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(webURL.href)
    }

    /// What a browser keeps as written in a path, query or fragment and RFC 3986 does not allow there.
    private static let notRFC3986 = ASCIIByteSet { #"|^{}[]\`"#.utf8.contains($0) }

    /// `url`'s serialization with what RFC 3986 refuses outside the scheme and the host percent-encoded.
    static func rfc3986Text(of url: WebURL) -> String {
        let encoded = url.href.withUTF8Bytes { bytes -> [UInt8]? in
            var output: [UInt8]?
            var seenHash = false
            for offset in bytes.indices {
                let byte = bytes[offset]
                let isRaw: Bool
                if offset <= url.offsets.schemeEnd || (url.offsets.hostStart..<url.offsets.hostEnd).contains(offset) {
                    isRaw = true
                } else if byte == UInt8(ascii: "%") {
                    isRaw = !PercentDecoding.hasStrayPercent(bytes[offset..<min(offset + 3, bytes.count)])
                } else if byte == UInt8(ascii: "#") {
                    isRaw = !seenHash
                    seenHash = true
                } else {
                    isRaw = !notRFC3986.contains(byte)
                }
                // Most URLs need nothing encoded: the copy starts at the first byte that does.
                if !isRaw, output == nil { output = Array(bytes[..<offset]) }
                if isRaw {
                    output?.append(byte)
                } else {
                    output? += [UInt8(ascii: "%"), Escaper.upperHexDigit(byte >> 4), Escaper.upperHexDigit(byte & 0xF)]
                }
            }
            return output
        }
        return encoded.map { String(decoding: $0, as: UTF8.self) } ?? url.href
    }
}
