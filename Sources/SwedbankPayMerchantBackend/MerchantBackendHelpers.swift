import BridgeCodec
import BridgeCodecProviders

extension MerchantBackendHelpers {
    /// An HTTP response as a value: what a helper endpoint sends back.
    public struct Response: Sendable, Hashable {
        /// One header.
        public struct Header: Sendable, Hashable {
            /// The header name.
            public var name: String
            /// The header value; never contains CR or LF.
            public var value: String
        }

        /// The status code.
        public var status: Int
        /// The headers, in order.
        public var headers: [Header]
        /// The body.
        public var body: String

        /// The value of header `name`, compared ignoring ASCII case as HTTP compares header names, if present.
        public func header(_ name: String) -> String? {
            // Not `lowercased()` and `==`: Unicode lowercasing turns U+212A (Kelvin sign) into `k`, and
            // `==` equates canonically equivalent text; neither names the same HTTP header.
            func lowercased(_ text: String) -> [UInt8] { text.utf8.map { $0 &- UInt8(ascii: "A") < 26 ? $0 | 0x20 : $0 } }
            let wanted = lowercased(name)
            return headers.first { lowercased($0.name) == wanted }?.value
        }

        static func problem(_ problem: MerchantBackend.ProblemType, detail: String) -> MerchantBackendHelpers.Response {
            MerchantBackendHelpers.Response(
                status: problem.status, headers: [Header(name: "Content-Type", value: "application/problem+json")],
                body: MerchantBackend.ProblemDetails(problem, detail: detail).jsonValue.jsonText)
        }
    }
}

/// The Merchant Backend's payment-URL helper endpoints, as pure functions from the request URL
/// to the response: `sdk-callback/android-intent`, `sdk-callback/ios-universal-link`, and the
/// apple-app-site-association file. Every request value is checked or escaped for where it lands;
/// a missing or malformed required parameter gets a `badrequest` problem (400).
public struct MerchantBackendHelpers: Sendable, Hashable {
    /// The back-link ("trampoline") page the iOS endpoint redirects to.
    public var trampolineURL: String

    /// Helpers redirecting to `trampolineURL`: by default Swedbank Pay's production trampoline,
    /// which the example Merchant Backend uses (the API documentation shows its stage host).
    public init(trampolineURL: String = "https://ecom.payex.com/externalresourcehost/trampoline") {
        self.trampolineURL = trampolineURL
    }

    /// `GET …/sdk-callback/android-intent?package=…&id=…`: an HTML page that redirects to the Swedbank Pay
    /// intent URL for the payment URL (meta refresh, plus a link). `requestURL` is the full URL requested.
    public func androidIntent(requestURL: String) -> MerchantBackendHelpers.Response {
        withQuery(of: requestURL) { query in androidIntent(requestURL: requestURL, query: query) }
    }

    private func androidIntent(requestURL: String, query: RequestQuery) -> MerchantBackendHelpers.Response {
        guard let package = query.single("package") else { return .problem(.badRequest, detail: "package is required, once") }
        guard Self.isAndroidPackageName(package) else { return .problem(.badRequest, detail: "package is not an Android package name") }
        let intent = AndroidIntentURL.swedbankPayPaymentOrder(target: query.url, package: package)
        guard let page = try? Self.androidIntentPage(for: intent) else {
            return .problem(.badRequest, detail: "the request URL cannot be an intent's data")
        }
        return MerchantBackendHelpers.Response(
            status: 200, headers: [.init(name: "Content-Type", value: "text/html; charset=utf-8")], body: page)
    }

    /// The page the Android endpoint serves for `intent`: a refresh to its `intent:` URL and a link to it,
    /// attribute-encoded. Taking the intent rather than URL text means the page can never send the
    /// payer anywhere but an `intent:` URL (a `javascript:` link would run in the backend's origin).
    public static func androidIntentPage(for intent: AndroidIntentURL) throws(InvalidArgument) -> String {
        let link = Escaper.htmlAttribute(try intent.urlString())
        return """
            <!DOCTYPE html>
            <html>
            <head>
            <meta charset="utf-8">
            <title>Swedbank Pay Payment</title>
            <link rel="stylesheet" href="https://design.swedbankpay.com/v/4.3.0/styles/dg-style.css">
            <meta name="viewport" content="width=device-width">
            <meta http-equiv="refresh" content="0;url=\(link)">
            </head>
            <body>
            <div class="text-center">
            <img src="https://design.swedbankpay.com/v/4.3.0/img/swedbankpay-logo.svg" alt="Swedbank Pay" height="120">
            <p><a class="btn btn-executive" href="\(link)">Back to app</a></p>
            </div>
            </body>
            </html>

            """
    }

    /// `GET …/sdk-callback/ios-universal-link?scheme=…&language=…&id=…&app=…[&fallback=true]`: a 301 to the
    /// trampoline page (which links back to this URL with `fallback=true`), or, with `fallback=true`, a 301 to
    /// the same URL under the app's custom scheme.
    public func iOSUniversalLink(requestURL: String) -> MerchantBackendHelpers.Response {
        withQuery(of: requestURL) { query in iOSUniversalLink(requestURL: requestURL, query: query) }
    }

    private func iOSUniversalLink(requestURL: String, query: RequestQuery) -> MerchantBackendHelpers.Response {
        guard let scheme = query.single("scheme") else { return .problem(.badRequest, detail: "scheme is required, once") }
        guard let parsedScheme = WebURL.scheme(of: scheme + ":"), parsedScheme.utf8.count == scheme.utf8.count,
            !["http", "https"].contains(parsedScheme), !URLPolicy.forbiddenSchemes.contains(parsedScheme)
        else { return .problem(.badRequest, detail: "scheme is not an app's custom URL scheme") }
        guard let language = query.single("language") else { return .problem(.badRequest, detail: "language is required, once") }
        guard !language.isEmpty, language.utf8.count <= 35,
            language.utf8.allSatisfy({ $0 == UInt8(ascii: "-") || (0x30...0x39).contains($0) || (0x41...0x5A).contains($0 & 0xDF) })
        else { return .problem(.badRequest, detail: "language is not a language tag") }
        if query.values("fallback").contains(where: { $0.utf8.elementsEqual("true".utf8) }) {
            return redirect(to: parsedScheme + ":" + Substring(query.url.href.utf8.dropFirst(query.url.scheme.utf8.count + 1)))
        }
        guard let trampoline = try? URLPolicy.webURLs.check(trampolineURL) else {
            return .problem(.badGateway, detail: "the trampoline URL is not an http or https URL")
        }
        guard let target = try? query.url.appending(queryItems: [("fallback", "true")]),
            let page = try? trampoline.appending(
                queryItems: [("target", target.href), ("language", language)] + (query.single("app").map { [("app", $0)] } ?? []))
        else { return .problem(.badRequest, detail: "the request URL is too long to link back to") }
        return redirect(to: page.href)
    }

    /// `GET /.well-known/apple-app-site-association` for the apps with `appIDs` (`TEAMID.bundle.id`), covering `paths`.
    public static func appleAppSiteAssociation(appIDs: [String], paths: [String] = ["/swedbank-pay-mobile/sdk-callback/*"])
        -> MerchantBackendHelpers.Response
    {
        let details = appIDs.map { appID -> JSONValue in .object(["appID": .string(appID), "paths": .array(paths.map(JSONValue.string))]) }
        let document = JSONValue.object(["applinks": .object(["apps": .array([]), "details": .array(details)])])
        return MerchantBackendHelpers.Response(
            status: 200, headers: [.init(name: "Content-Type", value: "application/json")], body: document.jsonText)
    }

    /// The response to a request whose query parses; a bad request URL gets the badrequest problem.
    private func withQuery(of requestURL: String, _ respond: (RequestQuery) -> MerchantBackendHelpers.Response)
        -> MerchantBackendHelpers.Response
    {
        do {
            return respond(try RequestQuery(requestURL))
        } catch {
            return .problem(.badRequest, detail: error.detail)
        }
    }

    private func redirect(to location: String) -> MerchantBackendHelpers.Response {
        MerchantBackendHelpers.Response(status: 301, headers: [.init(name: "Location", value: location)], body: "")
    }

    /// Android package names: two or more segments of a letter followed by letters, digits or `_`.
    static func isAndroidPackageName(_ name: String) -> Bool {
        let segments = name.split(separator: ".", omittingEmptySubsequences: false)
        return segments.count >= 2 && name.utf8.count <= 255
            && segments.allSatisfy { segment in
                guard let first = segment.utf8.first, (0x41...0x5A).contains(first & 0xDF) else { return false }
                return segment.utf8.allSatisfy {
                    (0x41...0x5A).contains($0 & 0xDF) || (0x30...0x39).contains($0) || $0 == UInt8(ascii: "_")
                }
            }
    }
}

/// The decoded query of a request URL, refusing URLs that could smuggle anything into a header.
struct RequestQuery {
    /// Why a request URL was refused.
    struct Refusal: Error {
        let detail: String
    }

    /// The request URL as a browser reads it.
    let url: WebURL
    private var items: [(name: String, value: String)] = []

    init(_ text: String) throws(Refusal) {
        do {
            url = try URLPolicy.webURLs.check(text)
        } catch {
            throw Refusal(detail: "the request URL is malformed: \(error)")
        }
        // The query ends at the first `#`: `…/android-intent#?package=x` has none.
        for pair in (url.query ?? "").utf8.split(separator: UInt8(ascii: "&")).map(Substring.init) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = Escaper.percentDecoded(parts[0]), let value = Escaper.percentDecoded(parts.count > 1 ? parts[1] : "") else {
                throw Refusal(detail: "the query has invalid percent-encoding")
            }
            items.append((name, value))
        }
    }

    /// All values of `name`, compared by bytes as a server compares decoded names (not by canonical equivalence).
    func values(_ name: String) -> [String] { items.filter { $0.name.utf8.elementsEqual(name.utf8) }.map(\.value) }

    /// The value of `name` when it appears exactly once.
    func single(_ name: String) -> String? {
        let found = values(name)
        return found.count == 1 ? found[0] : nil
    }
}
