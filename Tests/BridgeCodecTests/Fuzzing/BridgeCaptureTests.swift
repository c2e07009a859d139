import BridgeCodec
import BridgeCodecTesting
import Foundation
import Testing

/// A capture replayed through an app's own dispatcher, as `decode --jsonl` replays one through the
/// providers': every transport, the line's origin against the channel's policy, and each fault of a
/// line as its own failure.
@Suite("Captures replayed through an app's dispatcher")
struct BridgeCaptureTests {
    struct Cart: Codable, Sendable, Equatable {
        var sku: String
        var count: Int
    }

    enum ShopMessage: Sendable, Equatable {
        case cart(Cart)
        case close
    }

    static let dispatcher = BridgeDispatcher<ShopMessage>(channels: [
        BridgeChannel("cart", origins: .listing(["shop.example"]), decoding: Cart.self, as: ShopMessage.cart),
        BridgeChannel("close", origins: .anyOrigin, decoding: JSONValue.self) { _ in .close },
    ])

    static func replay(_ line: String) -> Result<BridgeCapture.Replayed<ShopMessage>, BridgeCapture.Failure> {
        BridgeCapture.replay(line: line, through: dispatcher)
    }

    static func message(_ line: String) -> ShopMessage? {
        if case .success(let replayed) = replay(line) { replayed.message } else { nil }
    }

    static func failure(_ line: String) -> BridgeCapture.Failure? {
        if case .failure(let failure) = replay(line) { failure } else { nil }
    }

    /// The same message from every transport that carries it, with its origin.
    @Test func everyTransportReplaysTheSameMessage() throws {
        let cart = ShopMessage.cart(Cart(sku: "A-1", count: 2))
        let origin = #""origin":"https://shop.example""#
        for line in [
            #"{"handler":"cart","transport":"object","body":{"sku":"A-1","count":2},\#(origin)}"#,
            #"{"handler":"cart","transport":"string","body":"{\"sku\":\"A-1\",\"count\":2}",\#(origin)}"#,
            #"{"handler":"cart","transport":"string","bodyBase64":"\#(Data(#"{"sku":"A-1","count":2}"#.utf8).base64EncodedString())",\#(origin)}"#,
            #"{"transport":"envelope","body":"{\"version\":1,\"handler\":\"cart\",\"body\":{\"sku\":\"A-1\",\"count\":2}}",\#(origin)}"#,
        ] {
            #expect(Self.message(line) == cart, "\(line)")
        }
        #expect(Self.message(#"{"handler":"close","transport":"absent"}"#) == .close)
        #expect(Self.message(#"{"handler":"close","transport":"argument","body":"now"}"#) == .close)
        guard case .success(let replayed) = Self.replay(#"{"transport":"envelope","body":"{\"version\":1,\"handler\":\"close\"}"}"#) else {
            Issue.record("the envelope was refused")
            return
        }
        #expect(replayed.handlerName == "close")
        // The transport's own dispatch reads an envelope as the envelope it is.
        #expect(
            try BridgeCapture.Transport.envelope.dispatch(
                #"{"version":1,"handler":"close","body":null}"#, handlerName: "", through: Self.dispatcher) == .close)
        #expect(throws: BridgeError.self) {
            try BridgeCapture.Transport.envelope.dispatch(#"{"handler":"close"}"#, handlerName: "close", through: Self.dispatcher)
        }
    }

    /// The line's origin meets the channel's policy: none, another host or an iframe is refused as
    /// the platform's message would be.
    @Test func theOriginPolicyIsReplayed() {
        let body = #""handler":"cart","transport":"object","body":{"sku":"A-1","count":2}"#
        #expect(Self.failure("{\(body)}")?.refusal?.reason == .originNotAllowed(.noOrigin))
        #expect(Self.failure(#"{\#(body),"origin":"https://evil.example"}"#)?.category == "originNotAllowed")
        let iframe = FrameOrigin(scheme: "https", host: "shop.example", isMainFrame: false)
        #expect(
            Self.failure(#"{\#(body),"origin":"https://shop.example","isMainFrame":false}"#)?.refusal?.reason
                == .originNotAllowed(.notMainFrame(iframe)))
        #expect(Self.failure(#"{\#(body),"origin":"null"}"#)?.refusal?.reason == .originNotAllowed(.noOrigin))
        for origin in [#""origin":7"#, #""isMainFrame":false"#, #""origin":"https://shop.example","isMainFrame":"no""#] {
            #expect(Self.failure("{\(body),\(origin)}")?.category == "line.badOrigin", "\(origin)")
        }
    }

    /// Each fault of a line is its own failure, with the handler where the line names one.
    @Test func faultsOfTheLineAreTheirOwn() {
        let cases: [(String, String, String?)] = [
            ("{", "line.notJSON", nil),
            ("[1]", "line.noHandler", nil),
            (#"{"transport":"object","body":{}}"#, "line.noHandler", nil),
            (#"{"handler":"cart","transport":"fax","body":{}}"#, "line.noTransport", "cart"),
            (#"{"handler":"cart","transport":"string","body":{}}"#, "line.bodyMismatch", "cart"),
            (#"{"handler":"cart","transport":"string","bodyBase64":"%%"}"#, "line.notBase64", "cart"),
            (#"{"handler":"cart","transport":"string","bodyBase64":"/w=="}"#, "notUTF8", "cart"),
            (#"{"transport":"envelope","body":"{\"handler\":\"cart\"}"}"#, "envelope.malformed", nil),
            (#"{"transport":"envelope","handler":"close","body":"{\"version\":1,\"handler\":\"cart\"}"}"#, "line.handlerMismatch", "close"),
            (#"{"handler":"nowhere","transport":"absent"}"#, "unknownHandler", "nowhere"),
            (
                #"{"handler":"cart","transport":"string","body":"{\"sku\":1}","origin":"https://shop.example"}"#,
                "invalidMessage.typeMismatch", "cart"
            ),
        ]
        for (line, category, handler) in cases {
            let failure = Self.failure(line)
            #expect(failure?.category == category && failure?.handlerName == handler, "\(line): \(String(describing: failure))")
            #expect(failure.map { !$0.message.isEmpty } == true)
        }
        #expect(Self.failure("{")?.message.hasPrefix("the line is not JSON: line 1, column 2") == true)
    }
}
