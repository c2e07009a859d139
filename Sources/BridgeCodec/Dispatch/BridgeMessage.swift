/// One message from the page: the handler it was posted to, its body, and where it came from.
///
/// Two messages are equal when the page could not tell them apart: handler names and text
/// compare by their code units, as JavaScript compares strings (Swift's `==` would call NFC and
/// NFD `"é"` equal, and the dispatcher routes them to different channels).
public struct BridgeMessage: Sendable, Hashable {
    /// A message body in the form a transport delivers it.
    public enum Body: Sendable, Hashable {
        /// No body: `postMessage()` or `callbacks.canceled()`. Decodes as JSON `null`.
        case absent
        /// JSON text, as posted with `JSON.stringify` (Android, React Native, Cordova, WebKit string).
        case jsonText(String)
        /// A structured value, such as a WKWebView body converted with ``JSONValue/init(foundationObject:limits:)``
        /// or a bare string argument of an Android interface method.
        case value(JSONValue)
    }

    /// The handler name the page posted to (`window.webkit.messageHandlers.NAME`, or the channel's name on Android).
    public var handlerName: String
    /// The body.
    public var body: Body
    /// The sending frame's origin, when the platform reports it.
    public var origin: FrameOrigin?

    /// A message posted to `handlerName` with `body`; `origin` is `nil` where the platform reports none (Android).
    public init(handlerName: String, body: Body, origin: FrameOrigin? = nil) {
        self.handlerName = handlerName
        self.body = body
        self.origin = origin
    }

    /// A message whose body is JSON text.
    public init(handlerName: String, jsonText: String, origin: FrameOrigin? = nil) {
        self.init(handlerName: handlerName, body: .jsonText(jsonText), origin: origin)
    }

    /// A message whose body is a bare string argument, not JSON: `openHostedLink(url)`, `completed("success")`.
    public init(handlerName: String, stringArgument: String, origin: FrameOrigin? = nil) {
        self.init(handlerName: handlerName, body: .value(.string(stringArgument)), origin: origin)
    }
}

extension BridgeMessage {
    /// Whether the handler names have the same code units, and the bodies and origins are equal.
    public static func == (lhs: BridgeMessage, rhs: BridgeMessage) -> Bool {
        lhs.handlerName.hasSameCodeUnits(as: rhs.handlerName) && lhs.body == rhs.body && lhs.origin == rhs.origin
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        handlerName.hashCodeUnits(into: &hasher)
        hasher.combine(body)
        hasher.combine(origin)
    }
}

extension BridgeMessage.Body {
    /// Whether both are absent, both texts with the same code units, or both equal values.
    public static func == (lhs: BridgeMessage.Body, rhs: BridgeMessage.Body) -> Bool {
        switch (lhs, rhs) {
        case (.absent, .absent): true
        case (.jsonText(let left), .jsonText(let right)): left.hasSameCodeUnits(as: right)
        case (.value(let left), .value(let right)): left == right
        default: false
        }
    }

    /// Hashes what ``==(_:_:)`` compares.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .absent: hasher.combine(0)
        case .jsonText(let text):
            hasher.combine(1)
            text.hashCodeUnits(into: &hasher)
        case .value(let value):
            hasher.combine(2)
            hasher.combine(value)
        }
    }
}
