import BridgeCodec
import Foundation

/// An Android `intent:` URL, as `Intent.toUri(Intent.URI_INTENT_SCHEME)` writes it and Chrome
/// hands to apps: `intent://HOST/PATH?QUERY#Intent;scheme=https;action=…;package=…;S.key=value;end;`.
/// An `android-app://PACKAGE/SCHEME/HOST/PATH` URL reads as the same kind of intent; it is
/// written back in the `intent:` form.
///
/// Values are percent-encoded when built (every byte but `A–Z a–z 0–9 - . _ ~`), so `;`, `#`, `=`
/// and non-ASCII survive; building then parsing gives back the same value, its target as a browser serializes it.
public struct AndroidIntentURL: Sendable, Hashable {
    /// The data URI with its real scheme substituted, such as `https://example.com/pay?id=1`, as a
    /// browser reads it; `nil` when the intent carries no data.
    public var target: WebURL?
    /// The intent's action, such as `com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER`.
    public var action: String?
    /// Categories, in order.
    public var categories: [String]
    /// The component, `package/class`.
    public var component: String?
    /// The package that must handle the intent.
    public var package: String?
    /// String extras (`S.key=value`).
    public var stringExtras: [String: String]

    /// An intent URL.
    public init(
        target: WebURL?, action: String? = nil, categories: [String] = [], component: String? = nil, package: String? = nil,
        stringExtras: [String: String] = [:]
    ) {
        self.target = target
        self.action = action
        self.categories = categories
        self.component = component
        self.package = package
        self.stringExtras = stringExtras
    }

    /// The Swedbank Pay form: `target` opened by `package` with action `com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER`.
    public static func swedbankPayPaymentOrder(target: WebURL, package: String) -> AndroidIntentURL {
        AndroidIntentURL(target: target, action: "com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER", package: package)
    }

    /// Where the browser goes when no app handles the intent (`S.browser_fallback_url`).
    public var browserFallbackURL: String? { stringExtras["browser_fallback_url"] }

    /// Why an intent URL could not be read or written; the public API throws its sentence as
    /// an `InvalidArgument` rejection of the URL.
    enum Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// Text a browser does not read as a URL, or reads with what no intent has, and why.
        case invalidURL(String)
        /// The URL is neither an `intent:` nor an `android-app:` URL.
        case notAnIntentURL
        /// An `intent:` URL without its `#Intent;` part.
        case missingIntentFragment
        /// The entries do not end with `end`.
        case missingEnd
        /// Text after `end;`.
        case trailingData
        /// An entry without `=`.
        case malformedEntry(String)
        /// A key that may appear once appeared twice.
        case duplicateKey(String)
        /// A key this type does not carry (typed extras, flags, selectors).
        case unsupportedKey(String)
        /// `scheme=` with nothing, or not a valid scheme.
        case invalidScheme(String)
        /// Data before `#Intent` but no `scheme=` to read it with.
        case dataWithoutScheme
        /// A `%` not followed by two hex digits, or bytes that are not UTF-8.
        case invalidPercentEncoding(String)
        /// A target with a fragment, which would run into the intent's own.
        case targetWithFragment(String)

        /// A sentence a person understands.
        public var description: String {
            switch self {
            case .invalidURL(let reason): "not a URL: \(reason)"
            case .notAnIntentURL: "not an intent: or android-app: URL"
            case .missingIntentFragment: "no #Intent; part"
            case .missingEnd: "the intent does not end with end;"
            case .trailingData: "text after end;"
            case .malformedEntry(let entry): "entry \(Escaper.logString(entry)) is not key=value"
            case .duplicateKey(let key): "key \(Escaper.logString(key)) appears twice"
            case .unsupportedKey(let key): "key \(Escaper.logString(key)) is not supported"
            case .invalidScheme(let scheme): "scheme \(Escaper.logString(scheme)) is empty or invalid"
            case .dataWithoutScheme: "the intent has data but no scheme"
            case .invalidPercentEncoding(let text): "\(Escaper.logString(text)) has invalid percent-encoding"
            case .targetWithFragment(let target): "target \(Escaper.logString(target)) has a fragment"
            }
        }
    }

    /// Parses an intent URL strictly: read as a browser reads it, then its fragment as the intent's entries.
    public init(parsing url: String) throws(InvalidArgument) {
        do {
            try self.init(reading: url)
        } catch {
            throw .rejected(name: "url", reason: error.description)
        }
    }

    private init(reading url: String) throws(Failure) {
        let parsed: WebURL
        do {
            parsed = try WebURL(url)
        } catch {
            throw .invalidURL(error.description)
        }
        try self.init(parsed)
    }

    /// Reads `url` as Android's `Intent.parseUri` reads it with `URI_INTENT_SCHEME` and
    /// `URI_ANDROID_APP_SCHEME`: an `intent:` URL's fragment is the intent's entries and what comes
    /// before it the data; an `android-app:` URL's entries are optional.
    init(_ url: WebURL) throws(Failure) {
        switch url.scheme {
        case "intent":
            self.init(target: nil)
            guard let fragment = url.fragment, fragment.utf8.starts(with: "Intent;".utf8) else { throw .missingIntentFragment }
            // What comes between `intent:` and the fragment's `#`.
            let data = url.href.utf8.dropFirst("intent:".utf8.count).dropLast(fragment.utf8.count + 1)
            let scheme = try readEntries(fragment).scheme
            if data.isEmpty {
                target = try scheme.map { scheme throws(Failure) in try Self.read(scheme + ":") }
            } else {
                guard let scheme else { throw .dataWithoutScheme }
                target = try Self.read(scheme + ":" + Substring(data))
            }
        case "android-app":
            try self.init(androidApp: url)
        default:
            throw .notAnIntentURL
        }
    }

    /// `android-app://PACKAGE[/SCHEME[/HOST/PATH]]`: the package's own app, viewing the data the
    /// segments spell, or its main activity when they spell none. As Android reads it, a scheme
    /// with no `/` after its host is data of the scheme alone, and a fragment that is not
    /// `Intent;…` belongs to the data. The authority is the package alone: Android would read
    /// user info, a port, or a query with no path as part of the package's name.
    private init(androidApp url: WebURL) throws(Failure) {
        self.init(target: nil)
        guard let host = url.host, host != .empty else { throw .invalidURL(WebURL.ParseError.missingHost.description) }
        guard url.username.isEmpty, url.password.isEmpty else { throw .invalidURL(URLPolicy.Violation.userInfo.description) }
        guard url.port == nil else { throw .invalidURL(WebURL.ParseError.invalidPort.description) }
        var explicitAction = false
        var dataFragment = url.fragment.map { "#" + $0 } ?? ""
        if let fragment = url.fragment, fragment.utf8.starts(with: "Intent;".utf8) {
            let read = try readEntries(fragment)
            // The data's scheme is the path's; Android would take this one only where the path has none.
            guard read.scheme == nil else { throw .unsupportedKey("scheme") }
            explicitAction = read.explicitAction
            dataFragment = ""
        }
        package = host.description
        let segments = url.path.utf8.dropFirst().split(separator: UInt8(ascii: "/"), maxSplits: 2, omittingEmptySubsequences: false)
        guard let first = segments.first, !first.isEmpty else {
            guard segments.count == 1 else { throw .invalidScheme("") }
            guard url.query == nil, dataFragment.isEmpty else { throw .dataWithoutScheme }
            if !explicitAction { action = "android.intent.action.MAIN" }
            return
        }
        let scheme = String(Substring(first))
        guard let parsed = WebURL.scheme(of: scheme + ":"), parsed.utf8.count == scheme.utf8.count else { throw .invalidScheme(scheme) }
        guard segments.count == 3 else {
            target = try Self.read(scheme + ":")
            return
        }
        let query = url.query.map { "?" + $0 } ?? ""
        target = try Self.read(scheme + "://" + Substring(segments[1]) + "/" + Substring(segments[2]) + query + dataFragment)
    }

    /// Reads an intent's `key=value;…;end` entries into this value; the data's scheme, and whether
    /// an action was given.
    private mutating func readEntries(_ fragment: String) throws(Failure) -> (scheme: String?, explicitAction: Bool) {
        // Split on bytes, as Android's parser does: `;` or `=` and a combining mark after it are one Character.
        var entries = fragment.utf8.dropFirst("Intent;".utf8.count).split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
            .map(Substring.init)
        // Entries end with "end", optionally followed by one ";".
        if entries.last == "" { entries.removeLast() }
        guard entries.last == "end" else { throw entries.contains("end") ? .trailingData : .missingEnd }
        entries.removeLast()
        var scheme: String?
        var seen = Set<String>()
        for entry in entries {
            guard let equals = entry.utf8.firstIndex(of: UInt8(ascii: "=")) else { throw .malformedEntry(String(entry)) }
            let key = try Self.percentDecoded(entry[..<equals])
            let value = try Self.percentDecoded(entry[entry.utf8.index(after: equals)...])
            if key != "category" {
                guard seen.insert(key).inserted else { throw .duplicateKey(key) }
            }
            switch key {
            case "scheme":
                guard let parsed = WebURL.scheme(of: value + ":"), parsed.utf8.count == value.utf8.count else {
                    throw .invalidScheme(value)
                }
                scheme = value
            case "action": action = value
            case "category": categories.append(value)
            case "component": component = value
            case "package": package = value
            case _ where key.utf8.starts(with: "S.".utf8): stringExtras[String(Substring(key.utf8.dropFirst(2)))] = value
            default: throw .unsupportedKey(key)
            }
        }
        return (scheme, seen.contains("action"))
    }

    /// The URL text, with ``target`` as a browser serializes it. Throws when ``target`` has a
    /// fragment, which would run into the intent's own.
    public func urlString() throws(InvalidArgument) -> String {
        do {
            return try written()
        } catch {
            throw .rejected(name: "target", reason: error.description)
        }
    }

    private func written() throws(Failure) -> String {
        var text = "intent:"
        var entries: [(String, String)] = []
        if let url = target {
            guard url.fragment == nil else { throw .targetWithFragment(url.href) }
            text += Substring(url.href.utf8.dropFirst(url.scheme.utf8.count + 1))
            entries.append(("scheme", url.scheme))
        }
        if let action { entries.append(("action", action)) }
        entries += categories.map { ("category", $0) }
        if let component { entries.append(("component", component)) }
        if let package { entries.append(("package", package)) }
        entries += stringExtras.keys.sorted().map { ("S." + $0, stringExtras[$0] ?? "") }
        text += "#Intent;"
        for (key, value) in entries {
            text += Escaper.urlQueryComponent(key) + "=" + Escaper.urlQueryComponent(value) + ";"
        }
        return text + "end;"
    }

    /// The intent's data as a browser reads it. Android's own parser takes any text; data a
    /// browser does not read is refused here, so no decision starts an intent on what was not read.
    private static func read(_ data: String) throws(Failure) -> WebURL {
        do {
            return try WebURL(data)
        } catch {
            throw .invalidURL(error.description)
        }
    }

    private static func percentDecoded(_ text: Substring) throws(Failure) -> String {
        guard let decoded = Escaper.percentDecoded(text) else { throw .invalidPercentEncoding(String(text)) }
        return decoded
    }
}
