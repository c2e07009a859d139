/// One message from the page: the handler it was posted to, its body, and where it came from.
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
