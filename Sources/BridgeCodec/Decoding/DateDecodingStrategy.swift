import Foundation

extension StrictJSONDecoder {
    /// How a `Date` is read: `JSONDecoder`'s strategies, with its names and its default, and the
    /// text a page's `JSON.stringify` writes, which a channel reads by default.
    ///
    /// A page sends a date as `JSON.stringify` writes it (``javaScriptISOString``) or as a number
    /// whose epoch and unit only its author knows (`Date.now()` is milliseconds since 1970), so a
    /// channel reads the text and refuses a bare number until it is told which one it is.
    public enum DateDecodingStrategy: Sendable {
        /// The `Date`'s own `Decodable` form: seconds since 2001-01-01, as a number. What
        /// `JSONDecoder` and ``StrictJSONDecoder`` read by default.
        case deferredToDate
        /// A number of seconds since 1970-01-01 UTC.
        case secondsSince1970
        /// A number of milliseconds since 1970-01-01 UTC: what `Date.now()` and `getTime()` give.
        case millisecondsSince1970
        /// ISO 8601 text as `JSONDecoder` reads it on the platform: its internet date and time
        /// (`2026-12-01T12:00:00Z`, an offset allowed), read by `JSONDecoder` itself.
        case iso8601
        /// Text read by the formatter given, which the decoder uses as it is.
        case formatted(DateFormatter)
        /// The date a closure reads from the decoder given; its errors pass as they are.
        case custom(@Sendable (any Decoder) throws -> Date)
        /// The text JavaScript writes for a `Date` (`JSON.stringify`, `toISOString()`):
        /// `2026-12-01T12:00:00.123Z`, in UTC, with milliseconds, and years outside 0…9999 as
        /// `+275760` or `-000001`. An `NSDate` in a WKWebView body reads as this text. What a
        /// ``BridgeChannel`` reads by default; a number is refused with a reason.
        case javaScriptISOString
    }
}

/// The `Date` a document's value stands for, read by the strategy the document was read with.
extension StrictDecoding {
    @usableFromInline
    static func date(_ value: Node) throws -> Date {
        switch value.document.dates {
        case .deferredToDate:
            return try Date(from: JSONDocumentDecoder(node: value))
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try double(value))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try double(value) / 1000)
        case .iso8601:
            let text = try string(value)
            // JSONDecoder's own reading, which is not the same on every platform (swift-foundation's
            // also takes a fraction of a second): a model reads here what it reads there.
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            guard let date = try? decoder.decode(Date.self, from: Data(JSONValue.string(text).jsonText.utf8)) else {
                throw JSONError(path: value.path, reason: .invalidValue("\(Escaper.logString(text)) is not an ISO 8601 date"))
            }
            return date
        case .formatted(let formatter):
            let text = try string(value)
            guard let date = formatter.date(from: text) else {
                throw JSONError(
                    path: value.path, reason: .invalidValue("\(Escaper.logString(text)) is not a date in the formatter's format"))
            }
            return date
        case .custom(let read):
            return try read(JSONDocumentDecoder(node: value))
        case .javaScriptISOString:
            if value.kind == .number {
                throw JSONError(
                    path: value.path,
                    reason: .invalidValue(
                        "a date is read from the text JSON.stringify writes (\"2026-12-01T12:00:00.123Z\"); "
                            + "a number needs the channel's date strategy: secondsSince1970 or millisecondsSince1970"))
            }
            let text = try string(value)
            guard let date = JavaScriptDate.date(from: text) else {
                throw JSONError(
                    path: value.path,
                    reason: .invalidValue(
                        "\(Escaper.logString(text)) is not a date as JSON.stringify writes it (\"2026-12-01T12:00:00.123Z\")"))
            }
            return date
        }
    }
}
