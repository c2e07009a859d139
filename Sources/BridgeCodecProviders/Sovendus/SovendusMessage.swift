import BridgeCodec

/// What the Sovendus banner page posts to the `sovHandler` message handler.
///
/// Wire format: `{"type": "height", "value": <number or numeric string>}` or
/// `{"type": "openUrl", "value": <url string>}`. Other members are tolerated.
public enum SovendusMessage: Sendable, Hashable, Codable {
    /// The banner's content height changed.
    case height(SovendusHeight)
    /// The banner asks the app to open a URL in the browser (in-WebView navigation is cancelled).
    case openUrl(BridgeURL)

    enum MessageType: String, CaseIterable, Decodable {
        case height
        case openUrl
    }

    enum CodingKeys: String, CodingKey {
        case type, value
    }

    /// Reads Sovendus' wire format.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(MessageType.self, forKey: .type) {
        case .height: self = .height(try container.decode(SovendusHeight.self, forKey: .value))
        case .openUrl: self = .openUrl(try container.decode(BridgeURL.self, forKey: .value))
        }
    }

    /// Encodes Sovendus' wire format; a height is always written as a number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .height(let height):
            try container.encode(MessageType.height.rawValue, forKey: .type)
            try container.encode(height, forKey: .value)
        case .openUrl(let url):
            try container.encode(MessageType.openUrl.rawValue, forKey: .type)
            try container.encode(url, forKey: .value)
        }
    }
}

/// A banner height in points, from a JSON number or a numeric string.
public struct SovendusHeight: Sendable, Hashable, Codable {
    /// The height, from 0 to ``maximumHeight``.
    public let value: Double

    /// Heights at or below this are decoded but not applied, as the Sovendus integration specifies.
    public static let minimumAppliedHeight = 100.0
    /// The banner's height before the page reports one.
    public static let initialHeight = 348.0
    /// The tallest height accepted, 2^25 points. No browser lays out a box that tall (WebKit and
    /// Blink stop just below 2^25 CSS pixels, Gecko near 1.8 × 10^7), so a larger value is not
    /// a measured height; a page sending `1e308` would otherwise hand the app a height that
    /// traps in `Int(height.value)` and that no view can take.
    public static let maximumHeight = 33_554_432.0

    /// A height; `nil` for NaN, a negative value or one above ``maximumHeight``.
    public init?(_ value: Double) {
        guard value >= 0, value <= Self.maximumHeight else { return nil }
        self.value = value == 0 ? 0 : value  // -0 becomes 0
    }

    /// Whether the app should resize the banner to this height (only heights above 100 are applied).
    public var shouldApply: Bool { value > Self.minimumAppliedHeight }

    /// Reads a JSON number, or a string holding a non-negative JSON number such as `"420"`.
    public init(from decoder: any Decoder) throws {
        let number: Double
        switch try JSONValue(from: decoder) {
        case .number(let value):
            number = value.doubleValue
        case .string(let text):
            guard let parsed = Self.number(in: text) else {
                throw Self.invalid("\(Escaper.logString(text)) is not a non-negative decimal number", decoder)
            }
            number = parsed
        default:
            throw Self.invalid("expected a number or a numeric string", decoder)
        }
        guard let height = SovendusHeight(number) else {
            let problem = number > Self.maximumHeight ? "above the maximum of \(Int(Self.maximumHeight))" : "negative or not finite"
            throw Self.invalid("height \(number) is \(problem)", decoder)
        }
        self = height
    }

    private static func invalid(_ reason: String, _ decoder: any Decoder) -> JSONError {
        JSONError(path: JSONPath(codingPath: decoder.codingPath), reason: .invalidValue(reason))
    }

    /// Encodes as a JSON number.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }

    /// The value of `text` when it is exactly a non-negative JSON number (no sign, spaces, `NaN`, hex).
    static func number(in text: String) -> Double? {
        guard let first = text.utf8.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first),
            text.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "+-.eE".utf8.contains($0) }),
            case .number(let number)? = try? JSONValue(parsing: text)
        else { return nil }
        return number.doubleValue
    }
}
