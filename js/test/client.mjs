// The page-side client's scenario, shared by the node:vm, Chromium and WebKit tests: posts,
// requests and the app's events on every transport, answered by stand-ins for the native objects
// with what the Swift side writes (bridgecodec script reply, script event), in reverse order,
// one never, one with an error; and a hostile script that runs after the client was injected,
// wraps what it can reach and tries to answer and to deliver events itself.
import { script, run, decodeAll, repositoryRoot } from "./support.mjs";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";

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

// What the app sends into the page, as the page reads it: Tests/TestData/app-values.json holds
// values as the app holds them and ScriptJSONEncoder's text for them (ScriptJSONEncoderTests
// fails when the encoder writes otherwise); here that text goes to the page as an event's detail
// and as a request's answer, through `script event` and `script reply`.
export const appValues = JSON.parse(readFileSync(join(repositoryRoot, "Tests", "TestData", "app-values.json"), "utf8"));

/** A double's bit pattern as hex, so that negative zero is told from zero. */
export function bitsOf(x) {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  return view.getBigUint64(0).toString(16).padStart(16, "0");
}

/** What the page must read from the app's values: each date's milliseconds and its own toISOString, each amount's double. */
export const appValuesReading = {
  dates: appValues.dates.map((date) => ({ type: "string", time: date.milliseconds, sameText: true })),
  decimals: appValues.decimals.map((digits) => bitsOf(Number(digits))),
  doubles: appValues.doubles,
};

/**
 * After the natives and the client: the page subscribes to "appValues" and requests "cart"; with
 * `answer`, the stand-ins answer request 1 with the values as the app does (else the engine's
 * own reply handler does), and the app's event carries them too. A Promise of what the page read
 * from the event's detail and from the answer.
 */
export function valuesScenario(transport, { answer = true } = {}) {
  const answerText = script(["reply", "--transport", transport, "--request-id", "1", "--secret", secret, "--value", appValues.json]);
  const eventText = script(["event", "--secret", secret, "--event", "appValues", "--detail", appValues.json]);
  return `(function () {
  var transport = ${JSON.stringify(transport)};
  var client = window.bridgecodec;
  function bitsOf(x) {
    var view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, x);
    var hex = "";
    for (var i = 0; i < 8; i++) hex += ("0" + view.getUint8(i).toString(16)).slice(-2);
    return hex;
  }
  function read(value) {
    return {
      dates: value.dates.map(function (x) { var date = new Date(x); return { type: typeof x, time: date.getTime(), sameText: date.toISOString() === x }; }),
      decimals: value.decimals.map(bitsOf),
      doubles: value.doubles.map(bitsOf),
    };
  }
  var detail = new Promise(function (resolve) { client.on("appValues", resolve); });
  var answered = client.request("cart", { sku: "V" });
  var answerText = ${JSON.stringify(answerText)};
  if (${answer}) {
    if (transport === "webkit-object" || transport === "webkit-string") {
      window.natives.waiting[0].resolve(window.natives.parse(answerText));
    } else if (transport === "android-listener") {
      for (var j = 0; j < window.natives.listeners.length; j++) window.natives.listeners[j]({ data: answerText.replace(/\\n$/, "") });
    } else {
      (0, eval)(answerText);
    }
  }
  (0, eval)(${JSON.stringify(eventText)});
  return Promise.all([detail, answered]).then(function (both) { return { event: read(both[0]), answer: read(both[1]) }; });
})()`;
}

/** Checks what the page read: the app's instants to the millisecond, and its amounts as the numbers they are. */
export function checkValues(report, label) {
  assert.deepEqual(report, { event: appValuesReading, answer: appValuesReading }, label);
}

/**
 * After the natives and the client (over "android" or "webkit-object"), requests with an
 * AbortSignal: aborted before it is sent, aborted while it waits (the app's answer, or error,
 * arriving after), a timeout and an answer that come first, a signal that is none, and ones that
 * are not signals. A Promise of the report `checkAbort` reads.
 */
export function abortScenario(transport) {
  const webkit = transport === "webkit-object";
  const answerOf = (id, value) => script(["reply", "--transport", transport, "--request-id", String(id), "--secret", secret, "--value", JSON.stringify(value)]);
  return `(async function () {
  var client = window.bridgecodec;
  var natives = window.natives;
  var webkit = ${webkit};
  var unhandled = [];
  if (typeof window.addEventListener === "function") {
    window.addEventListener("unhandledrejection", function (event) { unhandled.push(String(event.reason && event.reason.message || event.reason)); });
  }
  function outcome(request) {
    var result = { settled: false };
    request.then(function (value) { result.settled = true; result.value = value; }, function (error) {
      result.settled = true;
      result.error = error;
    });
    return result;
  }
  // Microtasks only: no timer runs between these turns.
  async function turns() { for (var i = 0; i < 5; i++) await null; }
  function describe(error) {
    if (typeof error !== "object" || error === null) return { reason: error };
    return { name: error.name, message: error.message, isDOMException: typeof DOMException === "function" && error instanceof DOMException };
  }
  function answer(id, index, text) {
    if (webkit) natives.waiting[index].resolve(natives.parse(text));
    else (0, eval)(text);
  }
  var report = {};

  // Aborted before it is sent: rejected with the signal's reason, nothing posted.
  var before = new AbortController();
  before.abort();
  var first = outcome(client.request("cart", { sku: "before" }, { signal: before.signal }));
  var custom = new AbortController();
  custom.abort("the page left");
  var second = outcome(client.request("cart", { sku: "custom" }, { signal: custom.signal }));
  await turns();
  report.before = { settled: first.settled, error: describe(first.error), isReason: first.error === before.signal.reason };
  report.custom = { settled: second.settled, error: describe(second.error) };
  report.sentBefore = natives.sent.length;

  // Aborted while it waits (request 1): rejected at once; the app's answer after that is dropped.
  var waiting = new AbortController();
  var pending = outcome(client.request("cart", { sku: "pending" }, { signal: waiting.signal, timeoutMs: 60000 }));
  report.sentPending = natives.sent.length;
  await turns();
  report.pendingBefore = pending.settled;
  waiting.abort();
  await turns();
  report.pending = { settled: pending.settled, error: describe(pending.error), isReason: pending.error === waiting.signal.reason };
  if (webkit) {
    natives.waiting[0].reject(new Error("late error"));
  } else {
    answer(1, 0, ${JSON.stringify(answerOf(1, { late: true }))});
    report.lateSettle = client.settle(${JSON.stringify(secret)}, 1, { value: "late" });
  }
  await turns();
  report.pendingAfter = { hasValue: "value" in pending, error: describe(pending.error) };

  // The timeout comes first (request 2): the signal aborted after it changes nothing.
  var timing = new AbortController();
  var timedOut = await client.request("cart", { sku: "timeout" }, { signal: timing.signal, timeoutMs: 30 }).then(String, function (error) { return error.message; });
  timing.abort();
  report.timeout = timedOut;

  // The answer comes first (request 3).
  var answering = new AbortController();
  var answered = outcome(client.request("cart", { sku: "answered" }, { signal: answering.signal }));
  answer(3, webkit ? 2 : 0, ${JSON.stringify(answerOf(3, null))});
  await turns();
  answering.abort();
  await turns();
  report.answered = { settled: answered.settled, value: answered.value, hasError: "error" in answered };

  // A null signal is none (request 4, left to its timeout); what is not a signal is a TypeError, and nothing is posted.
  report.nullSignal = await client.request("cart", 4, { signal: null, timeoutMs: 30 }).then(String, function (error) { return error.message; });
  var sent = natives.sent.length;
  report.notSignals = [];
  var fakes = [{ aborted: true }, "signal", typeof EventTarget === "function" ? new EventTarget() : {}];
  for (var k = 0; k < fakes.length; k++) {
    report.notSignals.push(await client.request("cart", 5, { signal: fakes[k] }).then(String, function (error) {
      return error instanceof TypeError ? "TypeError: " + error.message : String(error);
    }));
  }
  report.sentAfterFakes = natives.sent.length - sent;
  await new Promise(function (resolve) { setTimeout(resolve, 20); });
  report.unhandled = unhandled;
  return report;
})()`;
}

/** Checks the abort scenario's report; `domException` says whether the engine rejects with a DOMException. */
export function checkAbort(report, label, { domException = true } = {}) {
  const abortError = { name: "AbortError", message: report.before.error.message, isDOMException: domException };
  assert.deepEqual(report.before, { settled: true, error: abortError, isReason: true }, label);
  assert.deepEqual(report.custom, { settled: true, error: { reason: "the page left" } }, label);
  assert.equal(report.sentBefore, 0, label);
  assert.equal(report.sentPending, 1, label);
  assert.equal(report.pendingBefore, false, label);
  assert.deepEqual(report.pending, { settled: true, error: { ...abortError, message: report.pending.error.message }, isReason: true }, label);
  assert.deepEqual(report.pendingAfter, { hasValue: false, error: report.pending.error }, label);
  if ("lateSettle" in report) assert.equal(report.lateSettle, false, label);
  assert.equal(report.timeout, 'bridgecodec: "cart" did not answer within 30 ms', label);
  assert.deepEqual(report.answered, { settled: true, value: null, hasError: false }, label);
  assert.equal(report.nullSignal, 'bridgecodec: "cart" did not answer within 30 ms', label);
  assert.deepEqual(report.notSignals, Array(3).fill("TypeError: bridgecodec: signal is an AbortSignal"), label);
  assert.equal(report.sentAfterFakes, 0, label);
  assert.deepEqual(report.unhandled, [], label);
}
