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

/// Decides navigations in the payment WebView as the Swedbank Pay "Plain Webview" guide and the
/// iOS SDK decide them.
///
/// URLs compare as a WebView reports them (the WHATWG URL Standard's serialization): scheme and
/// host in lowercase, the default port dropped, an empty path written `/`. So `completeUrl`
/// `https://shop.example` is the navigation `https://shop.example/`.
public struct PaymentNavigationPolicy: Sendable, Hashable {
    /// The payment order's `completeUrl`.
    public let completeURL: String
    /// The payment order's `cancelUrl`.
    public let cancelURL: String
    /// The payment order's `paymentUrl`.
    public let paymentURL: PaymentURL
    /// The app's custom scheme, under which the payment URL may also come back.
    public var appScheme: String?
    /// Hosts known to work inside a WebView (the payment menu's and known-good 3-D Secure pages); `https` pages on
    /// other hosts, and every `http` page, open outside. Patterns as the SDK writes them: a name is that host;
    /// `*.example.com` is `example.com` or one label in front of it; `**.example.com` is `example.com` or any
    /// number of labels in front of it. Compared by whole labels (`evilpayex.com` is not under `**.payex.com`),
    /// byte for byte ignoring ASCII case, ports aside. Only the host a browser would connect to is compared: a
    /// web URL that ``URLPolicy`` refuses (a backslash, user info, a malformed host or port) opens outside.
    public var webViewHosts: Set<String> {
        didSet { webViewHostList = HostList(webViewHosts, wildcards: .webViewPatterns) }
    }

    /// The Swedbank Pay SDK's known-good hosts: 3-D Secure and bank pages that do not work
    /// outside the WebView. Opt in by adding them to ``webViewHosts``.
    public static let knownGoodWebViewHosts: Set<String> = [
        "**.payex.com", "acs4.sparebank1.no", "*.3dsecure.no", "*.3ds.modirum.com", "idcheck.acs.touchtechpayments.com",
        "verifiedbyvisa.acs.touchtechpayments.com", "*.wlp-acs.com", "*.op.fi", "acs1.luottokunta.fi", "online.s-pankki.fi",
        "identify.nordea.com", "verifiedbyvisa.skandia.se",
    ]
    /// `webViewHosts`, ready for lookups: built when the hosts are set, not on every navigation.
    private var webViewHostList: HostList
    /// `completeURL` and `cancelURL` as a WebView reports them.
    private let complete: WebURL
    private let cancel: WebURL

    /// The category Chrome adds to every intent it starts from a page.
    static let browsableCategory = "android.intent.category.BROWSABLE"
    /// Data schemes an intent from a page may not carry: those that run code or read local data,
    /// and Android's content providers.
    static let intentDataSchemesBlocked = URLPolicy.forbiddenSchemes.union(["content"])

    /// Which of the policy's own URLs is not an absolute `https` or `http` URL, and why.
    public struct InvalidURL: Error, Sendable, Hashable, CustomStringConvertible {
        /// `completeURL`, `cancelURL` or `paymentURL`.
        public var name: String
        /// Why the URL policy refuses it.
        public var violation: URLPolicy.Violation

        /// The URL `name` refused for `violation`.
        public init(name: String, violation: URLPolicy.Violation) {
            self.name = name
            self.violation = violation
        }

        /// `completeURL: URL is relative; an absolute URL is required`.
        public var description: String { "\(name): \(violation)" }
    }

    /// A policy. There is no default host list: the payment menu's own hosts must be listed.
    /// `completeURL` and `cancelURL` must be `https` or `http` URLs a browser reads as written
    /// (``WebURL``), the payment URL an absolute `https` or `http` URL.
    public init(
        completeURL: String, cancelURL: String, paymentURL: PaymentURL, appScheme: String? = nil, webViewHosts: Set<String>
    ) throws(InvalidURL) {
        do {
            complete = try WebURL(completeURL)
        } catch {
            throw InvalidURL(name: "completeURL", violation: error)
        }
        do {
            cancel = try WebURL(cancelURL)
        } catch {
            throw InvalidURL(name: "cancelURL", violation: error)
        }
        do {
            try URLPolicy.webURLs.check(paymentURL.string)
        } catch {
            throw InvalidURL(name: "paymentURL", violation: error)
        }
        self.completeURL = completeURL
        self.cancelURL = cancelURL
        self.paymentURL = paymentURL
        self.appScheme = appScheme
        self.webViewHosts = webViewHosts
        webViewHostList = HostList(webViewHosts, wildcards: .webViewPatterns)
    }

    /// The decision for a navigation to `target`, the absolute URL the WebView reports. An empty,
    /// relative or schemeless target is blocked: there is nothing a browser would load.
    public func decide(_ target: String) -> NavigationDecision {
        guard let scheme = URLPolicy.scheme(of: target) else { return .block }
        // Both are ASCII (the policy refuses anything else), so `==` compares their bytes.
        if let navigation = try? WebURL(target) {
            if navigation.href == complete.href { return .completed }
            if navigation.href == cancel.href { return .canceled }
        }
        if paymentURL.matches(target, appScheme: appScheme) { return .reloadPayment }
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
        case "about":
            // Blank frames load; other `about:` pages are the browser's own.
            let page = URLPolicy.schemeSpecificPart(of: target, scheme: scheme).prefix { $0 != "?" && $0 != "#" }
            return ["blank", "srcdoc"].contains(where: { page.utf8.elementsEqual($0.utf8) }) ? .allow : .block
        case "blob":
            // A document the page made: it loads only where its origin's pages may.
            let origin = String(URLPolicy.schemeSpecificPart(of: target, scheme: scheme))
            guard URLPolicy.scheme(of: origin) == "https", let host = URLParts(origin)?.host else { return .block }
            return webViewHostList.contains(host) ? .allow : .block
        default:
            return .openExternally(url: target)
        }
    }
}
