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

// Decoded and written with JSON as it is when the script is injected, before any page script
// could wrap it and read what is posted.
var bridgecodecStringify = JSON.stringify;
var bridgecodecParse = JSON.parse;

// The JSON text of `body`, which every transport posts (or, to a WebKit object handler, its
// value): WebKit delivers nothing, and reports nothing, for a value that holds a function or a
// Symbol, and JSON.stringify throws on a BigInt. Such a member is left out here (a function or
// Symbol as JSON leaves it out, a BigInt as WebKit does), so the message arrives and the app
// decides on it. No body is null.
function bridgecodecJSON(body) {
  var text = bridgecodecStringify(body === undefined ? null : body, function (key, value) {
    return typeof value === "bigint" ? undefined : value;
  });
  return text === undefined ? "null" : text;
}

// What a WebKit handler is posted for `body`: its JSON text over webkit-string, the value of that
// text over webkit-object, where no body stays none (postMessage(undefined)).
function bridgecodecWebKitBody(config, body) {
  if (config.transport === "webkit-string") return bridgecodecJSON(body);
  return body === undefined ? undefined : bridgecodecParse(bridgecodecJSON(body));
}

// Posts `body` to the native handler `name` over `config.transport`. Shared by every snippet.
// Handler and interface names come from `config` (data, never code).
function bridgecodecPost(config, name, body) {
  switch (config.transport) {
    case "webkit-object":
    case "webkit-string":
      window.webkit.messageHandlers[name].postMessage(bridgecodecWebKitBody(config, body));
      return;
    case "android": {
      // An @JavascriptInterface object: strings go as they are (openHostedLink(url), completed("success")),
      // objects as JSON text, and no body as no argument (canceled()).
      var bridge = window[config.androidInterface];
      var method = config.androidMethod || name;
      if (body === undefined) {
        bridge[method]();
      } else {
        bridge[method](typeof body === "string" ? body : bridgecodecJSON(body));
      }
      return;
    }
    case "android-listener":
      // androidx.webkit's web-message listener object named after the handler: text only.
      bridgecodecListener(name).postMessage(bridgecodecJSON(body));
      return;
    case "react-native":
      window.ReactNativeWebView.postMessage(bridgecodecJSON(body));
      return;
    case "cordova":
      if (!window.webkit || !window.webkit.messageHandlers || !window.webkit.messageHandlers.cordova_iab) {
        throw new Error("Cordova InAppBrowser postMessage API not found");
      }
      window.webkit.messageHandlers.cordova_iab.postMessage(bridgecodecJSON(body));
      return;
    default:
      throw new Error("unknown transport " + String(config.transport));
  }
}
