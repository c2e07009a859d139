import BridgeCodec
import BridgeCodecProviders
import Foundation
import Testing

/// The package's own Embedded Checkout Protocol fixtures (`schemas/ucp/fixtures`), which
/// scripts/check-ucp-schemas.py validates against UCP's vendored schemas, read by a session: the
/// decoder takes the schema's verdict, or the other one where the manifest says it differs and why.
@Suite("Embedded Checkout Protocol fixtures")
struct EmbeddedCheckoutFixtureTests {
    typealias EC = EmbeddedCheckout

    /// One entry of `schemas/ucp/fixtures/manifest.json`.
    struct Fixture: Decodable {
        struct Differs: Decodable {
            /// `admits` (a schema-invalid fixture) or `refuses` (a schema-valid one).
            var decoder: String
            var deliberate: Bool
            var why: String
        }

        struct Host: Decodable {
            /// The UCP error code the host's policy declines the request with.
            var refuses: String
        }

        var file: String
        var method: String
        var role: String
        var valid: Bool
        var decoderDiffers: Differs?
        var host: Host?

        /// Whether the session reads the params: the schema's verdict, unless the decoder differs.
        var decoderAdmits: Bool { decoderDiffers.map { $0.decoder == "admits" } ?? valid }
    }

    struct Manifest: Decodable {
        var version: String
        var fixtures: [Fixture]
    }

    static let folder = TestData.packageRoot.appendingPathComponent("schemas/ucp/fixtures")

    static func manifest() throws -> Manifest {
        try JSONDecoder().decode(Manifest.self, from: Data(contentsOf: folder.appendingPathComponent("manifest.json")))
    }

    static func text(_ fixture: Fixture) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(fixture.file), encoding: .utf8)
    }

    /// An ec.ready accepting the four delegations, which every fixture but ec.ready's follows.
    static let ready =
        #"{"jsonrpc":"2.0","id":"fixture-ready","method":"ec.ready","params":{"delegate":"#
        + #"["payment.instruments_change","payment.credential","fulfillment.address_change","window.open"]}}"#

    static func object(_ value: JSONValue?) -> JSONObject? {
        if case .object(let object)? = value { object } else { nil }
    }

    static func string(_ value: JSONValue?) -> String? {
        if case .string(let string)? = value { string } else { nil }
    }

    /// The answer's `result`, when it is one.
    static func result(_ step: EC.Session.Step) -> JSONObject? {
        guard case .result(let result)? = step.response?.outcome else { return nil }
        return object(result)
    }

    /// The code of a UCP error response's first message.
    static func ucpError(_ step: EC.Session.Step) -> String? {
        guard let result = result(step), case .array(let messages)? = result["messages"] else { return nil }
        return string(object(messages.first)?["code"])
    }

    @Test func everyMethodHasAValidAndAnInvalidFixture() throws {
        let manifest = try Self.manifest()
        #expect(manifest.version == EC.specVersion)
        for method in EC.Method.allCases {
            let fixtures = manifest.fixtures.filter { $0.method == method.rawValue }
            #expect(fixtures.contains { $0.valid } && fixtures.contains { !$0.valid }, "\(method.rawValue)")
            #expect(fixtures.allSatisfy { $0.role == (method.isRequest ? "request" : "notification") }, "\(method.rawValue)")
        }
        #expect(manifest.fixtures.allSatisfy { EC.Method(rawValue: $0.method) != nil })
        for fixture in manifest.fixtures {
            if let differs = fixture.decoderDiffers {
                #expect(differs.decoder == (fixture.valid ? "refuses" : "admits") && !differs.why.isEmpty, "\(fixture.file)")
            }
        }
    }

    @Test func theDecoderTakesTheSchemasVerdictOrTheOneTheManifestNotes() throws {
        let manifest = try Self.manifest()
        var differing: [String] = []
        for fixture in manifest.fixtures {
            let method = try #require(EC.Method(rawValue: fixture.method), "\(fixture.file)")
            var session = try EC.Session(version: manifest.version, requested: EC.Delegation.known, allowed: EC.Delegation.known)
            if method != .ready {
                let ready = session.receive(Self.ready)
                #expect(ready.response?.errorCode == nil && ready.violation == nil && session.accepted == EC.Delegation.known)
            }
            let text = try Self.text(fixture)
            let sentID = Self.object(try JSONValue(parsing: text))?["id"]
            let step = session.receive(text)
            let label = "\(fixture.file): \(step.violation?.description ?? "admitted")"
            #expect(step.method == fixture.method, "\(label)")
            if fixture.decoderDiffers != nil { differing.append(fixture.file) }
            switch (fixture.decoderAdmits, method.isRequest) {
            case (true, true):
                if let host = fixture.host {
                    // Read, then declined by the host's policy: a UCP error response, no JSON-RPC error.
                    #expect(Self.ucpError(step) == host.refuses && step.request == nil && step.response?.errorCode == nil, "\(label)")
                } else if step.request == nil {
                    // An ec.ready the host answers itself: the session's version, success.
                    let ucp = Self.object(Self.result(step)?["ucp"])
                    #expect(method == .ready && step.violation == nil, "\(label)")
                    #expect(Self.string(ucp?["status"]) == "success" && Self.string(ucp?["version"]) == manifest.version, "\(label)")
                } else {
                    #expect(step.request?.method == method && step.message?.method == method, "\(label)")
                    #expect(step.response == nil && step.violation == nil, "\(label)")
                }
            case (true, false):
                #expect(step.message?.method == method && step.response == nil && step.violation == nil, "\(label)")
            case (false, true):
                #expect(step.response?.errorCode == -32602 && step.violation?.kind == .invalidParams, "\(label)")
                #expect(step.response?.id?.json == sentID && step.message == nil && step.request == nil, "\(label)")
            case (false, false):
                #expect(step.violation?.kind == .invalidParams && step.response == nil && step.message == nil, "\(label)")
            }
        }
        #expect(!differing.isEmpty, "the manifest notes no difference between the decoder and the schema")
    }
}
