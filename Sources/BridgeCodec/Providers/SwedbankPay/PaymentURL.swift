/// A Swedbank Pay payment URL: the Merchant Backend's helper endpoint that brings the payer back
/// into the app (`sdk-callback/android-intent` or `sdk-callback/ios-universal-link`).
public struct PaymentURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL text.
    public let string: String

    /// The Android form: `ROOT/sdk-callback/android-intent?package=PACKAGE&id=ID`.
    /// `backendRoot` is the Merchant Backend's root endpoint; a missing final `/` is added.
    public static func android(backendRoot: String, package: String, id: String) -> PaymentURL {
        PaymentURL(root: backendRoot, path: "sdk-callback/android-intent", query: [("package", package), ("id", id)])
    }

    /// The iOS form: `ROOT/sdk-callback/ios-universal-link?scheme=SCHEME&language=LANGUAGE&id=ID&app=APP`,
    /// with `scheme` the app's custom URL scheme for the fallback.
    public static func iOS(backendRoot: String, scheme: String, language: String, id: String, app: String) -> PaymentURL {
        PaymentURL(
            root: backendRoot, path: "sdk-callback/ios-universal-link",
            query: [("scheme", scheme), ("language", language), ("id", id), ("app", app)])
    }

    private init(root: String, path: String, query: [(String, String)]) {
        let base = root.hasSuffix("/") ? root : root + "/"
        string =
            base + path + "?" + query.map { Escaper.urlQueryComponent($0.0) + "=" + Escaper.urlQueryComponent($0.1) }.joined(separator: "&")
    }

    /// A payment URL from its text, for matching.
    public init(_ string: String) {
        self.string = string
    }

    /// The URL text.
    public var description: String { string }

    /// Whether `url` is this payment URL coming back: the same URL, the same with extra query parameters
    /// after its own (such as `&fallback=true`), or either of those with `appScheme` in place of `https`.
    /// Scheme and host compare case-insensitively; port, path and query exactly; anything else, and
    /// a web URL a browser could read another way (``URLPolicy`` refuses it), does not match.
    public func matches(_ url: String, appScheme: String? = nil) -> Bool {
        guard let expected = URLParts(string), let actual = URLParts(url), actual.fragment == nil else { return false }
        let schemeMatches =
            actual.scheme == expected.scheme || (expected.scheme == "https" && appScheme.map { $0.lowercased() } == actual.scheme)
        guard schemeMatches, actual.host == expected.host, actual.port == expected.port, actual.path == expected.path else {
            return false
        }
        return actual.queryItems.starts(with: expected.queryItems)
    }
}
