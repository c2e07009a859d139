// Headless Chromium and WebKitGTK load pages that BridgeCodec generated with hostile data: nothing
// injected runs, and the data read back through the DOM equals the input exactly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { run, naughtyStrings, randomStrings, scriptValues, encodeAll, escapeAll, load, loadInWebKit } from "./support.mjs";
import { natives, client, transports, valuesScenario, checkValues, abortScenario, checkAbort } from "./client.mjs";

/** `check` as one test per engine, given that engine's page loader: Chromium, and WebKit, which iOS's WKWebView is. */
function forEachEngine(name, check) {
  for (const [engine, loadPage] of [["Chromium", load], ["WebKitGTK", loadInWebKit]]) {
    test(`${name}, in ${engine}`, () => check(loadPage));
  }
}

const hostile = [
  "</script><script>window.__pwned=1</script>", "<!--<script>", "\u2028\u2029", `"'\`\${window.__pwned=1}\``,
  "<img src=x onerror=window.__pwned=1>", "]]></script>", "\\u003C/script>", "Zoë Ö'Brien", "&amp;&lt;", "\u0085\u00a0\ufeff",
];

/** A script that parses base64 UTF-8 JSON: expected values reach the page without any of our escaping. */
function expected(name, value) {
  const base64 = Buffer.from(JSON.stringify(value), "utf8").toString("base64");
  return `var ${name} = JSON.parse(new TextDecoder().decode(Uint8Array.from(atob("${base64}"), function (c) { return c.charCodeAt(0); })));`;
}

const prelude = `<script>
window.__errors = []; window.__posts = [];
window.onerror = function (message) { window.__errors.push(String(message)); };
window.webkit = { messageHandlers: new Proxy({}, { get: function (_, name) {
  return { postMessage: function (body) { window.__posts.push({ handler: String(name), body: JSON.parse(JSON.stringify(body)) }); } };
} }) };
</script>`;

forEachEngine("Sovendus page with hostile order and customer data", (loadPage) => {
  const pick = (i) => hostile[i % hostile.length];
  const order = {
    sessionId: pick(0), orderId: pick(1), currencyCode: pick(2), usedCouponCode: pick(3),
    trafficSourceNumber: 123, trafficMediumNumber: 4, netOrderValue: 99.95,
    customer: {
      salutation: pick(4), firstName: pick(5), lastName: pick(6), email: pick(7), phone: pick(8), yearOfBirth: 1990,
      dateOfBirth: pick(9), street: pick(0) + pick(3), streetNumber: pick(1), zipcode: pick(2), city: pick(4), country: pick(5),
    },
  };
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-order-"));
  writeFileSync(join(folder, "order.json"), JSON.stringify(order));
  const page = run(["page", "sovendus", "--order", join(folder, "order.json"), "--timestamp", "1700000000"]);
  assert.equal(page.status, 0, page.stderr);
  const c = order.customer;
  const expectedIframe = {
    trafficSourceNumber: "123", trafficMediumNumber: "4", iframeContainerId: "sovendus-container", timestamp: "1700000000",
    sessionId: order.sessionId, orderId: order.orderId, orderValue: "99.95", orderCurrency: order.currencyCode,
    usedCouponCode: order.usedCouponCode, integrationType: "genericnative-1.1.1",
  };
  const expectedConsumer = {
    consumerSalutation: c.salutation, consumerFirstName: c.firstName, consumerLastName: c.lastName, consumerEmail: c.email,
    consumerPhone: c.phone, consumerYearOfBirth: "1990", consumerDateOfBirth: c.dateOfBirth, consumerStreet: c.street,
    consumerStreetNumber: c.streetNumber, consumerZipcode: c.zipcode, consumerCity: c.city, consumerCountry: c.country,
  };
  const checker = `<script>
${expected("expectedIframe", expectedIframe)}
${expected("expectedConsumer", expectedConsumer)}
var same = function (a, b) { return JSON.stringify(a) === JSON.stringify(b); };
var pre = document.createElement("pre"); pre.id = "result";
pre.textContent = JSON.stringify({
  pwned: window.__pwned !== undefined, errors: window.__errors, posts: window.__posts,
  scripts: document.getElementsByTagName("script").length, images: document.getElementsByTagName("img").length,
  iframes: window.sovIframes.length, iframeSame: same(window.sovIframes[0], expectedIframe),
  consumerSame: same(window.sovConsumer, expectedConsumer), sovApi: window.sovApi,
  container: document.getElementById("sovendus-container") !== null,
});
document.body.appendChild(pre);
</script>`;
  const html = page.stdout.replace("<head>", "<head>\n" + prelude).replace('<script type="text/javascript" src=', checker + '\n<script type="text/javascript" src=');
  const result = loadPage(html);
  assert.equal(result.pwned, false);
  assert.deepEqual(result.errors, []);
  // prelude, data, bridge and the checker itself (the loader comes after it): nothing else became a script.
  assert.equal(result.scripts, 4);
  assert.equal(result.images, 0);
  assert.equal(result.iframes, 1);
  assert.equal(result.iframeSame, true);
  assert.equal(result.consumerSame, true);
  assert.equal(result.sovApi, "v1");
  assert.equal(result.container, true);
  // The bridge reported the page height; the Swift side decodes what it posted.
  assert.ok(result.posts.length >= 1);
  const file = join(folder, "posts.jsonl");
  writeFileSync(file, result.posts.map((post) => JSON.stringify({ handler: post.handler, transport: "object", body: post.body })).join("\n") + "\n");
  const decoded = run(["decode", "--jsonl", file]);
  assert.equal(decoded.status, 0, decoded.stdout);
  assert.match(decoded.stdout, /"kind":"sovendus.height"/);
});

forEachEngine("HTML text and attribute escaping read back through the DOM", (loadPage) => {
  const corpus = [...naughtyStrings(), ...randomStrings(500, 0x4e11), ...hostile, "\r\n\r", "\u0000"];
  const texts = escapeAll("html", corpus);
  const attributes = escapeAll("attr", corpus);
  const body = corpus.map((_, i) => `<p id="t${i}">${texts[i]}</p><div id="a${i}" data-v="${attributes[i]}" title='${attributes[i]}'></div>`).join("\n");
  // HTML has no form for U+0000: it becomes U+FFFD, as in any browser.
  const originals = corpus.map((text) => text.replaceAll("\u0000", "\ufffd"));
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8">${prelude}</head><body>
${body}
<script>
${expected("originals", originals)}
var mismatches = [];
for (var i = 0; i < originals.length; i++) {
  if (document.getElementById("t" + i).textContent !== originals[i]) mismatches.push(["text", i]);
  var div = document.getElementById("a" + i);
  if (div.getAttribute("data-v") !== originals[i]) mismatches.push(["attr", i]);
  if (div.getAttribute("title") !== originals[i]) mismatches.push(["single-quoted attr", i]);
}
var pre = document.createElement("pre"); pre.id = "result";
pre.textContent = JSON.stringify({ count: originals.length, mismatches: mismatches, pwned: window.__pwned !== undefined,
  errors: window.__errors, scripts: document.getElementsByTagName("script").length, images: document.getElementsByTagName("img").length });
document.body.appendChild(pre);
</script></body></html>`;
  const result = loadPage(html);
  assert.equal(result.count, corpus.length);
  assert.deepEqual(result.mismatches, []);
  assert.equal(result.pwned, false);
  assert.deepEqual(result.errors, []);
  assert.equal(result.scripts, 2);
  assert.equal(result.images, 0);
});

forEachEngine("Swedbank Pay Android helper page with hostile request values", (loadPage) => {
  const hostileId = encodeURIComponent(`"><script>window.__pwned=1</script>'<img src=x onerror=window.__pwned=1>`);
  const request = `https://example.com/swedbank-pay-mobile/sdk-callback/android-intent?package=your.ecom.app&id=${hostileId}&x=${encodeURIComponent("';\n#")}`;
  const helper = run(["url", "helper", "android-intent", request]);
  assert.equal(helper.status, 0, helper.stderr);
  const response = JSON.parse(helper.stdout);
  assert.equal(response.status, 200);
  // The request URL as a browser reads it (its `'` percent-encoded) is the intent's data.
  const intent = `intent://${new URL(request).href.slice("https://".length)}#Intent;scheme=https;action=com.swedbankpay.mobilesdk.VIEW_PAYMENTORDER;package=your.ecom.app;end;`;
  const checker = `<script>
${expected("intent", intent)}
var link = document.querySelector("a");
var refresh = document.querySelector('meta[http-equiv="refresh"]');
var pre = document.createElement("pre"); pre.id = "result";
pre.textContent = JSON.stringify({ pwned: window.__pwned !== undefined, errors: window.__errors,
  scripts: document.getElementsByTagName("script").length, images: document.getElementsByTagName("img").length,
  href: link.getAttribute("href") === intent, refresh: refresh.getAttribute("content") === "0;url=" + intent });
document.body.appendChild(pre);
</script>`;
  const html = response.body.replace("<head>", "<head>\n" + prelude).replace("</body>", checker + "\n</body>");
  const result = loadPage(html);
  assert.equal(result.pwned, false);
  assert.deepEqual(result.errors, []);
  assert.equal(result.scripts, 2);
  assert.equal(result.images, 1); // the Swedbank Pay logo, nothing injected
  assert.equal(result.href, true);
  assert.equal(result.refresh, true);

  // A hostile package never reaches a page: it is a 400 problem.
  const bad = JSON.parse(run(["url", "helper", "android-intent", request.replace("your.ecom.app", encodeURIComponent(`"><script>x</script>`))]).stdout);
  assert.equal(bad.status, 400);
  assert.match(bad.body, /mobilesdk\/badrequest/);
});

forEachEngine("ScriptJSONEncoder values, events and calls inside <script> blocks read back equal", (loadPage) => {
  const sample = scriptValues.filter((_, index) => index % 3 === 0);
  const encoded = encodeAll(sample);
  const names = ["branchPlaidLinkComplete", ...hostile];
  const scripts = names.map((name, index) => {
    const detail = { name, index };
    const event = run(["script", "event", "--secret", "Pq7_test-SECRET-0123456789abcdef", "--event", name, "--detail", JSON.stringify(detail)]);
    const call = run(["script", "call", "--function", name, "--arguments", JSON.stringify([name, index])]);
    assert.equal(event.status, 0, event.stderr);
    assert.equal(call.status, 0, call.stderr);
    return `<script>${event.stdout}</script>\n<script>${call.stdout}</script>`;
  });
  // The page's client, holding the events' secret: the window event follows only where it took them.
  const client = run(["script", "bridge", "--transport", "webkit-object", "--secret", "Pq7_test-SECRET-0123456789abcdef", "--channels", "cart"]);
  assert.equal(client.status, 0, client.stderr);
  const stranger = run(["script", "event", "--secret", "another-SECRET-0123456789abcdef", "--event", names[0], "--detail", '{"stranger":true}']);
  assert.equal(stranger.status, 0, stranger.stderr);
  const html = `<!DOCTYPE html><html><head><meta charset="utf-8">${prelude}
<script>${client.stdout}</script>
<script>
window.__values = []; window.__events = []; window.__calls = [];
${expected("names", names)}
names.forEach(function (name) {
  window.addEventListener(name, function (event) { window.__events.push(event.detail); });
  window[name] = function () { window.__calls.push(Array.prototype.slice.call(arguments)); };
});
</script></head><body>
${encoded.map((text) => `<script>window.__values.push(${text});</script>`).join("\n")}
${scripts.join("\n")}
<script>${stranger.stdout}</script>
<script>
${expected("values", sample)}
var mismatches = [];
for (var i = 0; i < values.length; i++) {
  if (JSON.stringify(window.__values[i]) !== JSON.stringify(values[i])) mismatches.push(i);
}
var pre = document.createElement("pre"); pre.id = "result";
// ASCII only: the dumped DOM writes U+00A0 as &nbsp;.
pre.textContent = JSON.stringify({ count: window.__values.length, mismatches: mismatches, events: window.__events, calls: window.__calls,
  pwned: window.__pwned !== undefined, errors: window.__errors })
  .replace(/[^\x20-\x7e]/g, function (c) { return String.fromCharCode(92) + "u" + ("000" + c.charCodeAt(0).toString(16)).slice(-4); });
document.body.appendChild(pre);
</script></body></html>`;
  const result = loadPage(html);
  assert.equal(result.count, sample.length);
  assert.deepEqual(result.mismatches, []);
  assert.deepEqual(result.events, names.map((name, index) => ({ name, index })));
  assert.deepEqual(result.calls, names.map((name, index) => [name, index]));
  assert.equal(result.pwned, false);
  assert.deepEqual(result.errors, []);
});

/**
 * A page that runs each of `runs` ({ name, steps }) in a frame of its own, so that their globals do
 * not meet: the steps are evaluated in order, the last one's Promise awaited. The reports by name.
 */
function framesPage(runs) {
  const inline = (value) => JSON.stringify(value).replaceAll("<", "\\u003c");
  const frames = runs.map((_, index) => `<iframe id="run${index}" srcdoc="<!doctype html>"></iframe>`).join("");
  return `<!doctype html><meta charset="utf-8"><body>${frames}<pre id="result"></pre><script>
    const runs = ${inline(runs)};
    window.addEventListener("load", async () => {
      const reports = {};
      try {
        for (const [index, { name, steps }] of runs.entries()) {
          const frame = document.getElementById("run" + index).contentWindow;
          let last;
          for (const step of steps) last = frame.eval(step);
          reports[name] = JSON.parse(JSON.stringify(await last));
        }
      } catch (error) {
        reports.error = String(error && error.stack);
      }
      document.getElementById("result").textContent = JSON.stringify(reports);
    });
  </script></body>`;
}

forEachEngine("the app's dates and amounts read in the page as the app meant them, in an event's detail and a request's answer", (loadPage) => {
  const reports = loadPage(framesPage(transports.map((t) => ({ name: t, steps: [natives(t), client(t), valuesScenario(t)] }))));
  assert.equal(reports.error, undefined);
  for (const transport of transports) checkValues(reports[transport], transport);
});

forEachEngine("a request's AbortSignal: nothing posted once aborted, rejected at once while it waits, the late answer dropped", (loadPage) => {
  const aborting = ["android", "webkit-object"];
  const reports = loadPage(framesPage(aborting.map((t) => ({ name: t, steps: [natives(t), client(t), abortScenario(t)] }))));
  assert.equal(reports.error, undefined);
  for (const transport of aborting) checkAbort(reports[transport], transport);
});
