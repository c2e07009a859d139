// The WebKit transports in WebKit itself: every snippet the package builds for WKWebView
// (webkit-object, webkit-string, cordova) runs in WebKitGTK under Xvfb, is driven as the
// provider's page drives it, and what WebKit delivers to window.webkit.messageHandlers is decoded
// by the Swift side; the decoded messages must equal those of the same steps in node:vm. What the
// app sends into the page (escaped literals, encoded values, replies) is evaluated there too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { sandbox, decodeAll, script, recordsFor, runWebKit, strings, scriptValues, encodeAll, escapeAll } from "./support.mjs";
import { answers, check, client, event, events, hostile, reply, scenario, secret, appValues, valuesScenario, checkValues } from "./client.mjs";

const transports = ["webkit-object", "webkit-string", "cordova"];

/** Each provider's snippet and the page's calls into it, with the handler the app registers for it. */
const scenarios = [
  {
    name: "volt", args: ["volt"], handler: "voltRedirect",
    steps: [
      `window.voltRedirectCallback({type: "merchant_redirect", result: "cancel", url: "https://merchant.example/checkout/cancel?order=123"})`,
      `window.voltRedirectCallback({type: "bank_redirect", url: "https://bank.example/authorize?id=42", extra: [1, 2], none: undefined})`,
      `window.voltRedirectCallback({type: "bank_redirect", url: "javascript:alert(document.cookie)"})`,
      `window.voltRedirectCallback({type: "bank_redirect", url: "https://Bank.Example:443/a/../b c|d"})`,
      // WebKit delivers nothing for a value holding a function or a Symbol: the snippet posts its JSON form.
      `window.voltRedirectCallback({type: "bank_redirect", url: "https://bank.example/a", done: function () {}, tag: Symbol("t"), n: 10n})`,
    ],
  },
  {
    name: "sovendus", args: ["sovendus"], handler: "sovHandler",
    // The banner's own messages, as Sovendus' content posts them; the height the page reports first is WebKit's own.
    steps: [
      { message: { channel: "sovendus:integration", payload: { url: "https://www.sovendus.com/offer?id=7" } } },
      { message: { channel: "sovendus:integration", payload: { action: "openInNativeBrowser", url: "https://www.sovendus.com/offer?id=8", version: "v1" } } },
      { message: { channel: "sovendus:integration", payload: { action: "other", url: "https://evil.example/" } } },
    ],
    onlyOpenURLs: true,
  },
  {
    name: "branch-plaid-open", args: ["branch-plaid-open"], handler: "branchPlaidLink", rawStrings: true,
    steps: [`window.branchPlaidOpenHostedLink("https://hosted.plaid.com/link/lp-123")`, `window.branchPlaidOpenHostedLink("file:///data/secret")`],
  },
  {
    name: "swedbank-pay", args: ["swedbank-pay"], handlers: ["completed", "canceled"], rawStrings: true,
    steps: [`window.swedbankPayCompleted("success")`, `window.swedbankPayCanceled()`],
  },
];

/** The decoded messages of `records`: kind and message, or error. */
function decoded(records) {
  return decodeAll(records).map((result) => (result.error ? { error: result.error } : { kind: result.kind, message: result.message }));
}

/** `decode --jsonl` records for what WebKit delivered: the posted value itself, as the app receives it. */
function webkitRecords(posts, transport, handlerOf) {
  return posts.map((post, index) => {
    const handler = handlerOf(index);
    if (post.body === null) return { handler, transport: "absent" };
    const body = JSON.parse(post.body);
    return transport === "webkit-object" ? { handler, transport: "object", body } : { handler, transport: "string", body };
  });
}

test("every WebKit-transport snippet in WebKitGTK posts what node:vm posts", () => {
  const pages = [];
  const expected = [];
  for (const transport of transports) {
    for (const scenario of scenarios) {
      const snippet = script([...scenario.args, "--transport", transport]);
      // node:vm with fake bridges: the reference.
      const page = sandbox();
      page.run(snippet);
      for (const step of scenario.steps) {
        if (typeof step === "string") page.run(step);
        else page.window.dispatchEvent({ type: "message", data: step.message });
      }
      const handlers = scenario.handlers ?? [scenario.handler];
      const handlerOf = (index) => handlers[Math.min(index, handlers.length - 1)];
      let posts = page.posts;
      if (scenario.onlyOpenURLs) posts = posts.filter((post) => JSON.stringify(post.args).includes("openUrl"));
      const reference = recordsFor(posts, transport, null, { rawStrings: scenario.rawStrings });
      reference.forEach((record, index) => { record.handler = handlerOf(index); });
      expected.push({ transport, scenario, messages: decoded(reference), handlerOf });
      pages.push({
        name: `${scenario.name} over ${transport}`,
        html: "<!DOCTYPE html><html><head><meta charset=\"utf-8\"></head><body><p>page</p></body></html>",
        baseURI: "https://checkout.example/",
        userScript: snippet,
        handlers: transport === "cordova" ? ["cordova_iab"] : handlers,
        steps: scenario.steps.map((step) =>
          typeof step === "string" ? step : `window.dispatchEvent(new MessageEvent("message", {data: ${JSON.stringify(step.message)}}))`),
        posts: page.posts.length,
      });
    }
  }
  const ran = runWebKit(pages);
  assert.equal(ran.length, pages.length);
  ran.forEach((page, index) => {
    const { transport, scenario, messages, handlerOf } = expected[index];
    assert.deepEqual(page.errors, [], page.name);
    let posts = page.posts;
    if (scenario.onlyOpenURLs) {
      // WebKit's first height is its own layout's; it must decode as a height.
      const heights = posts.filter((post) => !String(post.body).includes("openUrl"));
      assert.ok(heights.length >= 1, page.name);
      for (const message of decoded(webkitRecords(heights, transport, () => scenario.handler))) {
        assert.equal(message.kind, "sovendus.height", page.name);
      }
      posts = posts.filter((post) => String(post.body).includes("openUrl"));
    }
    assert.deepEqual(decoded(webkitRecords(posts, transport, handlerOf)), messages, page.name);
  });
});

test("Branch's completion event and the app's own calls reach the page in WebKitGTK exactly", () => {
  const details = [
    { status: "completed", callbackUrl: "branchapp://plaid-hosted-link-complete?public_token=p-1&x=%22" },
    { status: "canceled" },
    { status: "error", message: "</script><script>alert(1)</script>\u2028'\"`${x}`" },
  ];
  // The page hands each detail, and each argument of a call, back to native code as it received them.
  const listener = `window.addEventListener("branchPlaidLinkComplete", function (event) {
  window.webkit.messageHandlers.branchPlaidLinkComplete.postMessage(event.detail);
});
window.onAppReady = function () { window.webkit.messageHandlers.calls.postMessage(Array.prototype.slice.call(arguments)); };`;
  const steps = details.map((detail) => script(["branch-plaid-complete", "--detail", JSON.stringify(detail)]));
  steps.push(script(["call", "--function", "onAppReady", "--arguments", JSON.stringify(["</script>\u2028", { a: [1, null] }])]));
  const [page] = runWebKit([{
    name: "completion", html: "<!DOCTYPE html><html><body></body></html>", baseURI: "https://shop.example/", userScript: listener,
    handlers: ["branchPlaidLinkComplete", "calls"], steps, posts: steps.length,
  }]);
  assert.deepEqual(page.errors, []);
  const received = page.posts.filter((post) => post.handler === "branchPlaidLinkComplete").map((post) => JSON.parse(post.body));
  assert.deepEqual(received, details);
  const results = decodeAll(received.map((body) => ({ handler: "branchPlaidLinkComplete", transport: "object", body })));
  assert.deepEqual(results.map((r) => r.kind), ["branch.linkComplete", "branch.linkComplete", "branch.linkComplete"]);
  const calls = page.posts.filter((post) => post.handler === "calls").map((post) => JSON.parse(post.body));
  assert.deepEqual(calls, [["</script>\u2028", { a: [1, null] }]]);
});

test("escaped literals and encoded values evaluate to the originals in WebKit's JavaScriptCore", () => {
  // What an app passes to evaluateJavaScript: each js-context literal and each ScriptJSONEncoder
  // text as source code, evaluated by WebKit's engine (node and Chromium share another).
  const literals = escapeAll("js", strings);
  const encoded = encodeAll(scriptValues);
  // The program ends in `undefined`: postMessage returns a Promise, which WebKitGTK cannot hand back as a step's value.
  const program = `window.webkit.messageHandlers.readback.postMessage(JSON.stringify({
  strings: [${literals.join(",\n")}],
  values: [${encoded.map((text) => `(${text})`).join(",\n")}]
}));
undefined;`;
  const [page] = runWebKit([{
    name: "read back", html: "<!DOCTYPE html><html><body></body></html>", baseURI: "https://shop.example/",
    handlers: ["readback"], steps: [program], posts: 1,
  }]);
  assert.deepEqual(page.errors, []);
  const readBack = JSON.parse(JSON.parse(page.posts[0].body));
  assert.deepEqual(readBack.strings, strings);
  assert.deepEqual(readBack.values, scriptValues);
});

/** The client's scenario in a WebKit page, the hostile script included: the report goes to the "report" handler. */
const clientScenario = (transport) => `${scenario(transport, { answer: false })}.then(function (report) {
  window.webkit.messageHandlers.report.postMessage(JSON.stringify(report));
});
undefined;`;

test("the client's posts, requests and events in WebKitGTK, answered by WebKit's own reply handler, a hostile script after it", () => {
  // The app answers through WKScriptMessageHandlerWithReply: what `script reply` writes for WebKit.
  const webkitAnswers = [1, 2, 3, 4].map((id) => (answers[id] ? reply("webkit-object", id) : null))
    .map((text, index) => (text === null ? null : answers[index + 1].value !== undefined ? { value: text.trim() } : { error: text.replace(/\n$/, "") }));
  const pages = ["webkit-object", "webkit-string"].map((transport) => ({
    name: `client over ${transport}`, html: "<!DOCTYPE html><html><body></body></html>", baseURI: "https://shop.example/",
    userScript: client(transport), handlers: ["log", "report"],
    replyHandlers: { cart: { answers: webkitAnswers, reverse: true } }, steps: [event("early", events.early), clientScenario(transport)], posts: 6,
  }));
  const ran = runWebKit(pages);
  for (const [index, page] of ran.entries()) {
    const transport = pages[index].name.replace("client over ", "");
    assert.deepEqual(page.errors, [], page.name);
    const [report] = page.posts.filter((post) => post.handler === "report").map((post) => JSON.parse(JSON.parse(post.body)));
    report.sent = page.posts.filter((post) => post.handler !== "report")
      .map((post) => ({ via: "webkit", name: post.handler, args: [JSON.parse(post.body)] }));
    check(transport, report);
  }
});

test("the client over Cordova in WebKitGTK: envelopes to cordova_iab, answered by the scripts script reply writes, a hostile script after it", () => {
  // The app evaluates its answers in the page, last first; request 4 is never answered.
  const replies = [5, 3, 2, 1].map((id) => reply("cordova", id));
  const [page] = runWebKit([{
    name: "client over cordova", html: "<!DOCTYPE html><html><body></body></html>", baseURI: "https://shop.example/",
    userScript: client("cordova"), handlers: ["cordova_iab", "report"],
    steps: [event("early", events.early), clientScenario("cordova"), ...replies], posts: 7,
  }]);
  assert.deepEqual(page.errors, []);
  const [report] = page.posts.filter((post) => post.handler === "report").map((post) => JSON.parse(JSON.parse(post.body)));
  report.sent = page.posts.filter((post) => post.handler === "cordova_iab")
    .map((post) => ({ via: "cordova", name: "cordova_iab", args: [JSON.parse(post.body)] }));
  check("cordova", report);
});

test("requests through WebKitGTK's own handlers: the app's values and its null arrive as values, a handler without a reply rejects, an aborted request drops WebKit's late answer", () => {
  const pages = ["webkit-object", "webkit-string"].map((transport) => ({
    name: `requests over ${transport}`, html: "<!DOCTYPE html><html><body></body></html>", baseURI: "https://shop.example/",
    userScript: script(["bridge", "--transport", transport, "--secret", secret, "--channels", "cart,plain,nothing,late"]),
    // "plain" is registered without a reply: WebKit's postMessage resolves with undefined.
    handlers: ["plain", "report"],
    replyHandlers: {
      // What the app's reply handler is given for the values (script reply over WebKit: its JSON).
      cart: { answers: [{ value: script(["reply", "--transport", transport, "--value", appValues.json]).trim() }] },
      nothing: { answers: [{ value: "null" }] },
      // Both are answered once the second arrives, the aborted one's answer first.
      late: { answers: [{ value: '{"late":true}' }, { value: '"second"' }] },
    },
    steps: [`(async function () {
  var unhandled = [];
  window.addEventListener("unhandledrejection", function (event) { unhandled.push(String(event.reason)); });
  var client = window.bridgecodec;
  function outcome(request) {
    return request.then(function (value) { return { value: value }; }, function (error) { return { error: error.message, name: error.name }; });
  }
  var report = { values: await ${valuesScenario(transport, { answer: false })} };
  report.plain = await outcome(client.request("plain", { sku: "P" }));
  report.nothing = await outcome(client.request("nothing", 1));
  var controller = new AbortController();
  var aborted = outcome(client.request("late", 1, { signal: controller.signal }));
  controller.abort();
  report.late = { second: await outcome(client.request("late", 2)), aborted: await aborted };
  await new Promise(function (resolve) { setTimeout(resolve, 50); });
  report.unhandled = unhandled;
  window.webkit.messageHandlers.report.postMessage(JSON.stringify(report));
})(); undefined;`],
    posts: 6,
  }));
  for (const page of runWebKit(pages)) {
    assert.deepEqual(page.errors, [], page.name);
    const [report] = page.posts.filter((post) => post.handler === "report").map((post) => JSON.parse(JSON.parse(post.body)));
    checkValues(report.values, page.name);
    assert.deepEqual(report.plain, { error: 'bridgecodec: "plain" has no reply handler: register it with a reply', name: "Error" }, page.name);
    assert.deepEqual(report.nothing, { value: null }, page.name);
    assert.deepEqual(report.late, { second: { value: "second" }, aborted: { error: report.late.aborted.error, name: "AbortError" } }, page.name);
    assert.deepEqual(report.unhandled, [], page.name);
    // WebKit delivered every request the page sent, the aborted one's too.
    assert.deepEqual(page.posts.map((post) => post.handler).sort(), ["cart", "late", "late", "nothing", "plain", "report"], page.name);
  }
});
