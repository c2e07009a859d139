import BridgeCodec
import BridgeCodecProviders
import Foundation
import SwedbankPayMerchantBackend
import Testing

@Suite("bridgecodec url")
struct URLCommandTests {
    @Test func intentParseAndBuild() throws {
        let parsed = runCLI(["url", "intent-parse", "intent://a.example/x#Intent;scheme=https;category=c1;package=p.q;S.k=v%3B;end;"])
        #expect(parsed.code == 0)
        #expect(
            parsed.out
                == #"{"target":"https://a.example/x","action":null,"categories":["c1"],"component":null,"package":"p.q","stringExtras":{"k":"v;"}}"#
                + "\n")
        let built = runCLI([
            "url", "intent-build", "--target", "https://a.example/x", "--categories", "c1", "--package", "p.q", "--extras", #"{"k":"v;"}"#,
        ])
        #expect(built.out == #"{"url":"intent://a.example/x#Intent;scheme=https;category=c1;package=p.q;S.k=v%3B;end;"}"# + "\n")
        #expect(runCLI(["url", "intent-parse", "intent://a#Intent;scheme=https"]).err == "error: the intent does not end with end;\n")
        #expect(runCLI(["url", "intent-build", "--extras", "[1]"]).code == 1)
        // Two JSON keys that Swift's dictionary would merge (NFC and NFD "é") are refused, not one dropped.
        let merged = runCLI(["url", "intent-build", "--target", "https://a.example/", "--extras", #"{"\u00e9":"1","e\u0301":"2"}"#])
        #expect(merged.code == 1 && merged.err.hasPrefix("error: --extras: two keys are the same text"))
        // "=" and "," followed by a combining mark still separate (each is one Character with the mark);
        // the target is written as a browser serializes it.
        #expect(
            runCLI(["url", "intent-build", "--target=myapp:\u{301}//x", "--categories=c1,\u{301}c2", "--component=\u{301}c"]).out
                == #"{"url":"intent:%CC%81//x#Intent;scheme=myapp;category=c1;category=%CC%81c2;component=%CC%81c;end;"}"# + "\n")
    }

    @Test func paymentURLs() {
        #expect(
            runCLI(["url", "payment-url", "--platform", "android", "--root", "https://e.example/m", "--package", "a.b", "--id", "1 2"]).out
                == #"{"url":"https://e.example/m/sdk-callback/android-intent?package=a.b&id=1%202"}"# + "\n")
        #expect(runCLI(["url", "payment-url", "--platform", "ios", "--root", "https://e.example/m/"]).code == 2)
        #expect(runCLI(["url", "payment-url", "--platform", "windows"]).code == 2)
    }

    @Test func navigate() {
        let base = [
            "url", "navigate", "--complete-url", "https://e.example/done", "--cancel-url", "https://e.example/cancel", "--payment-url",
            "https://e.example/cb?id=1", "--webview-hosts", "ecom.payex.com",
        ]
        #expect(runCLI(base + ["https://e.example/done"]).out == #"{"decision":"completed"}"# + "\n")
        #expect(runCLI(base + ["https://e.example/cb?id=1&fallback=true"]).out == #"{"decision":"reloadPayment"}"# + "\n")
        #expect(runCLI(base + ["https://ecom.payex.com/x"]).out == #"{"decision":"allow"}"# + "\n")
        #expect(runCLI(base + ["https://acs.example/3ds"]).out == #"{"decision":"openExternally","url":"https://acs.example/3ds"}"# + "\n")
        #expect(runCLI(base + ["--subframe", "https://acs.example/3ds"]).out == #"{"decision":"allow"}"# + "\n")
        #expect(runCLI(base + ["swish://pay"]).out == #"{"decision":"openExternally","url":"swish://pay"}"# + "\n")
        #expect(runCLI(base + ["javascript:alert(1)"]).out == #"{"decision":"block"}"# + "\n")
        #expect(runCLI(base).code == 2)
    }

    @Test func helperResponses() throws {
        let ok = runCLI([
            "url", "helper", "ios-universal-link", "https://e.example/cb/ios-universal-link?scheme=app&language=en&fallback=true",
        ])
        let response = try JSONValue(parsing: ok.out)
        guard case .object(let object) = response else { return }
        #expect(object["status"] == .number(JSONNumber(301)))
        #expect(runCLI(["url", "helper", "carrier-pigeon", "https://e.example/"]).code == 2)
        #expect(runCLI(["url", "bogus"]).code == 2)
        #expect(runCLI(["url", "--help"]).out.hasPrefix("usage: bridgecodec url"))
    }
}
