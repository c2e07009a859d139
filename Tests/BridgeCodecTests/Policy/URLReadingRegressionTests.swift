import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// One test for each way the package's URL readers once disagreed with a browser, and so with each
/// other: every decision now reads its URL once, as a browser does.
@Suite("URL decisions read URLs as a browser does")
struct URLReadingRegressionTests {
    let payment: SwedbankPayPaymentURL
    let policy: SwedbankPayNavigationPolicy

    init() throws {
        payment = try SwedbankPayPaymentURL.android(backendRoot: "https://backend.example/m/", package: "your.ecom.app", id: "1")
        policy = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/done", cancelURL: "https://shop.example/cancel", paymentURL: payment,
            webViewHosts: ["ecom.payex.com", "*.3dsecure.no"])
    }

    /// A payment or 3-D Secure page on a listed host stays in the WebView whatever characters the
    /// Standard lets its URL hold, written raw or percent-encoded.
    @Test(arguments: [
        "https://ecom.payex.com/checkout?token=a|b", "https://ecom.payex.com/p^q", "https://ecom.payex.com/?q={x}",
        #"https://ecom.payex.com\checkout\v1"#, "https://acs.3dsecure.no/challenge#a|^{}", "https://ecom.payex.com/a b?c d",
        "https://ecom.payex.com/ü?ä=1", "https://ECOM.payex.com:443/%7C", " https://ecom.payex.com/\n",
    ])
    func aPageOnAListedHostLoadsWhateverItsURLHolds(target: String) {
        #expect(policy.decide(target) == .allow, "\(target)")
    }

    /// A host a browser reads as IPv4 is that address to the URL policy in a message, to `url parse`
    /// and to every host list.
    @Test func numericHostsAreTheAddressABrowserConnectsTo() throws {
        let dispatcher = BridgeDispatcher(channels: BridgeChannel.allProviders(origins: .anyOrigin))
        for written in ["0x7f.1", "2130706433", "0177.0.0.1", "127.1", "0x7F000001"] {
            let body = #"{"type":"bank_redirect","url":"https://\#(written)/x"}"#
            guard case .volt(let redirect) = try dispatcher.dispatch(handlerName: "voltRedirect", jsonText: body) else {
                Issue.record("\(written): not a Volt message")
                continue
            }
            #expect(redirect.url.string == "https://127.0.0.1/x", "\(written)")
            #expect(redirect.url.webURL.host == (try WebURL("https://\(written)/")).host)
            #expect(redirect.url.foundationURL.host == "127.0.0.1")
        }
        let local = BridgeDispatcher(channels: [.voltRedirect(origins: .listing(["127.1"]))])
        let origin = FrameOrigin(scheme: "https", host: "127.0.0.1", isMainFrame: true)
        #expect(throws: Never.self) {
            try local.dispatch(
                handlerName: "voltRedirect", jsonText: #"{"type":"bank_redirect","url":"https://a.example/"}"#, origin: origin)
        }
    }

    /// Internationalised (`xn--`) and underscored hosts are hosts; raw spaces and non-ASCII in a path
    /// or query are percent-encoded, as a browser encodes them.
    @Test func punycodeHostsUnderscoresAndRawCharactersAreRead() throws {
        let shop = try SwedbankPayNavigationPolicy(
            completeURL: "https://xn--bcher-kva.example/done", cancelURL: "https://a_b.example/cancel", paymentURL: payment,
            webViewHosts: [])
        #expect(shop.decide("https://XN--BCHER-KVA.example/done") == .completed)
        #expect(shop.decide("https://a_b.example/cancel") == .canceled)
        #expect(
            try URLPolicy.httpsOnly.check("https://shop.example/a b/ü?q=ä ö").href == "https://shop.example/a%20b/%C3%BC?q=%C3%A4%20%C3%B6")
        // A label that is not Punycode is read as written in an ASCII host and refused beside Unicode text;
        // a Unicode host reads in its xn-- form, as the browser writes it.
        #expect(try URLPolicy.httpsOnly.check("https://XN--ZZ-.example/").href == "https://xn--zz-.example/")
        #expect(throws: URLPolicy.Violation.unreadable(.invalidHost)) { try URLPolicy.httpsOnly.check("https://xn--zz-.bücher.example/") }
        #expect(try URLPolicy.httpsOnly.check("https://Bücher.example/done").href == "https://xn--bcher-kva.example/done")
        #expect(shop.decide("https://bücher.example/done") == .completed)
    }

    /// The payment URL is read as the complete and cancel URLs are: a backend root with dot segments
    /// brings the payer back to the payment menu, not out of the WebView.
    @Test func thePaymentURLReadsItsDotSegmentsAsABrowserDoes() throws {
        let dotted = try SwedbankPayPaymentURL.android(backendRoot: "https://backend.example/a/../m/", package: "your.ecom.app", id: "1")
        #expect(dotted.string == payment.string)
        let navigation = try SwedbankPayNavigationPolicy(
            completeURL: "https://shop.example/x/../done", cancelURL: "https://shop.example/cancel",
            paymentURL: SwedbankPayPaymentURL(
                .literal("https://backend.example/a/../m/sdk-callback/android-intent?package=your.ecom.app&id=1")), webViewHosts: [])
        #expect(navigation.decide(payment.string) == .reloadPayment)
        #expect(navigation.decide("https://shop.example/done") == .completed)
    }

    /// Schemes that open local data are never opened outside, on their own or inside an intent.
    @Test(arguments: [
        "content://com.example.provider/secret", "file:///data/data/com.example.app/x", "data:text/html,x", "javascript:alert(1)",
        "filesystem:https://shop.example/temporary/x", "blob:https://evil.example/1", "CONTENT://x/y",
        "intent://com.example.provider/secret#Intent;scheme=content;end;", "intent:#Intent;scheme=filesystem;end;",
        "intent://evil.example/1#Intent;scheme=blob;end;",
    ])
    func localDataIsNeverOpenedOutside(target: String) {
        #expect(policy.decide(target) == .block, "\(target)")
    }

    /// A `messageOrigins` entry is an origin as a browser serializes it, or throws.
    @Test func messageOriginsAreReadAsOrigins() throws {
        for entry in ["https://127.1", "https://[0:0::1]", "https://1.2.3.4.5", "https://0x7f.0.0.1", "https://a.example:443"] {
            #expect(throws: InvalidArgument.notAnOrigin(entry), "\(entry)") {
                try BridgeScripts.sovendusBridge(messageOrigins: [entry])
            }
        }
        for entry in [
            "https://a_b.example", "https://127.0.0.1", "https://[::1]", "https://xn--bcher-kva.example", "https://*.a_b.example",
        ] {
            #expect(throws: Never.self, "\(entry)") { try BridgeScripts.sovendusBridge(messageOrigins: [entry]) }
        }
    }
}
