// Page → snippet → native decode: every snippet runs in node:vm with fake bridges, is driven as the
// provider's page drives it, and what it posts is decoded by the Swift side (bridgecodec decode --jsonl).
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { sandbox, decodeAll, script, recordsFor } from "./support.mjs";

const transports = ["webkit-object", "webkit-string", "android", "android-listener", "react-native", "cordova"];

for (const transport of transports) {
  test(`volt over ${transport}`, () => {
    const page = sandbox();
    page.run(script(["volt", "--transport", transport]));
    page.run(`window.voltRedirectCallback({type: "merchant_redirect", result: "cancel", url: "https://merchant.example/checkout/cancel?order=123"})`);
    page.run(`window.voltRedirectCallback({type: "bank_redirect", url: "https://bank.example/authorize?id=42", extra: [1, 2]})`);
    page.run(`window.voltRedirectCallback({type: "bank_redirect", url: "javascript:alert(document.cookie)"})`);
    // Members JSON has no form for are left out, never the message (WebKit would drop it whole).
    page.run(`window.voltRedirectCallback({type: "bank_redirect", url: "https://bank.example/a", done: function () {}, tag: Symbol("t"), n: 10n})`);
    assert.equal(page.posts.length, 4);
    if (transport === "webkit-object" || transport === "webkit-string") assert.ok(page.posts.every((p) => p.name === "voltRedirect"));
    if (transport === "cordova") assert.ok(page.posts.every((p) => p.name === "cordova_iab"));
    if (transport === "android") assert.ok(page.posts.every((p) => p.name === "Android" && p.method === "postMessage"));
    const results = decodeAll(recordsFor(page.posts, transport, "voltRedirect"));
    assert.deepEqual(results[0].message, { result: "cancel", type: "merchant_redirect", url: "https://merchant.example/checkout/cancel?order=123" });
    assert.equal(results[1].kind, "volt.bankRedirect");
    assert.equal(results[2].error, '$.url: URL scheme "javascript:" is never allowed');
    assert.deepEqual(results[3].message, { type: "bank_redirect", url: "https://bank.example/a" });
  });

  test(`sovendus over ${transport}`, () => {
    const page = sandbox();
    page.run(script(["sovendus", "--transport", transport]));
    page.resize(64);
    page.resize(64); // unchanged: not reported again
    const ask = (payload) => page.window.dispatchEvent({ type: "message", data: { channel: "sovendus:integration", payload } });
    ask({ url: "https://www.sovendus.com/offer?id=7" }); // as the shipped integrations send it
    ask({ action: "openInNativeBrowser", url: "https://www.sovendus.com/offer?id=8", version: "v1" }); // as documented
    ask({ action: "somethingElse", url: "https://evil.example/other-action" });
    ask({ action: "openInNativeBrowser", url: "" });
    ask({ action: "openInNativeBrowser", url: 7 });
    page.window.dispatchEvent({ type: "message", data: { channel: "other", payload: { url: "https://evil.example/" } } });
    page.window.dispatchEvent({ type: "message", data: "not an object" });
    page.resize(900);
    // Over Android the height is posted as a string, as Sovendus' Android integration does; the Swift side reads both.
    if (transport === "android") {
      const heights = page.posts.map((p) => JSON.parse(p.args[0])).filter((body) => body.type === "height");
      assert.ok(heights.length === 3 && heights.every((body) => typeof body.value === "string"), JSON.stringify(heights));
    }
    const results = decodeAll(recordsFor(page.posts, transport, "sovHandler"));
    assert.deepEqual(results.map((r) => r.kind ?? r.error), [
      "sovendus.height", "sovendus.height", "sovendus.openUrl", "sovendus.openUrl",
      // Refused by native code with the reason, as Sovendus' integrations refuse an empty URL.
      "$.value: URL is empty", "$.value: expected a string, found a number", "sovendus.height",
    ]);
    assert.deepEqual(results.filter((r) => r.kind).map((r) => r.message.value), [
      420, 64, "https://www.sovendus.com/offer?id=7", "https://www.sovendus.com/offer?id=8", 900,
    ]);
  });

  test(`sovendus over ${transport} forwards only listed origins when given`, () => {
    const page = sandbox();
    page.run(script(["sovendus", "--transport", transport, "--message-origins", "https://*.Sovendus.com,https://partner.example"]));
    const ask = (origin, url) =>
      page.window.dispatchEvent({ type: "message", origin, data: { channel: "sovendus:integration", payload: { url } } });
    ask("https://www.sovendus.com", "https://www.sovendus.com/offer?id=1");
    ask("https://a.b.sovendus.com", "https://www.sovendus.com/offer?id=2");
    ask("https://partner.example", "https://partner.example/offer?id=3");
    for (const origin of [
      "https://sovendus.com", "https://.sovendus.com", "http://www.sovendus.com", "https://www.sovendus.com:8443",
      "https://evilsovendus.com", "https://www.sovendus.com.evil.example", "https://partner.example.evil", "null", undefined,
    ]) {
      ask(origin, "https://evil.example/" + String(origin));
    }
    const results = decodeAll(recordsFor(page.posts, transport, "sovHandler"));
    assert.deepEqual(results.filter((r) => r.kind === "sovendus.openUrl").map((r) => r.message.value), [
      "https://www.sovendus.com/offer?id=1", "https://www.sovendus.com/offer?id=2", "https://partner.example/offer?id=3",
    ]);
  });

  test(`branch plaid opener over ${transport}`, () => {
    const page = sandbox();
    page.run(script(["branch-plaid-open", "--transport", transport]));
    page.run(`window.branchPlaidOpenHostedLink("https://hosted.plaid.com/link/lp-123")`);
    page.run(`window.branchPlaidOpenHostedLink("file:///data/secret")`);
    if (transport === "android") assert.deepEqual(page.posts[0].method, "openHostedLink");
    const results = decodeAll(recordsFor(page.posts, transport, "branchPlaidLink", { rawStrings: true }));
    assert.equal(results[0].kind, "branch.hostedLink");
    assert.equal(results[0].message, "https://hosted.plaid.com/link/lp-123");
    assert.match(results[1].error, /"file:" is never allowed/);
  });

  test(`swedbank pay hooks over ${transport}`, () => {
    const page = sandbox();
    page.run(script(["swedbank-pay", "--transport", transport]));
    page.run(`window.swedbankPayCompleted("success")`);
    page.run(`window.swedbankPayCanceled()`);
    if (transport === "android") assert.deepEqual(page.posts.map((p) => `${p.name}.${p.method}`), ["callbacks.completed", "callbacks.canceled"]);
    const records = recordsFor(page.posts, transport, null, { rawStrings: true });
    records[0].handler = "completed";
    records[1].handler = "canceled";
    const results = decodeAll(records);
    assert.deepEqual(results.map((r) => r.kind), ["swedbankpay.completed", "swedbankpay.canceled"]);
    assert.equal(results[0].message, "success");
  });
}

test("branchPlaidLinkComplete: the page receives exactly the detail, hostile text included", () => {
  const details = [
    { status: "completed", callbackUrl: "branchapp://plaid-hosted-link-complete?public_token=p-1&x=%22" },
    { status: "canceled" },
    { status: "error", message: "</script><script>alert(1)</script>\u2028'\"`${x}`" },
  ];
  for (const detail of details) {
    const page = sandbox();
    const received = [];
    page.window.addEventListener("branchPlaidLinkComplete", (event) => received.push(structuredClone(event.detail)));
    page.run(script(["branch-plaid-complete", "--detail", JSON.stringify(detail)]));
    assert.deepEqual(received, [detail]);
    const [result] = decodeAll([{ handler: "branchPlaidLinkComplete", transport: "object", body: received[0] }]);
    assert.equal(result.kind, "branch.linkComplete");
  }
});

test("hostile handler names stay data", () => {
  const page = sandbox();
  const hostile = `x"]);globalThis.pwned=1;//</script>`;
  page.run(script(["volt", "--transport", "webkit-object", "--handler", hostile]));
  page.run(`window.voltRedirectCallback({type: "bank_redirect", url: "https://bank.example/"})`);
  assert.equal(page.posts[0].name, hostile);
  assert.equal(vm.runInContext("typeof globalThis.pwned", page.context), "undefined");
});
