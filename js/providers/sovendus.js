// Sovendus banner: forward "open this URL" requests from the banner's content (window.postMessage on
// channel "sovendus:integration", payload {action: "openInNativeBrowser", url, version}) and every
// change of the page height to native code, which opens URLs in the browser and resizes the WebView
// (applying only heights above 100). A payload without an action, as Sovendus' shipped integrations
// send it, is read the same. A URL that is empty or not a string goes on too: native code refuses it
// with its reason, as Sovendus' integrations refuse it, rather than never hearing of it. Over Android
// the height goes as a string, as Sovendus' Android integration posts it.
//
// config.messageOrigins, when set, lists the origins whose messages are forwarded: "https://a.example"
// exactly, or "https://*.example.com" for its subdomains over that scheme. Unset, any frame may ask.
function sovendusAllowsOrigin(origin) {
  var allowed = config.messageOrigins;
  if (allowed === undefined || allowed === null) return true;
  if (typeof origin !== "string") return false;
  for (var i = 0; i < allowed.length; i++) {
    var entry = allowed[i];
    if (entry === origin) return true;
    var wildcard = entry.indexOf("://*.");
    if (wildcard > 0) {
      var scheme = entry.slice(0, wildcard + 3);
      var suffix = entry.slice(wildcard + 4);
      if (origin.slice(0, scheme.length) === scheme && origin.length > scheme.length + suffix.length &&
          origin.slice(origin.length - suffix.length) === suffix) {
        return true;
      }
    }
  }
  return false;
}

window.addEventListener("message", function (event) {
  var data = event.data;
  if (!data || data.channel !== "sovendus:integration" || !data.payload) return;
  var payload = data.payload;
  if (payload.action !== undefined && payload.action !== "openInNativeBrowser") return;
  if (!sovendusAllowsOrigin(event.origin)) return;
  bridgecodecPost(config, config.handler, { type: "openUrl", value: payload.url });
});

(function observeHeight() {
  var lastHeight = -1;
  function report() {
    var height = document.body ? document.body.scrollHeight : 0;
    if (height !== lastHeight) {
      lastHeight = height;
      bridgecodecPost(config, config.handler, { type: "height", value: config.transport === "android" ? String(height) : height });
    }
  }
  if (typeof ResizeObserver === "function" && document.body) {
    new ResizeObserver(report).observe(document.body);
  }
  report();
})();
