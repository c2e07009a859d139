import BridgeCodec
import Foundation

/// A capture of bridge traffic, one JSON object a line, as an app logs what its WebView posts and
/// as `bridgecodec decode --jsonl` reads it; each line replays through any dispatcher, the app's
/// own channels included:
///
/// ```json
/// {"handler": "cart", "transport": "object", "body": {"sku": "A-1"}, "origin": "https://shop.example"}
/// {"handler": "cart", "transport": "string", "body": "{\"sku\":\"A-1\"}"}
/// {"handler": "paid", "transport": "argument", "body": "success"}
/// {"handler": "closed", "transport": "absent"}
/// {"transport": "envelope", "body": "{\"version\":1,\"handler\":\"cart\",\"body\":{}}"}
/// ```
///
/// A string body may be `"bodyBase64"` instead, for bytes that are not UTF-8. With `"origin"`
/// (a serialized origin, as androidx.webkit reports it; `"isMainFrame": false` for an iframe) the
/// channel's origin policy is replayed too; without one, a host list refuses the line, as it
/// refuses a message the platform reports no origin for.
public enum BridgeCapture {
    /// How a captured body reached native code.
    public enum Transport: String, Sendable, Hashable, CaseIterable {
        /// WKWebView: the page posted an object; native code received the graph WebKit builds.
        case object
        /// The page posted `JSON.stringify(data)`: Android, React Native, Cordova, WebKit string.
        case string
        /// A bare string argument of an Android interface method: `openHostedLink(url)`.
        case argument
        /// No body at all: `postMessage()`, `callbacks.canceled()`.
        case absent
        /// The text the page's client (`BridgeClient`) posts off WebKit; it names its own handler.
        case envelope

        /// Dispatches `body` (JSON text for `object` and `string`, raw text for `argument`, an
        /// envelope's text for `envelope`) as this transport delivers it. An envelope names its own
        /// handler; `handlerName` is not read for one.
        public func dispatch<Message>(
            _ body: String, handlerName: String, origin: FrameOrigin? = nil, through dispatcher: BridgeDispatcher<Message>
        ) throws(BridgeError) -> Message {
            switch self {
            case .envelope:
                let envelope: BridgeEnvelope
                do throws(BridgeEnvelope.Refusal) {
                    envelope = try BridgeEnvelope(jsonText: body, limits: dispatcher.limits)
                } catch {
                    throw error.error
                }
                return try dispatcher.dispatch(envelope, origin: origin, replyRoute: .none)
            case .string:
                return try dispatcher.dispatch(BridgeMessage(handlerName: handlerName, jsonText: body, origin: origin))
            case .argument:
                return try dispatcher.dispatch(BridgeMessage(handlerName: handlerName, stringArgument: body, origin: origin))
            case .absent:
                return try dispatcher.dispatch(handlerName: handlerName, foundationBody: nil, origin: origin)
            case .object:
                // A body read from a file is bounded as text first: it was read only as far as that bound.
                let document: JSONDocument
                do {
                    document = try JSONDocument(reading: body, limits: dispatcher.limits)
                } catch {
                    throw BridgeError(handlerName: handlerName, error)
                }
                return try dispatcher.dispatch(handlerName: handlerName, webKitGraphOf: document.root, origin: origin)
            }
        }
    }

    /// A line's message, and the handler it was posted to.
    public struct Replayed<Message: Sendable>: Sendable {
        /// The handler the line names (an envelope's own, for an envelope).
        public var handlerName: String
        /// The dispatcher's message.
        public var message: Message
    }

    /// Why a line gave no message: the line's own fault, or the dispatcher's refusal of its message.
    public struct Failure: Error, Sendable, Hashable, CustomStringConvertible {
        /// The handler the line names, when it names one.
        public var handlerName: String?
        /// The kind of fault, which holds no page data: `line.notJSON`, `line.noHandler`, `line.noTransport`,
        /// `line.bodyMismatch`, `line.notBase64`, `line.handlerMismatch`, `line.badOrigin`, `line.tooLong`,
        /// `notUTF8`, `envelope.malformed`, or the refusal's kind (`urlRejected.forbiddenScheme`).
        public var category: String
        /// A sentence that says what was wrong; a refusal's is `PATH: REASON`.
        public var message: String
        /// The dispatcher's refusal, when the line's message was read.
        public var refusal: BridgeError?

        /// A fault of the line itself.
        public init(handlerName: String? = nil, category: String, message: String) {
            self.handlerName = handlerName
            self.category = category
            self.message = message
            refusal = nil
        }

        /// The dispatcher's refusal of the line's message.
        public init(refusal: BridgeError) {
            handlerName = refusal.handlerName
            category = BridgeCapture.category(of: refusal.reason)
            message = "\(refusal.path): \(refusal.reason)"
            self.refusal = refusal
        }

        /// `message`.
        public var description: String { message }
    }

    /// A line may hold a body longer, deeper or wider than a body may be: the dispatcher's limits
    /// decide on the body, with a reason that names its handler.
    static let lineLimits = JSONLimits.largest

    /// Replays one line (without its line break) through `dispatcher`: the line's message, or why
    /// there is none. Blank lines are the caller's to skip.
    public static func replay<Message>(
        line: some Collection<UInt8>, through dispatcher: BridgeDispatcher<Message>
    ) -> Result<Replayed<Message>, Failure> {
        // The line is read once: the record's members are found in place, and an object body is
        // dispatched from the line's own tokens.
        let record: JSONDocument
        do {
            record = try JSONDocument(reading: line, limits: lineLimits)
        } catch {
            return .failure(Failure(category: "line.notJSON", message: "the line is not JSON: \(error.positionedDescription)"))
        }
        let fields = record.root
        guard fields.kind == .object else {
            return .failure(Failure(category: "line.noHandler", message: "the line needs a string \"handler\""))
        }
        let logged = fields.member(forKey: "handler")?.stringValue
        let origin: FrameOrigin?
        switch (fields.member(forKey: "origin"), fields.member(forKey: "isMainFrame")) {
        case (nil, nil): origin = nil
        case (let text?, let isMainFrame) where text.kind == .string && (isMainFrame == nil || isMainFrame?.kind == .bool):
            origin = FrameOrigin(serializedOrigin: text.stringValue ?? "", isMainFrame: isMainFrame?.boolValue ?? true)
        default:
            return .failure(
                Failure(
                    handlerName: logged, category: "line.badOrigin",
                    message: "\"origin\" is a serialized origin, and \"isMainFrame\" a boolean beside it"))
        }
        guard let transportName = fields.member(forKey: "transport")?.stringValue, let transport = Transport(rawValue: transportName) else {
            guard let logged else { return .failure(Failure(category: "line.noHandler", message: "the line needs a string \"handler\"")) }
            return .failure(
                Failure(
                    handlerName: logged, category: "line.noTransport",
                    message: "the line needs \"transport\": object, string, argument, absent or envelope"))
        }
        let body = fields.member(forKey: "body")
        if transport == .envelope { return replayEnvelope(body, logged: logged, origin: origin, through: dispatcher) }
        guard let handler = logged else {
            return .failure(Failure(category: "line.noHandler", message: "the line needs a string \"handler\""))
        }
        let text: String
        switch (transport, body, fields.member(forKey: "bodyBase64")) {
        case (.absent, _, _): text = ""
        case (.object, let value?, _):
            return replayed(handler) { () throws(BridgeError) in
                try dispatcher.dispatch(handlerName: handler, webKitGraphOf: value, origin: origin)
            }
        case (.string, let value?, _) where value.kind == .string, (.argument, let value?, _) where value.kind == .string:
            text = value.stringValue ?? ""
        case (.string, nil, let encoded?) where encoded.kind == .string:
            guard let bytes = Data(base64Encoded: encoded.stringValue ?? "") else {
                return .failure(Failure(handlerName: handler, category: "line.notBase64", message: "\"bodyBase64\" is not base64"))
            }
            guard let decoded = String(validatingUTF8Bytes: bytes) else {
                return .failure(Failure(handlerName: handler, category: "notUTF8", message: "$: the body is not valid UTF-8"))
            }
            text = decoded
        default:
            return .failure(
                Failure(
                    handlerName: handler, category: "line.bodyMismatch",
                    message: "the line's \"body\" does not suit transport \(transportName)"))
        }
        return replayed(handler) { () throws(BridgeError) in
            try transport.dispatch(text, handlerName: handler, origin: origin, through: dispatcher)
        }
    }

    /// Replays one line of text; see ``replay(line:through:)-(some Collection<UInt8>,_)``.
    public static func replay<Message>(line: String, through dispatcher: BridgeDispatcher<Message>) -> Result<Replayed<Message>, Failure> {
        replay(line: Array(line.utf8), through: dispatcher)
    }

    private static func replayed<Message>(
        _ handler: String, _ dispatch: () throws(BridgeError) -> Message
    ) -> Result<Replayed<Message>, Failure> {
        do throws(BridgeError) {
            return .success(Replayed(handlerName: handler, message: try dispatch()))
        } catch {
            return .failure(Failure(refusal: error))
        }
    }

    /// A line holding an envelope of the page's client: its handler is the envelope's, and a
    /// "handler" on the line, when there is one, must be the same.
    private static func replayEnvelope<Message>(
        _ body: JSONDocument.Node?, logged: String?, origin: FrameOrigin?, through dispatcher: BridgeDispatcher<Message>
    ) -> Result<Replayed<Message>, Failure> {
        guard let text = body?.stringValue else {
            return .failure(
                Failure(handlerName: logged, category: "line.bodyMismatch", message: "an envelope line's \"body\" is its text, a string"))
        }
        let envelope: BridgeEnvelope
        do throws(BridgeEnvelope.Refusal) {
            envelope = try BridgeEnvelope(jsonText: text, limits: dispatcher.limits)
        } catch {
            return .failure(Failure(handlerName: logged, category: "envelope.malformed", message: "\(error.error)"))
        }
        if let logged, !logged.hasSameCodeUnits(as: envelope.handlerName) {
            return .failure(
                Failure(
                    handlerName: logged, category: "line.handlerMismatch",
                    message: "the line's handler is not the envelope's, \(JSONValue.string(envelope.handlerName).jsonText)"))
        }
        return replayed(envelope.handlerName) { () throws(BridgeError) in
            try dispatcher.dispatch(envelope, origin: origin, replyRoute: .none)
        }
    }

    /// The kind of `reason`, which holds no page data.
    static func category(of reason: BridgeError.Reason) -> String {
        switch reason {
        case .unknownHandler: "unknownHandler"
        case .originNotAllowed: "originNotAllowed"
        case .postsOnly: "postsOnly"
        case .invalidEnvelope: "envelope.malformed"
        case .invalidMessage(let reason):
            switch reason {
            case .malformedJSON: "malformedJSON"
            case .typeMismatch: "invalidMessage.typeMismatch"
            case .missingKey: "invalidMessage.missingKey"
            case .missingElement: "invalidMessage.missingElement"
            case .numberNotRepresentable: "invalidMessage.numberNotRepresentable"
            case .invalidValue: "invalidMessage.invalidValue"
            case .unknownDiscriminator: "invalidMessage.unknownDiscriminator"
            case .unsupportedObject: "invalidMessage.unsupportedObject"
            case .nonStringKey: "invalidMessage.nonStringKey"
            case .nonFiniteNumber: "invalidMessage.nonFiniteNumber"
            case .nestingTooDeep: "limit.nestingTooDeep"
            case .stringTooLong: "limit.stringTooLong"
            case .tooManyMembers: "limit.tooManyMembers"
            case .tooLarge: "limit.tooLarge"
            case .cycle: "invalidMessage.cycle"
            case .urlRejected(let violation): "urlRejected." + category(of: violation)
            }
        }
    }

    /// A refused URL's kind; one that does not read is counted by why, as the reader says it.
    private static func category(of violation: URLPolicy.Violation) -> String {
        switch violation {
        case .unreadable(let error):
            switch error {
            case .empty: "empty"
            case .tooLong: "tooLong"
            case .relative: "relative"
            case .missingHost: "missingHost"
            case .invalidHost: "invalidHost"
            case .invalidPort: "invalidPort"
            case .fileURL: "fileURL"
            }
        case .tooLong: "tooLong"
        case .forbiddenScheme: "forbiddenScheme"
        case .schemeNotAllowed: "schemeNotAllowed"
        case .userInfo: "userInfo"
        case .notRepresentable: "notRepresentable"
        }
    }
}
