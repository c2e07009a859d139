/// How an injected snippet posts to native code.
public enum ScriptTransport: String, Sendable, Hashable, CaseIterable {
    /// `window.webkit.messageHandlers.NAME.postMessage(object)`: native code receives an object graph.
    case webKitObject = "webkit-object"
    /// `window.webkit.messageHandlers.NAME.postMessage(JSON.stringify(object))`.
    case webKitString = "webkit-string"
    /// An Android `@JavascriptInterface` object: `INTERFACE.METHOD(text)`; strings raw, objects as JSON.
    case android
    /// androidx.webkit's web-message listener, one per handler (`WebViewCompat.addWebMessageListener`
    /// with the handler's name as the object's name): `NAME.postMessage(JSON.stringify(object))`.
    /// It reports the frame's origin, so a channel keeps a host list (``OriginPolicy/allowedOriginRules``).
    case androidListener = "android-listener"
    /// `window.ReactNativeWebView.postMessage(JSON.stringify(object))`.
    case reactNative = "react-native"
    /// Cordova InAppBrowser: `webkit.messageHandlers.cordova_iab.postMessage(JSON.stringify(object))`.
    case cordova
}
