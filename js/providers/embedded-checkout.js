// UCP's Embedded Checkout Protocol: the checkout page posts JSON-RPC text to
// window.EmbeddedCheckoutProtocolConsumer.postMessage(message), the global the spec prefers,
// which forwards it to config.handler. The host's answers arrive as the app's event
// config.event through the page's client (BridgeHost installs it first, with the secret of this
// document), and go to the page's window.EmbeddedCheckoutProtocol.postMessage(message) as an
// object: so an answer reaches this document only, never the page the web view shows after a
// redirect. What the consumer calls is taken now, before any page script runs.
var post = bridgecodecPost;
var StringType = String;
var TypeErrorType = TypeError;

function postMessage(message) {
  // The spec's consumer takes JSON-RPC text; the host parses it, so nothing else is sent.
  if (typeof message !== "string") throw new TypeErrorType("EmbeddedCheckoutProtocolConsumer.postMessage takes JSON text");
  post(config, config.handler, StringType(message));
}

Object.defineProperty(window, "EmbeddedCheckoutProtocolConsumer", {
  value: Object.freeze({ postMessage: postMessage }),
  configurable: false,
  writable: false,
  enumerable: false,
});

var client = window[config.global];
if (client && typeof client.on === "function") {
  client.on(config.event, function (message) {
    var protocol = window.EmbeddedCheckoutProtocol;
    if (protocol && typeof protocol.postMessage === "function") protocol.postMessage(message);
  });
}
