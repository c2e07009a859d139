/// The places untrusted text can land, each with its own encoding, by the names the CLI's
/// `escape --context` takes.
package enum EscapingContext: String, Sendable, Hashable, CaseIterable {
    /// A JavaScript string literal, quotes included: ``Escaper/javaScriptString(_:)``.
    case javaScriptString = "js"
    /// A JSON string literal inside an HTML `<script>` block: ``Escaper/scriptJSON(_:)-(String)``.
    case scriptJSON = "script-json"
    /// HTML text content: ``Escaper/htmlText(_:)``.
    case htmlText = "html"
    /// A quoted HTML attribute value: ``Escaper/htmlAttribute(_:)``.
    case htmlAttribute = "attr"
    /// A URL query component: ``Escaper/urlQueryComponent(_:)``.
    case urlQueryComponent = "url"
}
