/// How an injected snippet posts to native code.
public enum ScriptTransport: String, Sendable, Hashable, CaseIterable {
    /// `window.webkit.messageHandlers.NAME.postMessage(object)`: native code receives an object graph.
    case webKitObject = "webkit-object"
    /// `window.webkit.messageHandlers.NAME.postMessage(JSON.stringify(object))`.
    case webKitString = "webkit-string"
    /// An Android `@JavascriptInterface` object: `INTERFACE.METHOD(text)`; strings raw, objects as JSON.
    case android
    /// `window.ReactNativeWebView.postMessage(JSON.stringify(object))`.
    case reactNative = "react-native"
    /// Cordova InAppBrowser: `webkit.messageHandlers.cordova_iab.postMessage(JSON.stringify(object))`.
    case cordova
}
