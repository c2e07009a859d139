import BridgeCodec

extension SwedbankPayNavigationPolicy {
    /// What the app should do with a navigation inside the payment WebView.
    public enum Decision: Sendable, Hashable {
        /// The payer reached `completeUrl`: the payment is done; stop the navigation.
        case completed
        /// The payer reached `cancelUrl`: the payment was cancelled; stop the navigation.
        case canceled
        /// The payer came back through `paymentUrl`: reload the payment menu; stop the navigation.
        case reloadPayment
        /// Open this URL outside the WebView (an app's custom scheme, a page that does not work inside a
        /// WebView), as a browser reads it; stop the navigation.
        case openExternally(url: WebURL)
        /// An Android `intent:` or `android-app:` URL: start it, or open `fallbackURL` in the browser when
        /// no app handles it (an `intent:` URL's alone, as Android's SDK reads them).
        /// As Chrome starts one from a page, the intent carries the category
        /// `android.intent.category.BROWSABLE` (added when the page left it out), so that only
        /// activities that accept links from the web answer. `fallbackURL` is the intent's
        /// `browser_fallback_url`, as a browser reads it, only when it is an `http` or `https` URL
        /// that `URLPolicy` accepts under those schemes: the page chose it, and a browser opens nothing else from it.
        case openIntent(AndroidIntentURL, fallbackURL: WebURL?)
        /// Refuse it: text a browser does not read as a URL; a scheme that runs code or opens local data
        /// (`URLPolicy.forbiddenSchemes`), or a `blob:` URL of an origin that is not `https` (or, in the
        /// main frame, not on the WebView's hosts); an `http` page in a frame; or an
        /// `intent:` or `android-app:` URL Chrome would not start either: one that names a component (the app's own
        /// unexported activities would answer it), one whose data is local or script (those schemes and
        /// `blob:`), and one ``AndroidIntentURL`` cannot read (a selector, typed extras, flags, data no
        /// browser reads), which Android's own parser would read with what was not checked.
        case block
        /// Let the WebView load it.
        case allow
    }
}

/// Decides navigations in the payment WebView as the Swedbank Pay "Plain Webview" guide and the
/// iOS SDK decide them.
///
/// Every URL is read once, as a browser reads it (`WebURL`), and compared as a WebView reports
/// it: scheme and host in lowercase, the default port dropped, an empty path written `/`, dot
/// segments resolved. So `completeUrl` `https://shop.example` is the navigation `https://shop.example/`.
public struct SwedbankPayNavigationPolicy: Sendable, Hashable {
    /// The payment order's `completeUrl`, as a WebView reports it.
    public let completeURL: WebURL
    /// The payment order's `cancelUrl`, as a WebView reports it.
    public let cancelURL: WebURL
    /// The payment order's `paymentUrl`.
    public let paymentURL: SwedbankPayPaymentURL
    /// The app's custom scheme, under which the payment URL may also come back.
    public var appScheme: String?
    /// Hosts known to work inside a WebView (the page the app loads, the payment menu's, known-good 3-D Secure
    /// pages); the payer's navigations to `https` pages on other hosts, and to every `http` page, open outside
    /// (a frame inside the page loads any `https` page). Patterns as the SDK writes them: a name is that host;
    /// `*.example.com` is `example.com` or one label in front of it; `**.example.com` is `example.com` or any
    /// number of labels in front of it. Compared by whole labels (`evilpayex.com` is not under `**.payex.com`),
    /// byte for byte ignoring ASCII case, ports aside, with the host a browser connects to.
    public var webViewHosts: Set<String> {
        didSet { webViewHostList = WebViewHostPatterns(webViewHosts) }
    }

    /// The Swedbank Pay SDK's known-good hosts: 3-D Secure and bank pages that do not work
    /// outside the WebView. Opt in by adding them to ``webViewHosts``.
    public static let knownGoodWebViewHosts: Set<String> = [
        "**.payex.com", "acs4.sparebank1.no", "*.3dsecure.no", "*.3ds.modirum.com", "idcheck.acs.touchtechpayments.com",
        "verifiedbyvisa.acs.touchtechpayments.com", "*.wlp-acs.com", "*.op.fi", "acs1.luottokunta.fi", "online.s-pankki.fi",
        "identify.nordea.com", "verifiedbyvisa.skandia.se",
    ]
    /// `webViewHosts`, ready for lookups: built when the hosts are set, not on every navigation.
    private var webViewHostList: WebViewHostPatterns

    /// The category Chrome adds to every intent it starts from a page.
    static let browsableCategory = "android.intent.category.BROWSABLE"
    /// Data schemes an intent from a page may not carry: those that run code or read local data,
    /// and Android's content providers.
    static let intentDataSchemesBlocked = URLPolicy.forbiddenSchemes.union(["blob"])

    /// A policy. There is no default host list: the payment menu's own hosts must be listed.
    /// `completeURL`, `cancelURL` and the payment URL must be absolute `https` or `http` URLs:
    /// one that is not is refused with its name (`completeURL`, `cancelURL` or `paymentURL`).
    public init(
        completeURL: String, cancelURL: String, paymentURL: SwedbankPayPaymentURL, appScheme: String? = nil, webViewHosts: Set<String>
    ) throws(InvalidArgument) {
        func read(_ url: String, _ name: String) throws(InvalidArgument) -> WebURL {
            do {
                return try URLPolicy.webURLs.check(url)
            } catch {
                throw .url(name: name, error)
            }
        }
        self.completeURL = try read(completeURL, "completeURL")
        self.cancelURL = try read(cancelURL, "cancelURL")
        do {
            try URLPolicy.webURLs.check(paymentURL.url)
        } catch {
            throw .url(name: "paymentURL", error)
        }
        self.paymentURL = paymentURL
        self.appScheme = appScheme
        self.webViewHosts = webViewHosts
        webViewHostList = WebViewHostPatterns(webViewHosts)
    }

    /// The decision for a navigation to `target`, the absolute URL the WebView reports. Text a
    /// browser does not read as an absolute URL is blocked: there is nothing it would load.
    ///
    /// `isMainFrame` is whether the navigation loads the page itself or a new window
    /// (`navigationAction.targetFrame?.isMainFrame ?? true`), rather than a frame inside the page.
    /// A frame is the page's own doing, as the SDK treats it: an `https` frame (a 3-D Secure
    /// challenge, a card field) loads whatever its host, and an `http` one is blocked rather than
    /// opened in the browser. The complete, cancel and payment URLs are recognized in any frame.
    public func decide(_ target: String, isMainFrame: Bool = true) -> SwedbankPayNavigationPolicy.Decision {
        guard let url = try? WebURL(target) else { return .block }
        if url == completeURL { return .completed }
        if url == cancelURL { return .canceled }
        if paymentURL.matches(url, appScheme: appScheme) { return .reloadPayment }
        switch url.scheme {
        case "intent", "android-app":
            guard var intent = try? AndroidIntentURL(url), intent.component == nil,
                !(intent.target.map { Self.intentDataSchemesBlocked.contains($0.scheme) } ?? false)
            else { return .block }
            if !intent.categories.contains(where: { $0.utf8.elementsEqual(Self.browsableCategory.utf8) }) {
                intent.categories.append(Self.browsableCategory)
            }
            // As Android's SDK and Chrome read it, only an `intent:` URL falls back to a page.
            let fallback = url.scheme == "intent" ? intent.browserFallbackURL.flatMap { try? URLPolicy.webURLs.check($0) } : nil
            return .openIntent(intent, fallbackURL: fallback)
        case "https":
            return !isMainFrame || url.host.map(webViewHostList.contains) == true ? .allow : .openExternally(url: url)
        case "http":
            // Never inside the WebView, listed host or not: a page sent in clear text could be
            // anyone's, and the WebView gives the page the app's bridge.
            return isMainFrame ? .openExternally(url: url) : .block
        case let scheme where URLPolicy.forbiddenSchemes.contains(scheme):
            return .block
        case "about":
            // Blank frames load; other `about:` pages are the browser's own.
            return ["blank", "srcdoc"].contains(url.path) ? .allow : .block
        case "blob":
            // A document the page made: it loads only where its origin's pages may.
            guard case .tuple("https", let host, _) = url.origin else { return .block }
            return !isMainFrame || webViewHostList.contains(host) ? .allow : .block
        default:
            return .openExternally(url: url)
        }
    }
}
