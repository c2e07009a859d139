// androidx.webkit's listener object for the handler `name`, never a window (self, top, parent,
// a frame): their postMessage and message events are other documents', which must not carry
// a message or answer a request.
function bridgecodecListener(name) {
  var target = window[name];
  if (!target || typeof target.postMessage !== "function" || target.window === target) {
    throw new Error("bridgecodec: no handler " + JSON.stringify(name));
  }
  return target;
}

// Posts `body` to the native handler `name` over `config.transport`. Shared by every snippet.
// Handler and interface names come from `config` (data, never code).
function bridgecodecPost(config, name, body) {
  switch (config.transport) {
    case "webkit-object":
      window.webkit.messageHandlers[name].postMessage(body);
      return;
    case "webkit-string":
      window.webkit.messageHandlers[name].postMessage(JSON.stringify(body === undefined ? null : body));
      return;
    case "android": {
      // An @JavascriptInterface object: strings go as they are (openHostedLink(url), completed("success")),
      // objects as JSON text, and no body as no argument (canceled()).
      var bridge = window[config.androidInterface];
      var method = config.androidMethod || name;
      if (body === undefined) {
        bridge[method]();
      } else {
        bridge[method](typeof body === "string" ? body : JSON.stringify(body));
      }
      return;
    }
    case "android-listener":
      // androidx.webkit's web-message listener object named after the handler: text only.
      bridgecodecListener(name).postMessage(JSON.stringify(body === undefined ? null : body));
      return;
    case "react-native":
      window.ReactNativeWebView.postMessage(JSON.stringify(body === undefined ? null : body));
      return;
    case "cordova":
      if (!window.webkit || !window.webkit.messageHandlers || !window.webkit.messageHandlers.cordova_iab) {
        throw new Error("Cordova InAppBrowser postMessage API not found");
      }
      window.webkit.messageHandlers.cordova_iab.postMessage(JSON.stringify(body === undefined ? null : body));
      return;
    default:
      throw new Error("unknown transport " + String(config.transport));
  }
}
