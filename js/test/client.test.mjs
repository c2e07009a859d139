// The page-side client (bridgecodec script bridge) on every transport, in node:vm and in headless
// Chromium, with stand-ins only for the native objects: they answer with what the Swift side writes
// (bridgecodec script reply). The WebKit transports also run in WebKit itself (webkit.test.mjs).
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { transports, pageScript, check, client } from "./client.mjs";
import { load, run, decodeAll } from "./support.mjs";

for (const transport of transports) {
  test(`the client over ${transport} in node:vm`, async () => {
    const window = {};
    const context = vm.createContext({ window, setTimeout, clearTimeout });
    vm.runInContext(client(transport), context);
    const report = await vm.runInContext(pageScript(transport), context);
    check(transport, JSON.parse(JSON.stringify(report)));
  });
}

/** `value` as JSON that an inline script holds as it is: no `</script>` can end it. */
const inline = (value) => JSON.stringify(value).replaceAll("<", "\\u003c");

test("the client on every transport in Chromium", () => {
  const runs = transports.map((transport) => `
    <iframe id=${JSON.stringify(transport)} srcdoc="<!doctype html>"></iframe>`).join("");
  // Each transport in a frame of its own, so that their globals do not meet.
  const html = `<!doctype html><meta charset="utf-8"><body>${runs}<pre id="result"></pre><script>
    const transports = ${inline(transports)};
    const clients = ${inline(Object.fromEntries(transports.map((t) => [t, client(t)])))};
    const scenarios = ${inline(Object.fromEntries(transports.map((t) => [t, pageScript(t)])))};
    window.addEventListener("load", async () => {
      const reports = {};
      try {
        for (const transport of transports) {
          const frame = document.getElementById(transport).contentWindow;
          frame.eval(clients[transport]);
          reports[transport] = await frame.eval(scenarios[transport]);
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
    vm.runInContext(client(transport), context);
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
  vm.runInContext(client("android-listener"), context);
  for (const name of ["self", "window"]) {
    await assert.rejects(vm.runInContext(`window.bridgecodec.request(${JSON.stringify(name)}, 1)`, context), /no handler/);
    assert.throws(() => vm.runInContext(`window.bridgecodec.post(${JSON.stringify(name)}, 1)`, context), /no handler/);
  }
});

test("script bridge and script reply refuse what they cannot write", () => {
  assert.equal(run(["script", "bridge", "--transport", "android", "--timeout-ms", "0"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "android", "--value", "1"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "android", "--request-id", "0", "--value", "1"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "cordova", "--request-id", "1", "--value", "[1,"]).status, 2);
  assert.equal(run(["script", "reply", "--transport", "cordova", "--request-id", "1"]).status, 2);
});
