import Foundation

/// Writes any `Encodable` value as JSON that is safe wherever the app puts it into a page:
/// inside an HTML `<script>` block, in `evaluateJavaScript`, as a JavaScript expression.
///
/// The value is encoded by Foundation's `JSONEncoder` (keys sorted, so the same value always
/// gives the same text; `URL` as its absolute string, `Data` as base64), then every `<`, `>`, `&`,
/// `'`, DEL, C1 control, U+2028 and U+2029 is written as a `\uXXXX` escape: JSON text holds those
/// only inside strings, where the escape reads back as the character. NaN and infinity are
/// refused, never written as `null` or `0`. A ``JSONValue`` is written as
/// ``Escaper/scriptJSON(_:)-(JSONValue)`` writes it, its numbers in their source text.
///
/// Values read in the page as the app means them:
/// - A `Date` is the text JavaScript's `toISOString()` writes (`2026-12-01T12:00:00.123Z`: UTC,
///   milliseconds, years outside 0…9999 as `+275760` or `-000001`), so `new Date(value)` in the
///   page is the app's instant. It is the nearest millisecond, which is what
///   ``StrictJSONDecoder/DateDecodingStrategy-swift.enum/javaScriptISOString`` reads back: a date
///   encoded and decoded again is the date to the millisecond. A date no JavaScript `Date` can
///   hold (beyond ±8.64e15 ms from 1970) is refused with ``JSONError/Reason/invalidValue(_:)``, and
///   one whose interval is NaN with ``JSONError/Reason/nonFiniteNumber``, each at the date's path.
/// - A `Decimal` is its digits in plain notation (`0.1`, `1234.5678`, `-1234.5`), never an
///   exponent; `JSON.parse` reads the double nearest its value, as `Number("0.1")` does.
/// - A `Double` is the shortest text that reads back as the same double (`0.1`, `1e+21`,
///   `5e-324`, `-0`); `JSON.parse` reads that double, negative zero included. A `Float` is the
///   shortest text of the float (`0.1`), which the page reads as the double nearest that text.
///
/// Read with `JSON.parse`, the text gives back the value so, every string exactly. Evaluated as a JavaScript
/// literal, it does too, except that a member named `__proto__` sets that object's prototype,
/// as in any object literal, instead of becoming a member. As with `JSONEncoder`, a type whose
/// `encode(to:)` asks one encoder for a second container after writing a value is a programming
/// error that stops the program.
public struct ScriptJSONEncoder: Sendable {
    /// An encoder. It has no settings and keeps no state between calls: one serves every value, on any thread.
    public init() {}

    /// `value` as script-safe JSON text. Throws, at the path of the value that cannot be written,
    /// for NaN and infinity (``JSONError/Reason/nonFiniteNumber``), and for a date beyond a
    /// JavaScript `Date`'s range, what `JSONEncoder` refuses or a type's `encode(to:)` throws
    /// (``JSONError/Reason/invalidValue(_:)``).
    public func encode(_ value: some Encodable) throws(JSONError) -> String {
        if let json = value as? JSONValue { return Escaper.scriptJSON(json) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        encoder.dateEncodingStrategy = .custom(Self.encodeDate)
        let text: Data
        do {
            text = try encoder.encode(value)
        } catch EncodingError.invalidValue(let invalid, let context) {
            let path = JSONPath(codingPath: context.codingPath)
            switch invalid {
            case let number as Double where !number.isFinite: throw JSONError(path: path, reason: .nonFiniteNumber)
            case let number as Float where !number.isFinite: throw JSONError(path: path, reason: .nonFiniteNumber)
            case let date as Date where date.timeIntervalSinceReferenceDate.isNaN: throw JSONError(path: path, reason: .nonFiniteNumber)
            default: throw JSONError(path: path, reason: .invalidValue(context.debugDescription))
            }
        } catch {
            throw JSONError(path: .root, reason: .invalidValue("\(error)"))
        }
        let safe = text.withUnsafeBytes { raw -> String? in
            let bytes = raw.assumingMemoryBound(to: UInt8.self)
            // `JSONEncoder` writes a NaN `Decimal` as the bare word `NaN`, which JSON has no form for.
            return Self.holdsWordOutsideStrings(bytes) ? nil : JavaScriptEscaping.scriptSafe(bytes)
        }
        guard let safe else { throw JSONError(path: .root, reason: .nonFiniteNumber) }
        return safe
    }

    /// `date` as the text `toISOString()` writes, one rule with the decoder's (``JavaScriptDate``);
    /// a date with no such text is `JSONEncoder`'s refusal at the date's path, which ``encode(_:)``
    /// turns into its ``JSONError``.
    @Sendable private static func encodeDate(_ date: Date, to encoder: any Encoder) throws {
        guard let text = JavaScriptDate.text(of: date) else {
            throw EncodingError.invalidValue(
                date, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: JavaScriptDate.beyondRange))
        }
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    /// Whether JSON text holds `N` outside its strings, where only `NaN` can put one.
    private static func holdsWordOutsideStrings(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard text.contains(UInt8(ascii: "N")) else { return false }
        var inString = false
        var escaped = false
        for byte in text {
            if inString {
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "N") {
                return true
            }
        }
        return false
    }
}
