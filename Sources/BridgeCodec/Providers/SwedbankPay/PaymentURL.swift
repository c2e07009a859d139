/// A Swedbank Pay payment URL: the Merchant Backend's helper endpoint that brings the payer back
/// into the app (`sdk-callback/android-intent` or `sdk-callback/ios-universal-link`).
public struct PaymentURL: Sendable, Hashable, CustomStringConvertible {
    /// The URL text.
    public let string: String

    /// The Android form: `ROOT/sdk-callback/android-intent?package=PACKAGE&id=ID`.
    /// `backendRoot` is the Merchant Backend's root endpoint, an absolute `https` or `http` URL
    /// (else the violation is thrown); a missing final `/` is added, and a query or fragment it has
    /// stays after the helper path (its query items first).
    public static func android(backendRoot: String, package: String, id: String) throws(URLPolicy.Violation) -> PaymentURL {
        try URLPolicy.webURLs.check(backendRoot)
        return PaymentURL(root: backendRoot, path: "sdk-callback/android-intent", query: [("package", package), ("id", id)])
    }

    /// The iOS form: `ROOT/sdk-callback/ios-universal-link?scheme=SCHEME&language=LANGUAGE&id=ID&app=APP`,
    /// with `scheme` the app's custom URL scheme for the fallback; `backendRoot` as for ``android(backendRoot:package:id:)``.
    public static func iOS(
        backendRoot: String, scheme: String, language: String, id: String, app: String
    ) throws(URLPolicy.Violation) -> PaymentURL {
        try URLPolicy.webURLs.check(backendRoot)
        return PaymentURL(
            root: backendRoot, path: "sdk-callback/ios-universal-link",
            query: [("scheme", scheme), ("language", language), ("id", id), ("app", app)])
    }

    private init(root: String, path: String, query: [(String, String)]) {
        // As URL builders do (Foundation's `appendingPathComponent` and `URLComponents`, Android's
        // `Uri.Builder`): the helper path goes at the end of the root's path, and its query items after
        // any the root has, before a fragment. Pasted after a root with a query (`…/m?tenant=1`), the
        // path landed inside that query.
        let pathEnd = root.utf8.firstIndex { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") } ?? root.endIndex
        let rootPath = root[..<pathEnd]
        let separator = rootPath.utf8.last == UInt8(ascii: "/") ? "" : "/"
        let items = query.map { Escaper.urlQueryComponent($0.0) + "=" + Escaper.urlQueryComponent($0.1) }.joined(separator: "&")
        string = MerchantBackendHelpers.appendingQuery(items, to: rootPath + separator + path + root[pathEnd...])
    }

    /// A payment URL from its text, for matching.
    public init(_ string: String) {
        self.string = string
    }

    /// The URL text.
    public var description: String { string }

    /// Whether `url` is this payment URL coming back, by the iOS SDK's rule: every query item of
    /// the payment URL is in `url` with the same encoded name and value, as many times, in any
    /// order, other items allowed; the payment URL's scheme, or `appScheme` in place of `https`;
    /// the same host, port and path as a WebView serializes them (a trailing `/` tolerated); and no
    /// fragment. Every part compares by its bytes; a web URL a browser could read another way
    /// (``URLPolicy`` refuses it) does not match.
    public func matches(_ url: String, appScheme: String? = nil) -> Bool {
        guard let expected = URLParts(string), let actual = URLParts(url), actual.fragment == nil else { return false }
        // Bytes, not `==`, which is canonical equivalence: a URL under the app scheme is not
        // policy-checked, and U+037E (Greek question mark) would pass for `;` in it.
        let schemeMatches =
            sameBytes(actual.scheme, expected.scheme)
            || (expected.scheme == "https" && appScheme.map { sameBytes($0.asciiLowercased(), actual.scheme) } == true)
        // Under the app scheme the port is compared as the payment URL would have it.
        let actualPort = actual.port.utf8.elementsEqual("443".utf8) && expected.scheme == "https" ? "" : actual.port
        guard schemeMatches, sameBytes(actual.host, expected.host), sameBytes(actualPort, expected.port),
            sameBytes(Self.trimmingTrailingSlash(actual.path), Self.trimmingTrailingSlash(expected.path))
        else { return false }
        var remaining = actual.queryItems
        for item in expected.queryItems {
            guard let index = remaining.firstIndex(where: { sameBytes($0, item) }) else { return false }
            remaining.remove(at: index)
        }
        return true
    }

    private static func trimmingTrailingSlash(_ path: Substring) -> Substring {
        path.utf8.last == UInt8(ascii: "/") ? Substring(path.utf8.dropLast()) : path
    }

    private func sameBytes(_ left: some StringProtocol, _ right: some StringProtocol) -> Bool {
        left.utf8.elementsEqual(right.utf8)
    }
}
