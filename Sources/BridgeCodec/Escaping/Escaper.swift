/// Encodes untrusted text for the context it lands in. One pass over UTF-8, no Foundation.
///
/// Every output decodes back to exactly the input in its context (the tests prove it in
/// node and in Chromium), with one exception HTML itself imposes: U+0000 has no HTML form
/// and becomes U+FFFD in the HTML contexts, as a browser would make it.
public enum Escaper {
    /// A JavaScript string literal in double quotes that is also a valid JSON string.
    ///
    /// Safe in `evaluateJavaScript`, inside `<script>` and, with single-quoted delimiters or
    /// ``htmlAttribute(_:)`` on top, in an attribute: besides `\` and control characters, it
    /// escapes `"` `'` the backtick `<` `>` `&` `/`, DEL, C1 controls, U+2028 and U+2029, so the
    /// body holds none of the characters that end a string, a script block or an attribute.
    public static func javaScriptString(_ text: String) -> String {
        escaped(text, for: .javaScriptString)
    }

    /// A JSON string literal safe inside an HTML `<script>` block; the same encoding as
    /// ``javaScriptString(_:)``.
    public static func scriptJSON(_ text: String) -> String {
        javaScriptString(text)
    }

    /// A JSON value safe inside an HTML `<script>` block: keys and strings are encoded as by
    /// ``javaScriptString(_:)``; numbers keep their (always finite) source text.
    public static func scriptJSON(_ value: JSONValue) -> String {
        var output: [UInt8] = []
        JavaScriptEscaping.appendValue(value, to: &output)
        return String(decoding: output, as: UTF8.self)
    }

    /// A finite number as JSON text, written as JavaScript writes it (``JSONNumber/init(_:)-(Double)``);
    /// NaN and infinity are an error, never a silent `0`.
    public static func scriptJSON(_ number: Double) throws(JSONError) -> String {
        guard let json = JSONNumber(number) else { throw JSONError(path: .root, reason: .nonFiniteNumber) }
        return json.text
    }

    /// HTML text content: `&` `<` `>` `"` `'` the backtick as character references, and C0 controls
    /// other than tab and line feed as numeric references (a raw carriage return would be read as a
    /// line feed).
    public static func htmlText(_ text: String) -> String {
        escaped(text, for: .htmlText)
    }

    /// A value for an HTML attribute in double or single quotes; the same encoding as ``htmlText(_:)``.
    public static func htmlAttribute(_ text: String) -> String {
        escaped(text, for: .htmlAttribute)
    }

    /// A URL query component: every byte but the RFC 3986 unreserved characters
    /// (`A–Z a–z 0–9 - . _ ~`) percent-encoded as UTF-8, so `&`, `=`, `#`, `+`, `;` and spaces survive.
    public static func urlQueryComponent(_ text: String) -> String {
        escaped(text, for: .urlQueryComponent)
    }

    /// The inverse of ``urlQueryComponent(_:)``: every `%XX` decoded, strictly; `nil` for a `%`
    /// without two hex digits or bytes that are not UTF-8. `+` stays `+` (RFC 3986; form encoding
    /// is not assumed).
    public static func percentDecoded(_ text: some StringProtocol) -> String? {
        PercentDecoding.decode(Substring(text))
    }

    private static func escaped(_ text: String, for context: EscapingContext) -> String {
        text.withUTF8Bytes { bytes in
            switch context {
            case .javaScriptString, .scriptJSON: JavaScriptEscaping.quoted(bytes)
            case .htmlText, .htmlAttribute: HTMLEscaping.table.escapedString(bytes)
            case .urlQueryComponent: URLPercentEncoding.table(.component).escapedString(bytes)
            }
        }
    }

    /// A URL for an `href`, `src` or meta-refresh attribute: read as a browser reads it and
    /// checked against `policy`, then its serialization encoded as an attribute value.
    public static func urlAttribute(_ url: String, policy: URLPolicy = .httpsOnly) throws(URLPolicy.Violation) -> String {
        escaped(try policy.check(url).href, for: .htmlAttribute)
    }

    /// Appends ``javaScriptString(_:)``'s literal for `text` to `output`: the fast path for large
    /// or many values (a page's data, a stream of scripts), which skips creating (and
    /// re-validating) a `String`. Reuse `output` across calls.
    public static func appendJavaScriptString(_ text: String, to output: inout [UInt8]) {
        append(text, escapedFor: .javaScriptString, to: &output)
    }

    /// Appends `text`, encoded for `context`, to `output`: the fast path for every context, by the
    /// CLI's names.
    package static func append(_ text: String, escapedFor context: EscapingContext, to output: inout [UInt8]) {
        text.withUTF8Bytes { append($0, escapedFor: context, to: &output) }
    }

    @inline(__always)
    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, escapedFor context: EscapingContext, to output: inout [UInt8]) {
        switch context {
        case .javaScriptString, .scriptJSON: JavaScriptEscaping.appendQuoted(bytes, to: &output)
        case .htmlText, .htmlAttribute: HTMLEscaping.append(bytes, to: &output)
        case .urlQueryComponent: URLPercentEncoding.table(.component).escape(bytes, into: &output)
        }
    }

    /// `text` encoded for `context`.
    package static func escape(_ text: String, for context: EscapingContext) -> String {
        switch context {
        case .javaScriptString: javaScriptString(text)
        case .scriptJSON: scriptJSON(text)
        case .htmlText: htmlText(text)
        case .htmlAttribute: htmlAttribute(text)
        case .urlQueryComponent: urlQueryComponent(text)
        }
    }

    /// The uppercase hexadecimal digit for `value` (0–15).
    @inline(__always)
    static func upperHexDigit(_ value: UInt8) -> UInt8 {
        value &+ (value < 10 ? UInt8(ascii: "0") : UInt8(ascii: "A") &- 10)
    }
}
