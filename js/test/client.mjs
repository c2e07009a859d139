// The page-side client's scenario, shared by the node:vm, Chromium and WebKit tests: posts,
// requests and the app's events on every transport, answered by stand-ins for the native objects
// with what the Swift side writes (bridgecodec script reply, script event), in reverse order,
// one never, one with an error; and a hostile script that runs after the client was injected,
// wraps what it can reach and tries to answer and to deliver events itself.
import { script, run, decodeAll } from "./support.mjs";
import assert from "node:assert/strict";

export const transports = ["webkit-object", "webkit-string", "android", "android-listener", "react-native", "cordova"];
export const hostile = "</script><script>alert(1)</script>\u2028\u2029'\"\\${`}";
/** The page's secret, as the app would make it for one page load. */
export const secret = "Pq7_test-SECRET-0123456789abcdef";
/** The client's channels: "cart" and "missing" answer ("missing" is not registered in the app), "log" takes posts. */
const channelOptions = ["--channels", "cart,missing", "--posts", "log"];

/** What the page sends: a post, then requests 1 to 7 (4 is never answered, 5 goes to no channel of the app, 6 to a posts-only one, 7 to one the client does not know). */
export const requests = [
  { handler: "cart", body: { sku: "A", note: hostile } },
  { handler: "cart", body: { sku: "B", list: [1, 2.5, null, true] } },
  { handler: "cart", body: { sku: "E" } },
  { handler: "cart", body: { sku: "T" }, timeoutMs: 300 },
  { handler: "missing", body: 1 },
  { handler: "log", body: 2 },
  { handler: "nowhere", body: 3 },
];

/** The app's answers to requests 1 to 3 and to the unknown handler. */
export const answers = {
  1: { value: { total: "12.50", note: hostile, nested: { [hostile]: [hostile] } } },
  2: { value: [1, "two", null, false, { three: 3 }] },
  3: { error: `cart: out of stock ${hostile}` },
  5: { error: "missing: no channel is registered under this handler name" },
};

/** The app's events: one before anyone subscribes, one after. */
export const events = { early: { n: 1, note: hostile }, cartChanged: { items: [hostile, 2] } };

/** What the Swift side sends back for request `id` over `transport`. */
export function reply(transport, id) {
  const answer = answers[id];
  const args = ["reply", "--transport", transport, "--request-id", String(id), "--secret", secret];
  if (answer.value !== undefined) args.push("--value", JSON.stringify(answer.value));
  else args.push("--error", answer.error);
  return script(args);
}

/** The app's event `name` with `detail`. */
export function event(name, detail) {
  return script(["event", "--secret", secret, "--event", name, "--detail", JSON.stringify(detail)]);
}

/** The client for `transport`, from the CLI. */
export function client(transport, more = []) {
  return script(["bridge", "--transport", transport, "--secret", secret, ...channelOptions, ...more]);
}

/**
 * Stand-ins for the native objects, installed before the client as the platform installs them:
 * each records what it is sent into window.natives.sent, with the JSON it had when installed.
 */
export function natives(transport) {
  return `(function () {
  var stringify = JSON.stringify, parse = JSON.parse, define = Object.defineProperty;
  var natives = { sent: [], waiting: [], listeners: [], parse: parse };
  window.natives = natives;
  // Stored without any method or setter a page script could replace, as native code stores it.
  function add(list, value) { define(list, list.length, { value: value, writable: true, enumerable: true, configurable: true }); }
  function record(via, name, args) { add(natives.sent, { via: via, name: name, args: parse(stringify(args)) }); }
  function envelope(text) { add(natives.waiting, parse(text)); }
  var transport = ${JSON.stringify(transport)};
  if (transport === "webkit-object" || transport === "webkit-string") {
    var handler = function (name) {
      return { postMessage: function (body) {
        record("webkit", name, [body]);
        if (name === "log") return undefined;
        return new Promise(function (resolve, reject) { add(natives.waiting, { resolve: resolve, reject: reject }); });
      } };
    };
    window.webkit = { messageHandlers: { cart: handler("cart"), log: handler("log") } };
  } else if (transport === "android") {
    window.Android = { postMessage: function (text) { record("android", "Android", [text]); envelope(text); } };
  } else if (transport === "android-listener") {
    var listenerObject = function (name) {
      return {
        postMessage: function (text) { record("android-listener", name, [text]); envelope(text); },
        addEventListener: function (type, listener) { if (type === "message") add(natives.listeners, listener); },
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
})();`;
}

/**
 * The hostile script: it wraps every object and built-in the client could reach, then tries to
 * settle requests and deliver events without the secret. Returns { saw, restore }: `saw` holds
 * everything a wrapper was handed, `restore` puts the originals back.
 */
const hostileScript = `function hostile() {
  var saw = [];
  var undo = [];
  var define = Object.defineProperty;
  function keep(text) { define(saw, saw.length, { value: text, writable: true, enumerable: true, configurable: true }); }
  function note(args) { for (var i = 0; i < args.length; i++) { try { keep(typeof args[i] === "string" ? args[i] : String(args[i] && Object.keys(args[i]))); } catch (e) {} } }
  function wrap(object, key) {
    if (!object) return;
    try {
      var original = object[key];
      if (typeof original !== "function") return;
      var had = Object.prototype.hasOwnProperty.call(object, key);
      object[key] = function () { note(arguments); return original.apply(this, arguments); };
      undo.push(function () { if (had) object[key] = original; else delete object[key]; });
    } catch (e) {}
  }
  var handlers = window.webkit && window.webkit.messageHandlers;
  ["cart", "log", "missing", "cordova_iab", "ReactNativeWebView"].forEach(function (name) {
    var handler = handlers && handlers[name];
    if (handler) { wrap(handler, "postMessage"); wrap(Object.getPrototypeOf(handler), "postMessage"); }
    if (window[name] && window[name] !== window) wrap(window[name], "postMessage");
  });
  wrap(window.Android, "postMessage");
  wrap(window.ReactNativeWebView, "postMessage");
  wrap(JSON, "stringify");
  wrap(JSON, "parse");
  // A then that reads every value it passes on.
  var then = Promise.prototype.then;
  Promise.prototype.then = function (fulfilled, rejected) {
    return then.call(this, function (value) { note([value]); return fulfilled ? fulfilled(value) : value; },
      function (error) { note([error && error.message]); if (rejected) return rejected(error); throw error; });
  };
  undo.push(function () { Promise.prototype.then = then; });
  wrap(Array.prototype, "push");
  wrap(Array.prototype, "slice");
  wrap(Object.prototype, "hasOwnProperty");
  ["id", "body", "value", "error", "0"].forEach(function (key) {
    try {
      Object.defineProperty(Object.prototype, key, { configurable: true, set: function (v) { note([v]); Object.defineProperty(this, key, { value: v, writable: true, enumerable: true, configurable: true }); } });
      undo.push(function () { delete Object.prototype[key]; });
    } catch (e) {}
  });
  if (handlers) {
    try {
      var fake = { messageHandlers: { cart: { postMessage: function (b) { note([b]); return Promise.resolve("forged"); } } } };
      var previous = window.webkit;
      window.webkit = fake;
      undo.push(function () { try { window.webkit = previous; } catch (e) {} });
    } catch (e) {}
  }
  return { saw: saw, restore: function () { while (undo.length) undo.pop()(); } };
}`;

/**
 * The scenario, after the natives, the client and the app's "early" event: the hostile script
 * runs, then the page posts, requests and subscribes; with `answer`, the stand-ins answer as the
 * app does (else the engine's own reply handler or later steps do). A Promise of the report.
 */
export function scenario(transport, { answer = true } = {}) {
  const replies = {};
  for (const id of Object.keys(answers)) replies[id] = reply(transport, Number(id));
  return `(function () {
  ${hostileScript}
  var transport = ${JSON.stringify(transport)};
  var replies = ${JSON.stringify(replies)};
  var answerValues = ${JSON.stringify(answers)};
  var appEvent = ${JSON.stringify(event("cartChanged", events.cartChanged))};
  var client = window.bridgecodec;
  var spy = hostile();
  var received = { early: [], cartChanged: [], stopped: [] };
  var forged = [];
  client.on("early", function (detail) { received.early.push(detail); });
  client.on("cartChanged", function (detail) { received.cartChanged.push(detail); });
  var stop = client.on("cartChanged", function (detail) { received.stopped.push(detail); });
  stop();
  if (typeof CustomEvent === "function") window.dispatchEvent(new CustomEvent("cartChanged", { detail: "forged" }));
  // The settle calls a page script can make cannot settle; the app's script can.
  function answerAll() {
    var waiting = window.natives ? window.natives.waiting : [];
    for (var i = waiting.length - 1; i >= 0; i--) {
      var id = i + 1;
      if (id === 4 || !replies[id]) continue;
      var text = replies[id];
      if (transport === "webkit-object" || transport === "webkit-string") {
        // WebKit hands the reply handler's value to the page as the Promise's value, or rejects with its text.
        if (answerValues[id].value !== undefined) waiting[i].resolve(window.natives.parse(text));
        else waiting[i].reject(new Error(text.replace(/\\n$/, "")));
      } else if (transport === "android-listener") {
        for (var j = 0; j < window.natives.listeners.length; j++) window.natives.listeners[j]({ data: text.replace(/\\n$/, "") });
      } else {
        (0, eval)(text);
      }
    }
  }
  client.post("log", { event: "opened", note: ${JSON.stringify(hostile)} });
  var pending = ${JSON.stringify(requests)}.map(function (r) {
    return client.request(r.handler, r.body, r.timeoutMs ? { timeoutMs: r.timeoutMs } : undefined);
  });
  // Every request is waiting now: a page script's settle and emit calls, with any secret but the app's, do nothing.
  for (var id = 0; id <= 10; id++) {
    forged.push(client.settle("guess", id, { value: "forged" }), client.settle(undefined, id, { value: "forged" }));
  }
  forged.push(client.emit("guess", "cartChanged", '"forged"'), client.emit(undefined, "early", '"forged"'));
  ${answer ? "answerAll();" : ""}
  (0, eval)(appEvent);
  // Awaited, not chained with then: a page's own then on its own request is its own to show.
  var outcomeOf = async function (request) {
    try {
      return { value: await request };
    } catch (error) {
      return { error: String(error && error.message) };
    }
  };
  var each = pending.map(outcomeOf);
  var settled = (async function () {
    var outcomes = [];
    for (var k = 0; k < each.length; k++) outcomes[k] = await each[k];
    return outcomes;
  })();
  return settled.then(function (outcomes) {
    spy.restore();
    return {
      sent: window.natives ? window.natives.sent : [],
      outcomes: outcomes,
      received: received,
      attempts: forged,
      saw: spy.saw,
    };
  });
})()`;
}

/** Checks one run's report: what was sent, how every request ended, what reached the subscribers, and what the hostile script got. */
export function check(transport, report) {
  const webkit = transport === "webkit-object" || transport === "webkit-string";
  assert.deepEqual(report.outcomes[0], answers[1]);
  assert.deepEqual(report.outcomes[1], answers[2]);
  assert.deepEqual(report.outcomes[2], answers[3]);
  assert.match(report.outcomes[3].error, /"cart" did not answer within 300 ms/);
  assert.deepEqual(report.outcomes[4], webkit ? { error: 'bridgecodec: no handler "missing"' } : answers[5]);
  assert.deepEqual(report.outcomes[5], { error: 'bridgecodec: "log" takes posts only' });
  assert.deepEqual(report.outcomes[6], { error: 'bridgecodec: no channel "nowhere" is registered' });
  // Subscribers get the app's events, the one sent before they subscribed too, and nothing forged.
  assert.deepEqual(report.received, { early: [events.early], cartChanged: [events.cartChanged], stopped: [] });
  assert.ok(report.attempts.every((result) => result === false), JSON.stringify(report.attempts));
  // No wrapper saw a body, an envelope, an answer or the secret.
  const seen = JSON.stringify(report.saw);
  for (const text of ["sku", "opened", "total", secret, "version", "out of stock", "forged"]) {
    assert.ok(!seen.includes(text), `the hostile script saw ${JSON.stringify(text)}: ${seen.slice(0, 500)}`);
  }
  // The post, then one message per request that reached a native object.
  const bodies = report.sent.map((message) => message.args[0]);
  if (webkit) {
    const decode = (body) => (transport === "webkit-string" ? JSON.parse(body) : body);
    assert.deepEqual(report.sent.map((message) => message.name), ["log", "cart", "cart", "cart", "cart"]);
    assert.deepEqual(decode(bodies[0]), { event: "opened", note: hostile });
    assert.deepEqual(bodies.slice(1).map(decode), requests.slice(0, 4).map((r) => r.body));
  } else {
    const envelopes = bodies.map((text) => JSON.parse(text));
    assert.deepEqual(envelopes[0], { version: 1, handler: "log", body: { event: "opened", note: hostile } });
    assert.deepEqual(envelopes.slice(1), requests.slice(0, 5).map((r, index) => ({ version: 1, handler: r.handler, id: index + 1, body: r.body })));
    if (transport === "android-listener") assert.deepEqual(report.sent.map((m) => m.name), ["log", "cart", "cart", "cart", "cart", "missing"]);
    // The Swift side reads every envelope as the engine wrote it; none of these handlers is a provider's.
    const decoded = decodeAll(bodies.map((text) => ({ transport: "envelope", body: text })));
    assert.deepEqual(decoded.map((line) => line.handler), ["log", "cart", "cart", "cart", "cart", "missing"]);
    assert.ok(decoded.every((line) => line.error === "$: no channel is registered under this handler name"), JSON.stringify(decoded));
  }
}

export { run };
