/// A log line: where every error of the package puts the page's text.
extension Escaper {
    /// Keeps page-controlled text (a key, a handler name, a value in an error message) on one
    /// printable line: quotes, backslashes, controls, line separators and invisible characters
    /// (format characters such as bidirectional overrides, unusual spaces) are escaped.
    static func logEscaped(_ key: String) -> String {
        var text = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case _ where isHidden(scalar): text += "\\u" + hexDigits(of: scalar)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }

    /// Page-controlled text as a quoted string for a log line, as every error of the package quotes
    /// it: quotes, backslashes and characters that would not show as themselves escaped, and when
    /// longer than 64 scalars cut there and followed by its length in bytes, so that an error
    /// about a 60 KB value neither floods a log nor hands the whole value to it.
    public static func logString(_ value: String) -> String {
        let limit = 64
        let scalars = value.unicodeScalars
        guard scalars.count > limit else { return "\"" + logEscaped(value) + "\"" }
        var prefix = ""
        prefix.unicodeScalars.append(contentsOf: scalars.prefix(limit))
        return "\"" + logEscaped(prefix) + "…\" (\(value.utf8.count) bytes)"
    }

    /// Whether `scalar` would not show as itself on a log line.
    private static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) { return true }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator, .control, .surrogate, .privateUse, .unassigned: return true
        case .spaceSeparator: return scalar != " "
        default: return false
        }
    }

    /// `scalar`'s value in uppercase hexadecimal, at least four digits (`00E9`, `1F600`): how
    /// error messages spell a scalar, after `\u` or `U+`.
    static func hexDigits(of scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}
