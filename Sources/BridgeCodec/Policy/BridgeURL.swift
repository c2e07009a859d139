import Foundation

/// A URL from the page, read as a browser reads it, and ready for the app to open.
///
/// The dispatcher applies its ``URLPolicy`` to every `BridgeURL` a message holds; here the
/// text is only read (``WebURL``) and made into a Foundation `URL`.
public struct BridgeURL: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The URL as a browser reads it.
    public let url: WebURL
    /// A Foundation `URL` of the same URL: made from ``string``, with the characters a browser
    /// keeps as written but RFC 3986 does not allow where they stand (`|` `^` `{` `}` `[` `]` `\`
    /// the backtick, a second `#`, a `%` without two hex digits) percent-encoded.
    public let foundationURL: URL

    /// Reads `string` as a browser does; throws when a browser would refuse it, or when
    /// Foundation's `URL` cannot hold what it reads (``URLPolicy/Violation/notRepresentable``).
    public init(_ string: String) throws(URLPolicy.Violation) {
        try self.init(WebURL(string))
    }

    /// `url`, with its Foundation `URL`.
    public init(_ url: WebURL) throws(URLPolicy.Violation) {
        guard let foundationURL = URL(string: Self.rfc3986Text(of: url)) else { throw .notRepresentable }
        self.url = url
        self.foundationURL = foundationURL
    }

    /// `text` read as a browser reads it, found at `path` of a document; the policy is applied later.
    static func reading(_ text: String, at path: @autoclosure () -> JSONPath) throws(JSONDecodeError) -> BridgeURL {
        do {
            return try BridgeURL(URLPolicy.read(text))
        } catch {
            throw JSONDecodeError(path: path(), reason: .urlRejected(error))
        }
    }

    /// The URL as a browser serializes it (``WebURL/href``).
    public var string: String { url.href }

    /// The scheme, lowercased.
    public var scheme: String { url.scheme }

    /// ``string``.
    public var description: String { url.href }

    /// Equal when a browser reads both as the same URL.
    public static func == (left: BridgeURL, right: BridgeURL) -> Bool { left.url == right.url }

    /// Hashes ``url``.
    public func hash(into hasher: inout Hasher) { hasher.combine(url) }

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
        try container.encode(url.href)
    }

    /// `url`'s serialization with what RFC 3986 refuses after the authority percent-encoded.
    static func rfc3986Text(of url: WebURL) -> String {
        let bytes = Array(url.href.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var seenHash = false
        for (offset, byte) in bytes.enumerated() {
            let isRaw: Bool
            if offset < url.offsets.pathStart {
                isRaw = true
            } else if byte == UInt8(ascii: "%") {
                isRaw = offset + 2 < bytes.count && URLHost.hexValue(bytes[offset + 1]) != nil && URLHost.hexValue(bytes[offset + 2]) != nil
            } else if byte == UInt8(ascii: "#") {
                isRaw = !seenHash
                seenHash = true
            } else {
                isRaw = !#"|^{}[]\`"#.utf8.contains(byte)
            }
            if isRaw {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), Escaper.upperHexDigit(byte >> 4), Escaper.upperHexDigit(byte & 0xF)]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }
}
