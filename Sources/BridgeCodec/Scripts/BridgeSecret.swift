/// What the app's answers and events carry into one page, so that the page's client takes them
/// from the app alone: the client is injected with it before any page script runs and keeps it
/// where no page script can read it, and ignores a call to settle a request or deliver an event
/// that does not give it.
///
/// Make a new one, with ``random()``, for each page the client is injected into, and send that
/// page's answers and events with it: a script that reaches a page without the client (a page
/// the WebView navigated to, where the client was not injected) then learns a secret that opens
/// nothing. Its text stays out of `description`, so that logging a value that holds one does
/// not write it down.
public struct BridgeSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    /// The secret's text: ASCII letters, digits, `-` and `_`.
    public let text: String

    /// The fewest characters a secret has: 22, 128 bits of base64url.
    public static let shortestLength = 22
    /// The most characters a secret has.
    public static let longestLength = 256

    /// A secret of `text`, from ``shortestLength`` to ``longestLength`` ASCII letters, digits,
    /// `-` and `_`; other text is refused, as too short to be unguessable or as more than a
    /// string literal should carry.
    public init(_ text: String) throws(InvalidArgument) {
        let count = text.utf8.count
        guard (Self.shortestLength...Self.longestLength).contains(count) else {
            throw .rejected(
                name: "secret",
                reason: "a secret is \(Self.shortestLength) to \(Self.longestLength) characters; this one has \(count)")
        }
        guard text.utf8.allSatisfy(Self.isSecretByte) else {
            throw .rejected(name: "secret", reason: "a secret holds only ASCII letters, digits, - and _")
        }
        self.text = text
    }

    private init(checked text: String) {
        self.text = text
    }

    /// 256 random bits from the system's generator (cryptographically secure where the
    /// platform offers one, as every platform Swift runs on does), as 43 base64url characters.
    public static func random() -> BridgeSecret {
        var generator = SystemRandomNumberGenerator()
        var bytes: [UInt8] = []
        for _ in 0..<4 {
            let word: UInt64 = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: word >> shift)) }
        }
        return BridgeSecret(checked: base64URL(bytes))
    }

    /// `BridgeSecret(…)`, never the text.
    public var description: String { "BridgeSecret(…)" }
    /// `BridgeSecret(…)`, never the text.
    public var debugDescription: String { description }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    private static func isSecretByte(_ byte: UInt8) -> Bool {
        alphabet.contains(byte)
    }

    /// Base64url without padding.
    private static func base64URL(_ bytes: [UInt8]) -> String {
        var out: [UInt8] = []
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            var bits = 0
            for byte in chunk { bits = bits << 8 | Int(byte) }
            bits <<= 8 * (3 - chunk.count)
            for position in 0...chunk.count { out.append(alphabet[(bits >> (18 - 6 * position)) & 63]) }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
