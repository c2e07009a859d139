// `bridgecodec url parse` against the browsers' reading of URLs: node's URL class implements the
// WHATWG URL Standard, and where this node release reads a URL otherwise than the package, headless
// Chromium decides; WebKit, the engine of every iOS WebView, reads them all too. A URL a browser
// reads, the package reads the same way, part by part, or refuses for a reason docs/security.md
// lists; one a browser refuses, the package refuses too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { run, load, runWebKit } from "./support.mjs";

/** Seeded URLs built from the pieces browsers read in surprising ways. */
function generatedURLs(count, seed) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const pick = (list) => list[next(list.length)];
  const schemes = ["https", "HTTPS", "http", "HtTp", "javascript", "ftp", "wss", "myapp", "intent"];
  const userInfo = ["", "", "", "", "user@", "user:pass@", "a%40b@", "a@b@"];
  const hosts = [
    "example.com", "EXAMPLE.com", "a.b.example", "xn--nxasmq6b.example", "xn--bcher-kva.example", "xn--a.example", "a_b.example",
    "127.0.0.1", "127.1", "0x7f.0.0.1", "0x7f.1", "2130706433", "0177.0.0.1", "1.2.3.04", "1.2.3.4.5", "999.1.1.1",
    "[::1]", "[0:0::1]", "[::FFFF]", "[::ffff:1.2.3.4]", "[1:2:3:4:5:6:7:8:9]", "example.com.", "a..b", "-a.example",
    "0x7g.example", "bücher.example", "a^b", "a%41.example", "",
  ];
  const ports = ["", "", ":443", ":80", ":8443", ":0443", ":65535", ":65536", ":", ":x"];
  const segments = [
    "a", "B", ".", "..", "%2e", "%2E%2e", ".%2e", "a%20b", "%41", "~x", "a'b", "", "a;b=c", "a|b", "^", "{x}", "a b", "ü", "%zz",
  ];
  const separators = ["/", "/", "/", "\\", "\t/", "/\n"];
  const queries = ["", "", "?", "?a=1", "?a='b'", "?a=%27", "?x=y&x=z", "?q=|^{}", "?q=a b", "?ü=1"];
  const fragments = ["", "", "#", "#f", "#a'b", "#%20", "#|^{}", "# x"];
  const urls = [];
  for (let index = 0; index < count; index += 1) {
    let path = "";
    for (let depth = next(4); depth > 0; depth -= 1) path += pick(separators) + pick(segments);
    urls.push(`${pick(schemes)}://${pick(userInfo)}${pick(hosts)}${pick(ports)}${path}${pick(queries)}${pick(fragments)}`);
  }
  return urls;
}

/** The refusals docs/security.md lists for URLs a browser reads. */
const documentedRefusals = [/host has non-ASCII characters/, /"file:" is never allowed/];

/** The protocols of the Standard's special schemes. */
const specialProtocols = ["http:", "https:", "ws:", "wss:", "ftp:", "file:"];

/** The parts of a URL as JavaScript's URL class names them. */
const partsOf = (url) => ({
  origin: url.origin, protocol: url.protocol, username: url.username, password: url.password, hostname: url.hostname,
  port: url.port, pathname: url.pathname, search: url.search, hash: url.hash,
});

/** Chromium's parts for each text, or null where it refuses it. */
function chromiumReadings(texts) {
  const list = JSON.stringify(texts).replaceAll("<", "\\u003c");
  return load(`<pre id="result"></pre><script>
var texts = ${list};
document.getElementById("result").textContent = JSON.stringify(texts.map(function (text) {
  try { return (${partsOf.toString()})(new URL(text)); } catch (error) { return null; }
}));
</script>`);
}

/** `bridgecodec url parse`'s reading of each text: its parts by JavaScript's names, or its refusal. */
function packageReadings(texts) {
  return texts.map((input) => {
    const result = run(["url", "parse", input]);
    if (result.status !== 0) {
      assert.equal(result.status, 1, `${JSON.stringify(input)}: ${result.stderr}`);
      return { input, refusal: result.stderr };
    }
    const url = JSON.parse(result.stdout);
    const parts = {
      origin: url.origin, protocol: `${url.scheme}:`, username: url.username, password: url.password, hostname: url.host ?? "",
      port: url.port === null ? "" : String(url.port), pathname: url.path, search: url.query ? `?${url.query}` : "",
      hash: url.fragment ? `#${url.fragment}` : "",
    };
    return { input, parts };
  });
}

/** Where engines part ways, besides what the generator makes: this node release leaves `^` in a path
 * and writes no `/` for the `..` path of a non-special URL; WebKit writes `/` for the empty path of
 * one with user info. */
const pinned = ["https://shop.example/a^b?x=1", "myapp://host/..?x", "myapp://u@host?x", "myapp://:@host#f", "myapp://u:p@host:8080?x"];
const generated = [...pinned, ...generatedURLs(400, 0x5eed)];
let readings;
/** The package's readings of the generated URLs, made once for every engine's test. */
const generatedReadings = () => (readings ??= packageReadings(generated));

test("url parse reads URLs as the browser does, part by part", () => {
  let agreed = 0;
  let nodeReads = 0;
  let refusedAsDocumented = 0;
  const disagreements = [];
  for (const { input, refusal, parts: ours } of generatedReadings()) {
    let theirs = null;
    try {
      theirs = partsOf(new URL(input));
      nodeReads += 1;
    } catch {
      // node refuses it
    }
    if (refusal !== undefined) {
      if (theirs !== null) {
        assert.ok(documentedRefusals.some((reason) => reason.test(refusal)), `refused ${JSON.stringify(input)}: ${refusal}`);
        refusedAsDocumented += 1;
      }
      continue;
    }
    if (theirs !== null && Object.keys(ours).every((part) => ours[part] === theirs[part])) agreed += 1;
    else disagreements.push({ input, ours, node: theirs });
  }
  // Where this node release reads a part otherwise (a `..` that is a non-special URL's whole path),
  // Chromium's reading of that part decides; Chromium has deviations of its own (it encodes `'` in a
  // non-special URL's query), where node's reading decides.
  const chromium = disagreements.length > 0 ? chromiumReadings(disagreements.map((entry) => entry.input)) : [];
  disagreements.forEach((entry, index) => {
    const browser = chromium[index];
    assert.ok(browser !== null || entry.node !== null, `${JSON.stringify(entry.input)}: read, where both engines refuse it`);
    for (const [part, value] of Object.entries(entry.ours)) {
      assert.ok(value === entry.node?.[part] || value === browser?.[part],
        `${JSON.stringify(entry.input)}: ${part} ${JSON.stringify(value)}, node ${JSON.stringify(entry.node?.[part])}, ` +
        `Chromium ${JSON.stringify(browser?.[part])}`);
    }
  });
  console.log(`url parse: ${agreed + disagreements.length} of the ${nodeReads} generated URLs node reads read the same ` +
    `(${disagreements.length} part by part as node or Chromium); ${refusedAsDocumented} refused as documented`);
  assert.ok(agreed > 150, `only ${agreed} agreed`);
  assert.ok(disagreements.length < 20, `${disagreements.length} disagreements with node`);
});

test("url parse reads URLs as WebKit does, part by part", () => {
  const texts = JSON.stringify(generated).replaceAll("<", "\\u003c");
  const [page] = runWebKit([{
    name: "generated URLs",
    html: `<!DOCTYPE html><script>
window.webkit.messageHandlers.readings.postMessage(JSON.stringify(${texts}.map(function (text) {
  try { return (${partsOf.toString()})(new URL(text)); } catch (error) { return null; }
})));
</script>`,
    baseURI: "https://checkout.example/", handlers: ["readings"], steps: [], posts: 1,
  }]);
  assert.deepEqual(page.errors, []);
  assert.equal(page.posts.length, 1, "WebKit posted no readings");
  const webKit = JSON.parse(JSON.parse(page.posts[0].body));
  let agreed = 0;
  let refusedAsDocumented = 0;
  let pathDeviations = 0;
  generatedReadings().forEach(({ input, refusal, parts: ours }, index) => {
    const theirs = webKit[index];
    const label = JSON.stringify(input);
    if (refusal !== undefined) {
      if (theirs !== null) {
        assert.ok(documentedRefusals.some((reason) => reason.test(refusal)), `${label}: refused (${refusal}), where WebKit reads it`);
        refusedAsDocumented += 1;
      }
      return;
    }
    assert.ok(theirs !== null, `${label}: read, where WebKit refuses it`);
    // WebKit's one deviation from the Standard among these: a non-special URL whose authority holds
    // an `@` and whose path is empty gets the path "/" when a query or fragment follows
    // (`myapp://u@host?x` is `myapp://u@host/?x`), docs/security.md.
    const authority = input.replace(/[\t\n\r]/g, "").split("://")[1]?.split(/[/?#]/)[0] ?? "";
    if (!specialProtocols.includes(ours.protocol) && authority.includes("@") && ours.pathname === "" && theirs.pathname === "/") {
      pathDeviations += 1;
      assert.deepEqual(ours, { ...theirs, pathname: "" }, label);
    } else {
      assert.deepEqual(ours, theirs, label);
    }
    agreed += 1;
  });
  console.log(`url parse: ${agreed} of the generated URLs read as WebKit reads them (${pathDeviations} but for WebKit's ` +
    `path "/"); ${refusedAsDocumented} refused as documented`);
  assert.ok(agreed > 150, `only ${agreed} agreed`);
});
