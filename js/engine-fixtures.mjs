// What a JavaScript engine itself gives for values the Swift tests must read as a page sends
// them, written to Tests/TestData/engine/ (node scripts/engine-fixtures.mjs, or `--check`):
// - javascript-numbers.json: doubles (as bit patterns) and the text Number::toString gives each;
// - webkit-graphs.json: JavaScript values, each described as the object graph WebKit's documented
//   conversion hands a WKWebView app (webkit-graph.mjs), beside its JSON.stringify text.
// js/test/engine-fixtures.test.mjs regenerates both in node, and the graphs in WebKitGTK too.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";
import { describeGraph } from "./webkit-graph.mjs";
import { graphCorpus } from "./graph-corpus.mjs";

const here = dirname(fileURLToPath(import.meta.url));
export const fixtureFolder = join(here, "..", "Tests", "TestData", "engine");

/** A seeded source of 32-bit words (mulberry32), so the fixture is the same on every run. */
function words(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

const view = new DataView(new ArrayBuffer(8));
const bitsOf = (x) => { view.setFloat64(0, x); return view.getBigUint64(0).toString(16).padStart(16, "0"); };

/** The doubles: where the layout changes (10^-7, 10^-6, 10^21), the extremes, and seeded ones. */
export function numberCases() {
  const values = [
    0, -0, 1, -1, 2, 0.1, 0.5, 1.5, 123.456, -123.456, 1e15, 1e16, 1e17, 1e20, 1e21, 1e22, 1.5e21, 123456789012345680000,
    2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 2 ** 64, 1e-6, 1.5e-6, 1e-7, 1.5e-7, 0.000001234, 0.0000001234,
    5e-324, -5e-324, 2.2250738585072014e-308, 1.7976931348623157e308, -1.7976931348623157e308, 4.35, 0.3, 1 / 3,
    100, 1234567.0, 9007199254740993, 1e300, 1e-300, 299792458, 19.9, 0.1 + 0.2, 1e-5, 12e-7,
  ];
  const next = words(0x5eed);
  for (let i = 0; i < 2000; i++) {
    // Any finite double: random bits, NaN and infinity left out.
    view.setUint32(0, next()); view.setUint32(4, next());
    const x = view.getFloat64(0);
    if (Number.isFinite(x)) values.push(x);
  }
  for (let i = 0; i < 1000; i++) {
    // Numbers as pages hold them: a few digits at a decimal scale, prices and timestamps among them.
    const digits = next() % 10 ** (1 + (next() % 9));
    const scale = 10 ** ((next() % 40) - 20);
    values.push((next() % 2 ? -1 : 1) * digits * scale);
  }
  return values.map((x) => ({ bits: bitsOf(x), text: String(x) }));
}

/** Each corpus value in a fresh node:vm context, described as WebKit hands it over. */
export function graphCases() {
  return graphCorpus.map((entry) => {
    const context = vm.createContext({});
    vm.runInContext(`globalThis.describeGraph = ${describeGraph.toString()};`, context);
    const described = vm.runInContext(`(() => { const value = (${entry.value}); return describeGraph(value); })()`, context);
    return { name: entry.name, handler: entry.handler, value: entry.value, ...JSON.parse(JSON.stringify(described)) };
  });
}

/** The fixtures as written to disk. */
export function fixtures() {
  return {
    "javascript-numbers.json": { engine: `node ${process.version}`, cases: numberCases() },
    "webkit-graphs.json": { engine: `node ${process.version}`, cases: graphCases() },
  };
}

/** The files' JSON, one case a line, so a change reads as a diff. */
export function render(fixture) {
  const { cases, ...rest } = fixture;
  const head = JSON.stringify(rest).slice(0, -1);
  return `${head},"cases":[\n${cases.map((c) => JSON.stringify(c)).join(",\n")}\n]}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = process.argv.includes("--check");
  let stale = [];
  for (const [name, fixture] of Object.entries(fixtures())) {
    const path = join(fixtureFolder, name);
    const text = render(fixture);
    if (check) {
      let current = "";
      try { current = readFileSync(path, "utf8"); } catch {}
      // The engine's version is recorded, not compared.
      const strip = (t) => t.replace(/^\{"engine":"[^"]*",/, "{");
      if (strip(current) !== strip(text)) stale.push(name);
    } else {
      writeFileSync(path, text);
    }
  }
  if (stale.length) { console.error(`stale: ${stale.join(", ")} (node js/engine-fixtures.mjs)`); process.exit(1); }
}
