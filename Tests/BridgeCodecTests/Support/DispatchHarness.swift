import BridgeCodec
import BridgeCodecProviders
import BridgeCodecTesting
import Foundation
import SwedbankPayMerchantBackend
import Testing

/// Sends one body through every transport and checks they agree.
struct DispatchHarness<Message: Sendable & Equatable> {
    var dispatcher: BridgeDispatcher<Message>

    /// The result of `jsonText` posted to `handler` as JSON text (through both text entry points),
    /// as a structured value, as the graph JSONSerialization makes of it, and, when its numbers are
    /// written as JavaScript writes them, as the graph WebKit hands a WKWebView app for the same
    /// JavaScript value (``WebKitBody``); all must be equal but for the place in the text that a
    /// limit breached in text names.
    func dispatch(_ handler: String, _ jsonText: String, sourceLocation: SourceLocation = #_sourceLocation)
        -> Result<Message, BridgeError>
    {
        let viaText = dispatcher.outcome(BridgeMessage(handlerName: handler, jsonText: jsonText))
        #expect(
            dispatcher.outcome(handlerName: handler, jsonText: jsonText) == viaText,
            "the message and the name-and-text entry points disagree on \(jsonText)", sourceLocation: sourceLocation)
        if case .failure(let error) = viaText {
            #expect(
                (error.textPosition != nil) == Self.isLimitBreach(error.reason),
                "a text position where no limit was breached, or none where one was: \(error)", sourceLocation: sourceLocation)
        }
        let placeless = viaText.mapError { error in
            var error = error
            error.textPosition = nil
            return error
        }
        let value = try? JSONValue(parsing: jsonText, limits: .largest)
        if let value, value.jsonText.utf8.count <= jsonText.utf8.count {
            let viaValue = dispatcher.outcome(BridgeMessage(handlerName: handler, body: .value(value)))
            #expect(viaValue == placeless, "a structured body and text disagree on \(jsonText)", sourceLocation: sourceLocation)
        }
        if let graph = try? JSONSerialization.jsonObject(with: Data(jsonText.utf8), options: .fragmentsAllowed),
            Self.foundationReadsFaithfully(jsonText)
        {
            let viaGraph = dispatcher.outcome(handlerName: handler, foundationBody: graph)
            #expect(viaGraph == placeless, "object and string transports disagree on \(jsonText)", sourceLocation: sourceLocation)
        }
        if let value {
            let viaWebKit = dispatcher.outcome(handlerName: handler, foundationBody: WebKitBody.graph(for: value))
            // Only where the text's numbers are what the page's JSON.stringify writes for their doubles.
            if WebKitBody.value(for: value) == value {
                #expect(
                    viaWebKit == placeless, "the graph WebKit hands over and text disagree on \(jsonText)", sourceLocation: sourceLocation)
            }
            // A captured object body reads as that graph, whatever its numbers' text: on a line of
            // a capture, and as a body of its own (bounded as text first).
            let line = #"{"handler":"# + JSONValue.string(handler).jsonText + #","transport":"object","body":"# + jsonText + "}"
            let viaLine: Result<Message, BridgeError>? =
                switch BridgeCapture.replay(line: line, through: dispatcher) {
                case .success(let replayed): .success(replayed.message)
                case .failure(let failure): failure.refusal.map { .failure($0) }
                }
            #expect(viaLine == viaWebKit, "a captured line and WebKit's graph disagree on \(jsonText)", sourceLocation: sourceLocation)
            if (try? JSONValue(parsing: jsonText, limits: dispatcher.limits)) != nil {
                let viaBody = Result { () throws(BridgeError) in
                    try BridgeCapture.Transport.object.dispatch(jsonText, handlerName: handler, through: dispatcher)
                }
                #expect(viaBody == viaWebKit, "a captured body and WebKit's graph disagree on \(jsonText)", sourceLocation: sourceLocation)
            }
        }
        return viaText
    }

    /// Whether `reason` is a ``JSONLimits`` limit: the breaches text reports with a place.
    static func isLimitBreach(_ reason: BridgeError.Reason) -> Bool {
        switch reason {
        case .invalidMessage(.nestingTooDeep), .invalidMessage(.stringTooLong), .invalidMessage(.tooManyMembers),
            .invalidMessage(.tooLarge):
            true
        default: false
        }
    }

    /// JSONSerialization keeps the last of duplicate keys and accepts what strict JSON rejects;
    /// only bodies that are strict JSON are compared across transports.
    private static func foundationReadsFaithfully(_ text: String) -> Bool {
        (try? JSONValue(parsing: text)) != nil
    }

    /// The decoded message, recording an issue on rejection.
    func accept(_ handler: String, _ jsonText: String, sourceLocation: SourceLocation = #_sourceLocation) -> Message? {
        switch dispatch(handler, jsonText, sourceLocation: sourceLocation) {
        case .success(let message): return message
        case .failure(let error):
            Issue.record("rejected \(jsonText): \(error)", sourceLocation: sourceLocation)
            return nil
        }
    }

    /// The error, recording an issue on acceptance.
    func reject(_ handler: String, _ jsonText: String, sourceLocation: SourceLocation = #_sourceLocation) -> BridgeError? {
        switch dispatch(handler, jsonText, sourceLocation: sourceLocation) {
        case .success(let message):
            Issue.record("accepted \(jsonText) as \(message)", sourceLocation: sourceLocation)
            return nil
        case .failure(let error): return error
        }
    }
}

extension DispatchHarness where Message == ProviderMessage {
    /// Every provider channel, with Branch's app scheme allowed.
    init() {
        dispatcher = BridgeDispatcher(
            channels: BridgeChannel.allProviders(origins: .anyOrigin), urlPolicy: .https(plusAppSchemes: ["branchapp"]))
    }
}
