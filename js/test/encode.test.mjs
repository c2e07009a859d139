// ScriptJSONEncoder's text (bridgecodec escape --json-values) and the page-call scripts, run by a
// real JavaScript engine: every value reads back equal, and nothing in the text ends a script.
import { test } from "node:test";
import assert from "node:assert/strict";
import vm from "node:vm";
import { run, scriptValues as values, strings, encodeAll, inThisRealm } from "./support.mjs";

test("every encoded value evaluates and parses to the value", () => {
  encodeAll(values).forEach((text, index) => {
    assert.deepEqual(inThisRealm(vm.runInNewContext(`(${text})`)), values[index], text);
    assert.deepEqual(JSON.parse(text), values[index], text);
    assert.doesNotMatch(text, /[<>&'\u2028\u2029\u0000-\u001f\u007f-\u009f]/u, text);
  });
});

/** A sandbox window that records events and calls. */
function sandbox() {
  const events = [];
  const calls = [];
  class CustomEvent {
    constructor(type, init) { this.type = type; this.detail = init.detail; }
  }
  const window = { dispatchEvent: (event) => events.push(event) };
  return { window, CustomEvent, events, calls };
}

test("script event: the name and detail reach the client's subscribers and the window as data", () => {
  const secret = "Pq7_test-SECRET-0123456789abcdef";
  const client = run(["script", "bridge", "--transport", "android", "--secret", secret, "--posts", "log"]);
  assert.equal(client.status, 0, client.stderr);
  for (const name of strings.slice(0, 300)) {
    const detail = { name, list: [name, 1.5] };
    const result = run(["script", "event", "--secret", secret, "--event", name, "--detail", JSON.stringify(detail)]);
    assert.equal(result.status, 0, result.stderr);
    const context = sandbox();
    context.window.Android = { postMessage() {} };
    Object.assign(context, { received: [], name, setTimeout, clearTimeout });
    vm.createContext(context);
    vm.runInContext(client.stdout, context);
    // Subscribed first, so the event is delivered as it arrives rather than kept.
    if (name.length > 0) vm.runInContext("window.bridgecodec.on(name, function (detail) { received.push(detail); })", context);
    vm.runInContext(result.stdout, context);
    assert.equal(context.events.length, 1);
    assert.equal(context.events[0].type, name);
    assert.deepEqual(inThisRealm(context.events[0].detail), detail);
    assert.deepEqual(inThisRealm(context.received), name.length > 0 ? [detail] : []);
  }
});

test("script call: the function name and arguments reach the page as data", () => {
  for (const name of strings.slice(0, 300)) {
    const args = [name, { [name]: null }, 7];
    const result = run(["script", "call", "--function", name, "--arguments", JSON.stringify(args)]);
    assert.equal(result.status, 0, result.stderr);
    const context = sandbox();
    context.window[name] = (...received) => context.calls.push(received);
    vm.runInNewContext(result.stdout, context);
    assert.deepEqual(inThisRealm(context.calls), [args]);
  }
});

test("__proto__: JSON.parse keeps it as a member; evaluated as a literal it sets the prototype", () => {
  const [text] = encodeAll([JSON.parse('{"__proto__":{"polluted":true},"a":1}')]);
  assert.deepEqual(Object.keys(JSON.parse(text)), ["__proto__", "a"]);
  const literal = vm.runInNewContext(`(${text})`);
  assert.deepEqual(Object.keys(literal), ["a"]);
  assert.equal(vm.runInNewContext("({}).polluted"), undefined);
});
