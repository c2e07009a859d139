import Foundation
import Testing

@testable import BridgeCodec
@testable import BridgeCodecProviders
@testable import BridgeCodecTesting
@testable import SwedbankPayMerchantBackend

@Suite("Android intent URLs")
struct AndroidIntentURLTests {
    /// From the Swedbank Pay "Plain Webview" guide (seed 000).
    let plainWebviewExample =
        "intent://example.com/perform-payment#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=com.example.app;end;"
    /// From the Merchant Backend guide's android-intent helper page (seed 001).
    let merchantBackendExample =
        "intent://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=abb50c53-53c1-4138-923f-59fcf0acd08d#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=your.ecom.app;end;"

    @Test func parsesTheSeedExamples() throws {
        let plain = try AndroidIntentURL(parsing: plainWebviewExample)
        #expect(plain == .swedbankPayPaymentOrder(target: .literal("https://example.com/perform-payment"), package: "com.example.app"))
        let backend = try AndroidIntentURL(parsing: merchantBackendExample)
        #expect(
            backend.target?.href
                == "https://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=abb50c53-53c1-4138-923f-59fcf0acd08d"
        )
        #expect(backend.package == "your.ecom.app")
        #expect(backend.action == "com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER")
    }

    @Test func buildsTheSeedExamplesExactly() throws {
        #expect(
            try AndroidIntentURL.swedbankPayPaymentOrder(
                target: .literal("https://example.com/perform-payment"), package: "com.example.app"
            )
            .urlString() == plainWebviewExample)
        let backend = AndroidIntentURL.swedbankPayPaymentOrder(
            target: .literal(
                "https://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=abb50c53-53c1-4138-923f-59fcf0acd08d"
            ),
            package: "your.ecom.app")
        #expect(try backend.urlString() == merchantBackendExample)
    }

    @Test func categoriesComponentsAndFallback() throws {
        let intent = try AndroidIntentURL(
            parsing:
                "intent://scan/#Intent;scheme=zxing;category=android.intent.category.BROWSABLE;category=x;component=com.a/.Main;S.browser_fallback_url=https%3A%2F%2Fexample.com%2Fapp%3Fa%3D1%26b%3D2;end"
        )
        #expect(intent.target?.href == "zxing://scan/")
        #expect(intent.categories == ["android.intent.category.BROWSABLE", "x"])
        #expect(intent.component == "com.a/.Main")
        #expect(intent.browserFallbackURL == "https://example.com/app?a=1&b=2")
        #expect(try AndroidIntentURL(parsing: "INTENT:#Intent;action=a;end").target?.href == nil)
    }

    /// `android-app://PACKAGE/SCHEME/HOST/PATH` as Android's `Intent.parseUri` reads it with
    /// `URI_ANDROID_APP_SCHEME`, written back in the `intent:` form.
    @Test func androidAppURLsReadAsTheirIntents() throws {
        let view = try AndroidIntentURL(parsing: "android-app://com.example.app/https/example.com/pay/x?id=1")
        #expect(view == AndroidIntentURL(target: .literal("https://example.com/pay/x?id=1"), package: "com.example.app"))
        #expect(try view.urlString() == "intent://example.com/pay/x?id=1#Intent;scheme=https;package=com.example.app;end;")
        // No data: the package's main activity, unless the entries name an action.
        #expect(
            try AndroidIntentURL(parsing: "android-app://com.example.app")
                == AndroidIntentURL(target: nil, action: "android.intent.action.MAIN", package: "com.example.app"))
        #expect(try AndroidIntentURL(parsing: "android-app://com.example.app/").action == "android.intent.action.MAIN")
        #expect(try AndroidIntentURL(parsing: "android-app://com.example.app/#Intent;action=a.b;end").action == "a.b")
        // A scheme alone, or a host with no `/` after it, is data of the scheme alone, query and all dropped.
        #expect(try AndroidIntentURL(parsing: "android-app://com.example.app/zxing").target?.href == "zxing:")
        #expect(try AndroidIntentURL(parsing: "android-app://com.example.app/zxing/scan?x=1").target?.href == "zxing:")
        #expect(try AndroidIntentURL(parsing: "android-app://com.example.app/zxing/scan/?x=1").target?.href == "zxing://scan/?x=1")
        // The entries, and a fragment that is not `Intent;…`, which belongs to the data.
        let entries = try AndroidIntentURL(
            parsing: "android-app://com.example.app/https/example.com/a#Intent;action=x.y;category=c;S.k=v;package=other;end")
        #expect(entries.target?.href == "https://example.com/a")
        #expect(entries.action == "x.y")
        #expect(entries.categories == ["c"])
        #expect(entries.stringExtras == ["k": "v"])
        #expect(entries.package == "com.example.app")
        #expect(
            try AndroidIntentURL(parsing: "android-app://com.example.app/https/example.com/a#top").target?.href
                == "https://example.com/a#top")
        #expect(throws: AndroidIntentURL.Failure.invalidURL(WebURL.ParseError.missingHost.description).refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app:com.example.app")
        }
        #expect(throws: AndroidIntentURL.Failure.invalidScheme("").refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://com.example.app//x")
        }
        // The authority is the package alone.
        #expect(throws: AndroidIntentURL.Failure.invalidURL(URLPolicy.Violation.userInfo.description).refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://a@com.bank.app/https/b/")
        }
        #expect(throws: AndroidIntentURL.Failure.invalidURL(WebURL.ParseError.invalidPort.description).refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://com.bank.app:1/https/b/")
        }
        #expect(throws: AndroidIntentURL.Failure.dataWithoutScheme.refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://com.bank.app?x=1")
        }
        #expect(throws: AndroidIntentURL.Failure.dataWithoutScheme.refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://com.bank.app#top")
        }
        #expect(throws: AndroidIntentURL.Failure.invalidScheme("1x").refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://a.b/1x/h/")
        }
        #expect(throws: AndroidIntentURL.Failure.unsupportedKey("scheme").refusal(of: "url")) {
            try AndroidIntentURL(parsing: "android-app://com.example.app/#Intent;scheme=https;end")
        }
    }

    @Test(arguments: [
        ("https://example.com/#Intent;scheme=https;end;", AndroidIntentURL.Failure.notAnIntentURL),
        ("intent://example.com/#Intent;scheme=https;package=a", .missingEnd),
        ("intent://example.com/", .missingIntentFragment),
        ("intent://example.com/#Intent;scheme=https;end;package=a;", .trailingData),
        ("intent://example.com/#Intent;scheme=https;package=a;package=b;end;", .duplicateKey("package")),
        ("intent://example.com/#Intent;scheme=https;scheme=http;end;", .duplicateKey("scheme")),
        ("intent://example.com/#Intent;S.x=1;S.x=2;scheme=https;end;", .duplicateKey("S.x")),
        ("intent://example.com/#Intent;scheme=;end;", .invalidScheme("")),
        ("intent://example.com/#Intent;scheme=ht tp;end;", .invalidScheme("ht tp")),
        ("intent://example.com/#Intent;scheme=1x;end;", .invalidScheme("1x")),
        ("intent://example.com/#Intent;package=a;end;", .dataWithoutScheme),
        ("intent://example.com/#Intent;scheme=https;launchFlags=0x1;end;", .unsupportedKey("launchFlags")),
        ("intent://example.com/#Intent;scheme=https;i.count=1;end;", .unsupportedKey("i.count")),
        ("intent://example.com/#Intent;scheme=https;package;end;", .malformedEntry("package")),
        ("intent://example.com/#Intent;scheme=https;package=a%2;end;", .invalidPercentEncoding("a%2")),
        ("intent://example.com/#Intent;scheme=https;package=%FF;end;", .invalidPercentEncoding("%FF")),
    ])
    func malformedIntentsAreTypedErrors(url: String, expected: AndroidIntentURL.Failure) {
        #expect(throws: expected.refusal(of: "url")) { try AndroidIntentURL(parsing: url) }
    }

    @Test func hostileValuesSurviveBuildAndParse() throws {
        let hostile = [
            "a;b", "c#d", "e=f", "Zoë 😀", "line\nbreak", "%41", "end;", "#Intent;", "\"<script>'", "",
            // A separator and a combining mark are one Character.
            ";\u{301}", "=\u{301}", "#\u{301}Intent;", "\u{301}",
        ]
        var generator = SeededRandom(seed: 0x1_7E47)
        func pick() -> String { hostile[Int(generator.next() % UInt64(hostile.count))] + String(generator.next() % 1000) }
        var written = 0
        for round in 0..<500 {
            let schemes = ["https", "http", "myapp", "x-app.v2+beta"]
            let separator = round % 5 == 0 ? ":\u{301}//" : "://"
            let targetText: String? = round % 7 == 0 ? nil : schemes[round % schemes.count] + separator + pick() + "/" + pick()
            // A target is a URL as a browser reads it: text it does not read is none.
            let target = targetText.flatMap { try? WebURL($0) }
            if targetText != nil, target == nil { continue }
            let intent = AndroidIntentURL(
                target: target, action: round % 3 == 0 ? nil : pick(), categories: (0..<Int(generator.next() % 3)).map { _ in pick() },
                component: round % 2 == 0 ? pick() : nil, package: pick(),
                stringExtras: Dictionary(
                    (0..<Int(generator.next() % 3)).map { _ in (pick(), pick()) }, uniquingKeysWith: { first, _ in first }))
            // A target with a fragment cannot be written.
            if target?.fragment != nil {
                #expect(throws: InvalidArgument.self) { try intent.urlString() }
                continue
            }
            let text = try intent.urlString()
            #expect(try AndroidIntentURL(parsing: text) == intent, "\(text)")
            written += 1
        }
        #expect(written > 200)
    }

    @Test func marksAfterSeparatorsStayInTheText() throws {
        // ":" and U+0301 are one Character; cutting the scheme off by Characters would lose the mark.
        // Its target is written as a browser serializes it, the mark percent-encoded.
        let intent = AndroidIntentURL(target: .literal("myapp:\u{301}//x"), package: "a.b")
        let text = try intent.urlString()
        #expect(text == "intent:%CC%81//x#Intent;scheme=myapp;package=a.b;end;")
        #expect(try AndroidIntentURL(parsing: text).target?.href == "myapp:%CC%81//x")
        // Entries split on the ";" and "=" bytes, as Android's Intent.parseUri reads them.
        let raw = try AndroidIntentURL(parsing: "intent://x#Intent;scheme=https;package=\u{301}p;S.\u{301}k=\u{301}v;end")
        #expect(raw.package == "\u{301}p")
        #expect(raw.stringExtras == ["\u{301}k": "\u{301}v"])
    }

    /// A target is a URL a browser reads, and one with a fragment cannot be written: it would run
    /// into the intent's own.
    @Test func targetsAreURLsWithoutFragments() {
        #expect(throws: AndroidIntentURL.Failure.targetWithFragment("https://example.com/x#f").refusal(of: "target")) {
            try AndroidIntentURL(target: .literal("https://example.com/x#f")).urlString()
        }
        // Data no browser reads is no target: the intent is refused, not started on unread text.
        #expect(throws: AndroidIntentURL.Failure.invalidURL(WebURL.ParseError.invalidHost.description).refusal(of: "url")) {
            try AndroidIntentURL(parsing: "intent://a^b/#Intent;scheme=https;end")
        }
    }
}

extension AndroidIntentURL.Failure {
    /// How the public API refuses `parameter` for this failure.
    func refusal(of parameter: String) -> InvalidArgument { .rejected(name: parameter, reason: description) }
}
