import Foundation

/// What the app sends back for a request, for the transport it came on.
public enum BridgeAnswer: Sendable, Hashable {
    /// Nothing: the message was a post.
    case none
    /// The arguments of WebKit's reply handler: the value as the reply's JSON text, or an error
    /// text, never both. ``webKitReplyArguments`` reads the text as the Foundation value the reply
    /// handler takes.
    case webKitReply(json: String?, errorMessage: String?)
    /// The text for androidx.webkit's `JavaScriptReplyProxy.postMessage`.
    case replyProxyText(String)
    /// A script for `evaluateJavascript` (Android) or `injectJavaScript` (React Native, Cordova).
    case script(String)

    /// For a ``webKitReply(json:errorMessage:)``, the two arguments of WebKit's `replyHandler`:
    /// the value read from its text as the JSON-compatible Foundation objects the handler takes
    /// (`NSNull`, `NSNumber`, `String`, `[Any]`, `[String: Any]`), or the error text; `nil` for
    /// any other answer.
    ///
    /// An integer that fits an `Int64` stays an integer; any other number is its nearest `Double`,
    /// as JavaScript reads it. Of two keys that are one Swift `String` (NFC and NFD forms), which a
    /// Swift dictionary cannot hold apart, the first is kept. A value nested deeper than
    /// ``JSONLimits/deepestNesting`` levels, which WebKit's reply cannot carry either, is the
    /// error text that says so.
    public var webKitReplyArguments: (value: Any?, errorMessage: String?)? {
        guard case .webKitReply(let json, let errorMessage) = self else { return nil }
        guard let json else { return (nil, errorMessage) }
        do throws(JSONError) {
            return (try JSONDocument(reading: json, limits: .largest).root.foundationObject, nil)
        } catch {
            return (nil, "the app's answer cannot be read as a value: \(error)")
        }
    }
}

extension JSONDocument.Node {
    /// The value as the Foundation objects ``BridgeAnswer/webKitReplyArguments`` describes.
    var foundationObject: Any {
        switch kind {
        case .null: return NSNull()
        case .bool: return NSNumber(value: boolValue ?? false)
        case .number: return exactInteger(Int64.self).map { NSNumber(value: $0) } ?? NSNumber(value: doubleValue ?? 0)
        case .string: return stringValue ?? ""
        case .array: return elements.map { $0.map(\.foundationObject) } ?? []
        case .object:
            return Dictionary((members ?? []).map { ($0.key, $0.value.foundationObject) }, uniquingKeysWith: { first, _ in first })
        }
    }
}
