// BridgeHost (through BridgeCodecHostDriver) in headless Chromium, for what WebKitGTK cannot
// report: the frame a message came from. The harness plays WebKit's part as WebKitBridge does on
// iOS: the host's handlers on window.webkit.messageHandlers in every frame (a CDP binding under
// them), its scripts at document start (main frame only where it says so), each message with its
// frame's origin and whether it is the main frame, and the answer back to the execution context
// that asked. Pages are served from memory (Fetch.fulfillRequest), so the documents really are at
// https://shop.example, https://other.example and https://acs.bank.example while no request leaves the machine. Site
// isolation stays on: the cross-origin iframe is an out-of-process frame with its own session.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { randomBytes } from "node:crypto";
import { repositoryRoot } from "./support.mjs";

/** The driver: BRIDGECODEC_HOST_DRIVER, or the debug build. */
const driverPath = process.env.BRIDGECODEC_HOST_DRIVER ?? join(repositoryRoot, ".build", "debug", "BridgeCodecHostDriver");
const chromium = ["chromium", "chromium-browser", "google-chrome"].find((name) => spawnSync("which", [name]).status === 0);

/** How long one scenario may take to reach all its outcomes. */
const deadline = 20_000;
/** The app's answer for SKU A1: 12.50, at a fixed instant (1_765_000_000.123 s after 1970). */
const item = { sku: "A1", price: 12.5, at: 1_765_000_000_123 };

/** Whether `value` is the app's item as the page reads it. */
function assertItem(value, who) {
  assert.equal(value?.sku, item.sku, `${who}: ${JSON.stringify(value)}`);
  assert.equal(value.price, item.price, `${who}: ${JSON.stringify(value)}`);
  assert.equal(Date.parse(value.at), item.at, `${who}: the instant is ${JSON.stringify(value.at)}`);
}

// The Chrome DevTools Protocol over --remote-debugging-pipe: JSON messages, each ended by a NUL byte.
class DevTools {
  constructor(child) {
    this.child = child;
    this.nextId = 1;
    this.pending = new Map();
    this.listeners = new Set();
    this.closed = null;
    let buffer = Buffer.alloc(0);
    child.stdio[4].on("data", (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      let end;
      while ((end = buffer.indexOf(0)) >= 0) {
        const text = buffer.subarray(0, end).toString("utf8");
        buffer = buffer.subarray(end + 1);
        this.dispatch(JSON.parse(text));
      }
    });
    child.stdio[3].on("error", () => {});
    child.on("exit", (code, signal) => this.close(new Error(`Chromium exited (${signal ?? code})`)));
  }

  dispatch(message) {
    if (message.id !== undefined) {
      const waiting = this.pending.get(message.id);
      if (!waiting) return;
      this.pending.delete(message.id);
      if (message.error) waiting.reject(new Error(`${waiting.method}: ${message.error.message} ${message.error.data ?? ""}`.trim()));
      else waiting.resolve(message.result);
      return;
    }
    for (const listener of this.listeners) listener(message);
  }

  /** Sends `method` to the browser, or to the target attached as `sessionId`. */
  send(method, params = {}, sessionId = undefined) {
    if (this.closed) return Promise.reject(this.closed);
    const id = this.nextId++;
    const message = sessionId ? { id, method, params, sessionId } : { id, method, params };
    const answer = new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this.child.stdio[3].write(JSON.stringify(message) + "\0");
    });
    return withDeadline(answer, 20_000, `Chromium did not answer ${method}`).finally(() => this.pending.delete(id));
  }

  /** Calls `listener` with each event ({method, params, sessionId}); returns the function that stops it. */
  on(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(error) {
    this.closed ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

// The driver: one JSON line in, one JSON line out, in turn.
class Driver {
  constructor(args) {
    assert.ok(existsSync(driverPath), `no BridgeCodecHostDriver at ${driverPath} (swift build, or set BRIDGECODEC_HOST_DRIVER)`);
    this.child = spawn(driverPath, args, { stdio: ["pipe", "pipe", "pipe"] });
    this.child.stdin.on("error", () => {});
    this.stderr = "";
    this.child.stderr.on("data", (chunk) => (this.stderr += chunk));
    this.lines = [];
    this.waiting = [];
    this.exited = null;
    createInterface({ input: this.child.stdout }).on("line", (line) => {
      const next = this.waiting.shift();
      if (next) next.resolve(JSON.parse(line));
    });
    this.child.on("exit", (code, signal) => {
      this.exited = new Error(`the driver exited (${signal ?? code}): ${this.stderr.slice(-2000)}`);
      for (const next of this.waiting.splice(0)) next.reject(this.exited);
    });
    this.turn = Promise.resolve();
  }

  /** The driver's answer to `command`, after every command asked before it. */
  ask(command) {
    const answer = this.turn.then(() => {
      if (this.exited) throw this.exited;
      if (this.stopped) throw new Error("the driver was stopped");
      return new Promise((resolve, reject) => {
        this.waiting.push({ resolve, reject });
        this.child.stdin.write(JSON.stringify(command) + "\n");
      });
    });
    this.turn = answer.catch(() => {});
    return answer.then((out) => {
      this.lines.push({ command, out });
      return out;
    });
  }

  stop() {
    this.stopped = true;
    if (this.exited) return;
    this.child.stdin.end();
    this.child.kill();
  }
}

let browser;
let devTools;
let profile;
/** The documents Chromium gets, by URL, for the scenario running. */
let served = new Map();

before(async () => {
  assert.ok(chromium, "Chromium is needed for this test: apt-get install chromium");
  profile = mkdtempSync(join(tmpdir(), "bridgecodec-host-chromium-"));
  browser = spawn(chromium, [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", `--user-data-dir=${join(profile, "profile")}`,
    "--remote-debugging-pipe",
    // No request leaves the machine: names resolve to nothing, background services are off;
    // the pages come from Fetch.fulfillRequest before any name is resolved.
    "--host-resolver-rules=MAP * ~NOTFOUND", "--disable-background-networking", "--disable-component-update",
    "--disable-sync", "--disable-default-apps", "--no-first-run", "--no-default-browser-check", "about:blank",
  ], { stdio: ["ignore", "pipe", "pipe", "pipe", "pipe"] });
  let stderr = "";
  browser.stderr.on("data", (chunk) => (stderr = (stderr + chunk).slice(-4000)));
  browser.stdout.resume();
  devTools = new DevTools(browser);
  devTools.on(({ method, params, sessionId }) => {
    if (method !== "Fetch.requestPaused") return;
    const page = served.get(params.request.url.replace(/#.*$/, ""));
    const body = Buffer.from(page ?? "not found", "utf8").toString("base64");
    devTools.send("Fetch.fulfillRequest", {
      requestId: params.requestId, responseCode: page ? 200 : 404,
      responseHeaders: [{ name: "Content-Type", value: "text/html; charset=utf-8" }, { name: "Cache-Control", value: "no-store" }], body,
    }, sessionId).catch(() => {});
  });
  try {
    await withDeadline(devTools.send("Browser.getVersion"), 20_000, "Chromium did not answer over --remote-debugging-pipe");
    // On the browser's own session: every target's requests, the out-of-process iframes' too.
    await devTools.send("Fetch.enable", { patterns: [{ urlPattern: "https://shop.example/*" }, { urlPattern: "https://other.example/*" }, { urlPattern: "https://acs.bank.example/*" }] });
  } catch (error) {
    throw new Error(`${error.message}\n${stderr}`);
  }
});

after(async () => {
  if (browser && browser.exitCode === null && browser.signalCode === null) {
    const exited = new Promise((resolve) => browser.once("exit", resolve));
    devTools?.send("Browser.close").catch(() => {});
    const timer = setTimeout(() => browser.kill("SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  }
  if (profile) rmSync(profile, { recursive: true, force: true });
});

function withDeadline(promise, milliseconds, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} within ${milliseconds} ms`)), milliseconds))),
  ]);
}

/**
 * window.webkit.messageHandlers as WebKit makes it, from `handlers` ({name, replies}), over the
 * binding `__bridgeHost`: postMessage(body) sends {handler, id, body as JSON text} and returns a
 * Promise, settled by `settleName(id, valueText, error)` for a handler that replies and resolved
 * with undefined for one that does not.
 */
function handlersScript(handlers, settleName) {
  return `(function (handlers, settleName) {
"use strict";
var binding = window.__bridgeHost;
if (typeof binding !== "function") return;
var stringify = JSON.stringify, parse = JSON.parse, PromiseType = Promise, ErrorType = Error;
var freeze = Object.freeze, defineProperty = Object.defineProperty;
var pending = Object.create(null);
var nextId = 1;
var messageHandlers = Object.create(null);
handlers.forEach(function (handler) {
  messageHandlers[handler.name] = freeze({ postMessage: function (body) {
    var id = nextId++;
    var text = body === undefined ? null : stringify(body);
    var answer = handler.replies
      ? new PromiseType(function (resolve, reject) { pending[id] = { resolve: resolve, reject: reject }; })
      : PromiseType.resolve(undefined);
    binding(stringify({ handler: handler.name, id: id, body: text === undefined ? null : text }));
    return answer;
  } });
});
defineProperty(window, "webkit", { value: freeze({ messageHandlers: freeze(messageHandlers) }), enumerable: true });
defineProperty(window, settleName, { value: function (id, valueText, error) {
  var request = pending[id];
  if (!request) return false;
  delete pending[id];
  if (typeof error === "string") request.reject(new ErrorType(error));
  else request.resolve(valueText === null ? undefined : parse(valueText));
  return true;
} });
})(${JSON.stringify(handlers)}, ${JSON.stringify(settleName)});`;
}

/** A driver script as WKUserScript injects it: a main-frame-only one runs where window is the top. */
function documentScript(script) {
  return script.mainFrameOnly ? `if (window === window.top) {\n${script.source}\n}` : script.source;
}

/** A page's script: report(what, outcome) tells the harness, through the binding __testReport. */
const reporting = `
function report(what, outcome) { window.__testReport(JSON.stringify(Object.assign({ what: what }, outcome))); }
function outcome(what, promise) {
  Promise.resolve(promise).then(
    function (value) { report(what, { ok: true, value: value === undefined ? "undefined" : value }); },
    function (error) { report(what, { ok: false, error: String(error && error.message !== undefined ? error.message : error) }); });
}
function attempt(what, call) { try { outcome(what, call()); } catch (error) { outcome(what, Promise.reject(error)); } }`;

/** The shop's page: it asks the cart through its client, and holds `frame`. */
const shopPage = (frame) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>shop</title></head><body>
<script>${reporting}
report("client", { ok: true, value: typeof window.bridgecodec });
attempt("request", function () { return window.bridgecodec.request("cart", { sku: "A1" }); });
</script>
<iframe src="${frame}"></iframe>
</body></html>`;

/** An iframe's page: it posts to the cart handler itself, and asks through the client where it has one. */
const framePage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>frame</title></head><body>
<script>${reporting}
report("client", { ok: true, value: typeof window.bridgecodec });
attempt("direct", function () { return window.webkit.messageHandlers.cart.postMessage({ sku: "A1" }); });
if (window.bridgecodec) attempt("request", function () { return window.bridgecodec.request("cart", { sku: "A1" }); });
</script>
</body></html>`;

/** One page load in its own browser context, with the driver as the app: what the frames reported, and what the driver said. */
class Scenario {
  constructor(driverArgs) {
    this.driver = new Driver(driverArgs);
    this.settleName = `__bridgeHostSettle_${randomBytes(8).toString("hex")}`;
    this.sessions = new Map(); // sessionId → { kind: "page" | "iframe", frames: Map(frameId → frame), contexts: Map(id → context) }
    this.pageSession = null;
    this.messages = []; // each message the driver was given, with its frame, its line and whether the answer settled a request
    this.reports = []; // each page's report, with the frame it came from
    this.delivered = []; // each host event run in the main frame, and whether the page's client took it
    this.problems = []; // exceptions in the pages and errors of the harness
    this.scripts = [];
    this.changes = new Set();
    this.queue = Promise.resolve();
    this.closed = false;
  }

  /** Loads https://shop.example/ with `pages` (URL → HTML) served. */
  async load(pages) {
    served = new Map(Object.entries(pages));
    this.stopListening = devTools.on((event) => {
      // This scenario's targets only: its page, and the iframes attached to it.
      if (!this.sessions.has(event.sessionId)) return;
      this.queue = this.queue.then(() => (this.closed ? undefined : this.handle(event)))
        .catch((error) => this.closed || this.problem(`harness, on ${event.method}: ${error.stack}`));
    });
    const setup = await this.driver.ask({ op: "setup" });
    assert.ok(Array.isArray(setup.handlers) && Array.isArray(setup.scripts), `setup: ${JSON.stringify(setup)}`);
    this.handlers = new Map(setup.handlers.map((handler) => [handler.name, handler]));
    this.scripts = setup.scripts;

    ({ browserContextId: this.browserContextId } = await devTools.send("Target.createBrowserContext", { disposeOnDetach: true }));
    const { targetId } = await devTools.send("Target.createTarget", { url: "about:blank", browserContextId: this.browserContextId });
    this.targetId = targetId;
    const { sessionId } = await devTools.send("Target.attachToTarget", { targetId, flatten: true });
    this.pageSession = sessionId;
    await this.prepare(sessionId, "page");
    // The main frame's navigation: the host decides it and gives the scripts with its document's secret.
    const decision = await this.driver.ask({ op: "decide", url: "https://shop.example/", isMainFrame: true });
    assert.equal(decision.decision, "allow", `decide: ${JSON.stringify(decision)}`);
    await this.install(sessionId, decision.scripts);
    await devTools.send("Page.navigate", { url: "https://shop.example/" }, sessionId);
  }

  /** Enables what the harness needs on a target before its document runs: handlers, scripts, frames, contexts. */
  async prepare(sessionId, kind) {
    this.sessions.set(sessionId, { kind, frames: new Map(), contexts: new Map(), scriptIds: [] });
    const send = (method, params) => devTools.send(method, params, sessionId);
    await Promise.all([send("Page.enable"), send("Runtime.enable")]);
    // Out-of-process iframes attach to this session, paused until they are prepared as well.
    await send("Target.setAutoAttach", { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
    await send("Runtime.addBinding", { name: "__bridgeHost" });
    await send("Runtime.addBinding", { name: "__testReport" });
    await send("Page.addScriptToEvaluateOnNewDocument", { source: handlersScript([...this.handlers.values()], this.settleName) });
    await this.install(sessionId, this.scripts);
  }

  /** Replaces the host's scripts on a target with `scripts`, after the handlers' script, as WebKitBridge.installScripts does. */
  async install(sessionId, scripts) {
    const session = this.sessions.get(sessionId);
    this.scripts = scripts;
    for (const identifier of session.scriptIds.splice(0)) {
      await devTools.send("Page.removeScriptToEvaluateOnNewDocument", { identifier }, sessionId);
    }
    for (const script of scripts) {
      const { identifier } = await devTools.send("Page.addScriptToEvaluateOnNewDocument", { source: documentScript(script) }, sessionId);
      session.scriptIds.push(identifier);
    }
  }

  async handle({ method, params, sessionId }) {
    const session = this.sessions.get(sessionId);
    switch (method) {
      case "Target.attachedToTarget": {
        const child = params.sessionId;
        if (params.targetInfo.type === "iframe") {
          await this.prepare(child, "iframe");
        }
        await devTools.send("Runtime.runIfWaitingForDebugger", {}, child);
        break;
      }
      case "Page.frameNavigated":
        session.frames.set(params.frame.id, params.frame);
        // The main frame committed a navigation (WebKit's didCommit).
        if (sessionId === this.pageSession && !params.frame.parentId) await this.driver.ask({ op: "commit" });
        break;
      case "Runtime.executionContextCreated":
        session.contexts.set(params.context.id, params.context);
        break;
      case "Runtime.executionContextDestroyed":
        session.contexts.delete(params.executionContextId);
        break;
      case "Runtime.executionContextsCleared":
        session.contexts.clear();
        break;
      case "Runtime.exceptionThrown":
        this.problem(`page exception: ${params.exceptionDetails.exception?.description ?? params.exceptionDetails.text}`);
        break;
      case "Runtime.bindingCalled":
        await this.called(sessionId, params);
        break;
    }
    this.changed();
  }

  /** The frame a binding call came from: its context, the frame's origin, and whether it is the main frame. */
  async frameOf(sessionId, contextId) {
    const session = this.sessions.get(sessionId);
    const context = session.contexts.get(contextId);
    assert.ok(context, `binding called from an unknown execution context ${contextId}`);
    let frame = session.frames.get(context.auxData?.frameId);
    if (!frame || frame.securityOrigin !== context.origin) {
      // Page.frameNavigated has not come yet for the document that called: the frame tree has it.
      const { frameTree } = await devTools.send("Page.getFrameTree", {}, sessionId);
      const walk = (tree) => [tree.frame, ...(tree.childFrames ?? []).flatMap(walk)];
      for (const known of walk(frameTree)) session.frames.set(known.id, known);
      frame = session.frames.get(context.auxData?.frameId);
    }
    assert.ok(frame, `binding called from a frame the page does not have (${context.auxData?.frameId})`);
    assert.ok(context.auxData.isDefault, "binding called from an isolated world");
    // The context's own origin and its frame's agree: the frame is the document that called.
    assert.equal(frame.securityOrigin, context.origin, "the frame's origin is not its context's");
    const isMainFrame = session.kind === "page" && !frame.parentId;
    return { sessionId, contextId, frameId: frame.id, kind: session.kind, origin: frame.securityOrigin, isMainFrame, url: frame.url };
  }

  async called(sessionId, { name, payload, executionContextId }) {
    const frame = await this.frameOf(sessionId, executionContextId);
    if (name === "__testReport") {
      this.reports.push({ ...JSON.parse(payload), frame });
      return;
    }
    if (name !== "__bridgeHost") return;
    const call = JSON.parse(payload);
    const command = { op: "message", name: call.handler, body: call.body, origin: frame.origin, isMainFrame: frame.isMainFrame };
    const line = await this.driver.ask(command);
    const message = { handler: call.handler, id: call.id, frame, line, settled: null };
    this.messages.push(message);
    // The host's events, run as WebKitBridge runs them (callAsyncJavaScript in the main frame):
    // the function body with its arguments.
    for (const event of line.deliver ?? []) {
      const { global, key, name: eventName, detail } = event.arguments;
      const expression = `(function (global, key, name, detail) {\n${event.functionBody}\n})(` +
        [global, key, eventName, detail].map((value) => JSON.stringify(value)).join(", ") + ")";
      const { result } = await devTools.send("Runtime.evaluate", { expression, returnByValue: true }, this.pageSession);
      this.delivered.push({ name: eventName, taken: result.value === true });
    }
    if (!this.handlers.get(call.handler)?.replies) return;
    // WebKit's reply handler: the answer goes to the execution context that posted, and no other.
    const reply = line.reply ?? { value: null, error: null };
    const expression = `window[${JSON.stringify(this.settleName)}](${call.id}, ${JSON.stringify(reply.value)}, ${JSON.stringify(reply.error)})`;
    const { result, exceptionDetails } = await devTools.send(
      "Runtime.evaluate", { expression, contextId: executionContextId, returnByValue: true }, sessionId);
    assert.ok(!exceptionDetails, `settling failed: ${JSON.stringify(exceptionDetails)}`);
    message.settled = { contextId: executionContextId, found: result.value };
  }

  problem(text) {
    this.problems.push(text);
    this.changed();
  }

  changed() {
    for (const wake of this.changes) wake();
  }

  /** Waits until `done()` holds; fails with what arrived when a page or the harness fails, or at the deadline. */
  async until(done, what) {
    const start = Date.now();
    while (!done()) {
      const left = deadline - (Date.now() - start);
      if (left <= 0 || this.problems.length > 0) {
        throw new Error(`${left <= 0 ? `${what} within ${deadline} ms` : `${what}: it failed`}.\n` +
          `Problems: ${this.problems.join("\n")}\nReports: ${JSON.stringify(this.reports, null, 1)}\n` +
          `Messages: ${JSON.stringify(this.messages, null, 1)}\n` +
          `Driver: ${JSON.stringify(this.driver.lines.map(({ command, out }) => ({ command, out: out.scripts ? "(scripts)" : out })))}`);
      }
      await new Promise((resolve) => {
        const changes = this.changes;
        const wake = () => { clearTimeout(timer); changes.delete(wake); resolve(); };
        const timer = setTimeout(wake, Math.min(left, 250));
        changes.add(wake);
      });
    }
  }

  /** The report `what` of the frame that `where` picks. */
  report(what, where) {
    return this.reports.find((report) => report.what === what && where(report.frame));
  }

  async close() {
    this.closed = true;
    this.stopListening?.();
    await withDeadline(this.queue, 5_000, "the harness did not finish its work").catch(() => {});
    this.driver.stop();
    if (this.browserContextId) await devTools.send("Target.disposeBrowserContext", { browserContextId: this.browserContextId }).catch(() => {});
    served = new Map();
  }
}

const mainFrame = (frame) => frame.isMainFrame;
const iframeAt = (origin) => (frame) => !frame.isMainFrame && frame.origin === origin;

/** The cart message the driver got from the frame `where` picks, through its client or posted directly. */
function cartMessages(scenario, where) {
  return scenario.messages.filter((message) => message.handler === "cart" && where(message.frame));
}

/** Runs `check` on a scenario with the driver given `args`, closing it whatever happens. */
async function withScenario(args, pages, check) {
  const scenario = new Scenario(args);
  try {
    await withDeadline(scenario.load(pages), deadline, "the page did not start loading");
    await check(scenario);
    assert.deepEqual(scenario.problems, [], "the pages or the harness failed");
  } finally {
    await scenario.close();
  }
}

/** The main frame's request, through its client: resolved with the app's item, as the driver answered it. */
function assertMainFrameAnswered(scenario) {
  const request = scenario.report("request", mainFrame);
  assert.equal(request.ok, true, `the main frame's request failed: ${request.error}`);
  assertItem(request.value, "the main frame's request");
  const [message] = cartMessages(scenario, mainFrame);
  assert.equal(message.line.received, "cart.lookup A1");
  assert.deepEqual(request.value, JSON.parse(message.line.reply.value));
  assert.equal(message.settled.found, true);
  assert.equal(request.frame.contextId, message.frame.contextId);
}

test("an iframe's request is refused by default: the app never sees it, and the page is told why", async () => {
  await withScenario([], {
    "https://shop.example/": shopPage("https://shop.example/frame"),
    "https://shop.example/frame": framePage,
  }, async (scenario) => {
    const iframe = iframeAt("https://shop.example");
    await scenario.until(() => scenario.report("request", mainFrame) && scenario.report("direct", iframe), "the frames did not report");
    // The scripts are the main frame's only: the iframe has no client.
    assert.equal(scenario.report("client", mainFrame).value, "object");
    assert.equal(scenario.report("client", iframe).value, "undefined");
    assert.equal(scenario.report("request", iframe), undefined);
    assertMainFrameAnswered(scenario);

    const direct = scenario.report("direct", iframe);
    assert.equal(direct.ok, false, "the iframe's post was answered");
    assert.equal(direct.error, "cart: origin https://shop.example (iframe) is not the main frame");
    const messages = cartMessages(scenario, iframe);
    assert.equal(messages.length, 1);
    const [message] = messages;
    assert.equal(message.line.received, undefined, "the app received the iframe's message");
    assert.deepEqual(message.line.reply, { value: null, error: "cart: origin https://shop.example (iframe) is not the main frame" });
    assert.equal(message.frame.kind, "page", "the same-origin iframe runs in the page's process");
    assert.equal(message.settled.found, true);
    assert.equal(direct.frame.contextId, message.frame.contextId);
  });
});

test("a channel that includes frames answers an iframe's request in that iframe", async () => {
  await withScenario(["--frames"], {
    "https://shop.example/": shopPage("https://shop.example/frame"),
    "https://shop.example/frame": framePage,
  }, async (scenario) => {
    const iframe = iframeAt("https://shop.example");
    await scenario.until(
      () => scenario.report("request", mainFrame) && scenario.report("direct", iframe) && scenario.report("request", iframe),
      "the frames did not report");
    // The scripts go into every frame: the iframe has its own client.
    assert.equal(scenario.report("client", iframe).value, "object");
    assertMainFrameAnswered(scenario);

    const request = scenario.report("request", iframe);
    assert.equal(request.ok, true, `the iframe's request failed: ${request.error}`);
    assertItem(request.value, "the iframe's request");
    const direct = scenario.report("direct", iframe);
    assert.equal(direct.ok, true, `the iframe's post failed: ${direct.error}`);
    assert.deepEqual(direct.value, request.value);

    const messages = cartMessages(scenario, iframe);
    assert.equal(messages.length, 2);
    const main = cartMessages(scenario, mainFrame)[0];
    for (const message of messages) {
      assert.equal(message.line.received, "cart.lookup A1");
      assert.equal(message.frame.isMainFrame, false);
      assert.equal(message.frame.url, "https://shop.example/frame");
      // The answer was settled in the context that posted, the iframe's, not the main frame's,
      // and the iframe's own script is the one that saw it resolve.
      assert.notEqual(message.frame.frameId, main.frame.frameId);
      assert.notEqual(message.settled.contextId, main.frame.contextId);
      assert.equal(message.settled.contextId, message.frame.contextId);
      assert.equal(message.settled.found, true);
      assert.equal(request.frame.contextId, message.frame.contextId);
    }
    assert.deepEqual(request.value, JSON.parse(messages[0].line.reply.value));
  });
});

test("a cross-origin iframe (out of process) is refused even where the channel includes frames", async () => {
  await withScenario(["--frames"], {
    "https://shop.example/": shopPage("https://other.example/frame"),
    "https://other.example/frame": framePage,
  }, async (scenario) => {
    const iframe = iframeAt("https://other.example");
    await scenario.until(
      () => scenario.report("request", mainFrame) && scenario.report("direct", iframe) && scenario.report("request", iframe),
      "the frames did not report");
    assertMainFrameAnswered(scenario);
    assert.equal(scenario.report("client", iframe).value, "object");
    const refusal = "cart: origin https://other.example (iframe) is not allowed";
    for (const what of ["direct", "request"]) {
      const report = scenario.report(what, iframe);
      assert.equal(report.ok, false, `the other origin's ${what} was answered`);
      assert.equal(report.error, refusal);
      assert.equal(report.frame.kind, "iframe", "the cross-origin iframe is not out of process: site isolation is off");
    }
    const messages = cartMessages(scenario, iframe);
    assert.equal(messages.length, 2);
    for (const message of messages) {
      assert.equal(message.line.received, undefined, "the app received the other origin's message");
      assert.deepEqual(message.line.reply, { value: null, error: refusal });
      assert.equal(message.frame.sessionId === scenario.pageSession, false);
      assert.equal(message.settled.found, true);
    }
  });
});

/** A business's checkout page speaking UCP's Embedded Checkout Protocol, holding a card issuer's 3-D Secure frame. */
const checkoutPage = (frame) => `<!DOCTYPE html><html><head><meta charset="utf-8"><title>checkout</title></head><body>
<script>${reporting}
var checkout = {
  ucp: { version: "2026-04-08", payment_handlers: {} }, id: "chk_1", status: "ready_for_complete", currency: "EUR", line_items: [],
  totals: [{ type: "subtotal", amount: 0 }, { type: "total", amount: 0 }], links: [],
  payment: { instruments: [{ id: "pi_1", handler_id: "handler_1", type: "card", selected: true }] },
};
window.EmbeddedCheckoutProtocol = { postMessage: function (message) {
  report("answer " + message.id, { ok: true, value: message });
  if (message.id === "ready-1") send("ec.payment.credential_request", { checkout: checkout }, 2);
  if (message.id === 2) send("ec.fulfillment.address_change_request", { checkout: checkout }, 3);
  if (message.id === 3) send("ec.window.open_request", { url: "javascript:alert(1)" }, 4);
  if (message.id === 4) {
    send("ec.complete", { checkout: Object.assign({}, checkout, { status: "completed", order: { id: "o_1", permalink_url: "https://shop.example/o/1" } }) });
    report("completed", { ok: true, value: true });
  }
} };
function send(method, params, id) {
  var message = { jsonrpc: "2.0", method: method, params: params };
  if (id !== undefined) message.id = id;
  window.EmbeddedCheckoutProtocolConsumer.postMessage(JSON.stringify(message));
}
send("ec.ready", { delegate: ["payment.credential", "fulfillment.address_change", "window.open"] }, "ready-1");
</script>
<iframe src="${frame}"></iframe>
</body></html>`;

/** The card issuer's challenge page: a script there posts to the consumer's handler itself. */
const challengePage = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>3-D Secure</title></head><body>
<script>${reporting}
report("consumer", { ok: true, value: typeof window.EmbeddedCheckoutProtocolConsumer });
var forged = { jsonrpc: "2.0", id: 9, method: "ec.payment.credential_request", params: { checkout: {} } };
attempt("forged", function () { return window.webkit.messageHandlers.EmbeddedCheckoutProtocolConsumer.postMessage(JSON.stringify(forged)); });
</script>
</body></html>`;

test("UCP's Embedded Checkout Protocol in Chromium: the handshake, a credential, a cancel, window.open refused, completion, a 3-D Secure frame's post refused", async () => {
  await withScenario(["--ecp"], {
    "https://shop.example/": checkoutPage("https://acs.bank.example/challenge"),
    "https://acs.bank.example/challenge": challengePage,
  }, async (scenario) => {
    const iframe = iframeAt("https://acs.bank.example");
    await scenario.until(
      () => scenario.report("completed", mainFrame) && scenario.report("forged", iframe) &&
        scenario.messages.some((message) => message.line.received === "checkout ec.complete: accepted"),
      "the checkout and the challenge did not report");
    const ready = scenario.report("answer ready-1", mainFrame).value;
    assert.deepEqual(ready, { jsonrpc: "2.0", id: "ready-1", result: { ucp: { version: "2026-04-08", status: "success" } } });
    const credential = scenario.report("answer 2", mainFrame).value;
    assert.deepEqual(credential.result.checkout.payment.instruments[0].credential, { type: "token", token: "tok_123" });
    assert.equal(scenario.report("answer 3", mainFrame).value.result.messages[0].code, "abort_error");
    assert.equal(scenario.report("answer 4", mainFrame).value.result.messages[0].code, "window_open_rejected_error");
    assert.deepEqual(scenario.delivered, Array(4).fill({ name: "EmbeddedCheckoutProtocol", taken: true }));

    // The consumer global is the main frame's only; the frame's own post reaches the host, which refuses it.
    assert.equal(scenario.report("consumer", iframe).value, "undefined");
    const forged = scenario.messages.filter((message) => message.handler === "EmbeddedCheckoutProtocolConsumer" && iframe(message.frame));
    assert.equal(forged.length, 1);
    assert.equal(forged[0].line.received, undefined, "the app received the frame's message");
    assert.equal(forged[0].line.reply.error, "EmbeddedCheckoutProtocolConsumer: origin https://acs.bank.example (iframe) is not the main frame");
    assert.deepEqual(scenario.messages.filter((message) => mainFrame(message.frame) && message.handler === "EmbeddedCheckoutProtocolConsumer")
      .map((message) => message.line.received), [
      "checkout ec.ready: accepted", "checkout ec.payment.credential_request: accepted",
      "checkout ec.fulfillment.address_change_request: accepted", "checkout ec.window.open_request: url_refused",
      "checkout ec.complete: accepted",
    ]);
  });
});
