/// What the app should do with a navigation inside the payment WebView.
public enum NavigationDecision: Sendable, Hashable {
    /// The payer reached `completeUrl`: the payment is done; stop the navigation.
    case completed
    /// The payer reached `cancelUrl`: the payment was cancelled; stop the navigation.
    case canceled
    /// The payer came back through `paymentUrl`: reload the payment menu; stop the navigation.
    case reloadPayment
    /// Open this URL outside the WebView (an app's custom scheme, a page that does not work inside a
    /// WebView); stop the navigation.
    case openExternally(url: String)
    /// An Android `intent:` URL: start it, or open `fallbackURL` in the browser when no app handles it.
    /// As Chrome starts one from a page, the intent carries the category
    /// `android.intent.category.BROWSABLE` (added when the page left it out), so that only
    /// activities that accept links from the web answer. `fallbackURL` is the intent's
    /// `browser_fallback_url` only when it is a web URL that ``URLPolicy`` accepts under `http`
    /// and `https`: the page chose it, and a browser opens nothing else from it.
    case openIntent(AndroidIntentURL, fallbackURL: String?)
    /// Refuse it: a scheme that runs code or reads local data (`javascript:`, `data:`, `file:`,
    /// `vbscript:`), or an `intent:` URL Chrome would not start either: one that names a component
    /// (the app's own unexported activities would answer it), one whose data is local or script
    /// (those schemes and `content:`), and one ``AndroidIntentURL`` cannot read (a selector, typed
    /// extras, flags), which Android's own parser would read with what was not checked.
    case block
    /// Let the WebView load it.
    case allow
}

/// Decides navigations in the payment WebView as the Swedbank Pay "Plain Webview" guide describes.
public struct PaymentNavigationPolicy: Sendable, Hashable {
    /// The payment order's `completeUrl`.
    public var completeURL: String
    /// The payment order's `cancelUrl`.
    public var cancelURL: String
    /// The payment order's `paymentUrl`.
    public var paymentURL: PaymentURL
    /// The app's custom scheme, under which the payment URL may also come back.
    public var appScheme: String?
    /// Hosts known to work inside a WebView (the payment menu's and known-good 3-D Secure pages); `https` pages on
    /// other hosts, and every `http` page, open outside. Compared byte for byte ignoring ASCII case, ports aside;
    /// `*.example.com` covers subdomains. Only the host a browser would connect to is compared: a web URL that
    /// ``URLPolicy`` refuses (a backslash, user info, a malformed host or port) opens outside.
    public var webViewHosts: Set<String> {
        didSet { webViewHostList = HostList(webViewHosts) }
    }
    /// `webViewHosts`, ready for lookups: built when the hosts are set, not on every navigation.
    private var webViewHostList: HostList

    /// The category Chrome adds to every intent it starts from a page.
    static let browsableCategory = "android.intent.category.BROWSABLE"
    /// Data schemes an intent from a page may not carry: those that run code or read local data,
    /// and Android's content providers.
    static let intentDataSchemesBlocked = URLPolicy.forbiddenSchemes.union(["content"])

    /// A policy. There is no default host list: the payment menu's own hosts must be listed.
    public init(completeURL: String, cancelURL: String, paymentURL: PaymentURL, appScheme: String? = nil, webViewHosts: Set<String>) {
        self.completeURL = completeURL
        self.cancelURL = cancelURL
        self.paymentURL = paymentURL
        self.appScheme = appScheme
        self.webViewHosts = webViewHosts
        webViewHostList = HostList(webViewHosts)
    }

    /// The decision for a navigation to `target`.
    public func decide(_ target: String) -> NavigationDecision {
        // Bytes, not `==`: Swift compares Strings by canonical equivalence, under which
        // U+037E (Greek question mark) is `;` and U+212A (Kelvin sign) is `K`, but a browser
        // loads another URL for each.
        if target.utf8.elementsEqual(completeURL.utf8) { return .completed }
        if target.utf8.elementsEqual(cancelURL.utf8) { return .canceled }
        if paymentURL.matches(target, appScheme: appScheme) { return .reloadPayment }
        guard let scheme = URLPolicy.scheme(of: target) else { return .allow }
        switch scheme {
        case "intent":
            guard var intent = try? AndroidIntentURL(parsing: target), intent.component == nil,
                !(intent.target.flatMap(URLPolicy.scheme(of:)).map(Self.intentDataSchemesBlocked.contains) ?? false)
            else { return .block }
            if !intent.categories.contains(where: { $0.utf8.elementsEqual(Self.browsableCategory.utf8) }) {
                intent.categories.append(Self.browsableCategory)
            }
            let fallback = intent.browserFallbackURL.flatMap { url in (try? URLPolicy.webURLs.check(url)).map { url } }
            return .openIntent(intent, fallbackURL: fallback)
        case "https":
            guard let host = URLParts(target)?.host else { return .openExternally(url: target) }
            return webViewHostList.contains(host) ? .allow : .openExternally(url: target)
        case "http":
            // Never inside the WebView, listed host or not: a page sent in clear text could be
            // anyone's, and the WebView gives the page the app's bridge.
            return .openExternally(url: target)
        case _ where URLPolicy.forbiddenSchemes.contains(scheme):
            return .block
        case "about", "blob":
            // Blank frames and documents the page made itself.
            return .allow
        default:
            return .openExternally(url: target)
        }
    }
}
