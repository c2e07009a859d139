// Shared by the node tests: the CLI under test and the vendored test data (Tests/TestData).
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import vm from "node:vm";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const repositoryRoot = join(here, "..", "..");

/** The bridgecodec binary: BRIDGECODEC_BIN, or the debug build. */
export const bridgecodec = process.env.BRIDGECODEC_BIN ?? join(repositoryRoot, ".build", "debug", "bridgecodec");

/** Runs the CLI; returns { status, stdout, stderr } as strings. */
export function run(args, input = "") {
  const result = spawnSync(bridgecodec, args, { input, encoding: "utf8", maxBuffer: 256 << 20 });
  if (result.error) throw result.error;
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

const chromium = ["chromium", "chromium-browser", "google-chrome"].find((name) => spawnSync("which", [name]).status === 0);

/** Loads an HTML file in headless Chromium and returns the JSON its checker wrote into <pre id="result">. */
export function load(html) {
  assert.ok(chromium, "Chromium is needed for this test: apt-get install chromium");
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-browser-"));
  const file = join(folder, "page.html");
  writeFileSync(file, html);
  const result = spawnSync(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", `--user-data-dir=${join(folder, "profile")}`,
    // No request leaves the machine: names resolve to nothing, background services are off.
    "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-background-networking", "--disable-component-update",
    "--no-first-run", "--virtual-time-budget=2000", "--dump-dom", `file://${file}`,
  ], { encoding: "utf8", timeout: 60_000, maxBuffer: 64 << 20 });
  const match = /<pre id="result">([\s\S]*?)<\/pre>/.exec(result.stdout ?? "");
  assert.ok(match, `no result in the page: ${result.stderr?.slice(0, 2000)}`);
  const text = match[1].replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");
  return JSON.parse(text);
}

const webKitRunner = join(here, "webkit_runner.py");

/** Runs `pages` in WebKitGTK under Xvfb (webkit_runner.py) and returns what each page posted. */
export function runWebKit(pages) {
  const folder = mkdtempSync(join(tmpdir(), "bridgecodec-webkit-"));
  const spec = join(folder, "spec.json");
  writeFileSync(spec, JSON.stringify({ pages }));
  const result = spawnSync("xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24", "/usr/bin/python3", webKitRunner, spec], {
    encoding: "utf8", timeout: 120_000, maxBuffer: 64 << 20, env: { ...process.env, NO_AT_BRIDGE: "1" },
  });
  assert.equal(result.status, 0, `WebKitGTK did not run (scripts/setup installs it): ${result.stderr?.slice(-2000)}`);
  return JSON.parse(result.stdout.trim().split("\n").pop()).pages;
}

/**
 * Loads an HTML page in WebKitGTK and returns the JSON its checker wrote into <pre id="result">, as `load` does in Chromium
 * (whose virtual time lets a page's timers run first): the result is taken once the page has written it.
 */
export function loadInWebKit(html) {
  const [page] = runWebKit([{
    name: "page", html, baseURI: "https://page.example/",
    // Taken before the page's own scripts run: a page may put a stand-in at window.webkit.
    userScript: "var bridgecodecResult = window.webkit.messageHandlers.result;",
    handlers: ["result"], posts: 1,
    steps: [`(function wait() {
      var result = document.getElementById("result");
      if (result && result.textContent) bridgecodecResult.postMessage(result.textContent); else setTimeout(wait, 10);
    })(); undefined;`],
  }]);
  assert.deepEqual(page.errors, [], "WebKitGTK did not run the page to its result");
  return JSON.parse(JSON.parse(page.posts[0].body));
}

/** The big list of naughty strings. */
export function naughtyStrings() {
  return JSON.parse(readFileSync(join(repositoryRoot, "Tests", "TestData", "naughty-strings", "blns.json"), "utf8"));
}

/** Seeded strings of random code points from every plane, surrogates excluded (UTF-8 cannot carry them). */
export function randomStrings(count, seed) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const strings = [];
  for (let i = 0; i < count; i++) {
    let text = "";
    const length = Math.floor(next() * 40);
    for (let j = 0; j < length; j++) {
      const codePoint = next() < 0.5 ? Math.floor(next() * 0x2100) : Math.floor(next() * 0x110000);
      if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
      text += String.fromCodePoint(codePoint);
    }
    strings.push(text);
  }
  return strings;
}

// ScriptJSONEncoder's corpus, shared by the node and Chromium tests.
/** A value from the sandbox's realm as a value of this one (prototypes differ across realms). */
export const inThisRealm = (value) => JSON.parse(JSON.stringify(value));

export const strings = [...naughtyStrings(), ...randomStrings(1000, 0x5c71), "</script><script>alert(1)</script>", "\u2028\u2029", "'&<>"];

/** One value per string: the string as a key and as a value, beside numbers and nesting. */
export const scriptValues = strings.map((text, index) => ({
  [text]: text,
  list: [text, index, -(index + 1) / 7, 1e21, null, true, false, { [text]: [] }],
  nested: { empty: {}, none: [], text },
}));

/** The encoder's text for each value. */
export function encodeAll(items) {
  return eachLine(["escape", "--json-values"], items);
}

/** Each text escaped for `context` (js, script-json, html, attr, url), in order. */
export function escapeAll(context, texts) {
  return eachLine(["escape", "--context", context, "--json-lines"], texts);
}

/** The CLI's answer to each item, given and answered one JSON line each. */
function eachLine(args, items) {
  const result = run(args, items.map((item) => JSON.stringify(item)).join("\n") + "\n");
  assert.equal(result.status, 0, result.stderr);
  const lines = result.stdout.split("\n").filter((line) => line.length > 0);
  assert.equal(lines.length, items.length);
  return lines.map((line) => JSON.parse(line));
}

// The snippets' page side, shared by the node:vm and the WebKit tests.
/** A sandbox with fake bridges for every transport; `posts` records what reaches native code. */
export function sandbox() {
  const posts = [];
  const listeners = {};
  let resizeCallback = null;
  const handlers = new Proxy({}, {
    get: (_, name) => ({ postMessage: (...args) => posts.push({ via: "webkit", name: String(name), args: structuredClone(args) }) }),
  });
  const androidInterface = (name) => new Proxy({}, {
    get: (_, method) => (...args) => posts.push({ via: "android", name, method: String(method), args }),
  });
  // androidx.webkit's web-message listener objects, one per handler name, made as the page asks.
  const listenerObjects = {};
  const listener = (name) => (listenerObjects[name] ??= {
    postMessage: (...args) => posts.push({ via: "android-listener", name, args }),
  });
  const knownGlobals = new Set(["webkit", "ReactNativeWebView", "Android", "BranchAndroidBridge", "callbacks"]);
  const base = {
    webkit: { messageHandlers: handlers },
    ReactNativeWebView: { postMessage: (...args) => posts.push({ via: "react-native", args }) },
    Android: androidInterface("Android"),
    BranchAndroidBridge: androidInterface("BranchAndroidBridge"),
    callbacks: androidInterface("callbacks"),
    addEventListener: (type, listener) => (listeners[type] ??= []).push(listener),
    dispatchEvent: (event) => {
      for (const listener of listeners[event.type] ?? []) listener(event);
      return true;
    },
  };
  // A name the page reads that nothing else defines is a listener object, as Android injects them.
  const window = new Proxy(base, {
    get: (target, name) =>
      name in target || typeof name !== "string" || knownGlobals.has(name) || !/^[A-Za-z_$][\w$]*$/.test(name)
        ? target[name]
        : listener(name),
  });
  const document = { body: { scrollHeight: 420 } };
  class ResizeObserver {
    constructor(callback) { resizeCallback = callback; }
    observe() {}
  }
  class CustomEvent {
    constructor(type, init) { this.type = type; this.detail = init?.detail; }
  }
  const context = vm.createContext({ window, document, ResizeObserver, CustomEvent, JSON, String });
  return {
    posts, window, document, context,
    run: (code) => vm.runInContext(code, context, { timeout: 1000 }),
    resize: (height) => { document.body.scrollHeight = height; resizeCallback?.([]); },
  };
}

/** Decodes the records in one batch; returns one parsed result line each. */
export function decodeAll(records) {
  const file = join(mkdtempSync(join(tmpdir(), "bridgecodec-")), "posts.jsonl");
  writeFileSync(file, records.map((r) => JSON.stringify(r)).join("\n") + "\n");
  const result = run(["decode", "--jsonl", file, "--app-scheme", "branchapp"]);
  return result.stdout.trim().split("\n").map((line) => JSON.parse(line));
}

export function script(args) {
  const result = run(["script", ...args]);
  assert.equal(result.status, 0, result.stderr);
  return result.stdout;
}

/** The captured posts as `decode --jsonl` records for `handler`, as the transport delivers them to native code. */
export function recordsFor(posts, transport, handler, options) {
  return posts.map((post) => {
    if (transport === "webkit-string" || transport === "cordova" || transport === "react-native" || transport === "android-listener") {
      return { handler, transport: "string", body: post.args[0] };
    }
    if (transport === "android") {
      if (post.args.length === 0) return { handler, transport: "absent" };
      return { handler, transport: options?.rawStrings ? "argument" : "string", body: post.args[0] };
    }
    return post.args.length === 0 || post.args[0] === undefined ? { handler, transport: "absent" } : { handler, transport: "object", body: post.args[0] };
  });
}
