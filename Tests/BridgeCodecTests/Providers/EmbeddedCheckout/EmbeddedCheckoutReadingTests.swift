import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import Testing

/// One Embedded Checkout Protocol message read alone (`EmbeddedCheckout.read`), with the rules a
/// session reads every message with: the verdict and the JSON-RPC answer a session after its
/// handshake gives, and the fixtures' verdicts as the manifest states them.
@Suite("Embedded Checkout Protocol messages read alone")
struct EmbeddedCheckoutReadingTests {
    typealias EC = EmbeddedCheckout
    typealias Fixtures = EmbeddedCheckoutFixtureTests

    /// A session after a handshake accepting every delegation.
    static func readySession() throws -> EC.Session {
        var session = try EC.Session(version: EC.specVersion, requested: EC.Delegation.known, allowed: EC.Delegation.known)
        _ = session.receive(Fixtures.ready)
        return session
    }

    @Test func everyFixtureIsReadAsTheManifestSaysTheDecoderReadsIt() throws {
        for fixture in try Fixtures.manifest().fixtures {
            let text = try Fixtures.text(fixture)
            let sentID = Fixtures.object(try JSONValue(parsing: text))?["id"]
            do throws(EC.Refusal) {
                let reading = try EC.read(text)
                #expect(fixture.decoderAdmits, "\(fixture.file) is read")
                #expect(reading.message.method.rawValue == fixture.method && reading.id?.json == sentID, "\(fixture.file)")
            } catch {
                #expect(!fixture.decoderAdmits, "\(fixture.file): \(error)")
                #expect(error.violation.kind == .invalidParams && error.method == fixture.method, "\(fixture.file): \(error)")
                // A request is answered -32602 with its id; a notification is not answered.
                #expect(error.response?.errorCode == (fixture.role == "request" ? -32602 : nil), "\(fixture.file)")
                #expect(error.response?.id?.json == (fixture.role == "request" ? sentID : nil), "\(fixture.file)")
            }
        }
    }

    /// What a message read alone is refused with is what a session after its handshake answers.
    @Test func aRefusalIsTheSessionsAnswer() throws {
        let cases: [(String, EC.Violation.Kind, Int?)] = [
            ("not json", .notJSON, -32700), ("[]", .invalidRequest, -32600),
            (#"{"jsonrpc":"2.0","id":1.5,"method":"ec.auth"}"#, .invalidRequest, -32600),
            (#"{"jsonrpc":"1.0","id":1,"method":"ec.auth"}"#, .invalidRequest, -32600),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.auth","extra":1}"#, .invalidRequest, -32600),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.auth","params":[]}"#, .invalidRequest, -32600),
            (#"{"jsonrpc":"2.0","id":1,"method":"ec.start","params":{}}"#, .notificationWithID, -32600),
            (#"{"jsonrpc":"2.0","id":"x","method":"ec.cart.anything","params":{}}"#, .unknownMethod, -32601),
            (#"{"jsonrpc":"2.0","id":2,"method":"ec.auth","params":{"type":7}}"#, .invalidParams, -32602),
            (#"{"jsonrpc":"2.0","method":"ec.loyalty.change","params":{}}"#, .unknownNotification, nil),
            (#"{"jsonrpc":"2.0","method":"ec.auth","params":{}}"#, .requestWithoutID, nil),
            (#"{"jsonrpc":"2.0","method":"ec.start","params":{}}"#, .invalidParams, nil),
        ]
        for (text, kind, code) in cases {
            var session = try Self.readySession()
            let step = session.receive(text)
            do throws(EC.Refusal) {
                let reading = try EC.read(text)
                Issue.record("\(text) is read as \(reading.message.method)")
            } catch {
                #expect(error.violation.kind == kind && error.response?.errorCode == code, "\(text): \(error)")
                #expect(error.response == step.response && error.violation == step.violation && error.method == step.method, "\(text)")
            }
        }
    }

    /// Read alone, a window.open URL is what a browser reads, whatever a host's policy says of it.
    @Test func aWindowOpenURLIsReadAsABrowserReadsIt() throws {
        let open = #"{"jsonrpc":"2.0","id":7,"method":"ec.window.open_request","params":{"url":"javascript:alert(1)"}}"#
        guard case .windowOpen(let url) = try EC.read(open).message else {
            Issue.record("window.open is not read")
            return
        }
        #expect(url.scheme == "javascript")
        let relative = open.replacingOccurrences(of: "javascript:alert(1)", with: "/terms")
        #expect(throws: EC.Refusal.self) { try EC.read(relative) }
    }

    @Test func theExamplesAreOneValidMessageOfEachMethod() throws {
        let examples = ProviderExamples.embeddedCheckoutMessages
        #expect(examples.map(\.method) == EC.Method.allCases)
        for (method, message) in examples {
            let reading = try EC.read(message.jsonText)
            #expect(reading.message.method == method && (reading.id != nil) == method.isRequest, "\(method)")
            // After a handshake, a session admits each (the handshake itself is not repeated).
            guard method != .ready else { continue }
            var session = try Self.readySession()
            let step = session.receive(message.jsonText)
            #expect(step.violation == nil && step.message?.method == method, "\(method): \(step.violation?.description ?? "")")
        }
    }
}
