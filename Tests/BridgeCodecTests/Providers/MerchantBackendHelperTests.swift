import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("Merchant Backend helper endpoints")
struct MerchantBackendHelperTests {
    let helpers = MerchantBackendHelpers()
    let id = "abb50c53-53c1-4138-923f-59fcf0acd08d"

    @Test func androidIntentPageIsTheSeeds() {
        let request = "https://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=\(id)"
        let response = helpers.androidIntent(requestURL: request)
        #expect(response.status == 200)
        #expect(response.header("content-type") == "text/html; charset=utf-8")
        let intent =
            "intent://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&amp;id=\(id)#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=your.ecom.app;end;"
        #expect(response.body.contains(#"<meta http-equiv="refresh" content="0;url=\#(intent)">"#))
        #expect(response.body.contains(#"<a class="btn btn-executive" href="\#(intent)">Back to app</a>"#))
    }

    /// Header names compare as HTTP compares them: ASCII case aside, byte for byte.
    @Test func headerNamesIgnoreASCIICaseOnly() {
        var response = helpers.androidIntent(requestURL: "https://example.com/android-intent?package=your.ecom.app&id=1")
        response.headers[0].name = "Keep-Alive"
        #expect(response.header("KEEP-alive") == "text/html; charset=utf-8")
        #expect(response.header("\u{212A}eep-Alive") == nil)  // Kelvin sign, which Unicode lowercases to `k`
        response.headers[0].name = "X-Caf\u{E9}"
        #expect(response.header("X-Cafe\u{301}") == nil)  // canonically equivalent, other bytes
    }

    @Test func iOSRedirectsToTheTrampolineAsTheSeedShows() {
        let request =
            "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App"
        // The seed's example redirects to the stage trampoline; the default is production's.
        let stage = MerchantBackendHelpers(trampolineURL: "https://ecom.stage.payex.com/externalresourcehost/trampoline")
        let response = stage.iOSUniversalLink(requestURL: request)
        let production = helpers.iOSUniversalLink(requestURL: request).header("Location")
        #expect(production?.hasPrefix("https://ecom.payex.com/externalresourcehost/trampoline?target=https%3A%2F%2Fexample.com%2F") == true)
        #expect(response.status == 301)
        #expect(
            response.header("Location")
                == "https://ecom.stage.payex.com/externalresourcehost/trampoline?target=https%3A%2F%2Fexample.com%2Fswedbank-pay-mobile%2Fsdk-callback%2Fios-universal-link%3Fscheme%3Dyourecomapp%26language%3Den-US%26id%3D\(id)%26app%3DYour%2520Ecom%2520App%26fallback%3Dtrue&language=en-US&app=Your%20Ecom%20App"
        )
    }

    @Test func iOSFallbackRedirectsToTheCustomScheme() {
        let request =
            "https://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App&fallback=true"
        let response = helpers.iOSUniversalLink(requestURL: request)
        #expect(response.status == 301)
        #expect(
            response.header("Location")
                == "yourecomapp://example.com/swedbank-pay-mobile/sdk-callback/ios-universal-link?scheme=yourecomapp&language=en-US&id=\(id)&app=Your%20Ecom%20App&fallback=true"
        )
    }

    @Test func theTrampolineKeepsItsOwnQueryAndFragment() throws {
        let helpers = MerchantBackendHelpers(trampolineURL: "https://trampoline.example/back?brand=shop#top")
        let request = "https://example.com/cb/ios-universal-link?scheme=yourecomapp&language=en-US&id=7#note"
        let location = try #require(helpers.iOSUniversalLink(requestURL: request).header("Location"))
        // fallback=true joins the request's query, not its fragment, so the trampoline's link back carries it.
        let target = "https://example.com/cb/ios-universal-link?scheme=yourecomapp&language=en-US&id=7&fallback=true#note"
        #expect(location == "https://trampoline.example/back?brand=shop&target=\(Escaper.urlQueryComponent(target))&language=en-US#top")
        #expect(
            MerchantBackendHelpers(trampolineURL: "https://trampoline.example/back?").iOSUniversalLink(requestURL: request)
                .header("Location")?.hasPrefix("https://trampoline.example/back?target=https%3A%2F%2F") == true)
    }

    @Test func appleAppSiteAssociationIsTheSeeds() throws {
        let response = MerchantBackendHelpers.appleAppSiteAssociation(appIDs: ["YOURTEAMID.your.ecom.app"])
        #expect(response.header("Content-Type") == "application/json")
        #expect(
            try JSONValue(parsing: response.body)
                == JSONValue(
                    parsing:
                        #"{"applinks":{"apps":[],"details":[{"appID":"YOURTEAMID.your.ecom.app","paths":["/swedbank-pay-mobile/sdk-callback/*"]}]}}"#
                ))
    }

    @Test(arguments: [
        "https://example.com/cb/android-intent?id=1",
        "https://example.com/cb/android-intent?package=your.ecom.app&package=other.app",
        "https://example.com/cb/android-intent?package=%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E",
        "https://example.com/cb/android-intent?package=a;b.c",
        "https://example.com/cb/android-intent?package=single",
        "https://example.com/cb/android-intent?package=your.ecom.%C3%A4pp",
        "https://example.com/cb/android-intent?package=your.ecom.app&id=%ZZ",
        "javascript:alert(1)//?package=your.ecom.app",
        // A query starts at `?` before any `#`; these have none.
        "https://example.com/cb/android-intent#?package=your.ecom.app",
        "https://example.com/cb/android-intent?#package=your.ecom.app",
    ])
    func androidBadRequestsGetTheProblem(request: String) throws {
        let response = helpers.androidIntent(requestURL: request)
        #expect(response.status == 400)
        #expect(response.header("Content-Type") == "application/problem+json")
        let problem = try StrictJSONDecoder().decode(MerchantBackend.ProblemDetails.self, from: response.body)
        #expect(problem.merchantBackendProblem == .badRequest)
    }

    @Test(arguments: [
        "https://example.com/cb/ios-universal-link?language=en-US&id=1",
        "https://example.com/cb/ios-universal-link?scheme=https&language=en-US",
        "https://example.com/cb/ios-universal-link?scheme=javascript&language=en-US",
        "https://example.com/cb/ios-universal-link?scheme=your%20app&language=en-US",
        "https://example.com/cb/ios-universal-link?scheme=yourecomapp",
        "https://example.com/cb/ios-universal-link?scheme=yourecomapp&language=en%22US",
        "https://example.com/cb/ios-universal-link?scheme=yourecomapp&language=%0Aen",
        "https://example.com/cb/ios-universal-link?scheme=a&scheme=b&language=en",
    ])
    func iOSBadRequestsGetTheProblem(request: String) {
        let response = helpers.iOSUniversalLink(requestURL: request)
        #expect(response.status == 400)
        #expect(response.body.contains("mobilesdk/badrequest"))
    }

    @Test func hostileValuesStayInsideTheirParameterOrAttribute() throws {
        // id and app are free text: they are percent-encoded in the Location and attribute-encoded in the page.
        let hostileID = "%22%3E%3Cscript%3Ewindow.x%3D1%3C%2Fscript%3E%27%3B%23%C3%A9"
        let android = helpers.androidIntent(requestURL: "https://example.com/cb/android-intent?package=your.ecom.app&id=\(hostileID)")
        #expect(android.status == 200)
        #expect(!android.body.contains("<script"))
        let ios = helpers.iOSUniversalLink(
            requestURL: "https://example.com/cb/ios-universal-link?scheme=yourecomapp&language=sv-SE&id=\(hostileID)&app=%3Cb%3E%22%0A")
        let location = try #require(ios.header("Location"))
        #expect(location.hasSuffix("&language=sv-SE&app=%3Cb%3E%22%0A"))
        #expect(!location.contains("\n") && !location.contains("\""))
        let hostileIntent = AndroidIntentURL(target: .literal("https://example.com/\"><script>x</script>"), package: "your.ecom.app")
        let page = try MerchantBackendHelpers.androidIntentPage(for: hostileIntent)
        #expect(!page.contains("<script") && !page.contains("\"><"))
        let link = try Escaper.htmlAttribute(hostileIntent.urlString())
        #expect(page.contains(#"href="\#(link)""#) && page.contains(#"content="0;url=\#(link)""#))
        // The target is the URL as read: its serialization, which the link carries.
        #expect(hostileIntent.target?.href == "https://example.com/%22%3E%3Cscript%3Ex%3C/script%3E")
        #expect(try AndroidIntentURL(parsing: hostileIntent.urlString()) == hostileIntent)
        // A browser drops CR and LF from a URL: nothing reaches a header or the page but the URL it reads.
        let crlf = helpers.androidIntent(requestURL: "https://example.com/cb/android-intent?package=your.ecom.app&id=a\r\nSet-Cookie:x")
        #expect(crlf.status == 200 && crlf.body.contains("id=aSet-Cookie:x") && !crlf.body.contains("\n Set-Cookie"))
    }
}
