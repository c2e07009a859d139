import Foundation

/// What the app sends back for a request, for the transport it came on.
public enum BridgeAnswer: Sendable, Hashable {
    /// Nothing: the message was a post.
    case none
    /// The arguments of WebKit's reply handler: a value (``JSONValue/foundationObject``) or an
    /// error text, never both.
    case webKitReply(value: JSONValue?, errorMessage: String?)
    /// The text for androidx.webkit's `JavaScriptReplyProxy.postMessage`.
    case replyProxyText(String)
    /// A script for `evaluateJavascript` (Android) or `injectJavaScript` (React Native, Cordova).
    case script(String)
}

extension JSONValue {
    /// The value as the JSON-compatible Foundation objects WebKit's reply handler and
    /// `JSONSerialization` take: `NSNull`, `NSNumber`, `String`, `[Any]` and `[String: Any]`.
    /// An integer that fits an `Int64` stays an integer; any other number is its nearest
    /// `Double`, as JavaScript reads it. Of two keys that are one Swift `String` (NFC and NFD
    /// forms), which a Swift dictionary cannot hold apart, the first is kept.
    public var foundationObject: Any {
        switch self {
        case .null: NSNull()
        case .bool(let bool): NSNumber(value: bool)
        case .number(let number): number.exactInteger(Int64.self).map { NSNumber(value: $0) } ?? NSNumber(value: number.doubleValue)
        case .string(let string): string
        case .array(let elements): elements.map(\.foundationObject)
        case .object(let object):
            Dictionary(object.members.map { ($0.key, $0.value.foundationObject) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
