// The engine fixtures the Swift tests read (Tests/TestData/engine) are what engines give: node
// writes them again identically, and WebKit itself (WebKitGTK under Xvfb) hands the native side the
// same graph for every corpus value, shared objects and cycles included, with the same JSON text.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fixtureFolder, fixtures, graphCases, render } from "../engine-fixtures.mjs";
import { describeGraph } from "../webkit-graph.mjs";
import { graphCorpus } from "../graph-corpus.mjs";
import { runWebKit } from "./support.mjs";

/** JSON text with every object's keys sorted: WebKit's copy of a value keeps its members in hash order. */
const sortedText = (text) => {
  if (text === null) return null;
  const sort = (v) => Array.isArray(v) ? v.map(sort)
    : v && typeof v === "object" ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sort(v[k])])) : v;
  return JSON.stringify(sort(JSON.parse(text)));
};

/** A fixture's cases as checked in. */
const checkedIn = (name) => JSON.parse(readFileSync(join(fixtureFolder, name), "utf8")).cases;

test("node writes the engine fixtures as they are checked in", () => {
  for (const [name, fixture] of Object.entries(fixtures())) {
    assert.deepEqual(JSON.parse(render(fixture)).cases, checkedIn(name), `${name} is stale: node js/engine-fixtures.mjs`);
  }
});

test("the describer keeps shared objects shared and finds cycles", () => {
  const shared = { a: 1 };
  const { graph } = describeGraph([shared, shared]);
  assert.deepEqual(graph.array[1], { ref: 1 });
  const cyclic = { name: "x" };
  cyclic.self = cyclic;
  const described = describeGraph(cyclic);
  assert.deepEqual(described.graph.object[1], ["self", { ref: 0 }]);
  assert.equal(described.text, null);
  assert.equal(describeGraph({ f() {} }).delivered, false);
});

test("WebKitGTK writes every double of the fixture as node does", () => {
  const cases = checkedIn("javascript-numbers.json");
  const [page] = runWebKit([{
    name: "numbers", html: "<!doctype html><title>numbers</title>", baseURI: "https://page.example/", handlers: ["numbers"], posts: 1,
    steps: [`(() => {
      const view = new DataView(new ArrayBuffer(8));
      const texts = ${JSON.stringify(cases.map((c) => c.bits))}.map((bits) => { view.setBigUint64(0, BigInt("0x" + bits)); return String(view.getFloat64(0)); });
      window.webkit.messageHandlers.numbers.postMessage(texts);
    })(); undefined;`],
  }]);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(JSON.parse(page.posts[0].body), cases.map((c) => c.text));
});

test("WebKitGTK delivers every corpus value as node describes it", () => {
  const [page] = runWebKit([{
    name: "graphs", html: "<!doctype html><title>graphs</title>", baseURI: "https://page.example/",
    handlers: ["graph"], describe: describeGraph.toString(), posts: graphCorpus.length,
    steps: graphCorpus.map((entry) => `window.webkit.messageHandlers.graph.postMessage(${entry.value}); undefined;`),
  }]);
  assert.deepEqual(page.errors, []);
  const expected = graphCases();
  assert.equal(page.posts.length, expected.length);
  page.posts.forEach((post, index) => {
    const { delivered, graph, text } = expected[index];
    const body = JSON.parse(post.body);
    assert.deepEqual({ ...body, text: sortedText(body.text) }, { delivered, graph, text: sortedText(text) }, expected[index].name);
  });
});
