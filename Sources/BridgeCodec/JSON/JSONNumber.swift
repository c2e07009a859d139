import Foundation

/// A JSON number: its source text and its nearest `Double`.
///
/// Equality compares the source text, so `1` and `1.0` are different numbers;
/// compare ``doubleValue`` to compare magnitudes.
public struct JSONNumber: Sendable, Hashable, CustomStringConvertible {
    /// The number as written in the source, always valid RFC 8259 number syntax.
    public let text: String
    /// The nearest `Double`; always finite.
    public let doubleValue: Double

    init(validatedText text: String, doubleValue: Double) {
        self.text = text
        self.doubleValue = doubleValue
    }

    /// A number from an integer.
    public init<Integer: BinaryInteger>(_ value: Integer) {
        self.text = String(value)
        self.doubleValue = Double(value)
    }

    /// A number from a finite `Double`, written as JavaScript writes it (`JSON.stringify`,
    /// `String(x)`): the shortest digits that read back as the same `Double`, plain from 10^-6 up
    /// to 10^21 (`1000000000000000`, `0.000001`) and with an exponent beyond (`1e+21`, `1.5e-7`),
    /// and negative zero as `0`, as a page sends it. `nil` for NaN and infinity, which JSON
    /// cannot represent.
    ///
    /// So a number WebKit hands over as an `NSNumber` holding a double has the text the page's
    /// own `JSON.stringify` gives it, and the two transports give equal values.
    public init?(_ value: Double) {
        guard value.isFinite else { return nil }
        if value == 0 {
            self.text = "0"
            self.doubleValue = 0
            return
        }
        // Below 2^53 every integer is its own shortest form.
        if value == value.rounded() && abs(value) < 0x1p53 {
            self.text = String(Int64(value))
        } else {
            self.text = JSONNumberText.javaScriptText(shortestForm: value.description)
        }
        self.doubleValue = value
    }

    /// A number from a `Decimal`, its digits kept as the decimal writes them (`19.90` stays
    /// `19.9`, never `19.899999…`); `nil` for `NaN`, the one decimal that is no number.
    public init?(_ value: Decimal) {
        self.init(decimalText: value.description)
    }

    /// The number `text` stands for, as a `Decimal` or an `NSDecimalNumber` writes it (plain
    /// decimal notation), its digits kept; `nil` for `NaN`, the one value they write that is no number.
    init?(decimalText text: String) {
        guard case .number(let number)? = try? JSONValue(parsing: text) else { return nil }
        self = number
    }

    /// The source text.
    public var description: String { text }

    /// The value as an exact integer of the given type, or `nil` when the number has a non-zero
    /// fraction or is out of the type's range. Read from the digits, so `1.0` and `2e3` are
    /// integers, `1.00000000000000001` is not (its nearest `Double` is `1`), and
    /// `9007199254740993.0` is exactly that (its nearest `Double` is 2^53).
    public func exactInteger<Integer: FixedWidthInteger>(_: Integer.Type = Integer.self) -> Integer? {
        text.withUTF8Bytes { JSONNumberText.exactInteger($0, as: Integer.self) }
    }
}
