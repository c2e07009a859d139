import BridgeCodec
import BridgeCodecProviders
import Testing

/// UCP's Embedded Checkout Protocol as a strict native host reads it: JSON-RPC 2.0 codes, the
/// handshake, delegations, answers once, and the URL the host loads.
@Suite("Embedded Checkout Protocol session")
struct EmbeddedCheckoutSessionTests {
    typealias EC = EmbeddedCheckout

    static let checkout = """
        {"ucp":{"version":"2026-04-08","payment_handlers":{}},"id":"chk_1","status":"incomplete","currency":"EUR",\
        "line_items":[{"id":"li_1","item":{"id":"sku_1","title":"Mug","price":1250},"quantity":2,"totals":[{"type":"subtotal","amount":2500}]}],\
        "totals":[{"type":"subtotal","amount":2500},{"type":"total","amount":2500}],"links":[{"type":"terms_of_service","url":"https://shop.example/terms"}],\
        "expires_at":"2026-12-08T00:00:00Z","loyalty":{"points":3}}
        """

    static func session(requested: [EC.Delegation] = EC.Delegation.known, allowed: [EC.Delegation] = EC.Delegation.known) throws
        -> EC.Session
    {
        try EC.Session(version: "2026-04-08", requested: requested, allowed: allowed)
    }

    static func ready(_ delegations: [String] = ["payment.credential", "window.open"], id: String = "1") -> String {
        #"{"jsonrpc":"2.0","id":\#(id),"method":"ec.ready","params":{"delegate":["# + delegations.map { "\"\($0)\"" }.joined(separator: ",")
            + "]}}"
    }

    static func message(_ method: String, id: String? = nil, params: String) -> String {
        #"{"jsonrpc":"2.0",\#(id.map { "\"id\":\($0)," } ?? "")"method":"\#(method)","params":\#(params)}"#
    }

    static func code(_ step: EC.Session.Step) -> Int? { step.response?.errorCode }

    static func ucpError(_ step: EC.Session.Step) -> String? {
        guard case .result(let result)? = step.response?.outcome, case .object(let object) = result,
            case .array(let messages)? = object["messages"], case .object(let first)? = messages.first,
            case .string(let code)? = first["code"]
        else { return nil }
        return code
    }

    @Test func theHandshakeIsAnsweredWithTheSessionsVersion() throws {
        var session = try Self.session()
        let step = session.receive(Self.ready())
        #expect(step.response?.text == #"{"jsonrpc":"2.0","id":1,"result":{"ucp":{"version":"2026-04-08","status":"success"}}}"#)
        #expect(step.violation == nil && session.accepted == [.paymentCredential, .windowOpen])
        // A second ec.ready in one document is out of order; a new document handshakes again.
        #expect(Self.ucpError(session.receive(Self.ready(id: "2"))) == "invalid_state_error")
        session.newDocument()
        #expect(session.receive(Self.ready(id: "3")).response?.errorCode == nil)
    }

    @Test func acceptedDelegationsMustBeRequestedAndAllowed() throws {
        var session = try Self.session(requested: [.windowOpen], allowed: [.windowOpen, .paymentCredential])
        let step = session.receive(Self.ready(["window.open", "payment.credential"]))
        #expect(Self.ucpError(step) == "not_supported_error" && step.violation?.kind == .delegationNotRequested)
        #expect(session.accepted == nil)
        #expect(throws: InvalidArgument.self) {
            try EC.Session(version: "2026-04-08", requested: [.paymentCredential], allowed: [.windowOpen])
        }
        #expect(throws: InvalidArgument.self) { try EC.Session(version: "draft", requested: [], allowed: []) }
        for bad in [#"["window.open","window.open"]"#, #"["Window.Open"]"#, #"["window..open"]"#, #"[1]"#, #""window.open""#] {
            var fresh = try Self.session()
            let refused = fresh.receive(#"{"jsonrpc":"2.0","id":1,"method":"ec.ready","params":{"delegate":\#(bad)}}"#)
            #expect(Self.code(refused) == -32602, "\(bad)")
        }
    }

    @Test func everyMethodIsReadWithItsParams() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready(["payment.instruments_change", "payment.credential", "fulfillment.address_change", "window.open"]))
        let checkout = #"{"checkout":\#(Self.checkout)}"#
        let requests: [(String, String)] = [
            ("ec.auth", #"{"type":"oauth"}"#), ("ec.payment.instruments_change_request", checkout),
            ("ec.payment.credential_request", checkout),
            ("ec.fulfillment.address_change_request", checkout), ("ec.window.open_request", #"{"url":"https://shop.example/terms"}"#),
        ]
        for (index, (method, params)) in requests.enumerated() {
            let step = session.receive(Self.message(method, id: "\(index + 10)", params: params))
            #expect(step.request?.method.rawValue == method && step.message?.method.rawValue == method && step.response == nil, "\(method)")
        }
        let notifications = [
            "ec.start", "ec.line_items.change", "ec.buyer.change", "ec.payment.change", "ec.messages.change", "ec.totals.change",
            "ec.fulfillment.change", "ec.complete",
        ]
        for method in notifications {
            let step = session.receive(Self.message(method, params: checkout))
            #expect(step.message?.method.rawValue == method && step.response == nil && step.violation == nil, "\(method)")
        }
        let started = session.receive(Self.message("ec.start", params: checkout))
        let read = try #require(started.message?.checkout)
        #expect(read.id == "chk_1" && read.status == .incomplete && read.totals.last?.amount == 2500)
        #expect(read.links.first?.url.webURL.href == "https://shop.example/terms" && read.lineItems.first?.item.price == 1250)
        #expect(read.otherMembers.keys.sorted() == ["expires_at", "loyalty"], "members the type does not name are kept")
        let error =
            #"{"error":{"ucp":{"version":"2026-04-08","status":"error"},"messages":[{"type":"error","code":"payment_failed","content":"x","severity":"unrecoverable"}],"continue_url":"https://shop.example/c"}}"#
        guard case .error(let response)? = session.receive(Self.message("ec.error", params: error)).message else {
            Issue.record("ec.error is not read")
            return
        }
        #expect(response.messages.first?.code == "payment_failed" && response.continueURL?.webURL.href == "https://shop.example/c")
        // After ec.error the session is over: a request is declined, a notification ignored.
        #expect(Self.ucpError(session.receive(Self.message("ec.auth", id: "99", params: "{}"))) == "invalid_state_error")
        #expect(session.receive(Self.message("ec.start", params: checkout)).violation?.kind == .afterError)
    }

    @Test func transportErrorsCarryJSONRPCCodes() throws {
        let cases: [(String, Int, String)] = [
            ("not json", -32700, "null"), (#"{"jsonrpc":"2.0","id":1,"id":2,"method":"ec.auth"}"#, -32700, "null"),
            ("[]", -32600, "null"), (#"[{"jsonrpc":"2.0","id":1,"method":"ec.auth"}]"#, -32600, "null"),
            (#"{"id":1,"method":"ec.auth"}"#, -32600, "1"), (#"{"jsonrpc":"2.0","id":1,"method":""}"#, -32600, "1"),
            (#"{"jsonrpc":"2.0","id":1,"method":7}"#, -32600, "1"), (#"{"jsonrpc":"2.0","id":true,"method":"ec.auth"}"#, -32600, "null"),
            (#"{"jsonrpc":"2.0","id":null,"method":"ec.auth"}"#, -32600, "null"),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ec.auth"}"#, -32600, "null"),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.auth","params":[]}"#, -32600, "1"),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.auth","extra":1}"#, -32600, "1"),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.start","params":{}}"#, -32600, "1"),
            (#"{"jsonrpc":"2.0","id":"x","method":"ec.cart.anything","params":{}}"#, -32601, #""x""#),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.window.open_request","params":{"uri":"https://a.example"}}"#, -32602, "1"),
            ("{\"jsonrpc\":\"2.0\",\"id\":\"\(String(repeating: "i", count: 129))\",\"method\":\"ec.auth\"}", -32600, "null"),
        ]
        for (text, code, id) in cases {
            var session = try Self.session()
            _ = session.receive(Self.ready(id: "\"r\""))
            let step = session.receive(text)
            #expect(Self.code(step) == code, "\(text)")
            #expect(step.response?.json.jsonText.contains(#""id":\#(id),"#) == true, "\(text): \(step.response?.text ?? "no answer")")
            #expect(step.message == nil && step.request == nil)
        }
        var session = try Self.session()
        #expect(session.receive(String(repeating: " ", count: (1 << 20) + 1)).response?.errorCode == -32700)
    }

    @Test func notificationsAreNeverAnsweredNorRequestsWithoutAnID() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready())
        for text in [
            #"{"jsonrpc":"2.0","method":"ec.start","params":{}}"#, #"{"jsonrpc":"2.0","method":"ec.loyalty.change","params":{}}"#,
            #"{"jsonrpc":"2.0","method":"ec.auth","params":{}}"#,
        ] {
            #expect(session.receive(text).response == nil, "\(text)")
        }
        #expect(session.violations.map(\.kind) == [.invalidParams, .unknownNotification, .requestWithoutID])
        #expect(!EC.Violation.Kind.unknownNotification.isProtocolViolation)
    }

    @Test func idsAreEchoedAsSentAndAnsweredOnce() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready(id: "1e2"))
        #expect(session.receive(Self.ready(id: "\"x\"")).response?.text.contains(#""id":"x""#) == true)
        var fresh = try Self.session()
        #expect(fresh.receive(Self.ready(id: "1e2")).response?.text.hasPrefix(#"{"jsonrpc":"2.0","id":1e2,"#) == true)
        let step = fresh.receive(Self.message("ec.auth", id: "\"a\"", params: "{}"))
        let auth = try #require(step.request)
        #expect(fresh.receive(Self.message("ec.auth", id: "\"a\"", params: "{}")).violation?.kind == .duplicateID)
        let answered = fresh.answer(auth, result: .object(["credential": .string("tok")]))
        let answer = try #require(answered)
        #expect(
            answer.text == #"{"jsonrpc":"2.0","id":"a","result":{"ucp":{"version":"2026-04-08","status":"success"},"credential":"tok"}}"#)
        #expect(fresh.answer(auth, result: .object(["credential": .string("again")])) == nil, "a request is answered once")
    }

    @Test func aDelegationThePageDidNotAcceptIsRefusedWithoutReachingTheApp() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready(["window.open"]))
        let step = session.receive(Self.message("ec.payment.credential_request", id: "5", params: #"{"checkout":\#(Self.checkout)}"#))
        #expect(Self.ucpError(step) == "not_supported_error" && step.message == nil && step.request == nil)
        #expect(step.violation?.kind == .delegationNotAccepted)
        let early = try Self.session()
        var before = early
        #expect(
            Self.ucpError(before.receive(Self.message("ec.window.open_request", id: "1", params: #"{"url":"https://a.example"}"#)))
                == "invalid_state_error")
        #expect(before.receive(Self.message("ec.start", params: #"{"checkout":\#(Self.checkout)}"#)).violation?.kind == .beforeReady)
    }

    @Test func windowOpenTakesHTTPSOnly() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready(["window.open"]))
        let refused = [
            "javascript:alert(1)", "data:text/html,x", "file:///etc/passwd", "intent://x#Intent;end", "http://shop.example/", "tel:123",
        ]
        for (index, url) in refused.enumerated() {
            let step = session.receive(Self.message("ec.window.open_request", id: "\(index + 2)", params: #"{"url":"\#(url)"}"#))
            #expect(Self.ucpError(step) == "window_open_rejected_error" && step.request == nil, "\(url)")
        }
        guard
            case .windowOpen(let url)? = session.receive(
                Self.message("ec.window.open_request", id: "9", params: #"{"url":"https://shop.example/terms?a=1"}"#)
            ).message
        else {
            Issue.record("an https URL is not handed to the app")
            return
        }
        #expect(url.href == "https://shop.example/terms?a=1")
    }

    @Test func anAnswerForTheDocumentBeforeIsDroppedAndCancelsAreAbortErrors() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready())
        let first = session.receive(Self.message("ec.payment.credential_request", id: "7", params: #"{"checkout":\#(Self.checkout)}"#))
        let second = session.receive(Self.message("ec.window.open_request", id: "8", params: #"{"url":"https://a.example/"}"#))
        let request = try #require(first.request)
        let other = try #require(second.request)
        #expect(
            session.cancel(other)?.text.contains(#""code":"abort_error","content":"The buyer cancelled.","severity":"recoverable""#) == true
        )
        session.newDocument()
        #expect(session.answer(request, result: .object(JSONObject())) == nil)
    }

    @Test func aCheckoutInAnotherVersionIsRefused() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready())
        let other = Self.checkout.replacingOccurrences(of: "2026-04-08", with: "2026-01-23")
        #expect(session.receive(Self.message("ec.totals.change", params: #"{"checkout":\#(other)}"#)).violation?.kind == .versionChanged)
    }

    @Test func theResponseScriptHandsThePageAnObjectNoStringCanEnd() throws {
        var session = try Self.session()
        _ = session.receive(Self.ready())
        let step = session.receive(Self.message("ec.auth", id: "2", params: "{}"))
        let auth = try #require(step.request)
        let answered = session.answer(auth, result: .object(["credential": .string("</script><script>alert(1)</script>\u{2028}")]))
        let script = try #require(answered?.script)
        #expect(script.hasPrefix("(function (protocol, message) {") && script.contains(#"(window["EmbeddedCheckoutProtocol"], {"#))
        #expect(!script.contains("</") && !script.contains("\u{2028}"))
    }

    @Test func pendingRequestsAreBounded() throws {
        var session = try EC.Session(
            version: "2026-04-08", requested: [.windowOpen], allowed: [.windowOpen], limits: try EC.Limits(pendingRequests: 1))
        _ = session.receive(Self.ready(["window.open"]))
        #expect(session.receive(Self.message("ec.window.open_request", id: "2", params: #"{"url":"https://a.example/"}"#)).request != nil)
        let refused = session.receive(Self.message("ec.window.open_request", id: "3", params: #"{"url":"https://a.example/"}"#))
        #expect(Self.code(refused) == -32000 && refused.violation?.kind == .tooManyPending)
        #expect(throws: InvalidArgument.self) { try EC.Limits(longestID: 0) }
    }

    @Test func theContinueURLCarriesTheSessionsParametersOnce() throws {
        let url = try EC.continueURL(
            "https://shop.example/checkout?EC_version=2025-01-01&ec%5Fauth=old&q=a+b&z#step", version: "2026-04-08",
            delegations: [.paymentCredential, .windowOpen], colorScheme: .dark, auth: "tok en+/&=")
        #expect(
            url.href == "https://shop.example/checkout?q=a+b&z&ec_version=2026-04-08&ec_delegate=payment.credential,window.open"
                + "&ec_color_scheme=dark&ec_auth=tok%20en%2B%2F%26%3D#step")
        #expect(throws: InvalidArgument.self) { try EC.continueURL("http://shop.example/", version: "2026-04-08", delegations: []) }
        #expect(throws: InvalidArgument.self) { try EC.continueURL("https://shop.example/", version: "04-08-2026", delegations: []) }
        #expect(
            try EC.continueURL("https://shop.example", version: "2026-04-08", delegations: []).href
                == "https://shop.example/?ec_version=2026-04-08")
    }

    @Test func anErrorEndsTheSessionEvenWhenItCannotBeRead() throws {
        for params in [#"{"error":{"messages":[]}}"#, #"{"ucp":{"version":"2026-04-08","status":"error"},"messages":[]}"#] {
            var session = try Self.session()
            _ = session.receive(Self.ready())
            #expect(session.receive(Self.message("ec.error", params: params)).violation?.kind == .invalidParams, "\(params)")
            #expect(Self.ucpError(session.receive(Self.message("ec.auth", id: "5", params: "{}"))) == "invalid_state_error")
        }
        var session = try Self.session()
        _ = session.receive(Self.ready())
        let other =
            #"{"error":{"ucp":{"version":"1999-01-01","status":"error"},"messages":[{"type":"error","code":"x","content":"y","severity":"unrecoverable"}]}}"#
        #expect(session.receive(Self.message("ec.error", params: other)).violation?.kind == .versionChanged)
        #expect(Self.ucpError(session.receive(Self.message("ec.auth", id: "5", params: "{}"))) == "invalid_state_error")
    }

    @Test func aHandshakeAskingForAuthorizationIsTheAppsAndItsDeclineEndsTheSession() throws {
        var session = try Self.session()
        let step = session.receive(#"{"jsonrpc":"2.0","id":1,"method":"ec.ready","params":{"delegate":[],"auth":{"type":"oauth"}}}"#)
        guard case .ready(let accepted, let authType)? = step.message, let request = step.request else {
            Issue.record("a ready asking for authorization is not the app's")
            return
        }
        #expect(accepted.isEmpty && authType == "oauth" && step.response == nil)
        #expect(session.decline(request, .notSupported, content: "no credential")?.text.contains("not_supported_error") == true)
        #expect(Self.ucpError(session.receive(Self.message("ec.auth", id: "2", params: "{}"))) == "invalid_state_error")
        var nullAuth = try Self.session()
        #expect(
            Self.code(nullAuth.receive(#"{"jsonrpc":"2.0","id":1,"method":"ec.ready","params":{"delegate":[],"auth":null}}"#)) == -32602)
    }
}
