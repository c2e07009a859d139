// `bridgecodec url parse` against the browsers' reading of URLs: node's URL class implements the
// WHATWG URL Standard, and where this node release reads a URL otherwise than the package, headless
// Chromium decides; WebKit, the engine of every iOS WebView, reads them all too. A URL a browser
// reads, the package reads the same way, part by part, or refuses for a reason docs/security.md
// lists; one a browser refuses, the package refuses too.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { run, load, loadInWebKit, repositoryRoot, runWebKit } from "./support.mjs";

/** A seeded linear congruential generator: `next(n)` is below `n`, `pick(list)` one of its items. */
function seeded(seed) {
  let state = seed >>> 0;
  const next = (n) => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state % n;
  };
  const pick = (list) => list[next(list.length)];
  return { next, pick };
}

/** Seeded URLs built from the pieces browsers read in surprising ways. */
function generatedURLs(count, seed) {
  const { next, pick } = seeded(seed);
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
const documentedRefusals = [/"file:" is never allowed/];

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
/** A host the URL Standard reads as written, where the node and WebKitGTK at hand still refuse
 * it: an ASCII host whose `xn--` label is no Punycode (Chromium reads it as the Standard does). */
const bogusPunycodeHost = (input) => /xn--a\.example/i.test(input);
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
  const otherwise = disagreements.filter((entry) => !bogusPunycodeHost(entry.input)).length;
  assert.ok(otherwise < 20, `${otherwise} disagreements with node`);
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
    if (theirs === null && bogusPunycodeHost(input)) return;
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

/** Hosts of the providers' markets and UTS #46's corners (case, compatibility forms, joiners, bidi,
 * marks, `xn--` labels), beside web-platform-tests' toascii.json cases. */
const toASCIICases = JSON.parse(readFileSync(join(repositoryRoot, "Tests/TestData/wpt-url/toascii.json"), "utf8"))
  .filter((entry) => typeof entry === "object");
const hosts = [
  ...toASCIICases.map((entry) => entry.input),
  "bücher.de", "BÜCHER.DE", "bu\u0308cher.de", "räksmörgås.se", "straße.de", "blåbærsyltetøy.no", "żółw.pl", "hyvää.fi", "øl.dk",
  "ＳＨＯＰ．example", "shop。example", "\u212Aelvin.example", "fa\u00df.de", "\u03c2.gr", "xn--bcher-kva.de", "b\u2488nk.example",
  "\u05D0.a", "a.\u05D0", "0\u00e0.\u05D0", "\u00e0.\u05D0", "\u05D0a", "\u0627" + "1\u0660", "\u0628\u200C\u0627",
  "\u0627\u200C\u0628", "a\u200Cb", "\u0915\u094D\u200D\u0937", "\u0301a.example", "-a.b", "a.b-", "a--b.c",
  ...generatedHosts(300, 0x1d4a),
];

/** Seeded hosts of one to three labels from pieces UTS #46 treats each its own way: case, compatibility
 * and mapped forms, marks, joiners, right-to-left letters and digits, ignored and disallowed code points. */
function generatedHosts(count, seed) {
  const { next, pick } = seeded(seed);
  const pieces = [
    "a", "B", "z", "0", "7", "-", "_", "\u00e4", "\u00d6", "\u00df", "\u1e9e", "\u0301", "\u0308", "\u03c2", "\u03a3", "\u0436",
    "\u05d0", "\u05d1", "\u0627", "\u0628", "\u0660", "\u06f1", "\u0915", "\u094d", "\u200c", "\u200d", "\uff21", "\uff10",
    "\u00ad", "\u2488", "\u212a", "\u2260", "\u3042", "\u65e5", "\ufffd", "\u00b7", "\u0640", "\u064b", "\u0131", "\u0130",
  ];
  const separators = [".", ".", ".", "\u3002", "\uff0e"];
  const generated = [];
  for (let index = 0; index < count; index += 1) {
    let host = "";
    for (let label = 1 + next(3); label > 0; label -= 1) {
      for (let length = 1 + next(5); length > 0; length -= 1) host += pick(pieces);
      if (label > 1) host += pick(separators);
    }
    generated.push(host + pick(["", ".example", ".de"]));
  }
  return generated;
}

test("url parse reads hosts as web-platform-tests, Chromium and WebKit do (UTS #46)", () => {
  const html = `<pre id="result"></pre><script>
var hosts = ${JSON.stringify(hosts).replaceAll("<", "\\u003c")};
document.getElementById("result").textContent = JSON.stringify(hosts.map(function (host) {
  try { return new URL("https://" + host + "/").hostname; } catch (error) { return null; }
}));
</script>`;
  const chromium = load(html);
  const webKit = loadInWebKit(html);
  const expected = new Map(toASCIICases.map((entry) => [entry.input, entry.output]));
  let asChromium = 0;
  let asWebKit = 0;
  const dataAs = { cases: 0, chromium: 0, webKit: 0 };
  hosts.forEach((host, index) => {
    const result = run(["url", "parse", `https://${host}/`]);
    const ours = result.status === 0 ? JSON.parse(result.stdout).host : null;
    const label = JSON.stringify(host);
    if (expected.has(host)) {
      // The data decides its own cases: the engines at hand predate some of it (the URL Standard's
      // reading of ASCII hosts, Unicode 16's mappings, forbidden code points after NFC).
      assert.equal(ours, expected.get(host), `${label}: toascii.json`);
      dataAs.cases += 1;
      if (chromium[index] === ours) dataAs.chromium += 1;
      if (webKit[index] === ours) dataAs.webKit += 1;
      return;
    }
    // WebKitGTK's ICU maps U+1E9E (capital sharp s) to "ss", as UTS #46 did before Unicode 16; now it is "ß".
    if (!host.includes("\u1e9e")) {
      assert.equal(ours, webKit[index], `${label}: WebKit reads ${webKit[index]}`);
      asWebKit += 1;
    }
    assert.equal(ours, chromium[index], `${label}: Chromium reads ${chromium[index]}`);
    asChromium += 1;
  });
  console.log(`url parse: every one of ${dataAs.cases} toascii.json cases as it says (Chromium reads ${dataAs.chromium} so, ` +
    `WebKit ${dataAs.webKit}); of the ${asChromium} other hosts, every one as Chromium reads it, ${asWebKit} as WebKit ` +
    `(the others hold U+1E9E)`);
  assert.ok(asWebKit > 250, `only ${asWebKit} as WebKit reads them`);
});
