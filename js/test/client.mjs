// The page-side client's scenario, shared by the node:vm, Chromium and WebKit tests: posts and
// requests on every transport, answered by stand-ins for the native objects with what the Swift
// side writes (bridgecodec script reply), in reverse order, one never, one with an error.
import { script, run, decodeAll } from "./support.mjs";
import assert from "node:assert/strict";

export const transports = ["webkit-object", "webkit-string", "android", "android-listener", "react-native", "cordova"];
export const hostile = "</script><script>alert(1)</script>\u2028\u2029'\"\\${`}";

/** What the page sends: a post, then requests 1 to 5 (4 is never answered, 5 goes to no channel). */
export const requests = [
  { handler: "cart", body: { sku: "A", note: hostile } },
  { handler: "cart", body: { sku: "B", list: [1, 2.5, null, true] } },
  { handler: "cart", body: { sku: "E" } },
  { handler: "cart", body: { sku: "T" }, timeoutMs: 300 },
  { handler: "missing", body: 1 },
];

/** The app's answers to requests 1 to 3 and to the unknown handler. */
export const answers = {
  1: { value: { total: "12.50", note: hostile, nested: { [hostile]: [hostile] } } },
  2: { value: [1, "two", null, false, { three: 3 }] },
  3: { error: `cart: out of stock ${hostile}` },
  5: { error: "missing: no channel is registered under this handler name" },
};

/** What the Swift side sends back for request `id` over `transport`. */
export function reply(transport, id) {
  const answer = answers[id];
  const args = ["reply", "--transport", transport, "--request-id", String(id)];
  if (answer.value !== undefined) args.push("--value", JSON.stringify(answer.value));
  else args.push("--error", answer.error);
  return script(args);
}

/** The stand-in natives and the scenario, as one script for a page (`{{...}}` filled here). */
export function pageScript(transport) {
  const replies = {};
  for (const id of Object.keys(answers)) replies[id] = reply(transport, Number(id));
  return `
(function () {
  var transport = ${JSON.stringify(transport)};
  var replies = ${JSON.stringify(replies)};
  var sent = [];
  var waiting = [];
  var listeners = [];
  function record(via, name, args) { sent.push({ via: via, name: name, args: JSON.parse(JSON.stringify(args)) }); }
  function envelope(text) { var e = JSON.parse(text); waiting.push(e); }
  if (transport === "webkit-object" || transport === "webkit-string") {
    var handler = function (name) {
      return { postMessage: function (body) {
        record("webkit", name, [body]);
        if (name === "log") return undefined;
        return new Promise(function (resolve, reject) { waiting.push({ resolve: resolve, reject: reject }); });
      } };
    };
    window.webkit = { messageHandlers: { cart: handler("cart"), log: handler("log") } };
  } else if (transport === "android") {
    window.Android = { postMessage: function (text) { record("android", "Android", [text]); envelope(text); } };
  } else if (transport === "android-listener") {
    var listenerObject = function (name) {
      return {
        postMessage: function (text) { record("android-listener", name, [text]); envelope(text); },
        addEventListener: function (type, listener) { if (type === "message") listeners.push(listener); },
      };
    };
    window.cart = listenerObject("cart");
    window.log = listenerObject("log");
    window.missing = listenerObject("missing");
  } else if (transport === "react-native") {
    window.ReactNativeWebView = { postMessage: function (text) { record("react-native", null, [text]); envelope(text); } };
  } else if (transport === "cordova") {
    window.webkit = { messageHandlers: { cordova_iab: { postMessage: function (text) { record("cordova", "cordova_iab", [text]); envelope(text); } } } };
  }
  // Answers every request but the fourth, last first, as native code answers them.
  function answerAll() {
    for (var i = waiting.length - 1; i >= 0; i--) {
      var id = i + 1;
      if (id === 4 || !replies[id]) continue;
      var text = replies[id];
      if (transport === "webkit-object" || transport === "webkit-string") {
        // WebKit hands the reply handler's value to the page as the Promise's value, or rejects with its text.
        if (${JSON.stringify(answers)}[id].value !== undefined) waiting[i].resolve(JSON.parse(text));
        else waiting[i].reject(new Error(text.replace(/\\n$/, "")));
      } else if (transport === "android-listener") {
        for (var j = 0; j < listeners.length; j++) listeners[j]({ data: text.replace(/\\n$/, "") });
      } else {
        (0, eval)(text);
      }
    }
  }
  var client = window.bridgecodec;
  client.post("log", { event: "opened", note: ${JSON.stringify(hostile)} });
  var pending = ${JSON.stringify(requests)}.map(function (r) {
    return client.request(r.handler, r.body, r.timeoutMs ? { timeoutMs: r.timeoutMs } : undefined);
  });
  answerAll();
  return Promise.allSettled(pending).then(function (outcomes) {
    return {
      sent: sent,
      outcomes: outcomes.map(function (o) {
        return o.status === "fulfilled" ? { value: o.value } : { error: String(o.reason && o.reason.message) };
      }),
    };
  });
})()`;
}

/** Checks one run's report: what was sent, and how every request ended. */
export function check(transport, report) {
  const webkit = transport === "webkit-object" || transport === "webkit-string";
  assert.deepEqual(report.outcomes[0], answers[1]);
  assert.deepEqual(report.outcomes[1], answers[2]);
  assert.deepEqual(report.outcomes[2], answers[3]);
  assert.match(report.outcomes[3].error, /"cart" did not answer within 300 ms/);
  assert.deepEqual(report.outcomes[4], webkit ? { error: 'bridgecodec: no handler "missing"' } : answers[5]);
  // The post, then one message per request that reached a native object.
  const bodies = report.sent.map((message) => message.args[0]);
  if (webkit) {
    const decode = (body) => (transport === "webkit-string" ? JSON.parse(body) : body);
    assert.deepEqual(report.sent.map((message) => message.name), ["log", "cart", "cart", "cart", "cart"]);
    assert.deepEqual(decode(bodies[0]), { event: "opened", note: hostile });
    assert.deepEqual(bodies.slice(1).map(decode), requests.slice(0, 4).map((r) => r.body));
  } else {
    const envelopes = bodies.map((text) => JSON.parse(text));
    assert.deepEqual(envelopes[0], { handler: "log", body: { event: "opened", note: hostile } });
    assert.deepEqual(envelopes.slice(1), requests.map((r, index) => ({ handler: r.handler, id: index + 1, body: r.body })));
    if (transport === "android-listener") assert.deepEqual(report.sent.map((m) => m.name), ["log", "cart", "cart", "cart", "cart", "missing"]);
    // The Swift side reads every envelope as the engine wrote it; none of these handlers is a provider's.
    const decoded = decodeAll(bodies.map((text) => ({ transport: "envelope", body: text })));
    assert.deepEqual(decoded.map((line) => line.handler), ["log", "cart", "cart", "cart", "cart", "missing"]);
    assert.ok(decoded.every((line) => line.error === "$: no channel is registered under this handler name"), JSON.stringify(decoded));
  }
}

/** The client for `transport`, from the CLI. */
export function client(transport) {
  return script(["bridge", "--transport", transport]);
}

export { run };
