import Foundation

/// Writes any `Encodable` value as JSON that is safe wherever the app puts it into a page:
/// inside an HTML `<script>` block, in `evaluateJavaScript`, as a JavaScript expression.
///
/// The value is encoded by Foundation's `JSONEncoder` (keys sorted, so the same value always
/// gives the same text; `URL` as its absolute string, `Data` as base64, `Decimal` from its
/// digits), then every `<`, `>`, `&`, `'`, DEL, C1 control, U+2028 and U+2029 is written as a
/// `\uXXXX` escape: JSON text holds those only inside strings, where the escape reads back as the
/// character. NaN and infinity are refused, never written as `null` or `0`. A ``JSONValue`` is
/// written as ``Escaper/scriptJSON(_:)-(JSONValue)`` writes it, its numbers in their source text.
///
/// Read with `JSON.parse`, the text gives back the value exactly. Evaluated as a JavaScript
/// literal, it does too, except that a member named `__proto__` sets that object's prototype,
/// as in any object literal, instead of becoming a member. As with `JSONEncoder`, a type whose
/// `encode(to:)` asks one encoder for a second container after writing a value is a programming
/// error that stops the program.
public struct ScriptJSONEncoder: Sendable {
    /// An encoder. It has no settings and keeps no state between calls: one serves every value, on any thread.
    public init() {}

    /// `value` as script-safe JSON text. Throws, at the path of the value that cannot be written,
    /// for NaN and infinity (``JSONError/Reason/nonFiniteNumber``) and for what `JSONEncoder`
    /// refuses or a type's `encode(to:)` throws (``JSONError/Reason/invalidValue(_:)``).
    public func encode(_ value: some Encodable) throws(JSONError) -> String {
        if let json = value as? JSONValue { return Escaper.scriptJSON(json) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let text: Data
        do {
            text = try encoder.encode(value)
        } catch EncodingError.invalidValue(let invalid, let context) {
            let path = JSONPath(codingPath: context.codingPath)
            switch invalid {
            case let number as Double where !number.isFinite: throw JSONError(path: path, reason: .nonFiniteNumber)
            case let number as Float where !number.isFinite: throw JSONError(path: path, reason: .nonFiniteNumber)
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
