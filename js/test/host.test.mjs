// The host (BridgeHost) driven from WebKitGTK, the engine iOS's WKWebView is built on, under Xvfb:
// host_runner.py plays the WebKit adapter's part (handlers with a reply, user scripts replaced
// when the host decides a navigation, commits told, events run with their values as arguments)
// for the driver's host, over real https loads, reloads and the back/forward cache. WebKitGTK's
// messages carry no frame, so what needs a frame is proven in Chromium (host-chromium.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const driver = join(dirname(process.env.BRIDGECODEC_BIN ?? join(here, "../../.build/debug/bridgecodec")), "BridgeCodecHostDriver");

/** Runs `steps` over `pages` in WebKitGTK and returns the runner's log. */
function runHost(pages, steps) {
  return runHostWith([], pages, steps);
}

/** `runHost` with the driver started with `driverArguments`. */
function runHostWith(driverArguments, pages, steps) {
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-host-"));
  const spec = join(folder, "spec.json");
  writeFileSync(spec, JSON.stringify({ pages, steps, driverArguments }));
  const result = spawnSync("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", "/usr/bin/python3", join(here, "host_runner.py"), driver, spec], {
    encoding: "utf8", timeout: 180_000, maxBuffer: 64 << 20, env: { ...process.env, NO_AT_BRIDGE: "1" },
  });
  assert.equal(result.status, 0, `WebKitGTK did not run the host (scripts/setup installs it): ${result.stderr?.slice(-2000)}`);
  const log = JSON.parse(result.stdout.trim().split("\n").pop()).log;
  assert.deepEqual(log.filter((entry) => (entry.error && !entry.released) || entry.eventError), [], "the runner met errors");
  return log;
}

/** The app's page: it subscribes to cartChanged, records each pageshow, and asks the cart channel. */
const shopPage = `<!doctype html><title>shop</title><script>
window.__events = []; window.__results = []; window.__shows = [];
addEventListener("pageshow", function (event) { __shows.push(event.persisted); });
bridgecodec.on("cartChanged", function (detail) { __events.push(detail); });
window.ask = function (sku) {
  return bridgecodec.request("cart", { sku: sku }).then(
    function (value) { __results.push({ value: value, time: new Date(value.at).getTime() }); },
    function (error) { __results.push({ error: error.message }); });
};
</script>`;

const pages = {
  "https://shop.example/": shopPage,
  "https://shop.example/next": shopPage,
  "https://shop.example/return": shopPage,
  "https://checkout.volt.io/pay": "<!doctype html><title>Volt</title>",
};

const results = (entry) => JSON.parse(entry.result);
const evals = (log, prefix) => log.filter((entry) => entry.eval?.startsWith(prefix));

test("the host in WebKitGTK: requests, reloads, held events, the back/forward cache, providers' pages, refused navigations", () => {
  const log = runHost(pages, [
    { event: { name: "cartChanged", detail: '{"n":1}', channel: "cart" } },
    { load: "https://shop.example/" },
    { eval: "JSON.stringify(__events)" },
    { eval: "ask('A1'); true" },
    { until: "__results.length === 1" },
    { eval: "JSON.stringify(__results)" },
    { hold: true },
    { eval: "ask('A1'); true" },
    { reload: true },
    { eval: "ask('A1'); true" },
    { until: "__results.length === 1" },
    { release: true },
    { eval: "ask('ZZZ'); true" },
    { until: "__results.length === 2" },
    { eval: "JSON.stringify(__results)" },
    { navigate: "https://shop.example/next" },
    { back: true },
    { event: { name: "cartChanged", detail: '{"n":2}', channel: "cart" } },
    { eval: "JSON.stringify([__shows, __events])" },
    { navigate: "https://checkout.volt.io/pay" },
    { event: { name: "cartChanged", detail: '{"n":3}', channel: "cart" } },
    { eval: "JSON.stringify([typeof bridgecodec, window.__events === undefined])" },
    { eval: "voltRedirectCallback({type: 'merchant_redirect', result: 'success', url: 'https://shop.example/return'}); true" },
    { navigate: "https://evil.example/", refused: true },
    { navigate: "intent://pay#Intent;scheme=bank;end", refused: true },
    { navigate: "https://shop.example/return" },
    { eval: "JSON.stringify(__events)" },
  ]);

  // An event sent before the page loaded is held, and delivered once the page's client tells its secret.
  assert.deepEqual(log[0], { event: "cartChanged", outcome: "held" });
  assert.deepEqual(results(evals(log, "JSON.stringify(__events)")[0]), [{ n: 1 }]);

  // A request answered, its Date read by the page as the app's instant to the millisecond.
  const [first] = results(evals(log, "JSON.stringify(__results)")[0]);
  assert.deepEqual(first.value, { sku: "A1", price: 12.5, at: "2025-12-06T05:46:40.123Z" });
  assert.equal(first.time, 1_765_000_000_123);

  // The reload gets a new secret; its request is answered; the answer held for the page before
  // goes back as "navigated away" and never reaches the new page, which has its own answer and
  // the app's refusal text, and nothing else.
  const decided = log.filter((entry) => entry.decide);
  assert.equal(decided[0].decide, "https://shop.example/");
  assert.notEqual(decided[1].secret, decided[0].secret, "the reload's document has a secret of its own");
  assert.deepEqual(log.find((entry) => entry.released), { released: 2, error: "cart: the page navigated away" });
  const afterReload = results(evals(log, "JSON.stringify(__results)")[1]);
  assert.equal(afterReload.length, 2);
  assert.equal(afterReload[0].value.sku, "A1");
  assert.deepEqual(afterReload[1], { error: "No such item: ZZZ" });

  // Back to the page kept in the back/forward cache: restored (pageshow persisted), no user
  // script ran again, and the app's event still reaches its subscriber, under its own secret.
  const [shows, restoredEvents] = results(evals(log, "JSON.stringify([__shows")[0]);
  assert.deepEqual(shows, [false, true], "WebKitGTK restored the page from its back/forward cache");
  assert.deepEqual(restoredEvents, [{ n: 2 }]);
  assert.deepEqual(log.filter((entry) => entry.delivered).map((entry) => entry.taken), [true, true, true]);

  // Volt's page: the client is there (the main frame), but the app's event is held, not handed to it.
  assert.deepEqual(log.filter((entry) => entry.event === "cartChanged")[2], { event: "cartChanged", outcome: "held" });
  assert.deepEqual(results(evals(log, "JSON.stringify([typeof")[0]), ["object", true]);
  // Volt's callback through the installed snippet reaches the app as Volt's message.
  assert.ok(log.some((entry) => entry.message === "voltRedirect" && entry.received === "volt.merchantRedirect"));

  // Swedbank Pay's policy: a host it does not list opens outside; an intent: URL is blocked.
  const refused = decided.filter((entry) => entry.decision !== "allow");
  assert.deepEqual(refused.map(({ decide, decision, outside }) => ({ decide, decision, outside })), [
    { decide: "https://evil.example/", decision: "openOutside", outside: "https://evil.example/" },
    { decide: "intent://pay#Intent;scheme=bank;end", decision: "cancel", outside: null },
  ]);

  // Back on the app's page, the event held while Volt's page showed is delivered there.
  assert.deepEqual(results(evals(log, "JSON.stringify(__events)").at(-1)), [{ n: 3 }]);
});

/** A business's checkout page speaking UCP's Embedded Checkout Protocol as the spec's page does. */
const checkoutJSON = JSON.stringify({
  ucp: { version: "2026-04-08", payment_handlers: {} }, id: "chk_1", status: "ready_for_complete", currency: "EUR",
  line_items: [{ id: "li_1", item: { id: "sku_1", title: "Mug", price: 1250 }, quantity: 1, totals: [{ type: "subtotal", amount: 1250 }] }],
  totals: [{ type: "subtotal", amount: 1250 }, { type: "total", amount: 1250 }], links: [{ type: "terms_of_service", url: "https://shop.example/terms" }],
  payment: { instruments: [{ id: "pi_1", handler_id: "handler_1", type: "card", selected: true }] },
});
const checkoutPage = `<!doctype html><title>checkout</title><script>
window.__answers = [];
window.EmbeddedCheckoutProtocol = { postMessage: function (message) { __answers.push(message); } };
var checkout = ${checkoutJSON};
window.send = function (method, params, id) {
  var message = { jsonrpc: "2.0", method: method, params: params };
  if (id !== undefined) message.id = id;
  EmbeddedCheckoutProtocolConsumer.postMessage(JSON.stringify(message));
  return true;
};
send("ec.ready", { delegate: ["payment.credential", "fulfillment.address_change", "window.open"] }, "ready-1");
</script>`;

test("UCP's Embedded Checkout Protocol in WebKitGTK: the handshake, a credential, a cancel, window.open refused, completion", () => {
  const log = runHostWith(["--ecp"], { "https://shop.example/checkout": checkoutPage, "https://shop.example/next": shopPage }, [
    { load: "https://shop.example/checkout" },
    { until: "__answers.length === 1" },
    { eval: "send('ec.start', { checkout: checkout })" },
    { eval: "send('ec.payment.credential_request', { checkout: checkout }, 2)" },
    { eval: "send('ec.fulfillment.address_change_request', { checkout: checkout }, 3)" },
    { eval: "send('ec.window.open_request', { url: 'javascript:alert(1)' }, 4)" },
    { until: "__answers.length === 4" },
    { eval: "send('ec.complete', { checkout: Object.assign({}, checkout, { status: 'completed', order: { id: 'o_1', permalink_url: 'https://shop.example/orders/o_1' } }) })" },
    { eval: "JSON.stringify(__answers)" },
    { eval: "typeof EmbeddedCheckoutProtocolConsumer.postMessage === 'function' && JSON.stringify(Object.keys(window.EmbeddedCheckoutProtocol))" },
  ]);
  const answers = JSON.parse(log.filter((entry) => entry.eval === "JSON.stringify(__answers)")[0].result);
  assert.deepEqual(answers[0], { jsonrpc: "2.0", id: "ready-1", result: { ucp: { version: "2026-04-08", status: "success" } } });
  const byId = Object.fromEntries(answers.map((answer) => [answer.id, answer]));
  assert.deepEqual(byId[2].result.checkout.payment.instruments[0].credential, { type: "token", token: "tok_123" });
  assert.equal(byId[2].result.ucp.version, "2026-04-08");
  assert.equal(byId[3].result.messages[0].code, "abort_error");
  assert.equal(byId[3].result.ucp.status, "error");
  assert.equal(byId[4].result.messages[0].code, "window_open_rejected_error");
  assert.equal(answers.length, 4, "notifications are never answered");
  const received = log.filter((entry) => entry.message === "EmbeddedCheckoutProtocolConsumer").map((entry) => entry.received);
  assert.deepEqual(received, [
    "checkout ec.ready: accepted", "checkout ec.start: accepted", "checkout ec.payment.credential_request: accepted",
    "checkout ec.fulfillment.address_change_request: accepted", "checkout ec.window.open_request: url_refused",
    "checkout ec.complete: accepted",
  ]);
});

test("an embedded checkout's answer never reaches the bank's page the checkout redirected to", () => {
  const bankPage = `<!doctype html><title>bank</title><script>
window.__got = [];
window.EmbeddedCheckoutProtocol = { postMessage: function (message) { __got.push(message); } };
</script>`;
  const log = runHostWith(["--ecp"], { "https://shop.example/checkout": checkoutPage, "https://bank.example/3ds": bankPage }, [
    { load: "https://shop.example/checkout" },
    { until: "__answers.length === 1" },
    { hold: true },
    { eval: "send('ec.payment.credential_request', { checkout: checkout }, 7)" },
    { navigate: "https://bank.example/3ds" },
    { release: true },
    { eval: "JSON.stringify(__got)" },
  ]);
  const { answer, delivered } = log.find((entry) => entry.released);
  assert.deepEqual({ answer, delivered }, { answer: "dropped", delivered: 0 });
  assert.deepEqual(JSON.parse(log.at(-1).result), []);
});
