import BridgeCodec

/// A Swedbank Pay payment URL: the Merchant Backend's helper endpoint that brings the payer back
/// into the app (`sdk-callback/android-intent` or `sdk-callback/ios-universal-link`).
public struct SwedbankPayPaymentURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL, as a browser reads it.
    public let url: WebURL

    /// The Android form: `ROOT/sdk-callback/android-intent?package=PACKAGE&id=ID`.
    /// `backendRoot` is the Merchant Backend's root endpoint, an absolute `https` or `http` URL
    /// (else the violation is thrown), read as a browser reads it; a missing final `/` is added,
    /// and a query or fragment it has stays after the helper path (its query items first).
    public static func android(backendRoot: String, package: String, id: String) throws(URLPolicy.Violation) -> SwedbankPayPaymentURL {
        try SwedbankPayPaymentURL(
            root: try URLPolicy.webURLs.check(backendRoot), path: "sdk-callback/android-intent", query: [("package", package), ("id", id)])
    }

    /// The iOS form: `ROOT/sdk-callback/ios-universal-link?scheme=SCHEME&language=LANGUAGE&id=ID&app=APP`,
    /// with `scheme` the app's custom URL scheme for the fallback; `backendRoot` as for ``android(backendRoot:package:id:)``.
    public static func iOS(
        backendRoot: String, scheme: String, language: String, id: String, app: String
    ) throws(URLPolicy.Violation) -> SwedbankPayPaymentURL {
        try SwedbankPayPaymentURL(
            root: try URLPolicy.webURLs.check(backendRoot), path: "sdk-callback/ios-universal-link",
            query: [("scheme", scheme), ("language", language), ("id", id), ("app", app)])
    }

    private init(root: WebURL, path: String, query: [(name: String, value: String)]) throws(URLPolicy.Violation) {
        do {
            url = try root.appending(path: path, queryItems: query)
        } catch {
            throw .unreadable(error)
        }
    }

    /// The payment URL `url`, as the payment order holds it, for matching.
    public init(_ url: WebURL) {
        self.url = url
    }

    /// The URL as a browser serializes it.
    public var string: String { url.href }

    /// ``string``.
    public var description: String { url.href }

    /// Whether `url` is this payment URL coming back, by the iOS SDK's rule: every query item of
    /// the payment URL is in `url` with the same encoded name and value, as many times, in any
    /// order, other items allowed; the payment URL's scheme, or `appScheme` in place of `https`;
    /// the same user info, host, port, path (a trailing `/` tolerated) and fragment. Both are read as a browser
    /// reads them, and every part compares by its bytes; text a browser refuses matches nothing.
    public func matches(_ url: String, appScheme: String? = nil) -> Bool {
        guard let actual = try? WebURL(url) else { return false }
        return matches(actual, appScheme: appScheme)
    }

    /// Whether `url` is this payment URL coming back; see ``matches(_:appScheme:)-(String,_)``.
    public func matches(_ url: WebURL, appScheme: String? = nil) -> Bool {
        Self.matches(url, self.url, appScheme: appScheme)
    }

    static func matches(_ actual: WebURL, _ expected: WebURL, appScheme: String?) -> Bool {
        // Bytes, not `==`, which is canonical equivalence.
        let schemeMatches =
            sameBytes(actual.scheme, expected.scheme)
            || (expected.scheme == "https"
                && appScheme.flatMap { WebURL.scheme(of: $0 + ":") }.map { sameBytes($0, actual.scheme) } == true)
        // Under the app scheme the host is opaque (a browser keeps its case) and 443 is written out.
        let actualPort = actual.port == 443 && expected.scheme == "https" ? nil : actual.port
        guard schemeMatches, sameBytes(actual.username, expected.username), sameBytes(actual.password, expected.password),
            actual.host?.asSpecialHost == expected.host, actualPort == expected.port,
            sameBytes(trimmingTrailingSlash(actual.path), trimmingTrailingSlash(expected.path)), actual.fragment == expected.fragment
        else { return false }
        var remaining = queryItems(actual.query)
        for item in queryItems(expected.query) {
            guard let index = remaining.firstIndex(where: { sameBytes($0, item) }) else { return false }
            remaining.remove(at: index)
        }
        return true
    }

    /// The query's `&`-separated items as encoded; none for an absent or empty query.
    private static func queryItems(_ query: String?) -> [Substring] {
        guard let query, !query.isEmpty else { return [] }
        return query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false).map(Substring.init)
    }

    private static func trimmingTrailingSlash(_ path: String) -> Substring {
        path.utf8.last == UInt8(ascii: "/") ? Substring(path.utf8.dropLast()) : Substring(path)
    }

    private static func sameBytes(_ left: some StringProtocol, _ right: some StringProtocol) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
