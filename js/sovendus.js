// Sovendus banner: forward "open this URL" requests from the banner's content (window.postMessage on
// channel "sovendus:integration") and every change of the page height to native code, which opens URLs
// in the browser and resizes the WebView (applying only heights above 100).
window.addEventListener("message", function (event) {
  var data = event.data;
  if (!data || data.channel !== "sovendus:integration" || !data.payload || typeof data.payload.url !== "string") {
    return;
  }
  bridgecodecPost(config, config.handler, { type: "openUrl", value: data.payload.url });
});

(function observeHeight() {
  var lastHeight = -1;
  function report() {
    var height = document.body ? document.body.scrollHeight : 0;
    if (height !== lastHeight) {
      lastHeight = height;
      bridgecodecPost(config, config.handler, { type: "height", value: height });
    }
  }
  if (typeof ResizeObserver === "function" && document.body) {
    new ResizeObserver(report).observe(document.body);
  }
  report();
})();
