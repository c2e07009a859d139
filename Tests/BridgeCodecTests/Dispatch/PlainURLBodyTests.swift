import Foundation
import Testing

@testable import BridgeCodec

/// Branch's bare URL is read in one scan when it is plain (`PlainURLBody`); every body must
/// get exactly what the full parse gives it, under any limits and URL policy.
@Suite("Plain URL body shortcut")
struct PlainURLBodyTests {
    /// The premise of the shortcut: a byte the URL policy allows is a byte a JSON string holds
    /// as it is, so a quoted URL that passes is a JSON string without escapes.
    @Test func everyURLCharacterIsAPlainJSONStringByte() {
        for byte in UInt8.min...UInt8.max where URLPolicy.isURLCharacter(byte) {
            #expect(JSONParser.isPlainStringByte(byte), "byte \(byte)")
        }
    }

    @Test func aPlainHTTPSBodyTakesTheShortcut() {
        let url = "https://hosted.plaid.com/link/lp-1234567890?a=b#c"
        #expect(PlainURLBody.url(in: "\"\(url)\"", limits: .default, policy: .httpsOnly) == url)
        #expect(PlainURLBody.url(in: #""HTTPS://Hosted.Plaid.com""#, limits: .default, policy: .httpsOnly) == "HTTPS://Hosted.Plaid.com")
    }

    @Test(arguments: [
        #""https:\/\/hosted.plaid.com\/link""#,  // an escape
        #" "https://hosted.plaid.com/link""#,  // white space
        #""https://hosted.plaid.com/link" "#,
        #""https://hosted.plaid.com:443/link""#,  // a port: the exact check decides
        #""https://user@hosted.plaid.com/link""#,
        #""http://hosted.plaid.com/link""#,
        #""https://hosted.plaid.com/a b""#,
        #""https://hosted.plaid.com/é""#,
        #""https://""#,
        #""""#,
        #"""#,
        #"["https://hosted.plaid.com/link"]"#,
    ])
    func anyOtherBodyTakesTheFullPath(body: String) {
        #expect(PlainURLBody.url(in: body, limits: .default, policy: .httpsOnly) == nil)
    }

    @Test func limitsAndPolicyAreTheFullPathsOwn() {
        let body = #""https://hosted.plaid.com/link/lp-1234567890""#
        let tight: [(JSONLimits, URLPolicy)] = [
            (JSONLimits(maxBytes: body.utf8.count - 1), .httpsOnly),
            (JSONLimits(maxStringLength: body.utf8.count - 3), .httpsOnly),
            (.default, URLPolicy(maxLength: body.utf8.count - 3)),
            (.default, URLPolicy(allowedSchemes: ["branchapp"])),
        ]
        for (limits, policy) in tight {
            #expect(PlainURLBody.url(in: body, limits: limits, policy: policy) == nil)
        }
        let exact = (JSONLimits(maxBytes: body.utf8.count, maxStringLength: body.utf8.count - 2), URLPolicy(maxLength: body.utf8.count - 2))
        #expect(PlainURLBody.url(in: body, limits: exact.0, policy: exact.1) != nil)
    }

    /// Public dispatch (shortcut first) against the full path alone, result for result, errors
    /// included, for hostile strings as raw and as escaped JSON, inside and after a plain URL.
    @Test func dispatchAgreesWithTheFullPath() throws {
        var bodies = [
            #""https://hosted.plaid.com/link/lp-1234567890""#, #""https://a""#, #""https://a/""#, #""https://-/?#""#,
            #""https://a.b/%zz[]""#, #""https://a..b""#, #""https://a/\""#, #""https://a/\"""#,
        ]
        for text in try TestData.naughtyStrings() + TestData.randomStrings(count: 200, seed: 7) {
            let url = "https://hosted.plaid.com/link/" + text
            for candidate in [text, url, "https://" + text] {
                bodies += ["\"\(candidate)\"", Escaper.javaScriptString(candidate)]
            }
        }
        let dispatchers = [
            BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin)),
            BridgeDispatcher(
                channels: BridgeChannel.defaults(origins: .anyOrigin), urlPolicy: URLPolicy(maxLength: 40),
                limits: JSONLimits(maxBytes: 50, maxStringLength: 45)),
            BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin), urlPolicy: .https(plusAppSchemes: ["branchapp"])),
            BridgeDispatcher(channels: BridgeChannel.defaults(origins: .anyOrigin), urlPolicy: URLPolicy(allowedSchemes: ["http"])),
        ]
        let shortcuts = expectDispatchMatchesFullPath(dispatchers, bodies: bodies, kind: .branchHostedLink) {
            PlainURLBody.url(in: $1, limits: $0.limits, policy: $0.urlPolicy) != nil
        }
        // The comparison means something only if many bodies took the shortcut.
        #expect(shortcuts > 500)
    }
}
