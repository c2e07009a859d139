import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Swedbank Pay payment URLs, navigation and problems")
struct SwedbankPayURLTests {
    let root = "https://example.com/swedbank-pay-mobile/"
    let id = "abb50c53-53c1-4138-923f-59fcf0acd08d"

    @Test func paymentURLsAreTheSeedsExactly() throws {
        #expect(
            try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id).string
                == "https://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=\(id)")
        #expect(
            try SwedbankPayPaymentURL.iOS(
                backendRoot: "https://example.com/swedbank-pay-mobile", scheme: "yourecomapp", language: "en-US", id: id,
                app: "Your Ecom App"
            ).string
                == "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
        )
    }

    @Test func hostileValuesStayInsideTheirParameter() throws {
        let url = try SwedbankPayPaymentURL.android(backendRoot: root, package: "a&id=evil#x\"<'\n;é", id: "1").string
        #expect(url.hasSuffix("?package=a%26id%3Devil%23x%22%3C%27%0A%3B%C3%A9&id=1"))
    }

    @Test func theMatcherAcceptsExtraParametersAndTheAppScheme() throws {
        let payment = try SwedbankPayPaymentURL.iOS(
            backendRoot: root, scheme: "yourecomapp", language: "en-US", id: id, app: "Your Ecom App")
        let fallback = payment.string + "&fallback=true"
        let viaScheme =
            "yourecomapp://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App&fallback=true"
        #expect(payment.matches(payment.string))
        #expect(payment.matches(fallback))
        #expect(payment.matches(viaScheme, appScheme: "yourecomapp"))
        #expect(
            payment.matches(
                "HTTPS://EXAMPLE.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
            ))
        // And nothing else.
        #expect(!payment.matches(viaScheme))
        #expect(!payment.matches(viaScheme, appScheme: "otherapp"))
        #expect(!payment.matches(payment.string.replacingOccurrences(of: id, with: "other")))
        #expect(!payment.matches(payment.string.replacingOccurrences(of: "/swedbank-pay-mobile/", with: "/SWEDBANK-pay-mobile/")))
        #expect(!payment.matches(payment.string + "#fragment"))
        #expect(
            !payment.matches(
                "https://example.com.evil.example/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
            ))
        // The SDK's rule: its items in any order, other items anywhere.
        #expect(
            payment.matches(
                "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?fallback=true&scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
            ))
        #expect(
            !payment.matches(
                "http://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
            ))
    }

    @Test func navigationDecisions() throws {
        let payment = try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id)
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/payment-completed", cancelURL: "https://example.com/payment-canceled", paymentURL: payment,
            appScheme: "yourecomapp", webViewHosts: ["ecom.payex.com", "*.3ds.example"])
        #expect(policy.decide("https://example.com/payment-completed") == .completed)
        #expect(policy.decide("https://example.com/payment-canceled") == .canceled)
        #expect(policy.decide(payment.string + "&fallback=true") == .reloadPayment)
        #expect(policy.decide("https://ECOM.payex.com/checkout/x") == .allow)
        #expect(policy.decide("https://acs.3ds.example/challenge") == .allow)
        #expect(policy.decide("https://3ds.example.evil.example/") == .openExternally(url: .literal("https://3ds.example.evil.example/")))
        #expect(policy.decide("https://bankid.example/auth") == .openExternally(url: .literal("https://bankid.example/auth")))
        #expect(policy.decide("swish://paymentrequest?token=1") == .openExternally(url: .literal("swish://paymentrequest?token=1")))
        let intent =
            "intent://example.com/perform-payment#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=com.example.app;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fstore;end;"
        guard case .openIntent(let parsed, let fallback) = policy.decide(intent) else {
            Issue.record("intent not recognised")
            return
        }
        #expect(parsed.package == "com.example.app")
        #expect(parsed.categories == ["android.intent.category.BROWSABLE"])
        #expect(fallback?.href == "https://example.com/store")
        #expect(policy.decide("intent://broken") == .block)
        // android-app: URLs are intents too: the same checks, BROWSABLE added, and no fallback.
        guard case .openIntent(let app, let noFallback) = policy.decide("android-app://com.bank.app/https/bank.example/auth?t=1")
        else {
            Issue.record("an android-app: URL is not an intent")
            return
        }
        #expect(app.package == "com.bank.app")
        #expect(app.target?.href == "https://bank.example/auth?t=1")
        #expect(app.categories == ["android.intent.category.BROWSABLE"])
        #expect(noFallback == nil)
        #expect(
            policy.decide("android-app://com.bank.app/https/bank.example/#Intent;S.browser_fallback_url=https%3A%2F%2Fbank.example;end")
                == .openIntent(
                    AndroidIntentURL(
                        target: .literal("https://bank.example/"), categories: ["android.intent.category.BROWSABLE"],
                        package: "com.bank.app",
                        stringExtras: ["browser_fallback_url": "https://bank.example"]), fallbackURL: nil))
        for unsafe in [
            "android-app://com.shop.app/#Intent;component=com.shop.app/.Internal;end", "android-app://com.x/javascript/alert(1)/",
            "android-app://com.x/file/etc/passwd", "android-app://com.x/https/a.example/#Intent;launchFlags=0x1;end",
        ] {
            #expect(policy.decide(unsafe) == .block, "\(unsafe)")
        }
        #expect(policy.decide("javascript:alert(1)") == .block)
        #expect(policy.decide("data:text/html,<script>x</script>") == .block)
        #expect(policy.decide("about:blank") == .allow)
    }

    /// What a WebView reports is the serialized URL: `completeUrl` without a path is the
    /// navigation to `/`, whatever the case of its scheme and host and with the default port.
    /// Before, the payer finished and the app never learned it.
    @Test func completeAndCancelURLsMatchAsAWebViewReportsThem() throws {
        let payment = try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id)
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example", cancelURL: "HTTPS://Shop.Example:443/cancel?order=1", paymentURL: payment,
            webViewHosts: ["shop.example"])
        #expect(policy.decide("https://shop.example/") == .completed)
        #expect(policy.decide("https://SHOP.example:443") == .completed)
        #expect(policy.decide("https://shop.example/cancel?order=1") == .canceled)
        // And only under that equivalence: another path, port, query or a fragment is another page.
        for other in ["https://shop.example/x", "https://shop.example:8443/", "https://shop.example/?a", "https://shop.example/#done"] {
            #expect(policy.decide(other) == .allow, "\(other)")
        }
        #expect(policy.decide("https://shop.example/cancel?order=2") == .allow)
        // Dot segments are resolved, as the WebView resolves them before it reports the URL.
        let dotted = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/a/../done", cancelURL: "https://shop.example/c", paymentURL: payment, webViewHosts: [])
        #expect(dotted.decide("https://shop.example/done") == .completed)
        #expect(dotted.decide("https://shop.example/./a/%2e%2e/done") == .completed)
        // A complete URL compares as a browser reads it, and one a browser refuses is refused when the policy is made.
        let numeric = try SwedbankPayNavigationPolicy(
            completeURL: "https://0x7f.1/done", cancelURL: "https://shop.example/c", paymentURL: payment, webViewHosts: [])
        #expect(numeric.decide("https://127.0.0.1/done") == .completed)
        #expect(throws: InvalidArgument.url(name: "completeURL", .unreadable(.invalidHost))) {
            try SwedbankPayNavigationPolicy(
                completeURL: "https://1.2.3.4.5/done", cancelURL: "https://shop.example/c", paymentURL: payment, webViewHosts: [])
        }
    }

    /// The payment URL comes back with its query items reordered, repeated or joined by others,
    /// or with a trailing `/`: the iOS SDK reloads the payment menu for each, and so does this.
    @Test func thePaymentURLComesBackAsTheSDKAcceptsIt() throws {
        let payment = SwedbankPayPaymentURL(.literal("https://backend.example/cb?package=p&id=1&id=2"))
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/done", cancelURL: "https://shop.example/cancel", paymentURL: payment,
            appScheme: "shopapp", webViewHosts: ["backend.example"])
        for back in [
            "https://backend.example/cb?id=2&package=p&id=1", "https://backend.example/cb?id=1&x=y&package=p&id=2",
            "https://backend.example/cb/?package=p&id=1&id=2", "HTTPS://BACKEND.example:443/cb?package=p&id=1&id=2",
            "shopapp://backend.example/cb?id=2&id=1&package=p",
        ] {
            #expect(policy.decide(back) == .reloadPayment, "\(back)")
        }
        // Each item as many times as the payment URL has it, with the same encoded value.
        for other in [
            "https://backend.example/cb?package=p&id=1", "https://backend.example/cb?package=p&id=1&id=3",
            "https://backend.example/cb?package=%70&id=1&id=2", "https://backend.example/cb?package=p&id=1&id=2#f",
            "https://backend.example/cb2?package=p&id=1&id=2",
        ] {
            #expect(policy.decide(other) != .reloadPayment, "\(other)")
        }
    }

    /// A target with nothing a browser would load is blocked; blank frames load, the browser's
    /// own `about:` pages do not, and a page's `blob:` document only where its origin may load.
    @Test func targetsWithoutAPageAreBlocked() throws {
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/done", cancelURL: "https://shop.example/cancel",
            paymentURL: SwedbankPayPaymentURL(.literal("https://backend.example/cb?id=1")), webViewHosts: ["ecom.payex.com"])
        for nothing in ["", "relative/path", "/done", "//shop.example/done", "?a=1"] {
            #expect(policy.decide(nothing) == .block, "\(nothing)")
        }
        #expect(policy.decide("about:blank") == .allow)
        #expect(policy.decide("about:srcdoc") == .allow)
        #expect(policy.decide("about:blank#top") == .allow)
        #expect(policy.decide("about:config") == .block)
        #expect(policy.decide("blob:https://ecom.payex.com/6f3c1f0e") == .allow)
        #expect(policy.decide("blob:https://evil.example/6f3c1f0e") == .block)
        #expect(policy.decide("blob:null/6f3c1f0e") == .block)
    }

    /// A frame inside the page loads any `https` page, as the SDK lets a 3-D Secure challenge
    /// load from the card issuer's host; it never opens the browser for a page, and the
    /// complete, cancel and payment URLs end the payment from a frame too.
    @Test func framesInsideThePageLoadTheirOwnPages() throws {
        let payment = SwedbankPayPaymentURL(.literal("https://backend.example/cb?id=1"))
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/done", cancelURL: "https://shop.example/cancel", paymentURL: payment,
            webViewHosts: ["ecom.payex.com"])
        let challenge = "https://acs.issuer.example/challenge?id=7"
        #expect(policy.decide(challenge) == .openExternally(url: .literal(challenge)))
        #expect(policy.decide(challenge, isMainFrame: false) == .allow)
        #expect(policy.decide("http://acs.issuer.example/", isMainFrame: false) == .block)
        #expect(policy.decide("http://acs.issuer.example/") == .openExternally(url: .literal("http://acs.issuer.example/")))
        #expect(policy.decide("blob:https://acs.issuer.example/6f3c1f0e", isMainFrame: false) == .allow)
        #expect(policy.decide("blob:https://acs.issuer.example/6f3c1f0e") == .block)
        #expect(policy.decide("blob:null/6f3c1f0e", isMainFrame: false) == .block)
        #expect(policy.decide("https://shop.example/done", isMainFrame: false) == .completed)
        #expect(policy.decide("https://shop.example/cancel", isMainFrame: false) == .canceled)
        #expect(policy.decide(payment.string, isMainFrame: false) == .reloadPayment)
        // What a frame cannot show is decided as in the main frame: an app's scheme opens it, script never runs.
        #expect(
            policy.decide("bankid:///?autostarttoken=1", isMainFrame: false)
                == .openExternally(url: .literal("bankid:///?autostarttoken=1")))
        for unsafe in ["javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "about:config", "not a url"] {
            #expect(policy.decide(unsafe, isMainFrame: false) == .block, "\(unsafe)")
        }
        #expect(policy.decide("about:srcdoc", isMainFrame: false) == .allow)
    }

    /// The policy's own URLs must be absolute web URLs, checked when it is made; so must a
    /// payment URL's root.
    @Test func thePolicysOwnURLsAreChecked() throws {
        let payment = SwedbankPayPaymentURL(.literal("https://backend.example/cb?id=1"))
        func refusal(_ complete: String, _ cancel: String, _ payment: SwedbankPayPaymentURL) -> InvalidArgument? {
            do {
                _ = try SwedbankPayNavigationPolicy(completeURL: complete, cancelURL: cancel, paymentURL: payment, webViewHosts: [])
                return nil
            } catch {
                return error
            }
        }
        #expect(refusal("", "https://s.example/c", payment) == .url(name: "completeURL", .unreadable(.empty)))
        #expect(refusal("https://s.example/d", "/cancel", payment) == .url(name: "cancelURL", .unreadable(.relative)))
        #expect(
            refusal("https://s.example/d", "https://s.example/c", SwedbankPayPaymentURL(.literal("javascript:alert(1)")))
                == .url(name: "paymentURL", .forbiddenScheme("javascript")))
        #expect(refusal("myapp://done", "https://s.example/c", payment) == .url(name: "completeURL", .schemeNotAllowed("myapp")))
        #expect(throws: URLPolicy.Violation.forbiddenScheme("javascript")) {
            try SwedbankPayPaymentURL.android(backendRoot: "javascript:alert(1)/", package: "p", id: "1")
        }
        #expect(throws: URLPolicy.Violation.unreadable(.relative)) {
            try SwedbankPayPaymentURL.iOS(backendRoot: "backend/", scheme: "s", language: "en-US", id: "1", app: "A")
        }
        let cli = runCLI(["url", "payment-url", "--platform", "android", "--root", "javascript:alert(1)/", "--package", "p", "--id", "1"])
        #expect(cli.code == 1 && cli.out.isEmpty && cli.err == "error: --root: URL scheme \"javascript:\" is never allowed\n")
        let navigate = runCLI([
            "url", "navigate", "--complete-url", "", "--cancel-url", "https://s.example/c", "--payment-url", payment.string,
            "https://s.example/",
        ])
        #expect(navigate.code == 1 && navigate.err == "error: completeURL: URL is empty\n")
    }

    /// Complete and cancel URLs are recognised by their bytes: Swift's `==` takes U+037E for `;`
    /// and U+212A for `K`, where a browser loads another URL.
    @Test func completeAndCancelURLsMatchByteForByte() throws {
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/done;Kind=1", cancelURL: "https://example.com/cancel;Kind=1",
            paymentURL: try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id),
            webViewHosts: ["example.com"])
        #expect(policy.decide("https://example.com/done;Kind=1") == .completed)
        #expect(policy.decide("https://example.com/cancel;Kind=1") == .canceled)
        for (lookalike, serialized) in [
            ("https://example.com/done\u{37E}Kind=1", "https://example.com/done%CD%BEKind=1"),
            ("https://example.com/cancel;\u{212A}ind=1", "https://example.com/cancel;%E2%84%AAind=1"),
        ] {
            #expect(policy.decide(lookalike) == .allow, "\(lookalike)")
            #expect(try WebURL(lookalike).href == serialized)
        }
    }

    /// Only the host a browser connects to is compared with the list: a backslash ends the host
    /// for a browser (`evil.example`, path `/.3ds.example/`), user info is not the host, and a
    /// port is not part of it. What a browser refuses to load is blocked.
    @Test func navigationComparesTheHostABrowserConnectsTo() throws {
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/done", cancelURL: "https://example.com/cancel",
            paymentURL: try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id),
            webViewHosts: ["ecom.payex.com", "*.3ds.example", "[::1]"])
        for (hostile, serialized) in [
            (#"https://evil.example\.3ds.example/"#, "https://evil.example/.3ds.example/"),
            (#"https://evil.example\@acs.3ds.example/"#, "https://evil.example/@acs.3ds.example/"),
            ("https://ecom.payex.com@evil.example/", "https://ecom.payex.com@evil.example/"),
        ] {
            #expect(policy.decide(hostile) == .openExternally(url: .literal(serialized)), "\(hostile)")
        }
        #expect(policy.decide("https://evil.example@ecom.payex.com/") == .allow)
        for unreadable in ["https://acs.3ds.example:x/", "https://[::1/", "https://acs.3ds.example /"] {
            #expect(policy.decide(unreadable) == .block, "\(unreadable)")
        }
        #expect(policy.decide("https://acs.3ds.example:8443/challenge") == .allow)
        #expect(policy.decide("https://ECOM.payex.com:443") == .allow)
        #expect(policy.decide("https://[::1]:8443/") == .allow)
        #expect(policy.decide("http://ecom.payex.com/checkout/x") == .openExternally(url: .literal("http://ecom.payex.com/checkout/x")))
    }

    /// An intent from a page is started as Chrome starts one: never one that names a component,
    /// carries local or script data, or holds what the parser cannot read, and always with the
    /// BROWSABLE category.
    @Test func intentsStartOnlyAsChromeStartsThem() throws {
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/done", cancelURL: "https://example.com/cancel",
            paymentURL: try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id), webViewHosts: [])
        for refused in [
            "intent:#Intent;component=com.example.app/.internal.AdminActivity;end",
            "intent://x#Intent;scheme=https;component=com.example.app%2F.Admin;package=com.example.app;end",
            "intent://alert(1)#Intent;scheme=javascript;end", "intent:///data/data/com.example.app/db#Intent;scheme=file;end",
            "intent://com.example.app.provider/secrets#Intent;scheme=content;end", "intent://x#Intent;scheme=DATA;end",
            "intent:#Intent;SEL;component=com.example.app/.Admin;end", "intent:#Intent;launchFlags=0x3;end",
            "intent:#Intent;i.count=1;end", "intent://x#Intent;scheme=https;end;trailing",
        ] {
            #expect(policy.decide(refused) == .block, "\(refused)")
        }
        let browsable = "android.intent.category.BROWSABLE"
        let started = [
            ("intent://pay#Intent;scheme=swish;package=se.bankgirot.swish;end", ["android.intent.category.BROWSABLE"]),
            ("intent://pay#Intent;scheme=https;category=android.intent.category.BROWSABLE;end", [browsable]),
            ("intent:#Intent;action=a.b.C;category=x.Y;end", ["x.Y", browsable]),
        ]
        for (url, categories) in started {
            guard case .openIntent(let intent, _) = policy.decide(url) else {
                Issue.record("\(url) not started")
                continue
            }
            #expect(intent.categories == categories, "\(url)")
        }
    }

    @Test func anIntentsFallbackIsAWebURLOrNothing() throws {
        let policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/done", cancelURL: "https://example.com/cancel",
            paymentURL: try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id), webViewHosts: [])
        func fallback(_ url: String) -> String?? {
            let intent = AndroidIntentURL(
                target: .literal("https://example.com/pay"), package: "com.example.app", stringExtras: ["browser_fallback_url": url])
            guard let text = try? intent.urlString(), case .openIntent(_, let fallback) = policy.decide(text) else { return .none }
            return .some(fallback?.href)
        }
        #expect(fallback("https://example.com/store?x=1") == .some("https://example.com/store?x=1"))
        #expect(fallback("http://example.com/") == .some("http://example.com/"))
        // A browser reads the backslash as `/`: the fallback is evil.example's page, as Chrome would open it.
        #expect(fallback(#"https://evil.example\@example.com/"#) == .some("https://evil.example/@example.com/"))
        for refused in [
            "javascript:alert(1)", "file:///data/data/com.example.app/x", "intent://x#Intent;scheme=https;end;", "myapp://pay",
            "https://user@example.com/", "/relative", "content://com.example.app/x",
        ] {
            #expect(fallback(refused) == .some(nil), "\(refused)")
        }
    }

    @Test func thePaymentURLMatchesOnlyItsOwnHostAndPort() throws {
        let payment = try SwedbankPayPaymentURL.android(backendRoot: "https://example.com:8443/m/", package: "p", id: "1")
        #expect(payment.matches(payment.string))
        #expect(payment.matches("yourecomapp://example.com:8443/m/sdk-callback/android-intent?package=p&id=1", appScheme: "yourecomapp"))
        for other in [
            "https://example.com/m/sdk-callback/android-intent?package=p&id=1",
            "https://example.com:443/m/sdk-callback/android-intent?package=p&id=1",
            #"https://evil.example\@example.com:8443/m/sdk-callback/android-intent?package=p&id=1"#,
            "https://user@example.com:8443/m/sdk-callback/android-intent?package=p&id=1",
        ] {
            #expect(!payment.matches(other), "\(other)")
        }
    }

    /// A root with a query or fragment keeps them after the helper path, as Foundation's
    /// `appendingPathComponent` and Android's `Uri.Builder` would place them; pasted at the end,
    /// the path landed inside the root's query.
    @Test func aRootsQueryAndFragmentStayAfterTheHelperPath() throws {
        let cases: [(root: String, expected: String)] = [
            ("https://e.example/m?tenant=1", "https://e.example/m/sdk-callback/android-intent?tenant=1&package=p&id=1"),
            ("https://e.example/m/?tenant=1&", "https://e.example/m/sdk-callback/android-intent?tenant=1&package=p&id=1"),
            ("https://e.example/m?", "https://e.example/m/sdk-callback/android-intent?package=p&id=1"),
            ("https://e.example/m#top", "https://e.example/m/sdk-callback/android-intent?package=p&id=1#top"),
            ("https://e.example", "https://e.example/sdk-callback/android-intent?package=p&id=1"),
        ]
        for (root, expected) in cases {
            let payment = try SwedbankPayPaymentURL.android(backendRoot: root, package: "p", id: "1")
            #expect(payment.string == expected, "\(root)")
        }
        let withQuery = try SwedbankPayPaymentURL.android(backendRoot: "https://e.example/m?tenant=1", package: "p", id: "1")
        #expect(withQuery.matches(withQuery.string + "&fallback=true"))
        #expect(
            try SwedbankPayPaymentURL.iOS(backendRoot: "https://e.example/m?tenant=1", scheme: "app", language: "en", id: "1", app: "A")
                .string
                == "https://e.example/m/sdk-callback/ios-universal-link?tenant=1&scheme=app&language=en&id=1&app=A")
    }

    /// A URL under the app scheme is not policy-checked, so it may hold any character: it matches
    /// only when its bytes do, ignoring ASCII case in scheme and host. Swift's `==` takes U+037E
    /// for `;`, and `lowercased()` turns U+212A (Kelvin sign) into `k`.
    @Test func thePaymentURLMatchesByteForByte() throws {
        let payment = try SwedbankPayPaymentURL.android(backendRoot: "https://backend.example/m;v=K/", package: "p", id: "K;1")
        let path = "/m;v=K/sdk-callback/android-intent"
        #expect(payment.string == "https://backend.example\(path)?package=p&id=K%3B1")
        #expect(payment.matches("YourEcomApp://BACKEND.example\(path)?package=p&id=K%3B1&fallback=true", appScheme: "yourecomapp"))
        for lookalike in [
            "yourecomapp://bac\u{212A}end.example\(path)?package=p&id=K%3B1",
            "yourecomapp://backend.example/m\u{37E}v=K/sdk-callback/android-intent?package=p&id=K%3B1",
            "yourecomapp://backend.example/m;v=\u{212A}/sdk-callback/android-intent?package=p&id=K%3B1",
            "yourecomapp://backend.example\(path)?package=p&id=\u{212A}%3B1",
        ] {
            #expect(!payment.matches(lookalike, appScheme: "yourecomapp"), "\(lookalike)")
        }
        #expect(!payment.matches("kapp://backend.example\(path)?package=p&id=K%3B1", appScheme: "\u{212A}app"))
    }

    /// Listed hosts are compared as the browser reads them (UTS #46): an entry in Unicode or with
    /// U+212A (Kelvin sign, read as `k`) is the host the WebView reports; nothing else matches.
    @Test func webViewHostsCompareAsTheBrowserReadsThem() throws {
        var policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://example.com/done", cancelURL: "https://example.com/cancel",
            paymentURL: try SwedbankPayPaymentURL.android(backendRoot: root, package: "your.ecom.app", id: id),
            webViewHosts: ["\u{212A}.example", "*.bän\u{212A}.example", "ACS.Bank.example"])
        for inside in ["https://k.example/", "https://a.xn--bnk-qla.example/", "https://a.bänk.example/", "https://acs.BANK.example/"] {
            #expect(policy.decide(inside) == .allow, "\(inside)")
        }
        for outside in ["https://a.bank.example/", "https://kk.example/", "https://a.b.xn--bnk-qla.example/"] {
            #expect(policy.decide(outside) == .openExternally(url: .literal(outside)), "\(outside)")
        }
        policy.webViewHosts = ["*.bank.example"]
        #expect(policy.decide("https://a.bank.example/") == .allow)
        #expect(policy.decide("https://acs.bank.example.evil/") == .openExternally(url: .literal("https://acs.bank.example.evil/")))
    }

    @Test func merchantBackendProblemsAreTyped() throws {
        for problem in MerchantBackend.ProblemType.allCases {
            let text = #"{"type":"\#(problem.typeURL)","title":"t","status":\#(problem.status),"detail":"d","extra":[1]}"#
            let decoded = try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: text)
            #expect(decoded.merchantBackendProblem == problem)
            #expect(decoded.extensions["extra"] == .array([.number(JSONNumber(1))]))
            #expect(decoded.jsonValue == (try JSONValue(parsing: text)))
        }
        #expect(MerchantBackend.ProblemType.gatewayTimeout.status == 504)
        #expect(MerchantBackend.ProblemType.badRequest.typeURL == "https://api.payex.com/psp/errordetail/mobilesdk/badrequest")
        let other = try StrictJSONDecoder().decode(
            MerchantBackend.ProblemDetails.self, from: #"{"type":"https://merchant.example/problems/out-of-stock","status":409}"#)
        #expect(other.merchantBackendProblem == nil)
        #expect(try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: "{}").type == "about:blank")
        #expect(throws: JSONError.self) { try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: #"{"status":"400"}"#) }
        #expect(throws: JSONError.self) { try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: #"{"status":42}"#) }
        #expect(throws: JSONError.self) { try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: #"{"type":1}"#) }
        #expect(
            MerchantBackend.ProblemDetails(.badRequest, detail: "missing id").jsonValue
                == (try JSONValue(
                    parsing: #"{"type":"https://api.payex.com/psp/errordetail/mobilesdk/badrequest","status":400,"detail":"missing id"}"#)))
    }

    @Test func plaidRedirectIsRecognisedCaseInsensitively() throws {
        let redirect = PlaidRedirectURI(scheme: "branchapp", host: "plaid-hosted-link-complete")
        #expect(redirect.matches("branchapp://plaid-hosted-link-complete?public_token=p"))
        #expect(redirect.matches("BranchApp://PLAID-Hosted-Link-Complete/x"))
        #expect(!redirect.matches("branchapp://plaid-hosted-link-complete.evil.example/"))
        #expect(!redirect.matches("branchapp:plaid-hosted-link-complete"))
        // ":" and a combining mark are one Character; the URL still does not start "branchapp://".
        #expect(!redirect.matches("branchapp:\u{301}//plaid-hosted-link-complete"))
        // The host ends at the "/" byte, mark or not, as Android's Uri.getHost() reads it.
        #expect(redirect.matches("branchapp://plaid-hosted-link-complete/\u{301}x"))
        #expect(!redirect.matches("branchapp://plaid-hosted-link-complete\u{301}/x"))
        #expect(!redirect.matches("otherapp://plaid-hosted-link-complete"))
        // Only ASCII case is ignored: U+212A (Kelvin sign) is not `k`.
        #expect(!redirect.matches("branchapp://plaid-hosted-lin\u{212A}-complete"))
        #expect(
            !PlaidRedirectURI(scheme: "branchapp", host: "plaid-hosted-lin\u{212A}-complete").matches(
                "branchapp://plaid-hosted-link-complete"))
        #expect(
            PlaidLinkCompletion(outcome: .callback(url: "branchapp://plaid-hosted-link-complete?x=1"), redirect: redirect)
                == .completed(callbackUrl: BridgeURL.literal("branchapp://plaid-hosted-link-complete?x=1")))
        #expect(
            PlaidLinkCompletion(outcome: .callback(url: "https://evil.example/"), redirect: redirect)
                == .error(message: "the session ended at an unexpected URL"))
        #expect(PlaidLinkCompletion(outcome: .canceledByUser, redirect: redirect) == .canceled)
        #expect(PlaidLinkCompletion(outcome: .failed(message: "offline"), redirect: redirect) == .error(message: "offline"))
    }
}
