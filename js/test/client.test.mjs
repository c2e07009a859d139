// The page-side client (bridgecodec script bridge) on every transport, in node:vm and in headless
// Chromium, with stand-ins only for the native objects: they answer with what the Swift side writes
// (bridgecodec script reply, script event), and a hostile script runs after the client. The WebKit
// transports also run in WebKit itself (webkit.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { getEventListeners } from "node:events";
import vm from "node:vm";
import {
  transports, natives, scenario, check, client, event, events, secret, valuesScenario, checkValues, abortScenario, checkAbort,
} from "./client.mjs";
import { load, run, decodeAll, script } from "./support.mjs";

/**
 * A node:vm page: a window that dispatches events, with timers, CustomEvent and what aborts a
 * request (AbortController, AbortSignal, DOMException, EventTarget). `live` holds the timers set
 * and neither fired nor cleared.
 */
function page() {
  const target = new EventTarget();
  const window = { dispatchEvent: (e) => target.dispatchEvent(e), addEventListener: (...a) => target.addEventListener(...a) };
  const windowEvents = [];
  target.addEventListener("cartChanged", (e) => windowEvents.push(e.detail));
  const live = new Set();
  const timers = {
    setTimeout: (callback, ms) => {
      const timer = setTimeout(() => { live.delete(timer); callback(); }, ms);
      live.add(timer);
      return timer;
    },
    clearTimeout: (timer) => { live.delete(timer); clearTimeout(timer); },
  };
  const context = vm.createContext({ window, ...timers, CustomEvent, AbortController, AbortSignal, DOMException, EventTarget });
  return { context, windowEvents, live };
}

/** Runs `body` and fails when a Promise was rejected with nobody to handle it meanwhile. */
async function withoutUnhandledRejections(body) {
  const unhandled = [];
  const record = (reason) => unhandled.push(String(reason && reason.message || reason));
  process.on("unhandledRejection", record);
  try {
    await body();
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    process.off("unhandledRejection", record);
  }
  assert.deepEqual(unhandled, []);
}

for (const transport of transports) {
  test(`the client over ${transport} in node:vm, a hostile script after it`, async () => {
    const { context, windowEvents } = page();
    vm.runInContext(natives(transport), context);
    vm.runInContext(client(transport), context);
    vm.runInContext(event("early", events.early), context);
    const report = await vm.runInContext(scenario(transport), context);
    check(transport, JSON.parse(JSON.stringify(report)));
    // The window event goes to every listener, the page's forged one too: it is the page's, not the client's.
    assert.deepEqual(JSON.parse(JSON.stringify(windowEvents)), ["forged", events.cartChanged]);
  });
}

for (const transport of transports) {
  test(`the app's dates and amounts read in the page as it meant them, in an event and an answer, over ${transport} in node:vm`, async () => {
    const { context } = page();
    vm.runInContext(natives(transport), context);
    vm.runInContext(client(transport), context);
    checkValues(JSON.parse(JSON.stringify(await vm.runInContext(valuesScenario(transport), context))), transport);
  });
}

for (const transport of ["android", "webkit-object"]) {
  test(`a request's AbortSignal over ${transport} in node:vm: nothing posted once aborted, rejected at once while it waits, the late answer dropped`, async () => {
    const { context, live } = page();
    vm.runInContext(natives(transport), context);
    vm.runInContext(client(transport), context);
    await withoutUnhandledRejections(async () => {
      checkAbort(JSON.parse(JSON.stringify(await vm.runInContext(abortScenario(transport), context))), transport);
    });
    // Every request's timer is cleared once it settles, the aborted one's (60 s) too.
    assert.equal(live.size, 0);
  });
}

test("a request's abort listener is on its signal while it waits, and removed however it settles", async () => {
  const { context, live } = page();
  vm.runInContext(natives("android"), context);
  vm.runInContext(client("android"), context);
  const request = (id, options) => {
    const controller = new AbortController();
    context.options = { ...options, signal: controller.signal };
    const settled = vm.runInContext(`window.bridgecodec.request("cart", ${id}, options)`, context).then(() => "answered", (error) => error.message);
    return { controller, settled };
  };
  const answered = request(1, {});
  const timedOut = request(2, { timeoutMs: 20 });
  const aborted = request(3, {});
  for (const { controller } of [answered, timedOut, aborted]) assert.equal(getEventListeners(controller.signal, "abort").length, 1);
  assert.equal(vm.runInContext(`window.bridgecodec.settle(${JSON.stringify(secret)}, 1, { value: 1 })`, context), true);
  aborted.controller.abort(new Error("left"));
  assert.deepEqual(await Promise.all([answered.settled, timedOut.settled, aborted.settled]), [
    "answered", 'bridgecodec: "cart" did not answer within 20 ms', "left",
  ]);
  for (const { controller } of [answered, timedOut, aborted]) assert.equal(getEventListeners(controller.signal, "abort").length, 0);
  assert.equal(live.size, 0);
  // A page script's AbortSignal after the client was injected changes nothing: the client holds its own.
  vm.runInContext(`AbortSignal = function () {}; AbortSignal.prototype = {};`, context);
  const later = request(4, {});
  later.controller.abort();
  assert.equal(await later.settled, later.controller.signal.reason.message);
});

test("where the engine has no DOMException or no abort reason, an aborted request rejects with an Error named AbortError", async () => {
  // An AbortSignal of an older engine: `aborted` and the abort event, no `reason`.
  class OlderSignal extends EventTarget {
    #aborted = false;
    get aborted() { return this.#aborted; }
    abortNow() { this.#aborted = true; this.dispatchEvent(new Event("abort")); }
  }
  for (const [name, withDOMException] of [["no DOMException", false], ["DOMException", true]]) {
    const window = {};
    const context = vm.createContext({ window, setTimeout, clearTimeout, AbortSignal: OlderSignal, ...(withDOMException ? { DOMException } : {}) });
    vm.runInContext(natives("android"), context);
    vm.runInContext(client("android"), context);
    context.early = new OlderSignal();
    context.early.abortNow();
    context.late = new OlderSignal();
    const outcomes = await vm.runInContext(`(function () {
      var describe = function (error) {
        var kind = typeof DOMException === "function" && error instanceof DOMException ? "DOMException" : error instanceof Error ? "Error" : "other";
        return { name: error.name, message: error.message, kind: kind };
      };
      var before = window.bridgecodec.request("cart", 1, { signal: early }).then(null, describe);
      var waiting = window.bridgecodec.request("cart", 2, { signal: late }).then(null, describe);
      late.abortNow();
      return Promise.all([before, waiting]);
    })()`, context);
    const expected = { name: "AbortError", message: 'bridgecodec: the request to "cart" was aborted', kind: withDOMException ? "DOMException" : "Error" };
    assert.deepEqual(JSON.parse(JSON.stringify(outcomes)), [expected, expected], name);
    assert.equal(vm.runInContext("window.natives.sent.length", context), 1, name);
  }
});

test("over WebKit, a handler registered without a reply rejects a request; the app's null is null", async () => {
  for (const transport of ["webkit-object", "webkit-string"]) {
    // A handler without a reply: WebKit's postMessage resolves with undefined (older WebKit returns nothing).
    const handler = (returned) => ({ postMessage: () => returned() });
    const window = { webkit: { messageHandlers: {} } };
    const context = vm.createContext({ window, setTimeout, clearTimeout });
    window.webkit.messageHandlers.cart = handler(() => Promise.resolve(undefined));
    window.webkit.messageHandlers.old = handler(() => undefined);
    window.webkit.messageHandlers.nothing = handler(() => Promise.resolve(null));
    vm.runInContext(script(["bridge", "--transport", transport, "--secret", secret, "--channels", "cart,old,nothing"]), context);
    const outcome = (name) => vm.runInContext(`window.bridgecodec.request(${JSON.stringify(name)}, 1)`, context)
      .then((value) => ({ value }), (error) => ({ error: error.message }));
    assert.deepEqual(await outcome("cart"), { error: 'bridgecodec: "cart" has no reply handler: register it with a reply' }, transport);
    assert.deepEqual(await outcome("old"), { error: 'bridgecodec: "old" has no reply handler: register it with a reply' }, transport);
    assert.deepEqual(await outcome("nothing"), { value: null }, transport);
  }
});

test("events wait for their first subscriber, within the bound, the oldest dropped first", async () => {
  const { context } = page();
  vm.runInContext(natives("react-native"), context);
  vm.runInContext(client("react-native", ["--kept-events", "3"]), context);
  for (let i = 1; i <= 5; i++) vm.runInContext(event("tick", { i }), context);
  vm.runInContext(event("other", { i: 0 }), context);
  const got = await vm.runInContext(`new Promise(function (resolve) {
    var ticks = [];
    var returned = false;
    var stop = window.bridgecodec.on("tick", function (detail) { ticks.push([returned, detail.i]); });
    returned = true;
    setTimeout(function () {
      stop();
      var later = [];
      window.bridgecodec.on("tick", function (detail) { later.push(detail.i); });
      setTimeout(function () { resolve({ ticks: ticks, later: later }); }, 10);
    }, 10);
  })`, context);
  // The bound holds over every name: the three kept are ticks 4 and 5 and "other"'s, delivered
  // before `on` returns; once delivered, a kept event is gone.
  assert.deepEqual(JSON.parse(JSON.stringify(got)), { ticks: [[false, 4], [false, 5]], later: [] });
});

test("a callback that throws does not keep the event from the others, and its error is reported", async () => {
  const errors = [];
  const reporting = (fn, ms) => setTimeout(() => { try { fn(); } catch (error) { errors.push(error.message); } }, ms);
  const { context } = page();
  context.setTimeout = reporting;
  vm.runInContext(natives("android"), context);
  vm.runInContext(client("android"), context);
  vm.runInContext(`window.got = [];
    window.bridgecodec.on("e", function () { throw new Error("first callback"); });
    window.bridgecodec.on("e", function (detail) { window.got.push(detail); });`, context);
  vm.runInContext(event("e", { ok: true }), context);
  await new Promise((resolve) => setTimeout(resolve, 20));
  assert.deepEqual(JSON.parse(JSON.stringify(vm.runInContext("window.got", context))), [{ ok: true }]);
  assert.deepEqual(errors, ["first callback"]);
});

/** `value` as JSON that an inline script holds as it is: no `</script>` can end it. */
const inline = (value) => JSON.stringify(value).replaceAll("<", "\\u003c");

test("the client on every transport in Chromium, a hostile script after it", () => {
  const runs = transports.map((transport) => `
    <iframe id=${JSON.stringify(transport)} srcdoc="<!doctype html>"></iframe>`).join("");
  // Each transport in a frame of its own, so that their globals do not meet.
  const html = `<!doctype html><meta charset="utf-8"><body>${runs}<pre id="result"></pre><script>
    const transports = ${inline(transports)};
    const steps = ${inline(Object.fromEntries(transports.map((t) => [t, [natives(t), client(t), event("early", events.early), scenario(t)]])))};
    window.addEventListener("load", async () => {
      const reports = {};
      try {
        for (const transport of transports) {
          const frame = document.getElementById(transport).contentWindow;
          const [installNatives, installClient, early, run] = steps[transport];
          frame.eval(installNatives);
          frame.eval(installClient);
          frame.eval(early);
          reports[transport] = JSON.parse(JSON.stringify(await frame.eval(run)));
        }
      } catch (error) {
        reports.error = String(error && error.stack);
      }
      document.getElementById("result").textContent = JSON.stringify(reports);
    });
  </script></body>`;
  const reports = load(html);
  assert.equal(reports.error, undefined);
  for (const transport of transports) check(transport, reports[transport]);
});

test("the providers' messages posted through the client decode on the Swift side from their envelopes", () => {
  for (const transport of ["android", "android-listener", "react-native", "cordova"]) {
    const sent = [];
    const sink = { postMessage: (text) => sent.push(text) };
    const window = {
      Android: sink, voltRedirect: sink, sovHandler: sink, ReactNativeWebView: sink, webkit: { messageHandlers: { cordova_iab: sink } },
    };
    const context = vm.createContext({ window, setTimeout, clearTimeout });
    vm.runInContext(script(["bridge", "--transport", transport, "--secret", secret, "--posts", "voltRedirect,sovHandler"]), context);
    vm.runInContext(`window.bridgecodec.post("voltRedirect", {type: "merchant_redirect", result: "cancel", url: "https://merchant.example/c?o=1"});
      window.bridgecodec.post("sovHandler", {type: "height", value: "420"});
      window.bridgecodec.post("voltRedirect", {type: "bank_redirect", url: "javascript:alert(1)"});`, context);
    const results = decodeAll(sent.map((text) => ({ transport: "envelope", body: text })));
    assert.deepEqual(results.map((r) => r.kind ?? r.error), [
      "volt.merchantRedirect", "sovendus.height", '$.url: URL scheme "javascript:" is never allowed',
    ], transport);
  }
});

test("over android-listener a window is never a handler", async () => {
  const window = { postMessage: () => { throw new Error("posted to a window"); } };
  window.self = window;
  window.window = window;
  const context = vm.createContext({ window, setTimeout, clearTimeout });
  vm.runInContext(script(["bridge", "--transport", "android-listener", "--secret", secret, "--channels", "self,window"]), context);
  for (const name of ["self", "window"]) {
    await assert.rejects(vm.runInContext(`window.bridgecodec.request(${JSON.stringify(name)}, 1)`, context), /no handler/);
    assert.throws(() => vm.runInContext(`window.bridgecodec.post(${JSON.stringify(name)}, 1)`, context), /no handler/);
  }
});

test("script bridge, reply and event refuse what they cannot write", () => {
  const bridge = ["script", "bridge", "--transport", "android", "--secret", secret, "--channels", "cart"];
  assert.equal(run(bridge).status, 0);
  assert.equal(run([...bridge, "--timeout-ms", "0"]).status, 2);
  assert.equal(run([...bridge, "--kept-events", "-1"]).status, 2);
  assert.equal(run(["script", "bridge", "--transport", "android", "--secret", secret]).status, 2);
  assert.equal(run(["script", "bridge", "--transport", "android", "--channels", "cart"]).status, 2);
  assert.equal(run(["script", "bridge", "--transport", "android", "--secret", "short", "--channels", "cart"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "android", "--secret", secret, "--value", "1"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "android", "--request-id", "1", "--value", "1"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "android", "--secret", secret, "--request-id", "0", "--value", "1"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "cordova", "--secret", secret, "--request-id", "1", "--value", "[1,"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "cordova", "--secret", secret, "--request-id", "1"]).status, 2);
  assert.equal(run(["script", "event", "--event", "e", "--detail", "1"]).status, 2);
  assert.equal(run(["script", "event", "--secret", secret, "--event", "e", "--detail", "[1,"]).status, 2);
});
